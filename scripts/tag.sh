#!/bin/sh
# `make tag`: tags HEAD v<version>, the version the source gives (GeneratorVersion.number), after
# checking that packaging/debian/changelog and the Dockerfile name the same one and that the
# working tree is clean. SwiftPM resolves `from: "<version>"` against such tags; the GitHub
# Action's `version` input names the release whose .deb (make deb) is attached to the tag.
set -eu
cd "$(dirname "$0")/.."
fail() { echo "thumbgen: tag: $*" >&2; exit 1; }
command -v dpkg-parsechangelog >/dev/null 2>&1 || fail "needs dpkg-parsechangelog: apt-get install dpkg-dev"
version=$(sed -n 's/.*static let number = "\(.*\)"/\1/p' Sources/ThumbgenKit/Support/GeneratorVersion.swift)
[ -n "$version" ] || fail "no version in Sources/ThumbgenKit/Support/GeneratorVersion.swift"
[ "$(dpkg-parsechangelog -l packaging/debian/changelog -SVersion)" = "$version" ] || fail "packaging/debian/changelog's version is not $version: add an entry (dch -v $version)"
grep -qx "ARG VERSION=$version" Dockerfile || fail "the Dockerfile's ARG VERSION is not $version"
[ -z "$(git status --porcelain)" ] || fail "the working tree has changes: commit them first"
git tag -a "v$version" -m "thumbgen $version"
echo "thumbgen: tagged v$version; push it with: git push origin v$version" >&2
