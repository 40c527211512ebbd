"""Typed games (issue 64, item 5): frozen classes made from the objects of ``convert --to jsonl``
(docs/jsonl.md), each keeping the game's own PBN text so that a game changed in Python (a tag set,
the deal turned) is rewritten by pbnfmt's own proven rewrites and written back by :func:`dumps`
without losing what the file held.

Every object read from a file keeps where it is written (``span``, a :class:`Span`: line and
column as ``check`` gives a finding's place); spans do not count in equality, and a game changed
in Python has none (it is written nowhere yet).

Two games are equal when they say the same of the board: its number, dealer, vulnerability,
deal, contract, declarer, result, scores, auction, play, par, double-dummy table and tables
(sections). Where a game stands (file, line, number in the file), how its tags are spelled and
ordered and its comments do not count: a game read back from :func:`dumps` (export format, which
adds the standard's tags and spells values its way) equals the game written.
"""

from __future__ import annotations

import gc
import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Optional

from pbnfmt import _native

SEATS = ("N", "E", "S", "W")
_SUITS = ("S", "H", "D", "C")


class Span(NamedTuple):
    """Where something is written in its file: ``line`` and ``column`` of its first character
    (from 1, as ``check`` gives a finding's place: ``file:line:column``; a column counts
    characters), and ``end_line``, ``end_column`` just past its last character. On the file's
    text as Python reads it (``lines = text.splitlines()``), one line's span is
    ``lines[line - 1][column - 1 : end_column - 1]``. A named tuple: a game has a hundred of
    them, made as tuples are (a dataclass made them twice as slow to read)."""

    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}-{self.end_line}:{self.end_column}"


_new_span = tuple.__new__


def _span(value: Any) -> Optional[Span]:
    return None if value is None else _new_span(Span, value)


class _Spans:
    """A game's spans (the ``spans`` of ``convert --to jsonl --spans``), read from their JSON
    text when first asked for: a game has a hundred, and decoding them with the game made
    reading half as fast again (bench/python-read.sh)."""

    __slots__ = ("_text", "_read")

    def __init__(self, text: str = "", read: Optional[dict[str, Any]] = None) -> None:
        self._text = text
        self._read = read

    def get(self, kind: str, key: Any = None) -> Any:
        """``spans[kind]``, or ``spans[kind][key]``; ``None`` where there is none."""
        if self._read is None:
            self._read = json.loads(self._text) if self._text else {}
            self._text = ""
        value = self._read.get(kind)
        if key is None or value is None:
            return value
        try:
            return value[key]
        except (IndexError, KeyError, TypeError):
            return None


#: Where an object is: its game's spans, the kind and the key (an index or a seat).
_Where = Optional[tuple[_Spans, str, Any]]


def _located(where: _Where) -> Optional[Span]:
    return None if where is None else _span(where[0].get(where[1], where[2]))


@dataclass(frozen=True)
class Tag:
    """A tag pair as the file gives it: ``inherited`` is ``"#"`` or ``"##"`` for a value carried
    from an earlier game (PBN 4.8), else ``None``."""

    name: str
    value: str
    inherited: Optional[str] = None
    _where: _Where = field(default=None, compare=False, repr=False, hash=False)

    @property
    def span(self) -> Optional[Span]:
        """Where the tag pair is, with its section (PBN 5); ``None`` for a value carried by ``##``."""
        return _located(self._where)


@dataclass(frozen=True)
class Hand:
    """One seat's cards, suit by suit (spades, hearts, diamonds, clubs), as the Deal writes them
    (``x`` for a spot card the file does not name); ``hcp`` and ``shape`` are ``None`` where the
    hand is not known card for card."""

    seat: str
    suits: tuple[str, str, str, str]
    hcp: Optional[int]
    shape: Optional[tuple[int, int, int, int]]
    _where: _Where = field(default=None, compare=False, repr=False, hash=False)

    @property
    def span(self) -> Optional[Span]:
        """Where the hand is in the Deal value."""
        return _located(self._where)

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards as ``SA``, ``HT``, … (suit, then rank), spades first."""
        return tuple(suit + rank for suit, ranks in zip(_SUITS, self.suits) for rank in ranks)

    def __str__(self) -> str:
        return ".".join(self.suits)


@dataclass(frozen=True)
class Deal:
    """The four hands (``None`` for a hand the file does not give) and the deal hash of
    ``convert --to jsonl`` (the same four hands give the same hash in any file)."""

    north: Optional[Hand]
    east: Optional[Hand]
    south: Optional[Hand]
    west: Optional[Hand]
    hash: Optional[str]
    _where: _Where = field(default=None, compare=False, repr=False, hash=False)

    @property
    def span(self) -> Optional[Span]:
        """Where the Deal tag pair is."""
        return _located(self._where)

    def __getitem__(self, seat: str) -> Optional[Hand]:
        """The hand of ``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
        return (self.north, self.east, self.south, self.west)[SEATS.index(seat)]

    def __str__(self) -> str:
        """The Deal value, North first (PBN 3.4.11): ``N:AKQ.… - … …``."""
        hands = (self.north, self.east, self.south, self.west)
        return "N:" + " ".join(str(h) if h is not None else "-" for h in hands)


@dataclass(frozen=True)
class Contract:
    """The contract: ``level`` 1-7, ``strain`` ``C D H S NT``, ``risk`` ``""``, ``X`` or
    ``XX``; or ``passed_out``."""

    level: Optional[int] = None
    strain: Optional[str] = None
    risk: str = ""
    passed_out: bool = False
    _where: _Where = field(default=None, compare=False, repr=False, hash=False)

    @property
    def span(self) -> Optional[Span]:
        """Where the Contract tag pair is."""
        return _located(self._where)

    def __str__(self) -> str:
        if self.passed_out:
            return "Pass"
        return f"{self.level or ''}{self.strain or ''}{self.risk}"


@dataclass(frozen=True)
class Call:
    """A call of the auction, in export spelling (``1NT``, ``Pass``, ``X``), with its NAGs
    (suffixes as their NAGs, PBN 3.5.2) and its note's text."""

    seat: str
    call: str
    nags: tuple[int, ...] = ()
    note: Optional[str] = None
    insufficient: bool = False
    after_end: bool = False
    _where: _Where = field(default=None, compare=False, repr=False, hash=False)

    @property
    def span(self) -> Optional[Span]:
        """Where the call is written (its annotations after it not included)."""
        return _located(self._where)


@dataclass(frozen=True)
class Auction:
    """The auction: the first seat, the calls, and how it ends (``complete``, ``stopped``,
    ``continued``, ``open``)."""

    first: Optional[str]
    calls: tuple[Call, ...]
    end: Optional[str]
    _where: _Where = field(default=None, compare=False, repr=False, hash=False)

    @property
    def span(self) -> Optional[Span]:
        """Where the Auction tag pair is, with its calls."""
        return _located(self._where)


@dataclass(frozen=True)
class Trick:
    """A trick: its leader, each seat's card (``SA``; ``-`` unknown, ``+`` to come, ``None`` not
    written), its winner, and what is written about its cards."""

    leader: Optional[str]
    cards: tuple[Optional[str], Optional[str], Optional[str], Optional[str]]
    winner: Optional[str]
    annotations: Optional[dict[str, Any]] = field(default=None, hash=False)
    _where: _Where = field(default=None, compare=False, repr=False, hash=False)

    @property
    def spans(self) -> tuple[Optional[Span], Optional[Span], Optional[Span], Optional[Span]]:
        """Where each card is written, by seat (``N E S W``, as ``cards``)."""
        at = None if self._where is None else self._where[0].get("tricks", self._where[2])
        if not at:
            return (None, None, None, None)
        return (_span(at.get("N")), _span(at.get("E")), _span(at.get("S")), _span(at.get("W")))

    def __getitem__(self, seat: str) -> Optional[str]:
        return self.cards[SEATS.index(seat)]

    @property
    def span(self) -> Optional[Span]:
        """From the first card of the trick written to the last (in the file's order)."""
        written = [at for at in self.spans if at is not None]
        if not written:
            return None
        first = min(written, key=lambda at: (at.line, at.column))
        last = max(written, key=lambda at: (at.end_line, at.end_column))
        return Span(first.line, first.column, last.end_line, last.end_column)


@dataclass(frozen=True)
class Play:
    """The play: the first seat, the tricks, and how it ends (``stopped``, ``open``)."""

    first: Optional[str]
    tricks: tuple[Trick, ...]
    end: Optional[str]
    _where: _Where = field(default=None, compare=False, repr=False, hash=False)

    @property
    def span(self) -> Optional[Span]:
        """Where the Play tag pair is, with its cards."""
        return _located(self._where)


@dataclass(frozen=True)
class Score:
    """Points for each side."""

    ns: int
    ew: int
    _where: _Where = field(default=None, compare=False, repr=False, hash=False)

    @property
    def span(self) -> Optional[Span]:
        """Where the Score tag pair is (``None`` for the score pbnfmt computes)."""
        return _located(self._where)


@dataclass(frozen=True)
class Result:
    """What the board came to: declarer's tricks, the Score the file writes, and the score of the
    contract and result (Law 77) computed by pbnfmt."""

    tricks: Optional[int]
    score: Optional[Score]
    duplicate_score: Optional[Score]
    _where: _Where = field(default=None, compare=False, repr=False, hash=False)

    @property
    def span(self) -> Optional[Span]:
        """Where the Result tag pair is."""
        return _located(self._where)


@dataclass(frozen=True)
class Par:
    """The par score for each side and its contracts (``None`` where only the file's
    OptimumScore gives the par)."""

    ns: Optional[int]
    ew: Optional[int]
    contracts: Optional[tuple[str, ...]]
    _where: _Where = field(default=None, compare=False, repr=False, hash=False)

    @property
    def span(self) -> Optional[Span]:
        """Where the file's ParContract tag pair is, else its OptimumScore; ``None`` where the
        file writes neither (the par of the double-dummy table)."""
        return _located(self._where)


def _made(cls: type, values: dict[str, Any]) -> Any:
    """An object of the frozen dataclass ``cls`` with ``values`` (every field), made without its
    ``__init__``, which sets each field through ``object.__setattr__``: a game has dozens of calls
    and cards, and this makes them three times as fast (bench/python-read.sh)."""
    made: Any = object.__new__(cls)
    made.__dict__.update(values)
    return made


def _score(obj: Optional[dict[str, Any]], where: _Where = None) -> Optional[Score]:
    return None if obj is None else Score(obj["ns"], obj["ew"], where)


@dataclass(frozen=True)
class Game:
    """One game, typed (docs/python.md, "Typed games"); :meth:`to_dict` gives the object of
    ``convert --to jsonl`` it was made from, ``str(game)`` its PBN text."""

    board: Optional[str]
    board_number: Optional[int]
    event: Optional[str]
    date: Optional[str]
    date_iso: Optional[str]
    scoring: Optional[str]
    dealer: Optional[str]
    vulnerable: Optional[str]
    deal: Optional[Deal]
    contract: Optional[Contract]
    declarer: Optional[str]
    result: Result
    auction: Optional[Auction]
    play: Optional[Play]
    par: Optional[Par]
    double_dummy: Optional[dict[str, dict[str, int]]] = field(hash=False)
    sections: tuple[dict[str, Any], ...] = field(compare=False, hash=False)
    """The tags with section data (PBN 5: tables such as the ScoreTable), as the JSON gives
    them; compared as a set (export orders the tags its way)."""
    uncertain: bool
    file: str = field(compare=False)
    line: int = field(compare=False)
    index: int = field(compare=False)
    """The game's number in its file (the JSON's ``game``), from 1."""
    tags: tuple[Tag, ...] = field(compare=False)
    comments: tuple[dict[str, Any], ...] = field(compare=False, hash=False)
    _tables: tuple[str, ...] = field(repr=False)
    """The sections, each as sorted JSON, sorted: what equality compares of them."""
    _raw: dict[str, Any] = field(compare=False, hash=False, repr=False)
    _text: Optional[str] = field(compare=False, repr=False)
    _where: _Where = field(default=None, compare=False, repr=False, hash=False)

    @property
    def span(self) -> Optional[Span]:
        """Where the game is: its first tag pair (or a comment before it) to its last token."""
        return _located(self._where)

    @classmethod
    def from_dict(
        cls, obj: dict[str, Any], text: Optional[str] = None, spans: Optional[_Spans] = None
    ) -> "Game":
        """The game of a ``convert --to jsonl`` object; ``text``, its PBN text (without it, the
        game cannot be changed or written back); ``spans``, where its things are written (the
        object's ``spans`` when it has them, ``convert --spans``)."""
        if "spans" in obj:
            obj = dict(obj)
            spans = _Spans(read=obj.pop("spans"))
        tags_read = obj.get("tags") or ()
        def at(kind: str, key: Any = None) -> _Where:
            return None if spans is None else (spans, kind, key)

        tags = tuple(
            Tag(t["name"], t["value"], t.get("inherited"), at("tags", i))
            for i, t in enumerate(tags_read)
        )
        where: dict[str, _Where] = {}
        for i, tag in enumerate(tags):
            where.setdefault(tag.name, at("tags", i))
        deal = obj.get("deal")
        facts = obj.get("hands") or {}
        hands: list[Optional[Hand]] = []
        for seat in SEATS:
            written = deal and deal.get(seat)
            if not written:
                hands.append(None)
                continue
            known = facts.get(seat) or {}
            parts = (written.split(".") + ["", "", "", ""])[:4]
            suits = (parts[0], parts[1], parts[2], parts[3])
            shape = known.get("shape")
            hands.append(
                _made(
                    Hand,
                    {
                        "seat": seat,
                        "suits": suits,
                        "hcp": known.get("hcp"),
                        "shape": tuple(shape) if shape else None,
                        "_where": at("hands", seat),
                    },
                )
            )
        contract = obj.get("contract")
        auction = obj.get("auction")
        play = obj.get("play")
        par = obj.get("par")
        return cls(
            board=obj.get("board"),
            board_number=obj.get("board_number"),
            event=obj.get("event"),
            date=obj.get("date"),
            date_iso=obj.get("date_iso"),
            scoring=obj.get("scoring"),
            dealer=obj.get("dealer"),
            vulnerable=obj.get("vulnerable"),
            deal=None
            if deal is None
            else Deal(
                hands[0], hands[1], hands[2], hands[3], obj.get("deal_hash"), where.get("Deal")
            ),
            contract=None
            if contract is None
            else Contract(
                contract.get("level"),
                contract.get("denomination"),
                contract.get("risk") or "",
                bool(contract.get("passed_out")),
                where.get("Contract"),
            ),
            declarer=obj.get("declarer"),
            result=Result(
                obj.get("result"),
                _score(obj.get("score"), where.get("Score")),
                _score(obj.get("duplicate_score")),
                where.get("Result"),
            ),
            auction=None
            if auction is None
            else Auction(
                auction.get("first"),
                tuple(
                    _made(
                        Call,
                        {
                            "seat": c["seat"],
                            "call": c["call"],
                            "nags": tuple(c["nags"]) if c.get("nags") else (),
                            "note": c.get("note"),
                            "insufficient": bool(c.get("insufficient")),
                            "after_end": bool(c.get("after_end")),
                            "_where": at("calls", i),
                        },
                    )
                    for i, c in enumerate(auction.get("calls") or ())
                ),
                auction.get("end"),
                where.get("Auction"),
            ),
            play=None
            if play is None
            else Play(
                play.get("first"),
                tuple(
                    _made(
                        Trick,
                        {
                            "leader": t.get("leader"),
                            "cards": (t.get("N"), t.get("E"), t.get("S"), t.get("W")),
                            "winner": t.get("winner"),
                            "annotations": t.get("annotations"),
                            "_where": at("tricks", i),
                        },
                    )
                    for i, t in enumerate(play.get("tricks") or ())
                ),
                play.get("end"),
                where.get("Play"),
            ),
            par=None
            if par is None
            else Par(
                par.get("ns"),
                par.get("ew"),
                None if par.get("contracts") is None else tuple(par["contracts"]),
                where.get("ParContract") or where.get("OptimumScore"),
            ),
            double_dummy=obj.get("double_dummy"),
            sections=tuple(obj.get("sections") or ()),
            _tables=tuple(sorted(json.dumps(s, sort_keys=True) for s in obj.get("sections") or ())),
            uncertain=bool(obj.get("uncertain")),
            file=obj.get("file", ""),
            line=obj.get("line", 0),
            index=obj.get("game", 0),
            tags=tags,
            comments=tuple(obj.get("comments") or ()),
            _raw=obj,
            _text=text,
            _where=at("game", None),
        )

    def to_dict(self) -> dict[str, Any]:
        """The object of ``convert --to jsonl`` the game was made from (a copy)."""
        import copy

        return copy.deepcopy(self._raw)

    @property
    def headers(self) -> dict[str, str]:
        """The tags' values by name (the first of a name given twice), as python-chess's
        ``game.headers``."""
        values: dict[str, str] = {}
        for tag in self.tags:
            values.setdefault(tag.name, tag.value)
        return values

    def __str__(self) -> str:
        """The game's PBN text (``#`` and ``##`` written out)."""
        return self._text or ""

    def _again(self, text: str) -> "Game":
        """The game of ``text`` (one game), where this one stood."""
        objects = [line for is_game, line in _native.read(None, text.encode("utf-8"), self.file) if is_game]
        texts = _native.game_texts(None, text.encode("utf-8"), self.file)
        if len(objects) != 1 or len(texts) != 1:  # pragma: no cover - a rewrite keeps one game
            raise ValueError(f"the rewritten game reads as {len(objects)} games")
        obj = json.loads(objects[0])
        obj.update(file=self.file, line=self.line, game=self.index)
        return Game.from_dict(obj, texts[0])

    def _written(self) -> str:
        if self._text is None:
            raise ValueError("this game has no PBN text (made with from_dict without text=)")
        return self._text

    def with_tags(self, **values: Optional[str]) -> "Game":
        """This game with its tags set (a value) or removed (``None``), as ``pbnfmt set-tag``
        writes them, proven by reading back: ``game.with_tags(Event="Club night", Site=None)``.
        A value ``check`` would call an error (``Dealer="Q"``, T003) is a :class:`ValueError`,
        as ``set-tag`` refuses it."""
        return self._again(_native.set_tags(self._written(), list(values.items())))

    def rotated(self, by: int = 1) -> "Game":
        """This game turned ``by`` quarter turns clockwise, as ``pbnfmt rotate --by`` turns it:
        every seat of the deal, dealer, vulnerability, auction, play, tags and tables."""
        return self._again(_native.rotate(self._written(), by % 4))


def games_of(
    native: tuple[Optional[str], Optional[bytes], Optional[str]],
) -> tuple[list[Game], list[str]]:
    """The typed games of one source (the package's ``(path, bytes, name)``), and what the
    reading warns of."""
    found = []
    said = []
    path, data, name = native
    if path is not None and data is None:
        # Read once: the games and their texts come from the same bytes (a file changed between
        # two readings would pair a game with another's text), named as the path is.
        with open(path, "rb") as file:
            data = file.read()
        name = name if name is not None else _native.path_name(path)
    items = _native.read(None, data, name, True)
    texts = _native.game_texts(None, data, name)
    # Python's cycle collector runs again and again while tens of thousands of small objects are
    # made and kept, none of them garbage: paused while they are made (1.4 s instead of 3.1 s for
    # the 10 MB bench file), as it was.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for is_game, line in items:
            if not is_game:
                said.append(line)
                continue
            # The spans are the object's last key but its ends (`convert --spans`): kept as
            # text, read when asked for (a JSON string holds no bare `,"`, so the cut is sure).
            cut = line.rfind(',"spans":{"game":')
            spans = None
            if cut >= 0:
                end = line.rfind(',"uncertain":')
                spans = _Spans(line[cut + 9 : end])
                line = line[:cut] + line[end:]
            obj = json.loads(line)
            at = obj["game"] - 1
            text = texts[at] if 0 <= at < len(texts) else None
            found.append(Game.from_dict(obj, text, spans))
    finally:
        if collecting:
            gc.enable()
    return found, said
