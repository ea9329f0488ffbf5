"""Shared fixtures of the Python package's tests: the repository's own
samples (corpus/) and the shared corpus (../shared/corpus, read in place;
tests that need it skip with a message when it is absent)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "corpus"
SHARED = Path(os.environ.get("SHARED", REPO.parent / "shared")).resolve()
CORPUS = SHARED / "corpus"


@pytest.fixture
def corpus() -> Path:
    """The shared corpus; the test skips when it is absent."""
    if not CORPUS.is_dir():
        pytest.skip(f"{CORPUS} absent: the shared corpus tests skip")
    return CORPUS


@pytest.fixture(scope="session")
def command() -> Path:
    """The sgfconv command, built from this repository (cargo build)."""
    target = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    subprocess.run(["cargo", "build", "--quiet", "--bin", "sgfconv"], cwd=REPO, check=True)
    return target / "debug" / "sgfconv"
