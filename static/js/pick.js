// A game's picture as a second way to fill its form. An element of the picture with
// data-pick-field and data-pick-value chooses that value in the open form's field of that name:
// a radio button is checked, a checkbox toggled. The picture then marks what the form holds
// (.picked), whichever way it was chosen. The form stays the way in for keyboards and screen
// readers and is what is sent; without script the picture is only a picture.
(function () {
  "use strict";
  function inputFor(el) {
    var selector = 'input[name="' + CSS.escape(el.dataset.pickField) + '"][value="' + CSS.escape(el.dataset.pickValue) + '"]';
    var forms = document.querySelectorAll("form.move-form");
    for (var i = 0; i < forms.length; i++) {
      var input = forms[i].querySelector(selector);
      if (input && !input.disabled) return input;
    }
    return null;
  }
  function mark() {
    document.querySelectorAll("[data-pick-field]").forEach(function (el) {
      var input = inputFor(el);
      el.classList.toggle("pickable", !!input);
      el.classList.toggle("picked", !!(input && input.checked));
    });
  }
  document.addEventListener("click", function (event) {
    var el = event.target.closest ? event.target.closest("[data-pick-field]") : null;
    var input = el && inputFor(el);
    if (!input) return;
    input.checked = input.type === "checkbox" ? !input.checked : true;
    input.dispatchEvent(new Event("change", {bubbles: true}));
  });
  document.addEventListener("change", mark);
  // the live page redraws its picture and its forms: mark them again
  var watch = new MutationObserver(mark);
  ["live-state", "live-forms"].forEach(function (id) {
    var box = document.getElementById(id);
    if (box) watch.observe(box, {childList: true});
  });
  mark();
})();
