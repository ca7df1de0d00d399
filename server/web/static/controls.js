// A move one choice at a time, without a request per step: the same steps as the page's forms
// (server/web/controls.py), walked in place over the tree the page carries (#move-paths). The
// last step is still the page's own form, sent as it is without this script.
(function () {
  "use strict";
  var root = document.getElementById("move");
  if (!root) return;
  var paths = JSON.parse(document.getElementById("move-paths").textContent);
  var stepForm = document.getElementById("move-step");
  var sendForm = document.getElementById("move-send");
  var chosenBox = document.getElementById("move-chosen");
  var asks = document.getElementById("move-asks");
  var options = document.getElementById("move-options");
  var said = document.getElementById("move-said");
  var template = said.getAttribute("data-template");
  var chosen = Array.prototype.map.call(
    stepForm.querySelectorAll("input[name=step]"), function (input) { return input.value; });

  function fits(path) {
    for (var i = 0; i < chosen.length; i++) {
      if (path.steps.length <= i || path.steps[i][0] !== chosen[i]) return false;
    }
    return true;
  }

  function swatch(colour) {
    var mark = document.createElement("span");
    mark.className = "swatch";
    mark.style.backgroundColor = colour;
    return mark;
  }

  function labelled(element, step) {
    if (step[3]) element.appendChild(swatch(step[3]));
    element.appendChild(document.createTextNode(step[1]));
    return element;
  }

  function address() {
    var query = chosen.map(function (key) { return "step=" + encodeURIComponent(key); });
    return location.pathname + "?" + (query.length ? query.join("&") : "step=");
  }

  function draw(focus) {
    var fitting = paths.filter(fits);
    var depth = chosen.length;
    var whole = fitting.filter(function (path) { return path.steps.length === depth; })[0];
    var list = chosenBox.querySelector("ol");
    list.textContent = "";
    if (fitting.length) {
      fitting[0].steps.slice(0, depth).forEach(function (step) {
        list.appendChild(labelled(document.createElement("li"), step));
      });
    }
    chosenBox.hidden = depth === 0;
    stepForm.querySelectorAll("input[name=step]").forEach(function (input) { input.remove(); });
    options.textContent = "";
    if (whole) {
      document.getElementById("move-text").value = whole.move;
      said.textContent = template.replace("%(move)s", whole.said);
    } else {
      var seen = {};
      fitting.forEach(function (path) {
        var step = path.steps[depth];
        if (seen[step[0]]) return;
        seen[step[0]] = true;
        asks.textContent = step[2];
        var button = labelled(document.createElement("button"), step);
        button.name = "step";
        button.value = step[0];
        options.appendChild(button);
      });
    }
    stepForm.hidden = Boolean(whole);
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
})();
