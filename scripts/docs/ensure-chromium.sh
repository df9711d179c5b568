#!/usr/bin/env bash
# Makes sure the headless browser of tests/docs/site.test.ts is installed: /usr/bin/chromium (Debian package).
# Installs it with apt-get when missing; exits non-zero with a clear message when it cannot.
set -euo pipefail
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$chromium" ]; then
  echo "ensure-chromium: $chromium present ($("$chromium" --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $chromium is missing and apt-get is not available; install Chromium so that $chromium exists (tests/docs/site.test.ts needs it)." >&2
  exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo=(sudo -n)
  else
    echo "ensure-chromium: $chromium is missing and installing it needs root (apt-get install -y chromium); run as root or with passwordless sudo." >&2
    exit 1
  fi
fi
echo "ensure-chromium: installing chromium with apt-get"
if ! { "${sudo[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq chromium; }; then
  echo "ensure-chromium: apt-get install chromium failed; tests/docs/site.test.ts cannot run without $chromium." >&2
  exit 1
fi
if [ ! -x "$chromium" ]; then
  echo "ensure-chromium: apt-get installed chromium but $chromium does not exist." >&2
  exit 1
fi
echo "ensure-chromium: installed $("$chromium" --version 2>/dev/null || echo chromium)"
