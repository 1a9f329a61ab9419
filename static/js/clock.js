// The round's clock on a game's page and its entry screen: counts the seconds the server
// gave down from the page's load (the phone's own clock may be wrong; its pace is not), and
// says that the next hand ends the game once the time is up (scoring applies it on saving).
(function () {
  "use strict";

  function clockText(seconds) {
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var secs = seconds % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return hours ? hours + ":" + two(minutes) + ":" + two(secs) : minutes + ":" + two(secs);
  }

  function start(el) {
    var left = parseInt(el.getAttribute("data-seconds-left"), 10);
    if (isNaN(left)) return;
    var endsAt = Date.now() + left * 1000;
    function tick() {
      var seconds = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      if (seconds > 0) {
        el.textContent = el.getAttribute("data-left").replace("{clock}", clockText(seconds));
      } else {
        el.textContent = el.getAttribute("data-time-up");
        el.classList.add("time-up");
        return;
      }
      window.setTimeout(tick, 1000 - ((endsAt - Date.now()) % 1000 + 1000) % 1000 || 1000);
    }
    tick();
  }

  function init() {
    document.querySelectorAll("[data-round-clock]").forEach(function (el) {
      if (!el.hasAttribute("data-clock-started")) {
        el.setAttribute("data-clock-started", "");
        start(el);
      }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
  document.addEventListener("htmx:afterSwap", init);
})();
