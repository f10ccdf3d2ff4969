#!/usr/bin/env bash
# Writes the seed corpus of the fuzz targets, tests/fuzz/corpus/<name>/, from
# the repository's own files and from what the pqmul of a release tree makes.
# The committed corpus was made with it; run it again when the registry's
# schemes, a file format or a target's input layout changes.
#
#   tests/fuzz/make-corpus.sh <release-build-dir>
set -euo pipefail

if [[ $# -ne 1 ]]; then
  echo "usage: $0 <release-build-dir>" >&2
  exit 2
fi
src=$(cd "$(dirname "$0")/../.." && pwd)
pqmul="$(cd "$1" && pwd)/experiments/pqmul"
corpus="$src/tests/fuzz/corpus"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

byte() { printf "\\x$(printf %02x "$1")"; }
u16() { byte $(($1 & 255)); byte $(($1 >> 8)); }
size() { stat -c %s "$1"; }
fresh() { rm -rf "${corpus:?}/$1" && mkdir -p "$corpus/$1"; }

# The registry's schemes in its order: a KEM target's first byte picks one (modulo their count).
read -r -a schemes < <("$pqmul" keygen --scheme '?' --pk "$tmp/pk" --sk "$tmp/sk" 2>&1 | sed -n 's/.*valid: //p' | tr -d ',')
((${#schemes[@]})) || { echo "make-corpus: cannot list the schemes with $pqmul" >&2; exit 1; }

# KAT text: the published digests, the header and first entry of two .rsp files, and the first
# entries of an LWC known-answer file.
fresh kat
cp "$src/tests/vectors/kem/KAT_HASHES.txt" "$corpus/kat/KAT_HASHES.txt"
sed '/^Count = 21$/,$d' "$src/tests/vectors/tinyjambu/LWC_AEAD_KAT_128_96.txt" >"$corpus/kat/LWC_AEAD_KAT_128_96.first20.txt"
for rsp in kyber-r3/kyber512_r3_PQCkemKAT_1632.first2.rsp ntru-r3/ntruhps2048509_r3_PQCkemKAT_935.rsp; do
  awk 'NR > 2 && /^$/ { print; exit } { print }' "$src/tests/vectors/kem/$rsp" >"$corpus/kat/$(basename "$rsp" .rsp).entry0.rsp"
done

# Specs: the shipped sweeps and claims.
fresh sweep_spec
cp "$src"/experiments/sweeps/*.toml "$corpus/sweep_spec/"
fresh claim_spec
cp "$src"/experiments/claims/*.toml "$corpus/claim_spec/"

# Results: what pqmul bench writes (ring and KEM rows), and the first rows of the committed run.
fresh results_csv
fresh results_json
bench() { "$pqmul" bench --samples 5 --repetitions 6 --warmup 0 "$@" 2>/dev/null; }
for format in csv json; do
  bench --ring kyber --multiplier schoolbook,ntt --isa portable --ops mul,transform --format "$format" \
    -o "$corpus/results_$format/bench-ring.$format"
  bench --scheme lightsaber --multiplier toom4-k2 --strategy cached --isa portable --format "$format" \
    -o "$corpus/results_$format/bench-kem.$format"
  bench --scheme ml-kem-512 --multiplier ntt --correctness-only --format "$format" \
    -o "$corpus/results_$format/correctness-only.$format"
done
committed=$(ls -d "$src"/docs/results/*/ | tail -n 1)
head -n 13 "$committed/results.csv" >"$corpus/results_csv/committed-first-rows.csv"

# Keys and ciphertexts of every scheme: <scheme pick><build pick><mode> then the bytes (fuzz_key_files.cpp,
# fuzz_decaps.cpp).
fresh key_files
fresh decaps
for i in "${!schemes[@]}"; do
  s=${schemes[$i]}
  "$pqmul" keygen --scheme "$s" --pk "$tmp/pk" --sk "$tmp/sk"
  "$pqmul" encaps --scheme "$s" --pk "$tmp/pk" --ct "$tmp/ct" --ss "$tmp/ss"
  { byte "$i"; byte 0; byte 0; cat "$tmp/pk"; } >"$corpus/key_files/$s.pk"
  { byte "$i"; byte 1; byte 1; cat "$tmp/sk"; } >"$corpus/key_files/$s.sk"
  { byte "$i"; byte "$i"; byte 0; cat "$tmp/sk" "$tmp/ct"; } >"$corpus/decaps/$s"
done
# Lengths given (mode 1): right ones, and a ciphertext one byte short.
for i in 4 9; do
  s=${schemes[$i]}
  "$pqmul" keygen --scheme "$s" --pk "$tmp/pk" --sk "$tmp/sk"
  "$pqmul" encaps --scheme "$s" --pk "$tmp/pk" --ct "$tmp/ct" --ss "$tmp/ss"
  { byte "$i"; byte 2; byte 1; u16 "$(size "$tmp/sk")"; u16 "$(size "$tmp/ct")"; cat "$tmp/sk" "$tmp/ct"; } \
    >"$corpus/decaps/$s.lengths"
  { byte "$i"; byte 3; byte 1; u16 "$(size "$tmp/sk")"; u16 $(($(size "$tmp/ct") - 1)); cat "$tmp/sk" "$tmp/ct"; } \
    >"$corpus/decaps/$s.short-ct"
done

# Sealed files, to the key pair of count 0 of the scheme's KAT file (fuzz_hybrid_open.cpp).
fresh hybrid_open
printf 'a short message\n' >"$tmp/short"
: >"$tmp/empty"
for s in ml-kem-768 kyber512 lightsaber ntruhps2048509; do
  "$pqmul" kat --scheme "$s" -o "$tmp/kat.rsp"
  sed -n '/^pk = /{s/^pk = //p;q}' "$tmp/kat.rsp" | xxd -r -p >"$tmp/pk"
  for plaintext in empty short; do
    "$pqmul" seal --scheme "$s" --pk "$tmp/pk" -i "$tmp/$plaintext" -o "$corpus/hybrid_open/$s.$plaintext.sealed"
  done
done

# Seal-and-change runs (fuzz_hybrid_tamper.cpp): <scheme pick><length u16><extra chunks><fill>, then edits,
# each <1><kind><arguments>: kind 0 flips a byte, 1 truncates, 2 drops a chunk, 3 duplicates one, 4 swaps two,
# 5 appends bytes.
fresh hybrid_tamper
tamper() {  # tamper <file> <scheme pick> <length> <extra chunks> <edit bytes...>
  local file=$1 pick=$2 length=$3 chunks=$4
  shift 4
  { byte "$pick"; u16 "$length"; byte "$chunks"; byte 65; for b in "$@"; do byte "$b"; done; } \
    >"$corpus/hybrid_tamper/$file"
}
tamper unchanged-empty 4 0 0 0
tamper unchanged-two-chunks 4 100 1 0
tamper flipped-tag 6 100 0 1 0 200 0 0 1 0
tamper truncated 9 100 1 1 1 0 0 1 0
tamper dropped-chunk 4 10 2 1 2 1 0 0 0
tamper duplicated-chunk 7 10 1 1 3 0 0 0 0
tamper swapped-chunks 12 10 2 1 4 0 0 0 1 0 0 0
tamper appended 4 10 0 1 5 8 1 2 3 4 5 6 7 8 0

du -sh "$corpus"/*
