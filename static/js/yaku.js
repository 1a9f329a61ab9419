/* The entry form's yaku picker (templates/scoring/yaku_picker.html): progressive enhancement.
 * - riichi and the self-draw of a concealed hand are ticked for the scorer from the riichi chips
 *   and the result (the engine insists on both); riichi or double riichi picked among the yaku
 *   ticks the winner's Riichi chip (and unpicking both unticks it): one declaration, as the
 *   server reads it (entry/fields.py);
 * - concealed-only yaku are disabled in an open hand;
 * - ticking a yaku clears the han chips of that seat (han stay one tap away, and tapping one
 *   clears the yaku), and the dora stepper counts up and down.
 * The engine counts the han and fu; the preview (scoring.js) shows them. */
(function () {
  "use strict";

  function fire(input) {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function setYaku(picker, id, on) {
    var box = picker.querySelector("input[data-yaku='" + id + "']");
    if (box && !box.disabled && box.checked !== on) box.checked = on;
  }

  function sync(form, picker) {
    var seat = picker.dataset.seat;
    var open = picker.querySelector("[data-yaku-open]").checked;
    picker.querySelectorAll("[data-concealed-only='1'] input").forEach(function (box) {
      box.disabled = open;
      if (open) box.checked = false;
    });
    var any = picker.querySelector("input[data-yaku]:checked");
    if (!any) return;
    var result = (form.querySelector("input[name=result]:checked") || {}).value;
    var riichi = form.querySelector("input[name=riichi][value='" + seat + "']");
    var dbl = picker.querySelector("input[data-yaku=double_riichi]");
    setYaku(picker, "riichi", !!(riichi && riichi.checked) && !(dbl && dbl.checked));
    setYaku(picker, "menzen_tsumo", result === "tsumo" && !open);
  }

  function picker(form, el) {
    var seat = el.dataset.seat;
    el.addEventListener("click", function (event) {
      var step = event.target.closest("[data-dora-step]");
      if (!step) return;
      var input = el.querySelector("[data-yaku-dora]");
      var n = Math.max(0, (parseInt(input.value, 10) || 0) + parseInt(step.dataset.doraStep, 10));
      input.value = String(n);
      fire(input);
    });
    form.addEventListener("change", function (event) {
      var t = event.target;
      if (t.name === "yaku_" + seat && (t.value === "riichi" || t.value === "double_riichi")) {
        var chip = form.querySelector("input[name=riichi][value='" + seat + "']");
        var dbl = el.querySelector("input[data-yaku=double_riichi]");
        if (chip) chip.checked = t.checked || !!(dbl && dbl.checked && t !== dbl);
      }
      if (t.name === "yaku_" + seat && t.checked) {
        // yaku replace the han chips of this seat
        form.querySelectorAll("input[name='value_" + seat + "']").forEach(function (v) {
          v.checked = false;
        });
      } else if (t.name === "value_" + seat && t.checked) {
        el.querySelectorAll("input[data-yaku]").forEach(function (box) { box.checked = false; });
      }
      sync(form, el);
    }, true);  // before scoring.js reads the form for its preview
    sync(form, el);
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-hand-form]").forEach(function (form) {
      form.querySelectorAll("[data-yaku-picker]").forEach(function (el) { picker(form, el); });
    });
  });
})();
