"""The Python module against the command line (issue 48): ``tests/integration/python.rs`` builds
the module into the venv (``maturin develop``) and runs these tests, with

- ``PBNFMT_BIN``: the ``pbnfmt`` command built by the same ``cargo test``;
- ``PBNFMT_CORPUS``: the project's ``corpus/``;
- ``PBNFMT_REAL``: the shared real corpus (``../shared/corpus/real``), or empty when absent;
- ``PBNFMT_BIG``: a generated file of 100 MB, and ``PBNFMT_BIG_GAMES`` its number of games.
"""

from __future__ import annotations

import io
import json
import os
import pathlib
import subprocess
import sys
import warnings
from typing import Any

import pytest

import pbnfmt

BIN = os.environ.get("PBNFMT_BIN", "pbnfmt")
CORPUS = pathlib.Path(os.environ.get("PBNFMT_CORPUS", pathlib.Path(__file__).parents[2] / "corpus"))
REAL = os.environ.get("PBNFMT_REAL", "")
SCHEMA = pathlib.Path(__file__).parents[2] / "docs" / "jsonl.schema.json"


def cli(*args: str, cwd: pathlib.Path | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([BIN, *args], capture_output=True, cwd=cwd, check=False)


def real_files() -> list[pathlib.Path]:
    if not REAL:
        pytest.skip("../shared/corpus/real is absent")
    return sorted(pathlib.Path(REAL).rglob("*.pbn"))


# --- check ------------------------------------------------------------------------------------


def invalid_fixtures() -> list[pathlib.Path]:
    return sorted(p for p in (CORPUS / "invalid").rglob("*") if p.suffix in (".pbn", ".lin"))


def test_every_invalid_fixture_gives_the_findings_of_the_command() -> None:
    """``pbnfmt.check(path)`` gives exactly the findings of ``pbnfmt check --isolated
    --output-format json path``, object for object, for every fixture of ``corpus/invalid``."""
    fixtures = invalid_fixtures()
    assert len(fixtures) >= 150
    findings = 0
    for fixture in fixtures:
        relative = fixture.relative_to(CORPUS.parent)
        done = cli("check", "--isolated", "--output-format", "json", str(relative), cwd=CORPUS.parent)
        assert done.returncode in (0, 1), done.stderr
        expected = json.loads(done.stdout)["diagnostics"]
        got = [f.raw for f in pbnfmt.check(relative_path(relative))]
        assert got == expected, fixture
        findings += len(got)
        # Bytes and text give the same findings, under the name given.
        as_bytes = pbnfmt.check(fixture.read_bytes(), name=str(relative))
        assert [f.raw for f in as_bytes] == expected, fixture
    assert findings >= 150


def relative_path(relative: pathlib.Path) -> pathlib.Path:
    """``relative`` read from the repository's root, named as given."""
    old = os.getcwd()
    os.chdir(CORPUS.parent)
    try:
        return pathlib.Path(os.path.relpath(CORPUS.parent / relative, old))
    finally:
        os.chdir(old)


def test_a_finding_in_bridge_terms() -> None:
    deal = "[Event \"x\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.543A\"]\n"
    [finding] = [f for f in pbnfmt.check(text=deal) if f.code == "D003"]
    assert finding.name == "duplicate-card"
    assert finding.severity == "error"
    assert finding.path == "<string>"
    assert (finding.line, finding.section) == (2, "PBN 3.4.11")
    assert "A" in finding.message and finding.help
    assert str(finding).startswith("<string>:2:")
    # Rules chosen as on the command line.
    assert not [f for f in pbnfmt.check(text=deal, ignore=["D003"]) if f.code == "D003"]
    assert {f.code for f in pbnfmt.check(text=deal, select=["D003"])} == {"D003"}
    # One selector is one rule (or prefix), not its characters.
    assert {f.code for f in pbnfmt.check(text=deal, select="D003")} == {"D003"}
    assert not [f for f in pbnfmt.check(text=deal, ignore="D") if f.code.startswith("D")]
    with pytest.raises(ValueError, match="Z9"):
        pbnfmt.check(text=deal, select=["Z9"])


def test_what_cannot_be_read_is_an_exception_and_findings_are_not() -> None:
    with pytest.raises(FileNotFoundError) as missing:
        pbnfmt.check(pathlib.Path("no/such/file.pbn"))
    assert missing.value.filename == "no/such/file.pbn"
    with pytest.raises(IsADirectoryError):
        pbnfmt.export(CORPUS)
    # Raised at the call, before the first game is asked for.
    with pytest.raises(pbnfmt.PbnfmtError, match=r"<bytes>:1:1: error\[S008\]"):
        pbnfmt.read(b"hello, not PBN")
    with pytest.raises(FileNotFoundError):
        pbnfmt.read("no/such/file.pbn")
    with pytest.raises(TypeError, match="pathlib.Path"):
        pbnfmt.check(42)  # type: ignore[arg-type]
    # A file full of findings is an answer, not an exception.
    assert pbnfmt.check(b"[Deal \"N:AKQ\"]\n")


# --- read, export, fix, convert ---------------------------------------------------------------


@pytest.fixture(scope="session")
def real_jsonl(tmp_path_factory: pytest.TempPathFactory) -> tuple[pathlib.Path, str]:
    """The shared real corpus converted once by the command: the JSON lines, and what it said."""
    real_files()
    lines = tmp_path_factory.mktemp("real") / "games.jsonl"
    done = cli("convert", "--to", "jsonl", "-o", str(lines), REAL)
    assert done.returncode in (0, 1), done.stderr
    return lines, done.stderr.decode()


def test_read_gives_the_games_of_convert_jsonl_on_the_real_corpus(
    real_jsonl: tuple[pathlib.Path, str],
) -> None:
    """Over every shared real file: the games of ``pbnfmt.read`` are the objects ``pbnfmt convert
    --to jsonl`` writes, as many as ``check`` counts less the games ``convert`` leaves out (W006);
    a sample of them (every 20th) validates against ``docs/jsonl.schema.json``."""
    import jsonschema

    lines, said = real_jsonl
    by_file: dict[str, list[dict[str, Any]]] = {}
    for line in lines.open():
        game = json.loads(line)
        by_file.setdefault(game["file"], []).append(game)
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text()))
    games = 0
    for n, path in enumerate(real_files()):
        # Named as the command names a file found under REAL.
        got = list(pbnfmt.read(path, name=str(path)))
        assert got == by_file.get(str(path), []), path
        for obj in got[n % 20 :: 20]:
            validator.validate(obj)
        games += len(got)
    assert games == sum(len(v) for v in by_file.values())
    # The games `check` counts (the rules chosen do not change the count: F only, for speed).
    counted = cli("check", "--isolated", "--select", "F", "--output-format", "json", "--exit-zero", REAL)
    summary = json.loads(counted.stdout)["summary"]
    left_out = said.count("W006(")
    assert games == summary["games"] - left_out, (games, summary["games"], left_out)
    assert games > 30_000


def test_read_streams_a_100_mb_file_in_bounded_memory(tmp_path: pathlib.Path) -> None:
    """A generated file of 100 MB is read game by game in a fresh process whose peak resident
    memory stays under 150 MB (the file itself is 100 MB); and lazily in time (issue 64, item 8):
    the first game comes in under a tenth of the time the whole file takes (measured: 0.1 s of
    19 s), where before it came after the whole file was converted (7.2 s of 17.5 s)."""
    big = os.environ.get("PBNFMT_BIG")
    if not big:
        pytest.skip("PBNFMT_BIG is not set (tests/integration/python.rs makes the file)")
    assert os.path.getsize(big) >= 100_000_000
    # The peak of this process's own memory (VmHWM; getrusage's ru_maxrss would carry the
    # pytest process's, inherited over fork and exec).
    script = (
        "import pathlib, sys, time, pbnfmt\n"
        "start = time.monotonic()\n"
        "games = pbnfmt.read(pathlib.Path(sys.argv[1]))\n"
        "next(games)\n"
        "first = time.monotonic() - start\n"
        "n = 1 + sum(1 for _ in games)\n"
        "whole = time.monotonic() - start\n"
        "hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM:')][0]\n"
        "print(n, hwm.split()[1], first, whole)\n"
    )
    done = subprocess.run([sys.executable, "-c", script, big], capture_output=True, check=True)
    games, peak_kb, first, whole = done.stdout.split()
    assert int(games) == int(os.environ["PBNFMT_BIG_GAMES"])
    assert int(peak_kb) < 150_000, f"peak {peak_kb} kB"
    assert float(first) < float(whole) / 10, (first, whole)


def test_export_fix_and_convert_write_what_the_command_writes() -> None:
    source = CORPUS / "handrecord" / "club.pbn"
    assert pbnfmt.export(source).encode() == cli("export", "--encoding", "utf-8", str(source)).stdout
    # Files with fixes to make (ASCII: `fix` keeps the input's encoding, the module gives text).
    loose = sorted((CORPUS / "fix").rglob("*.pbn")) + sorted((CORPUS / "invalid").rglob("*.pbn"))
    changed = 0
    for path in loose:
        if not path.read_bytes().isascii():
            continue
        for unsafe in (False, True):
            done = cli("fix", *(["--unsafe-fixes"] if unsafe else []), str(path))
            assert done.returncode in (0, 1), done.stderr
            if done.returncode == 1 and not done.stdout:
                # Refused by the command (not PBN, say): an exception here.
                with pytest.raises(pbnfmt.PbnfmtError):
                    pbnfmt.fix(path, unsafe=unsafe)
                continue
            fixed = pbnfmt.fix(path, unsafe=unsafe).encode()
            assert fixed == done.stdout, path
            changed += fixed != path.read_bytes()
    assert changed >= 10, f"fixes were made in {changed} runs"
    for to in ("lin", "jsonl", "csv"):
        assert pbnfmt.convert(source, to).encode() == cli("convert", "--to", to, str(source)).stdout, to
    with pytest.raises(ValueError):
        pbnfmt.convert(source, "pdf")  # type: ignore[arg-type]
    with pytest.raises(pbnfmt.PbnfmtError):
        pbnfmt.export(b"hello, not PBN")


def test_fingerprint_and_deal_hash() -> None:
    source = CORPUS / "handrecord" / "club.pbn"
    assert pbnfmt.fingerprint(source) + "\n" == cli("fingerprint", str(source)).stdout.decode()
    assert pbnfmt.fingerprint([source, source]) == pbnfmt.fingerprint(source)
    for game in pbnfmt.read(source):
        hands = game["deal"]
        deal = "N:" + " ".join(hands[seat] or "-" for seat in "NESW")
        assert pbnfmt.deal_hash(deal) == game["deal_hash"], deal
    with pytest.raises(ValueError):
        pbnfmt.deal_hash("N:AKQ")


# --- tables: pandas, pyarrow, DuckDB, Polars --------------------------------------------------


def test_pandas_arrow_and_duckdb_agree_with_the_json(tmp_path: pathlib.Path) -> None:
    """The games as tables: ``to_pandas`` and ``to_arrow`` per file, and DuckDB over the JSON
    lines of the whole tree (the path for an archive larger than memory), give the same number
    of games and the same score sums as the JSON objects."""
    import duckdb

    files = real_files()
    rows = 0
    score = 0
    json_score = 0
    arrow_rows = 0
    for path in files[:: max(1, len(files) // 12)]:
        frame = pbnfmt.to_pandas(path)
        rows += len(frame)
        if len(frame):
            assert frame["score_ns"].dtype.kind in "if", path
        score += int(frame["score_ns"].fillna(0).sum())
        arrow_rows += pbnfmt.to_arrow(path).num_rows
        for game in pbnfmt.read(path):
            json_score += (game.get("score") or {}).get("ns", 0)
            rows -= 1
    assert rows == 0 and arrow_rows == sum(len(pbnfmt.to_pandas(p)) for p in files[:: max(1, len(files) // 12)])
    assert score == json_score



def _score_tables(text: str) -> list[tuple[list[str], list[list[str]]]]:
    """The test's own reading of every ScoreTable of a PBN text: column names and rows, an
    element a word or a quoted string (quotes off)."""
    import re

    tables = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        found = re.match(r'\[ScoreTable "([^"]*)"\]', line)
        if not found:
            continue
        names = [c.split("\\")[0] for c in found.group(1).split(";")]
        elements = []
        for row in lines[i + 1 :]:
            if row.startswith("[") or not row.strip():
                break
            elements += [q if q else w for q, w in re.findall(r'"([^"]*)"|(\S+)', row)]
        rows = [elements[k : k + len(names)] for k in range(0, len(elements), len(names))]
        tables.append((names, rows))
    return tables


def test_the_results_table_is_typed_and_adds_up_to_the_travellers() -> None:
    """Issue 66, item 5: ``to_arrow(table="results")`` gives a row per traveller row, typed
    (scores int64, IMPs float64, pair numbers text), and its sums equal the travellers' as the
    test reads them from the file: every North-South score (a score written on East-West's side
    turned), every IMP. pandas gets the same types."""
    import pyarrow
    import pyarrow.compute

    if not REAL:
        pytest.skip("../shared/corpus/real is absent")
    path = pathlib.Path(REAL) / "richardschneider__pbn" / "test__sample__ruter71.pbn"
    table = pbnfmt.to_arrow(path, table="results")
    tables = _score_tables(path.read_text(encoding="latin-1"))
    rows = [dict(zip(names, row)) for names, found in tables for row in found]
    assert table.num_rows == len(rows) == 168
    assert table.schema.field("score_ns").type == pyarrow.int64()
    assert table.schema.field("imp_ns").type == pyarrow.float64()
    assert table.schema.field("datum").type == pyarrow.int64()
    assert table.schema.field("pair_ns").type == pyarrow.string()

    def north_south(row: dict[str, str]) -> int:
        ns, ew = row["Score_NS"], row["Score_EW"]
        return int(ns) if ns not in ("-", "") else -int(ew)

    assert pyarrow.compute.sum(table.column("score_ns")).as_py() == sum(map(north_south, rows))
    assert pyarrow.compute.sum(table.column("imp_ew")).as_py() == sum(float(r["IMP_EW"]) for r in rows)
    assert table.column("pair_ew").to_pylist() == [r["PairId_EW"] for r in _by_board(tables)]
    frame = pbnfmt.to_pandas(path, table="results")
    assert str(frame["score_ns"].dtype) == "Int64" and str(frame["imp_ns"].dtype) == "Float64"
    assert len(frame) == 168
    # A cell that is no number is kept beside its typed column, which keeps its type (one
    # schema for every file): an artificial score in `adjusted`, any other in `other`.
    whole = path.read_text(encoding="latin-1")
    first = next(i for i, r in enumerate(rows) if r["IMP_NS"] not in ("-", ""))
    odd = whole.replace('"120"', "A60", 1).replace("-90\n", "9O\n", 1)
    odd_table = pbnfmt.to_arrow(text=odd, table="results")
    assert odd_table.schema == pbnfmt.schema("results") == table.schema
    assert odd_table.column("adjusted").to_pylist().count("A60") == 1
    assert odd_table.column("other").to_pylist()[first] == "ButlerDatum=9O"
    assert odd_table.column("datum").to_pylist()[first] is None
    assert [v for v in odd_table.column("other").to_pylist() if v] == ["ButlerDatum=9O"]
    with pytest.raises(ValueError, match="table="):
        pbnfmt.to_arrow(path, table="nothing")  # type: ignore[arg-type]


def _by_board(tables: list[tuple[list[str], list[list[str]]]]) -> list[dict[str, str]]:
    """The rows of the tables in file order (ruter71's boards come in order)."""
    return [dict(zip(names, row)) for names, found in tables for row in found]


def test_hands_not_given_are_missing_in_every_table() -> None:
    """Issue 60, item 3: a hidden hand, spot cards and a card dealt twice give no HCP or shape
    (the fixture says which): null in the dicts, missing in pandas and Arrow, never 0."""
    path = CORPUS / "facts" / "unknown-hands.pbn"
    missing = {"N": 2, "E": 1, "S": 0, "W": 2}  # boards 2 and 3; 1; none; 1 and 3
    games = list(pbnfmt.read(path))
    for seat, count in missing.items():
        assert sum(game["hands"][seat] is None for game in games) == count, seat
    assert {game["hands"]["N"]["hcp"] for game in games if game["hands"]["N"]} == {37}
    # The tables' hand columns (`convert --to csv`'s defaults): the hand not given is missing.
    frame = pbnfmt.to_pandas(path)
    table = pbnfmt.to_arrow(path)
    for seat, count in missing.items():
        column = {"N": "north", "E": "east", "S": "south", "W": "west"}[seat]
        assert int(frame[column].isna().sum()) == count, column
        assert table.column(column).null_count == count, column


def test_a_tree_to_duckdb_and_polars(
    tmp_path: pathlib.Path, real_jsonl: tuple[pathlib.Path, str]
) -> None:
    """docs/python.md, "Data at scale": a tree converted once to JSON lines and to CSV, then
    queried by DuckDB and by Polars, each reading the file as it goes (neither loads it whole):
    the same number of games and the same score sum as the JSON objects."""
    import duckdb
    import polars

    lines = real_jsonl[0]
    table = tmp_path / "games.csv"
    assert cli("convert", "--to", "csv", "-o", str(table), REAL).returncode in (0, 1)
    games = [json.loads(line) for line in lines.open()]
    total = sum((g.get("score") or {}).get("ns", 0) for g in games)
    assert len(games) > 30_000 and total != 0
    for query in (
        f"select count(*), sum(score.ns) from read_json_auto('{lines}')",
        f"select count(*), sum(score_ns) from read_csv('{table}')",
    ):
        assert duckdb.sql(query).fetchall() == [(len(games), total)], query
    for frame in (
        polars.scan_ndjson(lines, infer_schema_length=None).select(
            polars.len(), polars.col("score").struct.field("ns").sum()
        ),
        polars.scan_csv(table).select(polars.len(), polars.col("score_ns").sum()),
    ):
        assert frame.collect().row(0) == (len(games), total)


def test_the_readme_example_runs(tmp_path: pathlib.Path) -> None:
    """README, "From Python": its example, run as written in a folder with `hands.pbn`."""
    readme = (pathlib.Path(__file__).parents[2] / "README.md").read_text()
    section = readme.split("### From Python", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    (tmp_path / "hands.pbn").write_bytes((CORPUS / "handrecord" / "club.pbn").read_bytes())
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, check=False
    )
    assert done.returncode == 0, done.stderr.decode()
    said = done.stdout.decode().splitlines()
    assert said[0] == "0 findings"
    assert said[1] == "1 AQT94.T53.KQ8.T9 11 {'ns': 980, 'ew': -980, 'contracts': ['NS 6S=']}"
    assert said[3].startswith("3 AKQJ.AKQ.AKQ.AKQ 37 ")
    assert said[-4].split() == ["0", "1", "None", "<NA>"]


def test_the_command_runs_in_process() -> None:
    done = subprocess.run([sys.executable, "-m", "pbnfmt", "--version"], capture_output=True, check=False)
    assert done.returncode == 0 and done.stdout.decode().startswith("pbnfmt ")
    bad = CORPUS / "invalid" / "deal" / "duplicate-card.pbn"
    done = subprocess.run([sys.executable, "-m", "pbnfmt", "check", str(bad)], capture_output=True, check=False)
    assert done.returncode == 1 and b"D003" in done.stdout + done.stderr
    done = subprocess.run([sys.executable, "-m", "pbnfmt", "--no-such-option"], capture_output=True, check=False)
    assert done.returncode == 2


# --- sources, refusals, warnings, signals (issue 64, items 1, 2, 4, 9) -------------------------


def _without_file(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games without the name of their file (which follows how the source was given)."""
    return [{k: v for k, v in game.items() if k != "file"} for game in games]


def test_sources_as_the_python_world_passes_them(tmp_path: pathlib.Path) -> None:
    """Item 4: a path as a ``str`` or ``pathlib.Path``, an open file (binary or text), ``bytes``
    and the text by name (``text=``, ``loads``) all give the games of the command's reading of
    the file; a ``str`` is a path, as pandas takes it."""
    path = CORPUS / "handrecord" / "club.pbn"
    expected = [json.loads(line) for line in cli("convert", "--to", "jsonl", str(path)).stdout.splitlines()]
    assert len(expected) >= 4
    assert list(pbnfmt.read(str(path))) == expected
    assert list(pbnfmt.read(path)) == expected
    content = path.read_bytes()
    with path.open("rb") as binary:
        assert pbnfmt.load(binary) == expected  # named by the file object's name
    with path.open(encoding="utf-8") as text:
        assert _without_file(list(pbnfmt.read(text))) == _without_file(expected)
    for given in (
        list(pbnfmt.read(content)),
        list(pbnfmt.read(text=content.decode("utf-8"))),
        pbnfmt.loads(content.decode("utf-8")),
        list(pbnfmt.read(io.BytesIO(content))),
    ):
        assert _without_file(given) == _without_file(expected)
    assert {g["file"] for g in pbnfmt.read(content)} == {"<bytes>"}
    assert {g["file"] for g in pbnfmt.loads(content.decode())} == {"<string>"}
    assert {g["file"] for g in pbnfmt.read(io.BytesIO(content))} == {"<stream>"}
    with pytest.raises(TypeError, match="not both"):
        pbnfmt.read(path, text="[Board \"1\"]")
    # A str that is a file's name and PBN text look alike: the str is the path.
    with pytest.raises(FileNotFoundError):
        pbnfmt.check("[Board \"1\"]\n")


def test_several_sources_a_folder_and_a_glob(tmp_path: pathlib.Path) -> None:
    """Item 4: a list reads each source in turn; a folder, the files ``pbnfmt`` reads in it (its
    own walk: ``*.pbn`` and ``*.lin`` below it, hidden files left out), as ``convert --to jsonl
    DIR`` reads them; a glob, the files it matches in sorted order."""
    folder = tmp_path / "archive"
    (folder / "week 2").mkdir(parents=True)
    (folder / ".hidden").mkdir()
    club = (CORPUS / "handrecord" / "club.pbn").read_bytes()
    (folder / "a.pbn").write_bytes(club)
    (folder / "week 2" / "b.PBN").write_bytes(club.replace(b'[Board "1"]', b'[Board "11"]'))
    (folder / ".hidden" / "c.pbn").write_bytes(club)
    (folder / "notes.txt").write_text("not a board")
    lin = sorted((CORPUS / "lin").rglob("*.lin"))[0]
    (folder / "d.lin").write_bytes(lin.read_bytes())
    by_command = [
        json.loads(line) for line in cli("convert", "--to", "jsonl", "archive", cwd=tmp_path).stdout.splitlines()
    ]
    files = {game["file"] for game in by_command}
    assert files == {"archive/a.pbn", "archive/week 2/b.PBN", "archive/d.lin"}, files
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        from_folder = list(pbnfmt.read("archive"))
        assert sorted(map(json.dumps, from_folder)) == sorted(map(json.dumps, by_command))
        listed = list(pbnfmt.read(["archive/a.pbn", pathlib.Path("archive/week 2/b.PBN")]))
        assert listed == [g for g in by_command if g["file"] == "archive/a.pbn"] + [
            g for g in by_command if g["file"] == "archive/week 2/b.PBN"
        ]
        globbed = list(pbnfmt.read("archive/**/[ab].*"))
        assert [g["file"] for g in globbed] == [g["file"] for g in listed]
        assert len(pbnfmt.to_pandas("archive")) == len(by_command)
        assert pbnfmt.to_arrow(["archive/a.pbn", "archive/week 2/b.PBN"]).num_rows == len(listed)
        assert {f.path for f in pbnfmt.check("archive", select="F")} <= files
        assert pbnfmt.fingerprint("archive") + "\n" == cli("fingerprint", "archive").stdout.decode()
        with pytest.raises(FileNotFoundError, match="pattern"):
            pbnfmt.read("archive/*.nothing")
        with pytest.raises(ValueError, match="name="):
            pbnfmt.check("archive", name="x.pbn")
        with pytest.raises(TypeError, match="one source"):
            pbnfmt.export(["archive/a.pbn"])
    finally:
        os.chdir(old)


def test_a_file_name_that_is_not_utf8(tmp_path: pathlib.Path) -> None:
    """Item 4: a file whose name is not UTF-8 is read as the command reads it, and named as the
    command names it (``caf\\xe9.pbn``, its bytes in the JSON's ``file_bytes``), where a
    ``UnicodeEncodeError`` was raised."""
    if sys.platform != "linux":
        pytest.skip("file names are bytes on Linux only")
    name = os.fsdecode(b"caf\xe9.pbn")
    (tmp_path / name).write_bytes((CORPUS / "invalid" / "deal" / "duplicate-card.pbn").read_bytes())
    done = subprocess.run(
        [BIN, "check", "--isolated", "--output-format", "json", os.fsencode(name)],
        capture_output=True,
        cwd=tmp_path,
        check=False,
    )
    expected = json.loads(done.stdout)["diagnostics"]
    assert expected and expected[0]["file"] == "caf\\xe9.pbn"
    assert bytes(expected[0]["file_bytes"]) == b"caf\xe9.pbn"
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        assert [f.raw for f in pbnfmt.check(name)] == expected
        assert [f.raw for f in pbnfmt.check(pathlib.Path(name))] == expected
        assert [g["file"] for g in pbnfmt.read(name)] == ["caf\\xe9.pbn"]
    finally:
        os.chdir(old)


NOT_PBN = [
    ("binary-file.pbn", "F006"),
    ("pbi-file.pbn", "F003"),
    ("chess-pgn-file.pbn", "F002"),
    ("utf16-without-bom.pbn", "F007"),
]


def test_what_is_not_pbn_is_an_error_in_every_function() -> None:
    """Item 1: the four kinds of file ``check`` names with an F rule, and a file's name taken
    for its text (``text="hands.pbn"``, S008), are a :class:`PbnfmtError` naming the rule in
    every function that reads games, as the command exits 1 on them; before, ``to_pandas``,
    ``to_arrow``, ``convert`` to CSV and JSON lines and ``fingerprint`` gave an empty answer."""
    cases = [(CORPUS / "invalid" / "file" / f, code) for f, code in NOT_PBN]
    calls = {
        "read": lambda s: pbnfmt.read(**s),
        "loads/list": lambda s: list(pbnfmt.read(**s)),
        "to_pandas": lambda s: pbnfmt.to_pandas(**s),
        "to_arrow": lambda s: pbnfmt.to_arrow(**s),
        "to_arrow results": lambda s: pbnfmt.to_arrow(**s, table="results"),
        "fingerprint": lambda s: pbnfmt.fingerprint(s.get("source"), text=s.get("text")),
        **{f"convert {to}": (lambda to: lambda s: pbnfmt.convert(**s, to=to))(to) for to in ("pbn", "lin", "jsonl", "csv")},
        "export": lambda s: pbnfmt.export(**s),
    }
    tried = 0
    for source, code in [*[({"source": p}, c) for p, c in cases], ({"text": "hands.pbn"}, "S008")]:
        for what, call in calls.items():
            with pytest.raises(pbnfmt.PbnfmtError, match=rf"error\[{code}\]|nothing to fingerprint") as refused:
                call(source)
            if what != "fingerprint":
                assert f"[{code}]" in str(refused.value), (what, source)
            tried += 1
    assert tried == 5 * len(calls)
    # The command agrees: each is refused with exit 1.
    for path, code in cases:
        for to in ("csv", "jsonl"):
            done = cli("convert", "--to", to, str(path))
            assert done.returncode == 1 and code.encode() in done.stderr, (path, to)


def test_check_says_what_it_left_out() -> None:
    """Item 2: past ``max_findings``, ``check`` keeps the first ones and counts the rest in
    ``left_out``, with a warning, as the command counts them (its JSON summary's ``omitted``)."""
    deal = '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.543A"]\n'
    text = "".join(f'[Board "{n}"]\n{deal}\n' for n in range(1, 41))
    done = subprocess.run(
        [BIN, "check", "--isolated", "--output-format", "json", "--max-findings", "7", "-"],
        input=text.encode(), capture_output=True, check=False,
    )
    summary = json.loads(done.stdout)["summary"]
    assert summary["omitted"] >= 33
    with pytest.warns(pbnfmt.PbnfmtWarning, match="past max_findings"):
        found = pbnfmt.check(text=text, max_findings=7)
    assert len(found) == 7 and found.left_out == summary["omitted"]
    assert pbnfmt.check(text=text).left_out == 0
    for wrong in (-1, 1.5, True):
        with pytest.raises(ValueError, match="max_findings"):
            pbnfmt.check(text=text, max_findings=wrong)  # type: ignore[arg-type]


def test_games_left_out_or_uncertain_are_a_warning() -> None:
    """Item 9: a game left out (W006, two boards run together) or read with a syntax error is
    said in a :class:`PbnfmtWarning` naming the file, the place and the rule, as the command
    says it on standard error; the games read are the command's."""
    joined = CORPUS / "invalid" / "data" / "game-not-converted.pbn"
    done = cli("convert", "--to", "jsonl", str(joined))
    assert b"W006" in done.stderr
    with pytest.warns(pbnfmt.PbnfmtWarning, match=r"warning\[W006\]"):
        games = list(pbnfmt.read(joined, name=str(joined)))
    assert games == [json.loads(line) for line in done.stdout.splitlines()]
    with pytest.warns(pbnfmt.PbnfmtWarning, match=r"W006"):
        pbnfmt.convert(joined, "csv")
    broken = (CORPUS / "invalid" / "syntax" / "unknown-call.pbn").read_text()
    with pytest.warns(pbnfmt.PbnfmtWarning, match=r"syntax error"):
        [game] = pbnfmt.loads(broken)
    assert game["uncertain"] is True


def test_a_refusal_pickles_across_a_process_pool() -> None:
    """Item 9: a :class:`PbnfmtError` raised in a worker of a process pool reaches the caller as
    itself (it pickled as ``_native.PbnfmtError``, a module pickle could not import)."""
    import concurrent.futures
    import pickle

    with pytest.raises(pbnfmt.PbnfmtError) as raised:
        pbnfmt.export(b"hello, not PBN")
    again = pickle.loads(pickle.dumps(raised.value))
    assert type(again) is pbnfmt.PbnfmtError and str(again) == str(raised.value)
    with concurrent.futures.ProcessPoolExecutor(1) as pool:
        future = pool.submit(pbnfmt.export, b"hello, not PBN")
        with pytest.raises(pbnfmt.PbnfmtError, match="S008"):
            future.result()


def test_ctrl_c_stops_a_long_call() -> None:
    """Item 9: Ctrl-C (SIGINT) ends a long call with ``KeyboardInterrupt`` at once: ``check`` of
    the 100 MB file, interrupted half a second in, is gone well within a second (measured:
    about 0.01 s), where before it ran to its end."""
    import signal
    import time

    big = os.environ.get("PBNFMT_BIG")
    if not big:
        pytest.skip("PBNFMT_BIG is not set (tests/integration/python.rs makes the file)")
    script = (
        "import pathlib, sys, time, pbnfmt\n"
        "print('started', flush=True)\n"
        "try:\n"
        "    pbnfmt.check(pathlib.Path(sys.argv[1]))\n"
        "    print('finished', flush=True)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    worker = subprocess.Popen([sys.executable, "-c", script, big], stdout=subprocess.PIPE, text=True)
    assert worker.stdout is not None and worker.stdout.readline().strip() == "started"
    time.sleep(0.5)
    sent = time.monotonic()
    worker.send_signal(signal.SIGINT)
    said = worker.communicate(timeout=30)[0]
    took = time.monotonic() - sent
    assert said.strip() == "interrupted", said
    assert took < 1.0, f"{took:.2f} s after Ctrl-C"


def test_one_schema_for_every_file_and_the_dicts_agree() -> None:
    """Item 7: the games table of every shared real file has :func:`pbnfmt.schema` (nullable
    integers, categories of fixed values), so the tables concatenate and so do their pandas
    frames, with no column turned to objects; and each row says what the game's dict says:
    board and board_number, dealer, vulnerability (``"None"``, not ``Love``), the deal hash
    (its digits, no ``h``), the contract's parts, declarer, result and score."""
    import pandas
    import pyarrow

    files = real_files()
    schema = pbnfmt.schema()
    tables = []
    frames = []
    compared = 0
    for path in files:
        table = pbnfmt.to_arrow(path)
        assert table.schema == schema, path
        tables.append(table)
        frames.append(pbnfmt.to_pandas(path))
        games = list(pbnfmt.read(path))
        assert table.num_rows == len(games), path
        for row, game in zip(table.to_pylist(), games):
            contract = game["contract"] or {}
            level = contract.get("level")
            expected = {
                "game": game["game"],
                "board": game["board"],
                "board_number": game["board_number"],
                "dealer": game["dealer"],
                "vulnerable": game["vulnerable"],
                "deal_hash": game["deal_hash"],
                "contract_level": level,
                "contract_strain": contract.get("denomination") if level else None,
                "contract_risk": contract.get("risk") if level else None,
                "declarer": game["declarer"],
                "result": game["result"],
                "score_ns": (game["score"] or {}).get("ns"),
                "north": game["deal"]["N"] if game["deal"] else None,
                "uncertain": game.get("uncertain", False),
            }
            assert {k: row[k] for k in expected} == expected, (path, game["game"])
            compared += 1
    assert compared > 30_000
    whole = pyarrow.concat_tables(tables)
    assert whole.num_rows == compared and whole.schema == schema
    frame = pandas.concat(frames, ignore_index=True)
    assert len(frame) == compared
    assert not [c for c in frame.columns if frame[c].dtype == object], frame.dtypes
    assert str(frame["score_ns"].dtype) == "Int64" and frame["dealer"].dtype == "category"
    assert list(frame["vulnerable"].cat.categories) == ["None", "NS", "EW", "All"]


def test_calls_cards_and_results_have_one_schema_for_every_file() -> None:
    """Item 7 for the other tables: over every shared real file the calls, cards and results
    tables have their :func:`pbnfmt.schema` (no type that depends on the file), concatenate in
    Arrow and in pandas with no object column, and count what the typed games hold: a row per
    call of each auction, per card played, per row of each ScoreTable as the test reads it."""
    import pandas
    import pyarrow

    files = real_files()
    counted = {"calls": 0, "cards": 0, "results": 0}
    for table in counted:
        schema = pbnfmt.schema(table)
        tables = []
        for path in files:
            read = pbnfmt.to_arrow(path, table=table)
            assert read.schema == schema, (path, table)
            tables.append(read)
        whole = pyarrow.concat_tables(tables)
        frame = pandas.concat(
            [pbnfmt.to_pandas(path, table=table) for path in files], ignore_index=True
        )
        assert len(frame) == whole.num_rows
        assert not [c for c in frame.columns if frame[c].dtype == object], (table, frame.dtypes)
        counted[table] = whole.num_rows
    calls = cards = results = 0
    for path in files:
        for game in pbnfmt.games(path):
            calls += len(game.auction.calls) if game.auction else 0
            cards += sum(
                1
                for trick in (game.play.tricks if game.play else ())
                for card in trick.cards
                if card not in (None, "-", "+")
            )
        text = pathlib.Path(path).read_bytes().decode("latin-1")
        results += sum(len(found) for _, found in _score_tables(text))
    assert counted == {"calls": calls, "cards": cards, "results": results}
    assert calls > 10_000 and cards > 10_000 and results > 1_000, counted


def test_the_docs_give_every_function_as_the_code_has_it() -> None:
    """Item 10: docs/python.md is the API's reference and stays true: every public function of
    the package is there as ``pbnfmt.NAME(…)`` with the parameters the code has, in its order,
    keyword-only ones after ``*``, with the code's defaults."""
    import inspect
    import re

    docs = (pathlib.Path(__file__).parents[2] / "docs" / "python.md").read_text()
    functions = [n for n in pbnfmt.__all__ if inspect.isfunction(getattr(pbnfmt, n))]
    assert len(functions) >= 12
    for name in functions:
        found = re.search(rf"`pbnfmt\.{name}\(([^)]*)\) ->", docs)
        assert found, f"docs/python.md does not give pbnfmt.{name}"
        written = [p.strip() for p in found.group(1).split(",") if p.strip()]
        expected = []
        for parameter in inspect.signature(getattr(pbnfmt, name)).parameters.values():
            if parameter.kind is inspect.Parameter.KEYWORD_ONLY and "*" not in expected:
                expected.append("*")
            default = parameter.default
            if default is inspect.Parameter.empty:
                expected.append(parameter.name)
            else:
                shown = f'"{default}"' if isinstance(default, str) else repr(default)
                expected.append(f"{parameter.name}={shown}")
        # A parameter may be written with its type (`deal: str`).
        assert [w.split(":")[0] for w in written] == expected, name


def test_the_readme_example_runs_on_every_shared_file(tmp_path: pathlib.Path) -> None:
    """Item 10: the README's example, word for word, with each shared real file as its
    ``hands.pbn``: no file makes it fail."""
    import contextlib
    import warnings

    readme = (pathlib.Path(__file__).parents[2] / "README.md").read_text()
    code = readme.split("### From Python", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        for path in real_files():
            (tmp_path / "hands.pbn").write_bytes(path.read_bytes())
            with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
                warnings.simplefilter("ignore", pbnfmt.PbnfmtWarning)
                exec(compile(code, "README.md", "exec"), {})
    finally:
        os.chdir(old)


# --- typed games, written back (issue 64, items 5 and 6) --------------------------------------


def test_typed_games_are_read_s_and_round_trip_every_shared_file() -> None:
    """Items 5 and 6: over every shared real file, ``pbnfmt.games`` gives one typed game for each
    of ``read``'s dicts (``to_dict`` is that dict), and ``read`` → ``dumps`` → ``games`` gives equal
    games; a file ``dumps`` refuses is one ``pbnfmt export`` refuses too (a syntax error the export
    cannot guess past)."""
    import warnings

    written = refused = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pbnfmt.PbnfmtWarning)
        for path in real_files():
            typed = pbnfmt.games(path)
            dicts = list(pbnfmt.read(path))
            assert [g.to_dict() for g in typed] == dicts, path
            try:
                text = pbnfmt.dumps(typed)
            except pbnfmt.PbnfmtError:
                done = cli("export", "--encoding", "utf-8", str(path))
                assert done.returncode == 1 and not done.stdout, path
                refused += 1
                continue
            again = pbnfmt.games(text=text)
            assert again == typed, path
            written += 1
    assert written >= 80 and refused <= 4, (written, refused)


def _turned(seat: str, by: int = 1) -> str:
    """The test's own turn: a seat ``by`` quarter turns clockwise."""
    return "NESW"[("NESW".index(seat) + by) % 4]


def test_a_game_changed_in_python_is_written_back_whole() -> None:
    """Item 6: a tag set and a deal turned in Python, written out by ``dumps`` and read again:
    the change is there, and everything else the game held (auction with its notes, play,
    commentary, names) is too. The turn is checked against one written here: each hand moves one
    seat clockwise, and the dealer, declarer, the auction's and play's first seats with it."""
    path = CORPUS / "valid" / "spec" / "pbn-1.2-example-game.pbn"
    [game] = pbnfmt.games(path)
    assert str(game.contract) == "5HX" and game.declarer == "S" and game.result.tricks == 9
    assert game.auction is not None and game.auction.calls[2].note == "non-forcing 6-9 points, 6-card"
    assert game.deal is not None and game.deal["N"] is not None
    assert game.deal["N"].cards[:3] == ("H6", "H3", "DA") and game.deal["N"].hcp == 13
    named = game.with_tags(Event="Club night", Site=None)
    [back] = pbnfmt.games(text=pbnfmt.dumps([named]))
    assert back.event == "Club night" and back.headers.get("Site") in (None, "?")
    assert back.headers["West"] == "Podgor" and back.auction == game.auction and back.play == game.play
    # The commentary whole (export format ends its lines with CRLF, PBN 3.1).
    assert [c["text"].replace("\r\n", "\n") for c in back.comments] == [
        c["text"] for c in game.comments
    ]
    assert len(game.comments) >= 1
    assert back == named and back != game
    turned = game.rotated(1)
    assert turned.dealer == _turned(game.dealer or "") and turned.declarer == _turned("S")
    for seat in "NESW":
        assert str(turned.deal[_turned(seat)]) == str(game.deal[seat]), seat
    assert turned.auction is not None and turned.auction.first == _turned("N")
    assert [c.call for c in turned.auction.calls] == [c.call for c in game.auction.calls]
    assert turned.play is not None and game.play is not None
    for before, after in zip(game.play.tricks, turned.play.tricks):
        assert after.leader == _turned(before.leader or "")
        for seat in "NESW":
            assert after[_turned(seat)] == before[seat]
    [turned_back] = pbnfmt.games(text=pbnfmt.dumps([turned]))
    assert turned_back == turned
    assert turned.rotated(3) == game
    # Typed objects are values: equal, hashable, and their dicts are read's.
    assert hash(game) == hash(pbnfmt.games(path)[0]) and len({game, pbnfmt.games(path)[0]}) == 1
    with pytest.raises(ValueError, match=r"T003"):
        game.with_tags(Dealer="Q")
    with pytest.raises(TypeError):
        pbnfmt.dumps([game.to_dict()])  # type: ignore[list-item]


def _at(lines: list[str], span: pbnfmt.Span) -> str:
    """The text of ``span`` on the test's own split of the file's lines."""
    if span.line == span.end_line:
        return lines[span.line - 1][span.column - 1 : span.end_column - 1]
    parts = [lines[span.line - 1][span.column - 1 :]]
    parts += lines[span.line : span.end_line - 1]
    parts.append(lines[span.end_line - 1][: span.end_column - 1])
    return "\n".join(parts)


def _written_call(word: str) -> str:
    """A call as a file may write it, in export spelling (PBN 3.4.11: ``pass``, ``1N``)."""
    word = word.upper()
    if word in ("P", "PASS"):
        return "Pass"
    if word in ("DBL", "RDBL"):  # how some programs write X and XX, read as those
        return "X" if word == "DBL" else "XX"
    return word + "T" if word.endswith("N") and not word.endswith("NT") else word


def test_every_object_says_where_it_is_written_on_every_shared_file() -> None:
    """Item 5, "every object keeps its span in the file": on every shared real file, each typed
    game's span starts on its line; each tag's span holds ``[`` and its name; each hand's span
    holds its cards (as the test reads the Deal's text); each call's and card's span holds that
    call or card as the file writes it. The file is read by the test (UTF-8, else Latin-1) and
    cut into lines at CR, LF and CRLF, as ``check`` counts them. Spans do not make games unequal,
    and a game changed in Python has none."""
    import re

    checked = {"tags": 0, "hands": 0, "calls": 0, "cards": 0}
    for path in real_files():
        raw = path.read_bytes()
        if raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        lines = re.split(r"\r\n|\r|\n", text)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", pbnfmt.PbnfmtWarning)
            found = pbnfmt.games(path)
        for game in found:
            where = f"{path}: game {game.index}"
            assert game.span is not None and game.span.line == game.line, where
            for tag in game.tags:
                if tag.inherited == "##":
                    assert tag.span is None, where
                    continue
                assert tag.span is not None, where
                written = _at(lines, tag.span)
                assert re.match(r"\[\s*" + re.escape(tag.name) + r"\b", written), (where, written)
                checked["tags"] += 1
            deal_tag = next((t for t in game.tags if t.name == "Deal"), None)
            if game.deal is not None and deal_tag is not None and deal_tag.inherited is None:
                for seat in "NESW":
                    hand = game.deal[seat]
                    if hand is None or hand.span is None:
                        continue
                    suits = _at(lines, hand.span).upper().split(".")
                    assert [sorted(s) for s in suits] == [sorted(s) for s in hand.suits], where
                    checked["hands"] += 1
            for call in game.auction.calls if game.auction else ():
                assert call.span is not None, where
                assert _written_call(_at(lines, call.span)) == call.call, (where, call)
                checked["calls"] += 1
            for trick in game.play.tricks if game.play else ():
                for card, span in zip(trick.cards, trick.spans):
                    if card is None:
                        assert span is None, where
                        continue
                    assert span is not None, where
                    written = _at(lines, span).upper()
                    # An unknown card may be written `--` (as a two-character card).
                    assert written == card or card == "-" == written[:1] == written[-1:], where
                    checked["cards"] += 1
    assert min(checked.values()) > 1_000, checked
    path = pathlib.Path(REAL) / "richardschneider__pbn" / "test__sample__ruter71.pbn"
    game = pbnfmt.games(path)[0]
    changed = game.with_tags(Event="Club night")
    assert changed.span is None and all(tag.span is None for tag in changed.tags)
    assert game.with_tags(Event=game.headers["Event"]) == game


def test_the_command_gives_the_same_spans_valid_by_the_schema() -> None:
    """``convert --to jsonl --spans`` writes the spans the typed games carry, and its lines are
    valid by ``docs/jsonl.schema.json``; ``--spans`` with CSV is a usage error."""
    import jsonschema

    if not REAL:
        pytest.skip("../shared/corpus/real is absent")
    path = pathlib.Path(REAL) / "richardschneider__pbn" / "test__sample__ruter71.pbn"
    run = subprocess.run(
        [BIN, "convert", "--to", "jsonl", "--spans", str(path)], capture_output=True, check=True
    )
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text()))
    objects = [json.loads(line) for line in run.stdout.decode("utf-8").splitlines()]
    for obj in objects:
        validator.validate(obj)
    typed = pbnfmt.games(path)
    assert len(objects) == len(typed) == 21
    for obj, game in zip(objects, typed):
        spans = obj["spans"]
        assert spans["game"] == list(game.span)
        assert spans["tags"] == [list(t.span) if t.span else None for t in game.tags]
    refused = subprocess.run([BIN, "convert", "--to", "csv", "--spans", str(path)], capture_output=True)
    assert refused.returncode == 2 and b"--spans goes with --to jsonl" in refused.stderr
