/* The Mayhem reference site's own script: effect graphs drawn on demand, sortable and filterable tables.
 *
 * Effect graphs: the Mermaid source sits in a <pre class="mh-graph-src"> inside the collapsed "for authors"
 * section. Mermaid (3.5 MB) is loaded only when a reader opens that section, and the graph is drawn at its
 * natural size (labels at the body's font size) in a scrolling box, with zoom and full-screen buttons.
 * Tables: tablesort (the sorter Material for MkDocs recommends) on every table of the article, and a filter
 * bar (a keyword box, and a choice per Box, Kind or Timing column) above the long ones.
 */
(function () {
  "use strict";
  var here = document.currentScript ? document.currentScript.src : "";
  var mermaidUrl = here.replace(/mayhem\.js(\?.*)?$/, "vendor/mermaid.min.js");
  var loading = null;
  var drawn = 0;

  function loadMermaid() {
    if (window.mermaid) return Promise.resolve(window.mermaid);
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        var s = document.createElement("script");
        s.src = mermaidUrl;
        s.onload = function () { resolve(window.mermaid); };
        s.onerror = function () { reject(new Error("cannot load " + mermaidUrl)); };
        document.head.appendChild(s);
      });
    }
    return loading;
  }

  function button(label, onclick) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "md-button mh-graph-button";
    b.textContent = label;
    b.addEventListener("click", onclick);
    return b;
  }

  function draw(pre) {
    if (pre.dataset.drawn) return;
    pre.dataset.drawn = "1";
    var source = pre.textContent;
    var figure = document.createElement("figure");
    figure.className = "mh-graph";
    var view = document.createElement("div");
    view.className = "mh-graph-view";
    view.tabIndex = 0;
    view.setAttribute("role", "region");
    view.setAttribute("aria-label", "Effect graph (scroll to pan)");
    view.textContent = "Drawing the graph…";
    var scale = 1;
    var natural = 0;
    function zoom(by) {
      var svg = view.querySelector("svg");
      if (!svg || !natural) return;
      scale = Math.min(3, Math.max(0.75, scale * by));
      svg.style.width = Math.round(natural * scale) + "px";
      svg.style.maxWidth = "none";
    }
    var tools = document.createElement("div");
    tools.className = "mh-graph-tools";
    tools.appendChild(button("Zoom in", function () { zoom(1.25); }));
    tools.appendChild(button("Zoom out", function () { zoom(0.8); }));
    tools.appendChild(button("Full screen", function () {
      if (document.fullscreenElement) document.exitFullscreen();
      else if (figure.requestFullscreen) figure.requestFullscreen();
    }));
    figure.appendChild(tools);
    figure.appendChild(view);
    pre.parentNode.insertBefore(figure, pre);
    pre.style.display = "none";
    loadMermaid().then(function (mermaid) {
      var dark = document.body.getAttribute("data-md-color-scheme") === "slate";
      mermaid.initialize({startOnLoad: false, securityLevel: "strict", theme: dark ? "dark" : "default",
                          flowchart: {useMaxWidth: false}, themeVariables: {fontSize: "16px"}});
      drawn += 1;
      return mermaid.render("mh-graph-" + drawn, source);
    }).then(function (result) {
      view.innerHTML = result.svg;
      var svg = view.querySelector("svg");
      natural = svg.viewBox && svg.viewBox.baseVal ? svg.viewBox.baseVal.width : svg.getBoundingClientRect().width;
      svg.style.maxWidth = "none";
      svg.style.width = Math.round(natural) + "px";
      figure.dataset.drawn = "1";
    }).catch(function (err) {
      view.textContent = "The graph could not be drawn: " + err.message;
      pre.style.display = "";
    });
  }

  function graphs(root) {
    root.querySelectorAll("pre.mh-graph-src").forEach(function (pre) {
      var details = pre.closest("details");
      if (!details || details.open) { draw(pre); return; }
      details.addEventListener("toggle", function () { if (details.open) draw(pre); });
    });
  }

  // ---- tables ---------------------------------------------------------------------------

  var FILTERED = ["box", "kind", "timing", "mission", "duration"];

  function cellText(row, i) {
    var cell = row.cells[i];
    return cell ? cell.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function filters(table) {
    var body = table.tBodies[0];
    if (!body || body.rows.length < 8 || !table.tHead) return;
    var heads = Array.prototype.map.call(table.tHead.rows[0].cells, function (c) {
      return c.textContent.trim();
    });
    var bar = document.createElement("div");
    bar.className = "mh-filters";
    var choices = [];
    var search = document.createElement("input");
    search.type = "search";
    search.className = "mh-filter-text";
    search.placeholder = "Filter by keyword";
    search.setAttribute("aria-label", "Filter the table by keyword");
    var label = document.createElement("label");
    label.appendChild(search);
    bar.appendChild(label);
    heads.forEach(function (h, i) {
      if (FILTERED.indexOf(h.toLowerCase()) < 0) return;
      var values = {};
      Array.prototype.forEach.call(body.rows, function (r) { values[cellText(r, i)] = true; });
      var keys = Object.keys(values).filter(Boolean).sort();
      if (keys.length < 2) return;
      var select = document.createElement("select");
      select.className = "mh-filter-choice";
      select.setAttribute("aria-label", "Filter the table by " + h.toLowerCase());
      select.dataset.column = String(i);
      var all = document.createElement("option");
      all.value = "";
      all.textContent = h + ": all";
      select.appendChild(all);
      keys.forEach(function (k) {
        var o = document.createElement("option");
        o.value = k;
        o.textContent = k;
        select.appendChild(o);
      });
      choices.push(select);
      bar.appendChild(select);
    });
    var count = document.createElement("span");
    count.className = "mh-filter-count";
    count.setAttribute("aria-live", "polite");
    bar.appendChild(count);
    function apply() {
      var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
      var shown = 0;
      Array.prototype.forEach.call(body.rows, function (r) {
        var text = r.textContent.toLowerCase();
        var ok = words.every(function (w) { return text.indexOf(w) >= 0; }) &&
          choices.every(function (s) { return !s.value || cellText(r, +s.dataset.column) === s.value; });
        r.hidden = !ok;
        if (ok) shown += 1;
      });
      count.textContent = shown + " of " + body.rows.length + " shown";
    }
    search.addEventListener("input", apply);
    choices.forEach(function (s) { s.addEventListener("change", apply); });
    apply();
    var anchor = table.closest(".md-typeset__scrollwrap") || table;
    anchor.parentNode.insertBefore(bar, anchor);
  }

  function tables(root) {
    root.querySelectorAll("article table:not(.highlighttable):not(.mh-props-table)").forEach(function (table) {
      if (table.dataset.mhTable) return;
      table.dataset.mhTable = "1";
      if (window.Tablesort && table.tHead) new window.Tablesort(table);
      filters(table);
    });
  }

  function labels() {
    // the search dialog has no accessible name in the theme
    var search = document.querySelector(".md-search");
    if (search && !search.getAttribute("aria-label")) search.setAttribute("aria-label", "Search the rule reference");
    // each result's labels (box, kind) are a <nav> of the theme's: one name per result, so that a
    // screen reader can tell the landmarks apart
    var list = document.querySelector(".md-search-result__list");
    if (list && !list.dataset.mhLabels) {
      list.dataset.mhLabels = "1";
      new MutationObserver(function () {
        list.querySelectorAll("nav.md-tags:not([aria-label])").forEach(function (nav) {
          var title = nav.parentNode.querySelector("h1, h2");
          nav.setAttribute("aria-label", "Box and kind of " + (title ? title.textContent : "this result"));
        });
      }).observe(list, {childList: true, subtree: true});
    }
  }

  function init() {
    labels();
    graphs(document);
    tables(document);
  }

  if (window.document$ && window.document$.subscribe) window.document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
