/* Start a game (and a blank sheet for tonight, and a game by its final scores): the North seat
 * and North's points show only when the chosen rules seat four or five, the fifth seat and its
 * points only when they seat five; each rules choice says its seats (data-seats). Without this
 * script the page shows the seats of the rules it was drawn with, and the form refuses a seat
 * the rules do not have. */
(function () {
  "use strict";

  function show(form, selector, name, shown) {
    form.querySelectorAll(selector).forEach(function (el) {
      el.hidden = !shown;
      el.querySelectorAll("input").forEach(function (input) {
        input.disabled = !shown;
        // A seat's name, and on the final-scores form its points, are needed where it is shown.
        if (input.name === name || input.name === name.replace("seat_", "score_")) {
          input.required = shown;
        }
      });
    });
  }

  function update(select) {
    var option = select.options[select.selectedIndex];
    var seats = Number((option && option.dataset.seats) || "4");
    var form = select.form;
    show(form, "[data-fourth-seat]", "seat_3", seats >= 4);
    show(form, "[data-fifth-seat]", "seat_4", seats === 5);
    [["3", seats >= 4], ["4", seats === 5]].forEach(function (pair) {
      var dealer = form.querySelector("select[name=start_dealer] option[value='" + pair[0] + "']");
      if (dealer) {
        dealer.hidden = !pair[1];
        dealer.disabled = !pair[1];
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var select = document.querySelector("select#id_rules");
    if (!select || !select.form) return;
    select.addEventListener("change", function () { update(select); });
    update(select);
  });
})();
