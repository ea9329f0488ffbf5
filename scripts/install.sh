#!/usr/bin/env bash
# `make install`: puts the program, its man pages and its shell completions
# where the system finds them, under PREFIX (default /usr/local; DESTDIR is
# prepended for packagers, as usual).
#
#   scripts/install.sh BIN PREFIX [DESTDIR]
#
# BIN/    PREFIX/bin/sgfconv
# man     PREFIX/share/man/man1/sgfconv.1, sgfconv-check.1, ...
# bash    PREFIX/share/bash-completion/completions/sgfconv
# zsh     PREFIX/share/zsh/site-functions/_sgfconv
# fish    PREFIX/share/fish/vendor_completions.d/sgfconv.fish
# `uninstall` as the first word removes the same files.
set -euo pipefail

uninstall=0
if [ "${1:-}" = uninstall ]; then uninstall=1; shift; fi
BIN=${1:?usage: install.sh [uninstall] BIN PREFIX [DESTDIR]}
PREFIX=${2:?usage: install.sh [uninstall] BIN PREFIX [DESTDIR]}
ROOT=${3:-}${PREFIX}

bin=$ROOT/bin/sgfconv
man=$ROOT/share/man/man1
bash_c=$ROOT/share/bash-completion/completions/sgfconv
zsh_c=$ROOT/share/zsh/site-functions/_sgfconv
fish_c=$ROOT/share/fish/vendor_completions.d/sgfconv.fish

if [ $uninstall = 1 ]; then
    rm -f "$bin" "$bash_c" "$zsh_c" "$fish_c" "$man"/sgfconv.1 "$man"/sgfconv-*.1
    echo "removed sgfconv from $ROOT"
    exit 0
fi

[ -x "$BIN" ] || { echo "install.sh: $BIN is not a program (make build first)" >&2; exit 2; }
install -d "$ROOT/bin" "$man" "$(dirname "$bash_c")" "$(dirname "$zsh_c")" "$(dirname "$fish_c")"
install -m 755 "$BIN" "$bin"
pages=$(mktemp -d)
trap 'rm -rf "$pages"' EXIT
"$BIN" man "$pages"
install -m 644 "$pages"/*.1 "$man"
"$BIN" completions bash - >"$bash_c"
"$BIN" completions zsh - >"$zsh_c"
"$BIN" completions fish - >"$fish_c"
chmod 644 "$bash_c" "$zsh_c" "$fish_c"

echo "installed $bin, $(ls "$pages" | wc -l) man pages in $man, completions for bash, zsh and fish"
case ":$PATH:" in
*":$PREFIX/bin:"*) ;;
*) echo "note: $PREFIX/bin is not on PATH: add it to run sgfconv by name" ;;
esac
