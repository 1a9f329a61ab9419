/* Scoring screens: progressive enhancement of plain forms (every form works without this).
 * - the game page's body is refreshed by htmx (hx-get every 4 s, swapped when the game
 *   changed); without htmx this script polls a tiny version endpoint and reloads instead;
 * - the entry screen polls the same endpoint and shows a banner when another device saved;
 * - the entry form shows only the sections the chosen result needs and fetches the preview;
 * - forms with data-confirm ask before they post. */
(function () {
  "use strict";

  function csrfToken(form) {
    var input = form.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  // --- Polling -------------------------------------------------------------------------------
  function poll(el) {
    var url = el.dataset.pollUrl;
    var timer = window.setInterval(function () {
      if (document.hidden) return;
      // Read each time: the outbox moves it on after sending this phone's own hands.
      var version = el.dataset.version;
      fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (!data || String(data.version) === version) return;
          if (el.dataset.pollAction === "reload") {
            window.location.reload();
          } else {
            var banner = document.querySelector("[data-stale-banner]");
            if (banner) banner.hidden = false;
            window.clearInterval(timer);
          }
        })
        .catch(function () {});
    }, 4000);
  }

  // --- Hand entry ----------------------------------------------------------------------------
  function checked(form, name) {
    return Array.prototype.map.call(
      form.querySelectorAll("input[name='" + name + "']:checked"),
      function (i) { return i.value; }
    );
  }

  function update(form) {
    var result = checked(form, "result")[0] || "";
    form.dataset.result = result;
    form.querySelectorAll("[data-for]").forEach(function (el) {
      el.hidden = el.dataset.for.split(" ").indexOf(result) < 0;
    });
    var winners = checked(form, "winners");
    form.querySelectorAll(".seat-value").forEach(function (el) {
      var all = el.hasAttribute("data-all-seats");
      el.hidden = !(all ? winners.length : winners.indexOf(el.dataset.seat) >= 0);
      var value = checked(form, "value_" + el.dataset.seat)[0] || "";
      var limit = value && !/^[0-9]+$/.test(value);
      var fuRow = el.querySelector(".fu-row");
      if (fuRow) fuRow.hidden = limit;
      // Liability applies to a yakuman only.
      var pao = el.querySelector(".pao");
      if (pao) pao.hidden = value.charAt(0) !== "y";
      el.querySelectorAll("input[name^='fu_']").forEach(function (fu) {
        // 20 fu (pinfu self-drawn) and 25 fu (seven pairs) come with 2 han or more.
        var low = fu.value === "20" || fu.value === "25";
        fu.disabled = low && value === "1";
        if (fu.disabled) fu.checked = false;
      });
    });
    // The winner cannot be the discarder.
    form.querySelectorAll("input[name=discarder]").forEach(function (d) {
      d.disabled = result === "ron" && winners.indexOf(d.value) >= 0;
      if (d.disabled) d.checked = false;
    });
    updateMore(form, winners);
    riichiNotReady(form, result);
  }

  // At an exhaustive draw, a riichi declarer not ticked ready gets the hint the page carries.
  function riichiNotReady(form, result) {
    var hint = form.querySelector("[data-riichi-not-ready]");
    if (!hint) return;
    var ready = checked(form, "tenpai");
    var names = [];
    form.querySelectorAll("input[name=riichi]:checked").forEach(function (r) {
      if (ready.indexOf(r.value) >= 0) return;
      var label = r.parentNode.querySelector("span");
      names.push(label && label.firstChild ? label.firstChild.textContent : r.value);
    });
    hint.querySelector("[data-riichi-names]").textContent = names.join(", ");
    hint.hidden = result !== "draw" || !names.length;
  }

  // The "More" section: each winner's dora and fixed score, and the penalty rows.
  function updateMore(form, winners) {
    form.querySelectorAll(".more-seat").forEach(function (el) {
      var all = el.hasAttribute("data-all-seats");
      el.hidden = !(all ? winners.length : winners.indexOf(el.dataset.seat) >= 0);
      var value = checked(form, "value_" + el.dataset.seat)[0] || "";
      // Dora belong to a win counted in han, not to a yakuman.
      var dora = el.querySelector("[data-dora]");
      if (dora) dora.closest("label").hidden = value.charAt(0) === "y";
    });
    var rows = form.querySelectorAll("[data-penalty-row]");
    var showNext = true;
    rows.forEach(function (row) {
      var kind = row.querySelector("[data-penalty-kind]").value;
      var used = Array.prototype.some.call(row.querySelectorAll("select, input"), function (i) {
        return i.value !== "";
      });
      // One empty row at a time: the next appears once the one before is used.
      row.hidden = !used && !showNext;
      if (!used) showNext = false;
      var amount = row.querySelector("[data-penalty-points]");
      amount.hidden = kind !== "points";
      // A penalty the rules price sends no amount and no payee.
      amount.querySelectorAll("input, select").forEach(function (i) {
        i.disabled = amount.hidden;
      });
    });
  }

  // In the page's language: base.html carries the scripts' words (scoring/offline/worker.py).
  function offlineText() {
    var words = document.getElementById("tenbou-text");
    return words ? JSON.parse(words.textContent).preview_offline : "";
  }

  var previewTimer = null;
  var previewSeq = 0;

  function preview(form) {
    var box = form.querySelector("#preview");
    if (!box || !form.dataset.previewUrl) return;
    window.clearTimeout(previewTimer);
    if (!form.querySelector("input[name=result]:checked")) {
      // An empty form (a fresh screen, or cleared after a save): nothing to check yet, so no
      // "This field is required." over it; what the screen showed when it loaded.
      previewSeq++;
      if (box.dataset.initial !== undefined) box.innerHTML = box.dataset.initial;
      return;
    }
    previewTimer = window.setTimeout(function () {
      var seq = ++previewSeq;
      var body = new FormData(form);
      fetch(form.dataset.previewUrl, {
        method: "POST",
        body: body,
        credentials: "same-origin",
        headers: { "X-CSRFToken": csrfToken(form) },
      })
        .then(function (r) { return r.text(); })
        .then(function (html) {
          if (seq === previewSeq) box.innerHTML = html;
        })
        .catch(function () {
          // Offline: the engine on the phone (engine.js) computes it, the server's own rules;
          // without it (its files never reached this phone) the server computes the payments
          // when the hand is sent.
          if (seq !== previewSeq) return;
          var phone = window.TenbouEngine;
          if (!phone) {
            box.textContent = offlineText();
            return;
          }
          box.textContent = phone.starting;
          phone.preview(form).then(function (answer) {
            if (seq !== previewSeq) return;
            if (answer.unknown) box.textContent = offlineText();
            else phone.draw(box, answer);
          }, function () {
            if (seq === previewSeq) box.textContent = offlineText();
          });
        });
    }, 120);
  }

  function handForm(form) {
    var box = form.querySelector("#preview");
    if (box) box.dataset.initial = box.innerHTML;
    form.querySelectorAll("[data-nojs-only]").forEach(function (el) { el.hidden = true; });
    form.addEventListener("change", function (event) {
      var t = event.target;
      // A tsumo has one winner: the winner chips behave as radio buttons.
      if (t.name === "winners" && t.checked && checked(form, "result")[0] === "tsumo") {
        form.querySelectorAll("input[name=winners]").forEach(function (w) {
          if (w !== t) w.checked = false;
        });
      }
      if (t.name === "result" && t.value === "tsumo") {
        var ws = form.querySelectorAll("input[name=winners]:checked");
        for (var i = 1; i < ws.length; i++) ws[i].checked = false;
      }
      update(form);
      preview(form);
    });
    form.addEventListener("input", function (event) {
      if (event.target.type === "number") preview(form);
    });
    form.addEventListener("submit", function (event) {
      // The outbox (outbox.js) took the save over: it sends the hand itself.
      if (event.defaultPrevented) return;
      var save = form.querySelector("[data-save]");
      if (event.submitter && event.submitter.name === "preview") return;
      if (save) {
        // A double tap sends one submission (the key would also make a repeat harmless).
        window.setTimeout(function () { save.disabled = true; }, 0);
      }
    });
    // Back online: the preview again, in place of "No connection".
    window.addEventListener("online", function () { preview(form); });
    update(form);
    if (checked(form, "result").length) preview(form);
  }

  // On the document, so that forms htmx swaps in later ask too.
  function confirmForms() {
    document.addEventListener("submit", function (event) {
      var form = event.target;
      if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
        event.preventDefault();
      }
    });
  }

  // htmx polls the game page's body; a hidden tab skips its turn, as the fallback poll does.
  function quietWhenHidden() {
    document.addEventListener("htmx:beforeRequest", function (event) {
      if (document.hidden && event.target.hasAttribute("data-live")) event.preventDefault();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-poll-url]").forEach(function (el) {
      // With htmx the game page refreshes its body in place (see game_body.html).
      if (el.dataset.pollAction === "reload" && window.htmx) return;
      poll(el);
    });
    document.querySelectorAll("form[data-hand-form]").forEach(handForm);
    confirmForms();
    quietWhenHidden();
  });
})();
