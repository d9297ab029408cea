#!/bin/sh
# Installs the Debian/Ubuntu packages thumbgen builds against, only when pkg-config cannot find
# them. Quiet when nothing is missing. `--test` adds what the tests need (chromium).
set -eu

with_tests=false
[ "${1:-}" = "--test" ] && with_tests=true

jpeg_package=libjpeg62-turbo-dev
if grep -qi '^ID=ubuntu' /etc/os-release 2>/dev/null; then jpeg_package=libjpeg-turbo8-dev; fi

missing=""
command -v pkg-config >/dev/null 2>&1 || missing="pkg-config"
for pair in "libjpeg:$jpeg_package" "libpng16:libpng-dev" "libexif:libexif-dev" "yaml-0.1:libyaml-dev" \
            "libcrypto:libssl-dev" "libdeflate:libdeflate-dev" "libwebpmux:libwebp-dev" "libavif:libavif-dev" \
            "libheif:libheif-dev" "lcms2:liblcms2-dev"; do
    module=${pair%%:*}
    package=${pair#*:}
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "$module"; then
        missing="$missing $package"
    fi
done
# giflib has no pkg-config file: look for its header.
[ -f /usr/include/gif_lib.h ] || missing="$missing libgif-dev"
if $with_tests && ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    missing="$missing chromium"
fi
[ -z "$missing" ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "thumbgen: installing$missing" >&2
$sudo apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
