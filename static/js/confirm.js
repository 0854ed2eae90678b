// Forms marked data-confirm ask before they are sent (no inline handlers: the Content Security
// Policy allows scripts from our own files only).
document.addEventListener("submit", function (event) {
  var question = event.target.dataset && event.target.dataset.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});
