#!/bin/sh
# `make dist`: dist/thumbgen-<version>-linux-<arch>.tar.gz, a release that runs on Debian 12 (or
# any system with the same libraries) without a Swift toolchain:
#   thumbgen-<version>-linux-<arch>/thumbgen              the binary, Swift runtime linked in
#   thumbgen-<version>-linux-<arch>/DEPENDENCIES          Debian 12 runtime packages, one per line (# notes)
#   thumbgen-<version>-linux-<arch>/README.md
#   thumbgen-<version>-linux-<arch>/manifest.schema.json  for editors (`thumbgen schema` prints it too)
# The list of packages is derived from the binary itself: each library it links by name
# (ELF NEEDED), found by the loader (ldd), and its package (dpkg -S). Refuses a binary that
# still links a Swift library dynamically.
set -eu
cd "$(dirname "$0")/.."

scratch=.build/dist
# No $ORIGIN run path: the binary loads only Debian's libraries, from where the loader looks.
swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path "$scratch" --product thumbgen
binary="$scratch/release/thumbgen"

swift_libraries=$(ldd "$binary" | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libXCTest' || true)
if [ -n "$swift_libraries" ]; then
    echo "thumbgen: dist: the binary still links Swift libraries dynamically:" >&2
    echo "$swift_libraries" >&2
    exit 1
fi

version=$("$binary" --version | head -n 1 | sed 's/^thumbgen //')
arch=$(uname -m)
name="thumbgen-$version-linux-$arch"
stage="$scratch/stage/$name"
rm -rf "$scratch/stage"
mkdir -p "$stage" dist

# Debian's package of a library path, as dpkg recorded it (/lib or /usr/lib: merged /usr).
package_of() {
    for candidate in "$1" "$(readlink -f "$1")" "/usr$1" "${1#/usr}"; do
        found=$(dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1) || true
        if [ -n "$found" ]; then echo "$found"; return 0; fi
    done
    echo "thumbgen: dist: no Debian package owns $1" >&2
    return 1
}
needed=$(objdump -p "$binary" | awk '$1 == "NEEDED" { print $2 }')
: > "$stage/DEPENDENCIES.unsorted"
for soname in $needed; do
    # `name => /path (address)`, or for the loader itself `/lib64/name (address)`.
    path=$(ldd "$binary" | awk -v name="$soname" '$1 == name && $3 ~ /^\// { print $3 } $1 ~ ("/" name "$") { print $1 }')
    if [ -z "$path" ]; then echo "thumbgen: dist: the loader cannot find $soname" >&2; exit 1; fi
    package_of "$path" >> "$stage/DEPENDENCIES.unsorted"
done
# Lines starting with # are notes: the Dockerfile's RUN line and dist-test read the others.
{
    echo "# The Debian 12 (bookworm) packages this binary needs, read from its ELF NEEDED entries."
    echo "# It links Debian 12's sonames (libavif.so.15): elsewhere, build from source. There the"
    echo "# names differ: Debian 13 has libavif16, libpng16-16t64 and libssl3t64 for libavif15,"
    echo "# libpng16-16 and libssl3; Ubuntu has libjpeg-turbo8 for libjpeg62-turbo (README: Install)."
    sort -u "$stage/DEPENDENCIES.unsorted"
} > "$stage/DEPENDENCIES"
rm "$stage/DEPENDENCIES.unsorted"

# Symbols and debug information are half the file; nothing at run time reads them.
strip -o "$stage/thumbgen" "$binary"
cp README.md "$stage/README.md"
"$stage/thumbgen" schema > "$stage/manifest.schema.json"

# Byte-for-byte the same tarball from the same binary: sorted names, no owners, fixed times.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -C "$scratch/stage" -cf - "$name" \
    | gzip -9n > "dist/$name.tar.gz"
echo "thumbgen: dist/$name.tar.gz ($(du -k "dist/$name.tar.gz" | cut -f1) KiB; $(grep -vc '^#' "$stage/DEPENDENCIES") Debian packages: $(grep -v '^#' "$stage/DEPENDENCIES" | paste -sd' '))" >&2
