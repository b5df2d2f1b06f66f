"""py-draughts as a measuring stick for the bench scripts: the games of an archive that
pdnkit wrote (each game one block: tags, a blank line, movetext), and py-draughts' verdict on
each with the CPU time it took."""

import time

from draughts import StandardBoard


def games(path):
    """The text of each game of `path`: a block starting with `[` opens the next game."""
    text = open(path, encoding="utf-8").read()
    blocks, game = [], []
    for block in text.split("\n\n"):
        if block.startswith("[") and game:
            blocks.append("\n\n".join(game))
            game = []
        if block.strip():
            game.append(block)
    if game:
        blocks.append("\n\n".join(game))
    return blocks


def verdicts(blocks):
    """Whether py-draughts reads and replays each game, and the CPU seconds it took."""
    start = time.process_time()
    read = []
    for b in blocks:
        try:
            StandardBoard.from_pdn(b)
            read.append(True)
        except Exception:
            read.append(False)
    return read, time.process_time() - start
