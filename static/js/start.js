/* Start a game (and a blank sheet for tonight, and a game by its final scores): the North seat and North's start points show
 * only when the chosen rules seat four; each rules choice says its seats (data-seats). Without
 * this script the page shows the seats of the rules it was drawn with, and the form refuses a
 * North seat under three-player rules. */
(function () {
  "use strict";

  function update(select) {
    var option = select.options[select.selectedIndex];
    var three = option && option.dataset.seats === "3";
    var form = select.form;
    form.querySelectorAll("[data-fourth-seat]").forEach(function (el) {
      el.hidden = three;
      el.querySelectorAll("input").forEach(function (input) {
        input.disabled = three;
        if (input.name === "seat_3" || input.name === "score_3") input.required = !three;
      });
    });
    var north = form.querySelector("select[name=start_dealer] option[value='3']");
    if (north) {
      north.hidden = three;
      north.disabled = three;
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var select = document.querySelector("select#id_rules");
    if (!select || !select.form) return;
    select.addEventListener("change", function () { update(select); });
    update(select);
  });
})();
