#!/bin/sh
# Pictures for the README: the example page at device scale 2, and the report. Run by
# `make screenshots` after `make thumbs`.
set -eu
cd "$(dirname "$0")/.."
browser=$(command -v chromium || command -v chromium-browser)
shoot() {  # url output width height scale
    profile=$(mktemp -d)
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --allow-file-access-from-files \
        --virtual-time-budget=10000 --user-data-dir="$profile" --force-device-scale-factor="$5" \
        --window-size="$3,$4" --screenshot="$2" "$1" >/dev/null 2>&1
    rm -rf "$profile"
    echo "wrote $2"
}
shoot "file://$PWD/example-site/index.html" docs/example-site-2x.png 1100 1500 2
.build/release/thumbgen report manifest.yaml --quiet
shoot "file://$PWD/example-site/report.html" docs/report.png 1100 1400 1
