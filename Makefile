# sgfconv: build, test, bench, fuzz, corpus sweep, install.
# `make help` lists the targets. The shared corpus is expected in ../shared
# (override with SHARED=...); the tests that need it are #[ignore]d and
# `make test` runs them when it is there; sweeps skip what is not there.

CARGO  ?= cargo
SHARED ?= ../shared
# Cargo's target directory: $CARGO_TARGET_DIR when set (the binary, the
# completions and the man pages go there), else target.
TARGET ?= $(or $(CARGO_TARGET_DIR),target)
BIN    := $(TARGET)/release/sgfconv
SHELLS := bash zsh fish elvish powershell
PREFIX ?= /usr/local
export SHARED

.PHONY: all help build test python-test bench memory fuzz sweep outputs install uninstall completions man clean distclean

all: build

help:
	@echo "make build        release binary ($(BIN))"
	@echo "make test         fmt and clippy checks, every test (the corpus tests when $(SHARED)/corpus exists), doctests, the Python package's tests"
	@echo "make python-test  the Python package built into $(TARGET)/pyenv (pip install ./python, dev profile) and its pytest tests, Spark's too"
	@echo "make bench        throughput and memory against a plain read and the peers, then migrate files/s, from archives and unpacked, then Python against sgfmill and Spark against the command (docs/benchmarks.md)"
	@echo "make memory       peak RSS of every reader and writer on generated inputs: per node, per value byte, endless lines (docs/benchmarks.md)"
	@echo "make fuzz         short fuzzing run of every reader; FUZZ_TIME=seconds (default 60)"
	@echo "make sweep        sgfconv check over every file in $(SHARED)/corpus, with totals"
	@echo "make outputs      a digest of every output of every file in $(SHARED)/corpus and corpus/, for every target (diff two runs to prove a change kept outputs byte-identical)"
	@echo "make install      the program (linked as make build links it), its man pages and shell completions under PREFIX (default /usr/local; DESTDIR for packagers)"
	@echo "make uninstall    removes what make install put there"
	@echo "make completions  shell completions into $(TARGET)/completions"
	@echo "make man          man pages (sgfconv.1, sgfconv-check.1...) into $(TARGET)/man"
	@echo "make clean        cargo clean (also fuzz/target); distclean also drops bench-data and fuzz corpora"

build:
	$(CARGO) build --release

# Formatting and lints first (they fail fast), then every test. The tests
# that read $(SHARED)/corpus are #[ignore]d, so that `cargo test` names them
# in its summary where the corpus is absent; a second pass runs them (and
# only them) when it is there.
test:
	$(CARGO) fmt --check
	$(CARGO) fmt --check --manifest-path fuzz/Cargo.toml
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) check --lib --no-default-features
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps --lib
	$(CARGO) package --quiet --allow-dirty
	$(CARGO) test --all-targets
	@if [ -d "$(SHARED)/corpus" ]; then \
	    echo "make test: $(SHARED)/corpus found: the corpus tests"; \
	    echo "$(CARGO) test --tests -- --ignored"; \
	    $(CARGO) test --tests -- --ignored; \
	else \
	    echo "make test: $(SHARED)/corpus absent: the corpus tests stay ignored"; \
	fi
	$(CARGO) test --doc
	TARGET=$(TARGET) scripts/python-test.sh

# The Python package alone: built into $(TARGET)/pyenv, its pytest tests
# (docs/python.md).
python-test:
	TARGET=$(TARGET) scripts/python-test.sh

bench:
	scripts/bench.sh
	SGFCONV_NO_BUILD=1 scripts/bench-migrate.sh
	SGFCONV_NO_BUILD=1 scripts/bench-archives.sh
	SGFCONV_NO_BUILD=1 scripts/bench-python.sh

memory:
	scripts/memory.sh

fuzz:
	scripts/fuzz.sh

sweep: build
	scripts/sweep.sh

outputs: build
	scripts/outputs.sh

# The program, its man pages and its completions under PREFIX (DESTDIR
# for packagers): scripts/install.sh says where each goes. `make build`
# reads .cargo/config.toml, so the program is linked as it links it.
install: build
	scripts/install.sh "$(BIN)" "$(PREFIX)" "$(DESTDIR)"

uninstall:
	scripts/install.sh uninstall "$(BIN)" "$(PREFIX)" "$(DESTDIR)"

completions: build
	mkdir -p $(TARGET)/completions
	for sh in $(SHELLS); do $(BIN) completions $$sh $(TARGET)/completions || exit 1; done

man: build
	$(BIN) man $(TARGET)/man
	@echo "$(TARGET)/man/sgfconv.1 and a page per subcommand (view: man -l $(TARGET)/man/sgfconv.1)"

clean:
	$(CARGO) clean
	rm -rf fuzz/target

distclean: clean
	rm -rf bench-data fuzz/corpus fuzz/artifacts
