#!/usr/bin/env bash
# Benchmark `sgfconv migrate` end to end on the bulk corpus.
#
#   scripts/bench-migrate.sh            # all sets, 3 runs each
#   RUNS=5 SETS="yenw" scripts/bench-migrate.sh
#   DST_DIR=/dev/shm scripts/bench-migrate.sh   # outputs on tmpfs
#
# Sets (skipped with a message when ../shared is absent):
#   yenw  ../shared/corpus/bulk/yenw-AI, a plain directory (7 259 files)
#   kgs   ../shared/corpus/bulk/kgs-u-go/*.tar.gz unpacked (36 692 files)
#   fox   ../shared/corpus/bulk/featurecat-fox-pro/Pro.7z unpacked (needs 7z)
#
# Archives are unpacked once into $BENCH_DIR (default /tmp/sgfconv-bench).
# Each run writes into a fresh destination on the same file system; they are
# all deleted at the end (deleting thousands of files just before a run
# makes ext4 mounted with `discard` several times slower at creating files
# for a while, which would measure the deletion). Prints, per set,
# the median of RUNS runs: files/s and MB/s (input bytes) of a full
# conversion, then of a resumed run where every output is up to date, with
# the CPU time (user+sys) of the median run: on a shared machine wall time
# also measures the neighbours.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BULK="$ROOT/../shared/corpus/bulk"
BENCH_DIR="${BENCH_DIR:-/tmp/sgfconv-bench}"
# Where outputs go: the same disk by default; DST_DIR=/dev/shm measures the
# migration without the disk (tmpfs).
DST_DIR="${DST_DIR:-$BENCH_DIR}"
RUNS="${RUNS:-3}"
SETS="${SETS:-yenw kgs fox}"
JOBS="${JOBS:-}"
SGFCONV="${SGFCONV:-$ROOT/target/release/sgfconv}"

if [ ! -d "$BULK" ]; then
    echo "SKIP: $BULK not present"
    exit 0
fi
if [ -z "${SGFCONV_NO_BUILD:-}" ]; then
    (cd "$ROOT" && cargo build --release --quiet)
fi
mkdir -p "$BENCH_DIR"
OUTPUTS=()
cleanup() { for d in "${OUTPUTS[@]}"; do rm -rf "$d" "$d.full.json" "$d.resume.json"; done; }
trap cleanup EXIT

source_of() {
    case "$1" in
        yenw) echo "$BULK/yenw-AI" ;;
        kgs)
            if [ ! -f "$BENCH_DIR/kgs/.done" ]; then
                rm -rf "$BENCH_DIR/kgs" && mkdir -p "$BENCH_DIR/kgs"
                for f in "$BULK"/kgs-u-go/*.tar.gz; do tar xzf "$f" -C "$BENCH_DIR/kgs"; done
                touch "$BENCH_DIR/kgs/.done"
            fi
            echo "$BENCH_DIR/kgs"
            ;;
        fox)
            if ! command -v 7z >/dev/null; then return 1; fi
            if [ ! -f "$BENCH_DIR/fox/.done" ]; then
                rm -rf "$BENCH_DIR/fox" && mkdir -p "$BENCH_DIR/fox"
                7z x -y -o"$BENCH_DIR/fox" "$BULK/featurecat-fox-pro/Pro.7z" >/dev/null
                touch "$BENCH_DIR/fox/.done"
            fi
            echo "$BENCH_DIR/fox"
            ;;
    esac
}

# One timed run: prints "seconds cpu_seconds records bytes_in".
one_run() {
    local src="$1" dst="$2" report="$3"
    local t0 t1 cpu
    local jobs=()
    [ -n "$JOBS" ] && jobs=(-j "$JOBS")
    t0=$(date +%s.%N)
    cpu=$( { /usr/bin/time -f "%U %S" "$SGFCONV" migrate -q "${jobs[@]}" --exclude .done \
        --report "$report" "$src" "$dst" 2>&1 >/dev/null || true; } | tail -1)
    t1=$(date +%s.%N)
    python3 - "$report" "$t0" "$t1" "$cpu" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))["totals"]
user, sys_ = (float(x) for x in sys.argv[4].split())
wall = float(sys.argv[3]) - float(sys.argv[2])
print(f"{wall:.3f} {user + sys_:.3f} {r['records']} {r['bytes_in']} {r['failed']} {r['converted']} {r['skipped']}")
EOF
}

summarise() {
    # stdin: lines of one_run output; prints the median line's figures.
    python3 -c '
import sys
rows = sorted((l.split() for l in sys.stdin if l.strip()), key=lambda r: float(r[0]))
wall, cpu, n, b, failed, conv, skip = rows[len(rows) // 2]
wall, cpu, n, b = float(wall), float(cpu), int(n), int(b)
mb = b / 1e6
print(f"{n:>7} files {mb:7.1f} MB  {wall:6.2f} s  {n / wall:8.0f} files/s  {mb / wall:6.1f} MB/s"
      f"  (cpu {cpu:.2f} s; converted {conv}, up to date {skip}, failed {failed}; median of {len(rows)})")
'
}

echo "sgfconv migrate benchmark: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), runs=$RUNS, outputs in $DST_DIR"
for set in $SETS; do
    if ! src=$(source_of "$set"); then
        echo "$set: SKIP (cannot unpack)"
        continue
    fi
    full=""
    resume=""
    for _ in $(seq "$RUNS"); do
        dst=$(mktemp -d "$DST_DIR/sgfconv-out.XXXXXX")
        OUTPUTS+=("$dst")
        full+="$(one_run "$src" "$dst/o" "$dst.full.json")"$'\n'
        resume+="$(one_run "$src" "$dst/o" "$dst.resume.json")"$'\n'
    done
    printf '%-5s migrate  ' "$set"; printf '%s' "$full" | summarise
    printf '%-5s resume   ' "$set"; printf '%s' "$resume" | summarise
done
