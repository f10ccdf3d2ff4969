#!/usr/bin/env bash
# pqmul tune end to end on a small space: a search within its budget whose
# final rung holds the KEMs' plan (toom4-k2), a front that holds or dominates
# it, the winners passing every Saber KAT (--check), a Pareto figure, a
# resume that measures nothing again, and refusals of a damaged state and of
# bad options. Usage: tune_test.sh PQMUL
set -uo pipefail
pqmul_bin=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

small=(--ring saber --isa portable --max-levels 1 --point-sets 1 --leaves 0,16 --final 3)
start=$(date +%s)
if ! "$pqmul_bin" tune "${small[@]}" --budget 0.3 --results run --check >out.txt 2>err.txt; then
  fail "tune exited $?: $(tail -3 err.txt)"
fi
took=$(($(date +%s) - start))
cat out.txt
# The budget (18 s) bounds the search; the KATs of --check come after it.
(( took <= 45 )) || fail "tune with an 18 s budget took ${took} s"
for f in results.csv front.csv tune.json state.json rung-0.csv; do [[ -s run/$f ]] || fail "run/$f missing"; done
for kem in lightsaber saber firesaber; do
  grep -Eq "^kat $kem .* 100 vectors pass$" out.txt || fail "no passing KAT line for $kem"
done
python3 - run/tune.json <<'PY' || failures=$((failures + 1))
import json, sys
doc = json.load(open(sys.argv[1]))
final = doc["final"]
def objectives(c): return (c["median"], c["stack_bytes"], c["bytes_held"])
def dominates(a, b): return all(x <= y for x, y in zip(a, b)) and a != b
ok = True
for op in ("mul", "matrix-vector"):
    rows = [c for c in final if c["operation"] == op]
    plan = [c for c in rows if c["multiplier"] == "toom4-k2"]
    front = [c for c in rows if c["front"]]
    if not plan or not front:
        print(f"FAIL: {op}: toom4-k2 or the front missing from the final rung"); ok = False; continue
    for p in plan:
        if not p["front"] and not any(dominates(objectives(f), objectives(p)) for f in front):
            print(f"FAIL: {op}: toom4-k2 ({p['strategy']}) neither on the front nor dominated by it"); ok = False
    for f in front:  # nothing in the final rung dominates a front member
        if any(dominates(objectives(c), objectives(f)) for c in rows):
            print(f"FAIL: {op}: front member {f['multiplier']} is dominated"); ok = False
if doc["space"]["candidates"] < 5 or doc["candidates_checked"] != doc["space"]["candidates"]:
    print("FAIL: space or oracle counts:", doc["space"], doc["candidates_checked"]); ok = False
sys.exit(0 if ok else 1)
PY

"$pqmul_bin" plot run/results.csv --kind pareto --ops mul -o run/front.png >/dev/null || fail "pareto figure"
[[ -s run/front.png ]] || fail "no pareto figure"

# A finished search resumes without measuring again.
"$pqmul_bin" tune "${small[@]}" --budget 0.3 --results run >again.txt 2>again.err || fail "resume exited $?"
grep -q "resuming after rung" again.err || fail "the second run did not resume"
grep -q "^pqmul tune: rung" again.err && fail "the resumed run measured again"
# The same summary, to the time spent and the oracle counts (the KATs ran only the first time).
cmp -s <(grep -v "^kat " out.txt) again.txt || fail "the resumed run reports another search: $(diff <(grep -v "^kat " out.txt) again.txt | head -4)"

# Fanned out: two chunks of the candidates through GNU parallel (one job at a
# time: parts time themselves), merged into one front.
if command -v parallel >/dev/null; then
  "$pqmul_bin" tune "${small[@]}" --budget 0.15 --results "$work/fan" --emit parallel --chunks 2 --out jobs.txt \
    2>/dev/null || fail "tune --emit parallel exited $?"
  [[ $(wc -l <jobs.txt) == 2 ]] || fail "expected 2 jobs: $(cat jobs.txt)"
  grep -q -- "--chunk 1/2 --results $work/fan/part-" jobs.txt || fail "job list lacks chunk 1/2: $(cat jobs.txt)"
  parallel --jobs 1 --halt now,fail=1 <jobs.txt >/dev/null 2>parallel.err || fail "parts failed: $(tail -3 parallel.err)"
  "$pqmul_bin" tune merge "$work"/fan/part-* --out "$work/fan/merged" >merged.txt 2>merged.err ||
    fail "merge exited $?: $(cat merged.err)"
  [[ $(grep -c "^part .*chunk [01]/2 on " merged.txt) == 2 ]] || fail "merge does not list both parts: $(head merged.txt)"
  grep -q "missing" merged.txt && fail "merge reports a missing chunk"
  python3 - "$work"/fan/part-*/results.csv "$work/fan/merged/results.csv" <<'PY' || failures=$((failures + 1))
import csv, sys
*parts, merged = sys.argv[1:]
count = sum(len(list(csv.DictReader(open(p)))) for p in parts)
rows = list(csv.DictReader(open(merged)))
ok = len(rows) == count and all(r["cpu"] for r in rows)
ok = ok and any(r["multiplier"] == "toom4-k2" for r in rows)  # the catalogue, from chunk 0
if not ok: print(f"FAIL: merged {len(rows)} rows of {count}, or a row without its cpu, or no toom4-k2")
sys.exit(0 if ok else 1)
PY
  expect_refusal_merge() {
    "$pqmul_bin" tune merge "$@" >/dev/null 2>err.txt && fail "merge accepted: $*"
    [[ $(wc -l <err.txt) == 1 ]] || fail "merge refusal not one line: $(cat err.txt)"
  }
  chunk0=$(ls -d "$work"/fan/part-*-0)
  expect_refusal_merge "$chunk0" "$chunk0" --out "$work/twice"
  grep -q "both chunk 0/2" err.txt || fail "a part given twice: $(cat err.txt)"
  expect_refusal_merge "$chunk0" "$work/run" --out "$work/mixed"
  grep -q "another search" err.txt || fail "parts of two searches: $(cat err.txt)"
  [[ ! -e $work/twice && ! -e $work/mixed ]] || fail "a refused merge left a directory"
else
  fail "GNU parallel is not installed (scripts/install-deps.sh installs it)"
fi

# Refusals: one line, non-zero, nothing written.
expect_refusal() {  # expect_refusal PATTERN ARGS...
  local pattern=$1
  shift
  "$pqmul_bin" "$@" >/dev/null 2>err.txt && fail "accepted: $*"
  [[ $(wc -l <err.txt) == 1 ]] || fail "not one line: $*: $(cat err.txt)"
  grep -q -- "$pattern" err.txt || fail "message lacks '$pattern': $(cat err.txt)"
}
cp -r run damaged && printf '{"format": "pqmul-tune-1", "identity": 3' >damaged/state.json
expect_refusal "malformed tuning state" tune "${small[@]}" --results damaged
expect_refusal "another search" tune --ring saber --max-levels 2 --results run
expect_refusal "unknown ring" tune --ring no-such-ring --results nothing
[[ ! -e nothing ]] || fail "a refused ring left a results directory"
expect_refusal "budget" tune --ring saber --budget 0 --results nothing
expect_refusal "leaf" tune --ring saber --leaves 16,x --results nothing

if ((failures)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "PASS: tune within its budget, front holds or beats toom4-k2, winners pass the Saber KATs, resume and refusals"
