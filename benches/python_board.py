"""What `pdnkit.Board.play` costs early and late in a long game.

Long games are made with the board itself: random legal moves (a seeded generator), among
them those after which the opponent has no capture where there are any (random games end
within 250 plies; these last), kept when the game runs the number of plies asked without
being over. Each game is then played move by
move on a fresh board, every `play` timed (`time.perf_counter_ns`); a run gives the mean cost
per move of the game's first third and of its last third. The figures are the medians over the
runs, and the median of the runs' last/first ratios.

    python benches/python_board.py [--plies 150 300] [--runs 21] [--variant international]

The module is the one the running Python imports (`maturin develop --release -m
crates/python/Cargo.toml` installs it into the active virtual environment).
"""

import argparse
import random
import statistics
import time

import pdnkit


def gives_a_capture(variant, fen, move):
    """Whether the opponent has a capture after `move` in the position `fen`."""
    board = pdnkit.Board(variant, fen=fen)
    board.play(move)
    return any("x" in m or ":" in m for m in board.legal_moves())


def long_game(variant, plies, seeds=100):
    """The moves (written in full) of the first game of `plies` plies that is not over before
    its last move, and its seed."""
    for seed in range(seeds):
        rng = random.Random(seed)
        board = pdnkit.Board(variant)
        while len(board.moves) < plies and not board.is_over():
            moves = board.legal_moves()
            quiet = [m for m in moves if not gives_a_capture(variant, board.fen(), m)]
            board.play(rng.choice(quiet or moves))
        if len(board.moves) == plies:
            return board.moves, seed
    raise SystemExit(f"no {variant} game of {plies} plies among {seeds} seeds")


def thirds(variant, moves):
    """Mean nanoseconds per move of the first and the last third of `moves`, played once."""
    board = pdnkit.Board(variant)
    costs = []
    for m in moves:
        start = time.perf_counter_ns()
        board.play(m)
        costs.append(time.perf_counter_ns() - start)
    third = len(moves) // 3
    return statistics.fmean(costs[:third]), statistics.fmean(costs[-third:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, nargs="+", default=[150, 300])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--variant", default="international")
    args = parser.parse_args()
    print(f"pdnkit {pdnkit.__version__}, {args.variant}, {args.runs} runs per game")
    print("plies  seed  first third  last third  last/first (median of runs)")
    for plies in args.plies:
        moves, seed = long_game(args.variant, plies)
        thirds(args.variant, moves)  # warm up
        runs = [thirds(args.variant, moves) for _ in range(args.runs)]
        first = statistics.median(r[0] for r in runs)
        last = statistics.median(r[1] for r in runs)
        ratio = statistics.median(r[1] / r[0] for r in runs)
        print(f"{plies:5}  {seed:4}  {first / 1000:8.1f} us  {last / 1000:7.1f} us  {ratio:.2f}x")


if __name__ == "__main__":
    main()
