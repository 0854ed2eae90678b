// The plan form asks, per slot, for choices only some activities need: show only those the
// chosen activity needs (without JavaScript every field shows and the server ignores the rest).
(function () {
  "use strict";
  var NEEDS = {C: ["target"], F: ["target"], G: ["lose", "gain"], I: ["attribute", "points"], J: ["attribute"]};
  var CHOICES = ["target", "lose", "gain", "attribute", "points"];
  function update() {
    ["morning", "afternoon", "evening"].forEach(function (slot) {
      var chosen = document.querySelector('form.move-form select[name="' + slot + '"]');
      if (!chosen) return;
      var needs = NEEDS[chosen.value] || [];
      CHOICES.forEach(function (name) {
        var field = document.querySelector('form.move-form [name="' + slot + "_" + name + '"]');
        var box = field && field.closest("div");
        if (box && box.hidden !== (needs.indexOf(name) < 0)) box.hidden = needs.indexOf(name) < 0;
      });
    });
  }
  document.addEventListener("change", update);
  new MutationObserver(update).observe(document.body, {childList: true, subtree: true});
  update();
})();
