// Copy buttons: a button[data-copy] copies the value of the field whose id it names (an invite
// link). The page ships them hidden and this script shows them, so without script there is no
// button that does nothing: the link can still be selected and copied by hand. No inline
// handlers: the Content Security Policy allows scripts from our own files only.
(function () {
  function said(button, words) {
    button.textContent = words;
    clearTimeout(button.copyTimer);
    button.copyTimer = setTimeout(function () { button.textContent = "Copy"; }, 2000);
  }

  function byHand(button, field) {
    field.focus();
    field.select();
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
    said(button, copied ? "Copied" : "Selected: copy it");
  }

  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var field = document.getElementById(button.dataset.copy);
      if (!field) return;
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(function () { said(button, "Copied"); },
                                                        function () { byHand(button, field); });
      } else {
        byHand(button, field);
      }
    });
  });
})();
