#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) and runs each one after the other.
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     default 600 s, all targets
# Env: PURSUIT_FUZZ_STRICT=1  abort on non-contract exceptions too (see fuzz/fuzz_support.h)
#      FUZZ_BUILD=dir         build directory (default build/fuzz)
#      FUZZ_TIMEOUT=s         libFuzzer's per-input (wall-clock) hang limit, default 30: on a
#                             loaded machine 10 s stopped runs on inputs that take 1 s alone.
#                             A timeout input is re-run alone and its time printed.
# Corpora grow in $FUZZ_BUILD/corpus/<target> (kept between runs); seeds are regenerated in
# $FUZZ_BUILD/seeds/<target>; kept regressions are read from fuzz/regressions/<target>.
# Crashes land in $FUZZ_BUILD/artifacts/<target>/; minimise one with
#   $FUZZ_BUILD/bin/fuzz-<target> -minimize_crash=1 -runs=10000 <crash file>
# and copy it into fuzz/regressions/<target>/ (tests/hardening replays them all).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-600}
shift || true
build=${FUZZ_BUILD:-$root/build/fuzz}

if ! command -v clang++ >/dev/null || ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "installing clang and libFuzzer (clang, libclang-rt-14-dev)"
  sudo_cmd=""; [ "$(id -u)" = 0 ] || sudo_cmd=sudo
  $sudo_cmd apt-get install -y clang libclang-rt-14-dev
fi

cmake -S fuzz -B "$build" -DCMAKE_CXX_COMPILER=clang++ >/dev/null
cmake --build "$build" -j2 >/dev/null
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(create replay moves text line_reader tool protocol arena)
fi

rm -rf "$build/seeds"
"$build/bin/pursuit-fuzz-seeds" "$build/seeds" "$root" "$root/../shared" >/dev/null

summary=()
status=0
for t in "${targets[@]}"; do
  mkdir -p "$build/corpus/$t" "$build/artifacts/$t" "$build/logs" "fuzz/regressions/$t"
  log="$build/logs/$t.log"
  echo "== fuzz-$t for ${seconds}s (log $log)"
  set +e
  UBSAN_OPTIONS=print_stacktrace=1:report_error_type=1 "$build/bin/fuzz-$t" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-30}" -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$build/artifacts/$t/" \
    "$build/corpus/$t" "$build/seeds/$t" "fuzz/regressions/$t" >"$log" 2>&1
  rc=$?
  set -e
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
  cov=$(grep -oE '(#[0-9]+).*cov: [0-9]+ ft: [0-9]+' "$log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+' || true)
  findings=$(grep -c '^FINDING' "$log" || true)
  ub=$(grep -c 'runtime error:' "$log" || true)
  verdict=ok
  if [ $rc -ne 0 ]; then verdict="CRASH (rc $rc, see $build/artifacts/$t/)"; status=1; fi
  if grep -q 'libFuzzer: timeout' "$log"; then
    slow=$(ls -t "$build/artifacts/$t"/timeout-* 2>/dev/null | head -1)
    if [ -n "$slow" ]; then
      /usr/bin/time -f '%e s wall, %U s user' -o "$build/logs/$t.rerun" "$build/bin/fuzz-$t" "$slow" >/dev/null 2>&1 || true
      again=$(tail -1 "$build/logs/$t.rerun")
      verdict="TIMEOUT ($slow re-run alone: $again)"
    fi
  fi
  line=$(printf '%-12s execs %-10s %-22s findings %-3s UB %-3s %s' "$t" "${execs:-?}" "${cov:-cov: ?}" "$findings" "$ub" "$verdict")
  echo "$line"
  summary+=("$line")
done
echo
echo "== summary (${seconds}s per target)"
printf '%s\n' "${summary[@]}"
echo "distinct findings (non-contract exceptions / broken properties):"
for t in "${targets[@]}"; do grep -h '^FINDING' "$build/logs/$t.log" 2>/dev/null; done | sort | uniq -c | sort -rn | head -40 || true
echo "undefined behaviour reported (recoverable kinds; full stacks in the logs):"
# Only this run's targets: logs of entries not run now are from earlier runs (bugs fixed since).
for t in "${targets[@]}"; do grep -h -A12 'runtime error:' "$build/logs/$t.log" 2>/dev/null; done |
  grep -E 'runtime error|#[0-9]+ .* in pursuit::' | head -40 || true
exit $status
