#!/bin/bash
# The statistical constant-time test of the AVX-512 KEMs (pqmul ct-timing),
# which valgrind cannot run. Usage: ct_timing_test.sh control|kems PQMUL
#   control  decaps followed by an early-exit comparison must be reported as a
#            leak (|t| > 10) on three families, so a pass below means something
#   kems     every AVX-512 KEM: encapsulation (fixed against random coins) and
#            decapsulation (valid against modified ciphertexts; fixed against
#            random key, which for Kyber and ML-KEM keeps ek, rho with it, and
#            varies only the secret part) of every one; keygen (fixed against
#            random seed) of Saber and NTRU. Kyber and ML-KEM are left out of
#            keygen: their seed also fixes rho, whose matrix is rejection-sampled
#            in public variable time (FIPS 203), and through the KEM interface
#            the test cannot hold rho fixed nor tell it apart from a leak
#            (README, "Security").
# A leak in the first run is measured again on its own, twice, and fails the test only if it shows in both.
# On a CPU without AVX-512 it prints the ISA skip marker (ctest: Skipped).
set -u
mode=$1
pqmul=$2
measurements=25000
log=$(mktemp)
exec 3>&1  # the skip marker reaches ctest even while stdout goes to a file
trap 'rm -f "$log"' EXIT

# Runs pqmul ct-timing; sets status. Exits as skipped when AVX-512 cannot run here.
run() {
  "$pqmul" ct-timing "$@" 2> "$log"
  status=$?
  if [ $status -eq 2 ] && grep -q 'avx512 cannot run here' "$log"; then
    echo "PQMUL-SKIPPED-ISA avx512: $(sed -n 's/.*avx512 cannot run here: //p' "$log")" >&3
    exit 0
  fi
  grep -v '^pqmul ct-timing: .* measurements$' "$log" >&2
}

case "$mode" in
  control)
    out=$(mktemp)
    trap 'rm -f "$log" "$out"' EXIT
    run --ops control --scheme ml-kem-768,saber,ntruhps2048677 --multiplier ntt --measurements 30000 > "$out"
    cat "$out"
    rows=$(grep -c ' control ' "$out")
    leaks=$(grep ' control ' "$out" | grep -c ' leak$')
    # The leak is a few ticks in a whole decapsulation: a family it was not
    # found in (this VM's noise) is measured again, alone, with twice the
    # measurements; the test fails only if the leak stays hidden there too.
    missing=$(grep ' control ' "$out" | grep -v ' leak$' | cut -d/ -f1 | paste -sd, -)
    if [ $status -le 1 ] && [ "$rows" -eq 3 ] && [ -n "$missing" ]; then
      echo "not reported in the first run: $missing; measured again with 60000 measurements"
      run --ops control --scheme "$missing" --multiplier ntt --measurements 60000 > "$out"
      cat "$out"
      leaks=$((leaks + $(grep ' control ' "$out" | grep -c ' leak$')))
    fi
    # Exit status 1 is how ct-timing says it found a leak.
    if [ $status -ne 1 ] || [ "$rows" -ne 3 ] || [ "$leaks" -ne 3 ]; then
      echo "FAIL: the deliberate leak was reported in $leaks of $rows rows (expected 3 of 3; exit status $status)"
      exit 1
    fi
    ;;
  kems)
    out=$(mktemp)
    trap 'rm -f "$log" "$out"' EXIT
    run --tests fixed-vs-random-coins,valid-vs-modified-ct,fixed-vs-random-key --measurements $measurements > "$out"
    first=$status
    run --scheme lightsaber,saber,firesaber,ntruhps2048509,ntruhps2048677,ntruhps4096821,ntruhrss701 \
        --tests fixed-vs-random-seed --measurements $measurements >> "$out"
    cat "$out"
    [ $first -le 1 ] && [ $status -le 1 ] || exit 1
    # A leak must show again in two runs of its own, each with new class draws and inputs and twice
    # the measurements: a real one grows with them, a burst of the machine's other work does not
    # repeat (on this shared VM the upper-tail crops of NTRU's operations have reached |t| 22 in a
    # rerun while the raw t stayed below 3, every multiplier alike).
    failed=0
    while read -r id _ op test _; do
      IFS=/ read -r scheme multiplier _ <<< "$id"
      shown=0
      for seed in 2 3; do
        echo "leak in $id $op $test: measuring it again (seed $seed)"
        run --scheme "$scheme" --multiplier "$multiplier" --ops "$op" --tests "$test" --seed $seed \
            --measurements $((2 * measurements))
        [ $status -eq 0 ] && break
        [ $status -eq 1 ] || { failed=1; break; }
        shown=$((shown + 1))
      done
      [ $shown -lt 2 ] || failed=1
    done < <(grep ' leak$' "$out")
    exit $failed
    ;;
  *)
    echo "usage: $0 control|kems PQMUL" >&2
    exit 2
    ;;
esac
