#!/usr/bin/env bash
# pqmul model on the Arm cores, end to end: the aarch64 build traced under
# qemu-aarch64 by the host binary, costed with llvm-mca's Cortex-A53,
# Cortex-A72 and Apple models. Kyber's NEON NTT against the portable one
# (fewer instructions, fewer modelled cycles on every core), ML-KEM-768
# with the NEON NTT and Saber with the NEON toom4-k2 passing their KATs
# inside the probe. Run by ./workbench test
# once both trees are built. Usage: model_arm_test.sh HOST_PQMUL AARCH64_PQMUL
set -uo pipefail
host=$(realpath "$1")
arm=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

for cpu in cortex-a53 cortex-a72 apple-m1; do
  "$host" model --cpu "$cpu" --probe "$arm" --ring kyber --multiplier ntt --isa neon,portable \
    --ops transform,multiply_accumulate,inverse --format csv -o "$work/$cpu-kernels.csv" 2>"$work/err" ||
    fail "$cpu kernels: exit $?: $(tail -2 "$work/err")"
  "$host" model --cpu "$cpu" --probe "$arm" --scheme ml-kem-768 --multiplier ntt --isa neon --strategy cached \
    --format csv -o "$work/$cpu-kem.csv" 2>"$work/err" || fail "$cpu KEM: exit $?: $(tail -2 "$work/err")"
done
# Saber on the NEON Toom-4 kernels: modelled, and its KAT passing inside the probe.
"$host" model --cpu cortex-a72 --probe "$arm" --scheme saber --multiplier toom4-k2 --isa neon --strategy cached \
  --format csv -o "$work/saber.csv" 2>"$work/err" || fail "saber: exit $?: $(tail -2 "$work/err")"
python3 - "$work/saber.csv" <<'PY' || failures=$((failures + 1))
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
ok = sorted(r["operation"] for r in rows) == ["decaps", "encaps", "keygen"]
ok = ok and all(r["correct"] == "pass" and r["isa"] == "neon" and float(r["median"]) > 0 for r in rows)
for r in rows: print(f"cortex-a72 {r['id']} {r['operation']}: {float(r['median']):.0f} cycles, KAT {r['correct']}")
if not ok: print("FAIL: saber/toom4-k2/neon rows", [(r["operation"], r["correct"]) for r in rows])
sys.exit(0 if ok else 1)
PY
python3 - "$work" <<'PY' || failures=$((failures + 1))
import csv, os, re, sys
ok = True
for cpu in ("cortex-a53", "cortex-a72", "apple-m1"):
    rows = {(r["id"], r["operation"]): r for r in csv.DictReader(open(os.path.join(sys.argv[1], cpu + "-kernels.csv")))}
    for r in rows.values():
        if r["counter"] != f"model:{cpu}" or r["emulated"] != "true" or float(r["median"]) <= 0:
            print(f"FAIL: {cpu}: not a model row: {r['id']} {r['operation']}"); ok = False
        share = re.search(r"([0-9.]+)% of them not costed", r["instructions_note"])
        if not share or float(share.group(1)) > 5:
            print(f"FAIL: {cpu}: more than 5% left uncosted: {r['instructions_note']}"); ok = False
    for op in ("transform", "inverse"):
        n, p = rows.get(("kyber/ntt/neon", op)), rows.get(("kyber/ntt/portable", op))
        if not n or not p:
            print(f"FAIL: {cpu}: {op} rows missing"); ok = False; continue
        print(f"{cpu} {op}: neon {float(n['median']):.0f} cycles ({n['instructions']} instructions), "
              f"portable {float(p['median']):.0f} ({p['instructions']})")
        if not (int(n["instructions"]) * 2 < int(p["instructions"]) and float(n["median"]) < float(p["median"])):
            print(f"FAIL: {cpu}: the NEON {op} is not modelled below the portable one"); ok = False
    kem = list(csv.DictReader(open(os.path.join(sys.argv[1], cpu + "-kem.csv"))))
    if sorted(r["operation"] for r in kem) != ["decaps", "encaps", "keygen"]:
        print(f"FAIL: {cpu}: KEM operations {[r['operation'] for r in kem]}"); ok = False
    for r in kem:
        print(f"{cpu} {r['id']} {r['operation']}: {float(r['median']):.0f} cycles, KAT {r['correct']}")
        if r["correct"] != "pass" or r["isa"] != "neon":
            print(f"FAIL: {cpu}: {r['id']} {r['operation']} KAT {r['correct']}"); ok = False
sys.exit(0 if ok else 1)
PY

if ((failures)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "PASS: the NEON NTT modelled below the portable one on every core; ML-KEM-768 and Saber on NEON pass their KATs"
