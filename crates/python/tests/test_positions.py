"""Position search in SQL: each query of docs/parquet.md's "Positions in SQL" finds, in DuckDB
over the plies table, the plies `pdnkit search` finds with the arguments its `-- search:` line
names. The masks are checked against the FEN of `--fen` too."""

import csv
import io
import itertools
import re
import shlex

import duckdb
import pyarrow.parquet as pq
import pytest

import pdnkit
from conftest import REPO, SAMPLE, archives, corpus_files

DOC = REPO / "docs" / "parquet.md"


def international():
    """Archives of 10x10 games numbered 1 to 50: the sample and the corpus's international files."""
    return [SAMPLE, *(p for p in corpus_files() if p.parent.name == "international")]


def doc_queries():
    """(search arguments, SQL) of every query of the document that names a search."""
    text = DOC.read_text()
    queries = []
    for block in re.findall(r"```sql\n(.*?)```", text, re.S):
        marker = re.match(r"-- search: (.*)\n", block)
        if marker:
            queries.append((shlex.split(marker.group(1)), block))
    return queries


def expand(args):
    """The argument lists a `{a,b}` in an argument stands for (as a shell's braces)."""
    choices = []
    for arg in args:
        m = re.match(r"(.*)\{(.*)\}(.*)", arg)
        choices.append([m.group(1) + x + m.group(3) for x in m.group(2).split(",")] if m else [arg])
    return [list(c) for c in itertools.product(*choices)]


def search_plies(cli, args, paths):
    """(file, game, ply) of every main-line hit after the start, over every expansion of args
    (hits at the start, ply 0, have no row in the plies table)."""
    found = set()
    for one in expand(args):
        code, out, err = cli("search", *one, *paths)
        assert code in (0, 1), err
        assert "skipped" not in err, err
        for row in csv.DictReader(io.StringIO(out)):
            if int(row["ply"]) > 0:
                found.add((row["file"], int(row["game"]), int(row["ply"])))
    return found


@pytest.fixture(scope="module")
def tables(tmp_path_factory, cli):
    """The plies tables (with --fen) of all archives and of the international ones."""
    made = {}
    for name, paths in (("all", archives()), ("international", international())):
        out = tmp_path_factory.mktemp(name) / "tables"
        paths = [str(p) for p in paths]
        code, _, err = cli("convert", "--to", "parquet", "--fen", "-o", out, *paths)
        assert code in (0, 1), err
        made[name] = (out / "plies.parquet", paths)
    return made


def test_the_document_has_the_three_queries():
    searches = [args for args, _ in doc_queries()]
    assert searches == [
        ["--pattern", "?:W28:B23"],
        ["--pattern", "?:WK{46,41,37,32,28,23,19,14,10,5}"],
        ["--material", "W:K3 B:K1"],
    ]


@pytest.mark.parametrize("which", [0, 1, 2])
def test_sql_finds_the_plies_search_finds(tables, cli, which):
    args, sql = doc_queries()[which]
    # The diagonal's numbers are the international board's; the pattern reads in every game.
    table, paths = tables["all" if which == 0 else "international"]
    got = set(duckdb.sql(sql.replace("tables/plies.parquet", str(table))).fetchall())
    expected = search_plies(cli, args, paths)
    assert len(expected) > 0, args
    assert got == expected


def test_masks_hold_the_position_of_the_fen(tables):
    """The masks and side to move hold what fen_after says, in numbered games."""
    table, _ = tables["international"]
    rows = pq.read_table(table).to_pylist()
    assert len(rows) > 1000
    for row in rows:
        side, *groups = row["fen_after"].split(":")
        pieces = {"W": [0, 0], "B": [0, 0]}
        for group in groups:
            colour, items = group[0], group[1:]
            for item in filter(None, items.split(",")):
                king = item.startswith("K")
                a, _, b = item.lstrip("K").partition("-")
                for n in range(int(a), int(b or a) + 1):
                    pieces[colour][king] |= 1 << (n - 1)
        signed = lambda m: m - (1 << 64) if m >= 1 << 63 else m  # noqa: E731
        got = (row["white_men"], row["white_kings"], row["black_men"], row["black_kings"])
        want = tuple(signed(m) for m in (*pieces["W"], *pieces["B"]))
        assert got == want, row
        assert row["side_to_move"] == {"W": "white", "B": "black"}[side]


def test_fen_is_a_column_of_the_plies_table_only_when_asked_for():
    plain = pdnkit.to_arrow(SAMPLE, table="plies")
    with_fen = pdnkit.to_arrow(SAMPLE, table="plies", fen=True)
    assert "fen_after" not in plain.column_names
    assert with_fen.drop_columns(["fen_after"]).equals(plain)
    with pytest.raises(ValueError, match="plies"):
        pdnkit.to_arrow(SAMPLE, table="games", fen=True)
