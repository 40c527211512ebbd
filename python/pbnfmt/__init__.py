"""pbnfmt: the validator and converter for PBN (Portable Bridge Notation) files, from Python.

The functions run pbnfmt's own Rust code in this process (the ``pbnfmt._native`` module), the same
code as the ``pbnfmt`` command, and give back what the command would write:

- :func:`check` -- the findings of ``pbnfmt check --isolated --output-format json``, as
  :class:`Finding` objects;
- :func:`read` -- the games, one dict at a time, as ``pbnfmt convert --to jsonl`` writes them
  (``docs/jsonl.md`` and ``docs/jsonl.schema.json`` document every key);
- :func:`export`, :func:`fix`, :func:`convert` -- the text ``export``, ``fix`` and ``convert``
  write;
- :func:`fingerprint`, :func:`deal_hash` -- ``pbnfmt fingerprint`` and the JSON's ``deal_hash``;
- :func:`to_pandas`, :func:`to_arrow` -- the games as a table, the columns of ``convert --to
  csv`` (or its calls, cards or results: ``table=``), when pandas or pyarrow is installed.

A *source* is a path (:class:`pathlib.Path` or any :class:`os.PathLike`), the file's ``bytes``
(any encoding pbnfmt reads), or a ``str`` holding the PBN text itself. A ``str`` is never taken for
a path: ``pbnfmt.check(pathlib.Path("hands.pbn"))``. No configuration file is read (the command's
``--isolated``); rules are chosen with ``select``, ``ignore`` and ``extend_select``.

A file pbnfmt cannot read is an exception (:class:`OSError` for a file that cannot be opened,
:class:`PbnfmtError` for one pbnfmt refuses, with the file and the place); a file with findings is
not: the findings are the answer. Every call lets go of the GIL while pbnfmt works.
"""

from __future__ import annotations

import io
import json
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Literal, Optional, Union

from pbnfmt import _native
from pbnfmt._native import PbnfmtError

if TYPE_CHECKING:  # pragma: no cover
    import pandas
    import pyarrow

__all__ = [
    "Finding",
    "PbnfmtError",
    "Source",
    "__version__",
    "check",
    "convert",
    "deal_hash",
    "export",
    "fingerprint",
    "fix",
    "read",
    "to_arrow",
    "to_pandas",
]

__version__: str = _native.VERSION

Source = Union[str, bytes, bytearray, memoryview, "os.PathLike[str]"]


def _source(source: Source, name: Optional[str] = None) -> tuple[Optional[str], Optional[bytes], str]:
    """(path, data, name) for the native functions."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return None, bytes(source), name or "<bytes>"
    if isinstance(source, str):
        return None, source.encode("utf-8"), name or "<string>"
    if isinstance(source, os.PathLike):
        path = os.fspath(source)
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        return path, None, name or path
    raise TypeError(
        f"a source is a path (pathlib.Path), the file's bytes, or the PBN text as a str, "
        f"not {type(source).__name__}"
    )


@dataclass(frozen=True)
class Position:
    """A place in the file: line and column (1-based, the column in characters) and the byte
    offset in the file as it is on disk (0-based)."""

    line: int
    column: int
    offset: int


@dataclass(frozen=True)
class Finding:
    """One finding, with the fields of ``check --output-format json`` (docs/output.md)."""

    code: str
    """The rule's code, ``D003``."""
    name: str
    """The rule's name, ``duplicate-card``."""
    severity: Literal["error", "warning"]
    path: str
    """The file's name as given (``<bytes>`` or ``<string>`` for a source that is not a path)."""
    line: int
    column: int
    end_line: int
    end_column: int
    span: tuple[int, int]
    """The byte offsets of the start and end in the file as it is on disk."""
    message: str
    section: str
    """The section of the standard the rule enforces, ``PBN 3.4.11``."""
    help: Optional[str] = None
    label: Optional[str] = None
    fix: Optional[dict[str, Any]] = None
    """The fix, when there is one: ``safety`` (``safe`` or ``unsafe``), ``title``, ``edits``."""
    related: list[dict[str, Any]] = field(default_factory=list)
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    """The JSON object itself, as the command writes it."""

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> "Finding":
        start, end = obj["span"]["start"], obj["span"]["end"]
        return cls(
            code=obj["code"],
            name=obj["name"],
            severity=obj["severity"],
            path=obj["file"],
            line=start["line"],
            column=start["column"],
            end_line=end["line"],
            end_column=end["column"],
            span=(start["offset"], end["offset"]),
            message=obj["message"],
            section=obj["section"],
            help=obj.get("help"),
            label=obj.get("label"),
            fix=obj.get("fix"),
            related=obj.get("related") or [],
            raw=obj,
        )

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.severity}[{self.code}] {self.message}"


def check(
    source: Source,
    *,
    select: Optional[Iterable[str]] = None,
    ignore: Optional[Iterable[str]] = None,
    extend_select: Optional[Iterable[str]] = None,
    max_findings: Optional[int] = None,
    name: Optional[str] = None,
) -> list[Finding]:
    """The findings of ``source``, in file order: ``pbnfmt check --isolated`` with the same
    ``--select``, ``--ignore``, ``--extend-select`` and ``--max-findings``. A selector that names no
    rule is a :class:`ValueError`. ``name`` is the file's name in the findings."""
    path, data, shown = _source(source, name)
    objects = _native.check(
        path,
        data,
        shown,
        None if select is None else list(select),
        list(ignore or []),
        list(extend_select or []),
        max_findings,
    )
    return [Finding.from_json(json.loads(obj)) for obj in objects]


def read(source: Source, *, name: Optional[str] = None) -> Iterator[dict[str, Any]]:
    """The games of ``source``, one dict at a time, as ``pbnfmt convert --to jsonl`` writes them
    (schema: ``docs/jsonl.schema.json``). A file on disk is read a window at a time and the games
    come through a short queue: memory stays bounded whatever the file's size."""
    path, data, shown = _source(source, name)
    for line in _native.read(path, data, shown):
        yield json.loads(line)


def export(source: Source, *, name: Optional[str] = None) -> str:
    """``source`` in PBN's export format, as ``pbnfmt export`` writes it (proven by reading it
    back). A file that cannot be exported is a :class:`PbnfmtError` that says why and where."""
    path, data, shown = _source(source, name)
    return _native.export(path, data, shown)


def fix(source: Source, *, unsafe: bool = False, name: Optional[str] = None) -> str:
    """``source`` with its safe fixes applied (``unsafe=True``: the unsafe ones too), as ``pbnfmt
    fix`` writes it."""
    path, data, shown = _source(source, name)
    return _native.fix(path, data, shown, unsafe)


def convert(
    source: Source,
    to: Literal["pbn", "lin", "jsonl", "csv"] = "pbn",
    *,
    name: Optional[str] = None,
) -> str:
    """``source`` converted as ``pbnfmt convert --to TO`` writes it: ``pbn`` (LIN read as PBN, or
    PBN's export), ``lin`` (BBO's LIN), ``jsonl`` (a JSON object a line) or ``csv``."""
    path, data, shown = _source(source, name)
    return _native.convert(path, data, shown, to)


def fingerprint(sources: Union[Source, Iterable[Source]]) -> str:
    """The fingerprint of the boards of ``sources``, as ``pbnfmt fingerprint`` prints it
    (``<hash>  <n> boards``): the same set of boards gives the same line, whatever its order,
    dealer rotation or layout."""
    if isinstance(sources, (str, bytes, bytearray, memoryview, os.PathLike)):
        sources = [sources]
    digest, boards = _native.fingerprint([_source(s) for s in sources])
    return f"{digest}  {boards} board{'' if boards == 1 else 's'}"


def deal_hash(deal: str) -> str:
    """The deal hash of a Deal value (``N:AKQ.… …``), as ``convert --to jsonl`` writes it: the
    same four hands give the same 16 hex digits in any file."""
    return _native.deal_hash(deal)


Table = Literal["games", "calls", "cards", "results"]

#: The types of the results table's number columns (``convert --to csv --table results``): a
#: score in points, matchpoints, IMPs, a datum and percentages, declarer's tricks, a row's count.
#: A pair number, a board, a table, a round and a rank stay text (``0873`` is no quantity, a
#: rank may be ``3=``).
_RESULT_TYPES = {
    "result": "int64",
    "score_ns": "int64",
    "mp_ns": "float64",
    "mp_ew": "float64",
    "imp_ns": "float64",
    "imp_ew": "float64",
    "datum": "int64",
    "percentage_ns": "float64",
    "percentage_ew": "float64",
    "multiplicity": "int64",
}


def _csv(source: Source, name: Optional[str], table: Table = "games") -> str:
    path, data, shown = _source(source, name)
    return _native.convert(path, data, shown, "csv", table)


def to_pandas(
    source: Source, *, name: Optional[str] = None, table: Table = "games"
) -> "pandas.DataFrame":
    """The games of ``source`` as a pandas DataFrame: the columns of ``convert --to csv``, read by
    pandas with its defaults (scores are numbers; no vulnerability is the string ``Love``, PBN
    3.4.10's word, which pandas keeps as text). ``table`` chooses the rows as ``convert
    --table`` does: ``results`` gives a row per result of every traveller (PBN 5.9 ScoreTable),
    typed as :func:`to_arrow` types it."""
    if table == "results":
        return to_arrow(source, name=name, table=table).to_pandas()
    import pandas

    return pandas.read_csv(io.StringIO(_csv(source, name, table)))


def to_arrow(
    source: Source, *, name: Optional[str] = None, table: Table = "games"
) -> "pyarrow.Table":
    """The games of ``source`` as a pyarrow Table: the columns of ``convert --to csv``.
    ``table`` chooses the rows as ``convert --table`` does. The ``results`` table is typed: the
    score (``score_ns``, North-South's points; an artificial score such as ``A60`` is in
    ``adjusted``), declarer's tricks, the datum and the row's multiplicity are ``int64``;
    matchpoints, IMPs and percentages ``float64``; the rest text. A number column is typed only
    where every value the file writes in it is a number; where one is not, the column stays
    text, so nothing the file writes is lost. A value the traveller does not give is null."""
    import pyarrow
    import pyarrow.compute
    import pyarrow.csv

    # An empty cell is a value the file does not give (null in the JSON), in text columns too:
    # pyarrow would read it as an empty string, where pandas reads it as missing.
    text = _csv(source, name, table).encode("utf-8")
    if table != "results":
        options = pyarrow.csv.ConvertOptions(strings_can_be_null=True)
        return pyarrow.csv.read_csv(io.BytesIO(text), convert_options=options)
    header = text.split(b"\n", 1)[0].decode("utf-8").split(",")
    options = pyarrow.csv.ConvertOptions(
        strings_can_be_null=True, column_types={c: pyarrow.string() for c in header}
    )
    read = pyarrow.csv.read_csv(io.BytesIO(text), convert_options=options)
    for column, kind in _RESULT_TYPES.items():
        if column not in read.column_names:
            continue
        at = read.column_names.index(column)
        try:
            typed = pyarrow.compute.cast(read.column(at), getattr(pyarrow, kind)())
        except (pyarrow.ArrowInvalid, pyarrow.ArrowNotImplementedError):
            continue
        read = read.set_column(at, column, typed)
    return read


def find_pbnfmt_bin() -> str:
    """The ``pbnfmt`` command installed with this package (a script that runs it with
    :mod:`subprocess`): the venv's ``pbnfmt``, which runs the command line in Python."""
    import shutil
    import sys
    import sysconfig

    scripts = sysconfig.get_path("scripts")
    for folder in (scripts, os.path.dirname(sys.executable)):
        found = shutil.which("pbnfmt", path=folder)
        if found:
            return found
    found = shutil.which("pbnfmt")
    if found:
        return found
    raise FileNotFoundError("the pbnfmt command is not installed beside this package")
