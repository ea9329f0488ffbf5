#!/usr/bin/env bash
# The Python package (python/, docs/python.md): built into a virtual
# environment with the one command its page gives (`pip install ./python`),
# as a dev-profile build (quicker to build; the tests do not time it), then
# its pytest tests, the Spark recipe's among them.
#
# The environment sees the system's packages (pyarrow, pandas, Polars,
# pyspark, pytest, maturin: .ci/run installs them), so only sgfconv is
# built here. TARGET: cargo's target directory (default target).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${TARGET:-${CARGO_TARGET_DIR:-target}}
venv="$target/pyenv"
[ -x "$venv/bin/python" ] || python3 -m venv --system-site-packages "$venv"
echo "python-test: pip install ./python (dev profile) into $venv"
MATURIN_PEP517_ARGS="--profile dev" \
    "$venv/bin/python" -m pip install -q --no-build-isolation --no-deps ./python
echo "python-test: pytest python/tests"
"$venv/bin/python" -m pytest -q python/tests
