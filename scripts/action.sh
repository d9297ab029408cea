#!/bin/sh
# The GitHub Action's step (action.yml): install thumbgen, build the manifest with
# --format github --json, pass the workflow commands through, write the summary to $GITHUB_OUTPUT.
# Inputs as the runner gives them: INPUT_MANIFEST, INPUT_ARGS, INPUT_VERSION, INPUT_FROM_SOURCE.
# How thumbgen is installed, first that applies:
#   THUMBGEN_BINARY=path     a thumbgen already built (tests, a cached build)
#   THUMBGEN_DEB=path        a .deb on disk
#   INPUT_FROM_SOURCE=true   swift build -c release of this action's own source (needs Swift)
#   otherwise                the release's .deb, $THUMBGEN_RELEASES/v<version>/thumbgen_<version>_amd64.deb
#                            (default: this action's repository's GitHub releases), by apt-get
# Exits with thumbgen's status (after writing the outputs), so a --strict problem fails the step.
set -eu
action=$(cd "$(dirname "$0")/.." && pwd)
manifest=${INPUT_MANIFEST:-manifest.yaml}
version=${INPUT_VERSION:-0.2.0}
output=${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set: run this as a GitHub Actions step}
work=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/thumbgen-action.XXXXXX")
trap 'rm -rf "$work"' EXIT
sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"

apt_install() {
    $sudo apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

if [ -n "${THUMBGEN_BINARY:-}" ]; then
    thumbgen=$THUMBGEN_BINARY
elif [ -n "${THUMBGEN_DEB:-}" ] || [ "${INPUT_FROM_SOURCE:-false}" != true ]; then
    deb=${THUMBGEN_DEB:-}
    if [ -z "$deb" ]; then
        releases=${THUMBGEN_RELEASES:-https://github.com/${GITHUB_ACTION_REPOSITORY:-thumbgen/thumbgen}/releases/download}
        deb="$work/thumbgen_${version}_amd64.deb"
        # A debian:12 container job has neither curl nor the certificates.
        command -v curl >/dev/null 2>&1 || apt_install curl ca-certificates
        echo "thumbgen: downloading $releases/v$version/thumbgen_${version}_amd64.deb" >&2
        curl -fsSL -o "$deb" "$releases/v$version/thumbgen_${version}_amd64.deb"
    fi
    # The package is built for Debian 12's libraries: elsewhere apt would only say "unmet dependencies".
    if ! grep -qs '^VERSION_CODENAME=bookworm' /etc/os-release; then
        echo "thumbgen: the release's .deb is for Debian 12 (bookworm) and this runner is $(. /etc/os-release 2>/dev/null; echo "${PRETTY_NAME:-another system}"): run the job in 'container: debian:12', or set from-source: true" >&2
        exit 1
    fi
    # apt-get takes a path to a .deb when it has a slash.
    case $deb in /*|./*) ;; *) deb=./$deb ;; esac
    apt_install "$deb"
    thumbgen=/usr/bin/thumbgen
else
    (cd "$action" && ./scripts/install-deps.sh && swift build -c release --product thumbgen) >&2
    thumbgen="$action/.build/release/thumbgen"
fi
echo "thumbgen: $("$thumbgen" --version | head -n 1)" >&2

status=0
# shellcheck disable=SC2086  # args are words, as on a command line
set -f  # args are words, not patterns for this shell to expand
GITHUB_ACTIONS=true "$thumbgen" build "$manifest" --format github --json ${INPUT_ARGS:-} > "$work/out" 2> "$work/err" || status=$?
set +f
# With --json, standard output holds the summary and standard error the progress, the messages
# and the workflow commands (::warning …). The commands go to the step's standard output, where
# the runner reads them; the rest of standard error stays there; the summary goes to $GITHUB_OUTPUT.
grep -v '^::' "$work/err" >&2 || true
grep -h '^::' "$work/out" "$work/err" || true
delimiter="thumbgen_summary_$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
{
    echo "summary<<$delimiter"
    grep -v '^::' "$work/out" || true
    echo "$delimiter"
    echo "status=$status"
} >> "$output"
exit "$status"
