#!/usr/bin/env bash
# Benchmark `sgfconv migrate` end to end on the bulk corpus.
#
#   scripts/bench-migrate.sh            # all sets, 3 runs each
#   RUNS=5 SETS="yenw" scripts/bench-migrate.sh
#   DST_DIR=/dev/shm scripts/bench-migrate.sh   # outputs on tmpfs
#   SETTLE=1 scripts/bench-migrate.sh   # first wait until files deleted by
#                                       # an earlier run no longer slow ext4
#
# Sets (skipped with a message when ../shared is absent):
#   yenw  ../shared/corpus/bulk/yenw-AI, a plain directory (7 259 files)
#   kgs   ../shared/corpus/bulk/kgs-u-go/*.tar.gz unpacked (36 692 files)
#   fox   ../shared/corpus/bulk/featurecat-fox-pro/Pro.7z unpacked (needs 7z)
#
# Archives are unpacked once into $BENCH_DIR (default /tmp/sgfconv-bench).
# Each run writes into a fresh destination on the same file system; they are
# all deleted at the end: ext4 without a journal (as on the development
# machine) does not reuse an inode freed less than 60 s ago (360 s while its
# inode table block is not yet written back), and skipping each of them
# costs a buffer lookup for every file created in that block group, so
# creating files just after deleting thousands is several times slower (the
# kernel's `recently_deleted`/`find_inode_bit`, seen in `perf`). The time of
# the last clean-up is kept in $BENCH_DIR/.last-cleanup; a run that starts
# less than 6 minutes after it says so, and waits with SETTLE=1. Prints, per
# set, the median of RUNS runs: files/s and MB/s (input bytes) of a full
# conversion, then of a resumed run where every output is up to date, with
# the CPU time (user, sys) of the median run and per file: on a shared
# machine wall time also measures the neighbours.
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
cleanup() {
    if [ "${#OUTPUTS[@]}" -gt 0 ]; then
        for d in "${OUTPUTS[@]}"; do rm -rf "$d" "$d.full.json" "$d.resume.json"; done
        date +%s >"$BENCH_DIR/.last-cleanup"
    fi
}
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

# Files deleted less than this long ago still slow down file creation (see
# above).
SETTLE_SECONDS=360
if [ -f "$BENCH_DIR/.last-cleanup" ]; then
    ago=$(( $(date +%s) - $(cat "$BENCH_DIR/.last-cleanup") ))
    if [ "$ago" -lt "$SETTLE_SECONDS" ]; then
        wait_s=$(( SETTLE_SECONDS - ago ))
        if [ -n "${SETTLE:-}" ]; then
            echo "outputs of an earlier run were deleted ${ago} s ago: waiting ${wait_s} s"
            sleep "$wait_s"
        else
            echo "WARNING: outputs of an earlier run were deleted ${ago} s ago: file creation" \
                "is slower for ${wait_s} s more (ext4 skips recently freed inodes); SETTLE=1 waits"
        fi
    fi
fi

# One timed run: prints "seconds user sys records bytes_in failed converted skipped".
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
print(f"{wall:.3f} {user:.3f} {sys_:.3f} {r['records']} {r['bytes_in']} {r['failed']} {r['converted']} {r['skipped']}")
EOF
}

summarise() {
    # stdin: lines of one_run output; prints the median line's figures.
    python3 -c '
import sys
rows = sorted((l.split() for l in sys.stdin if l.strip()), key=lambda r: float(r[0]))
wall, user, sys_, n, b, failed, conv, skip = rows[len(rows) // 2]
wall, user, sys_, n, b = float(wall), float(user), float(sys_), int(n), int(b)
cpu = user + sys_
mb = b / 1e6
per = cpu / max(n, 1) * 1e6
print(f"{n:>7} files {mb:7.1f} MB  {wall:6.2f} s  {n / wall:8.0f} files/s  {mb / wall:6.1f} MB/s"
      f"  (cpu {cpu:.2f} s = {user:.2f} user + {sys_:.2f} sys, {per:.0f} us/file;"
      f" converted {conv}, up to date {skip}, failed {failed}; median of {len(rows)})")
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
