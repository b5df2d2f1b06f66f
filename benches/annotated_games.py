#!/usr/bin/env python3
"""The annotated international games of the benchmarks: the games of the corpus's international
files whose movetext holds a comment, a NAG or a variation, as their files write them.

    benches/annotated_games.py CORPUS/international OUT.pdn [BYTES]

With BYTES, the games are written again and again until the file holds at least that many.
"""
import glob
import re
import sys


def annotated_games(directory):
    games = []
    for path in sorted(glob.glob(directory + '/*.pdn')):
        for game in re.split(rb'(?m)^(?=\[Event )', open(path, 'rb').read()):
            movetext = re.sub(rb'(?m)^\[.*\]\s*$', b'', game)
            if re.search(rb'[{($]', movetext):
                games.append(game.rstrip() + b'\n\n')
    return b''.join(games)


def main():
    games = annotated_games(sys.argv[1])
    least = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    data = games
    while len(data) < least:
        data += games
    with open(sys.argv[2], 'wb') as out:
        out.write(data)


if __name__ == '__main__':
    main()
