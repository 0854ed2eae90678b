// A game's picture as a second way to fill its form. An element of the picture with
// data-pick-field and data-pick-value chooses that value in the open form's field of that name:
// a radio button is checked, a checkbox toggled, a select set to that option, a number typed in.
// A field that goes only with a choice of another (data-depends-on, see depends.js) gets that
// choice first, so a tap on an amount also chooses Raise. The picture then marks what the form
// holds (.picked), whichever way it was chosen. The form stays the way in for keyboards and screen
// readers and is what is sent; without script the picture is only a picture.
(function () {
  "use strict";

  // Disabled only because the choice it goes with is not made yet (depends.js): still pickable
  // when that choice is named (with any value of its controlling field, the player says which).
  function usable(el) {
    if (!el.disabled) return true;
    return !!el.dataset.dependsOn && JSON.parse(el.dataset.when || "[]").length > 0;
  }

  function numberFits(input, value) {
    var n = Number(value);
    if (value === "" || isNaN(n)) return false;
    return !(input.min !== "" && n < Number(input.min)) && !(input.max !== "" && n > Number(input.max));
  }

  // The control that a value of field `name` goes into, in the first open form that has it.
  function controlIn(scope, name, value) {
    var named = '[name="' + CSS.escape(name) + '"]';
    var box = scope.querySelector('input' + named + '[value="' + CSS.escape(value) + '"]');
    if (box && (box.type === "radio" || box.type === "checkbox")) return box;
    var select = scope.querySelector("select" + named);
    if (select && Array.prototype.some.call(select.options, function (o) { return o.value === value; })) return select;
    var number = scope.querySelector('input[type="number"]' + named);
    if (number && numberFits(number, value)) return number;
    return null;
  }

  function inputFor(el) {
    var forms = document.querySelectorAll("form.move-form");
    for (var i = 0; i < forms.length; i++) {
      var input = controlIn(forms[i], el.dataset.pickField, el.dataset.pickValue);
      if (input && usable(input)) return input;
    }
    return null;
  }

  function holds(input, value) {
    if (input.type === "radio" || input.type === "checkbox") return input.checked;
    return !input.disabled && input.value === value;
  }

  function mark() {
    document.querySelectorAll("[data-pick-field]").forEach(function (el) {
      var input = inputFor(el);
      el.classList.toggle("pickable", !!input);
      el.classList.toggle("picked", !!(input && holds(input, el.dataset.pickValue)));
    });
  }

  function fire(input) {
    input.dispatchEvent(new Event("input", {bubbles: true}));
    input.dispatchEvent(new Event("change", {bubbles: true}));
  }

  // The controlling choice a dependent field needs, made first (its first value when none is).
  function chooseControl(input) {
    var name = input.dataset.dependsOn;
    if (!name || !input.disabled) return;
    var when = JSON.parse(input.dataset.when || "[]");
    if (!when.length) return;  // any value would do: which one is the player's to say
    var control = controlIn(input.form, name, when[0]);
    if (!control || !usable(control)) return;
    choose(control, when[0]);
    if (window.genius && window.genius.dependsUpdate) window.genius.dependsUpdate();
  }

  function choose(input, value) {
    chooseControl(input);
    if (input.disabled) return;  // its controlling choice could not be made
    if (input.type === "checkbox") input.checked = !input.checked;
    else if (input.type === "radio") input.checked = true;
    else input.value = value;
    fire(input);
  }

  document.addEventListener("click", function (event) {
    var el = event.target.closest ? event.target.closest("[data-pick-field]") : null;
    var input = el && inputFor(el);
    if (input) choose(input, el.dataset.pickValue);
  });
  document.addEventListener("change", mark);
  document.addEventListener("input", mark);
  // the live page redraws its picture and its forms: mark them again
  var watch = new MutationObserver(mark);
  ["live-state", "live-forms"].forEach(function (id) {
    var box = document.getElementById(id);
    if (box) watch.observe(box, {childList: true});
  });
  mark();
})();
