// A game's page that keeps itself up to date while the game is open or running: it waits on
// the page's long poll (#live-status's data-wait, server/web/pages.py `wait`), and when the game
// or what else the page shows has changed, fetches the page (data-page) and puts each part
// marked data-live in place, then tells other scripts (a "turnpost:updated" event).
(function () {
  var status = document.getElementById("live-status");
  if (!status) return;
  var wait = status.dataset.wait, page = status.dataset.page;
  var backOff = 1, sent = false;
  // A form on its way: its answer is the next page, which the page's own update must not
  // replace. A form that asks first (resigning) is sent confirmed, or not at all.
  document.addEventListener("submit", function (event) {
    var form = event.target, asked = form.getAttribute("data-confirm");
    if (asked) {
      if (!window.confirm(asked)) { event.preventDefault(); return; }
      form.elements.confirmed.value = "yes";
    }
    sent = true;
  });
  function later(seconds) { setTimeout(poll, seconds * 1000); }
  // The page as it is now, every part marked data-live put in place of the old one. The move's
  // part stays as it is while the game has not changed (a message said, a clock started: a move
  // half chosen is kept), and while a move is being typed (it was meant for the old position).
  function update(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html"), typed = document.getElementById("typed");
    if (sent) return;
    fresh.querySelectorAll("[data-live]").forEach(function (part) {
      var old = document.getElementById(part.id);
      if (!old) return;
      if (part.dataset.live === "play") {
        if (part.dataset.position === old.dataset.position) return;
        if (typed && typed.value) {
          document.getElementById("moved-on").hidden = false;
          return;
        }
      }
      old.replaceWith(document.adoptNode(part));
    });
    document.dispatchEvent(new CustomEvent("turnpost:updated"));
    wait = document.getElementById("live-status").dataset.wait;
    if (wait) poll();
  }
  function poll() {
    fetch(wait, {credentials: "same-origin", headers: {"Accept": "application/json"}}).then(
      function (answer) {
        if (answer.ok) return answer.json().then(function (body) {
          backOff = 1;
          if (!body.changed) return poll();
          return fetch(page, {credentials: "same-origin"}).then(function (shown) {
            if (!shown.ok) { location.replace(page); return; }
            return shown.text().then(update);
          });
        });
        if (answer.status === 429 || answer.status >= 500)
          later(Number(answer.headers.get("Retry-After")) || 5);
      },
      function () { later(backOff = Math.min(backOff * 2, 60)); });
  }
  if (wait) poll();
})();
