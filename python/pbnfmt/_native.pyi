"""Types of ``pbnfmt._native``, the Rust side of the package (python/src/lib.rs). Each function
takes ``(path, data, name)``: a path to read, or the file's bytes, and the file's name in what
it says (``None``: a path as the command names it)."""

from typing import Iterator, Optional

VERSION: str

class PbnfmtError(Exception):
    """A file pbnfmt could not read or write as asked: the message names the file and the place."""

class Games(Iterator[tuple[bool, str]]):
    """``(True, line)`` for a game's JSON line, ``(False, message)`` for a warning."""

    def __iter__(self) -> "Games": ...
    def __next__(self) -> tuple[bool, str]: ...

def check(
    path: Optional[str],
    data: Optional[bytes],
    name: Optional[str],
    select: Optional[list[str]],
    ignore: list[str],
    extend_select: list[str],
    max_findings: Optional[int],
) -> tuple[list[str], int]: ...
def read(path: Optional[str], data: Optional[bytes], name: Optional[str]) -> Games: ...
def export(path: Optional[str], data: Optional[bytes], name: Optional[str]) -> str: ...
def fix(path: Optional[str], data: Optional[bytes], name: Optional[str], unsafe_fixes: bool) -> str: ...
def convert(
    path: Optional[str],
    data: Optional[bytes],
    name: Optional[str],
    to: str,
    table: Optional[str] = None,
    columns: Optional[list[str]] = None,
    plain: bool = False,
) -> tuple[str, list[str]]: ...
def fingerprint(
    sources: list[tuple[Optional[str], Optional[bytes], Optional[str]]],
) -> tuple[str, int, int]: ...
def files(paths: list[str]) -> list[str]: ...
def path_name(path: str) -> str: ...
def deal_hash(deal: str) -> str: ...
def main(argv: list[str]) -> int: ...
