"""``python -m pbnfmt ARGS`` and the ``pbnfmt`` command the wheel installs: the command line, run
in this process by pbnfmt's own Rust code, exiting with its status."""

import sys

from pbnfmt import _native


def main() -> None:
    sys.exit(_native.main(["pbnfmt", *sys.argv[1:]]))


if __name__ == "__main__":
    main()
