#!/usr/bin/env bash
# Installs what is missing, builds Profscope and runs every test. The full run
# builds each configuration once: the whole suite runs in the ASan/UBSan build
# (preset "dev-asan", clang: it compiles this code about twice as fast as GCC
# at -O0 with the sanitizers), then the Debian package test
# (packaging/test-deb.sh: a Release build of the two programs without tests,
# the .deb unpacked into a throwaway root, both programs run from there), then
# every libFuzzer target for 20 s (packaging/run-fuzz.sh; the targets are built
# by dev-asan too). The suite is not built a second time without sanitizers:
# CI has a time budget on 2 cores, and a test that passes under ASan/UBSan
# (stricter, and slower) passes without them; --no-asan runs it in the
# optimized "dev" build, the quick check while working.
# Benchmarks are not part of this run (ctest label "benchmark"), but they are
# built, so they keep compiling.
#   bash packaging/run-tests.sh              everything
#   bash packaging/run-tests.sh --no-asan    the normal build and its tests only
#   bash packaging/run-tests.sh --fuzz-long  only the fuzz targets, 10 min each
set -euo pipefail
cd "$(dirname "$0")/.."

bash packaging/install-deps.sh

if [ ! -d ../shared/fixtures/real ]; then
  echo "run-tests: ../shared/fixtures/real is missing; the tests read the real profiler fixtures from there" >&2
  exit 1
fi

if [ "${1:-}" = "--fuzz-long" ]; then
  exec bash packaging/run-fuzz.sh 600
fi

jobs=$(nproc 2>/dev/null || echo 2)
# Each stage's wall time, printed at the end: CI has a time budget.
timings=()
stage_start=$SECONDS
stage_name=""
stage() {
  if [ -n "$stage_name" ]; then timings+=("$(printf '%-28s %5d s' "$stage_name" $((SECONDS - stage_start)))"); fi
  stage_name="$1"; stage_start=$SECONDS
  if [ -n "$1" ]; then echo "== $1"; fi
}
report_timings() {
  stage ""
  echo "== stage times (total ${SECONDS} s)"
  printf '  %s\n' "${timings[@]}"
}
presets=(dev-asan)
if [ "${1:-}" = "--no-asan" ]; then presets=(dev); fi

export QT_QPA_PLATFORM=offscreen
for preset in "${presets[@]}"; do
  stage "configure + build ($preset)"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  stage "test ($preset)"
  ctest --preset "$preset" -j "$jobs"
done

if [ "${1:-}" != "--no-asan" ]; then
  stage "Debian package"
  bash packaging/test-deb.sh
  stage "fuzz"
  bash packaging/run-fuzz.sh 20 build/dev-asan
fi
report_timings
