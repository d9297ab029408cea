#!/bin/sh
# `make image-test`: builds the Dockerfile's image for real and runs it on the example site.
# No registry is reachable here, so the base, debian:12-slim, is Debian 12's minbase made by
# mmdebstrap, imported as localhost/thumbgen-base:12 (a real debian:12-slim the machine holds is
# left alone) and given to the build in FROM's place. buildah builds the unchanged Dockerfile
# (--isolation=chroot: this machine's cgroups refuse crun, see the README), then runs the image's
# ENTRYPOINT and CMD in a container of it with a copy of the example site at /site; every file
# must be byte for byte what the host's binary writes. Needs root and the tarball (make dist); installs buildah and podman (for its import) when missing.
set -eu
cd "$(dirname "$0")/.."
test_name=image-test
work=.build/image-test
. scripts/debian-root.sh
debian_root_prepare
command -v buildah >/dev/null 2>&1 && command -v podman >/dev/null 2>&1 \
    || { apt-get update -qq >/dev/null; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends buildah podman >/dev/null; }
started=$(date +%s)

debian_root_make "$work/debian12.tar"
podman import --quiet "$work/debian12.tar" localhost/thumbgen-base:12 >/dev/null
echo "thumbgen: image-test: debian:12-slim made by mmdebstrap ($(( $(date +%s) - started )) s)" >&2

version=$("$host_thumbgen" --version | head -n 1 | sed 's/^thumbgen //')
buildah bud --quiet --isolation=chroot --pull=never --from localhost/thumbgen-base:12 --build-arg VERSION="$version" \
    --build-arg ARCH="$(uname -m)" -t "localhost/thumbgen:$version" . > "$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; fail "buildah could not build the Dockerfile"; }
echo "thumbgen: image-test: built localhost/thumbgen:$version from the Dockerfile ($(( $(date +%s) - started )) s)" >&2

example_site_copy "$work/site"
container=$(buildah from --quiet --pull=never "localhost/thumbgen:$version")
trap 'buildah rm "$container" >/dev/null 2>&1 || true' EXIT
# The image's ENTRYPOINT and CMD, as `docker run -v site:/site thumbgen` runs them.
entrypoint=$(buildah inspect --format '{{range .OCIv1.Config.Entrypoint}}{{.}} {{end}}' "$container")
command=$(buildah inspect --format '{{range .OCIv1.Config.Cmd}}{{.}} {{end}}' "$container")
status=0
buildah run --isolation=chroot -v "$(pwd)/$work/site:/site" "$container" -- $entrypoint $command --jobs 2 2> "$work/run.err" || status=$?
cat "$work/run.err" >&2
[ "$status" -eq 0 ] || fail "the image's command exited with status $status"
example_site_compare "$work/site" "$work/run.err"
echo "thumbgen: image-test: passed in $(( $(date +%s) - started )) s: $(wc -l < "$work/root.files") files built by the image, byte for byte the host's" >&2
