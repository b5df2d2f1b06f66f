"""`pdnkit.to_arrow` and `pdnkit convert --to parquet`: the Arrow tables equal the Parquet
files, row counts equal games and plies replayed, the types are those documented, and DuckDB
answers one SQL query over the files."""

import datetime
import json

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import pdnkit
from conftest import REAL_WORLD, SAMPLE, archives


@pytest.fixture(scope="module")
def converted(tmp_path_factory, cli):
    """The archives as Parquet tables, by the command line."""
    out = tmp_path_factory.mktemp("parquet") / "tables"
    paths = [str(p) for p in archives()]
    code, _, err = cli("convert", "--to", "parquet", "-o", out, *paths)
    assert code in (0, 1), err
    return out, paths


def test_arrow_tables_equal_the_parquet_files(converted):
    out, paths = converted
    for table in ("games", "plies"):
        ours = pdnkit.to_arrow(paths, table=table, jobs=2)
        theirs = pq.read_table(out / f"{table}.parquet")
        assert ours.schema == theirs.schema, table
        assert ours.num_rows == theirs.num_rows
        assert ours.equals(theirs), table


def test_rows_are_the_games_read_and_the_plies_replayed(converted, cli_records):
    out, paths = converted
    games = pq.read_table(out / "games.parquet")
    plies = pq.read_table(out / "plies.parquet")
    records = [j for p in paths for j in cli_records(p)]
    assert games.num_rows == len(records)
    assert plies.num_rows == sum(j["replayed"] for j in records)
    assert games.column("status").to_pylist() == [j["status"] for j in records]
    assert games.column("final_fen").to_pylist() == [j["final_fen"] for j in records]


def test_columns_are_typed(converted):
    out, _ = converted
    games = pq.read_table(out / "games.parquet")
    schema = games.schema
    assert schema.field("game").type == pa.int64()
    assert schema.field("date").type == pa.date32()
    assert schema.field("plies").type == pa.int32()
    assert schema.field("key").type == pa.int64()
    assert pa.types.is_list(schema.field("moves").type)
    diagnostics = schema.field("diagnostics").type
    assert pa.types.is_struct(diagnostics.value_type)
    assert [f.name for f in diagnostics.value_type][:4] == ["severity", "code", "line", "column"]
    first = games.slice(0, 1).to_pylist()[0]
    assert first["date"] == datetime.date(2003, 5, 23)
    assert first["date_text"] == "2003.05.23"
    assert first["moves"][:2] == ["32-28", "17-22"]
    plies = pq.read_table(out / "plies.parquet")
    assert plies.schema.field("promotion").type == pa.bool_()
    assert plies.schema.field("captured").type.value_type == pa.int16()
    for name in ("from", "to"):
        assert plies.schema.field(name).type == pa.int16()
    for name in ("white_men", "white_kings", "black_men", "black_kings", "black_kings_hi"):
        assert plies.schema.field(name).type == pa.int64()
    assert "fen_after" not in plies.schema.names
    # Copies of a game share a key; every ply row carries its game's key.
    keys = dict(zip(zip(games["file"].to_pylist(), games["game"].to_pylist()), games["key"].to_pylist()))
    for row in plies.slice(0, 500).to_pylist():
        assert row["key"] == keys[(row["file"], row["game"])]


def test_the_files_are_zstd_compressed(converted):
    out, _ = converted
    meta = pq.ParquetFile(out / "plies.parquet").metadata
    assert meta.row_group(0).column(0).compression == "ZSTD"
    # Square numbers go without a dictionary; strings and masks keep theirs.
    columns = {meta.row_group(0).column(i).path_in_schema: meta.row_group(0).column(i) for i in range(meta.num_columns)}
    assert "RLE_DICTIONARY" not in columns["from"].encodings
    assert "RLE_DICTIONARY" not in columns["captured.list.item"].encodings
    assert "RLE_DICTIONARY" in columns["move"].encodings
    assert "RLE_DICTIONARY" in columns["white_men"].encodings


def test_duckdb_reads_the_tables_with_one_query(converted, cli):
    out, paths = converted
    rows = duckdb.sql(
        f"""
        SELECT g.variant, count(DISTINCT g.key) AS distinct_games, count(*) AS plies,
               sum(CASE WHEN p.promotion THEN 1 ELSE 0 END) AS promotions
        FROM '{out}/games.parquet' g JOIN '{out}/plies.parquet' p USING (file, game)
        GROUP BY g.variant ORDER BY g.variant
        """
    ).fetchall()
    games = pq.read_table(out / "games.parquet").to_pylist()
    plies = pq.read_table(out / "plies.parquet").to_pylist()
    variant_of = {(g["file"], g["game"]): g["variant"] for g in games}
    expected = {}
    for p in plies:
        v = variant_of[(p["file"], p["game"])]
        e = expected.setdefault(v, [set(), 0, 0])
        e[0].add(p["key"])
        e[1] += 1
        e[2] += p["promotion"]
    assert rows == [(v, len(e[0]), e[1], e[2]) for v, e in sorted(expected.items())]


def test_partitions_read_back_as_hive_datasets(tmp_path, cli):
    code, _, err = cli("convert", "--to", "parquet", "--partition", "variant", "-o", tmp_path / "p", SAMPLE, *REAL_WORLD)
    assert code in (0, 1), err
    whole = pdnkit.to_arrow([SAMPLE, *REAL_WORLD])
    by_duckdb = duckdb.sql(
        f"SELECT variant, count(*) FROM read_parquet('{tmp_path}/p/games/*/*.parquet', hive_partitioning = true) "
        "GROUP BY variant ORDER BY variant NULLS LAST"
    ).fetchall()
    counts = {}
    for v in whole.column("variant").to_pylist():
        counts[v] = counts.get(v, 0) + 1
    expected = sorted(((v, n) for v, n in counts.items() if v), key=lambda x: x[0])
    expected += [(None, counts[None])] if None in counts else []
    assert by_duckdb == expected


def test_bad_table_names_and_missing_inputs_raise(tmp_path):
    with pytest.raises(ValueError, match="games"):
        pdnkit.to_arrow(SAMPLE, table="moves")
    with pytest.raises(OSError, match="missing.pdn"):
        pdnkit.to_arrow([SAMPLE, tmp_path / "missing.pdn"])


def test_openings_are_the_names_convert_writes_in_json(converted, cli):
    out, paths = converted
    games = pq.read_table(out / "games.parquet")
    named = []
    for path in paths:
        code, text, err = cli("convert", "--to", "json", "--quiet", path)
        assert code in (0, 1), err
        named.extend(json.loads(line)["opening"] for line in text.splitlines())
    assert games.column("opening").to_pylist() == named
    # The sample's games are named from pdnkit's international table, some of them at least.
    assert any(n is not None for n in named)
