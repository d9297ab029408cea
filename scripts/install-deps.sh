#!/bin/sh
# Installs the Debian/Ubuntu packages thumbgen builds against, only when pkg-config cannot find
# them. Quiet when nothing is missing. `--test` adds what the tests need (chromium, nodejs, hugo,
# strace, Debian's html5lib and Pillow, libjpeg-turbo's djpeg, groff, bash-completion, zsh and
# fish, lcms2's jpgicc with Ghostscript's CMYK profile, libheif's heif-enc and heif-convert,
# libavif's avifenc, Debian's nginx and PyPI's WsgiDAV as cache servers, PyPI's reference
# ThumbHash encoder, PyPI's jsonschema with PyYAML to check the manifest's schema, and PyPI's
# MkDocs and Pelican in a venv of their own for the generator sites).
set -eu

with_tests=false
[ "${1:-}" = "--test" ] && with_tests=true

jpeg_package=libjpeg62-turbo-dev
if grep -qi '^ID=ubuntu' /etc/os-release 2>/dev/null; then jpeg_package=libjpeg-turbo8-dev; fi

missing=""
command -v pkg-config >/dev/null 2>&1 || missing="pkg-config"
for pair in "libjpeg:$jpeg_package" "libpng16:libpng-dev" "libexif:libexif-dev" "yaml-0.1:libyaml-dev" \
            "openssl:libssl-dev" "libdeflate:libdeflate-dev" "libwebpmux:libwebp-dev" "libavif:libavif-dev" \
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
if $with_tests; then
    command -v node >/dev/null 2>&1 || missing="$missing nodejs"
    command -v hugo >/dev/null 2>&1 || missing="$missing hugo"
    command -v strace >/dev/null 2>&1 || missing="$missing strace"
    # The shared cache's tests run their own nginx (WebDAV PUT) on 127.0.0.1, never the package's.
    [ -x /usr/sbin/nginx ] || missing="$missing nginx"
    # lcms2's own jpgicc and a real CMYK press profile (Ghostscript's default_cmyk.icc): the CMYK
    # JPEG fixtures and the reference conversions they are checked against (CMYKFixtures).
    command -v jpgicc >/dev/null 2>&1 || missing="$missing liblcms2-utils"
    [ -f /usr/share/color/icc/ghostscript/default_cmyk.icc ] || missing="$missing libgs-common"
    # Debian's html5lib, the WHATWG tokenizer the page tokenizer is checked against.
    /usr/bin/python3 -c 'import html5lib' >/dev/null 2>&1 || missing="$missing python3-html5lib"
    # The outside references for damaged originals: Debian's Pillow (WebP orientation, PNG data
    # after the zlib stream, GIFs cut short) and libjpeg-turbo's djpeg (stray bytes in JPEGs).
    /usr/bin/python3 -c 'import PIL.Image' >/dev/null 2>&1 || missing="$missing python3-pil"
    command -v djpeg >/dev/null 2>&1 || missing="$missing libjpeg-turbo-progs"
    # libheif's own heif-enc and heif-convert: HEIC fixtures whose coding libheif's API does not
    # expose (limited-range alpha), and the reference decode of a primary image.
    command -v heif-enc >/dev/null 2>&1 && command -v heif-convert >/dev/null 2>&1 || missing="$missing libheif-examples"
    # libavif's own avifenc: limited-range monochrome and alpha AVIFs (AVIFRangeFixtures).
    [ -x /usr/bin/avifenc ] || missing="$missing libavif-bin"
    # The man page rendered by groff, and the completion scripts run by the shells themselves.
    command -v groff >/dev/null 2>&1 || missing="$missing groff"
    [ -f /usr/share/bash-completion/bash_completion ] || missing="$missing bash-completion"
    command -v zsh >/dev/null 2>&1 || missing="$missing zsh"
    command -v fish >/dev/null 2>&1 || missing="$missing fish"
    if ! command -v python3 >/dev/null 2>&1; then
        missing="$missing python3 python3-pip"
    elif ! python3 -m pip --version >/dev/null 2>&1 && ! python3 -c 'import thumbhash, jsonschema, yaml' >/dev/null 2>&1; then
        missing="$missing python3-pip"
    fi
fi
python_missing=""
if $with_tests; then
    python3 -c 'import thumbhash' >/dev/null 2>&1 || python_missing=" thumbhash==0.1.2"
    python3 -c 'import jsonschema' >/dev/null 2>&1 || python_missing="$python_missing jsonschema==4.26.0"
    python3 -c 'import yaml' >/dev/null 2>&1 || python_missing="$python_missing PyYAML==6.0.3"
fi
# The site generators from PyPI (Tests/Sites: MkDocs; Pelican with Markdown) go into a venv at the
# place the generator tests look (Tests/ThumbgenKitTests/Integration/GeneratorSite.swift), pinned,
# so that their pages do not change under the tests.
venv=/opt/thumbgen-test-venv
venv_missing=""
if $with_tests; then
    if ! [ -x $venv/bin/mkdocs ] || ! [ -x $venv/bin/pelican ] || ! [ -x $venv/bin/wsgidav ] \
       || ! $venv/bin/python -c 'import markdown, cheroot' >/dev/null 2>&1; then
        venv_missing="mkdocs==1.6.1 pelican==4.12.0 Markdown==3.11.3 WsgiDAV==4.3.3 cheroot==11.1.2"
        # Debian's python3 makes a venv only with python3-venv (its ensurepip).
        [ -x $venv/bin/python ] || python3 -c 'import ensurepip' >/dev/null 2>&1 || missing="$missing python3-venv"
    fi
fi
if [ -z "$missing" ] && [ -z "$python_missing" ] && [ -z "$venv_missing" ]; then exit 0; fi

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
if [ -n "$missing" ]; then
    echo "thumbgen: installing$missing" >&2
    $sudo apt-get update -qq >/dev/null
    # nginx's package would start a server on port 80: no service starts while installing.
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        trap '$sudo rm -f /usr/sbin/policy-rc.d' EXIT
        printf '#!/bin/sh\nexit 101\n' | $sudo tee /usr/sbin/policy-rc.d >/dev/null
        $sudo chmod +x /usr/sbin/policy-rc.d
    fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
if [ -n "$python_missing" ]; then
    # The reference ThumbHash encoder the placeholder tests compare with (pure Python); the
    # validator an editor's YAML language server stands for (ManifestSchemaTests).
    echo "thumbgen: installing$python_missing (PyPI)" >&2
    python3 -m pip install -q $python_missing 2>/dev/null || python3 -m pip install -q --break-system-packages $python_missing
fi
if [ -n "$venv_missing" ]; then
    echo "thumbgen: installing $venv_missing (PyPI, into $venv)" >&2
    [ -x $venv/bin/python ] || $sudo python3 -m venv $venv
    $sudo $venv/bin/python -m pip install -q $venv_missing
fi
