#!/usr/bin/env bash
# The checked build: clang with AddressSanitizer and UndefinedBehaviorSanitizer (every finding fatal), assertions on,
# and libFuzzer coverage, in build-sanitize/. Runs every unit test in it and each fuzz target for a short while
# (ATROPOS_FUZZ_SECONDS, default 30) from its kept corpus. scripts/test.sh calls it after the ordinary tests.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${ATROPOS_SANITIZE_BUILD:-$root/build-sanitize}"
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
        -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 -DATROPOS_SANITIZE=ON -DATROPOS_FUZZ=ON \
        -DATROPOS_FUZZ_SECONDS="${ATROPOS_FUZZ_SECONDS:-30}"
fi
cmake --build "$build" --target atropos_unit_tests atropos_fuzz_task atropos_fuzz_property atropos_fuzz_its \
      atropos_fuzz_source_text -- -j"$(nproc)"
# The unit tests in as many shards as there are cores.
shards=$(nproc)
pids=()
for ((i = 0; i < shards; i++)); do
  GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i "$build/bin/atropos_unit_tests" --gtest_brief=1 &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
cd "$build"
ctest --output-on-failure -L fuzz -j"$(nproc)"
