# SPDX-License-Identifier: MIT
"""Benchmark: the Python binding reading replays into dataclasses.

Usage: PYTHONPATH=python python3 bench/python_read.py [FILE...]
(default: every file of ../shared/data/qq-replays, else samples/qq and
tests/data/qq). Reads every record of every file with junqi.read() -- the
record as a Game with its moves, as `junqi-replay --to json` prints it --
and prints the games, moves and seconds, and games and moves per second.
Compare with `junqi-replay --to json FILE... > /dev/null` on the same files.
"""
import glob
import os
import sys
import time

import junqi


def default_files():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    shared = os.path.join(root, "..", "shared", "data", "qq-replays")
    if os.path.isdir(shared):
        return sorted(glob.glob(os.path.join(shared, "*")))
    return sorted(glob.glob(os.path.join(root, "samples", "qq", "*")) +
                  glob.glob(os.path.join(root, "tests", "data", "qq", "*.jgs")))


def main(files):
    start = time.perf_counter()
    games = moves = 0
    for path in files:
        for game in junqi.read(path):
            games += 1
            moves += len(game.moves)
    seconds = time.perf_counter() - start
    print(f"python binding: {games} games, {moves} moves read in {seconds:.3f} s: "
          f"{games / seconds:.0f} games/s, {moves / seconds:.0f} moves/s")


if __name__ == "__main__":
    main(sys.argv[1:] or default_files())
