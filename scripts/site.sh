#!/usr/bin/env bash
# Assembles the static site into one folder for any static host (GitHub Pages, a course
# server, a USB stick): web/ + wasm/pursuit.{js,wasm} + maps/.   scripts/site.sh OUT_DIR
# OUT_DIR is replaced, so it must be new, empty or an earlier site (never the checkout, one of
# its sources or a folder holding them): a slip like 'site.sh web' must not delete the site.
set -euo pipefail
usage="usage: scripts/site.sh OUT_DIR   (a new or empty folder, or one an earlier site.sh made)"
refuse() { echo "site.sh: $1" >&2; echo "$usage" >&2; exit 2; }
case "${1:-}" in
  -h|--help) echo "$usage"; exit 0 ;;
  '') refuse "OUT_DIR is missing" ;;
  -*) refuse "unknown option '$1'" ;;
esac
[ $# -eq 1 ] || refuse "one OUT_DIR, got $# arguments"
out=$1
target=$(realpath -m -- "$out")  # OUT_DIR is read from where the command was typed
cd "$(dirname "$0")/.."
repo=$(pwd -P)
case "$repo/" in "$target"/*) refuse "'$out' is this checkout or holds it" ;; esac
for src in web maps core native wasm_bindings scripts tests; do
  case "$target/" in "$repo/$src"/*) refuse "'$out' is inside the sources ($src/)" ;; esac
done
if [ -e "$target" ] && [ ! -d "$target" ]; then refuse "'$out' is a file, not a folder"; fi
if [ -d "$target" ] && [ -n "$(ls -A -- "$target")" ] && [ ! -f "$target/wasm/pursuit.wasm" ]; then
  refuse "'$out' holds other files (not an earlier site): give a new or empty folder"
fi
[ -f build/wasm/pursuit.wasm ] || bash scripts/build.sh wasm
rm -rf -- "$target" && mkdir -p -- "$target/wasm"
cp -r web/. "$target/"
cp build/wasm/pursuit.js build/wasm/pursuit.wasm "$target/wasm/"
cp -r maps "$target/maps"
echo "site: $out"
