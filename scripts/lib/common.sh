# Shared by the scripts in scripts/: finds the package root and installs missing Debian packages.
# Works on a fresh Debian 12 machine that has only the Swift toolchain (no make, no Python,
# no apt package lists).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export ROOT

# The Debian packages the build needs: libxml2 (HTML templates), cmark-gfm and its GFM extensions
# (CommonMark message bodies), libarchive (zip exports), libmicrohttpd (parley serve), SQLite and
# libpq (the event log of parley serve, one server or several), libphonenumber (SMS numbers in
# E.164 form; C++, linked by name), jemalloc (the `parley` executable's allocator) and pkg-config
# (to find the others).
BUILD_PACKAGES=(libxml2-dev libyajl-dev libjemalloc-dev libxxhash-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libarchive-dev libmicrohttpd-dev libsqlite3-dev libpq-dev libphonenumber-dev pkg-config)

# The Debian packages the tests need besides the build's: headless Chromium and its driver (the
# browser tests, the injection corpus), the emoji font that draws the corpus, and nginx (the
# README's reverse-proxy example, run in front of `parley serve` by Tests/Browser/test_nginx.py) and
# GNU time (the peak memory of one `parley` run in the zip-bomb tests), and PostgreSQL 15 with
# Debian's pg_virtualenv (the event log shared by several `parley serve`, tested on a real server).
TEST_PACKAGES=(chromium chromium-driver fonts-noto-color-emoji nginx time postgresql-15)

# with_postgres CMD...: runs CMD with a throw-away PostgreSQL cluster (Debian's `pg_virtualenv -t`,
# which also works as root) and the PG* variables naming it; the cluster is dropped afterwards and
# CMD's exit code returned. pg_virtualenv prints a few lines of its own.
with_postgres() { pg_virtualenv -t "$@"; }

log() { printf '==> %s\n' "$*" >&2; }

# ensure_packages PKG...: installs those of PKG that are not installed yet.
ensure_packages() {
  local missing=()
  for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$package")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { log "need root (or sudo) to install: ${missing[*]}"; return 1; }
    sudo=(sudo)
  fi
  log "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# ensure_swift: fails with a clear message when the Swift toolchain is missing.
ensure_swift() {
  command -v swift >/dev/null 2>&1 || { log "the Swift 6.3 toolchain is required (swift not on PATH)"; return 1; }
}

# raise_open_files NEEDED: raises this shell's open-file limit to the hard limit and fails unless
# NEEDED descriptors fit (every load-test connection holds a socket at each end).
raise_open_files() {
  ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  [ "$(ulimit -n)" = unlimited ] || [ "$(ulimit -n)" -ge "$1" ] \
    || { log "open-file limit $(ulimit -n) is below the $1 this run needs; raise the hard limit (ulimit -Hn)"; exit 1; }
}

# ensure_browser_venv: installs python3 and python3-venv when missing, creates $ROOT/.build/browser-venv
# and installs Selenium and pytest from PyPI into it; sets VENV to its folder.
ensure_browser_venv() {
  local python=/usr/bin/python3
  if ! [ -x "$python" ] || ! "$python" -c 'import ensurepip, venv' >/dev/null 2>&1; then
    ensure_packages python3 python3-venv
  fi
  VENV="$ROOT/.build/browser-venv"
  if ! [ -x "$VENV/bin/python" ]; then
    log "creating $VENV"
    "$python" -m venv "$VENV"
  fi
  if ! "$VENV/bin/python" -c 'import selenium, pytest' >/dev/null 2>&1; then
    log "installing Selenium and pytest into $VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check 'selenium>=4.26,<5' 'pytest>=8,<10'
  fi
}

# field KEY LINE: the value of KEY=value in LINE (the load clients' result lines).
field() { tr ' ' '\n' <<<"$2" | sed -n "s/^$1=//p"; }
