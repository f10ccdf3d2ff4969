#!/usr/bin/env bash
# End to end on the host: a small results directory measured now by
# `pqmul bench` (a few cheap rows), then `pqmul reproduce`, `pqmul table`,
# `pqmul plot` (images must be non-empty) and both notebooks executed with
# Debian's Python (another python3 may come first on PATH).
#   report_test.sh PQMUL SOURCE_DIR
set -euo pipefail
pqmul=$1
source_dir=$2
python=/usr/bin/python3

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
results=$tmp/results/20000101T000000Z
mkdir -p "$results"

fail() {
  echo "report test: $*" >&2
  exit 1
}

# Two multipliers on two rings (a product each) and the rank-3 module
# product under two strategies: cheap, and enough for every kind of output.
"$pqmul" bench --ring saber,kyber --multiplier schoolbook,toom4-k2 --isa portable --ops mul --min-time 0.01 --warmup 0 \
  --format csv -o "$tmp/mul.csv"
"$pqmul" bench --ring saber --multiplier toom4-k2 --isa portable --ops matrix-vector --strategy eager,cached --min-time 0.01 \
  --warmup 0 --format csv -o "$tmp/mv.csv"
{ cat "$tmp/mul.csv"; tail -n +2 "$tmp/mv.csv"; } >"$results/results.csv"
rows=$(($(wc -l <"$results/results.csv") - 1))
((rows == 6)) || fail "expected 6 measured rows, got $rows"

# Claims: the counted one is confirmed, the timed MV one decided or partial, none silently absent.
"$pqmul" reproduce --results "$results" >"$tmp/claims.txt"
for f in claims.md claims.tex claims.json; do [[ -s $results/$f ]] || fail "$f not written"; done
grep -q "^tmto-evals \[x86, same\]: confirmed" "$tmp/claims.txt" || fail "tmto-evals not confirmed"
grep -q "^neon-ntt-saber \[arm, model\]: not measurable here" "$tmp/claims.txt" || fail "arm claim not marked"
# A counted claim needs no results directory.
(cd "$tmp" && "$pqmul" reproduce tmto-evals >"$tmp/counted.txt") || fail "reproduce tmto-evals without results failed"
grep -q "^tmto-evals \[x86, same\]: confirmed" "$tmp/counted.txt" || fail "tmto-evals without results not confirmed"
grep -q "^16 claims:" "$tmp/claims.txt" || fail "not every claim reported"
grep -q '\\toprule' "$results/claims.tex" || fail "claims.tex has no booktabs rules"
"$pqmul" reproduce no-such-claim --results "$results" >/dev/null 2>&1 && fail "an unknown claim was accepted"

# Tables in the three formats, transposed, and beside a paper's figures.
"$pqmul" table "$results" --format markdown |
  grep -Eq "^\| Implementation \| Matrix-vector \((ticks|µs)\) \| Multiplication \((ticks|µs)\) \|" ||
  fail "markdown table header"
"$pqmul" table "$results" --format latex | grep -q '^\\bottomrule' || fail "latex table"
"$pqmul" table "$results" --format csv --group-by none --ratio strategy:cached/eager |
  grep -Eq '^,"Saber, Toom-4\+K2, ℓ=3: cached/eager",ratio,(ticks|us),' || fail "csv ratio line"
"$pqmul" table "$results" --layout transposed --ops mul --ratio none | grep -q "^| Multiplication |" ||
  fail "transposed table"
printf '["Schoolbook"]\nmul = 1000\n' >"$tmp/paper.toml"
"$pqmul" table "$results" --where scheme=kyber --ops mul --ratio none --paper "$tmp/paper.toml" |
  grep -q "^| \*Schoolbook (difference)\* | [+-][0-9.]*% |" || fail "paper-vs-ours table"
"$pqmul" table "$results" --paper "$tmp/no-such.toml" >/dev/null 2>&1 && fail "a missing paper file was accepted"

# The seeds' Arm tables from the committed model rows: every table made, every
# published figure on a line of ours (a label that matches nothing is refused).
arm=$tmp/arm
mkdir -p "$arm"
cp "$source_dir"/docs/results/2026-12-02/model*.csv "$arm/"
bash "$source_dir/scripts/arm-tables.sh" "$pqmul" "$arm" >"$tmp/arm.txt" || fail "arm tables: $(cat "$tmp/arm.txt")"
grep -q "(0 table(s) not made)" "$tmp/arm.txt" || fail "an Arm table was not made"
for title in "Apple M1: Kyber" "Apple M1: Saber and Saber-NTT" "Apple M1: NTRU poly_Rq_mul" "Cortex-A53: Saber" \
  "Cortex-A72: Saber"; do
  grep -q "^## Seed 00[01], $title" "$arm/arm-tables.md" || fail "arm table '$title' missing"
done
grep -q "^| \*Neon (paper)\* | 21,693 |" "$arm/arm-tables.md" || fail "M1 Kyber512 neon keygen not beside ours"
grep -q "^| \*Portable, GCC: Reference¹/Reference² (paper)\* | 2.78 |" "$arm/arm-tables.md" ||
  fail "seed 000 A72 ratio not beside ours"
grep -q "KeyGen (model:apple-m1 cycles)" "$arm/arm-tables.md" || fail "modelled cycles not named"
printf '[Kyber512.Neon]\nkeygen = 1\n[Kyber999.Neon]\nkeygen = 1\n' >"$tmp/stray.toml"
"$pqmul" table "$arm"/model-clang.csv --where counter=model:apple-m1 --where multiplier=ntt \
  --paper "$tmp/stray.toml" >/dev/null 2>"$tmp/stray.err" && fail "a paper figure matching no line was accepted"
grep -q "in section 'Kyber999' match no line" "$tmp/stray.err" || fail "stray paper figure: $(cat "$tmp/stray.err")"

# Figures: image, data and script beside each other, named per output.
"$pqmul" plot "$results" --kind bars --by multiplier --ops mul -o "$results/bars.png"
"$pqmul" plot "$results" --kind bars --by multiplier --ops mul -o "$results/bars.svg"
"$pqmul" plot "$results" --kind scaling -o "$results/scaling.pdf"
"$pqmul" plot "$results" --kind claim -o "$results/claims.png"
for f in bars.png bars.png.dat bars.png.gp bars.svg bars.svg.gp scaling.pdf scaling.pdf.gp claims.png claims.png.gp; do
  [[ -s $results/$f ]] || fail "$f missing or empty"
done
head -c 8 "$results/bars.png" | od -An -tx1 | grep -q "89 50 4e 47" || fail "bars.png is not a PNG"
grep -q "<svg" "$results/bars.svg" || fail "bars.svg is not an SVG"
head -c 5 "$results/scaling.pdf" | grep -q "%PDF" || fail "scaling.pdf is not a PDF"

# Notebooks.
[[ -x $python ]] || fail "$python not found (scripts/install-deps.sh installs it)"
PQMUL_RESULTS=$results PYDEVD_DISABLE_FILE_VALIDATION=1 "$python" -m nbconvert --execute --to notebook --output-dir "$tmp/executed" \
  "$source_dir/notebooks/results.ipynb" "$source_dir/notebooks/claims.ipynb"
for nb in results claims; do [[ -s $tmp/executed/$nb.ipynb ]] || fail "$nb.ipynb not executed"; done
grep -q '"output_type": "error"' "$tmp/executed/results.ipynb" "$tmp/executed/claims.ipynb" &&
  fail "a notebook cell failed"
grep -q "image/png" "$tmp/executed/results.ipynb" || fail "results.ipynb drew no chart"
grep -q "tmto-evals" "$tmp/executed/claims.ipynb" || fail "claims.ipynb does not show the claims"
echo "report test: all outputs written and checked"
