#!/usr/bin/env bash
# Installs what Pursuit needs and is missing (Debian, as root): compilers and CMake,
# GoogleTest, nlohmann/json, Emscripten, Node.js + npm, Chromium, and playwright-core from npm.
# Safe to run again: it installs only what is absent.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for pkg in cmake g++ make libgtest-dev nlohmann-json3-dev emscripten chromium; do
  have_pkg "$pkg" || need+=("$pkg")
done
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]}"
  if [ "$(id -u)" -ne 0 ]; then echo "setup: run as root to install packages" >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
if [ ! -d node_modules/playwright-core ]; then
  echo "setup: installing playwright-core from npm"
  npm ci --no-audit --no-fund --loglevel=error >/dev/null 2>&1 || npm install --no-audit --no-fund --loglevel=error >/dev/null
fi
