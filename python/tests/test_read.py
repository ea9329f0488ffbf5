"""sgfconv.read: games of paths and bytes, archives included, with their
game info, main line, tree and diagnostics."""

from __future__ import annotations

import gc
import io
import tarfile
import zipfile

import pytest

import sgfconv
from conftest import SAMPLES

GAME = b"(;FF[3]GM[1]SZ[19]PB[Lee]PW[Ko]RE[B+R]DT[2016-03-09]KM[6.5];B[pd];W[tt];B[dd](;W[pp])(;W[dp]))"


def test_a_game_gives_its_info_main_line_and_tree():
    [game] = sgfconv.read(GAME)
    assert game.file == "<bytes>"
    assert game.index == 0
    assert game.format == "sgf"
    assert game.info == {"PB": "Lee", "PW": "Ko", "RE": "B+R", "DT": "2016-03-09", "KM": "6.5"}
    # pd is column 15, row 3; W[tt] on 19x19 is a pass (None).
    assert game.main_line == [("B", (15, 3)), ("W", None), ("B", (3, 3)), ("W", (15, 15))]
    root = game.root
    assert root.move is None and root.parent is None
    assert root.properties["SZ"] == ["19"]
    third = root.children[0].children[0].children[0]
    assert third.move == ("B", (3, 3))
    assert [c.move for c in third.children] == [("W", (15, 15)), ("W", (3, 15))]
    assert third.children[1].parent.move == ("B", (3, 3))
    assert len(game) == 6


def test_each_game_carries_the_diagnostics_reported_while_it_was_read():
    first, second = sgfconv.read(b"(;GM[1]SZ[19];W[tt])(;GM[1]SZ[19]DT[yesterday])")
    assert "I152" in [d.code for d in first.diagnostics]
    assert "I152" not in [d.code for d in second.diagnostics]
    dt = [d for d in second.diagnostics if d.property == "DT"]
    assert dt and dt[0].game == 1 and dt[0].severity in ("warning", "error")
    assert dt[0].line == 1 and dt[0].column is not None


def test_the_dialect_rules_are_the_commands_and_keep_dialect_turns_them_off():
    [kept] = sgfconv.read(b"(;GM[1]SZ[19];W[tt])", keep_dialect=True)
    assert kept.main_line == [("W", (19, 19))]
    assert not any(d.code == "I152" for d in kept.diagnostics)


def test_a_path_is_read_and_its_name_says_its_format():
    games = list(sgfconv.read(SAMPLES / "gib" / "taiwan-big5.gib"))
    assert len(games) == 1
    g = games[0]
    assert g.format == "gib"
    assert g.file.endswith("taiwan-big5.gib")
    assert len(g.main_line) == 3
    # The same record as the command's expected SGF.
    [expected] = sgfconv.read(SAMPLES / "gib" / "taiwan-big5.sgf")
    assert g.main_line == expected.main_line
    assert g.info["PB"] == expected.info["PB"]


def test_bytes_are_told_by_their_content_or_by_name_or_format():
    gib = (SAMPLES / "gib" / "taiwan-big5.gib").read_bytes()
    assert next(iter(sgfconv.read(gib))).format == "gib"
    assert next(iter(sgfconv.read(gib, name="x.gib"))).format == "gib"
    assert next(iter(sgfconv.read(bytearray(gib), "gib"))).format == "gib"
    with pytest.raises(ValueError, match="unknown format: nope"):
        sgfconv.read(gib, "nope")


def _zip(members: dict) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in members.items():
            z.writestr(name, data)
    return buf.getvalue()


def test_an_archives_members_are_read_one_by_one_and_named():
    data = _zip({"a/one.sgf": b"(;GM[1]SZ[9];B[ee])", "b/two.sgf": b"(;GM[1]SZ[9];B[cc])(;GM[1]SZ[9])", "notes.txt": b"hi"})
    games = sgfconv.read(data, name="games.zip")
    got = [(g.file, g.index, g.main_line) for g in games]
    assert got == [
        ("games.zip:a/one.sgf", 0, [("B", (4, 4))]),
        ("games.zip:b/two.sgf", 0, [("B", (2, 2))]),
        ("games.zip:b/two.sgf", 1, []),
    ]


def test_a_member_that_cannot_be_read_is_a_diagnostic_and_the_others_are_read():
    data = _zip({"bad.gib": b"not a gib at all", "good.sgf": b"(;GM[1]SZ[9];B[ee])"})
    games = sgfconv.read(data, name="mixed.zip")
    assert [g.file for g in games] == ["mixed.zip:good.sgf"]
    bad = [d for d in games.diagnostics if d.file == "mixed.zip:bad.gib"]
    assert [d.code for d in bad] == ["E200"]
    assert bad[0].severity == "error"


def test_a_tar_gz_on_disk_is_read(tmp_path):
    path = tmp_path / "games.tar.gz"
    with tarfile.open(path, "w:gz") as t:
        for i in range(3):
            data = b"(;GM[1]SZ[19]PB[p%d];B[pd])" % i
            info = tarfile.TarInfo(f"g{i}.sgf")
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    assert [g.info["PB"] for g in sgfconv.read(path)] == ["p0", "p1", "p2"]


def test_an_unreadable_input_raises_its_code_after_the_games_before():
    with pytest.raises(sgfconv.Error) as caught:
        list(sgfconv.read(b"garbage", "gib"))
    assert caught.value.code == "E200"
    assert caught.value.message.startswith("not a GIB record")
    assert str(caught.value).startswith("[E200] ")
    with pytest.raises(OSError, match="No such file"):
        list(sgfconv.read("/nonexistent/x.sgf"))


def test_a_large_input_streams_and_an_abandoned_iterator_stops_its_thread():
    many = b"".join(b"(;GM[1]SZ[19]GN[g%d];B[pd];W[dp])" % i for i in range(20000))
    games = sgfconv.read(many)
    first = [next(games) for _ in range(3)]
    assert [g.info["GN"] for g in first] == ["g0", "g1", "g2"]
    del games
    gc.collect()
    assert sum(1 for _ in sgfconv.read(many)) == 20000


def test_options_are_the_commands_and_an_unknown_one_is_refused():
    assert "encoding" in sgfconv.OPTIONS and "sgf" in sgfconv.FORMATS
    [g] = sgfconv.read("(;GM[1]SZ[19]PB[李])".encode("gb18030"), encoding="gb18030")
    assert g.info["PB"] == "李"
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        sgfconv.read(GAME, colour=True)
    with pytest.raises(ValueError, match="unknown character set"):
        sgfconv.read(GAME, encoding="klingon")
    with pytest.raises(ValueError, match="unknown dialect rule"):
        sgfconv.read(GAME, no_fix="nonsense")
