"""Reads a PBN file game by game from Python and prints the time: `pbnfmt.read` (this project's
module) or endplay's `endplay.parsers.pbn.load`, the reader Python's bridge tools use.

    python bench/python-read.py pbnfmt FILE         # dicts (pbnfmt.read)
    python bench/python-read.py pbnfmt-games FILE   # typed games (pbnfmt.games)
    python bench/python-read.py endplay FILE

bench/python-read.sh runs both on the same generated file in one run and gives the ratio
(issue 48). Each reader is timed three times; the best time is printed.
"""

import pathlib
import sys
import time


def pbnfmt_read(path: pathlib.Path) -> int:
    import pbnfmt

    return sum(1 for _ in pbnfmt.read(path))


def pbnfmt_games(path: pathlib.Path) -> int:
    import pbnfmt

    return len(pbnfmt.games(path))


def endplay_read(path: pathlib.Path) -> int:
    from endplay.parsers import pbn

    with path.open() as f:
        return len(pbn.load(f))


def main() -> None:
    reader, path = sys.argv[1], pathlib.Path(sys.argv[2])
    read = {"pbnfmt": pbnfmt_read, "pbnfmt-games": pbnfmt_games, "endplay": endplay_read}[reader]
    best, games = float("inf"), 0
    for _ in range(3):
        start = time.perf_counter()
        games = read(path)
        best = min(best, time.perf_counter() - start)
    size = path.stat().st_size / 1e6
    print(f"{reader}: {games} games in {best:.2f} s ({size / best:.1f} MB/s)")


if __name__ == "__main__":
    main()
