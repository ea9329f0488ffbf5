#!/usr/bin/env bash
# `make sweep`: runs `sgfconv check --summary` (release build) over every
# record file in the shared corpus and prints the totals: files, games, nodes,
# properties, diagnostics by code, per corpus folder, the files with the most
# errors, and any file sgfconv could not read or crashed on.
#
#   scripts/sweep.sh [DIR...]       default: ../shared/corpus
#
# Skipped: *.md, and the bulk archives (*.tar.gz, *.7z; `make bench` unpacks
# them into bench-data/unpacked: pass that folder to sweep them too).
# Exit status: 0 unless sgfconv crashed (a panic or a signal) on some file.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${SGFCONV:-target/release/sgfconv}
[ -x "$BIN" ] || { echo "sweep: $BIN missing (make build)" >&2; exit 2; }
[ $# -gt 0 ] || set -- "${SHARED:-../shared}/corpus"
for d in "$@"; do
    [ -e "$d" ] || { echo "sweep: $d not found" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

find "$@" -type f ! -name '*.md' ! -name '*.tar.gz' ! -name '*.7z' -print0 | sort -z >"$work/files"
nfiles=$(tr -cd '\0' <"$work/files" | wc -c)
echo "sweep: $nfiles files under $*" >&2

# Batches of files per process; a batch that crashes is re-run file by file
# so the crashing files are named and the others still counted.
# shellcheck disable=SC2016
xargs -0 -n 500 sh -c '
    out=$1; shift; bin=$1; shift
    "$bin" check --summary -q "$@" >>"$out/summary" 2>>"$out/stderr"
    rc=$?
    if [ $rc -gt 2 ]; then
        for f in "$@"; do
            "$bin" check --summary -q "$f" >"$out/one" 2>>"$out/stderr"
            r=$?
            if [ $r -gt 2 ]; then
                echo "$f" >>"$out/crashed"
            else
                cat "$out/one" >>"$out/summary"
            fi
        done
    fi
    exit 0
' sh "$work" "$BIN" <"$work/files"

# Per-file lines: "NAME: G games, N nodes, P properties, W warnings, E errors"
# (then "; encoding ..." when the file has games); totals come from the
# per-file lines, codes from the "  CODE name: n" lines.
awk -v nfiles="$nfiles" '
    { line = $0; sub(/; encoding .*$/, "", line) }
    line ~ / games, .* nodes, .* properties, .* warnings, .* errors$/ && line !~ /^total: / {
        n = split(line, parts, ": ")
        name = parts[1]; for (i = 2; i < n; i++) name = name ": " parts[i]
        split(parts[n], f, ", ")
        g = f[1] + 0; nd = f[2] + 0; p = f[3] + 0; w = f[4] + 0; e = f[5] + 0
        files++; games += g; nodes += nd; props += p; warns += w; errs += e
        grp = name; sub(/^.*corpus\//, "", grp)
        k = split(grp, seg, "/"); grp = (k > 2) ? seg[1] "/" seg[2] : seg[1]
        gf[grp]++; gg[grp] += g; gn[grp] += nd; gw[grp] += w; ge[grp] += e
        if (e > 0) errfile[name] = e
        next
    }
    /^  [A-Z][0-9]+ [a-z0-9-]+: [0-9]+$/ {
        c = $0; sub(/^  /, "", c); v = c; sub(/.*: /, "", v); sub(/: [0-9]+$/, "", c)
        codes[c] += v
    }
    END {
        printf "files found: %d, checked: %d\n", nfiles, files
        printf "games: %d, nodes: %d, properties: %d, warnings: %d, errors: %d\n\n", games, nodes, props, warns, errs
        printf "%-32s %7s %8s %10s %9s %7s\n", "folder", "files", "games", "nodes", "warnings", "errors"
        for (k in gf) printf "%-32s %7d %8d %10d %9d %7d\n", k, gf[k], gg[k], gn[k], gw[k], ge[k] | "sort"
        close("sort")
        printf "\ndiagnostics by code:\n"
        for (c in codes) printf "  %-44s %8d\n", c, codes[c] | "sort"
        close("sort")
        m = 0
        for (x in errfile) m++
        if (m > 0) {
            printf "\nfiles with errors (%d; most first, top 20):\n", m
            cmd = "sort -t\"\t\" -k1,1nr | head -20"
            for (x in errfile) printf "%d\t%s\n", errfile[x], x | cmd
            close(cmd)
        }
    }
' "$work/summary" | sed 's/\t/  /'

# Files sgfconv refused (bad format, unreadable): its own "sgfconv: ..." lines.
if grep -q '^sgfconv: ' "$work/stderr" 2>/dev/null; then
    echo
    echo "not read ($(grep -c '^sgfconv: ' "$work/stderr")):"
    grep '^sgfconv: ' "$work/stderr" | sort | uniq -c | sort -rn | head -40
fi
if [ -s "$work/crashed" ]; then
    echo
    echo "CRASHED on $(wc -l <"$work/crashed") file(s):"
    sed 's/^/  /' "$work/crashed"
    grep -E "panicked|overflow" "$work/stderr" | sort | uniq -c | head -20
    exit 1
fi
