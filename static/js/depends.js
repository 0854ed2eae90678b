// Dependent fields (an engine Field with depends_on): a field that goes only with a choice of an
// earlier field is hidden and disabled until that choice is made, so it is neither in the way nor
// sent. Without script the field shows with its hint ("Only with Raise.") and the platform refuses
// it filled in beside another choice; this only spares the player that refusal.
// The server marks the field's control(s) with data-depends-on (the controlling field's posted
// name) and data-when (a JSON list of values; empty: any value).
(function () {
  "use strict";

  // The element of the form that holds the whole field (label, hint, control): the form's child,
  // or the nearest marked with data-depends-box (a field inside a fieldset: the setup form's roles).
  function box(control) {
    var marked = control.closest("[data-depends-box]");
    if (marked) return marked;
    var el = control;
    while (el.parentElement && el.parentElement !== control.form) el = el.parentElement;
    return el;
  }

  // The values the controlling field would send now: a disabled field sends nothing.
  function values(form, name) {
    var out = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (el.name !== name || el.disabled) return;
      if (el.type === "radio" || el.type === "checkbox") {
        if (el.checked) out.push(el.value);
      } else if (el.tagName === "SELECT") {
        Array.prototype.forEach.call(el.selectedOptions, function (o) { if (o.value !== "") out.push(o.value); });
      } else if (el.value !== "") {
        out.push(el.value);
      }
    });
    return out;
  }

  function applies(control) {
    var given = values(control.form, control.dataset.dependsOn);
    var when = JSON.parse(control.dataset.when || "[]");
    return given.length > 0 && (when.length === 0 || given.some(function (v) { return when.indexOf(v) >= 0; }));
  }

  // In the form's order, so a field whose controlling field was just hidden is hidden too.
  function update() {
    document.querySelectorAll("form").forEach(function (form) {
      var seen = [];
      form.querySelectorAll("[data-depends-on]").forEach(function (control) {
        var holder = box(control);
        if (seen.indexOf(holder) >= 0) return;  // one radio of the field decides for all of them
        seen.push(holder);
        var on = applies(control);
        holder.hidden = !on;
        holder.querySelectorAll("input, select, textarea").forEach(function (el) { el.disabled = !on; });
      });
    });
  }

  document.addEventListener("change", update);
  document.addEventListener("input", update);
  // Live updates redraw the forms (and keep what was typed): decide again after each redraw.
  var root = document.querySelector(".match") || document.body;
  // (Only when elements arrive: the countdowns' ticking text is no reason.)
  new MutationObserver(function (changes) {
    var drawn = changes.some(function (c) {
      return Array.prototype.some.call(c.addedNodes, function (n) { return n.nodeType === 1; });
    });
    if (drawn) update();
  }).observe(root, {childList: true, subtree: true});
  window.genius = window.genius || {};
  window.genius.dependsUpdate = update;  // pick.js decides at once after choosing a controlling value
  update();
})();
