#!/usr/bin/env bash
# pqmul model end to end on this machine's own architecture (the method's
# validation): the release binary traced under qemu-x86_64 and costed with
# llvm-mca's Zen 3 model. Its dynamic instruction counts are checked against
# callgrind's (an independent count of the same code), its rows are model
# rows (counter model:znver3, emulated), --measure prints the error per row,
# and bad requests are refused in one line with nothing written.
# Usage: model_test.sh PQMUL
set -uo pipefail
pqmul_bin=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

sel=(--ring kyber --multiplier ntt --isa portable,avx2 --ops transform,inverse)
"$pqmul_bin" model --cpu znver3 "${sel[@]}" --format csv -o model.csv 2>model.err || fail "model exited $?: $(tail -2 model.err)"
"$pqmul_bin" bench "${sel[@]}" --instructions --repetitions 6 --format csv -o bench.csv 2>bench.err ||
  fail "bench exited $?: $(tail -2 bench.err)"
python3 - model.csv bench.csv <<'PY' || failures=$((failures + 1))
import csv, sys
model = {(r["id"], r["operation"]): r for r in csv.DictReader(open(sys.argv[1]))}
bench = {(r["id"], r["operation"]): r for r in csv.DictReader(open(sys.argv[2]))}
ok = len(model) == 4
for key, r in model.items():
    if r["counter"] != "model:znver3" or r["emulated"] != "true" or float(r["median"]) <= 0:
        print("FAIL: not a model row:", key, r["counter"], r["emulated"], r["median"]); ok = False
    theirs = bench.get(key, {}).get("instructions", "")
    if not theirs:
        print("FAIL: no callgrind count for", key); ok = False; continue
    mine, theirs = int(r["instructions"]), int(theirs)
    print(f"{key[0]} {key[1]}: qemu {mine} instructions, callgrind {theirs}, modelled {float(r['median']):.0f} cycles")
    # qemu also counts the probe's loop and the call of the case (a few dozen instructions per run).
    if abs(mine - theirs) > 0.01 * theirs + 40:
        print(f"FAIL: {key}: qemu counted {mine} instructions, callgrind {theirs}"); ok = False
# The AVX2 transform executes far fewer instructions than the portable one and is modelled faster.
p, v = model[("kyber/ntt/portable", "transform")], model[("kyber/ntt/avx2", "transform")]
if not (int(v["instructions"]) * 4 < int(p["instructions"]) and float(v["median"]) < float(p["median"])):
    print("FAIL: the AVX2 transform is not modelled below the portable one"); ok = False
sys.exit(0 if ok else 1)
PY

"$pqmul_bin" model --cpu znver3 --ring kyber --multiplier ntt --isa avx2 --ops transform --measure >measure.txt 2>&1 ||
  fail "--measure exited $?: $(tail -2 measure.txt)"
grep -Eq "^kyber/ntt/avx2 +transform .*%$" measure.txt || fail "--measure prints no error for the row: $(cat measure.txt)"
grep -q "core cycles per tick" measure.txt || fail "--measure does not say how ticks became cycles"

# pqmul reproduce reads model.csv beside results.csv, and refuses a measured row in it.
mkdir -p run && cp bench.csv run/results.csv && cp model.csv run/model.csv
"$pqmul_bin" reproduce kyber-neon-m1 --results run -o run-out >reproduce.txt 2>&1 || fail "reproduce exited $?: $(tail -2 reproduce.txt)"
grep -q "model:znver3" reproduce.txt || fail "reproduce did not read model.csv: $(head -2 reproduce.txt)"
mkdir -p bad && cp bench.csv bad/results.csv && cp bench.csv bad/model.csv
"$pqmul_bin" reproduce kyber-neon-m1 --results bad -o bad-out >/dev/null 2>err.txt && fail "a measured row in model.csv was accepted"
grep -q "not modelled" err.txt || fail "model.csv with a measured row: $(cat err.txt)"
[[ ! -e bad-out/claims.md ]] || fail "a refused reproduce wrote claims.md"

expect_refusal() {  # expect_refusal PATTERN ARGS...
  local pattern=$1
  shift
  "$pqmul_bin" model "$@" -o out.csv >/dev/null 2>err.txt && fail "accepted: $*"
  [[ $(wc -l <err.txt) == 1 ]] || fail "not one line: $*: $(cat err.txt)"
  grep -q -- "$pattern" err.txt || fail "message lacks '$pattern': $(cat err.txt)"
  [[ ! -e out.csv ]] || fail "a refused run left out.csv: $*"
}
expect_refusal "unknown CPU model" --cpu pentium --ring kyber
expect_refusal "either --scheme or --ring" --cpu znver3
expect_refusal "needs a model of this machine" --cpu cortex-a72 --ring kyber --measure
expect_refusal "no aarch64 build" --cpu cortex-a72 --ring kyber --probe "$work/nothing"
expect_refusal "the probe failed" --cpu znver3 --ring no-such-ring

if ((failures)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "PASS: qemu's instruction counts match callgrind's, model rows, --measure, refusals"
