// What the last close did (templates/matches/_close_result.html) stands first on the play page.
// On a phone where it would push the form waiting on the player out of the first screen (a game
// whose picture fills the screen), it shrinks to one row, its close and its first line, with
// "Show all"; what the reader opened stays open until the card says something else. Without
// script the card is whole.
(function () {
  "use strict";
  var ROOM = 100;  // of the form under the first screen's bottom edge: its title, its countdown, Send
  var opened = null;  // the text of the card the reader opened in full

  function fit() {
    var card = document.querySelector("#close-result .close-result");
    if (!card) return;
    card.classList.remove("compact");
    var form = document.querySelector("#live-forms form.move-form");
    if (!form || !card.querySelector(".show-all") || opened === card.textContent || window.innerWidth >= 640) return;
    var tooLow = function () { return form.getBoundingClientRect().top + window.scrollY + ROOM > window.innerHeight; };
    if (!tooLow()) return;
    card.classList.add("compact");
    if (tooLow()) card.classList.remove("compact");  // the form is below the first screen anyway: all of it
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#close-result .show-all");
    if (!button) return;
    var card = button.closest(".close-result");
    opened = card.textContent;
    card.classList.remove("compact");
  });
  window.addEventListener("resize", fit);
  window.fitCloseResult = fit;  // static/js/match.js, after a live update
  fit();
})();
