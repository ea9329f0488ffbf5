#!/usr/bin/env bash
# `make outputs`: converts every record file under DIR... to every output
# format (and runs `check`), and prints one line per (file, target): exit
# status and SHA-256 of stdout and of stderr. Two runs of it (before and after
# a change) diffed prove that the change left every output byte-identical.
#
#   scripts/outputs.sh [DIR...] > digests.tsv    default: ../shared/corpus corpus
#   SGFCONV=path/to/binary                       default: target/release/sgfconv
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${SGFCONV:-target/release/sgfconv}
[ -x "$BIN" ] || { echo "outputs: $BIN missing (make build)" >&2; exit 2; }
[ $# -gt 0 ] || set -- "${SHARED:-../shared}/corpus" corpus
export BIN
find "$@" -type f ! -name '*.md' ! -name '*.tar.gz' ! -name '*.7z' ! -name '*.expected*' -print0 | sort -z |
xargs -0 -n 50 -P "$(nproc)" bash -c '
    for f in "$@"; do
        for t in "sgf" "json" "json --json-lines" "json --moves --json-lines" "xml" "csv" "csv --all-variations --coords gtp" "gib" "ugf" "ngf" "jago" "sgf --keep-dialect" "check" "check -v --diagnostics json"; do
            case $t in
                check*) cmd=("$BIN" $t "$f") ;;
                *) cmd=("$BIN" -j 1 -t $t "$f") ;;
            esac
            err=$(mktemp)
            out=$("${cmd[@]}" 2>"$err" </dev/null | sha256sum | cut -c1-16; echo "rc=${PIPESTATUS[0]}")
            printf "%s\t%s\t%s\t%s\n" "$f" "$t" "$(echo $out | tr "\n" " ")" "$(sha256sum <"$err" | cut -c1-16)"
            rm -f "$err"
        done
    done
' bash | sort
