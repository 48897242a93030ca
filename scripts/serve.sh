#!/usr/bin/env bash
# The arcade: installs what is missing, builds the WebAssembly module (all the site needs; the
# native programs are built by scripts/build.sh or scripts/test.sh), serves the site.
#   scripts/serve.sh [--port N] [--host H]     (default 127.0.0.1:8080)
set -euo pipefail
cd "$(dirname "$0")/.."
port=8080
host=127.0.0.1
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port=$2; shift 2 ;;
    --host) host=$2; shift 2 ;;
    *) echo "usage: scripts/serve.sh [--port N] [--host H]" >&2; exit 2 ;;
  esac
done
bash scripts/setup.sh
bash scripts/build.sh wasm
exec node scripts/static-server.mjs --port "$port" --host "$host" --root web \
  --mount /wasm=build/wasm --mount /maps=maps
