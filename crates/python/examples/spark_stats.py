"""PDN archives beyond one machine: pdnkit on Apache Spark.

Cut the archive into shards with pdnkit, let Spark hand each partition's shards to the pdnkit
module (`mapInArrow`: Arrow batches in, Arrow batches out, no Python objects per game), keep
the games table as Parquet, and compute with Spark SQL what `pdnkit stats --format json`
prints: games and plies, games by verdict, by variant and by result.

    pdnkit split --shards 8 -o shards archive.pdn
    python spark_stats.py shards out [MASTER]      # MASTER: local[2] (default), spark://...

Every executor needs the pdnkit module installed (`pip install ./crates/python`) and the
shards on a path it can read (a shared file system, or the same path on every node).
"""

import json
import os
import sys
from pathlib import Path

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql.pandas.types import from_arrow_schema

import pdnkit


def games_schema():
    """The games table's Spark schema, from the module's own Arrow schema."""
    return from_arrow_schema(pdnkit.to_arrow([], table="games").schema)


def check_shards(spark: SparkSession, shards: list, partitions: int) -> DataFrame:
    """The games table of `shards` (PDN files), each partition's shards checked by the pdnkit
    module on the executor that holds them."""
    schema = games_schema()
    paths = spark.createDataFrame([(str(p),) for p in shards], "path string")
    paths = paths.repartition(partitions, "path")

    def check(batches):
        import pdnkit  # on the executor

        for batch in batches:
            for path in batch.column("path").to_pylist():
                # One core per Spark task: Spark runs the tasks side by side.
                table = pdnkit.to_arrow(path, table="games", jobs=1)
                yield from table.to_batches()

    return paths.mapInArrow(check, schema)


# What `pdnkit stats --format json` prints for the whole input (its `groups[0]`), in SQL over
# the games table. A variant's plies are the main-line moves written; an unreadable game has
# none. The `outcome` column names the winner by colour, as `stats` does.
STATS_SQL = {
    "totals": """
        SELECT count(*) AS games, coalesce(sum(plies), 0) AS plies,
               count_if(status = 'clean') AS clean, count_if(status = 'warnings') AS warnings,
               count_if(status = 'invalid') AS invalid, count_if(status = 'unreadable') AS unreadable,
               count_if(outcome = 'white_wins') AS white_wins,
               count_if(outcome = 'draw') AS draws,
               count_if(outcome = 'black_wins') AS black_wins,
               count_if(outcome = 'both_lose') AS both_lose,
               count_if(outcome IS NULL) AS unknown
        FROM games
    """,
    "variants": """
        SELECT coalesce(variant, 'unknown') AS variant, count(*) AS games, sum(plies) AS plies
        FROM games GROUP BY 1 ORDER BY games DESC, variant
    """,
}


def stats(spark: SparkSession) -> dict:
    """The statistics of the `games` view, shaped as `stats --format json`'s fields."""
    t = spark.sql(STATS_SQL["totals"]).first().asDict()
    variants = [r.asDict() for r in spark.sql(STATS_SQL["variants"]).collect()]
    return {
        "games": t["games"],
        "plies": t["plies"],
        "status": {k: t[k] for k in ("clean", "warnings", "invalid", "unreadable")},
        "variants": variants,
        "results": {
            k: t[k]
            for k in ("white_wins", "draws", "black_wins", "both_lose", "unknown")
        },
    }


def run(spark: SparkSession, shards_dir: Path, out: Path, partitions: int = 4) -> dict:
    """Checks the shards of `shards_dir`, writes the games table to `out` as Parquet
    (partitioned by variant), and returns the statistics computed from those files."""
    shards = sorted(shards_dir.glob("*.pdn"))
    games = check_shards(spark, shards, partitions)
    games.write.mode("overwrite").partitionBy("variant").parquet(str(out / "games"))
    spark.read.parquet(str(out / "games")).createOrReplaceTempView("games")
    return stats(spark)


def main(argv):
    if len(argv) not in (3, 4):
        sys.exit(__doc__)
    master = argv[3] if len(argv) == 4 else "local[2]"
    # Workers run this interpreter (the one that has pdnkit and pyarrow) unless told otherwise.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = SparkSession.builder.master(master).appName("pdnkit-stats").getOrCreate()
    try:
        print(json.dumps(run(spark, Path(argv[1]), Path(argv[2])), indent=2))
    finally:
        spark.stop()


if __name__ == "__main__":
    main(sys.argv)
