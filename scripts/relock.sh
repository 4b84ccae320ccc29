#!/usr/bin/env bash
# Rewrites package-lock.json so that `npm ci` accepts it on every platform: run it after adding a dependency
# or merging branches that did. `npm install` keeps the locked versions and adds new ones; complete-lock.mjs
# then records the other platforms' optional binaries that npm left out (scripts/complete-lock.mjs says why).
set -euo pipefail
cd "$(dirname "$0")/.."
npm install --package-lock-only --ignore-scripts --no-audit --no-fund
node scripts/complete-lock.mjs package-lock.json
