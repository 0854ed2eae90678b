// Moments are written in UTC by the server (<time class="local-time">, matches/templatetags/times.py);
// here they are shown in the reader's own zone, the UTC kept in the title for the hover. Without
// script the UTC stays. The live page calls showLocalTimes again after each redraw.
(function () {
  "use strict";
  var STYLES = {
    time: {hour: "2-digit", minute: "2-digit", second: "2-digit"},
    full: {dateStyle: "medium", timeStyle: "medium"},
    datetime: {dateStyle: "medium", timeStyle: "short"}
  };
  window.showLocalTimes = function () {
    document.querySelectorAll("time.local-time[datetime]").forEach(function (el) {
      var when = new Date(el.getAttribute("datetime"));
      if (isNaN(when)) return;
      if (!el.title) el.title = el.textContent;  // what the server wrote: the UTC
      el.textContent = when.toLocaleString([], STYLES[el.dataset.show] || STYLES.datetime);
    });
  };
  window.showLocalTimes();
})();
