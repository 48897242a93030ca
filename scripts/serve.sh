#!/usr/bin/env bash
# The arcade: installs what is missing, builds the WebAssembly module (all the site needs; the
# native programs are built by scripts/build.sh or scripts/test.sh), serves the site.
#   scripts/serve.sh [--port N] [--host H]     (default 127.0.0.1:8080)
set -euo pipefail
cd "$(dirname "$0")/.."
port=8080
host=127.0.0.1
usage="usage: scripts/serve.sh [--port N] [--host H]   (default 127.0.0.1:8080)"
# The options are checked before setup and build, which take minutes on a fresh machine.
refuse() { echo "serve.sh: $1" >&2; echo "$usage" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) echo "$usage"; exit 0 ;;
    --port|--host) [ $# -ge 2 ] || refuse "option $1 needs a value"
      if [ "$1" = --port ]; then port=$2; else host=$2; fi; shift 2 ;;
    --port=*) port=${1#--port=}; shift ;;
    --host=*) host=${1#--host=}; shift ;;
    *) refuse "unknown option '$1'" ;;
  esac
done
[[ "$port" =~ ^[0-9]+$ ]] && [ "$port" -le 65535 ] || refuse "--port expects a number 0..65535, got '$port'"
[ -n "$host" ] || refuse "--host expects a host name or address"
bash scripts/setup.sh
bash scripts/build.sh wasm
exec node scripts/static-server.mjs --port "$port" --host "$host" --root web \
  --mount /wasm=build/wasm --mount /maps=maps
