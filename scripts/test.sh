#!/usr/bin/env bash
# Runs every test: installs what is missing, builds both targets, then
#   1. native GoogleTest suites (ctest; rules, judges and bots as real processes)
#   2. wasm under node (native-vs-wasm parity, error envelopes)
#   3. the site in real headless Chromium (playwright-core driving Debian's chromium)
# Every stage runs even when an earlier one fails; the last line sums the tests.
#   scripts/test.sh [--sanitize]   --sanitize adds the native suites under ASan + UBSan
set -uo pipefail
cd "$(dirname "$0")/.."
sanitize=0
for arg in "$@"; do  # checked before setup and build, which take minutes on a fresh machine
  case "$arg" in
    --sanitize) sanitize=1 ;;
    -h|--help) echo "usage: scripts/test.sh [--sanitize]"; exit 0 ;;
    *) echo "test.sh: unknown option '$arg'" >&2; echo "usage: scripts/test.sh [--sanitize]" >&2; exit 2 ;;
  esac
done
jobs=$(nproc 2>/dev/null || echo 2)
passed=0
failed=0
mkdir -p tests/artifacts

stage() { printf '\n=== %s ===\n' "$1"; }
show_failures() {  # the YAML block of every failed node test, so CI logs say why
  awk '/^ *not ok /{on=1} on{print} on && /^ *\.\.\.$/{on=0}' "$1"
}
count_ctest() {  # "100% tests passed, 0 tests failed out of 32"
  local line p f t
  line=$(grep -E "tests passed, [0-9]+ tests? failed out of" "$1" | tail -1)
  if [ -z "$line" ]; then failed=$((failed + 1)); return; fi
  f=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$line")
  t=$(sed -E 's/.* failed out of ([0-9]+).*/\1/' <<<"$line")
  passed=$((passed + t - f)); failed=$((failed + f))
}
count_node() {  # sums every "# pass N" / "# fail N" summary in the log (one per node run)
  local p f runs
  runs=$(grep -cE "^# pass [0-9]+" "$1")
  p=$(grep -E "^# pass [0-9]+" "$1" | awk '{s += $3} END {print s + 0}')
  f=$(grep -E "^# fail [0-9]+" "$1" | awk '{s += $3} END {print s + 0}')
  if [ "$runs" -lt "${2:-1}" ]; then failed=$((failed + ${2:-1} - runs)); fi  # a run that printed no summary
  passed=$((passed + p)); failed=$((failed + f))
}

stage "setup"
# Without the packages no later stage can run: stop here, with the summary line all the same.
bash scripts/setup.sh || { echo "setup failed (scripts/setup.sh; its message is above)"; echo "tests: 0 passed, 1 failed"; exit 1; }

stage "build native"
if ! bash scripts/build.sh native; then echo "native build failed"; failed=$((failed + 1)); fi

stage "native tests (ctest)"
log=$(mktemp)
(cd build/native && ctest --output-on-failure -j"$jobs" --timeout 900) 2>&1 | tee "$log" | grep -vE "^\s+(Start|[0-9]+/[0-9]+ Test) " || true
count_ctest "$log"

if [ $sanitize = 1 ]; then
  stage "native tests under ASan + UBSan"
  if bash scripts/build.sh debug; then
    (cd build/debug && ctest --output-on-failure -j"$jobs" --timeout 1800) 2>&1 | tee "$log" | grep -vE "^\s+(Start|[0-9]+/[0-9]+ Test) " || true
    count_ctest "$log"
  else
    echo "sanitizer build failed"; failed=$((failed + 1))
  fi
fi

stage "build wasm"
if ! bash scripts/build.sh wasm; then echo "wasm build failed"; failed=$((failed + 1)); fi

stage "wasm under node"
node --test tests/wasm/ tests/soak/wasm_replays.test.mjs 2>&1 | tee "$log" | grep -E "^(not ok|ok|# )" || true
show_failures "$log"
count_node "$log"

stage "browser (headless Chromium)"
# One browser file at a time (one Chromium at a time on a 2-core machine; works with any
# node that has the test runner, without --test-concurrency).
: > "$log"
browser_files=(tests/browser/*.test.mjs tests/arena/report.browser.test.mjs)
for f in "${browser_files[@]}"; do
  echo "--- $f"
  PURSUIT_NATIVE_BIN=build/native/bin node --test "$f" 2>&1 | tee -a "$log" | grep -E "^(not ok|ok)|^# (pass|fail)" || true
done
show_failures "$log"
count_node "$log" "${#browser_files[@]}"
echo "(screenshots in tests/artifacts/)"

rm -f "$log"
echo
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
