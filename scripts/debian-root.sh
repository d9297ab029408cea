# Sourced by dist-test.sh and deb-test.sh: a Debian 12 minbase root made by mmdebstrap (no
# compiler, no Swift) under a work folder, the example site copied into it, and the comparison
# of the root's build with the host's. Needs root (chroot) and Debian's mirrors.
# HOST_THUMBGEN names the host's binary (default .build/release/thumbgen, what `make build` makes).

host_thumbgen=${HOST_THUMBGEN:-.build/release/thumbgen}

fail() { echo "thumbgen: $test_name: $*" >&2; exit 1; }

# A fresh, empty $work (with $work/tmp), mmdebstrap installed, nothing left mounted in it.
debian_root_prepare() {
    [ "$(id -u)" -eq 0 ] || fail "needs root (mmdebstrap and chroot)"
    if ! command -v mmdebstrap >/dev/null 2>&1; then
        echo "thumbgen: installing mmdebstrap" >&2
        apt-get update -qq >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mmdebstrap >/dev/null
    fi
    # A root left by an interrupted run may still have /proc mounted in it.
    for mounted in $(awk -v base="$(pwd)/$work/" 'index($2, base) == 1 { print $2 }' /proc/mounts | sort -r); do
        umount -l "$mounted"
    done
    rm -rf "$work"
    mkdir -p "$work/tmp"
}

# debian_root_make ROOT [mmdebstrap option...]: Debian 12 minbase at ROOT; the options add
# hooks (--customize-hook=…) or packages (--include=…).
debian_root_make() {
    target=$1
    shift
    TMPDIR="$(pwd)/$work/tmp" mmdebstrap --quiet --variant=minbase "$@" bookworm "$target" http://deb.debian.org/debian
}

# Fails if the root holds a Swift library or a compiler.
debian_root_has_no_swift() {
    found=$(find "$1" -xdev \( -name 'libswift*' -o -name 'swift' -o -name 'swiftc' -o -name 'libFoundation*.so*' \) -print)
    [ -z "$found" ] || fail "the root holds Swift files: $found"
    for tool in swift swiftc cc gcc clang; do
        if chroot "$1" sh -c "command -v $tool" >/dev/null; then fail "the root holds $tool"; fi
    done
}

# example_site_copy DIR: the example site's manifest and originals (no renditions) in DIR, and
# the same in $work/host for the host's build.
example_site_copy() {
    mkdir -p "$1/example-site/images"
    cp manifest.yaml "$1/manifest.yaml"
    cp example-site/images/* "$1/example-site/images/"
    rm -f "$1"/example-site/images/*.Thumbnail\(*
    mkdir -p "$work/host"
    cp -R "$1/." "$work/host/"
}

# example_site_compare DIR LOG: the host's binary builds $work/host; every file must be byte
# for byte the one the root built in DIR, and LOG (the root's standard error) count 12 images.
example_site_compare() {
    "$host_thumbgen" build "$work/host/manifest.yaml" --jobs 2 --quiet
    listing "$1" > "$work/root.files"
    listing "$work/host" > "$work/host.files"
    diff "$work/host.files" "$work/root.files" >&2 || fail "the root's build differs from the host's"
    renditions=$(grep -c 'Thumbnail(' "$work/root.files")
    [ "$renditions" -gt 100 ] || fail "only $renditions renditions in the root"
    grep -q "^thumbgen: 12 images" "$2" || fail "the summary does not count 12 images"
}

listing() { (cd "$1" && find . -type f ! -path './.thumbgen/*' | sort | xargs -d '\n' sha256sum); }
