"""sgfconv.games and sgfconv.moves: the rows and schema of the command's
``-t parquet``, as pyarrow tables that pandas and Polars take."""

from __future__ import annotations

import io
import subprocess
import zipfile

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import sgfconv  # noqa: E402
from conftest import SAMPLES  # noqa: E402

RECORDS = [
    SAMPLES / "sgf" / "collection.sgf",
    SAMPLES / "gib" / "taiwan-big5.gib",
    SAMPLES / "ugf" / "header.ugf",
    SAMPLES / "sgf" / "escapes.sgf",
]


def command_tables(command, inputs, tmp_path, *extra):
    """The command's games and moves Parquet files of ``inputs``."""
    games, moves = tmp_path / "games.parquet", tmp_path / "moves.parquet"
    args = [str(command), "-q", *map(str, inputs), "-t", "parquet", "-o", str(games), "--moves-parquet", str(moves), *extra]
    subprocess.run(args, check=True)
    return pq.read_table(games), pq.read_table(moves)


def test_games_and_moves_are_the_commands_rows_and_schema(command, tmp_path):
    games, moves = command_tables(command, RECORDS, tmp_path)
    ours = sgfconv.games(RECORDS)
    assert ours.schema.equals(games.schema)
    assert ours.equals(games)
    assert sgfconv.moves(RECORDS).equals(moves)
    assert ours.num_rows == games.num_rows > 3
    assert list(ours.column("game").to_pylist()) == list(range(ours.num_rows))


def test_every_variation_and_comments_as_the_command_gives_them(command, tmp_path):
    _, moves = command_tables(command, RECORDS, tmp_path, "--all-variations", "--comments")
    assert sgfconv.moves(RECORDS, all_variations=True, comments=True).equals(moves)


def test_one_thread_or_many_give_the_same_table():
    many = RECORDS * 20
    assert sgfconv.games(many, jobs=1).equals(sgfconv.games(many, jobs=4))
    assert sgfconv.moves(many, jobs=1).equals(sgfconv.moves(many, jobs=3))


def test_a_table_goes_to_pandas_and_polars_with_nulls_for_absent_values():
    pd = pytest.importorskip("pandas")
    pl = pytest.importorskip("polars")
    t = sgfconv.games([b"(;GM[1]SZ[19]PB[Lee]KM[6.5];B[pd])", b"(;GM[1]SZ[9])"])
    df = t.to_pandas()
    assert df["black"].iloc[0] == "Lee" and pd.isna(df["black"].iloc[1])
    assert df["komi"].iloc[0] == 6.5 and pd.isna(df["komi"].iloc[1])
    frame = pl.from_arrow(t)
    assert frame.height == 2
    assert frame["black"].to_list() == ["Lee", None]


def test_an_unreadable_member_is_warned_of_and_raised_on_request():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("bad.gib", b"not gib")
        z.writestr("good.sgf", b"(;GM[1]SZ[9];B[ee])")
    data = ("m.zip", buf.getvalue())
    with pytest.warns(sgfconv.ReadWarning, match=r"m.zip:bad.gib: \[E200\]") as caught:
        t = sgfconv.games(data)
    assert t.num_rows == 1
    assert caught[0].message.diagnostics[0].code == "E200"
    with pytest.raises(sgfconv.Error) as e:
        sgfconv.games(data, errors="raise")
    assert e.value.code == "E200"
    with pytest.raises(sgfconv.Error):
        sgfconv.games(b"not gib", format="gib")


def test_the_kgs_archive_gives_733_games_as_the_command_does(corpus, command, tmp_path):
    kgs = corpus / "bulk" / "kgs-u-go" / "KGS-2017_01-19-733-.tar.gz"
    games, moves = command_tables(command, [kgs], tmp_path)
    ours = sgfconv.games(kgs)
    assert ours.num_rows == 733
    assert ours.equals(games)
    assert sgfconv.moves(kgs).equals(moves)
