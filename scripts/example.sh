#!/usr/bin/env bash
# Quick start 1: set up, build, and verify the example program.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
echo "+ build/bin/atropos --task examples/overflow.yml"
"$root/build/bin/atropos" --task "$root/examples/overflow.yml" || true
