/* The entry form's tile picker (templates/scoring/tile_picker.html): progressive enhancement.
 * Tapping a tile key adds it to the hand (the last one is the winning tile), to the called set
 * being built (chi and pon take three, kan four; a set's tiles are part of the hand too) or to
 * the dora indicators. The text fields hold the game record's notation; the engine reads them
 * and the preview (scoring.js) shows the yaku, han and fu. */
(function () {
  "use strict";

  var SUITS = "mpsz";
  var SIZE = { chi: 3, pon: 3, kan: 4, ankan: 4 };

  function notation(tiles) {
    // "5m","0m","3p" -> "05m3p": grouped by suit, in order (a red five sorts as a five)
    var out = "";
    SUITS.split("").forEach(function (suit) {
      var digits = tiles
        .filter(function (t) { return t.charAt(1) === suit; })
        .map(function (t) { return t.charAt(0); })
        .sort(function (a, b) { return (a === "0" ? 5 : +a) - (b === "0" ? 5 : +b); });
      if (digits.length) out += digits.join("") + suit;
    });
    return out;
  }

  function picker(form, el) {
    var field = function (name) { return el.querySelector("[data-tile-field='" + name + "']"); };
    var state = { hand: [], melds: [], dora: [], open: null, win: "", log: [] };

    function render() {
      var all = state.hand.slice();
      state.melds.forEach(function (m) { all = all.concat(m.tiles); });
      if (state.open) all = all.concat(state.open.tiles);
      field("tiles").value = notation(all);
      field("win").value = state.win;
      field("melds").value = state.melds
        .map(function (m) { return m.kind + " " + notation(m.tiles); })
        .join(", ");
      if (field("dora")) field("dora").value = state.dora.join(" ");
      el.querySelector("[data-tile-count]").textContent = String(all.length);
      field("tiles").dispatchEvent(new Event("change", { bubbles: true }));
    }

    function mode() {
      return (el.querySelector("[data-tile-mode]:checked") || {}).value || "hand";
    }

    function backToHand() {
      var hand = el.querySelector("[data-tile-mode][value=hand]");
      if (hand) hand.checked = true;
    }

    el.addEventListener("click", function (event) {
      var key = event.target.closest("[data-tile]");
      if (key) {
        var t = key.dataset.tile, m = mode();
        if (m === "hand") {
          state.hand.push(t);
          state.win = t;
        } else if (m === "dora") {
          state.dora.push(t);
        } else {
          if (!state.open || state.open.kind !== m) state.open = { kind: m, tiles: [] };
          state.open.tiles.push(t);
          if (state.open.tiles.length === SIZE[m]) {
            state.melds.push(state.open);
            state.open = null;
            backToHand();
          }
        }
        state.log.push(m);
        render();
        return;
      }
      if (event.target.closest("[data-tile-clear]")) {
        state = { hand: [], melds: [], dora: [], open: null, win: "", log: [] };
        render();
      } else if (event.target.closest("[data-tile-undo]")) {
        var last = state.log.pop();
        if (last === "hand") {
          state.hand.pop();
          state.win = state.hand.length ? state.hand[state.hand.length - 1] : "";
        } else if (last === "dora") {
          state.dora.pop();
        } else if (last) {
          if (!state.open) state.open = state.melds.pop() || null;
          if (state.open) {
            state.open.tiles.pop();
            if (!state.open.tiles.length) state.open = null;
          }
        }
        render();
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-hand-form] [data-tile-picker]").forEach(function (el) {
      picker(el.closest("form"), el);
    });
  });
})();
