"""The Python package's benchmark (scripts/bench-python.sh runs it):

1. the AI-games collection of the corpus (bulk/yenw-AI, 7 259 SGF files)
   into a games table: ``sgfconv.games`` against sgfmill reading the same
   files and building the same kind of table (players, ranks, result, date,
   komi, handicap, size, move count of the main line) with pyarrow;
2. the 2017 KGS archives (bulk/kgs-u-go, 6 tar.gz) into a games Parquet file:
   ``sgfconv.spark.games`` in Spark local mode against
   ``sgfconv -r DIR -t parquet``.

Each row is timed ``--reps`` times, rounds interleaved; the best time is
kept. Prints a Markdown table (docs/benchmarks.md, "Python and Spark").
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

import sgfconv


def ai_files(corpus: Path) -> list:
    root = corpus / "bulk" / "yenw-AI"
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix.lower() == ".sgf")


def with_sgfconv(files: list) -> int:
    return sgfconv.games(files, errors="ignore").num_rows


def with_sgfmill(files: list) -> int:
    from sgfmill import sgf

    cols = {k: [] for k in ("file", "black", "black_rank", "white", "white_rank", "result", "date", "komi", "handicap", "size", "moves")}
    for path in files:
        data = path.read_bytes()
        try:
            game = sgf.Sgf_game.from_bytes(data)
        except ValueError:
            continue
        root = game.get_root()

        def get(prop):
            try:
                return root.get(prop)
            except (KeyError, ValueError):
                return None

        cols["file"].append(str(path))
        for col, prop in (("black", "PB"), ("black_rank", "BR"), ("white", "PW"), ("white_rank", "WR"), ("result", "RE"), ("date", "DT")):
            cols[col].append(get(prop))
        cols["komi"].append(get("KM"))
        cols["handicap"].append(get("HA"))
        cols["size"].append(game.get_size())
        cols["moves"].append(sum(1 for n in game.get_main_sequence() if n.get_move()[0] is not None))
    return pa.table(cols).num_rows


def best(fn, reps: int) -> tuple:
    times, result = [], None
    for _ in range(reps):
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return min(times), result


def spark_rows(corpus: Path, sgfconv_bin: str, work: Path, reps: int) -> list:
    try:
        from pyspark.sql import SparkSession
    except ImportError:
        print("bench-python: pyspark absent: the Spark rows are left out", file=sys.stderr)
        return []
    import sgfconv.spark

    # The Python workers run this Python, which has sgfconv.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    # The 2017 KGS archives (six tar.gz, 4 645 games), linked into a
    # directory of their own.
    kgs = work / "kgs-2017"
    kgs.mkdir(exist_ok=True)
    for p in sorted((corpus / "bulk" / "kgs-u-go").glob("KGS-2017_*.tar.gz")):
        if not (kgs / p.name).exists():
            (kgs / p.name).symlink_to(p)
    size = sum(p.stat().st_size for p in kgs.iterdir())
    out_cmd = work / "kgs-command.parquet"
    out_spark = work / "kgs-spark.parquet"
    spark = (
        SparkSession.builder.master("local[*]")
        .appName("sgfconv-bench")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")

    def command() -> int:
        subprocess.run([sgfconv_bin, "-q", "-r", str(kgs), "-t", "parquet", "-o", str(out_cmd), "--force"], check=True)
        return pq.read_metadata(out_cmd).num_rows

    def in_spark() -> int:
        shutil.rmtree(out_spark, ignore_errors=True)
        sgfconv.spark.games(spark, str(kgs)).write.parquet(str(out_spark))
        return spark.read.parquet(str(out_spark)).count()

    rows = []
    for name, fn in (("sgfconv -r DIR -t parquet (command)", command), ("sgfconv.spark.games, local[*], written as Parquet", in_spark)):
        t, n = best(fn, reps)
        rows.append((name, "KGS 2017 archives (6 tar.gz)", size, n, t))
    spark.stop()
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", type=Path, required=True)
    ap.add_argument("--sgfconv", required=True)
    ap.add_argument("--work", type=Path, required=True)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--spark", type=int, default=1)
    a = ap.parse_args()
    a.work.mkdir(parents=True, exist_ok=True)
    files = ai_files(a.corpus)
    size = sum(p.stat().st_size for p in files)
    # Warm the page cache once.
    for p in files:
        p.read_bytes()
    rows = []
    t_ours, n_ours = best(lambda: with_sgfconv(files), a.reps)
    t_mill, n_mill = best(lambda: with_sgfmill(files), a.reps)
    rows.append(("sgfconv.games (Python)", "yenw-AI (7 259 SGF files)", size, n_ours, t_ours))
    rows.append(("sgfmill + pyarrow (Python)", "yenw-AI (7 259 SGF files)", size, n_mill, t_mill))
    if a.spark:
        rows += spark_rows(a.corpus, a.sgfconv, a.work, a.reps)
    print(f"cores: {os.cpu_count()}, best of {a.reps}\n")
    print("| what | input | MB | games | s | MB/s |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for name, inp, nbytes, n, t in rows:
        print(f"| {name} | {inp} | {nbytes / 1e6:.1f} | {n} | {t:.3f} | {nbytes / 1e6 / t:.1f} |")
    print(f"\nsgfconv.games is {t_mill / t_ours:.0f}x faster than sgfmill on the same files")


if __name__ == "__main__":
    main()
