#!/bin/sh
# `make dist-test`: proves that the release tarball runs where no Swift toolchain exists.
#  1. ldd lists no Swift library for the binary.
#  2. mmdebstrap makes a Debian 12 root (minbase: no compiler, no Swift) under .build/dist-test;
#     the Dockerfile's own steps are replayed in it: its ADD (the tarball unpacked where the
#     Dockerfile says) and its RUN line, word for word (apt-get installs DEPENDENCIES).
#  3. Inside that root (chroot), the image's ENTRYPOINT and CMD build a copy of the example
#     site; its renditions and index must be byte for byte those the host's binary writes.
# Needs root (chroot) and Debian's mirrors; installs mmdebstrap when missing; everything it makes stays under .build/dist-test.
set -eu
cd "$(dirname "$0")/.."
test_name=dist-test
work=.build/dist-test
. scripts/debian-root.sh
debian_root_prepare
started=$(date +%s)

version=$("$host_thumbgen" --version | head -n 1 | sed 's/^thumbgen //')
arch=$(uname -m)
name="thumbgen-$version-linux-$arch"
tarball="dist/$name.tar.gz"
[ -f "$tarball" ] || fail "no $tarball: run 'make dist' first"

mkdir -p "$work/unpacked"
tar -xzf "$tarball" -C "$work/unpacked"
binary="$work/unpacked/$name/thumbgen"

# 1. No Swift library linked dynamically.
swift_libraries=$(ldd "$binary" | grep -iE 'swift|Foundation|dispatch|BlocksRuntime' || true)
[ -z "$swift_libraries" ] || fail "the binary links Swift libraries: $swift_libraries"
echo "thumbgen: dist-test: ldd lists no Swift library ($(ldd "$binary" | wc -l) libraries, all from Debian)" >&2

# 2. The Dockerfile's steps. Continuation lines joined; ARG defaults must name this tarball.
dockerfile=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' Dockerfile | grep -v '^[[:space:]]*#')
arg() { echo "$dockerfile" | sed -n "s/^ARG $1=//p"; }
[ "$(arg VERSION)" = "$version" ] || fail "the Dockerfile's ARG VERSION is $(arg VERSION), the binary is $version"
[ "$(arg ARCH)" = "$arch" ] || fail "the Dockerfile's ARG ARCH is $(arg ARCH), this machine is $arch"
expand() { echo "$1" | sed -e "s/\${VERSION}/$version/g" -e "s/\${ARCH}/$arch/g"; }
add=$(expand "$(echo "$dockerfile" | sed -n 's/^ADD //p')")
[ "${add% *}" = "$tarball" ] || fail "the Dockerfile adds '${add% *}', make dist writes '$tarball'"
destination=${add#* }
run=$(expand "$(echo "$dockerfile" | sed -n 's/^RUN //p')")
[ -n "$run" ] || fail "no RUN line in the Dockerfile"
echo "$run" > "$work/run.sh"
entrypoint=$(echo "$dockerfile" | sed -n 's/^ENTRYPOINT \["\(.*\)"\]$/\1/p')
command=$(echo "$dockerfile" | sed -n 's/^CMD \[\(.*\)\]$/\1/p' | sed 's/", *"/ /g; s/"//g')
workdir=$(echo "$dockerfile" | sed -n 's/^WORKDIR //p')
[ -n "$entrypoint" ] && [ -n "$command" ] && [ -n "$workdir" ] || fail "the Dockerfile lacks ENTRYPOINT, CMD or WORKDIR"

root="$work/root"
# The FROM image, debian:12-slim, is Debian 12's minbase with documentation filtered out.
debian_root_make "$root" \
    --customize-hook="tar -xzf '$(pwd)/$tarball' -C \"\$1$destination\"" \
    --customize-hook="chroot \"\$1\" sh -eux < '$(pwd)/$work/run.sh' > '$(pwd)/$work/run.log' 2>&1 || { cat '$(pwd)/$work/run.log'; exit 1; }"

echo "thumbgen: dist-test: the Dockerfile's RUN line, replayed in a Debian 12 minbase root: $(grep -c '^Setting up' "$work/run.log") packages installed" >&2
installed=$(chroot "$root" dpkg-query -W -f '${Package}\n' | sort)
for package in $(grep -v '^#' "$work/unpacked/$name/DEPENDENCIES"); do
    echo "$installed" | grep -qx "$package" || fail "$package (DEPENDENCIES) is not installed in the root"
done
debian_root_has_no_swift "$root"

# 3. The example site's originals and manifest, built by the image's command in the root.
example_site_copy "$root$workdir"

mount -t proc proc "$root/proc"
trap 'umount "$root/proc"' EXIT
status=0
env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root "$(command -v chroot)" "$root" sh -c "cd $workdir && exec $entrypoint $command --jobs 2" \
    2> "$work/chroot.err" || status=$?
cat "$work/chroot.err" >&2
[ "$status" -eq 0 ] || fail "thumbgen build in the root exited with status $status"

# The same build by the host's binary: same files, same bytes, same index.
example_site_compare "$root$workdir" "$work/chroot.err"
echo "thumbgen: dist-test: passed in $(( $(date +%s) - started )) s: $(wc -l < "$work/root.files") files ($renditions renditions) built in a Debian 12 root with $(grep -vc '^#' "$work/unpacked/$name/DEPENDENCIES") runtime packages and no Swift" >&2
