#!/usr/bin/env bash
# Builds the libFuzzer targets (preset "fuzz": clang, ASan + UBSan, core
# only), writes their seed corpus with the project's own generator and runs
# every target for a bounded time. Fails on any finding (crash, sanitizer
# report, leak, timeout > 10 s, > 2 GB RSS); the input that triggered it is
# left in build/fuzz/artifacts/. Prints the executions per target.
#   bash packaging/run-fuzz.sh [SECONDS_PER_TARGET [BUILD_DIR]]   (default 20)
# With BUILD_DIR, the targets already built there are run (run-tests.sh passes
# build/dev-asan: 20 s each); without, the "fuzz" preset is built first
# (--fuzz-long: 600 s each).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-20}"
jobs=$(nproc 2>/dev/null || echo 2)
build=build/fuzz

build_start=$(date +%s)
if [ -n "${2:-}" ]; then
  # The targets of an already built sanitizer build (run-tests.sh: dev-asan).
  build="$2"
  if [ ! -f "$build/fuzz-targets.txt" ]; then
    echo "run-fuzz: $build has no fuzz targets (a clang build with PROFSCOPE_SANITIZE=ON has them)" >&2
    exit 1
  fi
  echo "== fuzz targets of $build"
else
  echo "== configure + build (fuzz)"
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz -j "$jobs"
fi
build_seconds=$(( $(date +%s) - build_start ))

# Seeds are rewritten every run (they follow the generator); the corpus each
# target grows is kept between runs in $build/corpus.
rm -rf "$build/seeds"
"$build/tests/fuzz/profscope_fuzz_seeds" "$build/seeds"
mkdir -p "$build/artifacts" "$build/logs"

export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1:handle_abort=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
failed=()
declare -A executions
run_start=$(date +%s)
while read -r target; do
  [ -n "$target" ] || continue
  mkdir -p "$build/corpus/$target" "$build/seeds/$target"
  log="$build/logs/$target.log"
  echo "== fuzz $target (${seconds} s)"
  if "$build/tests/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -print_final_stats=1 -artifact_prefix="$build/artifacts/$target-" \
       "$build/corpus/$target" "$build/seeds/$target" >"$log" 2>&1; then
    :
  else
    failed+=("$target")
    echo "run-fuzz: $target found a problem (log: $log):" >&2
    grep -E "ERROR:|runtime error:|==[0-9]+==|SUMMARY|Test unit written|#[0-9]+ +in " "$log" | head -40 >&2 || tail -40 "$log" >&2
  fi
  executions[$target]=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -1)
  if [ -z "${executions[$target]}" ]; then
    executions[$target]=$(sed -n 's/^#\([0-9]*\)[[:space:]]*DONE.*/\1/p' "$log" | tail -1)
  fi
done <"$build/fuzz-targets.txt"
run_seconds=$(( $(date +%s) - run_start ))

echo "== fuzz summary: build ${build_seconds} s, runs ${run_seconds} s (${seconds} s per target)"
printf '%-18s %12s\n' target executions
while read -r target; do
  [ -n "$target" ] || continue
  printf '%-18s %12s\n' "$target" "${executions[$target]:-?}"
done <"$build/fuzz-targets.txt"

if [ ${#failed[@]} -gt 0 ]; then
  echo "run-fuzz: findings in ${failed[*]}; reproduce with $build/tests/fuzz/<target> $build/artifacts/<file>" >&2
  exit 1
fi
