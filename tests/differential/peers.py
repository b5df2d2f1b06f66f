#!/usr/bin/env python3
"""Differential test of pdnkit against the two Python draughts libraries (issue 4).

Not part of `cargo test`: run it by hand (see README.md beside this file).

What it does, for each library and each variant the library gets right:

1. In a venv of its own (both libraries import as `draughts`), the library plays N
   seeded games of uniformly random legal moves until the game is over or a ply cap is
   reached, writes them with *its own* PDN writer to one file, and records for each game
   the number of plies, the result and the final position as the library computes it
   (plus every intermediate position, used only to explain mismatches).
2. `pdnkit --quiet validate --format json FILE` (with `--variant NAME` where the peer's
   file cannot name the variant) replays the file; per game we check that pdnkit calls
   it clean, replays every ply, reports the expected variant and ends on the same final
   position (compared as sets of (colour, square, man/king) plus side to move, after
   mapping algebraic squares to numbers where the two write different notations).
3. A table per (library, variant); every mismatch is classified as a known peer bug
   (KNOWN_PEER_BUGS below, each with a checker that recognises it) or "unexplained".
   The exit status is 1 when anything is unexplained.
4. Round trip: pdnkit's `convert --to pdn` output of the py-draughts files is replayed
   by py-draughts' own `from_pdn`, which must reach the same final position.

The script runs itself inside the venvs (`peers.py _generate ...`, `peers.py _replay ...`);
those internal subcommands use only the standard library plus the peer library.
The peers are test oracles here, never a dependency of pdnkit.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
VENV_ROOT = Path(os.environ.get("PDNKIT_DIFF_VENVS", "/tmp/pdnkit-diff"))

# ---------------------------------------------------------------------------------------
# The peers and the variants each gets right.
#
# Per variant:
#   peer      the library's own name (py-draughts: board class; pydraughts: variant string)
#   pdnkit    the variant pdnkit must report
#   flag      `--variant` passed to pdnkit, or None; `why` says why the file cannot name it
#   squares   how to read algebraic squares when comparing positions: "dark8" (8x8, a1
#             dark, numbered 1 = b8 .. 32 = g1), "all8" (Turkish: all 64 squares, kept as
#             a1..h8), None (both sides write numbers)
#   gametype  "international" if results are written 2-0/1-1/0-2, else "default"
#   first     the side that moves first ("W" or "B"), for writing the result
# ---------------------------------------------------------------------------------------

LIBRARIES = {
    "py-draughts": {
        "pip": "py-draughts==1.10.1",
        "module_version": "1.10.1",
        "default_games": 200,
        "variants": {
            "standard": dict(peer="StandardBoard", pdnkit="international", flag=None, squares=None),
            "frisian": dict(peer="FrisianBoard", pdnkit="frisian", flag=None, squares=None),
            "frysk": dict(
                peer="FryskBoard", pdnkit="frysk", flag=None, squares=None,
                # GameType 40 with `Variant "Frysk!"`: pdnkit lets the Variant tag refine it.
            ),
            "russian": dict(peer="RussianBoard", pdnkit="russian", flag=None, squares="dark8"),
            "brazilian": dict(peer="BrazilianBoard", pdnkit="brazilian", flag=None, squares="dark8"),
            "antidraughts": dict(
                peer="AntidraughtsBoard", pdnkit="antidraughts", flag=None, squares=None,
                # GameType 20 with `Variant "Antidraughts"`: refined by the Variant tag.
            ),
            "breakthrough": dict(
                peer="BreakthroughBoard", pdnkit="breakthrough", flag=None, squares=None,
                # GameType 20 with `Variant "Breakthrough"`: refined by the Variant tag.
            ),
        },
        # Left out on purpose: "american" (py-draughts makes captures optional and lets
        # White move first from 21-32: wrong for English/American checkers, peers.md 2.2).
        "excluded": {
            "american": "captures optional and White-first: not the English/American rules",
        },
    },
    "pydraughts": {
        "pip": "pydraughts==0.6.7",
        "module_version": "0.6.7",
        "default_games": 20,
        "variants": {
            "standard": dict(peer="standard", pdnkit="international", flag=None, squares=None),
            "frisian": dict(peer="frisian", pdnkit="frisian", flag=None, squares=None),
            "frysk": dict(
                peer="frysk!", pdnkit="frysk", flag="frysk", squares=None,
                why="pydraughts writes GameType 40 (Frisian) with the Frysk! FEN; the rules are the "
                    "same, the flag only makes pdnkit name the variant",
            ),
            "russian": dict(peer="russian", pdnkit="russian", flag=None, squares="dark8"),
            "brazilian": dict(peer="brazilian", pdnkit="brazilian", flag=None, squares="dark8"),
            "italian": dict(peer="italian", pdnkit="italian", flag=None, squares=None),
            "turkish": dict(peer="turkish", pdnkit="turkish", flag=None, squares="all8"),
            "english": dict(peer="english", pdnkit="english", flag=None, squares=None),
            "antidraughts": dict(
                peer="antidraughts", pdnkit="antidraughts", flag="antidraughts", squares=None,
                why="pydraughts writes GameType 20,W,10,10,N2,0 and no Variant tag",
            ),
            "breakthrough": dict(
                peer="breakthrough", pdnkit="breakthrough", flag="breakthrough", squares=None,
                why="pydraughts writes GameType 20,W,10,10,N2,0 and no Variant tag",
            ),
        },
        "excluded": {
            "american pool, spanish, portuguese, czech, canadian, thai, spantsiretti":
                "named in pydraughts' GameType table but not implemented as rules",
        },
    },
}

INTERNATIONAL_RESULTS = {"standard", "antidraughts", "breakthrough"}  # GameType 20 files
BLACK_FIRST = {"english"}


# ---------------------------------------------------------------------------------------
# Known peer bugs. Each entry: id -> (library, description, source). A mismatch is
# attributed to a bug only when the bug's checker (classify_* below) recognises it in
# the recorded game; anything else is "unexplained".
# ---------------------------------------------------------------------------------------

KNOWN_PEER_BUGS = {
    "pyd-frisian-king-3": (
        "py-draughts",
        "Frisian: the same king may make at most 3 consecutive quiet moves while its side "
        "has a man; py-draughts tracks but does not enforce this (its frisian.py docstring)",
        "peers.md 2.2",
    ),
    "pyd-result-truncation": (
        "py-draughts",
        "from_pdn stops silently at a move whose text starts with the Result tag value "
        "(e.g. Result 1-1 and a king move 1-14)",
        "peers.md 2.2",
    ),
    "pd-turkish-king-line": (
        "pydraughts",
        "Turkish: a king's quiet move passes over occupied squares (own or enemy) "
        "(e.g. in W:WKa1,a2,h2:Bh7 it lists a1-a3 ... a1-a8; observed here)",
        "observed by this script",
    ),
    "pd-blackfirst-move-numbers": (
        "pydraughts",
        "Black-first games (English) are numbered 1... b 2. w b: pdnkit notes `move-number` "
        "(notes only, never a mismatch)",
        "observed by this script",
    ),
}

# Peer quirks that are worked around, not mismatches (documented in README.md):
#  - py-draughts writes Russian and Brazilian in numeric notation (1 = b8) although
#    GameType 25/26 imply algebraic; pdnkit reads both, positions are compared by square.
#  - pydraughts writes long GameType forms and always a FEN tag; fine for pdnkit.
#  - pydraughts' PDNWriter takes the result text from the caller: this script writes
#    the PDN convention (first mover's score first: Black's in English; 2-0 style in
#    GameType 20 files). Its own reader bugs (Black-to-move FEN, header-only first game,
#    numeric Russian/Brazilian, FEN with a trailing dot) never matter here: it only writes.


# =======================================================================================
# Part 1: runs inside a peer's venv (standard library + `draughts` only)
# =======================================================================================

def game_rng(seed: int, library: str, variant: str, index: int) -> random.Random:
    """One independent, reproducible stream per game (string seeds hash with SHA-512)."""
    return random.Random(f"{seed}/{library}/{variant}/{index}")


def pdn_result(variant: str, winner: str | None, draw: bool) -> str:
    """The result token in PDN convention: first number = the first mover's score."""
    if draw:
        return "1-1" if variant in INTERNATIONAL_RESULTS else "1/2-1/2"
    if winner is None:
        return "*"
    first = "B" if variant in BLACK_FIRST else "W"
    win, loss = ("2-0", "0-2") if variant in INTERNATIONAL_RESULTS else ("1-0", "0-1")
    return win if winner == first else loss


def generate_py_draughts(variant: str, spec: dict, games: int, seed: int, max_plies: int, out: Path,
                         steer: bool) -> tuple:
    import draughts  # py-draughts

    board_class = getattr(draughts, spec["peer"])
    frisian = variant in ("frisian", "frysk")
    texts, records, steered = [], [], 0
    for index in range(games):
        rng = game_rng(seed, "py-draughts", variant, index)
        board = board_class()
        fens = [board.fen]
        moves = []
        streak = {}  # Frisian: side -> (square of the king on a quiet-move streak, length)
        while not board.game_over and len(moves) < max_plies:
            legal = board.legal_moves
            if steer and frisian:
                # Work around pyd-frisian-king-3: leave out a 4th consecutive quiet move of
                # the same king while the side still has a man.
                square, length = streak.get(board.turn, (None, 0))
                has_man = board.white_men if board.turn == draughts.Color.WHITE else board.black_men
                allowed = [m for m in legal if not (has_man and length >= 3 and not m.captured_list
                                                    and m.square_list[0] == square)]
                if allowed and len(allowed) < len(legal):
                    steered += 1
                    legal = allowed
            move = rng.choice(legal)
            start, mover = move.square_list[0], board.turn
            king_quiet = abs(board._get(start)) == 2 and not move.captured_list
            moves.append(str(move))
            board.push(move)
            fens.append(board.fen)
            if king_quiet:
                square, length = streak.get(mover, (None, 0))
                streak[mover] = (move.square_list[-1], length + 1 if square == start else 1)
            else:
                streak[mover] = (None, 0)
        texts.append(board.pdn)  # the library's own writer (Result from its own rules)
        records.append(dict(
            game=index + 1, plies=len(moves), over=bool(board.game_over),
            result=board.result, final_fen=board.fen, fens=fens, moves=moves,
        ))
    # `pdn` gives one game; games are separated by a blank line.
    out.write_text("\n\n".join(texts) + "\n", encoding="utf-8")
    return records, steered


def turkish_square(number: int) -> str:
    """pydraughts' internal Turkish numbering: a1 = 1, b1 = 2 ... h8 = 64."""
    return "abcdefgh"[(number - 1) % 8] + str((number - 1) // 8 + 1)


def turkish_king_jumps_over(board, move) -> bool:
    """True for a king's quiet move that passes over an occupied square (pd-turkish-king-line)."""
    if move.captures or len(move.board_move) != 1:
        return False
    start, end = (turkish_square(n) for n in move.board_move[0])
    pieces = {}
    for field in board.fen.split(":")[1:]:
        for token in filter(None, field[1:].split(",")):
            pieces[token.lstrip("K")] = token.startswith("K")
    if not pieces.get(start):
        return False
    (x0, y0), (x1, y1) = (("abcdefgh".index(sq[0]), int(sq[1:])) for sq in (start, end))
    dx, dy = (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)
    x, y = x0 + dx, y0 + dy
    while (x, y) != (x1, y1):
        if f"{'abcdefgh'[x]}{y}" in pieces:
            return True
        x, y = x + dx, y + dy
    return False


def generate_pydraughts(variant: str, spec: dict, games: int, seed: int, max_plies: int, out: Path,
                        steer: bool) -> tuple:
    from draughts import BLACK, WHITE, Board  # pydraughts
    from draughts.PDN import PDNWriter

    if out.exists():
        out.unlink()
    records, steered = [], 0
    for index in range(games):
        rng = game_rng(seed, "pydraughts", variant, index)
        board = Board(spec["peer"])
        moves = []
        while not board.is_over() and len(moves) < max_plies:
            legal = board.legal_moves()
            if steer and variant == "turkish":
                # Work around pd-turkish-king-line: leave out king moves over pieces.
                allowed = [m for m in legal if not turkish_king_jumps_over(board, m)]
                if allowed and len(allowed) < len(legal):
                    steered += 1
                    legal = allowed
            move = rng.choice(legal)
            board.push(move)
            moves.append(move)
        winner = board.winner()  # WHITE / BLACK / 0 (draw) / None (not over)
        result = pdn_result(
            variant, {WHITE: "W", BLACK: "B"}.get(winner), winner == 0,
        )
        # The library's own writer (it replays the game to write unambiguous captures);
        # its replayed moves carry the notation written to the file.
        writer = PDNWriter(str(out), board=board, game_ending=result)
        moves = [move.pdn_move for move in writer.moves]
        records.append(dict(
            game=index + 1, plies=len(moves), over=winner is not None,
            result=result, final_fen=board.fen, fens=list(board.fens), moves=moves,
        ))
    return records, steered


def internal_generate(args: argparse.Namespace) -> None:
    spec = LIBRARIES[args.library]["variants"][args.variant]
    generate = generate_py_draughts if args.library == "py-draughts" else generate_pydraughts
    started = time.time()
    records, steered = generate(args.variant, spec, args.games, args.seed, args.max_plies, Path(args.out),
                                args.steer == "yes")
    meta = dict(library=args.library, variant=args.variant, seconds=time.time() - started,
                steered=steered, games=records)
    Path(args.meta).write_text(json.dumps(meta), encoding="utf-8")


def internal_replay(args: argparse.Namespace) -> None:
    """py-draughts `from_pdn` on each game of a JSON list of PDN texts."""
    import draughts

    board_class = getattr(draughts, args.board)
    results = []
    for text in json.loads(Path(args.games_json).read_text(encoding="utf-8")):
        try:
            board = board_class.from_pdn(text)
            results.append(dict(ok=True, plies=len(board._moves_stack), final_fen=board.fen))
        except Exception as error:  # the peer raises ValueError/KeyError on what it rejects
            results.append(dict(ok=False, error=f"{type(error).__name__}: {error}"))
    Path(args.out).write_text(json.dumps(results), encoding="utf-8")


# =======================================================================================
# Part 2: the driver (runs with any Python 3.9+; never imports `draughts`)
# =======================================================================================

# ---- venvs ------------------------------------------------------------------------------

def venv_python(library: str) -> Path:
    return VENV_ROOT / library / "bin" / "python"


def ensure_venv(library: str) -> Path:
    """Create /tmp/pdnkit-diff/<library> with the pinned peer if it is not there yet."""
    python = venv_python(library)
    wanted = LIBRARIES[library]["module_version"]
    probe = ("import importlib.metadata as m; "
             f"print(m.version('{LIBRARIES[library]['pip'].split('==')[0]}'))")
    if python.exists():
        got = subprocess.run([str(python), "-c", probe], capture_output=True, text=True)
        if got.returncode == 0 and got.stdout.strip() == wanted:
            return python
    print(f"creating venv {python.parent.parent} with {LIBRARIES[library]['pip']} ...", file=sys.stderr)
    for command in ([sys.executable, "-m", "venv", str(python.parent.parent)],
                    [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                     LIBRARIES[library]["pip"]]):
        if subprocess.run(command).returncode != 0:
            fail(f"could not set up the {library} venv: {' '.join(command)}")
    return python


# ---- positions --------------------------------------------------------------------------

FEN_WRAPPER = re.compile(r'\[FEN\s*"([^"]*)"\]')
ALGEBRAIC = re.compile(r"^([a-z])(\d+)$")


def dark8_number(square: str) -> int:
    """a1-dark 8x8 board, squares numbered 1 (b8) .. 32 (g1), as py-draughts writes them."""
    m = ALGEBRAIC.match(square)
    column, rank = ord(m.group(1)) - ord("a"), int(m.group(2))
    return (8 - rank) * 4 + column // 2 + 1


def parse_position(fen: str, squares: str | None) -> tuple[str, frozenset]:
    """A FEN as (side to move, {(colour, square, 'K'|'M')}); squares normalised.

    Accepts `[FEN "..."]` wrappers (py-draughts), ranges (`13-15`, pdnkit), algebraic
    squares (pydraughts, pdnkit), empty piece lists, trailing fields and a final dot.
    """
    wrapped = FEN_WRAPPER.search(fen)
    if wrapped:
        fen = wrapped.group(1)
    fields = fen.strip().rstrip(".").split(":")
    turn, pieces = fields[0].upper(), set()
    for field in fields[1:]:
        if not field or field[0].upper() not in "WB":
            continue  # :H0, :F1 ... (none of the three writers emits them, but be lenient)
        colour = field[0].upper()
        for token in filter(None, field[1:].split(",")):
            kind = "M"
            if token[0] in "Kk":
                kind, token = "K", token[1:]
            token = token.lower()
            if re.fullmatch(r"\d+-\d+", token):
                low, high = map(int, token.split("-"))
                pieces.update((colour, n, kind) for n in range(low, high + 1))
            elif token.isdigit():
                pieces.add((colour, int(token), kind))
            elif squares == "dark8":
                pieces.add((colour, dark8_number(token), kind))
            else:
                pieces.add((colour, token, kind))
    return turn, frozenset(pieces)


def describe_difference(peer: tuple, ours: tuple) -> str:
    parts = []
    if peer[0] != ours[0]:
        parts.append(f"side to move peer {peer[0]} pdnkit {ours[0]}")
    only_peer = sorted(peer[1] - ours[1], key=str)
    only_ours = sorted(ours[1] - peer[1], key=str)
    if only_peer:
        parts.append("only in peer: " + " ".join(f"{c}{k if k == 'K' else ''}{s}" for c, s, k in only_peer))
    if only_ours:
        parts.append("only in pdnkit: " + " ".join(f"{c}{k if k == 'K' else ''}{s}" for c, s, k in only_ours))
    return "; ".join(parts)


# ---- classifiers of known peer bugs --------------------------------------------------------
#
# Each takes (spec, peer game record, pdnkit record, first error diagnostic) and returns
# a bug id when it recognises the bug, else None.

def first_error(record: dict) -> dict | None:
    for diagnostic in record.get("diagnostics") or []:
        if diagnostic["severity"] == "error":
            return diagnostic
    for diagnostic in record.get("diagnostics") or []:
        if diagnostic["severity"] == "warning":
            return diagnostic
    return None


def classify_frisian_king_rule(spec, game, record, error):
    """py-draughts let the same king make a 4th consecutive quiet move while its side had a man."""
    if error is None or error["code"] not in ("illegal-move",) or error.get("ply") is None:
        return None
    ply = error["ply"]  # 1-based: the move that pdnkit refused
    moves, fens = game["moves"], game["fens"]
    if ply < 7 or ply > len(moves) or error.get("move") != moves[ply - 1]:
        return None
    own = [moves[ply - 1 - 2 * k] for k in (3, 2, 1, 0)]  # the side's last four moves
    if any("x" in m for m in own):
        return None
    chain = [tuple(int(s) for s in m.split("-")) for m in own]
    if any(chain[i][1] != chain[i + 1][0] for i in range(3)):
        return None  # not the same piece each time
    turn, before = parse_position(fens[ply - 1], None)
    mover = {(c, s): k for c, s, k in before}
    if mover.get((turn, chain[3][0])) != "K":
        return None
    # The piece was a king for all four moves (it did not promote on the first of them).
    _, four_before = parse_position(fens[ply - 7], None)
    if (turn, chain[0][0], "K") not in four_before:
        return None
    if not any(c == turn and k == "M" for c, s, k in before):
        return None  # the rule lapses when the side has only kings
    return "pyd-frisian-king-3"


def algebraic_xy(square: str) -> tuple[int, int]:
    return ord(square[0]) - ord("a"), int(square[1:])


def classify_turkish_king_line(spec, game, record, error):
    """pydraughts moved a Turkish king along a line over an occupied square."""
    if error is None or error["code"] != "illegal-move" or error.get("ply") is None:
        return None
    ply = error["ply"]
    if ply > len(game["moves"]) or error.get("move") != game["moves"][ply - 1]:
        return None  # pdnkit refused something else than what the peer played there
    move = error["move"]
    if "x" in move or "-" not in move:
        return None
    start, end = move.split("-")
    turn, before = parse_position(game["fens"][ply - 1], "all8")
    occupied = {s: (c, k) for c, s, k in before}
    if occupied.get(start, (None, None))[1] != "K":
        return None
    (x0, y0), (x1, y1) = algebraic_xy(start), algebraic_xy(end)
    if x0 != x1 and y0 != y1:
        return None
    dx, dy = (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)
    x, y = x0 + dx, y0 + dy
    while (x, y) != (x1, y1):
        if f"{chr(ord('a') + x)}{y}" in occupied:
            return "pd-turkish-king-line"
        x, y = x + dx, y + dy
    return None


CLASSIFIERS = {
    ("py-draughts", "frisian"): [classify_frisian_king_rule],
    ("py-draughts", "frysk"): [classify_frisian_king_rule],
    ("pydraughts", "turkish"): [classify_turkish_king_line],
}


# ---- one (library, variant) -------------------------------------------------------------

def fail(message: str) -> None:
    """Setup or tool failure (not a finding): exit status 2."""
    print(f"peers.py: {message}", file=sys.stderr)
    sys.exit(2)


def run_pdnkit(pdnkit: Path, args: list) -> subprocess.CompletedProcess:
    done = subprocess.run([str(pdnkit), *args], capture_output=True, text=True)
    if done.returncode not in (0, 1):  # 0 clean, 1 findings, 2 failure
        fail(f"pdnkit {' '.join(map(str, args))} failed ({done.returncode}):\n{done.stderr}")
    return done


def compare(library: str, variant: str, spec: dict, meta: dict, pdn_file: Path, pdnkit: Path) -> dict:
    flag = ["--variant", spec["flag"]] if spec.get("flag") else []
    done = run_pdnkit(pdnkit, ["--quiet", "validate", "--format", "json", *flag, str(pdn_file)])
    records = {r["game"]: r for r in map(json.loads, done.stdout.splitlines())}
    row = dict(library=library, variant=variant, flag=spec.get("flag") or "-", games=0, plies=0,
               clean=0, replayed=0, same_final=0, peer_bug=0, unexplained=0,
               notes=0, note_kinds={}, mismatches=[], pdnkit_games=len(records))
    for game in meta["games"]:
        row["games"] += 1
        row["plies"] += game["plies"]
        record = records.get(game["game"])
        problems = []
        if record is None:
            problems.append("pdnkit reported no such game")
            record = {}
        else:
            if record.get("status") == "clean":
                row["clean"] += 1
            else:
                problems.append(f"status {record.get('status')}")
            if record.get("replayed") == game["plies"] and record.get("plies") == game["plies"]:
                row["replayed"] += 1
            else:
                problems.append(f"replayed {record.get('replayed')}/{record.get('plies')} of {game['plies']} plies")
            if record.get("variant") != spec["pdnkit"]:
                problems.append(f"variant {record.get('variant')} (expected {spec['pdnkit']})")
            notes = [d for d in record.get("diagnostics") or [] if d["severity"] == "note"]
            if notes:
                row["notes"] += 1
            for d in notes:  # kinds of notes, squares and numbers blotted out
                kind = d["code"] + ": " + re.sub(r"[a-h]?\d+", "#", d["message"])
                row["note_kinds"][kind] = row["note_kinds"].get(kind, 0) + 1
            final = record.get("final_fen")
            peer_pos = parse_position(game["final_fen"], spec["squares"])
            ours_pos = parse_position(final, spec["squares"]) if final else None
            if ours_pos == peer_pos:
                row["same_final"] += 1
            else:
                problems.append("final position differs: " + (
                    describe_difference(peer_pos, ours_pos) if ours_pos else "pdnkit gave none"))
        if not problems:
            continue
        error = first_error(record)
        verdict = None
        for classify in CLASSIFIERS.get((library, variant), []):
            verdict = classify(spec, game, record, error)
            if verdict:
                break
        row["peer_bug" if verdict else "unexplained"] += 1
        row["mismatches"].append(dict(
            game=game["game"], peer_plies=game["plies"], peer_result=game["result"],
            peer_final=game["final_fen"], pdnkit_final=record.get("final_fen"),
            problems=problems, first_error=error,
            classification=f"peer bug ({verdict})" if verdict else "unexplained",
        ))
    if row["pdnkit_games"] != row["games"]:
        row["unexplained"] += 1
        row["mismatches"].append(dict(game=None, problems=[
            f"pdnkit read {row['pdnkit_games']} games, the peer wrote {row['games']}"],
            classification="unexplained"))
    return row


# ---- round trip: pdnkit's writer read back by py-draughts -------------------------------

GAME_SPLIT = re.compile(r"\n\s*\n(?=\[)")
MOVE_TOKEN = re.compile(r"(?:\d+\.+\s*)?([a-h]?\d+(?:[-x:][a-h]?\d+)+)")


def round_trip(variant: str, spec: dict, meta: dict, pdn_file: Path, pdnkit: Path, workdir: Path) -> dict:
    flag = ["--variant", spec["flag"]] if spec.get("flag") else []
    done = run_pdnkit(pdnkit, ["--quiet", "convert", "--to", "pdn", *flag, str(pdn_file)])
    games = [g.strip() + "\n" for g in GAME_SPLIT.split(done.stdout.strip()) if g.strip()]
    (workdir / f"roundtrip-{variant}.pdn").write_text(done.stdout, encoding="utf-8")
    games_json = workdir / f"roundtrip-{variant}.json"
    out_json = workdir / f"roundtrip-{variant}.out.json"
    games_json.write_text(json.dumps(games), encoding="utf-8")
    command = [str(venv_python("py-draughts")), __file__, "_replay", "--board", spec["peer"],
               "--games-json", str(games_json), "--out", str(out_json)]
    if subprocess.run(command).returncode != 0:
        fail(f"the py-draughts replay failed for {variant}: {' '.join(command)}")
    replays = json.loads(out_json.read_text(encoding="utf-8"))
    row = dict(variant=variant, games=len(meta["games"]), written=len(games), same=0,
               peer_bug=0, unexplained=0, mismatches=[])
    for game, text, replay in zip(meta["games"], games, replays):
        peer_pos = parse_position(game["final_fen"], spec["squares"])
        if replay["ok"] and replay["plies"] == game["plies"] and \
                parse_position(replay["final_fen"], spec["squares"]) == peer_pos:
            row["same"] += 1
            continue
        verdict = None
        if replay["ok"] and replay["plies"] < game["plies"]:
            # py-draughts stops at a move that starts with the Result tag's text.
            result = re.search(r'\[Result "([^"]*)"\]', text)
            movetext = "\n".join(line for line in text.splitlines() if not line.startswith("["))
            tokens = MOVE_TOKEN.findall(movetext)
            if result and replay["plies"] < len(tokens) and tokens[replay["plies"]].startswith(result.group(1)):
                verdict = "pyd-result-truncation"
        row["peer_bug" if verdict else "unexplained"] += 1
        row["mismatches"].append(dict(
            game=game["game"], replay=replay, peer_plies=game["plies"],
            classification=f"peer bug ({verdict})" if verdict else "unexplained"))
    if len(games) != len(meta["games"]):
        row["unexplained"] += 1
        row["mismatches"].append(dict(game=None, classification="unexplained",
                                      replay=f"pdnkit wrote {len(games)} games of {len(meta['games'])}"))
    return row


# ---- main -------------------------------------------------------------------------------

def generate(library: str, variant: str, games: int, seed: int, max_plies: int, steer: bool,
             workdir: Path) -> tuple:
    pdn_file = workdir / f"{library}-{variant}.pdn"
    meta_file = workdir / f"{library}-{variant}.json"
    command = [str(venv_python(library)), __file__, "_generate", "--library", library,
               "--variant", variant, "--games", str(games), "--seed", str(seed),
               "--max-plies", str(max_plies), "--out", str(pdn_file), "--meta", str(meta_file),
               "--steer", "yes" if steer else "no"]
    if subprocess.run(command).returncode != 0:
        fail(f"the {library} generator failed for {variant}: {' '.join(command)}")
    return pdn_file, json.loads(meta_file.read_text(encoding="utf-8"))


def print_table(rows: list, title: str, columns: list) -> None:
    print(f"\n{title}")
    widths = [max(len(str(c[0])), *(len(str(r[c[1]])) for r in rows)) for c in columns]
    print("  ".join(str(c[0]).ljust(w) for c, w in zip(columns, widths)))
    for r in rows:
        print("  ".join(str(r[c[1]]).rjust(w) if isinstance(r[c[1]], int) else str(r[c[1]]).ljust(w)
                        for c, w in zip(columns, widths)))


def driver(args: argparse.Namespace) -> int:
    pdnkit = Path(args.pdnkit)
    if not pdnkit.is_absolute():
        pdnkit = REPO / pdnkit
    if not pdnkit.exists():
        fail(f"{pdnkit} not found: build it first (cargo build --release)")
    jobs = []
    for library, info in LIBRARIES.items():
        if args.library and library not in args.library:
            continue
        for variant, spec in info["variants"].items():
            if args.variant and variant not in args.variant:
                continue
            jobs.append((library, variant, spec, args.games or info["default_games"]))
    if not jobs:
        fail("no (library, variant) selected")
    for library in sorted({j[0] for j in jobs} | ({"py-draughts"} if args.round_trip else set())):
        ensure_venv(library)

    workdir = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="pdnkit-diff-"))
    workdir.mkdir(parents=True, exist_ok=True)
    started = time.time()

    def one(job):
        library, variant, spec, games = job
        t0 = time.time()
        pdn_file, meta = generate(library, variant, games, args.seed, args.max_plies, args.steer, workdir)
        row = compare(library, variant, spec, meta, pdn_file, pdnkit)
        row["steered"] = meta["steered"]
        row["seconds"] = round(time.time() - t0, 1)
        trip = None
        if args.round_trip and library == "py-draughts":
            trip = round_trip(variant, spec, meta, pdn_file, pdnkit, workdir)
        print(f"  {library:11} {variant:12} {games:4} games  {row['plies']:6} plies  "
              f"{row['seconds']:6.1f} s", file=sys.stderr)
        return row, trip

    print(f"seed {args.seed}, ply cap {args.max_plies}, files in {workdir}", file=sys.stderr)
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(one, jobs))
    rows = [r for r, _ in results]
    trips = [t for _, t in results if t]

    columns = [("library", "library"), ("variant", "variant"), ("--variant", "flag"), ("games", "games"),
               ("plies", "plies"), ("clean", "clean"), ("replayed", "replayed"),
               ("same final", "same_final"), ("mismatches", "mismatch_count"),
               ("peer bug", "peer_bug"), ("unexplained", "unexplained"), ("with notes", "notes"),
               ("steered", "steered")]
    for r in rows:
        r["mismatch_count"] = len(r["mismatches"])
    print_table(rows, "pdnkit validate vs the peers' own games", columns)
    totals = {k: sum(r[k] for r in rows) for k in ("games", "plies", "clean", "replayed", "same_final",
                                                   "mismatch_count", "peer_bug", "unexplained")}
    print("total: " + ", ".join(f"{k} {v}" for k, v in totals.items()))
    if trips:
        print_table(trips, "round trip: pdnkit convert --to pdn, replayed by py-draughts from_pdn",
                    [("variant", "variant"), ("games", "games"), ("written", "written"),
                     ("same final", "same"), ("peer bug", "peer_bug"), ("unexplained", "unexplained")])

    shown = 0
    for r in rows:
        for m in r["mismatches"]:
            if m["classification"] != "unexplained" and not args.verbose:
                continue
            if shown == 0:
                print("\nmismatches" + ("" if args.verbose else " (unexplained only; --verbose shows all)"))
            shown += 1
            print(f"- {r['library']} {r['variant']} game {m['game']}: {m['classification']}")
            for p in m.get("problems", []):
                print(f"    {p}")
            if m.get("first_error"):
                e = m["first_error"]
                print(f"    pdnkit {e['severity']}[{e['code']}] ply {e.get('ply')} {e.get('move')}: {e['message']}")
            if m.get("peer_final"):
                print(f"    peer final {m['peer_final']}  pdnkit final {m['pdnkit_final']}")
    for t in trips:
        for m in t["mismatches"]:
            if m["classification"] != "unexplained" and not args.verbose:
                continue
            print(f"- round trip {t['variant']} game {m['game']}: {m['classification']}: {m['replay']}")

    kinds = [(r["library"], r["variant"], k, n) for r in rows for k, n in sorted(r["note_kinds"].items())]
    if kinds:
        print("\nnotes in clean games (pdnkit's `note` diagnostics, by kind; not mismatches):")
        for library, variant, kind, count in kinds:
            print(f"  {library} {variant}: {count} x {kind[:150]}")

    bugs = {}
    for r in rows + trips:
        for m in r["mismatches"]:
            if m["classification"].startswith("peer bug"):
                bugs[m["classification"]] = bugs.get(m["classification"], 0) + 1
    if bugs:
        print("\nexplained by known peer bugs:")
        for name, count in sorted(bugs.items()):
            bug_id = name[len("peer bug ("):-1]
            library, text, source = KNOWN_PEER_BUGS[bug_id]
            print(f"  {count:4}  {bug_id} [{library}; {source}]: {text}")
    if args.report:
        Path(args.report).write_text(json.dumps(dict(rows=rows, round_trip=trips), indent=1), encoding="utf-8")
    unexplained = totals["unexplained"] + sum(t["unexplained"] for t in trips)
    print(f"\n{unexplained} unexplained mismatches ({time.time() - started:.0f} s); files "
          + (f"kept in {workdir}" if args.keep else f"in {workdir} (temporary)"))
    if not args.keep:
        for f in workdir.iterdir():
            f.unlink()
        workdir.rmdir()
    return 1 if unexplained else 0


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] in ("_generate", "_replay"):
        internal = argparse.ArgumentParser(prog=f"peers.py {sys.argv[1]}")
        if sys.argv[1] == "_generate":
            internal.add_argument("--library", required=True)
            internal.add_argument("--variant", required=True)
            internal.add_argument("--games", type=int, required=True)
            internal.add_argument("--seed", type=int, required=True)
            internal.add_argument("--max-plies", type=int, required=True)
            internal.add_argument("--out", required=True)
            internal.add_argument("--meta", required=True)
            internal.add_argument("--steer", choices=("yes", "no"), required=True)
            internal_generate(internal.parse_args(sys.argv[2:]))
        else:
            internal.add_argument("--board", required=True)
            internal.add_argument("--games-json", required=True)
            internal.add_argument("--out", required=True)
            internal_replay(internal.parse_args(sys.argv[2:]))
        return 0

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=None,
                        help="games per (library, variant) (default: py-draughts 200, pydraughts 20)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--max-plies", type=int, default=200, help="ply cap per game (default 200)")
    parser.add_argument("--library", action="append", choices=sorted(LIBRARIES),
                        help="only this library (repeatable)")
    parser.add_argument("--variant", action="append",
                        help="only this variant (repeatable): " + ", ".join(
                            sorted({v for i in LIBRARIES.values() for v in i["variants"]})))
    parser.add_argument("--pdnkit", default="target/release/pdnkit",
                        help="pdnkit binary (default target/release/pdnkit, relative to the repo root)")
    parser.add_argument("--keep", metavar="DIR", help="write and keep the generated files in DIR")
    parser.add_argument("--jobs", type=int, default=2, help="(library, variant) pairs run at once (default 2)")
    parser.add_argument("--raw", dest="steer", action="store_false",
                        help="do not steer the random play around the peers' known wrong moves "
                             "(they then show up as mismatches classified as peer bugs)")
    parser.add_argument("--no-round-trip", dest="round_trip", action="store_false",
                        help="skip the py-draughts from_pdn replay of pdnkit's convert --to pdn")
    parser.add_argument("--report", metavar="FILE", help="write every row and mismatch as JSON")
    parser.add_argument("--verbose", action="store_true", help="also list the mismatches explained by peer bugs")
    return driver(parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
