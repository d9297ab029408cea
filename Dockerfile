# thumbgen on Debian 12, from the release tarball: `make dist` first, then
#   docker build -t thumbgen:0.2.0 .
# The image holds the binary (Swift runtime linked in) and the Debian packages its DEPENDENCIES
# file lists; no Swift toolchain. `make dist-test` replays these steps in a Debian root made by
# mmdebstrap and builds a site with the result (no container engine needed); `make image-test`
# builds this Dockerfile with buildah on a debian:12-slim made by mmdebstrap and runs it.
FROM debian:12-slim

ARG VERSION=0.2.0
ARG ARCH=x86_64

# ADD unpacks a local tarball: /opt/thumbgen-<version>-linux-<arch>/{thumbgen,DEPENDENCIES,…}
ADD dist/thumbgen-${VERSION}-linux-${ARCH}.tar.gz /opt/

# hadolint ignore=DL3008,SC2046
RUN apt-get update \
 && apt-get install -y --no-install-recommends $(grep -v '^#' /opt/thumbgen-${VERSION}-linux-${ARCH}/DEPENDENCIES) \
 && rm -rf /var/lib/apt/lists/* \
 && ln -s /opt/thumbgen-${VERSION}-linux-${ARCH}/thumbgen /usr/local/bin/thumbgen

# Runs as root, like most images, so that it can write renditions into any mounted site; give
# Kubernetes a securityContext (runAsUser) that owns the volume to run it as another user.
WORKDIR /site
ENTRYPOINT ["thumbgen"]
CMD ["build", "/site/manifest.yaml"]
