// pdnkit report: the findings table (paged, filtered, sorted) and the game viewer. The games
// come as compact JSON (see the report's data.rs): each its start and its moves, one word a
// move, played here; a finding's board is a ply of its game. The viewer's state is in data-
// attributes of #viewer (data-game, data-ply, data-fen) for anyone who reads the page.
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  const M = JSON.parse($("pdnkit-meta").textContent);
  const S = M.style;
  const SEVERITIES = ["note", "warning", "error"];
  const REPAIR_STATUS = ["not confirmed", "confirmed (fix changes main lines only)", "confirmed: pdnkit fix applies it"];
  const viewer = $("viewer");
  const boardBox = $("board");
  const movesBox = $("moves");
  const findingBox = $("finding-box");
  const body = document.querySelector("#findings tbody");

  // The games, from every data element; the elements go once read.
  const games = [];
  for (const el of Array.from(document.querySelectorAll("script.pdnkit-games"))) {
    for (const g of JSON.parse(el.textContent)) games.push(g);
    el.remove();
  }
  // A game's fields (see data.rs).
  const G = { file: 0, number: 1, white: 2, black: 3, variant: 4, board: 5, start: 6, firstNumber: 7, moves: 8, findings: 9 };
  // A finding's fields.
  const F = { line: 0, column: 1, severity: 2, code: 3, message: 4, ply: 5, variation: 6, written: 7, boardText: 8, excerpt: 9, caretAt: 10, caretLength: 11, board: 12, repairs: 13 };
  const SQ = {};
  for (let i = 0; i < M.squares.length; i++) SQ[M.squares[i]] = i;

  // Every finding, numbered in page order: its game and its place among the game's findings.
  let total = 0;
  for (const g of games) total += g[G.findings].length;
  const findingGame = new Int32Array(total);
  const findingIndex = new Int32Array(total);
  const gameFirst = new Int32Array(games.length);
  {
    let n = 0;
    games.forEach((g, gi) => {
      gameFirst[gi] = n;
      g[G.findings].forEach((_, i) => {
        findingGame[n] = gi;
        findingIndex[n] = i;
        n += 1;
      });
    });
  }
  const finding = (n) => games[findingGame[n]][G.findings][findingIndex[n]];
  // The page checks its data against the counts made while it was written.
  if (total !== M.findings) console.error("pdnkit report: " + total + " findings in the data, " + M.findings + " written");
  {
    const counts = {};
    for (let n = 0; n < total; n++) {
      const code = M.codes[finding(n)[F.code]];
      counts[code] = (counts[code] || 0) + 1;
    }
    for (const code of new Set(Object.keys(counts).concat(Object.keys(M.counts)))) {
      if (counts[code] !== M.counts[code]) console.error("pdnkit report: " + code + ": " + counts[code] + " findings in the data, " + M.counts[code] + " counted");
    }
  }
  // The games the viewer can show, in page order.
  const viewable = [];
  games.forEach((g, gi) => {
    if (g[G.board] !== null) viewable.push(gi);
  });

  const state = { game: -1, ply: 0, flip: false, finding: -1, variation: null, positions: [], plies: [] };

  // Positions: a side to move ("W" or "B") and one character per square.
  function decode(code) {
    return { side: code[0], squares: code.slice(1).split("") };
  }

  // A move's word (see viewer.rs): squares, then marked parts.
  function parseMove(word) {
    const m = { f: SQ[word[0]], o: SQ[word[1]], c: [], k: false };
    let i = 2;
    while (i < word.length && SQ[word[i]] !== undefined) m.c.push(SQ[word[i++]]);
    while (i < word.length) {
      const mark = word[i];
      let j = i + 1;
      if (mark === "*") {
        m.k = true;
        i = j;
        continue;
      }
      // A part runs to the next mark; a move's texts (| and ~) come last, ~ after |.
      const ends = mark === "~" ? [] : mark === "|" ? ["~"] : ["#", "=", "^", "|", "~"];
      while (j < word.length && !ends.includes(word[j])) j++;
      const part = word.slice(i + 1, j);
      if (mark === "#") m.n = Number(part);
      else if (mark === "=") m.s = part;
      else if (mark === "^") m.x = part;
      else if (mark === "|") m.shown = part;
      else if (mark === "~") m.written = part;
      i = j;
    }
    return m;
  }

  function play(pos, m) {
    if (m.s) return decode(m.s);
    const sq = pos.squares.slice();
    const piece = sq[m.f];
    sq[m.f] = ".";
    for (const c of m.c) sq[c] = ".";
    sq[m.o] = m.k ? piece.toUpperCase() : piece;
    return { side: pos.side === "W" ? "B" : "W", squares: sq };
  }

  // A game's moves, with their texts and numbers as the move list shows them.
  function gameMoves(g) {
    const board = M.boards[g[G.board]];
    const words = g[G.moves] ? g[G.moves].split(" ") : [];
    let number = g[G.firstNumber];
    const start = g[G.start];
    let pos = decode(typeof start === "number" ? M.starts[start] : start);
    const positions = [pos];
    const plies = words.map((word, i) => {
      const m = parseMove(word);
      if (m.n !== undefined) number = m.n;
      const side = pos.side;
      m.label = side === board.first ? number + "." : i === 0 ? number + "..." : null;
      if (side !== board.first) number += 1;
      const plain = board.names[m.f] + (m.c.length ? board.separator : "-") + board.names[m.o];
      if (m.shown === undefined) m.shown = plain;
      if (m.written === undefined) m.written = m.shown;
      pos = play(pos, m);
      positions.push(pos);
      return m;
    });
    return { plies: plies, positions: positions };
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

  function html(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
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

  const route = (text) => Array.from(text, (c) => SQ[c]);

  // An arrow through the centres of `squares`, its line stopping under the head (as pdnkit's
  // SVG diagrams draw it).
  function arrow(board, squares, colour, head) {
    const pts = [];
    for (const sq of squares) {
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
  // first of the game at this ply. Findings are numbered in page order.
  function shownFinding() {
    if (state.variation !== null) return state.variation;
    const count = games[state.game][G.findings].length;
    const here = (n) => {
      const b = finding(n)[F.board];
      return b !== null && b[1] === null && b[0] === state.ply;
    };
    if (state.finding >= 0 && findingGame[state.finding] === state.game && here(state.finding)) return state.finding;
    for (let n = gameFirst[state.game]; n < gameFirst[state.game] + count; n++) if (here(n)) return n;
    return -1;
  }

  function draw() {
    const g = games[state.game];
    const board = M.boards[g[G.board]];
    const fi = shownFinding();
    const f = fi >= 0 ? finding(fi) : null;
    const fb = f ? f[F.board] : null;
    const inVariation = state.variation !== null;
    const pos = inVariation ? decode(fb[1]) : state.positions[state.ply];
    const svg = el("svg", { viewBox: "0 0 " + board.width + " " + board.height, role: "img" });
    svg.innerHTML = board.board[state.flip ? 1 : 0];
    const last = !inVariation && state.ply > 0 ? state.plies[state.ply - 1] : null;
    if (last) {
      svg.appendChild(square(board, last.f, S.last_move_tint));
      svg.appendChild(square(board, last.o, S.last_move_tint));
    }
    pos.squares.forEach((p, sq) => {
      if (p !== ".") svg.appendChild(use(board, S.pieces[p], sq));
    });
    svg.insertAdjacentHTML("beforeend", board.labels[state.flip ? 1 : 0]);
    if (fb) {
      for (const sq of route(fb[3])) svg.appendChild(use(board, S.marker, sq));
      const written = arrow(board, route(fb[2]), S.written_colour, S.written);
      if (written) svg.appendChild(written);
      const required = arrow(board, route(fb[4]), S.required_colour, S.required);
      if (required) svg.appendChild(required);
    } else if (last) {
      for (const sq of last.c) svg.appendChild(use(board, S.marker, sq));
    }
    boardBox.replaceChildren(svg);
    const extra = inVariation ? null : state.ply > 0 ? state.plies[state.ply - 1].x : null;
    viewer.dataset.game = state.game;
    viewer.dataset.ply = state.ply;
    viewer.dataset.fen = fen(board, pos, extra);
    showFinding(fi);
    for (const span of movesBox.querySelectorAll("[data-ply]")) {
      span.classList.toggle("current", Number(span.dataset.ply) === state.ply && !inVariation);
    }
  }

  function place(g, f) {
    return M.files[g[G.file]] + ":" + f[F.line] + ":" + f[F.column];
  }

  // `ply 12: c3-d4 (written 22-18)`, when the finding is about a move.
  function about(f) {
    if (f[F.ply] === null) return null;
    const where = f[F.variation] > 0 ? " in a variation" : "";
    const written = f[F.written] || "";
    const move = f[F.boardText] ? f[F.boardText] + " (written " + written + ")" : written;
    return "ply " + f[F.ply] + where + ": " + move;
  }

  function repairList(f, cls) {
    const list = html("ul", cls);
    for (const [text, status] of f[F.repairs]) {
      const li = html("li", "repair s" + status);
      li.dataset.status = status;
      li.appendChild(html("span", "text", text));
      li.appendChild(html("span", "status", REPAIR_STATUS[status]));
      list.appendChild(li);
    }
    return list;
  }

  function showFinding(n) {
    findingBox.replaceChildren();
    if (n < 0) {
      findingBox.className = "";
      return;
    }
    const g = games[findingGame[n]];
    const f = finding(n);
    const severity = SEVERITIES[f[F.severity]];
    findingBox.className = severity;
    findingBox.appendChild(html("p", "sev " + severity, severity + "[" + M.codes[f[F.code]] + "]"));
    findingBox.appendChild(html("p", "message", f[F.message]));
    const a = about(f);
    findingBox.appendChild(html("p", "where", place(g, f) + (a ? " \u2014 " + a : "")));
    const pre = html("pre", "", f[F.excerpt] + "\n" + " ".repeat(f[F.caretAt]) + "^".repeat(f[F.caretLength]));
    findingBox.appendChild(pre);
    if (f[F.repairs].length) findingBox.appendChild(repairList(f, "repairs"));
    const b = f[F.board];
    if (b && (b[2] || b[4])) {
      const parts = [];
      if (b[2]) parts.push("red: the move written");
      if (b[3]) parts.push("crosses: the pieces it takes");
      if (b[4]) parts.push("green: a move the rules require");
      findingBox.appendChild(html("p", "legend", "Before the move. " + parts.join("; ") + "."));
    }
  }

  function moveList(gi) {
    const g = games[gi];
    movesBox.replaceChildren();
    const bad = new Map();
    const count = g[G.findings].length;
    for (let n = gameFirst[gi]; n < gameFirst[gi] + count; n++) {
      const f = finding(n);
      const b = f[F.board];
      if (b && b[0] !== null && f[F.ply] !== null && b[1] === null) {
        bad.set(b[0] + 1, (bad.get(b[0] + 1) || []).concat(M.codes[f[F.code]]));
      }
    }
    const start = html("span", "start", "start");
    start.dataset.ply = 0;
    movesBox.appendChild(start);
    state.plies.forEach((m, i) => {
      if (m.label) movesBox.appendChild(html("span", "num", m.label));
      movesBox.appendChild(document.createTextNode(" "));
      const span = html("span", "ply", m.shown);
      span.dataset.ply = i + 1;
      const titles = [];
      if (m.written !== m.shown) titles.push("written " + m.written);
      const codes = bad.get(i + 1);
      if (codes) {
        span.classList.add("bad");
        titles.push(codes.join(", "));
      }
      if (titles.length) span.title = titles.join("; ");
      movesBox.appendChild(span);
    });
    // A move the replay could not play ends the list, marked, leading to the position before it.
    for (let n = gameFirst[gi]; n < gameFirst[gi] + count; n++) {
      const f = finding(n);
      const b = f[F.board];
      if (!f[F.written] || !b || b[1] !== null || b[0] !== state.plies.length) continue;
      const span = html("span", "ply bad unplayed", f[F.boardText] || f[F.written]);
      span.dataset.to = state.plies.length;
      span.title = M.codes[f[F.code]] + " (not played)" + (f[F.boardText] ? "; written " + f[F.written] : "");
      movesBox.append(" ", span);
      break;
    }
  }

  function gameTitle(g) {
    const count = g[G.findings].length;
    const findings = count === 0 ? "" : count === 1 ? " (1 finding)" : " (" + count + " findings)";
    return M.files[g[G.file]] + " #" + g[G.number] + ": " + players(g) + findings;
  }

  function players(g) {
    return (g[G.white] === null ? "?" : g[G.white]) + " \u2013 " + (g[G.black] === null ? "?" : g[G.black]);
  }

  function loadGame(gi) {
    if (gi === state.game) return;
    const g = games[gi];
    state.game = gi;
    const moves = gameMoves(g);
    state.plies = moves.plies;
    state.positions = moves.positions;
    $("game-title").textContent = gameTitle(g);
    $("game-number").value = g[G.number];
    moveList(gi);
  }

  function goTo(ply) {
    if (state.game < 0) return;
    state.ply = Math.max(0, Math.min(state.plies.length, ply));
    state.variation = null;
    draw();
  }

  function noBoard(why) {
    state.game = -1;
    movesBox.replaceChildren();
    boardBox.replaceChildren(html("p", "empty", why));
    delete viewer.dataset.game;
    delete viewer.dataset.ply;
    delete viewer.dataset.fen;
  }

  function showGame(gi) {
    state.finding = -1;
    loadGame(gi);
    goTo(0);
  }

  function chooseFinding(n) {
    const gi = findingGame[n];
    const g = games[gi];
    const f = finding(n);
    state.finding = n;
    for (const r of body.children) r.classList.toggle("chosen", Number(r.dataset.finding) === n);
    if (g[G.board] === null) {
      noBoard("No board: the game was not replayed.");
      $("game-title").textContent = gameTitle(g);
      showFinding(n);
      return;
    }
    loadGame(gi);
    const b = f[F.board];
    if (!b) {
      goTo(0);
      showFinding(n);
      return;
    }
    if (b[1] !== null) {
      state.ply = 0;
      state.variation = n;
      draw();
    } else {
      goTo(b[0]);
    }
  }

  // The table: a page of the findings kept by the filters, in the order chosen.
  const table = { rows: null, page: 0, size: 100, sort: null, ascending: true };

  const KEYS = {
    n: (n) => n,
    place: (n) => [games[findingGame[n]][G.file], finding(n)[F.line], finding(n)[F.column]],
    game: (n) => [games[findingGame[n]][G.file], games[findingGame[n]][G.number]],
    players: (n) => players(games[findingGame[n]]).toLowerCase(),
    variant: (n) => M.variants[games[findingGame[n]][G.variant]],
    ply: (n) => (finding(n)[F.ply] === null ? -1 : finding(n)[F.ply]),
    code: (n) => M.codes[finding(n)[F.code]],
    message: (n) => finding(n)[F.message].toLowerCase(),
  };

  function compare(x, y) {
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
      return 0;
    }
    return x < y ? -1 : x > y ? 1 : 0;
  }

  function filterValue(name, n) {
    if (name === "code") return M.codes[finding(n)[F.code]];
    if (name === "severity") return SEVERITIES[finding(n)[F.severity]];
    return M.variants[games[findingGame[n]][G.variant]];
  }

  function applyFilters() {
    const chosen = [];
    for (const s of document.querySelectorAll("select[data-filter]")) if (s.value) chosen.push([s.dataset.filter, s.value]);
    const kept = [];
    for (let n = 0; n < total; n++) {
      if (chosen.every(([k, v]) => filterValue(k, n) === v)) kept.push(n);
    }
    table.rows = Int32Array.from(kept);
    if (table.sort) sortRows();
    table.page = 0;
    $("shown").textContent = kept.length + " of " + total + " findings";
    render();
  }

  function sortRows() {
    const key = KEYS[table.sort];
    const keys = new Map();
    for (const n of table.rows) keys.set(n, key(n));
    const sign = table.ascending ? 1 : -1;
    table.rows.sort((a, b) => sign * (compare(keys.get(a), keys.get(b)) || a - b));
  }

  function sortBy(th) {
    const key = th.dataset.key;
    table.ascending = !(table.sort === key && table.ascending);
    table.sort = key;
    for (const other of th.parentNode.children) other.removeAttribute("aria-sort");
    th.setAttribute("aria-sort", table.ascending ? "ascending" : "descending");
    sortRows();
    table.page = 0;
    render();
  }

  function pages() {
    return Math.max(1, Math.ceil(table.rows.length / table.size));
  }

  function cell(tr, text, cls) {
    const td = html("td", cls, text);
    tr.appendChild(td);
    return td;
  }

  function row(n) {
    const g = games[findingGame[n]];
    const f = finding(n);
    const tr = document.createElement("tr");
    const severity = SEVERITIES[f[F.severity]];
    const code = M.codes[f[F.code]];
    tr.id = "f" + (n + 1);
    tr.dataset.finding = n;
    tr.dataset.code = code;
    tr.dataset.severity = severity;
    tr.dataset.variant = M.variants[g[G.variant]];
    const link = html("a", "", String(n + 1));
    link.href = "#f" + (n + 1);
    cell(tr, "").appendChild(link);
    cell(tr, place(g, f), "place");
    cell(tr, String(g[G.number]));
    cell(tr, players(g));
    cell(tr, M.variants[g[G.variant]]);
    cell(tr, f[F.ply] === null ? "" : String(f[F.ply]));
    const c = cell(tr, "");
    const badge = html("code", "sev " + severity, code);
    badge.title = severity;
    c.appendChild(badge);
    const m = cell(tr, "", "message");
    m.appendChild(html("span", "text", f[F.message]));
    const a = about(f);
    if (a && f[F.boardText]) m.appendChild(html("span", "about", a));
    if (f[F.repairs].length) m.appendChild(repairList(f, "repairs"));
    if (n === state.finding) tr.classList.add("chosen");
    return tr;
  }

  function render() {
    table.page = Math.max(0, Math.min(pages() - 1, table.page));
    const from = table.page * table.size;
    const to = Math.min(table.rows.length, from + table.size);
    const rows = [];
    for (let i = from; i < to; i++) rows.push(row(table.rows[i]));
    body.replaceChildren(...rows);
    $("page-info").textContent = table.rows.length
      ? "rows " + (from + 1) + "\u2013" + to + " of " + table.rows.length + " \u00b7 page " + (table.page + 1) + " of " + pages()
      : "no findings";
    $("page-first").disabled = $("page-prev").disabled = table.page === 0;
    $("page-next").disabled = $("page-last").disabled = table.page >= pages() - 1;
  }

  // Shows the page of the table that holds finding n, if the filters keep it.
  function reveal(n) {
    const at = table.rows.indexOf(n);
    if (at < 0) return;
    const page = Math.floor(at / table.size);
    if (page !== table.page) {
      table.page = page;
      render();
    }
  }

  function fillFilters() {
    const values = { code: new Set(), variant: new Set(), severity: new Set() };
    for (let n = 0; n < total; n++) for (const k in values) values[k].add(filterValue(k, n));
    for (const s of document.querySelectorAll("select[data-filter]")) {
      const name = s.dataset.filter;
      for (const v of Array.from(values[name]).sort()) {
        const o = document.createElement("option");
        o.value = v;
        o.textContent = name === "code" ? v + " (" + M.counts[v] + ")" : v;
        s.appendChild(o);
      }
    }
  }

  function fromHash() {
    const m = /^#f(\d+)$/.exec(location.hash);
    if (m && Number(m[1]) >= 1 && Number(m[1]) <= total) {
      const n = Number(m[1]) - 1;
      reveal(n);
      chooseFinding(n);
      return true;
    }
    return false;
  }

  // Steps `by` games through the viewer's games.
  function stepGame(by) {
    if (!viewable.length) return;
    let at = viewable.indexOf(state.game);
    if (at < 0) at = by > 0 ? -1 : viewable.length;
    const next = Math.max(0, Math.min(viewable.length - 1, at + by));
    showGame(viewable[next]);
  }

  // Shows the game numbered `number`: of the current game's file if it has one, else the
  // first of any file.
  function gameNumbered(number) {
    const file = state.game >= 0 ? games[state.game][G.file] : null;
    let found = -1;
    for (const gi of viewable) {
      if (games[gi][G.number] !== number) continue;
      if (games[gi][G.file] === file) {
        found = gi;
        break;
      }
      if (found < 0) found = gi;
    }
    if (found >= 0) showGame(found);
    return found;
  }

  fillFilters();
  for (const s of document.querySelectorAll("select[data-filter]")) s.addEventListener("change", applyFilters);
  for (const th of document.querySelectorAll("#findings thead th")) th.addEventListener("click", () => sortBy(th));
  body.addEventListener("click", (e) => {
    const tr = e.target.closest("tr");
    if (!tr || e.target.tagName === "A") return;
    chooseFinding(Number(tr.dataset.finding));
  });
  $("page-first").addEventListener("click", () => { table.page = 0; render(); });
  $("page-prev").addEventListener("click", () => { table.page -= 1; render(); });
  $("page-next").addEventListener("click", () => { table.page += 1; render(); });
  $("page-last").addEventListener("click", () => { table.page = pages() - 1; render(); });
  $("page-size").addEventListener("change", (e) => {
    const first = table.page * table.size;
    table.size = Number(e.target.value);
    table.page = Math.floor(first / table.size);
    render();
  });
  window.addEventListener("hashchange", fromHash);
  $("game-prev").addEventListener("click", () => stepGame(-1));
  $("game-next").addEventListener("click", () => stepGame(1));
  $("game-number").addEventListener("change", (e) => {
    const n = Number(e.target.value);
    if (Number.isInteger(n) && n > 0) gameNumbered(n);
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
    if (total) chooseFinding(0);
    else if (viewable.length) showGame(viewable[0]);
    else noBoard("No game to show.");
  }
  document.body.dataset.ready = "1";
  document.body.dataset.initMs = Math.round(performance.now());
})();
