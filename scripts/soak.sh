#!/usr/bin/env bash
# Soak run: seeded random-legal games of every registered game with every check after every
# move (tests/soak/soak_runner.h), then native-vs-wasm identical replays on a sample.
#   scripts/soak.sh [GAMES_PER_GAME] [MAX_SECONDS_PER_GAME] [SEED]
# Defaults: 100000 games, 1200 s, seed 1. A game id whose games are slow stops at the time
# limit and the table shows how many it played (docs/hardening.md lists the figures).
# Env: SOAK_BUILD (default build/soak), SOAK_WASM_DIR (default build/wasm-soak; built if
#      missing and emcmake exists; SOAK_WASM=0 skips the wasm comparison), SOAK_WASM_GAMES (50).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
games=${1:-100000}
seconds=${2:-1200}
seed=${3:-1}
build=${SOAK_BUILD:-$root/build/soak}
wasm_dir=${SOAK_WASM_DIR:-$root/build/wasm-soak}

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j2 --target pursuit-soak >/dev/null
start=$(date +%s)
echo "== pursuit-soak --games $games --max-seconds $seconds --seed $seed"
status=0
"$build/bin/pursuit-soak" --games "$games" --max-seconds "$seconds" --seed "$seed" || status=$?
echo "soak: $(( $(date +%s) - start )) s in total, exit status $status"

if [ "${SOAK_WASM:-1}" != 0 ]; then
  if [ ! -f "$wasm_dir/pursuit.wasm" ] && command -v emcmake >/dev/null; then
    echo "== building wasm in $wasm_dir"
    NODE_PATH=/usr/share/nodejs emcmake cmake -S . -B "$wasm_dir" >/dev/null
    NODE_PATH=/usr/share/nodejs cmake --build "$wasm_dir" -j2 >/dev/null
  fi
  if [ -f "$wasm_dir/pursuit.wasm" ]; then
    echo "== native vs wasm on the first ${SOAK_WASM_GAMES:-50} games of each id"
    PURSUIT_WASM_DIR="$wasm_dir" PURSUIT_NATIVE_BIN="$build/bin" SOAK_GAMES="${SOAK_WASM_GAMES:-50}" SOAK_SEED="$seed" \
      node --test tests/soak/wasm_replays.test.mjs || status=1
  else
    echo "no wasm build (emcmake missing): native-vs-wasm comparison skipped"
  fi
fi
exit $status
