#!/usr/bin/env bash
# Installs the offline read-aloud voice from Debian's packages: espeak-ng (Mandarin voice cmn) is
# the server's default text-to-speech (apps/server/src/modules/speech/espeak.ts). Called by
# `npm start`, the e2e tests and .ci/run; does nothing when espeak-ng is already there.
# Without root or sudo it says what to install and exits 0: the server then starts with
# read-aloud answered 合成失败 (TTS_PROVIDER=off) instead of not starting at all, unless
# ESPEAK_REQUIRED=1 (CI), where a missing voice is an error.
set -euo pipefail
if command -v espeak-ng >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo"; else
  echo "Read-aloud needs espeak-ng (apt-get install -y espeak-ng); no root or sudo here to install it." >&2
  [ "${ESPEAK_REQUIRED:-0}" = "1" ] && exit 1
  exit 0
fi
echo "Installing espeak-ng (offline read-aloud) from Debian's packages…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends espeak-ng >/dev/null
