#!/usr/bin/env bash
# pbnfmt.read against endplay's PBN reader on the same generated 10 MB file, in one run
# (issue 48). Each reader runs in a venv of its own under target/bench-python: pbnfmt's module
# built from this tree with maturin's release profile, endplay from PyPI. The file is the
# generator's `--plain` variant, the tags every reader knows (endplay cannot read the full one:
# it stops at the first comment in an auction).
#
#   bench/python-read.sh            # prints both times and the ratio
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/bench-python
mkdir -p "$out"
file="$out/10mb-plain.pbn"
cargo run --quiet --release --example generate -- --size 10MB --plain --out "$file"
if [ ! -x "$out/pbnfmt/bin/python" ]; then
    python3 -m venv "$out/pbnfmt"
    "$out/pbnfmt/bin/pip" install --quiet maturin==1.16.0
fi
# The module as users get it: the release profile (VIRTUAL_ENV: maturin installs into that venv).
VIRTUAL_ENV="$PWD/$out/pbnfmt" "$out/pbnfmt/bin/python" -m maturin develop --release --quiet
if [ ! -x "$out/endplay/bin/python" ]; then
    python3 -m venv "$out/endplay"
    "$out/endplay/bin/pip" install --quiet endplay==0.5.12
fi
ours=$("$out/pbnfmt/bin/python" bench/python-read.py pbnfmt "$file")
typed=$("$out/pbnfmt/bin/python" bench/python-read.py pbnfmt-games "$file")
theirs=$("$out/endplay/bin/python" bench/python-read.py endplay "$file")
echo "$ours"
echo "$typed"
echo "$theirs"
python3 - "$ours" "$theirs" <<'PY'
import re, sys
t = [float(re.search(r"in ([0-9.]+) s", s).group(1)) for s in sys.argv[1:]]
print(f"pbnfmt.read is {t[1] / t[0]:.1f} times as fast as endplay's reader")
PY
