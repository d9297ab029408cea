# thumbgen: `make thumbs` builds the example site's renditions, `make test` runs every test,
# `make bench` runs the benchmark against the peers (bench/README.md; `make bench-quick` for iteration).
SWIFT ?= swift
PYTHON ?= python3
RELEASE := .build/release/thumbgen

.PHONY: deps build thumbs test clean-build bench bench-quick

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release --product thumbgen

thumbs: build
	$(RELEASE) build manifest.yaml

test: deps
	$(SWIFT) test -c release -Xswiftc -enable-testing --disable-xctest

clean-build:
	rm -rf .build

# Installs the peers and the corpus when missing, then runs the standard workload interleaved.
# BENCH_QUICK=1, BENCH_ROUNDS=N, BENCH_TOOLS=thumbgen,pillow,... : see bench/run.py.
bench: build
	THUMBGEN=$(RELEASE) $(PYTHON) bench/run.py

bench-quick:
	BENCH_QUICK=1 $(MAKE) bench
