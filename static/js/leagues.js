// Live board: reload the board's fragment every few seconds (no inline script; CSP self-only).
(function () {
  "use strict";
  var board = document.getElementById("live-board");
  if (!board) return;
  var url = board.dataset.refreshUrl;
  var seconds = parseInt(board.dataset.refreshSeconds, 10) || 15;
  var busy = false;

  function refresh() {
    if (busy || document.hidden) return;
    busy = true;
    fetch(url, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      })
      .then(function (html) {
        board.innerHTML = html;
        board.classList.remove("stale");
      })
      .catch(function () {
        // Keep the last board on screen and say it may be out of date.
        board.classList.add("stale");
      })
      .finally(function () {
        busy = false;
      });
  }

  setInterval(refresh, seconds * 1000);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) refresh();
  });
})();
