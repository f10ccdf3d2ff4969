#!/usr/bin/env bash
# pqmul_bench registers a benchmark for everything `pqmul list` offers, from
# the same registries: every (ring, multiplier, ISA that runs here) a ring
# product, every KEM with every multiplier its portable operations, every NTRU
# KEM its R_q products; one of them runs and reports ticks; a wrong flag is
# refused. Usage: bench_names_test.sh <pqmul_bench> <pqmul>
set -euo pipefail
bench=$1
pqmul=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bench" --benchmark_list_tests > "$work/names.txt"
"$pqmul" list --json > "$work/list.json"

python3 - "$work/names.txt" "$work/list.json" <<'EOF'
import json, sys
names = set(open(sys.argv[1]).read().split())
listing = json.load(open(sys.argv[2]))
expected = []
for m in listing["multipliers"]:
    # Each multiplier with its default variant (the first), as RingMultiplier::id() names it.
    variant = m["variants"][0] if m["variants"] else ""
    name = m["name"] + ("-" + variant if variant else "")
    for isa in m["isas"]:
        if isa["runs_here"]:
            expected.append(f"mul/{m['ring']}/{name}/{isa['isa']}/mul")
for k in listing["kems"]:
    for op in ("keygen", "encaps", "decaps"):
        expected.append(f"kem/{k['scheme']}/{k['multiplier']}/portable/{op}")
    if k["scheme"].startswith("ntru"):
        for op in ("rq_mul", "rq_mul_short"):
            expected.append(f"ntru/{k['scheme']}/{k['multiplier']}/portable/{op}")
missing = [e for e in expected if e not in names]
if missing:
    print(f"{len(missing)} of {len(expected)} benchmarks missing, first: {', '.join(missing[:5])}")
    sys.exit(1)
print(f"all {len(expected)} expected benchmarks registered ({len(names)} in all)")
EOF

# One product of the multiplier whose registration once aborted the whole binary.
"$bench" --benchmark_filter='^ntru/ntruhps2048509/ntt16/portable/rq_mul_short$' --benchmark_min_time=0.01 \
  --benchmark_format=json > "$work/run.json"
python3 - "$work/run.json" <<'EOF'
import json, sys
runs = json.load(open(sys.argv[1]))["benchmarks"]
assert [r["name"] for r in runs] == ["ntru/ntruhps2048509/ntt16/portable/rq_mul_short"], runs
assert runs[0]["real_time"] > 0, runs[0]
print("ran", runs[0]["name"])
EOF

if "$bench" --no-such-flag > "$work/out.txt" 2>&1; then
  echo "an unknown flag was accepted"
  exit 1
fi
echo "unknown flag refused"
