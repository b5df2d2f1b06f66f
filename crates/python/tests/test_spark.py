"""The Spark recipe (examples/spark_stats.py) on local[2]: shards made by `pdnkit split`, checked
by the module in `mapInArrow`, written as Parquet, counted with Spark SQL; the per-variant game
counts, result counts and verdict counts equal `pdnkit stats --format json` on the same input."""

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from conftest import archives

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))

pytestmark = pytest.mark.spark


@pytest.fixture(scope="module")
def spark():
    if shutil.which("java") is None:
        pytest.fail("the Spark test needs Java 17 (`java` is not on PATH)")
    from pyspark.sql import SparkSession

    # Local mode talks to itself only: on the loopback interface.
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    # The workers run this interpreter, which has pdnkit and pyarrow (not whatever `python3` is).
    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("pdnkit-test")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    yield session
    session.stop()


def test_spark_stats_equal_pdnkit_stats(spark, cli, tmp_path):
    import spark_stats

    inputs = [str(p) for p in archives()]
    code, _, err = cli("split", "--shards", "4", "-o", tmp_path / "shards", *inputs)
    assert code == 0, err
    code, out, err = cli("stats", "--format", "json", *inputs)
    assert code in (0, 1), err
    expected = json.loads(out)["groups"][0]
    # The verdicts are compared with the shards the recipe reads: split writes UTF-8, so a game
    # whose source file was in a legacy code page loses its `encoding` warning on the way.
    shards = sorted((tmp_path / "shards").glob("*.pdn"))
    code, out, err = cli("stats", "--format", "json", *shards)
    assert code in (0, 1), err
    from_shards = json.loads(out)["groups"][0]

    got = spark_stats.run(spark, tmp_path / "shards", tmp_path / "out", partitions=2)

    assert got["games"] == expected["games"]
    assert got["plies"] == expected["plies"]
    assert got["status"] == from_shards["status"]
    assert from_shards["games"] == expected["games"]
    assert got["variants"] == expected["variants"]
    results = {k: v for k, v in expected["results"].items() if not k.endswith("_pct")}
    assert got["results"] == results
    # The games table was kept as Parquet, partitioned by variant (Hive's name for none).
    written = {p.name for p in (tmp_path / "out" / "games").iterdir() if p.is_dir()}
    names = {v["variant"].replace("unknown", "__HIVE_DEFAULT_PARTITION__") for v in expected["variants"]}
    assert written == {f"variant={n}" for n in names}
