"""``python -m pbnfmt ARGS``: runs the pbnfmt binary with ARGS and exits with its status."""

import os
import sys

from pbnfmt import find_pbnfmt_bin


def main() -> None:
    binary = find_pbnfmt_bin()
    if sys.platform == "win32":
        import subprocess

        sys.exit(subprocess.call([binary, *sys.argv[1:]]))
    os.execv(binary, [binary, *sys.argv[1:]])


if __name__ == "__main__":
    main()
