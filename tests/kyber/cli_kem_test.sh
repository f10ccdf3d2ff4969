#!/usr/bin/env bash
# The KEM sub-commands of the pqmul CLI end to end: KAT file byte for byte,
# key generation from a seed against the ACVP-style deterministic values,
# round trip, and bad input (exit 2, a message, no output file left behind).
# Usage: cli_kem_test.sh VECTORS_DIR [EMULATOR...] PQMUL
set -uo pipefail
vectors=$1
runner=("${@:2}")
runner[-1]=$(realpath "${runner[-1]}")  # the tests run in a temporary directory
pqmul() { "${runner[@]}" "$@"; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect_exit CODE COMMAND...: runs the command, checks its exit code.
expect_exit() {
  local code=$1
  shift
  "$@" >out.txt 2>err.txt
  local got=$?
  [[ $got == "$code" ]] || fail "exit $got, expected $code: $* ($(cat err.txt))"
  if [[ $code == 2 && ! -s err.txt ]]; then fail "no error message: $*"; fi
}
no_outputs() {  # no file left for any of the given names, nor temporaries
  for f in "$@"; do [[ ! -e $f ]] || fail "output $f left behind"; done
  compgen -G "*.tmp-*" >/dev/null && fail "temporary files left behind: $(ls ./*.tmp-*)"
  return 0
}

# kat: byte-identical to the stored ML-KEM-768 file, also with a normal-domain multiplier.
expect_exit 0 pqmul kat --scheme ml-kem-768 -o kat.rsp
cmp -s kat.rsp "$vectors/kem/ml-kem/mlkem768_fips203_PQCkemKAT_2400.rsp" || fail "kat ml-kem-768 differs"
expect_exit 0 pqmul kat --scheme kyber768 --multiplier karatsuba -o kat3.rsp
cmp -s kat3.rsp "$vectors/kem/kyber-r3/kyber768_r3_PQCkemKAT_2400.rsp" || fail "kat kyber768 karatsuba differs"

# keygen from the count-0 d||z of the ML-KEM-768 KAT reproduces its pk and sk.
dz=7C9935A0B07694AA0C6D10E4DB6B1ADD2FD81A25CCB148032DCD739936737F2DB505D7CFAD1B497499323C8686325E4792F267AAFA3F87CA60D01CB54F29202A
expect_exit 0 pqmul keygen --scheme ml-kem-768 --seed "$dz" --pk pk.bin --sk sk.bin
pk_hex=$(sed -n 's/^pk = //p' "$vectors/kem/ml-kem/mlkem768_fips203_PQCkemKAT_2400.rsp" | head -1)
[[ $(od -An -v -tx1 pk.bin | tr -d ' \n' | tr a-f A-F) == "$pk_hex" ]] || fail "keygen --seed pk differs from KAT count 0"
m=EB4A7C66EF4EBA2DDB38C88D8BC706B1D639002198172A7B1942ECA8F6C001BA
expect_exit 0 pqmul encaps --scheme ml-kem-768 --multiplier toom4 --pk pk.bin --coins "$m" --ct ct.bin --ss ss.bin
ss_hex=$(sed -n 's/^ss = //p' "$vectors/kem/ml-kem/mlkem768_fips203_PQCkemKAT_2400.rsp" | head -1)
[[ $(od -An -v -tx1 ss.bin | tr -d ' \n' | tr a-f A-F) == "$ss_hex" ]] || fail "encaps --coins ss differs from KAT count 0"
expect_exit 0 pqmul decaps --scheme ml-kem-768 --sk sk.bin --ct ct.bin --ss ss2.bin
cmp -s ss.bin ss2.bin || fail "decaps disagrees with encaps"
# Random keys round trip.
expect_exit 0 pqmul keygen --scheme kyber512 --pk rpk.bin --sk rsk.bin
expect_exit 0 pqmul encaps --scheme kyber512 --pk rpk.bin --ct rct.bin --ss rss.bin
expect_exit 0 pqmul decaps --scheme kyber512 --sk rsk.bin --ct rct.bin --ss rss2.bin
cmp -s rss.bin rss2.bin || fail "random round trip disagrees"

# Bad input: exit 2 and nothing written.
expect_exit 2 pqmul keygen --scheme ml-kem-999 --pk x1 --sk x2
expect_exit 2 pqmul keygen --scheme ml-kem-768 --multiplier fft --pk x1 --sk x2
expect_exit 2 pqmul keygen --scheme ml-kem-768 --seed 00 --pk x1 --sk x2
expect_exit 2 pqmul keygen --scheme ml-kem-768 --seed "${dz}00" --pk x1 --sk x2
expect_exit 2 pqmul keygen --scheme ml-kem-768 --seed "${dz:0:126}zz" --pk x1 --sk x2
expect_exit 2 pqmul keygen --scheme ml-kem-768 --pk x1 --sk missing-dir/x2
no_outputs x1 x2
expect_exit 2 pqmul encaps --scheme ml-kem-512 --pk pk.bin --ct x3 --ss x4
expect_exit 2 pqmul encaps --scheme ml-kem-768 --pk nonexistent.bin --ct x3 --ss x4
expect_exit 2 pqmul encaps --scheme ml-kem-768 --pk pk.bin --coins 00 --ct x3 --ss x4
head -c 100 pk.bin >short.bin
expect_exit 2 pqmul encaps --scheme ml-kem-768 --pk short.bin --ct x3 --ss x4
# A coefficient of 4095 in ek fails the modulus check.
{ printf '\xff\xff'; tail -c +3 pk.bin; } >badpk.bin
expect_exit 2 pqmul encaps --scheme ml-kem-768 --pk badpk.bin --ct x3 --ss x4
no_outputs x3 x4
expect_exit 2 pqmul decaps --scheme ml-kem-768 --sk pk.bin --ct ct.bin --ss x5
expect_exit 2 pqmul decaps --scheme ml-kem-768 --sk sk.bin --ct pk.bin --ss x5
# Flip a bit of H(ek) inside dk (offset 768*3+32): the hash check refuses it.
byte=$(od -An -tu1 -j2336 -N1 sk.bin | tr -d ' ')
{ head -c 2336 sk.bin; printf "\\$(printf %03o $((byte ^ 1)))"; tail -c +2338 sk.bin; } >badsk.bin
cmp -s sk.bin badsk.bin && fail "could not corrupt H(ek)"
expect_exit 2 pqmul decaps --scheme ml-kem-768 --sk badsk.bin --ct ct.bin --ss x5
expect_exit 2 pqmul kat --scheme ml-kem-768 --strategy bogus -o x6
expect_exit 2 pqmul kat --scheme ml-kem-768 -o missing-dir/x6
no_outputs x5 x6
# A modified ciphertext is not an error: implicit rejection gives another key.
{ printf '\x00'; tail -c +2 ct.bin; } >ct2.bin
cmp -s ct.bin ct2.bin && { printf '\x01'; tail -c +2 ct.bin; } >ct2.bin
expect_exit 0 pqmul decaps --scheme ml-kem-768 --sk sk.bin --ct ct2.bin --ss ss3.bin
cmp -s ss.bin ss3.bin && fail "modified ciphertext gave the real shared secret"

# check: one row, pass; an unknown multiplier is a usage error.
expect_exit 0 pqmul check --scheme ml-kem-512 --multiplier ntt
grep -q "ml-kem-512.*ntt.*74b470e797cbdbd589a31d387d36c72aad5033446ab5159bf4014c24652b1173 pass" out.txt ||
  fail "check row missing: $(cat out.txt)"
expect_exit 2 pqmul check --scheme ml-kem-512 --multiplier fft
printf 'Kyber512 | x | 1 | %064d | %064d | y\n' 0 0 >hashes.txt
expect_exit 1 pqmul check --scheme kyber512 --multiplier ntt --hashes hashes.txt
# Bad names are refused before the table: one line on stderr, nothing on stdout.
for args in "--scheme ml-kem-512 --multiplier nosuch" "--multiplier nosuch" "--scheme nosuch" \
            "--scheme ml-kem-512 --isa nosuch" "--scheme ml-kem-512 --strategy nosuch"; do
  # shellcheck disable=SC2086  # the words of $args are the options
  expect_exit 2 pqmul check $args
  [[ -s out.txt ]] && fail "check $args printed before refusing: $(head -2 out.txt)"
  [[ $(wc -l <err.txt) == 1 ]] || fail "check $args: not one error line: $(cat err.txt)"
done
# NTRU has no module strategy: its rows leave the column empty.
expect_exit 0 pqmul check --scheme ntruhps2048509 --multiplier toom4-k2 --isa portable
grep -Eq "^ntruhps2048509 +toom4-k2 +portable +- +[0-9a-f]{64} pass$" out.txt ||
  fail "ntru check row without '-' as strategy: $(cat out.txt)"
grep -q "eager" out.txt && fail "ntru check row shows a strategy: $(cat out.txt)"
# A multiplier without --scheme: every scheme that has it, and each family
# that cannot take it named with the reason. The AVX2 Toom-4 kernels sit on
# the plans they compute: toom4-k2 (and toom4-k3, toom4-k4) on Saber's ring,
# toom4-k4 on NTRU's. On the host only, where AVX2 runs.
if [[ ${#runner[@]} == 1 ]] && grep -qw avx2 /proc/cpuinfo && [[ -z ${PQMUL_FORCE_PORTABLE:-} ]]; then
  expect_exit 0 pqmul check --multiplier toom4-k2 --isa avx2
  for family in kyber ml-kem; do
    grep -qx "$family: not applicable: 'toom4-k2' has no avx2 version (ring kyber)" out.txt ||
      fail "family $family not named: $(cat out.txt)"
  done
  grep -q "^ntru: not applicable: 'toom4-k2' has no avx2 version (ring ntru-" out.txt ||
    fail "family ntru not named for toom4-k2: $(cat out.txt)"
  for scheme in lightsaber saber firesaber; do
    grep -Eq "^$scheme +toom4-k2 +avx2 .* pass$" out.txt || fail "no avx2 row of $scheme: $(cat out.txt)"
  done
  grep -q "^all 3 KAT checks passed$" out.txt || fail "check summary: $(tail -1 out.txt)"
  expect_exit 0 pqmul check --multiplier toom4-k4 --isa avx2
  for scheme in lightsaber saber firesaber ntruhps2048509 ntruhps2048677 ntruhps4096821 ntruhrss701; do
    grep -Eq "^$scheme +toom4-k4 +avx2 .* pass$" out.txt || fail "no toom4-k4 avx2 row of $scheme: $(cat out.txt)"
  done
  for family in kyber ml-kem; do
    grep -qx "$family: not applicable: 'toom4-k4' has no avx2 version (ring kyber)" out.txt ||
      fail "family $family not named for toom4-k4: $(cat out.txt)"
  done
  grep -q "^all 7 KAT checks passed$" out.txt || fail "check summary: $(tail -1 out.txt)"
fi

# pqmul list --kernels: every family's kernels with the backend each ISA runs.
expect_exit 0 pqmul list --kernels
for k in permute_x4 rej_uniform compress centred_binomial invert_s3; do
  grep -q "^  $k " out.txt || fail "list --kernels does not list $k"
done
if pqmul list | grep -q '^isas built:.* avx2'; then  # an x86-64 build
  pqmul list --kernels >out.txt
  grep -Eq '^  permute_x4 +portable +avx2 +avx512 ' out.txt || fail "list --kernels: permute_x4 not portable/avx2/avx512"
fi
expect_exit 0 pqmul list --kernels --json
families='{r["family"] for r in json.load(open("out.txt"))["kernels"]}'
python3 -c "import json, sys; sys.exit($families != {'keccak', 'kyber', 'saber', 'ntru'})" ||
  fail "list --kernels --json: families"

if ((failures)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "all CLI checks passed"
