#!/bin/sh
# `make deb-test`: proves that the .deb installs and runs as a user's `apt-get install` would.
#  1. mmdebstrap makes a Debian 12 minbase root under .build/deb-test (no compiler, no Swift),
#     with man-db so that the man page can be read; apt-get installs ./thumbgen_<version>_<arch>.deb
#     there (chroot), pulling what its Depends name from Debian's mirror.
#  2. thumbgen --version, man thumbgen, and the bash completion bash-completion would load work
#     in the root.
#  3. thumbgen build on a copy of the example site in the root writes every file byte for byte as
#     the host's binary does.
# Needs root (chroot) and Debian's mirrors; installs mmdebstrap when missing.
set -eu
cd "$(dirname "$0")/.."
test_name=deb-test
work=.build/deb-test
. scripts/debian-root.sh
debian_root_prepare
started=$(date +%s)

version=$(dpkg-parsechangelog -l packaging/debian/changelog -SVersion)
package="dist/thumbgen_${version}_$(dpkg --print-architecture).deb"
[ -f "$package" ] || fail "no $package: run 'make deb' first"
root="$work/root"
cp "$package" "$work/thumbgen.deb"

# 1. The root, and the package installed into it by apt-get, as a user would.
debian_root_make "$root" --include=man-db \
    --customize-hook="cp '$(pwd)/$work/thumbgen.deb' \"\$1/tmp/\"" \
    --customize-hook="chroot \"\$1\" sh -eux -c 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /tmp/thumbgen.deb' > '$(pwd)/$work/install.log' 2>&1 || { cat '$(pwd)/$work/install.log'; exit 1; }"
echo "thumbgen: deb-test: apt-get install ./$(basename "$package") in a Debian 12 minbase root: $(grep -c '^Setting up' "$work/install.log") packages set up" >&2
debian_root_has_no_swift "$root"
depends=$(dpkg-deb -f "$package" Depends | tr ',' '\n' | sed 's/^ *//; s/ .*//')
installed=$(chroot "$root" dpkg-query -W -f '${Package}\n' | sort)
for name in $depends thumbgen; do
    echo "$installed" | grep -qx "$name" || fail "$name (the package's Depends) is not installed in the root"
done

# 2. The binary, its manual page and its bash completion, inside the root.
in_root() { env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LC_ALL=C.UTF-8 "$(command -v chroot)" "$root" sh -c "$1"; }
[ "$(in_root 'thumbgen --version' | head -n 1)" = "thumbgen $version" ] || fail "thumbgen --version in the root is not thumbgen $version"
in_root 'MANWIDTH=80 man thumbgen 2>&1' > "$work/man.txt" || fail "man thumbgen failed in the root: $(cat "$work/man.txt")"
grep -q '^NAME' "$work/man.txt" && grep -q 'thumbgen completions bash|zsh|fish' "$work/man.txt" || fail "man thumbgen shows no thumbgen(1): $(head -n 5 "$work/man.txt")"
in_root 'MANWIDTH=80 man -l /usr/share/man/man1/thumbgen.1.gz' > /dev/null || fail "man -l thumbgen.1.gz failed in the root"
in_root 'bash -c ". /usr/share/bash-completion/completions/thumbgen && complete -p thumbgen"' | grep -q '_thumbgen thumbgen' \
    || fail "the bash completion does not register in the root"

# 3. The example site built in the root, and by the host.
site=/srv/site
example_site_copy "$root$site"
mount -t proc proc "$root/proc"
trap 'umount "$root/proc"' EXIT
status=0
in_root "cd $site && exec thumbgen build manifest.yaml --jobs 2" 2> "$work/build.err" || status=$?
cat "$work/build.err" >&2
[ "$status" -eq 0 ] || fail "thumbgen build in the root exited with status $status"
example_site_compare "$root$site" "$work/build.err"
echo "thumbgen: deb-test: passed in $(( $(date +%s) - started )) s: $(wc -l < "$work/root.files") files built by the installed package in a Debian 12 root, byte for byte the host's; man thumbgen and the bash completion work there" >&2
