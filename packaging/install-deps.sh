#!/usr/bin/env bash
# Installs what a fresh Debian 12 (bookworm) needs to build, run and test Profscope.
# Only Debian packages, only apt-get; does nothing when everything is already there.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config python3
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools linguist-qt6 qt6-translations-l10n
  libqt6opengl6-dev libgl1-mesa-dev libxkbcommon-dev
  libqcustomplot-dev nlohmann-json3-dev libsimdjson-dev libsqlite3-dev sqlite3
  xvfb xauth fonts-dejavu-core fonts-noto-cjk
  dpkg-dev desktop-file-utils appstream
  clang libclang-rt-14-dev lld
  openssh-client openssh-server rsync
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
