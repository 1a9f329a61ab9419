// Live board: reload the board's fragment every few seconds (no inline script; CSP self-only).
(function () {
  "use strict";
  var board = document.getElementById("live-board");
  if (!board) return;
  var url = board.dataset.refreshUrl;
  var seconds = parseInt(board.dataset.refreshSeconds, 10) || 15;
  var busy = false;

  // The board unchanged since the last look comes from the browser's copy (a 304): its
  // "Updated" time is then the phone's clock at this look, in the board's own format.
  function stamp() {
    var line = board.querySelector(".updated");
    if (!line) return;
    var now = new Date();
    var time = [now.getHours(), now.getMinutes(), now.getSeconds()]
      .map(function (n) {
        return String(n).padStart(2, "0");
      })
      .join(":");
    line.textContent = line.textContent.replace(/\d{2}:\d{2}:\d{2}/, time);
  }

  function refresh() {
    if (busy || document.hidden) return;
    busy = true;
    // "no-cache": the browser asks with the board's ETag and keeps its copy on a 304.
    fetch(url, {
      credentials: "same-origin",
      cache: "no-cache",
      headers: { "X-Requested-With": "fetch" },
    })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      })
      .then(function (html) {
        board.innerHTML = html;
        board.classList.remove("stale");
        stamp();
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
