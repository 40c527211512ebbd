"""pbnfmt: the validator and converter for PBN (Portable Bridge Notation) files.

The wheel installs the ``pbnfmt`` command; :func:`find_pbnfmt_bin` says where it is, for a script
that runs it with :mod:`subprocess`. ``python -m pbnfmt`` runs it too.
"""

from __future__ import annotations

import os
import sys
import sysconfig

__all__ = ["find_pbnfmt_bin"]


def find_pbnfmt_bin() -> str:
    """The path of the ``pbnfmt`` binary this package was installed with."""
    exe = "pbnfmt" + sysconfig.get_config_var("EXE") if sysconfig.get_config_var("EXE") else "pbnfmt"
    candidates = [
        os.path.join(sysconfig.get_path("scripts"), exe),
        os.path.join(sysconfig.get_path("scripts", vars={"base": sys.base_prefix}), exe),
    ]
    user = sysconfig.get_path("scripts", f"{os.name}_user")
    if user:
        candidates.append(os.path.join(user, exe))
    for path in candidates:
        if os.path.isfile(path):
            return path
    raise FileNotFoundError(f"the pbnfmt binary is not installed beside this package: {candidates}")
