#!/usr/bin/env bash
# Typed games as native PyO3 classes or as frozen dataclasses: which reads faster (issue 64,
# item 5). Builds a small module with a native frozen `Call` (the fields of pbnfmt's) into the
# venv of bench/python-read.sh (run that first) and times a million calls made natively against
# a million made the way pbnfmt.games makes them (JSON, then the dataclass), in one run.
#
#   bench/native-objects.sh
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/bench-python/pbnfmt
(cd bench/native-objects && VIRTUAL_ENV="$PWD/../../$venv" "../../$venv/bin/python" -m maturin develop --release --quiet)
"$venv/bin/python" bench/native-objects/measure.py
