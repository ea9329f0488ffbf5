"""sgfconv.convert and sgfconv.check: the command's outputs, options and
codes."""

from __future__ import annotations

import json
import subprocess

import pytest

import sgfconv
from conftest import SAMPLES


@pytest.mark.parametrize("name", ["collection", "escapes", "leading-nodes-skipped", "missing-open-paren"])
def test_convert_gives_the_commands_expected_sgf(name):
    src = SAMPLES / "sgf" / f"{name}.sgf"
    out = sgfconv.convert(src)
    assert out.data == (SAMPLES / "sgf" / f"{name}.expected.sgf").read_bytes()
    assert bytes(out) == out.data
    expected_codes = [
        line.split("[")[1].split()[0]
        for line in (SAMPLES / "sgf" / f"{name}.expected.diag").read_text().splitlines()
        if "[" in line
    ]
    shown = [d.code for d in out.diagnostics if d.severity != "info"]
    assert shown == expected_codes


def test_convert_to_another_format_with_writer_options():
    out = sgfconv.convert(b"(;GM[1]SZ[19]PB[Lee];B[pd];W[dp])", "json", json_lines=True)
    [line] = out.data.decode().splitlines()
    doc = json.loads(line)
    assert doc["file"] == "<bytes>"
    assert out.games == 1 and out.nodes == 3 and out.ok


def test_convert_gives_the_same_bytes_as_the_command(command):
    src = SAMPLES / "gib" / "taiwan-big5.gib"
    cmd = subprocess.run([str(command), "-t", "sgf", str(src)], capture_output=True, check=True)
    assert sgfconv.convert(src, "sgf").data == cmd.stdout


def test_convert_of_an_archive_makes_one_collection():
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("a.sgf", b"(;GM[1]SZ[9];B[ee])")
        z.writestr("b.sgf", b"(;GM[1]SZ[9];B[cc])")
    out = sgfconv.convert(buf.getvalue(), "sgf")
    assert out.games == 2
    assert out.data.count(b"(;") == 2


def test_a_loss_is_an_error_and_the_outcome_is_not_ok():
    out = sgfconv.convert(b"(;GM[1]SZ[19]C[a\x01b])")
    assert "E105" in [d.code for d in out.diagnostics]
    assert out.errors >= 1 and not out.ok


def test_check_replays_on_a_board_as_the_command_does():
    rec = b"(;FF[4]GM[1]SZ[19];B[pd];W[pd])"
    full = sgfconv.check(rec)
    assert "W581" in [d.code for d in full.diagnostics]
    assert full.warnings == 1 and full.ok and full.data == b""
    assert "W581" not in [d.code for d in sgfconv.check(rec, board=False).diagnostics]
    parsed = sgfconv.check(b"(;GM[1]SZ[19]FF[3];W[tt])", parse_only=True)
    assert "I152" not in [d.code for d in parsed.diagnostics]
    assert parsed.games == 1 and parsed.nodes == 2


def test_check_of_a_path_names_it(command):
    src = SAMPLES / "sgf" / "escapes.sgf"
    out = sgfconv.check(src)
    assert {d.file for d in out.diagnostics} == {str(src)}
    cmd = subprocess.run([str(command), "check", str(src)], capture_output=True)
    assert (cmd.returncode == 0) == out.ok


def test_an_unreadable_record_raises_its_code():
    with pytest.raises(sgfconv.Error) as caught:
        sgfconv.check(b"plain text", format="ugf")
    assert caught.value.code is not None and caught.value.code.startswith("E")
    with pytest.raises(ValueError, match="unknown format"):
        sgfconv.convert(b"(;)", "docx")
