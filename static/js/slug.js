// Create a club: the short name follows the name (lower case, hyphens) until someone edits it.
(function () {
  "use strict";
  function slugify(text) {
    return text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9\s-]/g, "")
      .trim()
      .replace(/[\s-]+/g, "-")
      .slice(0, 50)
      .replace(/-+$/, "");
  }
  document.querySelectorAll("[data-slug-source]").forEach(function (source) {
    var target = document.getElementById(source.dataset.slugSource);
    if (!target) return;
    var edited = target.value !== "" && target.value !== slugify(source.value);
    // A name typed before this deferred script ran (a fast typist, autofill) still fills it.
    if (!edited && source.value) target.value = slugify(source.value);
    target.addEventListener("input", function () {
      edited = target.value !== "";
    });
    source.addEventListener("input", function () {
      if (!edited) target.value = slugify(source.value);
    });
  });
})();
