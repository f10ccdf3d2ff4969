#!/usr/bin/env bash
# The README's results section (the run's description, the claims table) and
# its figure (docs/figures/kem-isas.png), regenerated from a run of the main job
# committed in small form (results.csv and manifest.json under docs/results/<date>/).
#   scripts/readme-results.sh [RUN_DIR]          rewrite the section, redraw the figure
#   scripts/readme-results.sh --check [RUN_DIR]  exit 1 when the section no longer matches RUN_DIR
# RUN_DIR defaults to the newest docs/results/*/; $PQMUL names the pqmul binary
# (default build/release/experiments/pqmul).
set -euo pipefail
cd "$(dirname "$0")/.."
check=""
if [[ ${1:-} == --check ]]; then
  check=--check
  shift
fi
run=${1:-$(find docs/results -mindepth 1 -maxdepth 1 -type d 2>/dev/null | sort | tail -n 1)}
run=${run%/}
[[ -n $run ]] || { echo "readme-results: no run under docs/results/" >&2; exit 2; }
pqmul=${PQMUL:-build/release/experiments/pqmul}
[[ -f "$run/results.csv" && -f "$run/manifest.json" ]] || { echo "readme-results: $run lacks results.csv or manifest.json" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$pqmul" reproduce --results "$run" -o "$tmp" >/dev/null
python3 scripts/readme_claims.py "$run" "$tmp/claims.json" README.md $check
[[ -n $check ]] && exit 0
readme_figure() {  # only the README's figure is drawn here
  local name=$1
  shift
  [[ $name == kem-isas ]] || return 0
  "$pqmul" plot "$run" -o "$tmp/kem-isas.png" "$@"
  cp "$tmp/kem-isas.png" docs/figures/kem-isas.png
}
# shellcheck source=scripts/figures.sh
source scripts/figures.sh
main_figures readme_figure
echo "readme-results: README.md and docs/figures/kem-isas.png regenerated from $run"
