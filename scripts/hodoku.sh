# Shared by scripts/check-ratings and scripts/rating-distribution: hodoku-py (pinned in
# versions.env) in a venv under the tools dir, installed from PyPI when missing.
# shellcheck shell=bash

HODOKU_VENV="$TOOLS/hodoku-py-venv"

ensure_hodoku_py() {
    if [ ! -x "$HODOKU_VENV/bin/python" ] || ! "$HODOKU_VENV/bin/python" -c "
import importlib.metadata, sys
sys.exit(importlib.metadata.version('hodoku-py') != '$HODOKU_PY_VERSION')" 2>/dev/null; then
        log "installing hodoku-py $HODOKU_PY_VERSION from PyPI"
        python3 -m venv "$HODOKU_VENV"
        "$HODOKU_VENV/bin/pip" install --quiet "hodoku-py==$HODOKU_PY_VERSION"
    fi
}

# hodoku_rate FILE [SECONDS]: one line per puzzle, see scripts/hodoku-rate.py.
hodoku_rate() {
    "$HODOKU_VENV/bin/python" "$ROOT/scripts/hodoku-rate.py" "$@"
}
