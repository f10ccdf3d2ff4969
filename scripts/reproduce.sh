#!/usr/bin/env bash
# The main experiment: the quick sweep (gcc and clang, auto-vectorisation on
# and off, every x86-64 ISA this CPU runs), then every published claim beside
# our figure, the paper-shaped tables and the figures, all written into the
# sweep's results/<timestamp>/ directory.
#   scripts/reproduce.sh [BUILD_DIR] [SWEEP_SPEC]
set -euo pipefail
build=${1:-build/release}
spec=${2:-experiments/sweeps/quick.toml}
pqmul="$build/experiments/pqmul"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Stop before anything long when this build cannot check its KEMs against the
# official known answers (the data ship in tests/vectors/).
echo "== known answers: ml-kem-512 (ntt, portable) against the published digest"
if ! "$pqmul" check --scheme ml-kem-512 --multiplier ntt --isa portable; then
  echo "reproduce: stopped: this build does not pass the official known answers (see above)" >&2
  exit 1
fi

echo "== every ring x multiplier x strategy x ISA against the Kronecker oracle"
check=$(mktemp)
trap 'rm -f "$log" "$check"' EXIT
"$pqmul" mul --ring all --multiplier all --strategy all --isa all --rank 3 --trials 2 --table | tee "$check"

echo "== sweep $spec (resumable: a rerun skips finished builds and rows)"
set +e
"$pqmul" sweep "$spec" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
# The sweep names its results directory in its first line: "sweep 'quick': ... -> DIR".
out=$(sed -n "s/^sweep '[^']*': .* -> //p" "$log" | head -n 1)
if [[ -z "$out" || ! -s "$out/results.csv" ]]; then
  echo "reproduce: stopped: the sweep wrote no results (exit status $status; its message is above)" >&2
  exit 1
fi
# The sweep's own summary of what failed ("N rows did not pass their check and
# M trees failed to build"), repeated as the run's last line.
failures=""
if ((status != 0)); then
  failures=$(grep -o '[0-9]* rows did not pass their check and [0-9]* trees failed to build' "$log" | tail -n 1)
  [[ -n "$failures" ]] || failures="the sweep exited with status $status"
  echo "reproduce: the sweep reported failures ($failures, see $out/manifest.json);" \
    "the claims, tables and figures below use the rows it wrote" >&2
fi

cp "$check" "$out/oracle-check.txt"

# The Arm claims' model rows: the aarch64 build (NEON) traced under qemu and
# costed by llvm-mca for the cores the papers used, into model.csv beside the
# measured rows (pqmul reproduce reads both; a model row never pools with a
# measured one). A failure here leaves those claims undecided, nothing else.
echo "== modelled Arm rows (pqmul model: the aarch64 builds under qemu, costed by llvm-mca)"
# gcc and clang, auto-vectorised (NEON and portable) and not (the papers'
# unvectorised reference): one build each, one model file each.
arm_cores=cortex-a53,cortex-a72,apple-m1
model_rows() {  # model_rows PRESET FILE ARGS...
  local preset=$1 file=$2
  shift 2
  cmake --preset "$preset" >/dev/null && cmake --build --preset "$preset" --target pqmul -j "${JOBS:-$(nproc)}" >/dev/null &&
    "$pqmul" model --cpu "$arm_cores" --probe "build/$preset/experiments/pqmul" "$@" --format csv -o "$out/$file"
}
# KEM operations and the module products (the M1 tables' MatrixVectorMul and
# InnerProd) of Kyber and Saber, both compilers (Saber's ntt16 too, gcc); NTRU (clang, as seed 001) without
# key generation, which its published table lacks; the kernels seed 001
# times alone (Kyber's NTT, NTRU's R_q product).
kems=(--scheme kyber512,kyber768,kyber1024,lightsaber,saber,firesaber --multiplier ntt,toom4-k2 --isa portable,neon
  --strategy cached --ops keygen,encaps,decaps,matrix-vector,inner-product)
reference=(--scheme saber --multiplier toom4-k2 --isa portable --strategy cached)
ntru=ntruhps2048509,ntruhps2048677,ntruhrss701,ntruhps4096821
if model_rows aarch64 model.csv "${kems[@]}" &&
  model_rows aarch64 model-ntt16.csv --scheme lightsaber,saber,firesaber --multiplier ntt16 --isa neon \
    --strategy cached --ops keygen,encaps,decaps,matrix-vector,inner-product &&
  model_rows aarch64-novec model-novec.csv "${reference[@]}" &&
  model_rows aarch64-clang model-clang.csv "${kems[@]}" &&
  model_rows aarch64-clang-novec model-clang-novec.csv "${reference[@]}" &&
  model_rows aarch64-clang model-clang-ntru.csv --scheme "$ntru" --multiplier toom4-k4 --isa portable,neon \
    --ops encaps,decaps &&
  model_rows aarch64-clang model-clang-kyber-ntt.csv --ring kyber --multiplier ntt --isa portable,neon \
    --ops transform,inverse &&
  model_rows aarch64-clang model-clang-ntru-mul.csv --ring ntru-hps2048509,ntru-hps2048677,ntru-hrss701,ntru-hps4096821 --multiplier toom4-k4 \
    --isa portable,neon --ops mul; then
  echo "   $(cat "$out"/model*.csv | grep -vc '^id,') model rows in $out/model*.csv"
  scripts/arm-tables.sh "$pqmul" "$out" || echo "reproduce: some Arm tables were not made (see $out/arm-tables.md)" >&2
else
  echo "reproduce: model rows incomplete (an aarch64 build or pqmul model failed, see above); Arm claims may stay undecided" >&2
fi

echo "== claims"
"$pqmul" reproduce --results "$out"

echo "== tables"
for format in markdown latex csv; do
  ext=$format
  [[ $format == markdown ]] && ext=md
  [[ $format == latex ]] && ext=tex
  "$pqmul" table "$out" --format "$format" -o "$out/table.$ext"
done

echo "== figures"
drawn=0
figure() {  # figure NAME ARGS...: NAME.svg, NAME.pdf and NAME.png (NAME.EXT.dat and NAME.EXT.gp beside each)
  local name=$1
  shift
  for ext in svg pdf png; do
    if "$pqmul" plot "$out" -o "$out/$name.$ext" "$@"; then
      drawn=$((drawn + 1))
    else
      echo "reproduce: $name.$ext not drawn (no rows for it?)" >&2
    fi
  done
}
# shellcheck source=scripts/figures.sh
source "$(dirname "$0")/figures.sh"
main_figures figure

echo
echo "== results in $out"
echo "   rows:    $out/results.csv, $out/results.json ($out/manifest.json: machine, compilers, flags, commit)"
echo "   claims:  $out/claims.md, $out/claims.tex, $out/claims.json"
echo "   tables:  $out/table.md, $out/table.tex, $out/table.csv; Arm: $out/arm-tables.md (modelled beside published)"
echo "   figures: $drawn drawn, $out/*.svg, $out/*.pdf, $out/*.png (their .dat and .gp beside them)"
if [[ -n "$failures" ]]; then
  echo "reproduce: FAILED: $failures" >&2
  exit 1
fi
