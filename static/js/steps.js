// Step pages: the left and right arrow keys go to the previous and next step, as the page's own
// Previous and Next links do (rel=prev / rel=next), except while typing or choosing in a control.
(function () {
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var rel = { ArrowLeft: "prev", ArrowRight: "next" }[event.key];
    var link = rel && document.querySelector('.step-nav a[rel="' + rel + '"]');
    if (link) {
      event.preventDefault();
      window.location.assign(link.href);
    }
  });
})();
