// pdnkit report: the findings table (filters, sorting) and the game viewer. Positions are
// played here from each game's moves; the viewer's state is in data- attributes of #viewer
// (data-game, data-ply, data-fen) for anyone who reads the page.
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const D = JSON.parse(document.getElementById("pdnkit-data").textContent);
  const S = D.style;
  const $ = (id) => document.getElementById(id);
  const viewer = $("viewer");
  const boardBox = $("board");
  const movesBox = $("moves");
  const findingBox = $("finding-box");
  const gameSelect = $("game-select");
  const rows = Array.from(document.querySelectorAll("#findings tbody tr"));
  const state = { game: -1, ply: 0, flip: false, finding: -1, variation: null, positions: [] };

  // Positions: a side to move ("W" or "B") and one character per square.
  function decode(code) {
    return { side: code[0], squares: code.slice(1).split("") };
  }

  function play(pos, m) {
    if (m.s) return decode(m.s);
    const sq = pos.squares.slice();
    const piece = sq[m.f];
    sq[m.f] = ".";
    for (const c of m.c || []) sq[c] = ".";
    sq[m.o] = m.k ? piece.toUpperCase() : piece;
    return { side: pos.side === "W" ? "B" : "W", squares: sq };
  }

  // The FEN pdnkit writes: men in FEN order (runs of three or more numbers as ranges), then
  // kings, White's list first.
  function fen(board, pos, extra) {
    let out = pos.side;
    for (const [letter, man, king] of [["W", "w", "W"], ["B", "b", "B"]]) {
      const items = [];
      const kings = [];
      let run = null;
      const flush = () => {
        if (!run) return;
        const [a, b] = [board.names[run.a], board.names[run.b]];
        if (run.n >= 3) items.push(a + "-" + b);
        else if (run.n === 2) items.push(a, b);
        else items.push(a);
        run = null;
      };
      for (const sq of board.order) {
        const p = pos.squares[sq];
        if (p === king) kings.push("K" + board.names[sq]);
        if (p !== man) continue;
        if (run && board.numeric && Number(board.names[sq]) === Number(board.names[run.b]) + 1) {
          run.b = sq;
          run.n += 1;
          continue;
        }
        flush();
        run = { a: sq, b: sq, n: 1 };
      }
      flush();
      out += ":" + letter + items.concat(kings).join(",");
    }
    return extra ? out + ":" + extra : out;
  }

  function el(name, attrs) {
    const e = document.createElementNS(SVG, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }

  function centre(board, sq) {
    const [x, y] = board.centres[sq];
    return state.flip ? [board.width - x, board.height - y] : [x, y];
  }

  function square(board, sq, fill) {
    const [x, y] = centre(board, sq);
    const half = S.square / 2;
    return el("rect", { x: x - half, y: y - half, width: S.square, height: S.square, fill: fill, opacity: 0.55 });
  }

  // An arrow through the centres of `route`, its line stopping under the head (as pdnkit's
  // SVG diagrams draw it).
  function arrow(board, route, colour, head) {
    const pts = [];
    for (const sq of route) {
      const p = centre(board, sq);
      const last = pts[pts.length - 1];
      if (!last || last[0] !== p[0] || last[1] !== p[1]) pts.push(p);
    }
    if (pts.length < 2) return null;
    const [x1, y1] = pts[pts.length - 1];
    const [x0, y0] = pts[pts.length - 2];
    const len = Math.hypot(x1 - x0, y1 - y0);
    const back = Math.min(S.arrow_back, len / 2);
    pts[pts.length - 1] = [x1 - ((x1 - x0) * back) / len, y1 - ((y1 - y0) * back) / len];
    return el("polyline", {
      points: pts.map((p) => p[0].toFixed(2) + "," + p[1].toFixed(2)).join(" "),
      fill: "none", stroke: colour, "stroke-width": S.arrow_width, "stroke-linejoin": "round",
      opacity: 0.85, "marker-end": "url(#" + head + ")",
    });
  }

  function use(board, id, sq) {
    const [x, y] = centre(board, sq);
    return el("use", { href: "#" + id, x: x, y: y });
  }

  // The finding shown on the board at the current position, if any: the one chosen, else the
  // first of the game at this ply.
  function shownFinding() {
    const g = D.games[state.game];
    if (state.variation !== null) return state.variation;
    const here = (i) => D.findings[i].board && D.findings[i].board.at === state.ply;
    if (state.finding >= 0 && D.findings[state.finding].game === state.game && here(state.finding))
      return state.finding;
    const first = g.findings.find(here);
    return first === undefined ? -1 : first;
  }

  function draw() {
    const g = D.games[state.game];
    const board = D.boards[g.board];
    const fi = shownFinding();
    const f = fi >= 0 ? D.findings[fi] : null;
    const inVariation = state.variation !== null;
    const pos = inVariation ? decode(f.board.position) : state.positions[state.ply];
    const svg = el("svg", { viewBox: "0 0 " + board.width + " " + board.height, role: "img" });
    svg.innerHTML = board.board[state.flip ? 1 : 0];
    const last = !inVariation && state.ply > 0 ? g.plies[state.ply - 1] : null;
    if (last) {
      svg.appendChild(square(board, last.f, S.last_move_tint));
      svg.appendChild(square(board, last.o, S.last_move_tint));
    }
    pos.squares.forEach((p, sq) => {
      if (p !== ".") svg.appendChild(use(board, S.pieces[p], sq));
    });
    svg.insertAdjacentHTML("beforeend", board.labels[state.flip ? 1 : 0]);
    if (f) {
      for (const sq of f.board.captured) svg.appendChild(use(board, S.marker, sq));
      const written = arrow(board, f.board.written, S.written_colour, S.written);
      if (written) svg.appendChild(written);
      const required = arrow(board, f.board.required, S.required_colour, S.required);
      if (required) svg.appendChild(required);
    } else if (last) {
      for (const sq of last.c || []) svg.appendChild(use(board, S.marker, sq));
    }
    boardBox.replaceChildren(svg);
    const extra = inVariation ? null : state.ply > 0 ? g.plies[state.ply - 1].x : null;
    viewer.dataset.game = state.game;
    viewer.dataset.ply = state.ply;
    viewer.dataset.fen = fen(board, pos, extra);
    showFinding(f);
    for (const span of movesBox.querySelectorAll("[data-ply]")) {
      span.classList.toggle("current", Number(span.dataset.ply) === state.ply && !inVariation);
    }
  }

  function showFinding(f) {
    findingBox.replaceChildren();
    findingBox.className = f ? f.severity : "";
    if (!f) return;
    const line = (cls, text) => {
      const p = document.createElement("p");
      if (cls) p.className = cls;
      p.textContent = text;
      findingBox.appendChild(p);
      return p;
    };
    line("sev " + f.severity, f.severity + "[" + f.code + "]");
    line("", f.message);
    line("where", f.place + (f.about ? " \u2014 " + f.about : ""));
    const pre = document.createElement("pre");
    pre.textContent = f.excerpt + "\n" + " ".repeat(f.caret[0]) + "^".repeat(f.caret[1]);
    findingBox.appendChild(pre);
    if (f.board && (f.board.written.length || f.board.required.length)) {
      const parts = [];
      if (f.board.written.length) parts.push("red: the move written");
      if (f.board.captured.length) parts.push("crosses: the pieces it takes");
      if (f.board.required.length) parts.push("green: a move the rules require");
      line("legend", "Before the move. " + parts.join("; ") + ".");
    }
  }

  function moveList(g) {
    movesBox.replaceChildren();
    const bad = new Map();
    for (const i of g.findings) {
      const b = D.findings[i].board;
      if (b && b.at !== null && D.findings[i].about && !b.position) {
        bad.set(b.at + 1, (bad.get(b.at + 1) || []).concat(D.findings[i].code));
      }
    }
    const start = document.createElement("span");
    start.className = "start";
    start.dataset.ply = 0;
    start.textContent = "start";
    movesBox.appendChild(start);
    g.plies.forEach((m, i) => {
      if (m.n) {
        const num = document.createElement("span");
        num.className = "num";
        num.textContent = m.n;
        movesBox.appendChild(num);
      }
      movesBox.appendChild(document.createTextNode(" "));
      const span = document.createElement("span");
      span.className = "ply";
      span.dataset.ply = i + 1;
      span.textContent = m.t;
      const codes = bad.get(i + 1);
      if (codes) {
        span.classList.add("bad");
        span.title = codes.join(", ");
      }
      movesBox.appendChild(span);
    });
    // A move the replay could not play ends the list, marked, leading to the position before it.
    for (const i of g.findings) {
      const f = D.findings[i];
      if (!f.text || !f.board || f.board.position || f.board.at !== g.plies.length) continue;
      const span = document.createElement("span");
      span.className = "ply bad unplayed";
      span.dataset.to = g.plies.length;
      span.title = f.code + " (not played)";
      span.textContent = f.text;
      movesBox.append(" ", span);
      break;
    }
  }

  function loadGame(gi) {
    if (gi === state.game) return;
    const g = D.games[gi];
    state.game = gi;
    state.positions = [decode(g.start)];
    for (const m of g.plies) state.positions.push(play(state.positions[state.positions.length - 1], m));
    gameSelect.value = String(gi);
    moveList(g);
  }

  function goTo(ply) {
    if (state.game < 0) return;
    const n = D.games[state.game].plies.length;
    state.ply = Math.max(0, Math.min(n, ply));
    state.variation = null;
    draw();
  }

  function noBoard(why) {
    state.game = -1;
    gameSelect.value = "";
    movesBox.replaceChildren();
    const p = document.createElement("p");
    p.className = "empty";
    p.textContent = why;
    boardBox.replaceChildren(p);
    delete viewer.dataset.game;
    delete viewer.dataset.ply;
    delete viewer.dataset.fen;
  }

  function chooseFinding(i) {
    const f = D.findings[i];
    state.finding = i;
    for (const r of rows) r.classList.toggle("chosen", Number(r.dataset.finding) === i);
    if (f.game === null) {
      noBoard("No board: the game was not replayed.");
      showFinding(f);
      return;
    }
    loadGame(f.game);
    if (!f.board) {
      goTo(0);
      showFinding(f);
      return;
    }
    if (f.board.position) {
      state.ply = Math.min(f.board.at === null ? 0 : f.board.at, D.games[f.game].plies.length);
      state.variation = i;
      draw();
    } else {
      goTo(f.board.at);
    }
  }

  // The table: filters, sorting, choosing a finding.
  function applyFilters() {
    const chosen = {};
    for (const s of document.querySelectorAll("select[data-filter]")) chosen[s.dataset.filter] = s.value;
    let shown = 0;
    for (const r of rows) {
      const keep = Object.keys(chosen).every((k) => !chosen[k] || r.dataset[k] === chosen[k]);
      r.hidden = !keep;
      if (keep) shown += 1;
    }
    $("shown").textContent = shown + " of " + rows.length + " findings";
  }

  function sortBy(th) {
    const col = Array.from(th.parentNode.children).indexOf(th);
    const numeric = th.dataset.type === "num";
    const ascending = th.getAttribute("aria-sort") !== "ascending";
    for (const other of th.parentNode.children) other.removeAttribute("aria-sort");
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    const key = (r) => {
      const td = r.children[col];
      const v = td.dataset.v !== undefined ? td.dataset.v : td.textContent;
      return numeric ? Number(v) : v.toLowerCase();
    };
    const sorted = rows.slice().sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const c = x < y ? -1 : x > y ? 1 : Number(a.dataset.finding) - Number(b.dataset.finding);
      return ascending ? c : -c;
    });
    const body = document.querySelector("#findings tbody");
    for (const r of sorted) body.appendChild(r);
  }

  function fromHash() {
    const m = /^#f(\d+)$/.exec(location.hash);
    if (m && Number(m[1]) >= 1 && Number(m[1]) <= D.findings.length) {
      chooseFinding(Number(m[1]) - 1);
      return true;
    }
    return false;
  }

  for (const s of document.querySelectorAll("select[data-filter]")) s.addEventListener("change", applyFilters);
  for (const th of document.querySelectorAll("#findings thead th")) th.addEventListener("click", () => sortBy(th));
  for (const r of rows) {
    r.addEventListener("click", (e) => {
      if (e.target.tagName === "A") return;
      chooseFinding(Number(r.dataset.finding));
    });
  }
  window.addEventListener("hashchange", fromHash);
  gameSelect.addEventListener("change", () => {
    state.finding = -1;
    loadGame(Number(gameSelect.value));
    goTo(0);
    gameSelect.blur();
  });
  movesBox.addEventListener("click", (e) => {
    const d = e.target.dataset || {};
    const ply = d.ply !== undefined ? d.ply : d.to;
    if (ply !== undefined) goTo(Number(ply));
  });
  $("first").addEventListener("click", () => goTo(0));
  $("prev").addEventListener("click", () => goTo(state.ply - 1));
  $("next").addEventListener("click", () => goTo(state.ply + 1));
  $("last").addEventListener("click", () => goTo(Infinity));
  $("flip").addEventListener("click", () => {
    state.flip = !state.flip;
    if (state.game >= 0) draw();
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    const step = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: Infinity }[e.key];
    if (step === undefined || state.game < 0) return;
    e.preventDefault();
    goTo(step);
  });

  applyFilters();
  if (!fromHash()) {
    if (D.findings.length) chooseFinding(0);
    else if (D.games.length) {
      loadGame(0);
      goTo(0);
    } else noBoard("No game to show.");
  }
  document.body.dataset.ready = "1";
  document.body.dataset.initMs = Math.round(performance.now());
})();
