#!/usr/bin/env bash
# `make fuzz`: a short fuzzing run of every reader (fuzz/src/lib.rs), seeded
# from the shared corpus and corpus/. FUZZ_TIME (default 60) is the whole
# run's length in seconds, shared by the targets.
#
# Engines (FUZZ_ENGINE=auto|libfuzzer|smoke; auto picks libFuzzer when a
# nightly toolchain is installed, installing cargo-fuzz if needed):
#   libfuzzer  coverage-guided, `cargo +nightly fuzz run` (fuzz/fuzz_targets/);
#              crashes land in fuzz/artifacts/<target>/, the grown corpus in
#              fuzz/corpus/<target>/ (both gitignored).
#   smoke      stable Rust, randomized mutations, not coverage-guided
#              (fuzz/src/bin/smoke.rs); crashes land in fuzz/artifacts/smoke/.
# FUZZ_TARGETS (default "read_all convert_sgf structured_shape archive_walk")
# picks the targets. archive_walk is seeded with zip, tar, tar.gz, tar.bz2,
# tar.xz and .gz archives of corpus/ made here (Python's standard library),
# a zip with two members of one name and 20 layers of gzip.
# Inputs are cut to 64 KiB, except for convert_sgf: 1 MiB (FUZZ_BIG_LEN), so
# that inputs past the readers' 64 KiB windows and heads are tried too.
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZ_TIME=${FUZZ_TIME:-60}
FUZZ_ENGINE=${FUZZ_ENGINE:-auto}
FUZZ_TARGETS=${FUZZ_TARGETS:-read_all convert_sgf structured_shape archive_walk}
SHARED=${SHARED:-../shared}

seeds=()
for d in "$SHARED/corpus/sgf" "$SHARED/corpus/gib" "$SHARED/corpus/ngf" "$SHARED/corpus/ugf" corpus; do
    [ -d "$d" ] && seeds+=("$d")
done
[ ${#seeds[@]} -gt 0 ] || echo "fuzz: no seed corpus found ($SHARED/corpus, corpus/): starting from nothing" >&2

if [ "$FUZZ_ENGINE" = auto ]; then
    if rustup run nightly rustc --version >/dev/null 2>&1; then
        FUZZ_ENGINE=libfuzzer
    else
        echo "fuzz: no nightly toolchain: using the stable smoke runner (not coverage-guided)" >&2
        FUZZ_ENGINE=smoke
    fi
fi

# Archive seeds: the project's samples packed, in a temporary directory.
ARCHIVE_SEEDS=$(mktemp -d "${TMPDIR:-/tmp}/sgfconv-fuzz-archives.XXXXXX")
trap 'rm -rf "$ARCHIVE_SEEDS"' EXIT
python3 - "$ARCHIVE_SEEDS" <<'PY' || echo "fuzz: no python3: archive_walk starts from the other seeds" >&2
import gzip, io, os, sys, tarfile, zipfile
out = sys.argv[1]
files = [os.path.join(d, f) for d in ("corpus/sgf", "corpus/gib", "corpus/ugf") for f in sorted(os.listdir(d))][:6]
with zipfile.ZipFile(os.path.join(out, "a.zip"), "w", zipfile.ZIP_DEFLATED) as z:
    for f in files:
        z.write(f, "g/" + os.path.basename(f))
for mode, ext in (("w", "tar"), ("w:gz", "tar.gz"), ("w:bz2", "tar.bz2"), ("w:xz", "tar.xz")):
    with tarfile.open(os.path.join(out, "a." + ext), mode) as t:
        for f in files:
            t.add(f, "g/" + os.path.basename(f))
with open(files[0], "rb") as f, gzip.open(os.path.join(out, "one.sgf.gz"), "wb") as g:
    g.write(f.read())
# Archives that lie (the target also makes its own from every input):
# two members of one name, and 20 layers of gzip.
import warnings
warnings.simplefilter("ignore")
with zipfile.ZipFile(os.path.join(out, "dup.zip"), "w") as z:
    for f in files[:2]:
        z.write(f, "g.sgf")
with open(files[0], "rb") as f:
    deep = f.read()
for _ in range(20):
    deep = gzip.compress(deep)
with open(os.path.join(out, "deep.sgf.gz"), "wb") as g:
    g.write(deep)
PY
seeds+=("$ARCHIVE_SEEDS")

FUZZ_BIG_LEN=${FUZZ_BIG_LEN:-1048576}
read -r -a targets <<<"$FUZZ_TARGETS"
max_len() { if [ "$1" = convert_sgf ]; then echo "$FUZZ_BIG_LEN"; else echo 65536; fi; }
per=$(((FUZZ_TIME + ${#targets[@]} - 1) / ${#targets[@]}))

case $FUZZ_ENGINE in
libfuzzer)
    if ! cargo fuzz --version >/dev/null 2>&1; then
        echo "fuzz: installing cargo-fuzz" >&2
        cargo install cargo-fuzz --locked
    fi
    status=0
    for t in "${targets[@]}"; do
        mkdir -p "fuzz/corpus/$t"
        echo "==> libFuzzer: $t for $per s" >&2
        # -s none: the code under test has no unsafe; without ASan we get
        # about twice the executions. Debug assertions (overflow checks) stay on.
        cargo +nightly fuzz run -s none "$t" "fuzz/corpus/$t" "${seeds[@]}" -- \
            -max_total_time="$per" -max_len="$(max_len "$t")" -timeout=10 -rss_limit_mb=2048 \
            -print_final_stats=1 || status=$?
    done
    exit $status
    ;;
smoke)
    cargo build --quiet --release --manifest-path fuzz/Cargo.toml --no-default-features --bin smoke
    status=0
    for t in "${targets[@]}"; do
        echo "==> smoke: $t for $per s" >&2
        fuzz/target/release/smoke --time "$per" --max-len "$(max_len "$t")" --target "$t" "${seeds[@]}" || status=$?
    done
    exit $status
    ;;
*)
    echo "fuzz: FUZZ_ENGINE must be auto, libfuzzer or smoke" >&2
    exit 2
    ;;
esac
