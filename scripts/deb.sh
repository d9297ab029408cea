#!/bin/sh
# `make deb`: dist/thumbgen_<version>_<debian arch>.deb, made from the release tarball `make dist`
# writes (the same stripped binary, Swift runtime linked in), holding:
#   /usr/bin/thumbgen
#   /usr/share/man/man1/thumbgen.1.gz                     `thumbgen help --man`
#   /usr/share/bash-completion/completions/thumbgen       `thumbgen completions bash`
#   /usr/share/zsh/vendor-completions/_thumbgen           `thumbgen completions zsh`
#   /usr/share/fish/vendor_completions.d/thumbgen.fish    `thumbgen completions fish`
#   /usr/share/doc/thumbgen/{README.md.gz,manifest.schema.json,copyright,changelog.gz}
# Depends comes from the binary (dpkg-shlibdeps), the control file from packaging/debian through
# dpkg-gencontrol. Every time is packaging/debian/changelog's (SOURCE_DATE_EPOCH): the same
# tarball gives the same .deb, byte for byte. Then lintian checks it (overrides explain each
# tag left). Needs dpkg-dev and lintian (installed when missing).
set -eu
cd "$(dirname "$0")/.."

fail() { echo "thumbgen: deb: $*" >&2; exit 1; }
for pair in dpkg-shlibdeps:dpkg-dev lintian:lintian; do
    command -v "${pair%%:*}" >/dev/null 2>&1 && continue
    echo "thumbgen: installing ${pair#*:}" >&2
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${pair#*:}" >/dev/null
done

version=$(dpkg-parsechangelog -l packaging/debian/changelog -SVersion)
tarball=dist/thumbgen-"$version"-linux-"$(uname -m)".tar.gz
[ -f "$tarball" ] || fail "no $tarball: run 'make dist' first (or the changelog's version, $version, is not the binary's)"
SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -l packaging/debian/changelog -STimestamp)
export SOURCE_DATE_EPOCH

work=.build/deb
rm -rf "$work"
mkdir -p "$work/unpacked" "$work/debian"
tar -xzf "$tarball" -C "$work/unpacked"
release=$(ls -d "$work/unpacked"/thumbgen-*)
[ "$("$release/thumbgen" --version | head -n 1)" = "thumbgen $version" ] || fail "the tarball's binary is not version $version (packaging/debian/changelog)"

# The package's tree, as dpkg-gencontrol and dpkg-shlibdeps expect it (debian/tmp).
root="$work/debian/tmp"
install -d "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/bash-completion/completions" \
    "$root/usr/share/zsh/vendor-completions" "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/doc/thumbgen"
install -m 755 "$release/thumbgen" "$root/usr/bin/thumbgen"
# Through a file first: sh has no pipefail, and a failing `help --man` must not package an empty page.
"$release/thumbgen" help --man > "$root/thumbgen.1"
[ -s "$root/thumbgen.1" ] || fail "thumbgen help --man printed nothing"
gzip -9n < "$root/thumbgen.1" > "$root/usr/share/man/man1/thumbgen.1.gz"
rm "$root/thumbgen.1"
"$release/thumbgen" completions bash > "$root/usr/share/bash-completion/completions/thumbgen"
"$release/thumbgen" completions zsh > "$root/usr/share/zsh/vendor-completions/_thumbgen"
"$release/thumbgen" completions fish > "$root/usr/share/fish/vendor_completions.d/thumbgen.fish"
gzip -9n < "$release/README.md" > "$root/usr/share/doc/thumbgen/README.md.gz"
install -m 644 "$release/manifest.schema.json" packaging/debian/copyright "$root/usr/share/doc/thumbgen/"
gzip -9n < packaging/debian/changelog > "$root/usr/share/doc/thumbgen/changelog.gz"
# A tag lintian gives that is right for this package goes in packaging/debian/lintian-overrides,
# each with a comment saying why; there is none today.
if [ -s packaging/debian/lintian-overrides ]; then
    install -d "$root/usr/share/lintian/overrides"
    install -m 644 packaging/debian/lintian-overrides "$root/usr/share/lintian/overrides/thumbgen"
fi

cp packaging/debian/control packaging/debian/changelog "$work/debian/"
mkdir -p "$root/DEBIAN"
(cd "$work" && dpkg-shlibdeps -Tdebian/substvars debian/tmp/usr/bin/thumbgen && dpkg-gencontrol -pthumbgen -Pdebian/tmp)
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
chmod -R u=rwX,go=rX "$root"

arch=$(dpkg --print-architecture)
package="dist/thumbgen_${version}_$arch.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$package" >/dev/null
echo "thumbgen: $package ($(du -k "$package" | cut -f1) KiB); Depends: $(dpkg-deb -f "$package" Depends)" >&2
# lintian as root says it runs as root (not a tag); --fail-on makes any tag at all a failure.
lintian --pedantic --info --display-experimental --fail-on error,warning,info,pedantic "$package" 2>&1 \
    | grep -v '^running with root privileges' >&2 || true
lintian --pedantic --display-experimental --fail-on error,warning,info,pedantic "$package" >/dev/null 2>&1 \
    || fail "lintian found tags (above) that packaging/debian/lintian-overrides does not explain"
echo "thumbgen: deb: lintian --pedantic --display-experimental: no tag" >&2
