// A move one choice at a time, without a request per step: the same steps as the page's forms
// (server/web/table/controls.py), walked in place over the tree the page carries (#move-tree). The
// last step is still the page's own form, sent as it is without this script.
(function () {
  "use strict";

  // The controls in the page now: at its start, and again when the page's own update puts new
  // ones in place of the old (live.js).
  function start() {
    var root = document.getElementById("move");
    if (!root || root.dataset.started) return;
    root.dataset.started = "yes";
    // Each node: {asks, options: [[key, label, colour, node], ...]}, or a whole move {move, said}.
    var tree = JSON.parse(document.getElementById("move-tree").textContent);
    var stepForm = document.getElementById("move-step");
    var sendForm = document.getElementById("move-send");
    var chosenBox = document.getElementById("move-chosen");
    var asks = document.getElementById("move-asks");
    var options = document.getElementById("move-options");
    var said = document.getElementById("move-said");
    var template = said.getAttribute("data-template");
    var chosen = Array.prototype.map.call(
      stepForm.querySelectorAll("input[name=step]"), function (input) { return input.value; });

    // The node the chosen keys lead to and the options taken on the way; null if they fit none.
    function walk() {
      var node = tree, taken = [];
      for (var i = 0; i < chosen.length; i++) {
        var next = (node.options || []).filter(function (option) { return option[0] === chosen[i]; })[0];
        if (!next) return null;
        taken.push(next);
        node = next[3];
      }
      return {node: node, taken: taken};
    }

    function swatch(colour) {
      var mark = document.createElement("span");
      mark.className = "swatch";
      mark.style.backgroundColor = colour;
      return mark;
    }

    function labelled(element, option) {
      if (option[2]) element.appendChild(swatch(option[2]));
      element.appendChild(document.createTextNode(option[1]));
      return element;
    }

    function address() {
      var query = chosen.map(function (key) { return "step=" + encodeURIComponent(key); });
      return location.pathname + "?" + (query.length ? query.join("&") : "step=");
    }

    function draw(focus) {
      var at = walk();
      if (!at) {
        chosen = [];
        at = {node: tree, taken: []};
      }
      var node = at.node, whole = node.move !== undefined;
      var list = chosenBox.querySelector("ol");
      list.textContent = "";
      at.taken.forEach(function (option) {
        list.appendChild(labelled(document.createElement("li"), option));
      });
      chosenBox.hidden = chosen.length === 0;
      stepForm.querySelectorAll("input[name=step]").forEach(function (input) { input.remove(); });
      options.textContent = "";
      if (whole) {
        document.getElementById("move-text").value = node.move;
        said.textContent = template.replace("%(move)s", node.said);
      } else {
        asks.textContent = node.asks;
        node.options.forEach(function (option) {
          var button = labelled(document.createElement("button"), option);
          button.name = "step";
          button.value = option[0];
          options.appendChild(button);
        });
      }
      stepForm.hidden = whole;
      sendForm.hidden = !whole;
      history.replaceState(null, "", address());
      if (focus) (whole ? said : options.querySelector("button")).focus();
    }

    options.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      event.preventDefault();
      chosen.push(button.value);
      draw(true);
    });
    document.getElementById("move-back").addEventListener("click", function (event) {
      event.preventDefault();
      chosen.pop();
      draw(true);
    });
    document.getElementById("move-again").addEventListener("click", function (event) {
      event.preventDefault();
      chosen = [];
      draw(true);
    });
  }

  start();
  document.addEventListener("turnpost:updated", start);
})();
