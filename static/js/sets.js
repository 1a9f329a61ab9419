/* The entry form's Italian set builder (templates/scoring/sets_builder.html): progressive
 * enhancement. The controls are written into the hidden parts field as the game record's
 * "parts"; the engine counts the basic points and doubles and the preview shows them. A hand
 * reopened for a correction is read back from that field. */
(function () {
  "use strict";

  function builder(form, el) {
    var field = el.querySelector("[data-parts-field]");
    var rows = el.querySelector("[data-set-rows]");
    var template = el.querySelector("[data-set-template]");
    var seat = el.dataset.seat;

    function addRow(set) {
      if (rows.children.length >= 4) return null;
      var row = template.content.firstElementChild.cloneNode(true);
      row.querySelector("[data-set=set]").value = set.set || "pung";
      row.querySelector("[data-set=tiles]").value = set.tiles || "simples";
      row.querySelector("[data-set=concealed]").value = set.concealed ? "1" : "";
      row.querySelector("[data-set=honour]").value = set.honour || "";
      rows.appendChild(row);
      return row;
    }

    function write() {
      var parts = {};
      var sets = Array.prototype.map.call(rows.querySelectorAll("[data-set-row]"), function (r) {
        var s = {
          set: r.querySelector("[data-set=set]").value,
          tiles: r.querySelector("[data-set=tiles]").value,
        };
        if (r.querySelector("[data-set=concealed]").value) s.concealed = true;
        var honour = r.querySelector("[data-set=honour]").value;
        if (honour && s.tiles === "honours") s.honour = honour;
        return s;
      });
      if (sets.length) parts.sets = sets;
      el.querySelectorAll("[data-part]").forEach(function (c) {
        var name = c.dataset.part;
        if (c.closest("[hidden]")) return;
        if (c.type === "checkbox") {
          if (c.checked) parts[name] = true;
        } else if (c.type === "number") {
          var n = parseInt(c.value, 10) || 0;
          if (n) parts[name] = n;
        } else if (c.value) {
          parts[name] = c.value;
        }
      });
      var patterns = [];
      el.querySelectorAll("[data-pattern]:checked").forEach(function (c) {
        if (!c.closest("[hidden]")) patterns.push(c.dataset.pattern);
      });
      if (patterns.length) parts.patterns = patterns;
      var used = Object.keys(parts).length > 0;
      field.value = used ? JSON.stringify(parts) : "";
      // the builder replaces this seat's points and doubles
      if (used) {
        ["points_", "doubles_"].forEach(function (p) {
          var input = form.querySelector("input[name='" + p + seat + "']");
          if (input) input.value = "";
        });
      }
    }

    function read() {
      var parts;
      try { parts = field.value ? JSON.parse(field.value) : {}; } catch (e) { parts = {}; }
      (parts.sets || []).forEach(addRow);
      el.querySelectorAll("[data-part]").forEach(function (c) {
        var v = parts[c.dataset.part];
        if (c.type === "checkbox") c.checked = !!v;
        else if (v !== undefined) c.value = String(v);
      });
      el.querySelectorAll("[data-pattern]").forEach(function (c) {
        c.checked = (parts.patterns || []).indexOf(c.dataset.pattern) >= 0;
      });
    }

    function winnerOnly() {
      var winners = Array.prototype.map.call(
        form.querySelectorAll("input[name=winners]:checked"),
        function (i) { return i.value; }
      );
      var winner = winners.indexOf(seat) >= 0;
      el.querySelectorAll("[data-winner-only]").forEach(function (w) { w.hidden = !winner; });
    }

    el.addEventListener("click", function (event) {
      var add = event.target.closest("[data-add-set]");
      var remove = event.target.closest("[data-remove-set]");
      if (add) {
        addRow({ set: add.dataset.addSet });
      } else if (remove) {
        remove.closest("[data-set-row]").remove();
      } else {
        return;
      }
      write();
      field.dispatchEvent(new Event("change", { bubbles: true }));
    });
    form.addEventListener("change", function (event) {
      if (event.target === field) return;
      winnerOnly();
      if (el.contains(event.target)) write();
    }, true);  // before scoring.js reads the form for its preview
    form.addEventListener("input", function (event) {
      if (el.contains(event.target) && event.target.type === "number") write();
    }, true);
    read();
    winnerOnly();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-hand-form] [data-sets-builder]").forEach(function (el) {
      builder(el.closest("form"), el);
    });
  });
})();
