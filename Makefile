# thumbgen: `make thumbs` builds the example site's renditions, `make test` runs every test.
SWIFT ?= swift
RELEASE := .build/release/thumbgen

.PHONY: deps build thumbs test clean-build

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
