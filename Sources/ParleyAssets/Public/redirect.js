// Parley: a page that moved (the archive renamed its channel's folder) sends the reader on to the
// page's new place at once, keeping the #fragment, so a permalink to a message still finds it.
"use strict";
(function () {
  var link = document.querySelector("main.redirect a[href]");
  if (link) location.replace(link.href + location.hash);
})();
