#!/usr/bin/env bash
# Builds both targets incrementally: native (build/native: programs in build/native/bin,
# test binaries) and WebAssembly (build/wasm/pursuit.js + pursuit.wasm).
#   scripts/build.sh [native|wasm|all]   (default all)
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
jobs=$(nproc 2>/dev/null || echo 2)
export NODE_PATH=/usr/share/nodejs  # Debian's emcc optimizer imports Debian's acorn

if [ "$what" = native ] || [ "$what" = all ]; then
  [ -f build/native/CMakeCache.txt ] || cmake --preset native-release >/dev/null
  cmake --build build/native -j"$jobs"
fi
if [ "$what" = wasm ] || [ "$what" = all ]; then
  [ -f build/wasm/CMakeCache.txt ] || emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/wasm -j"$jobs"
fi
