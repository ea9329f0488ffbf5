# sgfconv: build, test, bench, fuzz, corpus sweep, install.
# `make help` lists the targets. The shared corpus is expected in ../shared
# (override with SHARED=...); tests and sweeps skip what is not there.

CARGO  ?= cargo
SHARED ?= ../shared
BIN    := target/release/sgfconv
SHELLS := bash zsh fish elvish powershell
export SHARED

.PHONY: all help build test bench fuzz sweep install completions man clean distclean

all: build

help:
	@echo "make build        release binary ($(BIN))"
	@echo "make test         the whole test suite (all targets, then doctests)"
	@echo "make bench        throughput and memory against a plain read and the peers, then migrate files/s (docs/benchmarks.md)"
	@echo "make fuzz         short fuzzing run of every reader; FUZZ_TIME=seconds (default 60)"
	@echo "make sweep        sgfconv check over every file in $(SHARED)/corpus, with totals"
	@echo "make install      cargo install --path ."
	@echo "make completions  shell completions into target/completions"
	@echo "make man          man page into target/man"
	@echo "make clean        cargo clean (also fuzz/target); distclean also drops bench-data and fuzz corpora"

build:
	$(CARGO) build --release

test:
	$(CARGO) test --all-targets
	$(CARGO) test --doc

bench:
	scripts/bench.sh
	SGFCONV_NO_BUILD=1 scripts/bench-migrate.sh

fuzz:
	scripts/fuzz.sh

sweep: build
	scripts/sweep.sh

install:
	$(CARGO) install --locked --path .

completions: build
	mkdir -p target/completions
	for sh in $(SHELLS); do $(BIN) completions $$sh target/completions || exit 1; done

man: build
	$(BIN) man target/man
	@echo "target/man/sgfconv.1 (view: man -l target/man/sgfconv.1)"

clean:
	$(CARGO) clean
	rm -rf fuzz/target

distclean: clean
	rm -rf bench-data fuzz/corpus fuzz/artifacts
