#!/usr/bin/env bash
# The main experiment: every ring x multiplier x strategy against the
# Kronecker oracle, then the multiplier benchmarks (median TSC ticks),
# written under results/<timestamp>/.
set -euo pipefail
build=${1:-build/release}
stamp=$(date -u +%Y%m%dT%H%M%SZ)
out=results/$stamp
mkdir -p "$out"

echo "== correctness: every ring x multiplier x strategy (rank 3) against the Kronecker oracle"
"$build/experiments/pqmul" mul --ring all --multiplier all --strategy all --rank 3 --trials 2 --table | tee "$out/mul-check.txt"
echo "== correctness: single products"
"$build/experiments/pqmul" mul --ring all --multiplier all --trials 4 --table | tee -a "$out/mul-check.txt"

if [[ -x "$build/experiments/pqmul_bench" ]]; then
  echo "== benchmarks: multipliers (median TSC ticks)"
  "$build/experiments/pqmul_bench" --benchmark_filter='^mul/' --benchmark_min_time=0.05 \
    --benchmark_out="$out/multipliers.json" --benchmark_out_format=json | tee "$out/multipliers.txt"
fi
echo "results written to $out"
