#!/usr/bin/env bash
# Makes sure the headless browser of tests/docs/site.test.ts is installed: /usr/bin/chromium (Debian package).
# CHROMIUM_PATH points at another Chromium or Chrome. Installs /usr/bin/chromium with apt-get when missing
# (root or passwordless sudo); exits non-zero with a clear message (and a CHROMIUM_PATH to use) when it cannot.
set -euo pipefail
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$chromium" ]; then
  echo "ensure-chromium: $chromium present ($("$chromium" --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi
# A Chromium or Chrome elsewhere (another distribution, macOS, a user install) is used with CHROMIUM_PATH.
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable; point it at a Chromium or Chrome binary." >&2
  exit 1
fi
for candidate in chromium chromium-browser google-chrome-stable google-chrome \
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" "/Applications/Chromium.app/Contents/MacOS/Chromium"; do
  found=$(command -v "$candidate" 2>/dev/null || true)
  if [ -n "$found" ]; then
    echo "ensure-chromium: $chromium is missing but $found is there; run the tests with it:" >&2
    echo "  CHROMIUM_PATH='$found' pnpm test" >&2
    exit 1
  fi
done
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $chromium is missing and apt-get is not available; install Chromium or Chrome and run CHROMIUM_PATH=/path/to/chromium pnpm test (tests/docs/site.test.ts needs it)." >&2
  exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo=(sudo -n)
  else
    echo "ensure-chromium: $chromium is missing and installing it needs root: sudo apt-get install -y chromium, or install Chromium/Chrome elsewhere and run CHROMIUM_PATH=/path/to/chromium pnpm test." >&2
    exit 1
  fi
fi
echo "ensure-chromium: installing chromium with apt-get (a minute or two; its output is shown only if it fails)"
apt_log=$(mktemp)
trap 'rm -f "$apt_log"' EXIT
if ! { "${sudo[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq chromium; } >"$apt_log" 2>&1; then
  tail -n 30 "$apt_log" >&2
  echo "ensure-chromium: apt-get install chromium failed; tests/docs/site.test.ts cannot run without $chromium." >&2
  exit 1
fi
if [ ! -x "$chromium" ]; then
  echo "ensure-chromium: apt-get installed chromium but $chromium does not exist." >&2
  exit 1
fi
echo "ensure-chromium: installed $("$chromium" --version 2>/dev/null || echo chromium)"
