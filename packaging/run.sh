#!/usr/bin/env bash
# Installs what is missing, builds Profscope (release) and opens the GUI.
#   bash packaging/run.sh [PROFILE_FOLDER...]
set -euo pipefail
cd "$(dirname "$0")/.."

bash packaging/install-deps.sh
jobs=$(nproc 2>/dev/null || echo 2)
cmake --preset release >/dev/null
cmake --build --preset release -j "$jobs" --target profscope profscope-cli

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "run: no display found; starting under Xvfb (xvfb-run). On a desktop session the window opens directly." >&2
  exec xvfb-run -a -s "-screen 0 1600x1000x24" build/release/app/profscope "$@"
fi
exec build/release/app/profscope "$@"
