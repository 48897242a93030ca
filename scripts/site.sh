#!/usr/bin/env bash
# Assembles the static site into one folder for any static host (GitHub Pages, a course
# server, a USB stick): web/ + wasm/pursuit.{js,wasm} + maps/.   scripts/site.sh OUT_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/site.sh OUT_DIR}
[ -f build/wasm/pursuit.wasm ] || bash scripts/build.sh wasm
rm -rf "$out" && mkdir -p "$out/wasm"
cp -r web/. "$out/"
cp build/wasm/pursuit.js build/wasm/pursuit.wasm "$out/wasm/"
cp -r maps "$out/maps"
echo "site: $out"
