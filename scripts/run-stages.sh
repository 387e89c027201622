#!/usr/bin/env bash
# Runs npm scripts one after another and prints each one's seconds (`npm test`: check, unit, e2e);
# stops at the first that fails.
set -euo pipefail
for script in "$@"; do
  started=$SECONDS
  npm run --silent "$script"
  echo "[stage] $script: $((SECONDS - started)) s"
done
