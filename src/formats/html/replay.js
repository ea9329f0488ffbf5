// sgfconv HTML replay (formats/html.md): replays the games embedded in the
// page as JSON, drawing the board as inline SVG. No network, no other file.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  // A cell is 1 : 1.07, as printed boards are.
  var CW = 24, CH = 25.68, R = 11.6;
  var DATA = JSON.parse(document.getElementById("sgfconv-data").textContent);
  var $ = function (id) { return document.getElementById(id); };
  var INFO = {
    GN: "Game", EV: "Event", RO: "Round", DT: "Date", PC: "Place",
    PB: "Black", BR: "Black rank", BT: "Black team", PW: "White",
    WR: "White rank", WT: "White team", HA: "Handicap", KM: "Komi",
    RU: "Rules", TM: "Time", OT: "Overtime", RE: "Result", ON: "Opening",
    GC: "About", AN: "Annotator", SO: "Source", US: "Entered by",
    CP: "Copyright"
  };
  var MARKS = {
    BM: "Bad move", TE: "Tesuji", DO: "Doubtful", IT: "Interesting",
    GB: "Good for Black", GW: "Good for White", DM: "Even position",
    UC: "Unclear", HO: "Hotspot"
  };
  var state = { g: null, gi: 0, cur: 0, numbers: false };

  // ---- the tree --------------------------------------------------------

  function list(v) {
    if (v === undefined) { return []; }
    return typeof v === "string" ? [v] : v;
  }

  function coord(c) {
    var k = c.charCodeAt(0);
    if (k >= 97 && k <= 122) { return k - 97; }
    if (k >= 65 && k <= 90) { return k - 65 + 26; }
    return -1;
  }

  // The points of a value: "dd", or a rectangle "aa:cc".
  function letter(i) {
    return String.fromCharCode(i < 26 ? 97 + i : 65 + i - 26);
  }

  function points(g, v) {
    var out = [], parts = v.split(":");
    if (parts[0].length !== 2) { return out; }
    var b = parts.length === 2 && parts[1].length === 2 ? parts[1] : parts[0];
    var x0 = coord(parts[0][0]), y0 = coord(parts[0][1]);
    var x1 = coord(b[0]), y1 = coord(b[1]);
    for (var y = Math.min(y0, y1); y <= Math.max(y0, y1); y++) {
      for (var x = Math.min(x0, x1); x <= Math.max(x0, x1); x++) {
        if (x >= 0 && y >= 0 && x < g.cols && y < g.rows) { out.push(y * g.cols + x); }
      }
    }
    return out;
  }

  function moveOf(g, props) {
    var c = props.B !== undefined ? 1 : props.W !== undefined ? 2 : 0;
    if (!c) { return null; }
    var v = list(c === 1 ? props.B : props.W)[0] || "";
    var pass = v === "" || (v === "tt" && g.cols <= 19 && g.rows <= 19);
    var p = pass ? [] : points(g, v);
    return { colour: c, at: p.length === 1 ? p[0] : -1 };
  }

  function prepare(g) {
    var n = g.nodes.length;
    g.parent = new Int32Array(n);
    g.kids = [];
    g.num = new Int32Array(n);
    g.chosen = new Int32Array(n);
    for (var i = 0; i < n; i++) {
      var par = g.nodes[i][0], props = g.nodes[i][1];
      g.parent[i] = par;
      g.kids.push([]);
      if (par >= 0) { g.kids[par].push(i); }
      var base = par >= 0 ? g.num[par] : 0;
      var mn = parseInt(list(props.MN)[0], 10);
      g.num[i] = moveOf(g, props) ? (isNaN(mn) ? base + 1 : mn) : base;
    }
    return g;
  }

  function path(g, n) {
    var p = [];
    for (; n >= 0; n = g.parent[n]) { p.push(n); }
    return p.reverse();
  }

  // ---- the board rules -------------------------------------------------

  function neighbours(g, p) {
    var x = p % g.cols, y = (p - x) / g.cols, out = [];
    if (x > 0) { out.push(p - 1); }
    if (x < g.cols - 1) { out.push(p + 1); }
    if (y > 0) { out.push(p - g.cols); }
    if (y < g.rows - 1) { out.push(p + g.cols); }
    return out;
  }

  // The group at p, and whether it has a liberty.
  function group(g, board, p) {
    var c = board[p], seen = {}, stack = [p], stones = [], free = false;
    seen[p] = true;
    while (stack.length) {
      var q = stack.pop();
      stones.push(q);
      var ns = neighbours(g, q);
      for (var i = 0; i < ns.length; i++) {
        var r = ns[i];
        if (board[r] === 0) { free = true; }
        else if (board[r] === c && !seen[r]) { seen[r] = true; stack.push(r); }
      }
    }
    return { stones: stones, free: free };
  }

  function take(pos, stones, by) {
    for (var i = 0; i < stones.length; i++) {
      pos.board[stones[i]] = 0;
      pos.numbers[stones[i]] = 0;
    }
    pos.captures[by] += stones.length;
  }

  // Plays a stone: captures first, then the player's own group if it has
  // no liberty left (suicide, which SGF allows).
  function play(g, pos, m) {
    pos.board[m.at] = m.colour;
    var other = 3 - m.colour, ns = neighbours(g, m.at);
    for (var i = 0; i < ns.length; i++) {
      if (pos.board[ns[i]] === other) {
        var grp = group(g, pos.board, ns[i]);
        if (!grp.free) { take(pos, grp.stones, m.colour); }
      }
    }
    var own = group(g, pos.board, m.at);
    if (!own.free) { take(pos, own.stones, other); }
  }

  function setup(g, pos, props) {
    var kinds = [["AE", 0], ["AB", 1], ["AW", 2]];
    for (var k = 0; k < kinds.length; k++) {
      var vs = list(props[kinds[k][0]]);
      for (var i = 0; i < vs.length; i++) {
        var ps = points(g, vs[i]);
        for (var j = 0; j < ps.length; j++) {
          pos.board[ps[j]] = kinds[k][1];
          pos.numbers[ps[j]] = 0;
        }
      }
    }
  }

  // The position after node n: stones, the number of the move that put
  // each stone there, captures, the last move.
  function position(g, n) {
    var size = g.cols * g.rows;
    var pos = {
      board: new Int8Array(size), numbers: new Int32Array(size),
      captures: [0, 0, 0], last: null
    };
    var p = path(g, n);
    for (var i = 0; i < p.length; i++) {
      var props = g.nodes[p[i]][1];
      setup(g, pos, props);
      var m = moveOf(g, props);
      pos.last = m;
      if (m && m.at >= 0) {
        play(g, pos, m);
        if (pos.board[m.at]) { pos.numbers[m.at] = g.num[p[i]]; }
      }
    }
    return pos;
  }

  // ---- drawing ---------------------------------------------------------

  function el(name, attrs, parent, text) {
    var e = document.createElementNS(SVG, name);
    for (var k in attrs) {
      if (Object.prototype.hasOwnProperty.call(attrs, k)) { e.setAttribute(k, attrs[k]); }
    }
    if (text !== undefined) { e.textContent = text; }
    if (parent) { parent.appendChild(e); }
    return e;
  }

  function round(v) { return Math.round(v * 100) / 100; }

  function geometry(g) {
    var labels = g.colLabels.length > 0;
    var m = labels ? 36 : 14;
    return {
      mx: m, my: m,
      w: 2 * m + (g.cols - 1) * CW, h: round(2 * m + (g.rows - 1) * CH),
      x: function (p) { return round(m + (p % g.cols) * CW); },
      y: function (p) { return round(m + Math.floor(p / g.cols) * CH); }
    };
  }

  function grid(g, svg, geo) {
    var d = "", x1 = geo.mx + (g.cols - 1) * CW, y1 = round(geo.my + (g.rows - 1) * CH);
    for (var x = 1; x < g.cols - 1; x++) { d += "M" + (geo.mx + x * CW) + " " + geo.my + "V" + y1; }
    for (var y = 1; y < g.rows - 1; y++) { d += "M" + geo.mx + " " + round(geo.my + y * CH) + "H" + x1; }
    el("path", { d: d, "class": "grid" }, svg);
    el("rect", { x: geo.mx, y: geo.my, width: x1 - geo.mx, height: y1 - geo.my, "class": "edge" }, svg);
    for (var i = 0; i < g.hoshi.length; i++) {
      var p = points(g, g.hoshi[i])[0];
      el("circle", { cx: geo.x(p), cy: geo.y(p), r: 2.6, "class": "hoshi" }, svg);
    }
  }

  function coordinates(g, svg, geo) {
    if (!g.colLabels.length) { return; }
    var top = geo.my - 23, bottom = geo.h - geo.my + 23;
    var left = geo.mx - 23, right = geo.w - geo.mx + 23;
    for (var x = 0; x < g.cols; x++) {
      var cx = geo.mx + x * CW;
      el("text", { x: cx, y: top, "class": "coord" }, svg, g.colLabels[x]);
      el("text", { x: cx, y: bottom, "class": "coord" }, svg, g.colLabels[x]);
    }
    for (var y = 0; y < g.rows; y++) {
      var cy = round(geo.my + y * CH);
      el("text", { x: left, y: cy, "class": "coord" }, svg, g.rowLabels[y]);
      el("text", { x: right, y: cy, "class": "coord" }, svg, g.rowLabels[y]);
    }
  }

  // The points a mark or label of the node covers: no number or last-move
  // ring is drawn under it.
  function marked(g, props) {
    var out = {};
    ["TR", "SQ", "CR", "MA"].forEach(function (k) {
      list(props[k]).forEach(function (v) { points(g, v).forEach(function (p) { out[p] = true; }); });
    });
    list(props.LB).forEach(function (v) { points(g, v.slice(0, 2)).forEach(function (p) { out[p] = true; }); });
    return out;
  }

  function stones(g, svg, geo, pos, busy) {
    for (var p = 0; p < pos.board.length; p++) {
      var c = pos.board[p];
      if (!c) { continue; }
      var s = el("circle", {
        cx: geo.x(p), cy: geo.y(p), r: R, "class": "stone " + (c === 1 ? "b" : "w")
      }, svg);
      s.setAttribute("data-p", letter(p % g.cols) + letter(Math.floor(p / g.cols)));
      if (state.numbers && pos.numbers[p] && !busy[p]) {
        var t = String(pos.numbers[p]);
        el("text", {
          x: geo.x(p), y: geo.y(p), "class": "num " + (c === 1 ? "on-b" : "on-w") + (t.length > 2 ? " small" : "")
        }, svg, t);
      }
    }
    var last = pos.last;
    if (last && last.at >= 0 && pos.board[last.at] && !state.numbers && !busy[last.at]) {
      el("circle", {
        cx: geo.x(last.at), cy: geo.y(last.at), r: R * 0.45,
        "class": "last " + (pos.board[last.at] === 1 ? "on-b" : "on-w")
      }, svg);
    }
  }

  function shape(kind, cx, cy, cls, svg) {
    var r = R * 0.55;
    if (kind === "TR") {
      el("path", { d: "M" + cx + " " + (cy - r) + "L" + (cx + r * 0.87) + " " + (cy + r / 2) + "L" + (cx - r * 0.87) + " " + (cy + r / 2) + "Z", "class": "mark " + cls }, svg);
    } else if (kind === "SQ") {
      el("rect", { x: cx - r * 0.75, y: cy - r * 0.75, width: r * 1.5, height: r * 1.5, "class": "mark " + cls }, svg);
    } else if (kind === "CR") {
      el("circle", { cx: cx, cy: cy, r: r * 0.8, "class": "mark " + cls }, svg);
    } else if (kind === "MA") {
      var a = r * 0.7;
      el("path", { d: "M" + (cx - a) + " " + (cy - a) + "L" + (cx + a) + " " + (cy + a) + "M" + (cx + a) + " " + (cy - a) + "L" + (cx - a) + " " + (cy + a), "class": "mark " + cls }, svg);
    } else if (kind === "SL") {
      el("rect", { x: cx - CW / 2, y: cy - CH / 2, width: CW, height: CH, "class": "selected" }, svg);
    } else if (kind === "DD") {
      el("rect", { x: cx - CW / 2, y: cy - CH / 2, width: CW, height: CH, "class": "dim" }, svg);
    }
  }

  function onColour(pos, p) {
    return pos.board[p] === 1 ? "on-b" : pos.board[p] === 2 ? "on-w" : "on-e";
  }

  // A paper disc under a mark or label on an empty point hides the grid.
  function clear(svg, geo, p) {
    el("circle", { cx: geo.x(p), cy: geo.y(p), r: R * 0.8, "class": "paper" }, svg);
  }

  function markup(g, svg, geo, pos, props) {
    var kinds = ["SL", "DD", "TR", "SQ", "CR", "MA"];
    for (var k = 0; k < kinds.length; k++) {
      var vs = list(props[kinds[k]]);
      for (var i = 0; i < vs.length; i++) {
        var ps = points(g, vs[i]);
        for (var j = 0; j < ps.length; j++) {
          var p = ps[j];
          if (!pos.board[p] && kinds[k] !== "SL" && kinds[k] !== "DD") { clear(svg, geo, p); }
          shape(kinds[k], geo.x(p), geo.y(p), onColour(pos, p), svg);
        }
      }
    }
    var lbs = list(props.LB);
    for (var l = 0; l < lbs.length; l++) {
      var cut = lbs[l].indexOf(":");
      if (cut !== 2) { continue; }
      var q = points(g, lbs[l].slice(0, 2))[0];
      if (q === undefined) { continue; }
      var text = lbs[l].slice(3);
      if (!pos.board[q]) { clear(svg, geo, q); }
      el("text", { x: geo.x(q), y: geo.y(q), "class": "label " + onColour(pos, q) + (text.length > 2 ? " small" : "") }, svg, text);
    }
    lines(g, svg, geo, props);
  }

  function lines(g, svg, geo, props) {
    var kinds = [["LN", "line"], ["AR", "line arrow"]];
    for (var k = 0; k < kinds.length; k++) {
      var vs = list(props[kinds[k][0]]);
      for (var i = 0; i < vs.length; i++) {
        var ends = vs[i].split(":");
        if (ends.length !== 2) { continue; }
        var a = points(g, ends[0])[0], b = points(g, ends[1])[0];
        if (a === undefined || b === undefined || a === b) { continue; }
        var line = el("line", { x1: geo.x(a), y1: geo.y(a), x2: geo.x(b), y2: geo.y(b), "class": kinds[k][1] }, svg);
        if (k === 1) { line.setAttribute("marker-end", "url(#sgfconv-arrow)"); }
      }
    }
  }

  // At a branch, the letter of each next move (A the main line's) on its
  // point, in grey, where the point is empty and carries no label.
  function choices(g, n, svg, geo, pos) {
    var kids = g.kids[n], lbs = list(g.nodes[n][1].LB).map(function (l) { return l.slice(0, 2); });
    if (kids.length < 2) { return; }
    kids.forEach(function (k, i) {
      var m = moveOf(g, g.nodes[k][1]);
      if (!m || m.at < 0 || pos.board[m.at] || lbs.indexOf(letter(m.at % g.cols) + letter(Math.floor(m.at / g.cols))) >= 0) { return; }
      clear(svg, geo, m.at);
      el("text", { x: geo.x(m.at), y: geo.y(m.at), "class": "label choice" }, svg, String.fromCharCode(65 + i % 26));
    });
  }

  function defs(svg) {
    var d = el("defs", {}, svg);
    var m = el("marker", {
      id: "sgfconv-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5,
      markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse"
    }, d);
    el("path", { d: "M0 0L10 5L0 10Z", "class": "arrowhead" }, m);
  }

  function draw(g, n, pos) {
    var geo = geometry(g);
    var svg = el("svg", {
      viewBox: "0 0 " + geo.w + " " + geo.h, role: "img",
      "aria-label": "Board after move " + g.num[n]
    });
    defs(svg);
    el("rect", { x: 0, y: 0, width: geo.w, height: geo.h, "class": "board" }, svg);
    grid(g, svg, geo);
    coordinates(g, svg, geo);
    stones(g, svg, geo, pos, marked(g, g.nodes[n][1]));
    markup(g, svg, geo, pos, g.nodes[n][1]);
    choices(g, n, svg, geo, pos);
    svg.setAttribute("data-move", g.num[n]);
    svg.setAttribute("data-node", n);
    $("board").replaceChildren(svg);
  }

  // Where the board is on the page, for tools and tests.
  function place() {
    var svg = $("board").firstChild, r = svg.getBoundingClientRect();
    svg.setAttribute("data-box", [r.left, r.top, r.width, r.height].map(Math.round).join(","));
  }

  // ---- the panels ------------------------------------------------------

  function vertex(g, p) {
    if (p < 0) { return "pass"; }
    var x = p % g.cols, y = Math.floor(p / g.cols);
    if (g.colLabels.length) { return g.colLabels[x] + g.rowLabels[y]; }
    return letter(x) + letter(y);
  }

  function moveText(g, n) {
    var m = moveOf(g, g.nodes[n][1]);
    if (!m) { return null; }
    return (m.colour === 1 ? "Black " : "White ") + vertex(g, m.at);
  }

  function status(g, n, pos) {
    var t = moveText(g, n);
    var s = n === 0 && !t ? "Start" : "Move " + g.num[n] + (t ? ": " + t : "");
    s += " \u00b7 captured by Black " + pos.captures[1] + ", by White " + pos.captures[2];
    $("status").textContent = s;
  }

  function button(text, title, onclick, current) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.title = title;
    if (current) { b.className = "current"; }
    b.addEventListener("click", onclick);
    return b;
  }

  // The moves that follow (several at a branch), and where the current
  // line left the main line.
  function variations(g, n) {
    var box = $("variations");
    box.replaceChildren();
    var kids = g.kids[n];
    if (kids.length > 1) {
      box.appendChild(document.createTextNode("Next: "));
      kids.forEach(function (k, i) {
        var label = String.fromCharCode(65 + i % 26) + " " + (moveText(g, k) || "node");
        box.appendChild(button(label, "Variation " + (i + 1) + " of " + kids.length,
          function () { go(k); }, i === g.chosen[n]));
      });
    }
    var v = branch(g, n);
    if (v >= 0) {
      var sibs = g.kids[g.parent[v]], at = sibs.indexOf(v);
      var p = document.createElement("p");
      p.textContent = "Variation " + (at + 1) + " of " + sibs.length + " at move " + g.num[v] + " (\u2191/\u2193 to switch)";
      box.appendChild(p);
    }
  }

  function comment(g, n) {
    var props = g.nodes[n][1], box = $("comment");
    box.replaceChildren();
    var name = list(props.N)[0];
    if (name) {
      var h = document.createElement("h2");
      h.textContent = name;
      box.appendChild(h);
    }
    var tags = Object.keys(MARKS).filter(function (k) { return props[k] !== undefined; });
    if (tags.length) {
      var t = document.createElement("p");
      t.className = "tags";
      t.textContent = tags.map(function (k) { return MARKS[k]; }).join(", ");
      box.appendChild(t);
    }
    var c = list(props.C)[0];
    if (c) {
      var p = document.createElement("div");
      p.className = "text";
      p.textContent = c;
      box.appendChild(p);
    }
  }

  function info(g) {
    var table = $("info");
    table.replaceChildren();
    g.info.forEach(function (pair) {
      var tr = document.createElement("tr");
      var th = document.createElement("th");
      var td = document.createElement("td");
      th.textContent = INFO[pair[0]] || pair[0];
      td.textContent = pair[1];
      tr.appendChild(th);
      tr.appendChild(td);
      table.appendChild(tr);
    });
    $("title").textContent = g.title;
  }

  // ---- the tree of variations -------------------------------------------

  // The game tree, built once a game: a dot per node (black, white, or
  // small grey for a node without a move), a column per move, a row per
  // variation (each variation gets its own row below the ones before).
  function tree(g) {
    var n = g.nodes.length, depth = new Int32Array(n), lane = new Int32Array(n), lanes = 0;
    var S = 14, dots = "", links = "";
    for (var i = 1; i < n; i++) {
      var par = g.parent[i];
      depth[i] = depth[par] + 1;
      lane[i] = g.kids[par][0] === i ? lane[par] : ++lanes;
    }
    var svg = el("svg", { width: (maxOf(depth) + 1) * S + 4, height: (lanes + 1) * S + 4, "class": "tree" });
    g.treeAt = function (k) { return [2 + S / 2 + depth[k] * S, 2 + S / 2 + lane[k] * S]; };
    for (var k = 0; k < n; k++) {
      var c = g.treeAt(k);
      if (k > 0) {
        var p = g.treeAt(g.parent[k]);
        links += "M" + p[0] + " " + p[1] + (lane[k] === lane[g.parent[k]] ? "" : "V" + c[1]) + "L" + c[0] + " " + c[1];
      }
      var m = moveOf(g, g.nodes[k][1]);
      dots += "<circle data-n=\"" + k + "\" cx=\"" + c[0] + "\" cy=\"" + c[1] + "\" r=\"" + (m ? 4.5 : 3) + "\" class=\"" + (m ? (m.colour === 1 ? "tb" : "tw") : "te") + "\"/>";
    }
    el("path", { d: links, "class": "tl" }, svg);
    var g1 = el("g", {}, svg);
    g1.innerHTML = dots;
    g.treeHere = el("circle", { r: 6.5, "class": "here" }, svg);
    svg.addEventListener("click", function (e) {
      var t = e.target.getAttribute && e.target.getAttribute("data-n");
      if (t !== null && t !== undefined) { go(parseInt(t, 10)); }
    });
    $("tree").replaceChildren(svg);
  }

  function maxOf(a) {
    var m = 0;
    for (var i = 0; i < a.length; i++) { m = Math.max(m, a[i]); }
    return m;
  }

  // Rings the current node in the tree and scrolls it into view.
  function treeMark(g, n) {
    var c = g.treeAt(n), box = $("tree");
    g.treeHere.setAttribute("cx", c[0]);
    g.treeHere.setAttribute("cy", c[1]);
    if (c[0] < box.scrollLeft + 20 || c[0] > box.scrollLeft + box.clientWidth - 20) {
      box.scrollLeft = c[0] - box.clientWidth / 2;
    }
    if (c[1] < box.scrollTop + 10 || c[1] > box.scrollTop + box.clientHeight - 10) {
      box.scrollTop = c[1] - box.clientHeight / 2;
    }
  }

  // ---- navigation ------------------------------------------------------

  // The end of the line through n, following the chosen variations.
  function lineEnd(g, n) {
    while (g.kids[n].length) { n = g.kids[n][g.chosen[n]] || g.kids[n][0]; }
    return n;
  }

  // The nearest node from n up that has siblings, or -1.
  function branch(g, n) {
    for (; n > 0; n = g.parent[n]) {
      if (g.kids[g.parent[n]].length > 1) { return n; }
    }
    return -1;
  }

  function render() {
    var g = state.g, n = state.cur, pos = position(g, n);
    draw(g, n, pos);
    status(g, n, pos);
    variations(g, n);
    comment(g, n);
    var line = path(g, lineEnd(g, n));
    var slider = $("slider");
    slider.max = line.length - 1;
    slider.value = path(g, n).length - 1;
    treeMark(g, n);
    place();
  }

  function go(n) {
    var g = state.g;
    for (var c = n; c > 0; c = g.parent[c]) {
      g.chosen[g.parent[c]] = g.kids[g.parent[c]].indexOf(c);
    }
    state.cur = n;
    render();
  }

  function forward(steps) {
    var g = state.g, n = state.cur;
    for (var i = 0; i < steps && g.kids[n].length; i++) { n = g.kids[n][g.chosen[n]]; }
    go(n);
  }

  function back(steps) {
    var g = state.g, n = state.cur;
    for (var i = 0; i < steps && n > 0; i++) { n = g.parent[n]; }
    go(n);
  }

  function switchVariation(step) {
    var g = state.g, v = branch(g, state.cur);
    if (v < 0) { return; }
    var sibs = g.kids[g.parent[v]];
    var i = (sibs.indexOf(v) + step + sibs.length) % sibs.length;
    go(sibs[i]);
  }

  function toSlider() {
    var g = state.g, line = path(g, lineEnd(g, state.cur));
    var i = parseInt($("slider").value, 10);
    go(line[Math.max(0, Math.min(i, line.length - 1))]);
  }

  // The first node of the current line with move number n (or its end).
  function toMove(n) {
    var g = state.g, c = 0;
    while (g.num[c] < n && g.kids[c].length) { c = g.kids[c][g.chosen[c]]; }
    go(c);
  }

  var KEYS = {
    ArrowRight: function () { forward(1); },
    ArrowLeft: function () { back(1); },
    Home: function () { go(0); },
    End: function () { go(lineEnd(state.g, state.cur)); },
    ArrowUp: function () { switchVariation(-1); },
    ArrowDown: function () { switchVariation(1); },
    PageDown: function () { forward(10); },
    PageUp: function () { back(10); }
  };

  // Only KEYS' own keys: never what every object inherits
  // (`hasOwnProperty`, `constructor`), which a key name or an address can
  // name.
  function onKey(e) {
    var f = Object.prototype.hasOwnProperty.call(KEYS, e.key) ? KEYS[e.key] : null;
    var tag = e.target && e.target.tagName;
    if (!f || e.altKey || e.ctrlKey || e.metaKey || tag === "SELECT" || tag === "TEXTAREA") { return; }
    e.preventDefault();
    f();
  }

  function selectGame(i) {
    state.gi = i;
    state.g = DATA.games[i];
    $("game").value = String(i);
    info(state.g);
    tree(state.g);
    go(0);
  }

  // ---- start -----------------------------------------------------------

  function decode(v) {
    try { return decodeURIComponent(v); } catch (e) { return ""; }
  }

  // #game=G&move=N&numbers=1&keys=ArrowRight*3,ArrowLeft: where to start.
  function fromHash() {
    var h = Object.create(null);
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) {
      var i = kv.indexOf("=");
      if (i > 0) { h[kv.slice(0, i)] = decode(kv.slice(i + 1)); }
    });
    var gi = parseInt(h.game, 10);
    selectGame(gi >= 1 && gi <= DATA.games.length ? gi - 1 : 0);
    if (h.numbers === "1") { $("numbers").checked = true; state.numbers = true; render(); }
    var mv = parseInt(h.move, 10);
    if (mv >= 0) { toMove(mv); }
    (h.keys ? h.keys.split(",") : []).forEach(function (k) {
      var parts = k.split("*"), times = parseInt(parts[1], 10) || 1;
      for (var i = 0; i < Math.min(times, 10000); i++) {
        document.body.dispatchEvent(new KeyboardEvent("keydown", { key: parts[0], bubbles: true, cancelable: true }));
      }
    });
  }

  function start() {
    DATA.games.forEach(prepare);
    var sel = $("game");
    DATA.games.forEach(function (g, i) {
      var o = document.createElement("option");
      o.value = String(i);
      o.textContent = (i + 1) + ". " + g.title;
      sel.appendChild(o);
    });
    sel.hidden = DATA.games.length < 2;
    sel.addEventListener("change", function () { selectGame(parseInt(sel.value, 10)); });
    $("first").addEventListener("click", KEYS.Home);
    $("back10").addEventListener("click", KEYS.PageUp);
    $("prev").addEventListener("click", KEYS.ArrowLeft);
    $("next").addEventListener("click", KEYS.ArrowRight);
    $("fwd10").addEventListener("click", KEYS.PageDown);
    $("last").addEventListener("click", KEYS.End);
    $("varup").addEventListener("click", KEYS.ArrowUp);
    $("vardown").addEventListener("click", KEYS.ArrowDown);
    $("slider").addEventListener("input", toSlider);
    $("numbers").addEventListener("change", function () { state.numbers = $("numbers").checked; render(); });
    document.addEventListener("keydown", onKey);
    window.addEventListener("hashchange", fromHash);
    fromHash();
  }

  start();
}());
