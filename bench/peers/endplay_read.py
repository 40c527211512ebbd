"""Reads a PBN file with endplay (pip install endplay) and prints the number of boards.

Used by bench/compare.sh to time a peer reader on the same plain file as pbnfmt.
"""

import sys

from endplay.parsers import pbn

with open(sys.argv[1], encoding="utf-8") as f:
    boards = pbn.load(f)
print(len(boards))
