#!/usr/bin/env bash
# `make memory`: peak memory of every reader and writer on generated inputs
# (docs/benchmarks.md, "Memory"). Builds the release binary (unless
# SGFCONV_NO_BUILD=1 or SGFCONV is given), makes the inputs in a temporary
# directory (removed at the end), runs each case once under
# `/usr/bin/time -f %M` and prints a Markdown table: the case, the input
# size, the peak RSS, and what that costs per node or per byte of the value
# (peak RSS minus the peak on a tiny record, divided by the nodes or by the
# value's size).
#
# Environment: SGFCONV (the binary; default target/release/sgfconv),
# MEMORY_NODES (nodes of the one big game, 100000), MEMORY_VALUE_MB (the big
# comment, 200), MEMORY_ONLY=values (only the rows of one huge value),
# MEMORY_ONLY=migrate (only the `migrate` rows), MEMORY_ONLY=csv (only the
# row of commas),
# MEMORY_ZERO_MB (the input with no line end, 300: past the
# default --max-value-size),
# MEMORY_GIB_GAMES (concatenated GIB games, 15000), MEMORY_RECORDS
# (concatenated NGF and UGF records of 200 moves, 15000), MEMORY_MIGRATE_FILES
# (tiny SGF files, 100 per directory, for `migrate`: 20000; the per-file
# cost is the peak minus the baseline over the files), MEMORY_LIMIT_KB (a case
# is stopped past this peak, 4000000: an unbounded reader must not take the
# machine down), MEMORY_TIMEOUT (seconds per case, 300), TMPDIR.
set -euo pipefail
cd "$(dirname "$0")/.."
NODES=${MEMORY_NODES:-100000}
VALUE_MB=${MEMORY_VALUE_MB:-200}
ZERO_MB=${MEMORY_ZERO_MB:-300}
GIB_GAMES=${MEMORY_GIB_GAMES:-15000}
RECORDS=${MEMORY_RECORDS:-15000}
MIGRATE_FILES=${MEMORY_MIGRATE_FILES:-20000}
LIMIT_KB=${MEMORY_LIMIT_KB:-4000000}

if [ -z "${SGFCONV:-}" ]; then
    SGFCONV=${CARGO_TARGET_DIR:-target}/release/sgfconv
    [ "${SGFCONV_NO_BUILD:-}" = 1 ] || cargo build --release --quiet
fi
[ -x /usr/bin/time ] || { echo "memory: /usr/bin/time (GNU time) is needed" >&2; exit 2; }

DIR=$(mktemp -d "${TMPDIR:-/tmp}/sgfconv-memory.XXXXXX")
trap 'rm -rf "$DIR"' EXIT
say() { printf '==> %s\n' "$*" >&2; }
# Whether the cases of one group run: all of them without MEMORY_ONLY,
# else only MEMORY_ONLY's group (`all_cases`: the rest, only without it).
all_cases() { [ -z "${MEMORY_ONLY:-}" ]; }
only() { [ -z "${MEMORY_ONLY:-}" ] || [ "$MEMORY_ONLY" = "$1" ]; }

# Peak RSS in KB of `sgfconv ARGS...` with stdin from $STDIN (default
# /dev/null) and stdout to /dev/null; "killed" past LIMIT_KB. Sets RSS
# and STATUS.
run() {
    local out=$DIR/time.out
    STATUS=0
    (ulimit -v $((LIMIT_KB * 2)) 2>/dev/null || true
        exec timeout "${MEMORY_TIMEOUT:-300}" /usr/bin/time -f '%M' -o "$out" "$SGFCONV" "$@" \
            <"${STDIN:-/dev/null}" >/dev/null 2>/dev/null) || STATUS=$?
    RSS=$(tail -n 1 "$out" 2>/dev/null | grep -E '^[0-9]+$' || echo 0)
}

mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1e6 }'; }
size_of() { wc -c <"$1" | tr -d ' '; }

# One row: case, input bytes, RSS (KB), then "node N" or "value N" or "-".
row() {
    local name=$1 bytes=$2 per=$3 n=${4:-0} cost=-
    local extra=$(( RSS * 1024 - BASE * 1024 ))
    [ "$extra" -lt 0 ] && extra=0
    case $per in
        file) cost=$(awk -v e="$extra" -v n="$n" 'BEGIN { printf "%.0f B/file", e / n }') ;;
        node) cost=$(awk -v e="$extra" -v n="$n" 'BEGIN { printf "%.0f B/node", e / n }') ;;
        value) cost=$(awk -v e="$extra" -v n="$n" 'BEGIN { printf "%.2f× value", e / n }') ;;
    esac
    local status=
    [ "$STATUS" = 0 ] || status=" (exit $STATUS)"
    printf '| %s | %s | %s%s | %s |\n' "$name" "$(mb "$bytes")" \
        "$(awk -v k="$RSS" 'BEGIN { printf "%.1f MB", k * 1024 / 1e6 }')" "$status" "$cost"
}

say "generating inputs in $DIR"
printf '(;FF[4]GM[1]SZ[19];B[pd];W[dp])\n' >"$DIR/tiny.sgf"
run -q "$DIR/tiny.sgf" /dev/null
BASE=$RSS

if all_cases; then
awk -v n="$NODES" 'BEGIN {
    printf "(;FF[4]GM[1]SZ[19]KM[6.5]PB[Black]PW[White]"
    for (i = 0; i < n; i++) {
        c = (i % 2) ? "W" : "B"; p = i % 361
        printf ";%s[%c%c]", c, 97 + p % 19, 97 + int(p / 19)
    }
    print ")"
}' >"$DIR/game.sgf"
for t in gib ugf ngf json xml jago csv; do
    "$SGFCONV" -q -t "$t" "$DIR/game.sgf" "$DIR/game.$t" 2>/dev/null || true
done
fi


if all_cases; then
GIB_ONE=$DIR/one.gib
cat corpus/gib/*.gib >"$GIB_ONE"
per=$(ls corpus/gib/*.gib | wc -l)
for _ in $(seq 1 $(( (GIB_GAMES + per - 1) / per ))); do cat "$GIB_ONE"; done >"$DIR/many.gib"
rm "$GIB_ONE"
fi

echo "| case | input | peak RSS | cost |"
echo "|---|---:|---:|---:|"
run -q "$DIR/tiny.sgf" /dev/null
row "baseline (a 3-node SGF)" "$(size_of "$DIR/tiny.sgf")" -

if all_cases; then
for f in sgf gib ugf ngf json xml jago csv; do
    [ -s "$DIR/game.$f" ] || { echo "| read $f, $NODES nodes | (not made) | | |"; continue; }
    n=$NODES
    # NGF numbers moves with two letters: it holds 675 at most.
    [ "$f" = ngf ] && [ "$n" -gt 675 ] && n=675
    run -q -f "$f" "$DIR/game.$f" /dev/null
    row "read $f, one game of $n nodes" "$(size_of "$DIR/game.$f")" node "$n"
done
for t in sgf gib ugf ngf json xml jago csv; do
    run -q -t "$t" "$DIR/game.sgf" /dev/null
    row "write $t, one game of $NODES nodes" "$(size_of "$DIR/game.sgf")" node "$NODES"
done
fi

if only values; then
{ printf '(;FF[4]GM[1]SZ[19]C['; head -c "${VALUE_MB}M" /dev/zero | tr '\0' 'a'; printf '];B[pd])\n'; } >"$DIR/value.sgf"
VALUE_BYTES=$((VALUE_MB * 1024 * 1024))
# A huge value on every path: SGF to each format (CSV takes the games
# list too, which has no comment: the move list holds the game), `check`,
# and each format that can carry a comment read back (written by sgfconv
# from the SGF; GIB and NGF keep no comment: a player name instead).
VB=$(size_of "$DIR/value.sgf")
for t in sgf json xml gib ugf ngf jago csv; do
    extra=()
    [ "$t" = csv ] && extra=(--games-csv "$DIR/games.csv")
    run -q -t "$t" "${extra[@]}" "$DIR/value.sgf" /dev/null
    row "SGF→$(echo "$t" | tr a-z A-Z), a ${VALUE_MB} MiB comment" "$VB" value "$VALUE_BYTES"
done
run check -q "$DIR/value.sgf"
row "check, a ${VALUE_MB} MiB comment" "$VB" value "$VALUE_BYTES"
for f in json xml ugf jago; do
    "$SGFCONV" -q -t "$f" "$DIR/value.sgf" "$DIR/value.$f" 2>/dev/null || true
    run -q -f "$f" "$DIR/value.$f" /dev/null
    row "read $f, a ${VALUE_MB} MiB comment" "$(size_of "$DIR/value.$f")" value "$VALUE_BYTES"
    rm -f "$DIR/value.$f"
done
rm "$DIR/value.sgf"
{ printf '(;FF[4]GM[1]SZ[19]PB['; head -c "${VALUE_MB}M" /dev/zero | tr '\0' 'a'; printf '];B[pd])\n'; } >"$DIR/name.sgf"
# GIB writes a name six times: past 1 MiB it refuses the game (E406,
# nothing written); the row is the writer's refusal.
run -q -t gib "$DIR/name.sgf" "$DIR/name.gib"
row "SGF→GIB, a ${VALUE_MB} MiB player name (refused: E406)" "$(size_of "$DIR/name.sgf")" value "$VALUE_BYTES"
rm -f "$DIR/name.gib"
# A player name is game information: the dialect rules read it (mojibake,
# kifu aliases, value checks), unlike a comment. Every other target writes it.
for t in sgf json xml ugf ngf jago csv; do
    extra=()
    [ "$t" = csv ] && extra=(--games-csv "$DIR/games.csv")
    run -q -t "$t" "${extra[@]}" "$DIR/name.sgf" /dev/null
    row "SGF→$(echo "$t" | tr a-z A-Z), a ${VALUE_MB} MiB player name" "$(size_of "$DIR/name.sgf")" value "$VALUE_BYTES"
done
rm -f "$DIR/games.csv"
run check -q "$DIR/name.sgf"
row "check, a ${VALUE_MB} MiB player name" "$(size_of "$DIR/name.sgf")" value "$VALUE_BYTES"
for f in ngf; do
    "$SGFCONV" -q -t "$f" "$DIR/name.sgf" "$DIR/name.$f" 2>/dev/null || true
    run -q -f "$f" "$DIR/name.$f" /dev/null
    row "read $f, a ${VALUE_MB} MiB player name" "$(size_of "$DIR/name.$f")" value "$VALUE_BYTES"
    rm -f "$DIR/name.$f"
done
rm "$DIR/name.sgf"
# A player name with line breaks (one in every 64 KiB): the values rule
# makes each a space (CR LF one space), a rewrite of the name read.
for brk in LF CRLF; do
    { printf '(;FF[4]GM[1]SZ[19]PB['
      head -c "${VALUE_MB}M" /dev/zero | tr '\0' 'a' | fold -w 65534 |
          if [ "$brk" = CRLF ]; then sed 's/$/\r/'; else cat; fi | head -c "${VALUE_MB}M" || true
      printf '];B[pd])\n'; } >"$DIR/breaks.sgf"
    for t in json ngf; do
        run -q -j 1 -t "$t" "$DIR/breaks.sgf" /dev/null
        row "SGF→$(echo "$t" | tr a-z A-Z) -j 1, a ${VALUE_MB} MiB player name with $brk line breaks" "$(size_of "$DIR/breaks.sgf")" value "$VALUE_BYTES"
    done
    rm "$DIR/breaks.sgf"
done
# UGF writes a game comment and an event in its header, as it writes a
# player's name; a field kept from a UGF input (XUGFH[key:…]) is compared
# with the root's values where it lies.
for p in "GC||game comment" "EV||event" "DT||date" "RU||rule" "RE||result" \
    "XUGFH|Place:|field kept from a UGF input (Place:…)" \
    "XUGFH|Title:|kept Title (Title:…)" "XUGFH|Rule:|kept Rule (Rule:…)" \
    "XUGFH|Winner:B,|kept win reason (Winner:B,…)" "XUGFH|Hdcp:0,|kept komi (Hdcp:0,…)"; do
    id=${p%%|*}; rest=${p#*|}; pre=${rest%%|*}; what=${rest#*|}
    { printf '(;FF[4]GM[1]SZ[19]%s[%s' "$id" "$pre"; head -c "${VALUE_MB}M" /dev/zero | tr '\0' 'a'; printf '];B[pd])\n'; } >"$DIR/info.sgf"
    run -q -t ugf "$DIR/info.sgf" /dev/null
    row "SGF→UGF, a ${VALUE_MB} MiB $what ($id)" "$(size_of "$DIR/info.sgf")" value "$VALUE_BYTES"
    rm "$DIR/info.sgf"
done
fi

# A row of commas past the bound: no text, but a field end each for the
# csv crate (the bound is 64 MiB here, so that the unbounded reading of
# the code before stays under a gigabyte).
if only csv; then
{ printf 'game,color,move\n'; head -c "${ZERO_MB}M" /dev/zero | tr '\0' ','; } >"$DIR/commas.csv"
run -q -f csv --max-value-size 64M "$DIR/commas.csv" /dev/null
row "read csv, a row of ${ZERO_MB} MiB of commas (--max-value-size 64M)" "$(size_of "$DIR/commas.csv")" value $((64 * 1024 * 1024))
rm "$DIR/commas.csv"
fi

if only migrate; then
# migrate over many tiny files: what it keeps per file.
mkdir -p "$DIR/mig/src"
awk -v n="$MIGRATE_FILES" -v dir="$DIR/mig/src" 'BEGIN {
    for (i = 0; i < n; i++) {
        d = dir "/d" int(i / 100)
        if (i % 100 == 0) system("mkdir -p " d)
        f = d "/g" i ".sgf"
        printf "(;FF[4]GM[1]SZ[19]PB[b%d];B[pd];W[dp])\n", i > f
        close(f)
    }
}'
run migrate -q "$DIR/mig/src" "$DIR/mig/dst"
row "migrate, $MIGRATE_FILES tiny files" "$(du -sb "$DIR/mig/src" | cut -f1)" file "$MIGRATE_FILES"
rm -rf "$DIR/mig/dst"
run migrate -q --report "$DIR/mig/report.json" "$DIR/mig/src" "$DIR/mig/dst"
row "migrate --report, $MIGRATE_FILES tiny files" "$(du -sb "$DIR/mig/src" | cut -f1)" file "$MIGRATE_FILES"
# The same again: every output up to date, each entry carried from the
# earlier report (read as the run ends, written over).
run migrate -q --report "$DIR/mig/report.json" "$DIR/mig/src" "$DIR/mig/dst"
row "migrate --report, $MIGRATE_FILES tiny files, resumed (all up to date)" "$(du -sb "$DIR/mig/src" | cut -f1)" file "$MIGRATE_FILES"
# Named mode: names from game info, planned in walk order a window of
# records at a time.
rm -rf "$DIR/mig/dst"
run migrate -q --name '{PB} {SZ}' "$DIR/mig/src" "$DIR/mig/dst"
row "migrate --name, $MIGRATE_FILES tiny files" "$(du -sb "$DIR/mig/src" | cut -f1)" file "$MIGRATE_FILES"
rm -rf "$DIR/mig/dst"
run migrate -q --split-collections "$DIR/mig/src" "$DIR/mig/dst"
row "migrate --split-collections, $MIGRATE_FILES tiny files" "$(du -sb "$DIR/mig/src" | cut -f1)" file "$MIGRATE_FILES"
rm -rf "$DIR/mig"
fi

all_cases || exit 0
run -q -f gib "$DIR/many.gib" /dev/null
row "read gib, $GIB_GAMES concatenated games" "$(size_of "$DIR/many.gib")" -
rm "$DIR/many.gib"

# NGF and UGF records of 200 moves, concatenated (one game each).
awk 'BEGIN {
    printf "(;FF[4]GM[1]SZ[19]KM[6.5]PB[Black]PW[White]"
    for (i = 0; i < 200; i++) {
        c = (i % 2) ? "W" : "B"; p = i % 361
        printf ";%s[%c%c]", c, 97 + p % 19, 97 + int(p / 19)
    }
    print ")"
}' >"$DIR/small.sgf"
for f in ngf ugf; do
    "$SGFCONV" -q -t "$f" "$DIR/small.sgf" "$DIR/small.$f" 2>/dev/null || true
    [ -s "$DIR/small.$f" ] || { echo "| read $f, $RECORDS concatenated records | (not made) | | |"; continue; }
    for _ in $(seq 1 "$RECORDS"); do cat "$DIR/small.$f"; done >"$DIR/many.$f"
    run -q -f "$f" "$DIR/many.$f" /dev/null
    row "read $f, $RECORDS concatenated records" "$(size_of "$DIR/many.$f")" -
    rm "$DIR/many.$f"
done

head -c "${ZERO_MB}M" /dev/zero >"$DIR/zero"
for f in sgf gib ugf ngf json xml jago csv; do
    STDIN=$DIR/zero run -q -f "$f" - /dev/null
    row "read $f, ${ZERO_MB} MiB with no line end (stdin)" $((ZERO_MB * 1024 * 1024)) -
done
rm "$DIR/zero"


# Two million warnings (moves off a 9×9 board), counted by --summary.
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[9]"; for (i = 0; i < 2000000; i++) printf ";B[zz]"; print ")" }' >"$DIR/warn.sgf"
run check -q --summary "$DIR/warn.sgf"
row "check --summary, 2 000 000 warnings" "$(size_of "$DIR/warn.sgf")" -
rm "$DIR/warn.sgf"

# -j 100000 on a collection of 200 000 small games.
awk 'BEGIN { for (i = 0; i < 200000; i++) print "(;FF[4]GM[1]SZ[19];B[pd];W[dp])" }' >"$DIR/coll.sgf"
SECONDS=0
MEMORY_TIMEOUT=${MEMORY_JOBS_TIMEOUT:-60} run -q -j 100000 "$DIR/coll.sgf" /dev/null
row "-j 100000, 200 000 games (${SECONDS} s)" "$(size_of "$DIR/coll.sgf")" -
