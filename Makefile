# OpenBench-style build: `make EXE=path` builds the engine to $(EXE).
# `make spsa EXE=path` (or FEATURES=spsa) builds the tuning build, whose
# search constants are UCI options (docs/tuning.md).
EXE ?= rockad
CARGO ?= cargo
FEATURES ?=

all:
	$(CARGO) build --release -p rockad --bin rockad $(if $(FEATURES),--features "$(FEATURES)",)
	cp target/release/rockad$(if $(filter Windows_NT,$(OS)),.exe,) $(EXE)

spsa:
	$(MAKE) all FEATURES=spsa

.PHONY: all spsa
