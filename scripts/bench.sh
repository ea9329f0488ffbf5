#!/usr/bin/env bash
# `make bench`: prepares ./bench-data once (unpacks ../shared/corpus/bulk,
# builds the benchmark inputs), builds sgfconv and the peer drivers, then runs
# the throughput harness (benches/throughput.rs), which prints a Markdown
# table and writes it to bench-data/results.md. See docs/benchmarks.md.
#
# Environment: BENCH_DATA (default ./bench-data), SHARED (default ../shared),
# BENCH_MB (200), BENCH_PEER_MB (20), BENCH_DEPTH (100000), BENCH_REPS (5),
# BENCH_PEER_REPS (3), BENCH_TIMEOUT (300 s per run), BENCH_ONLY (`readers`
# or `writers`: the reader or writer rows and SGF→SGF on the slice only;
# `startup`: the start-up line only), BENCH_STARTUP_RUNS (40),
# BENCH_SGFCONV (another sgfconv binary to measure, e.g. main's).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SHARED=${SHARED:-$ROOT/../shared}
BULK=$SHARED/corpus/bulk
DATA=${BENCH_DATA:-$ROOT/bench-data}
export BENCH_MB=${BENCH_MB:-200} BENCH_PEER_MB=${BENCH_PEER_MB:-20} BENCH_DEPTH=${BENCH_DEPTH:-100000}

say() { printf '==> %s\n' "$*" >&2; }

# apt-get install, as root or through sudo; false when impossible.
apt_install() {
    local sudo=
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null 2>&1 || return 1
        sudo="sudo -n"
    fi
    command -v apt-get >/dev/null 2>&1 || return 1
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1 ||
        { $sudo apt-get update -qq >/dev/null 2>&1 &&
            $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1; }
}

if [ ! -x /usr/bin/time ]; then
    say "installing GNU time (peak RSS)"
    apt_install time || say "no /usr/bin/time: RSS will show n/a"
fi

mkdir -p "$DATA"

# 1. Unpack the bulk archives once.
UNPACKED=$DATA/unpacked
if [ ! -e "$UNPACKED/.done" ]; then
    [ -d "$BULK" ] || { echo "bench: $BULK not found (the shared corpus is needed)" >&2; exit 2; }
    rm -rf "$UNPACKED"
    mkdir -p "$UNPACKED/kgs"
    say "unpacking $BULK/kgs-u-go/*.tar.gz"
    for t in "$BULK"/kgs-u-go/*.tar.gz; do
        tar xzf "$t" -C "$UNPACKED/kgs"
    done
    seven=$(command -v 7z || command -v 7za || command -v 7zr || true)
    if [ -z "$seven" ]; then
        say "installing p7zip-full for Pro.7z"
        apt_install p7zip-full && seven=$(command -v 7z || true)
    fi
    if [ -n "$seven" ]; then
        say "unpacking $BULK/featurecat-fox-pro/Pro.7z"
        mkdir -p "$UNPACKED/fox"
        "$seven" x -y -o"$UNPACKED/fox" "$BULK/featurecat-fox-pro/Pro.7z" >/dev/null
    else
        say "no 7z available: skipping featurecat-fox-pro/Pro.7z (the rest is enough)"
    fi
    touch "$UNPACKED/.done"
fi

# 2. Build sgfconv (the CLI rows) and the harness.
say "building sgfconv (release) and the harness"
cargo build --release --quiet
cargo bench --quiet --bench throughput --no-run

# 3. The inputs, rebuilt when their parameters change.
STAMP="mb=$BENCH_MB peer=$BENCH_PEER_MB depth=$BENCH_DEPTH readers=1"
if [ ! -e "$DATA/big.sgf" ] || [ "$(cat "$DATA/.prep" 2>/dev/null)" != "$STAMP" ]; then
    say "preparing inputs ($STAMP)"
    cargo bench --quiet --bench throughput -- prep "$DATA" "$UNPACKED" "$BULK/yenw-AI"
    echo "$STAMP" >"$DATA/.prep"
fi

# 4. The peers, from their own directories (crates.io dependencies, --locked).
for d in sgf-parser-driver sgf-parse-driver floor; do
    if [ -d "$SHARED/peers/$d" ]; then
        say "building peer $d"
        (cd "$SHARED/peers/$d" && CARGO_TARGET_DIR="$DATA/peers-target" cargo build --release --locked --quiet) ||
            say "peer $d did not build: its rows are skipped"
    else
        say "peer $d not found: its rows are skipped"
    fi
done

# 5. Measure.
say "measuring (interleaved rounds; progress on stderr)"
cargo bench --quiet --bench throughput -- run "$DATA"

# 6. Figures per second (diagrams): the games of one folder of yenw-AI
# (BENCH_FIGURES_SET, default DeepZenGo: 585 games) drawn as book figures of
# 50 moves (`--every 50`), each figure its own file under -d, as SVG and as
# PNG (600 pixels wide). One row per format, appended to results.md.
bench_figures() {
    local src="$BULK/yenw-AI/${BENCH_FIGURES_SET:-DeepZenGo}" fmt out t0 t1 games figures rate row
    [ -d "$src" ] || { say "no $src: no figures row"; return 0; }
    games=$(find "$src" -type f -iname '*.sgf' | wc -l)
    for fmt in svg png; do
        say "figures per second: $fmt"
        out=$(mktemp -d "$DATA/figures.XXXXXX")
        t0=$(date +%s.%N)
        "$ROOT/target/release/sgfconv" -q -r "$src" -d "$out" -t "$fmt" --every 50 || true
        t1=$(date +%s.%N)
        figures=$(find "$out" -type f -name "*.$fmt" | wc -l)
        rate=$(awk -v f="$figures" -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", f / (b - a) }')
        row="| figures per second, $fmt ($(basename "$src"): $games games, $figures figures of 50 moves, -d) | $rate |"
        echo "$row"
        echo "$row" >>"$DATA/results.md"
        rm -rf "$out"
    done
}
# BENCH_ONLY: those rows only, no figures.
[ -n "${BENCH_ONLY:-}" ] || bench_figures
