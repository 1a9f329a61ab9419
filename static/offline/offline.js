/* The "needs a connection" page (templates/scoring/offline.html): the games this phone keeps
 * for the user the server last named, read from the service worker's cache of that user's
 * pages (templates/scoring/sw.js), so that the installed app opened offline on its start page
 * still reaches a kept game and its entry screen. The page itself names nobody: the list is
 * made here, on the phone, from that one user's cache. */
(function () {
  "use strict";

  var script = document.currentScript;
  var PAGES = script.dataset.pages;
  var META = script.dataset.meta;
  var USER_KEY = script.dataset.userKey;
  var KEPT = /^\/games\/(\d+)\/(hands\/new\/)?$/;

  function currentUser() {
    return caches.has(META).then(function (has) {
      if (!has) return "";
      return caches.open(META).then(function (meta) { return meta.match(USER_KEY); })
        .then(function (hit) { return hit ? hit.text() : ""; });
    });
  }

  // What the kept page says about its game (templates/scoring/kept_game.html).
  function describe(response) {
    return response.text().then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var data = doc.querySelector("[data-kept-game]");
      return data ? data.dataset : null;
    });
  }

  function line(game) {
    var d = game.about || {};
    var li = document.createElement("li");
    var title = document.createElement("a");
    title.href = game.page || game.entry;
    title.textContent = d.title || game.page || game.entry;
    li.appendChild(title);
    var details = [d.club, d.table ? list.dataset.table.replace("{table}", d.table) : "", d.playedOn]
      .filter(Boolean).join(" · ");
    if (details) li.appendChild(document.createTextNode(" · " + details));
    if (d.players) {
      var who = document.createElement("div");
      who.className = "meta";
      who.textContent = d.players;
      li.appendChild(who);
    }
    if (game.entry && game.page) {
      var entry = document.createElement("a");
      entry.href = game.entry;
      entry.className = "button";
      entry.textContent = list.dataset.enter;
      li.appendChild(entry);
    }
    return li;
  }

  var list = document.querySelector("[data-kept-games]");
  if (!list || !window.caches) return;
  currentUser().then(function (user) {
    if (!/^\d+$/.test(user)) return null;
    return caches.has(PAGES + user).then(function (has) {
      if (!has) return null;
      return caches.open(PAGES + user).then(function (cache) {
        return cache.keys().then(function (requests) {
          var games = {};
          var order = [];
          requests.forEach(function (r) {
            var path = new URL(r.url).pathname;
            var m = KEPT.exec(path);
            if (!m) return;
            if (!games[m[1]]) { games[m[1]] = { id: m[1] }; order.push(m[1]); }
            games[m[1]][m[2] ? "entry" : "page"] = path;
          });
          return Promise.all(order.map(function (id) {
            return cache.match(games[id].page || games[id].entry).then(describe)
              .then(function (about) { games[id].about = about; return games[id]; });
          }));
        });
      });
    });
  }).then(function (games) {
    if (!games || !games.length) return;
    games.sort(function (a, b) { return b.id - a.id; });  // the newest game first
    var ul = list.querySelector("ul");
    games.forEach(function (g) { ul.appendChild(line(g)); });
    list.hidden = false;
  }).catch(function () {});
})();
