// The setup form's rows of game settings (a board's slots, a Cosign letter): while the host types,
// the row is read again by the server with the game's own parser, and what it read (or why it is
// refused) replaces the words beside the row. Without this script the same words come back when
// the form is sent.
(function () {
  var form = document.querySelector("form[data-row-check]");
  if (!form) return;
  var timers = {}, asked = {};
  form.addEventListener("input", function (event) {
    var input = event.target, said = input.getAttribute && input.getAttribute("aria-describedby");
    if (!input.name || !/__\d+$/.test(input.name) || !said || !document.getElementById(said)) return;
    clearTimeout(timers[input.name]);
    timers[input.name] = setTimeout(function () {
      var body = new FormData(), number = (asked[input.name] || 0) + 1;
      asked[input.name] = number;
      body.append("csrfmiddlewaretoken", form.querySelector("[name=csrfmiddlewaretoken]").value);
      body.append("row", input.name);
      body.append("text", input.value);
      fetch(form.dataset.rowCheck, {method: "POST", body: body, credentials: "same-origin"})
        .then(function (response) { return response.json(); })
        .then(function (answer) {
          if (asked[input.name] !== number) return; // a later keystroke's answer is on its way
          var out = document.getElementById(said);
          out.textContent = answer.problem || answer.said || "";
          out.parentNode.classList.toggle("refused", !!answer.problem);
          if (answer.problem) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
        })
        .catch(function () {}); // offline: the words come back when the form is sent
    }, 400);
  });
})();
