// Forms marked data-confirm ask before they are sent (no inline handlers: the Content Security
// Policy allows scripts from our own files only). A form marked data-working says so once it is
// on its way: its buttons are disabled (a second press would send it again) and the pressed one
// reads the data-working words, until the answer's page replaces this one.
document.addEventListener("submit", function (event) {
  var form = event.target;
  var question = form.dataset && form.dataset.confirm;
  if (question && !window.confirm(question)) {
    event.preventDefault();
    return;
  }
  if (!form.dataset || !form.dataset.working) return;
  var pressed = event.submitter;
  // After every listener has had its say (one may still stop the send), and after the browser
  // has read the form: a button disabled now would leave its name and value out of what is sent.
  setTimeout(function () {
    if (event.defaultPrevented) return;
    form.setAttribute("aria-busy", "true");
    form.querySelectorAll("button").forEach(function (button) { button.disabled = true; });
    var label = pressed && pressed.form === form ? pressed : form.querySelector("button");
    if (label) label.textContent = form.dataset.working;
    var status = document.getElementById("host-working");
    if (status) status.textContent = form.dataset.working;
  }, 0);
});
