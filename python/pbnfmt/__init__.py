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
- :func:`to_pandas`, :func:`to_arrow` -- the games as a table of one schema for every file
  (:func:`schema`), or the calls, cards or results (``table=``), when pandas or pyarrow is
  installed.

A *source* is what pandas and the rest of the Python world take: a path as a ``str`` or any
:class:`os.PathLike`, an open file (binary or text), or the file's ``bytes``. The PBN text itself
is given by name, ``text=`` (or :func:`loads`), as :mod:`json` splits ``load`` from ``loads``.
:func:`check`, :func:`read`, :func:`fingerprint`, :func:`to_pandas` and :func:`to_arrow` take
several sources at once: a list of them, a folder (the files ``pbnfmt check DIR`` reads in it) or
a glob (``"archive/**/*.pbn"``). No configuration file is read (the command's ``--isolated``);
rules are chosen with ``select``, ``ignore`` and ``extend_select``.

A file pbnfmt cannot read is an exception, raised at the call (:class:`OSError` for a file that
cannot be opened, :class:`PbnfmtError` for one pbnfmt refuses, with the file and the place); a
file with findings is not: the findings are the answer. What an answer leaves out (findings past
``max_findings``, games left out or read with syntax errors) is a :class:`PbnfmtWarning`. Every
call lets go of the GIL while pbnfmt works, and Ctrl-C stops it.
"""

from __future__ import annotations

import errno
import glob
import io
import json
import os
import warnings
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any, Iterable, Iterator, List, Literal, Optional, Union

from pbnfmt import _games as _typed
from pbnfmt import _native
from pbnfmt._games import (
    Auction,
    Call,
    Contract,
    Deal,
    Game,
    Hand,
    Par,
    Play,
    Result,
    Score,
    Span,
    Tag,
    Trick,
)
from pbnfmt._native import PbnfmtError

if TYPE_CHECKING:  # pragma: no cover
    import pandas
    import pyarrow

__all__ = [
    "Auction",
    "Call",
    "Contract",
    "Deal",
    "Game",
    "Hand",
    "Par",
    "Play",
    "Result",
    "Score",
    "Span",
    "Tag",
    "Trick",
    "dump",
    "dumps",
    "games",
    "Finding",
    "Findings",
    "PbnfmtError",
    "PbnfmtWarning",
    "CALL_COLUMNS",
    "CARD_COLUMNS",
    "GAME_COLUMNS",
    "RESULT_COLUMNS",
    "Source",
    "Sources",
    "__version__",
    "check",
    "convert",
    "deal_hash",
    "export",
    "fingerprint",
    "fix",
    "load",
    "loads",
    "read",
    "schema",
    "to_arrow",
    "to_pandas",
]

__version__: str = _native.VERSION


class PbnfmtWarning(UserWarning):
    """What an answer leaves out: findings past ``max_findings``, games left out (W006: two boards
    run together) or read with a syntax error (``"uncertain": true``), games without four complete
    hands left out of a fingerprint. The message names the file and the place, as the command says
    it on standard error."""


Source = Union[str, bytes, bytearray, memoryview, "os.PathLike[str]", "os.PathLike[bytes]", IO[Any]]
"""One file: a path (``str`` or :class:`os.PathLike`), an open file (binary or text), or its
``bytes``."""

Sources = Union[Source, Iterable[Source]]
"""One source or several: a list of them, a folder, a glob."""

# (path, bytes, name): what the native functions take for one file; a path's name is left to
# them (None: named as the command names it) unless ``name=`` gives one.
_Native = tuple[Optional[str], Optional[bytes], Optional[str]]

_GLOB = frozenset("*?[")


def _shown(native: _Native) -> str:
    """The name pbnfmt gives a file in what it says."""
    path, _, name = native
    if name is not None:
        return name
    return _native.path_name(path) if path is not None else "<bytes>"


def _one(source: Any, name: Optional[str] = None, text: Optional[str] = None) -> _Native:
    """One source as the native functions take it."""
    if text is not None:
        if source is not None:
            raise TypeError("give a source or text=, not both")
        if not isinstance(text, str):
            raise TypeError(f"text= is the PBN text as a str, not {type(text).__name__}")
        return None, text.encode("utf-8"), name or "<string>"
    if isinstance(source, (bytes, bytearray, memoryview)):
        return None, bytes(source), name or "<bytes>"
    if isinstance(source, (str, os.PathLike)):
        # A name that is not UTF-8 keeps its bytes as surrogates, as the native module reads it.
        return os.fsdecode(source), None, name
    read = getattr(source, "read", None)
    if callable(read):
        content = read()
        given = getattr(source, "name", None)
        shown = name or (given if isinstance(given, str) else "<stream>")
        if isinstance(content, str):
            return None, content.encode("utf-8"), shown
        if isinstance(content, (bytes, bytearray, memoryview)):
            return None, bytes(content), shown
        raise TypeError(f"the file object's read() gave {type(content).__name__}, not bytes or str")
    raise TypeError(
        "a source is a path (str or pathlib.Path), an open file, the file's bytes, or the PBN "
        f"text as text=, not {type(source).__name__}"
    )


def _is_many(sources: Any) -> bool:
    """A list of sources (any iterable that is not itself one source: a file object iterates
    over its lines, a str over its characters)."""
    if isinstance(sources, (str, bytes, bytearray, memoryview, os.PathLike)):
        return False
    if callable(getattr(sources, "read", None)):
        return False
    return isinstance(sources, Iterable)


def _openable(path: str) -> None:
    """Raises the :class:`OSError` the command would meet opening ``path``, at the call."""
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    with open(path, "rb"):
        pass


def _sources(sources: Any, name: Optional[str] = None, text: Optional[str] = None) -> list[_Native]:
    """Every file of ``sources``: each source of a list, the files of a folder (those ``pbnfmt
    check DIR`` reads), the files a glob matches (sorted, ``**`` for any depth). A path is looked
    at before it is a glob: a file whose name holds ``*`` is that file. Each path is checked
    here, so that a missing file is an :class:`OSError` at the call."""
    if text is not None:
        return [_one(sources, name, text)]
    if sources is None:
        raise TypeError("give a source (a path, an open file, bytes) or the text as text=")
    items = list(sources) if _is_many(sources) else [sources]
    found: list[_Native] = []
    for item in items:
        if isinstance(item, (str, os.PathLike)):
            path = os.fsdecode(item)
            if not os.path.exists(path) and _GLOB & set(path):
                matched = sorted(glob.glob(path, recursive=True))
                if not matched:
                    raise FileNotFoundError(errno.ENOENT, "no file matches this pattern", path)
                found.extend(_one(p) for p in _native.files(matched))
                continue
            if os.path.isdir(path):
                found.extend(_one(p) for p in _native.files([path]))
                continue
            _openable(path)
        found.append(_one(item))
    if name is not None:
        if len(found) != 1:
            raise ValueError(f"name= names one source; these are {len(found)} files")
        found[0] = (found[0][0], found[0][1], name)
    return found


def _single(source: Any, name: Optional[str], text: Optional[str], what: str) -> _Native:
    """The one source of a function that gives one file's text."""
    if text is None and _is_many(source):
        raise TypeError(f"{what} takes one source (it gives one file's text), not a list")
    return _one(source, name, text)


def _warn(said: Iterable[str], stacklevel: int = 3) -> None:
    """One :class:`PbnfmtWarning` of ``said``'s lines, if any, shown at the line of the caller's
    caller (``stacklevel``): the user's call of the package's function."""
    lines = list(said)
    if lines:
        warnings.warn(PbnfmtWarning("\n".join(lines)), stacklevel=stacklevel)


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


class Findings(List[Finding]):
    """The findings of a :func:`check`: a list of :class:`Finding`, and ``left_out``, how many
    findings past ``max_findings`` were counted but not kept (the command's "N findings past
    ``--max-findings`` not shown")."""

    left_out: int

    def __init__(self, found: Iterable[Finding] = (), left_out: int = 0) -> None:
        super().__init__(found)
        self.left_out = left_out


def _selectors(value: Union[str, Iterable[str], None]) -> Optional[list[str]]:
    """A selector or several: ``"D003"`` is one rule (or prefix), not four characters."""
    if value is None:
        return None
    if isinstance(value, str):
        return [value]
    return list(value)


def check(
    source: Optional[Sources] = None,
    *,
    text: Optional[str] = None,
    select: Union[str, Iterable[str], None] = None,
    ignore: Union[str, Iterable[str], None] = None,
    extend_select: Union[str, Iterable[str], None] = None,
    max_findings: Optional[int] = None,
    name: Optional[str] = None,
) -> Findings:
    """The findings of ``source`` (or of each of several, one after the other), in file order:
    ``pbnfmt check --isolated`` with the same ``--select``, ``--ignore``, ``--extend-select`` (a
    code, a prefix, or a list of them) and ``--max-findings`` (a file's limit). A selector that
    names no rule is a :class:`ValueError`. Findings past the limit are counted in
    ``left_out`` and said in a :class:`PbnfmtWarning`. ``name`` is the file's name in the
    findings."""
    if max_findings is not None and (
        isinstance(max_findings, bool) or not isinstance(max_findings, int) or max_findings < 0
    ):
        raise ValueError(f"max_findings={max_findings!r}: a number of findings, 0 or more")
    found = Findings()
    said = []
    for native in _sources(source, name, text):
        objects, left_out = _native.check(
            *native,
            _selectors(select),
            _selectors(ignore) or [],
            _selectors(extend_select) or [],
            max_findings,
        )
        found.extend(Finding.from_json(json.loads(obj)) for obj in objects)
        found.left_out += left_out
        if left_out:
            said.append(
                f"{_shown(native)}: {left_out} finding{'' if left_out == 1 else 's'} past max_findings "
                f"({max_findings}) not kept"
            )
    _warn(said)
    return found


def _games(first: Iterator[tuple[bool, str]], rest: list[_Native]) -> Iterator[dict[str, Any]]:
    """The games of the native iterators one file after the other; a file's warnings once its
    games are read."""
    games: Optional[Iterator[tuple[bool, str]]] = first
    while games is not None:
        said = []
        for is_game, line in games:
            if is_game:
                yield json.loads(line)
            else:
                said.append(line)
        _warn(said)
        games = _native.read(*rest.pop(0)) if rest else None


def read(
    source: Optional[Sources] = None, *, text: Optional[str] = None, name: Optional[str] = None
) -> Iterator[dict[str, Any]]:
    """The games of ``source`` (or of several, one file after the other), one dict at a time, as
    ``pbnfmt convert --to jsonl`` writes them (schema: ``docs/jsonl.schema.json``). A file on
    disk is read a window at a time and the games come through a short queue: memory stays
    bounded whatever the file's size. What stops the first file (a file that cannot be opened, a
    text that is not PBN) is raised here, at the call; a later file's, when its turn comes."""
    natives = _sources(source, name, text)
    if not natives:
        return iter(())
    games = _native.read(*natives[0])
    # The first file's first answer, waited for here: a refusal is raised at the call.
    held: list[tuple[bool, str]] = []
    for item in games:
        held.append(item)
        if item[0]:
            break

    def first() -> Iterator[tuple[bool, str]]:
        yield from held
        yield from games

    return _games(first(), natives[1:])


def games(
    source: Optional[Sources] = None, *, text: Optional[str] = None, name: Optional[str] = None
) -> list[Game]:
    """The games of ``source`` (or of several, one file after the other) as typed
    :class:`Game` objects, each with its PBN text: to change (:meth:`Game.with_tags`,
    :meth:`Game.rotated`) and write back (:func:`dumps`). The games are ``read``'s, in its order,
    with its warnings; a file is held whole while its games are made."""
    found: list[Game] = []
    said: list[str] = []
    for native in _sources(source, name, text):
        typed, warned = _typed.games_of(native)
        found.extend(typed)
        said.extend(warned)
    _warn(said)
    return found


def dumps(games: Iterable[Game]) -> str:
    """The games written as one PBN file in export format, as ``pbnfmt export`` writes it, proven
    by reading it back (a file export refuses is a :class:`PbnfmtError` that says why). Reading
    it again (``pbnfmt.games(text=...)``) gives games equal to these; the file's own lines before
    its first game (``%`` lines, a preamble comment) are not the games', and export writes its
    own header."""
    texts = []
    for game in games:
        if not isinstance(game, Game):
            raise TypeError(f"dumps writes Game objects (pbnfmt.games), not {type(game).__name__}")
        texts.append(game._written())
    return _native.dumps(texts)


def dump(games: Iterable[Game], fp: IO[Any]) -> None:
    """:func:`dumps` written to an open file: text as it is, a binary file in UTF-8."""
    written = dumps(games)
    if isinstance(fp, io.TextIOBase):
        fp.write(written)
    else:
        fp.write(written.encode("utf-8"))


def loads(text: str, *, name: Optional[str] = None) -> list[dict[str, Any]]:
    """The games of a PBN (or LIN) text, as a list: ``list(read(text=text))``."""
    return list(read(text=text, name=name))


def load(fp: IO[Any], *, name: Optional[str] = None) -> list[dict[str, Any]]:
    """The games of an open file (binary or text), as a list: ``list(read(fp))``."""
    return list(read(fp, name=name))


def export(
    source: Optional[Source] = None, *, text: Optional[str] = None, name: Optional[str] = None
) -> str:
    """``source`` in PBN's export format, as ``pbnfmt export`` writes it (proven by reading it
    back). A file that cannot be exported is a :class:`PbnfmtError` that says why and where."""
    return _native.export(*_single(source, name, text, "export"))


def fix(
    source: Optional[Source] = None,
    *,
    text: Optional[str] = None,
    unsafe: bool = False,
    name: Optional[str] = None,
) -> str:
    """``source`` with its safe fixes applied (``unsafe=True``: the unsafe ones too), as ``pbnfmt
    fix`` writes it."""
    return _native.fix(*_single(source, name, text, "fix"), unsafe)


def convert(
    source: Optional[Source] = None,
    to: Literal["pbn", "lin", "jsonl", "csv"] = "pbn",
    *,
    text: Optional[str] = None,
    name: Optional[str] = None,
) -> str:
    """``source`` converted as ``pbnfmt convert --to TO`` writes it: ``pbn`` (LIN read as PBN, or
    PBN's export), ``lin`` (BBO's LIN), ``jsonl`` (a JSON object a line) or ``csv``. A text of
    which no game is read, with errors that say why, is a :class:`PbnfmtError`; games left out or
    read with a syntax error are a :class:`PbnfmtWarning`."""
    converted, said = _native.convert(*_single(source, name, text, "convert"), to)
    _warn(said)
    return converted


def fingerprint(sources: Optional[Sources] = None, *, text: Optional[str] = None) -> str:
    """The fingerprint of the boards of ``sources``, as ``pbnfmt fingerprint`` prints it
    (``<hash>  <n> boards``): the same set of boards gives the same line, whatever its order,
    dealer rotation or layout. A source that is not PBN, or a set with no complete deal, is a
    :class:`PbnfmtError`; games without four complete hands are left out with a
    :class:`PbnfmtWarning`."""
    digest, boards, left_out = _native.fingerprint(_sources(sources, None, text))
    if left_out:
        games = f"{left_out} game{'' if left_out == 1 else 's'}"
        _warn([f"{games} without four complete hands left out of the fingerprint"])
    return f"{digest}  {boards} board{'' if boards == 1 else 's'}"


def deal_hash(deal: str) -> str:
    """The deal hash of a Deal value (``N:AKQ.… …``), as ``convert --to jsonl`` writes it: the
    same four hands give the same 16 hex digits in any file."""
    return _native.deal_hash(deal)


Table = Literal["games", "calls", "cards", "results"]

_SEATS = ("N", "E", "S", "W")

#: The games table of :func:`to_arrow` and :func:`to_pandas`, the same for every file (issue 64,
#: item 7): each column's type, or the fixed values of a category. The values are the JSON's
#: (``vulnerable`` ``"None"``, the deal hash's digits, a Board ``NA`` as written); what the file
#: does not give is null. ``contract_level``, ``contract_strain`` and ``contract_risk`` are the
#: contract's parts (``risk`` ``""`` when undoubled; all null when passed out or unknown).
GAME_COLUMNS: dict[str, Union[str, tuple[str, ...]]] = {
    "file": "string",
    "game": "int64",
    "board": "string",
    "board_number": "int64",
    "dealer": _SEATS,
    "vulnerable": ("None", "NS", "EW", "All"),
    "north": "string",
    "east": "string",
    "south": "string",
    "west": "string",
    "contract": "string",
    "contract_level": "int64",
    "contract_strain": ("C", "D", "H", "S", "NT"),
    "contract_risk": ("", "X", "XX"),
    "declarer": _SEATS,
    "result": "int64",
    "score_ns": "int64",
    "duplicate_score_ns": "int64",
    "deal_hash": "string",
    "auction": "string",
    "uncertain": "bool",
}


#: The calls table (``table="calls"``): a row per call, in the order called (PBN 3.4.11).
CALL_COLUMNS: dict[str, Union[str, tuple[str, ...]]] = {
    "file": "string",
    "game": "int64",
    "index": "int64",
    "seat": _SEATS,
    "call": "string",
    "nags": "string",
    "note": "string",
}

#: The cards table (``table="cards"``): a row per card played, in the order played (PBN 3.4.14);
#: ``position`` is its place in the trick (1 for the lead).
CARD_COLUMNS: dict[str, Union[str, tuple[str, ...]]] = {
    "file": "string",
    "game": "int64",
    "trick": "int64",
    "position": "int64",
    "seat": _SEATS,
    "card": "string",
    "leader": _SEATS,
    "winner": _SEATS,
}

#: The results table (``table="results"``): a row per result of every traveller (PBN 5.9
#: ScoreTable). ``score_ns`` is North-South's points however the producer wrote them; a score
#: that is no number (``A60``) is in ``adjusted``, and any other cell of a number column that is
#: no number (``MP_NS=40%``) in ``other``, so that each column has one type and nothing the file
#: writes is lost. A pair number, a board, a table, a round and a rank are text (``0873`` is no
#: quantity, a rank may be ``3=``).
RESULT_COLUMNS: dict[str, Union[str, tuple[str, ...]]] = {
    "file": "string",
    "game": "int64",
    "board": "string",
    "vulnerable": ("None", "NS", "EW", "All"),
    "section": "string",
    "table": "string",
    "round": "string",
    "pair_ns": "string",
    "pair_ew": "string",
    "names_ns": "string",
    "names_ew": "string",
    "contract": "string",
    "declarer": _SEATS,
    "result": "int64",
    "lead": "string",
    "score_ns": "int64",
    "adjusted": "string",
    "other": "string",
    "mp_ns": "float64",
    "mp_ew": "float64",
    "imp_ns": "float64",
    "imp_ew": "float64",
    "datum": "int64",
    "percentage_ns": "float64",
    "percentage_ew": "float64",
    "rank": "string",
    "multiplicity": "int64",
}

_COLUMNS = {
    "games": GAME_COLUMNS,
    "calls": CALL_COLUMNS,
    "cards": CARD_COLUMNS,
    "results": RESULT_COLUMNS,
}


def _columns(table: Table) -> dict[str, Union[str, tuple[str, ...]]]:
    """The columns of ``table``, or the ValueError naming the tables."""
    try:
        return _COLUMNS[table]
    except (KeyError, TypeError):
        raise ValueError(
            f"table={table!r}: the tables are {', '.join(map(repr, _COLUMNS))}"
        ) from None


def _arrow_type(kind: Union[str, tuple[str, ...]]) -> Any:
    import pyarrow

    if isinstance(kind, tuple):
        return pyarrow.dictionary(pyarrow.int8(), pyarrow.string())
    types = {
        "string": pyarrow.string(),
        "int64": pyarrow.int64(),
        "float64": pyarrow.float64(),
        "bool": pyarrow.bool_(),
    }
    return types[kind]


def schema(table: Table = "games") -> "pyarrow.Schema":
    """The Arrow schema of ``table`` (:data:`GAME_COLUMNS`, :data:`CALL_COLUMNS`,
    :data:`CARD_COLUMNS`, :data:`RESULT_COLUMNS`): every file's table has it, so tables of many
    files concatenate (``pyarrow.concat_tables``) and their pandas frames too."""
    import pyarrow

    columns = _columns(table)
    return pyarrow.schema([pyarrow.field(n, _arrow_type(k)) for n, k in columns.items()])


def _csv(
    source: Optional[Sources], name: Optional[str], text: Optional[str], table: Table = "games"
) -> str:
    """The CSV of every file of ``source`` as one table: the first file's header, then every
    file's rows (the columns do not depend on the file). What it is warned of is said in the
    caller's caller's name (``to_pandas``'s or ``to_arrow``'s caller)."""
    header: Optional[str] = None
    parts: list[str] = []
    said: list[str] = []
    columns = list(GAME_COLUMNS) if table == "games" else None
    for native in _sources(source, name, text):
        converted, warned = _native.convert(*native, "csv", table, columns, True)
        said.extend(warned)
        first, _, rows = converted.partition("\n")
        if header is None:
            header = first
            parts.append(first + "\n")
        elif first != header:  # pragma: no cover - the columns are the table's
            raise PbnfmtError(f"{_shown(native)}: its columns differ from the first file's")
        parts.append(rows)
    _warn(said, stacklevel=5)
    return "".join(parts)


def to_pandas(
    source: Optional[Sources] = None,
    *,
    text: Optional[str] = None,
    name: Optional[str] = None,
    table: Table = "games",
) -> "pandas.DataFrame":
    """The games of ``source`` as a pandas DataFrame: :func:`to_arrow`'s table, its integers the
    nullable ``Int64``, its decimals ``Float64``, its categories ``category`` columns with fixed
    categories, ``uncertain`` ``boolean``: one schema for every file, so frames of many files
    concatenate as they are. ``table`` chooses the rows as ``convert --table`` does (``calls``,
    ``cards``, ``results``), each with its one schema (:func:`schema`)."""
    import pandas
    import pyarrow

    typed = {
        pyarrow.int64(): pandas.Int64Dtype(),
        pyarrow.float64(): pandas.Float64Dtype(),
        pyarrow.bool_(): pandas.BooleanDtype(),
    }
    return to_arrow(source, text=text, name=name, table=table).to_pandas(types_mapper=typed.get)


def to_arrow(
    source: Optional[Sources] = None,
    *,
    text: Optional[str] = None,
    name: Optional[str] = None,
    table: Table = "games",
) -> "pyarrow.Table":
    """The games of ``source`` as a pyarrow Table with :func:`schema`, the same for every file
    (:data:`GAME_COLUMNS`: the columns of ``convert --to csv`` with ``board_number`` and the
    contract's parts), its values the JSON's (``vulnerable`` ``"None"``, the deal hash's digits).
    ``table`` chooses the rows as ``convert --table`` does: ``calls`` (:data:`CALL_COLUMNS`),
    ``cards`` (:data:`CARD_COLUMNS`) or ``results`` (:data:`RESULT_COLUMNS`: a row per result of
    every traveller, its scores, tricks, datum and multiplicity ``int64``, matchpoints, IMPs and
    percentages ``float64``, a cell that is no number in ``other``), each with one schema for
    every file. A value the file does not give is null."""
    columns = _columns(table)
    return _typed_table(_csv(source, name, text, table).encode("utf-8"), table, columns)


def _typed_table(
    csv: bytes, table: Table, columns: dict[str, Union[str, tuple[str, ...]]]
) -> "pyarrow.Table":
    """The table of a plain CSV (the values as the JSON gives them) with ``table``'s schema."""
    import pyarrow
    import pyarrow.compute as compute
    import pyarrow.csv

    # An empty cell is a value the file does not give (null in the JSON), in text columns too:
    # pyarrow would read it as an empty string, where pandas reads it as missing.
    options = pyarrow.csv.ConvertOptions(
        column_types={
            n: pyarrow.string() if isinstance(k, tuple) else _arrow_type(k)
            for n, k in columns.items()
        },
        null_values=[""],
        strings_can_be_null=True,
        quoted_strings_can_be_null=True,
        true_values=["true"],
        false_values=["false"],
    )
    read = pyarrow.csv.read_csv(io.BytesIO(csv), convert_options=options)
    if list(read.column_names) != list(columns):  # pragma: no cover - the command's columns
        raise PbnfmtError(
            f"the {table} table's columns are {read.column_names} (a bug in pbnfmt: please report it)"
        )
    if table == "games":
        # Undoubled is an empty risk, which a CSV cell cannot tell from none: a contract has one.
        at = read.column_names.index("contract_risk")
        risk = compute.if_else(
            compute.is_null(read.column("contract_level")),
            pyarrow.scalar(None, pyarrow.string()),
            compute.fill_null(read.column("contract_risk"), ""),
        )
        read = read.set_column(at, "contract_risk", risk)
    for name, kind in columns.items():
        if not isinstance(kind, tuple):
            continue
        at = read.column_names.index(name)
        values = read.column(at).combine_chunks()
        dictionary = pyarrow.array(kind, pyarrow.string())
        indices = compute.index_in(values, value_set=dictionary)
        if indices.null_count != values.null_count:  # pragma: no cover - the JSON's words
            raise PbnfmtError(
                f"the {name} column holds a value outside {kind} (a bug in pbnfmt: please report it)"
            )
        categories = pyarrow.DictionaryArray.from_arrays(
            indices.cast(pyarrow.int8()), dictionary
        )
        read = read.set_column(at, name, categories)
    return read.cast(schema(table))


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
