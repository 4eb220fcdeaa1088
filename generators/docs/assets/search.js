// Offline search over the site's types and fields: apigenIndex holds
// [name, address, where] for each, from search-index.js.
(function () {
  "use strict";
  var input = document.getElementById("search");
  var list = document.getElementById("search-results");
  var index = window.apigenIndex || [];
  if (!input || !list) {
    return;
  }
  function score(name, q) {
    var lower = name.toLowerCase();
    var last = lower.slice(lower.lastIndexOf(".") + 1);
    if (last === q) {
      return 0;
    }
    if (last.indexOf(q) === 0) {
      return 1;
    }
    return lower.indexOf(q) >= 0 ? 2 : -1;
  }
  function show() {
    var q = input.value.trim().toLowerCase();
    list.textContent = "";
    if (!q) {
      return;
    }
    var hits = [];
    for (var i = 0; i < index.length; i++) {
      var s = score(index[i][0], q);
      if (s >= 0) {
        hits.push([s, i]);
      }
    }
    hits.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    hits.slice(0, 50).forEach(function (h) {
      var e = index[h[1]];
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = e[1];
      a.textContent = e[0];
      var where = document.createElement("span");
      where.textContent = " " + e[2];
      li.appendChild(a);
      li.appendChild(where);
      list.appendChild(li);
    });
  }
  function close() {
    list.textContent = "";
  }
  input.addEventListener("input", show);
  // A picked result on this page leaves the list over the target.
  list.addEventListener("click", function () {
    window.setTimeout(close, 0);
  });
  document.addEventListener("click", function (ev) {
    if (!ev.target.closest || !ev.target.closest(".search")) {
      close();
    }
  });
  input.addEventListener("keydown", function (ev) {
    var first = list.querySelector("a");
    if (ev.key === "Enter" && first) {
      window.location.href = first.href;
      close();
    }
    if (ev.key === "Escape") {
      input.value = "";
      show();
    }
  });
})();
