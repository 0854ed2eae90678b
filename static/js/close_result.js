// What the last close did (templates/matches/_close_result.html) stands first on the play page.
// On a phone where it would push the form waiting on the player out of the first screen (a game
// whose picture fills the screen), it shrinks to one row, its first line (the player's own, else
// the first), with "Show all"; where even then the form's title would not show, it stays whole. What the
// reader opened stays open until the card says something else. Without script it is whole.
(function () {
  "use strict";
  // The form's top at most this far above the first screen's bottom edge: its title, its countdown
  // and its sticky Send fit under it (tests/browser/test_phone_first_screen.py measures them).
  var ROOM = 70;
  var TITLE = 40;  // the least of the form worth shrinking the card for: its title
  var opened = null;  // the text of the card the reader opened in full

  function shrink(card, on) {
    card.classList.toggle("compact", on);
    var button = card.querySelector(".show-all");
    if (on && !button) {  // made here, not in the page: a whole card has no button to tab onto
      button = document.createElement("button");
      button.type = "button";
      button.className = "link show-all";
      button.textContent = "Show all";
      card.append(button);
    } else if (!on && button) {
      button.remove();
    }
  }

  function fit() {
    var card = document.querySelector("#close-result .close-result");
    if (!card) return;
    var focused = document.activeElement && document.activeElement.classList.contains("show-all");
    shrink(card, false);
    var form = document.querySelector("#live-forms form.move-form");
    if (!form || !("shrinks" in card.dataset) || opened === card.textContent || window.innerWidth >= 640) return;
    var below = function (room) { return form.getBoundingClientRect().top + window.scrollY + room > window.innerHeight; };
    if (!below(ROOM)) return;
    shrink(card, true);
    if (below(TITLE)) shrink(card, false);  // not even the form's title would show: all of the card
    else if (focused) card.querySelector(".show-all").focus();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#close-result .show-all");
    if (!button) return;
    var card = button.closest(".close-result");
    shrink(card, false);
    opened = card.textContent;
    card.tabIndex = -1;
    card.focus();  // the reader goes on from the card they opened, not from the top of the page
  });
  window.addEventListener("resize", fit);
  // again whenever the page's layout changes after it was measured: a game's own stylesheet or
  // picture arriving after the card was drawn (a chart without its size pushes the form far down)
  if (window.ResizeObserver) {
    var queued = false;
    new ResizeObserver(function () {
      if (queued) return;
      queued = true;
      requestAnimationFrame(function () { queued = false; fit(); });
    }).observe(document.body);
  }
  window.fitCloseResult = fit;  // static/js/match.js, after a live update
  fit();
})();
