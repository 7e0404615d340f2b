# Shared by scripts/serve and scripts/test: installs what is missing, idempotently.
# Tools live outside the checkout so fresh clones reuse them; override with SUDOKU_LAB_TOOLS.

set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=versions.env
source "$ROOT/scripts/versions.env"
TOOLS="${SUDOKU_LAB_TOOLS:-${XDG_DATA_HOME:-$HOME/.local/share}/sudoku-lab/tools}"
export PATH="$TOOLS/bin:$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
export TRUNK_OFFLINE=true
export CHROMEDRIVER=/usr/bin/chromedriver

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

ensure_rust_target() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    log "installing the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
}

ensure_trunk() {
  if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
    log "installing trunk $TRUNK_VERSION from crates.io (about 15 minutes on 2 cores)"
    # trunk declares a newer rust-version than it needs; it builds and runs on this toolchain.
    cargo install trunk --version "$TRUNK_VERSION" --locked --ignore-rust-version --root "$TOOLS"
  fi
}

ensure_wasm_bindgen() {
  local want
  want="$(wasm_bindgen_version)"
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $want" ]; then
    log "installing wasm-bindgen-cli $want from crates.io (about 4 minutes)"
    # Not --locked: its lock file names a dependency version the registry no longer serves.
    cargo install wasm-bindgen-cli --version "$want" --root "$TOOLS"
  fi
}

ensure_node_modules() {
  # binaryen's wasm-opt (Debian's is too old for wasm-bindgen's output) and playwright-core.
  if [ ! -x "$ROOT/node_modules/.bin/wasm-opt" ] || [ ! -d "$ROOT/node_modules/playwright-core" ] \
    || [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]; then
    log "installing npm packages (package-lock.json)"
    (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

ensure_chromium() {
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    log "installing Debian chromium and chromium-driver"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
}

ensure_build_tools() {
  ensure_rust_target
  ensure_trunk
  ensure_wasm_bindgen
  ensure_node_modules
}

build_release() {
  log "building the release app with trunk"
  (cd "$ROOT" && trunk build --release --offline)
}
