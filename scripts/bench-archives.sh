#!/usr/bin/env bash
# Benchmark `sgfconv migrate` straight from archives against unpacking them
# first (`tar xzf` / `7z x`, then `sgfconv migrate` on the unpacked tree), in
# the same run, interleaved (docs/benchmarks.md, "Archives").
#
#   scripts/bench-archives.sh               # both sets, 3 runs each
#   RUNS=5 SETS=kgs scripts/bench-archives.sh
#   DST_DIR=/dev/shm scripts/bench-archives.sh   # outputs (and the unpacked
#                                                # copy) on tmpfs
#
# Sets (skipped with a message when ../shared is absent):
#   kgs  ../shared/corpus/bulk/kgs-u-go/*.tar.gz (11 archives, 36 692 games)
#   fox  ../shared/corpus/bulk/featurecat-fox-pro/Pro.7z (9 669 games; the
#        unpack-first row needs 7z: p7zip-full is installed when missing)
#
# Straight from the archives: `sgfconv migrate --flatten-archives DIR DST`
# (DIR holds the archives; flattened, the output tree is the one the
# unpacked tree gives). Unpack first: the archives unpacked into a fresh
# directory beside DST, then `sgfconv migrate` of it; the time is the sum.
# Prints per set and way the median of RUNS runs: wall time, games/s, MB/s
# (MB of records, decompressed), CPU time and peak RSS (the largest of the
# steps for the unpack-first way).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BULK="$ROOT/../shared/corpus/bulk"
BENCH_DIR="${BENCH_DIR:-/tmp/sgfconv-bench}"
DST_DIR="${DST_DIR:-$BENCH_DIR}"
RUNS="${RUNS:-3}"
SETS="${SETS:-kgs fox}"
SGFCONV="${SGFCONV:-$ROOT/target/release/sgfconv}"

if [ ! -d "$BULK" ]; then
    echo "SKIP: $BULK not present"
    exit 0
fi
if [ -z "${SGFCONV_NO_BUILD:-}" ]; then
    (cd "$ROOT" && cargo build --release --quiet)
fi
seven=$(command -v 7z || command -v 7za || true)
if [ -z "$seven" ] && command -v apt-get >/dev/null; then
    sudo=; [ "$(id -u)" != 0 ] && sudo="sudo -n"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq p7zip-full >/dev/null 2>&1 || true
    seven=$(command -v 7z || true)
fi
mkdir -p "$BENCH_DIR" "$DST_DIR"
WORK=$(mktemp -d "$DST_DIR/sgfconv-arch.XXXXXX")
trap 'rm -rf "$WORK"; date +%s >"$BENCH_DIR/.last-cleanup"' EXIT

# /usr/bin/time of one command: "wall user sys maxrss_kb".
timed() {
    /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" "$@" >/dev/null 2>&1 || true
    cat "$WORK/time" | tail -1
}

# The records' bytes and games of a migration report: "bytes games failed".
totals() {
    python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["totals"]; print(t["bytes_in"], t["games"], t["failed"])' "$1"
}

unpack() { # set dir
    case "$1" in
        kgs) for f in "$BULK"/kgs-u-go/*.tar.gz; do tar xzf "$f" -C "$2"; done ;;
        fox) "$seven" x -y -o"$2" "$BULK/featurecat-fox-pro/Pro.7z" >/dev/null ;;
    esac
}

archives_of() {
    case "$1" in
        kgs) echo "$BULK/kgs-u-go" ;;
        fox) echo "$BULK/featurecat-fox-pro" ;;
    esac
}

# One run of each way, printing two lines: "way wall user sys rss bytes games failed".
one_round() {
    local set=$1 n=$2 t bytes
    local out="$WORK/$set-$n"
    t=$(timed "$SGFCONV" migrate -q --flatten-archives --report "$out.a.json" "$(archives_of "$set")" "$out.a")
    echo "archive $t $(totals "$out.a.json")"
    mkdir -p "$out.unpacked"
    local u m
    u=$(timed bash -c "$(declare -f unpack); BULK='$BULK' seven='$seven' unpack $set '$out.unpacked'")
    m=$(timed "$SGFCONV" migrate -q --report "$out.u.json" "$out.unpacked" "$out.u")
    python3 - "$u" "$m" "$(totals "$out.u.json")" <<'EOF'
import sys
u = [float(x) for x in sys.argv[1].split()]
m = [float(x) for x in sys.argv[2].split()]
print("unpack", f"{u[0] + m[0]:.2f} {u[1] + m[1]:.2f} {u[2] + m[2]:.2f} {max(u[3], m[3]):.0f}", sys.argv[3],
      f"(unpack {u[0]:.2f} s, migrate {m[0]:.2f} s)")
EOF
    rm -rf "$out.a" "$out.u" "$out.unpacked"
}

summarise() { # stdin: lines of one way
    python3 -c '
import sys
rows = sorted((l.split() for l in sys.stdin if l.strip()), key=lambda r: float(r[1]))
r = rows[len(rows) // 2]
wall, user, sys_, rss = float(r[1]), float(r[2]), float(r[3]), int(float(r[4]))
b, games, failed = int(r[5]), int(r[6]), int(r[7])
extra = " ".join(r[8:])
print(f"{games:>6} games {b / 1e6:6.1f} MB {wall:6.2f} s {games / wall:8.0f} games/s {b / 1e6 / wall:6.1f} MB/s"
      f"  cpu {user + sys_:.2f} s ({user:.2f} user + {sys_:.2f} sys)  peak RSS {rss / 1024:.0f} MB"
      f"  failed {failed}  {extra}  median of {len(rows)}")
'
}

echo "sgfconv archives benchmark: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), runs=$RUNS, outputs in $DST_DIR"
for set in $SETS; do
    if [ "$set" = fox ] && [ -z "$seven" ]; then
        echo "fox: SKIP (no 7z to unpack with)"
        continue
    fi
    lines=""
    for n in $(seq "$RUNS"); do
        lines+="$(one_round "$set" "$n")"$'\n'
    done
    printf '%-4s straight from the archives  ' "$set"; printf '%s' "$lines" | grep '^archive' | summarise
    printf '%-4s unpack, then migrate        ' "$set"; printf '%s' "$lines" | grep '^unpack' | summarise
done
