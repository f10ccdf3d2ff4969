#!/usr/bin/env bash
# The seeds' Arm tables with modelled cycles (pqmul model's rows in
# RESULTS/model*.csv) beside the published ones: seed 001's Apple M1 function
# tables (GMUCERG/PQC_NEON, clang -O3, so pqmul's clang aarch64 build) and
# seed 000's Cortex-A53 / A72 Saber tables (gcc and clang; Reference¹ = the
# portable code without auto-vectorisation, Reference² = with it, NEON).
#   scripts/arm-tables.sh PQMUL RESULTS [OUTPUT]   (OUTPUT: RESULTS/arm-tables.md)
set -euo pipefail
pqmul=$1
results=$2
output=${3:-$results/arm-tables.md}
papers="$(dirname "$0")/../experiments/papers"
shopt -s nullglob
models=("$results"/model*.csv)
if ((${#models[@]} == 0)); then
  echo "arm-tables: no model*.csv in $results (pqmul model writes them; scripts/reproduce.sh runs it)" >&2
  exit 1
fi
text=$(mktemp)
trap 'rm -f "$text"' EXIT
missing=0
table() {  # table TITLE NOTE ARGS...: one pqmul table over every model file
  local title=$1 note=$2
  shift 2
  {
    echo "## $title"
    echo
    echo "$note"
    echo
  } >>"$text"
  if ! "$pqmul" table "${models[@]}" --format markdown "$@" >>"$text" 2>"$text.err"; then
    echo "(not made: $(cat "$text.err"))" >>"$text"
    missing=$((missing + 1))
  fi
  rm -f "$text.err"
  echo >>"$text"
}
m1=(--where counter=model:apple-m1 --where compiler=clang --where vectorize=true)
seed001="Published: GMUCERG/PQC_NEON README (commit eac9204), Apple M1, clang -O3, cycles. Modelled: pqmul's clang aarch64 build, LLVM's Cyclone model."

{
  echo "# The seeds' Arm tables: published cycles beside modelled ones"
  echo
  echo "Modelled rows: \`pqmul model\` (blocks executed under qemu, each costed by llvm-mca; README, \"Modelled"
  echo "cycles on Arm\"). A difference line is ours / published - 1: it holds the model's error and the"
  echo "difference between pqmul's code and the paper's. Sources of the published figures: experiments/papers/."
  echo
} >"$text"

table "Seed 001, Apple M1: Kyber" \
  "$seed001 Ref = pqmul's portable Kyber (ntt), neon = its NEON NTT, samplers, compression and encodings with the scalar Keccak. MatrixVectorMul / VectorVectorMul there multiply NTT-domain operands; pqmul's matrix-vector / inner-product include the transforms." \
  "${m1[@]}" --where multiplier=ntt --where 'scheme=kyber512|kyber768|kyber1024' \
  --ops keygen,encaps,decaps,matrix-vector,inner-product --ratio isa:portable/neon \
  --paper "$papers/pqc-neon-m1-kyber.toml"
table "Seed 001, Apple M1: Kyber's NTT" \
  "$seed001 pqmul's ring-level transform / inverse (ring kyber) also convert to and from the multiplier's operand." \
  "${m1[@]}" --where scheme=kyber --where multiplier=ntt --ops transform,inverse --group-by none --ratio isa:portable/neon \
  --paper "$papers/pqc-neon-m1-kyber-ntt.toml"
table "Seed 001, Apple M1: Saber and Saber-NTT" \
  "$seed001 Ref = pqmul's portable toom4-k2, neon = its NEON toom4-k2, neon-ntt = its NEON ntt (one 32-bit prime, canonical residues: not the paper's NTT). The Toom-4+K2/NTT lines are the Saber-NTT table's ratio." \
  "${m1[@]}" --where 'scheme=lightsaber|saber|firesaber' --where 'multiplier=toom4-k2|ntt' \
  --ops keygen,encaps,decaps,inner-product,matrix-vector --ratio multiplier:toom4-k2/ntt \
  --paper "$papers/pqc-neon-m1-saber.toml"
table "Seed 001, Apple M1: NTRU" \
  "$seed001 pqmul's NTRU with toom4-k4 (its portable product is not the reference's). The published table has no key generation, so none is modelled here (docs/model/2026-12-03/neon-kernels-*.csv has NEON key generation of every set)." \
  "${m1[@]}" --where 'scheme=ntruhps2048509|ntruhps2048677|ntruhrss701|ntruhps4096821' --where multiplier=toom4-k4 \
  --ops encaps,decaps --ratio isa:portable/neon --paper "$papers/pqc-neon-m1-ntru.toml"
table "Seed 001, Apple M1: NTRU poly_Rq_mul" \
  "$seed001 pqmul's ring-level R_q product (toom4-k4), conversions included." \
  "${m1[@]}" --where 'scheme=ntru-hps2048509|ntru-hps2048677|ntru-hrss701|ntru-hps4096821' --where multiplier=toom4-k4 \
  --ops mul --ratio isa:portable/neon \
  --paper "$papers/pqc-neon-m1-ntru-mul.toml"
seed000="Published: seed 000 (a Saber NEON paper, publication not identified): beside ours are only the figures the claims list records. Modelled: pqmul's four aarch64 builds of Saber with toom4-k2 (gcc and clang; auto-vectorisation off = Reference¹, on = Reference² and NEON)."
seed000_lines=(--where scheme=saber --where multiplier=toom4-k2 --ops keygen,encaps,decaps --group-by none
  --ratio vectorize:false/true --ratio compiler:clang/gcc --label vectorize:false="Reference¹" --label vectorize:true="Reference²")
table "Seed 000, Cortex-A53: Saber, gcc and clang, Reference¹ / Reference² / NEON" \
  "$seed000 LLVM's Cortex-A53 model (in-order). The paper's A53 figures recorded are ranges over the operations, so they sit in the claims (simd-saber: NEON over Reference¹ 3.1-3.8 gcc, 3.4-4.2 clang; clang-gcc-inorder: clang/gcc 0.92), not on a line here." \
  --where counter=model:cortex-a53 "${seed000_lines[@]}"
table "Seed 000, Cortex-A72: Saber, gcc and clang, Reference¹ / Reference² / NEON" \
  "$seed000 LLVM has no A72 model: its Cortex-A57 model stands for it. Published: Reference¹ / Reference² from the A72 microseconds (512.3/184.4, 654.8/220.2, 785.2/240.8; the compiler not recorded, so beside both); clang/gcc 1.02 is a mean over the operations (claim clang-gcc-inorder)." \
  --where counter=model:cortex-a72 "${seed000_lines[@]}" --paper "$papers/saber-neon-seed000-a72.toml"
mv "$text" "$output"
trap - EXIT
echo "wrote $output ($missing table(s) not made)"
((missing == 0))
