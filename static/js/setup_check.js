// The setup form checked whole as the host types (issue 40, points 9 and 10). A moment after the
// last change, every field (the players ticked among them) goes to the server, which cleans the
// form as sending it would, writes nothing, and answers with every problem by the field it is
// about. The page then shows the summary first, each problem beside its field or row, and the
// game's reading beside each row read; what was fixed is cleared. Checking one row alone could
// not know the other rows or the players ticked. Without this script the same words come back
// when the form is sent.
(function () {
  var form = document.querySelector("form[data-form-check]");
  if (!form) return;
  var summary = document.getElementById("setup-problems");
  var timer = null, asked = 0;

  function later() {
    clearTimeout(timer);
    timer = setTimeout(check, 400);
  }
  form.addEventListener("input", later);
  form.addEventListener("change", later);

  function check() {
    var number = ++asked;
    fetch(form.dataset.formCheck, {
      method: "POST",
      body: new URLSearchParams(new FormData(form)),
      credentials: "same-origin",
    })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (answer && number === asked) show(answer); // else a later change's answer is on its way
      })
      .catch(function () {}); // offline: the words come back when the form is sent
  }

  function show(answer) {
    showSummary(answer.summary);
    form.querySelectorAll("[data-field]").forEach(function (place) {
      showBeside(place, answer.problems[place.dataset.field]);
    });
    form.querySelectorAll(".setting-row input[aria-describedby]").forEach(function (input) {
      var said = document.getElementById(input.getAttribute("aria-describedby")), problem = answer.problems[input.name];
      if (!said) return;
      said.textContent = problem || answer.said[input.name] || "";
      said.parentNode.classList.toggle("refused", !!problem);
      mark(input, problem);
    });
  }

  function showSummary(problems) {
    summary.removeAttribute("role"); // told once when sent; while typing, each row's words are told beside it
    summary.hidden = !problems.length;
    summary.querySelector("h2").textContent =
      problems.length + " thing" + (problems.length === 1 ? "" : "s") + " to change before this can be saved";
    var list = summary.querySelector("ul");
    list.replaceChildren();
    problems.forEach(function (problem) {
      var item = document.createElement("li"), link = document.createElement("a");
      link.href = problem.href;
      link.textContent = problem.words;
      item.appendChild(link);
      list.appendChild(item);
    });
  }

  function showBeside(place, problem) {
    // the errors Django drew (a sent form) or this script did: replaced by the answer's
    place.querySelectorAll(":scope > ul.errorlist").forEach(function (old) { old.remove(); });
    var control = document.getElementById("id_" + place.dataset.field);
    if (control) mark(control, problem);
    if (!problem) return;
    var list = document.createElement("ul"), item = document.createElement("li");
    list.className = "errorlist" + (place.dataset.field === "__all__" ? " nonfield" : "");
    item.textContent = problem;
    list.appendChild(item);
    var label = place.querySelector(":scope > label");
    place.insertBefore(list, label ? label.nextSibling : place.firstChild);
  }

  function mark(control, problem) {
    if (problem) control.setAttribute("aria-invalid", "true");
    else control.removeAttribute("aria-invalid");
  }
})();
