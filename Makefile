# OpenBench-style build: `make EXE=path` builds the engine to $(EXE).
EXE ?= rockad
CARGO ?= cargo

all:
	$(CARGO) build --release -p rockad --bin rockad
	cp target/release/rockad$(if $(filter Windows_NT,$(OS)),.exe,) $(EXE)

.PHONY: all
