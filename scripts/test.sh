#!/usr/bin/env bash
# Quick start 2: set up, build, and run the whole test suite (unit tests and program tests), then the unit tests and
# the fuzz targets in the checked build (scripts/sanitize.sh; ATROPOS_SKIP_SANITIZE=1 leaves that out).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
cd "$root/build"
ctest --output-on-failure -j"$(nproc)" "$@"
if [ "${ATROPOS_SKIP_SANITIZE:-0}" != 1 ]; then
  "$root/scripts/sanitize.sh"
fi
