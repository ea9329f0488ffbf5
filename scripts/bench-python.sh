#!/usr/bin/env bash
# `make bench` (its Python part): the Python package against sgfmill, and
# the Spark recipe in local mode against the command, on the shared
# corpus, in one run (docs/benchmarks.md, "Python and Spark").
#
# Builds the package in release into $BENCH_DATA/pyenv (a virtual
# environment that sees the system's pyarrow, sgfmill and pyspark; pip
# installs sgfmill there when it is missing) and target/release/sgfconv
# (unless SGFCONV_NO_BUILD=1), then runs scripts/bench_python.py.
#
# Environment: BENCH_DATA (default ./bench-data), SHARED (default
# ../shared), BENCH_REPS (default 3), BENCH_SPARK (0 to leave Spark out).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export SHARED=${SHARED:-$ROOT/../shared}
DATA=${BENCH_DATA:-$ROOT/bench-data}
say() { printf '==> %s\n' "$*" >&2; }

if [ ! -d "$SHARED/corpus/bulk" ]; then
    say "bench-python: $SHARED/corpus/bulk absent: nothing to measure"
    exit 0
fi
mkdir -p "$DATA"
venv="$DATA/pyenv"
[ -x "$venv/bin/python" ] || python3 -m venv --system-site-packages "$venv"
"$venv/bin/python" -c "import sgfmill" 2>/dev/null || "$venv/bin/python" -m pip install -q sgfmill
say "bench-python: pip install ./python (release) into $venv"
"$venv/bin/python" -m pip install -q --no-build-isolation --no-deps --force-reinstall ./python
if [ "${SGFCONV_NO_BUILD:-0}" != 1 ]; then
    say "bench-python: cargo build --release"
    cargo build --release --quiet
fi
exec "$venv/bin/python" scripts/bench_python.py \
    --corpus "$SHARED/corpus" --sgfconv "${CARGO_TARGET_DIR:-target}/release/sgfconv" \
    --work "$DATA/python" --reps "${BENCH_REPS:-3}" --spark "${BENCH_SPARK:-1}"
