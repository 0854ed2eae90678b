// Sending a move. A form marked data-final (its move closes the step and cannot be revised) asks
// once, in place, before it is sent: "Yes, send it" sends, "Not yet" leaves the form as it is.
// In such a form Enter on a choice chooses it and does not send. Without script the form sends at
// once, and says above its button that it cannot be changed. After a send the page opens with the
// result (the message that says what happened) focused, not the top of the page.
(function () {
  "use strict";
  function ask(form, submitter) {
    var box = form.querySelector(".confirm-final");
    if (box) { box.querySelector("button.yes").focus(); return; }
    box = document.createElement("div");
    box.className = "confirm-final";
    box.setAttribute("role", "group");
    var question = document.createElement("p");
    question.id = form.id + "-confirm";
    question.textContent = form.dataset.final + " Send it?";
    box.setAttribute("aria-labelledby", question.id);
    var yes = document.createElement("button"), no = document.createElement("button");
    yes.type = no.type = "button";
    yes.className = "yes";
    yes.textContent = "Yes, send it";
    no.className = "secondary";
    no.textContent = "Not yet";
    box.append(question, yes, " ", no);
    yes.addEventListener("click", function () {
      form.dataset.confirmed = "1";  // asked once: this send goes
      box.remove();
      form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
    });
    no.addEventListener("click", function () {
      box.remove();
      var send = form.querySelector("button[type=submit]");
      if (send) send.focus();
    });
    var row = form.querySelector(".send-row");
    (row || form).prepend(box);
    yes.focus();
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form.move-form[data-final]") || form.dataset.confirmed === "1") return;
    event.preventDefault();
    ask(form, event.submitter);
  });
  document.addEventListener("keydown", function (event) {
    var el = event.target;
    if (event.key !== "Enter" || !el.matches || !el.matches("form.move-form[data-final] input[type=radio]")) return;
    event.preventDefault();  // Enter chooses; the Send button sends
    if (!el.checked) {
      el.checked = true;
      el.dispatchEvent(new Event("change", {bubbles: true}));
    }
  });
  var result = document.querySelector("main > ul.messages");
  if (result && document.querySelector(".match-play")) {
    result.tabIndex = -1;
    result.focus();
  }
})();
