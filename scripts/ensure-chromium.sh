#!/usr/bin/env bash
# Installs what the end-to-end tests need from Debian's packages: Chromium (driven by
# playwright-core; no browser download) and CJK fonts so Chinese renders in screenshots.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || need+=(fonts-noto-cjk)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
  echo "The end-to-end tests need: ${need[*]} (apt-get install -y ${need[*]}); no root or sudo here to install them." >&2
  exit 1
fi
echo "Installing ${need[*]} from Debian's packages…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
