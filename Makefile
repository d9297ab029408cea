# thumbgen. `make thumbs` builds the example site's renditions; `make test` runs every test;
# `make bench` runs the benchmark against the peers (bench/README.md; `make bench-quick` to iterate);
# `make saving` measures what a client decodes from the originals and from the renditions.
SWIFT ?= swift
PYTHON ?= python3
RELEASE := .build/release
# Tests build with -enable-testing; a scratch path of their own keeps the two builds from
# rebuilding each other.
TEST_BUILD := --scratch-path .build/testing
FUZZ_SECONDS ?= 60

.PHONY: deps test-deps build originals thumbs test sites serve screenshots fuzz bench bench-quick bench-unseen saving dist dist-test deb deb-test image-test tag clean-build

deps:
	@./scripts/install-deps.sh

test-deps:
	@./scripts/install-deps.sh --test

build: deps
	$(SWIFT) build -c release

# The example site's originals, made by the project itself (deterministic; unchanged files are not rewritten).
originals: build
	$(RELEASE)/ExampleOriginals example-site/images

# The served page is index.html.in with each image's markup written from the index (no JavaScript needed);
# the web client (Clients/web) is copied beside it, where the page loads it from.
thumbs: originals
	$(RELEASE)/thumbgen build manifest.yaml
	cp Clients/web/renditions.js Clients/web/markup.js Clients/web/thumbhash.js example-site/
	cp example-site/index.html.in example-site/index.html
	$(RELEASE)/thumbgen html example-site/index.html --manifest manifest.yaml

test: test-deps thumbs
	$(PYTHON) scripts/layers.py --self-test
	$(PYTHON) scripts/layers.py
	$(SWIFT) test -c release -Xswiftc -enable-testing $(TEST_BUILD) --disable-xctest

# The three generator sites of Tests/Sites (Hugo, MkDocs, Pelican) built by the real tools and
# opened in Chromium, as in `make test`, printing only the bytes a phone (390x844@3) downloads for
# each page's images before and after `thumbgen html`.
sites: test-deps
	$(SWIFT) build -c release -Xswiftc -enable-testing $(TEST_BUILD) --build-tests
	@$(SWIFT) test -c release -Xswiftc -enable-testing $(TEST_BUILD) --skip-build --disable-xctest \
		--filter 'HugoSiteTests|MkDocsSiteTests|PelicanSiteTests' > .build/sites.log 2>&1; status=$$?; \
		grep -E '^site |Test run with|✘' .build/sites.log; exit $$status

serve: thumbs
	@echo "serving example-site on http://127.0.0.1:8000/"
	$(PYTHON) -m http.server --bind 127.0.0.1 --directory example-site 8000

# The README's pictures: the example page at 2x and the report.
screenshots: thumbs test-deps
	./scripts/screenshots.sh

fuzz: deps
	./scripts/fuzz.sh $(FUZZ_SECONDS)

# The saving, measured: every (image, slot) of the example index decoded at screen scale 3, from
# the originals and from the files the index picks, each way in a process of its own.
saving: thumbs
	@$(RELEASE)/DecodeSaving --header
	@$(RELEASE)/DecodeSaving originals example-site/renditions.json
	@$(RELEASE)/DecodeSaving renditions example-site/renditions.json

# Installs the peers and the corpus when missing, then runs the standard workload interleaved,
# the WebP, AVIF and HEIC workloads and the side sections. BENCH_QUICK=1, BENCH_ROUNDS=N,
# BENCH_TOOLS=thumbgen,pillow,..., BENCH_SECTIONS=..., BENCH_CORPUS=DIR: see bench/README.md.
bench: build
	THUMBGEN=$(RELEASE)/thumbgen $(PYTHON) bench/run.py

bench-quick:
	BENCH_QUICK=1 $(MAKE) bench

# The same benchmark on an unseen corpus (Debian packages the default corpus does not include,
# unpacked, not installed): checks that what was tuned on the default corpus holds.
bench-unseen: build
	BENCH_CORPUS="$$($(PYTHON) bench/unseen.py)" THUMBGEN=$(RELEASE)/thumbgen $(PYTHON) bench/run.py

# The release tarball, dist/thumbgen-<version>-linux-<arch>.tar.gz: the binary with the Swift
# runtime linked in, the README, the schema and DEPENDENCIES (the Debian packages it needs).
dist: deps
	./scripts/dist.sh

# Proves the tarball runs without a Swift toolchain: the Dockerfile's steps replayed in a Debian 12
# root made by mmdebstrap (installed when missing), which then builds the example site. Needs root.
dist-test: dist originals
	./scripts/dist-test.sh

# The Debian package, dist/thumbgen_<version>_amd64.deb, made from the release tarball: the binary,
# thumbgen(1), the bash, zsh and fish completions, the schema and README; Depends from
# dpkg-shlibdeps; lintian --pedantic must give no tag.
deb: dist
	./scripts/deb.sh

# Installs the .deb with apt-get in a Debian 12 root made by mmdebstrap (no Swift) and builds the
# example site there, byte for byte as the host's binary does; man thumbgen works there. Needs root.
deb-test: deb originals
	./scripts/deb-test.sh

# Builds the Dockerfile's image with buildah on a debian:12-slim made by mmdebstrap (no registry)
# and runs it on the example site, byte for byte as the host's binary does. Needs root.
image-test: dist originals
	./scripts/image-test.sh

# A release: `make tag` tags the commit v<version> (the binary's, which packaging/debian/changelog
# must name), so that SwiftPM's `from:` and the Action's `version` find it; push it with
# `git push origin v<version>`.
tag:
	./scripts/tag.sh

clean-build:
	rm -rf .build Fuzz/.build
