#!/usr/bin/env bash
# Builds both targets incrementally: native (build/native: programs in build/native/bin,
# test binaries) and WebAssembly (build/wasm/pursuit.js + pursuit.wasm).
#   scripts/build.sh [native|wasm|all|debug]   (default all; debug: build/debug, ASan + UBSan)
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
case "$what" in
  native|wasm|all|debug) [ $# -le 1 ] || { echo "build.sh: one target, got $#" >&2; exit 2; } ;;
  -h|--help) echo "usage: scripts/build.sh [native|wasm|all|debug]   (default all)"; exit 0 ;;
  *) echo "build.sh: unknown target '$what' (native, wasm, all or debug)" >&2; exit 2 ;;
esac
jobs=$(nproc 2>/dev/null || echo 2)
export NODE_PATH=/usr/share/nodejs  # Debian's emcc optimizer imports Debian's acorn
# A configure that failed (say, run before the packages were installed) leaves a CMakeCache.txt
# but no build system: only a generated Makefile (or build.ninja) counts as configured.
configured() { [ -f "$1/CMakeCache.txt" ] && { [ -f "$1/Makefile" ] || [ -f "$1/build.ninja" ]; }; }

if [ "$what" = native ] || [ "$what" = all ]; then
  configured build/native || cmake --preset native-release >/dev/null
  cmake --build build/native -j"$jobs"
fi
if [ "$what" = debug ]; then
  configured build/debug || cmake --preset native-debug >/dev/null
  cmake --build build/debug -j"$jobs"
fi
if [ "$what" = wasm ] || [ "$what" = all ]; then
  configured build/wasm || emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/wasm -j"$jobs"
fi
