#!/usr/bin/env bash
# Hostile and mistaken input to the pqmul CLI, end to end: every case is
# refused with one line on stderr and exit status 2 (or, for a signal, ends by
# that signal), leaves no output and no temporary file, and runs no command
# from a file. The README's "Security" section lists what each part checks.
# Usage: robustness_test.sh PQMUL
set -uo pipefail
pqmul_bin=$(realpath "$1")
pqmul() { "$pqmul_bin" "$@"; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# refused PATTERN pqmul ARGS...: exit 2, one line on stderr matching PATTERN, within 60 s.
refused() {
  local pattern=$1
  shift 2
  timeout 60 "$pqmul_bin" "$@" >out.txt 2>err.txt
  local got=$?
  [[ $got == 2 ]] || fail "exit $got, expected 2: $* ($(head -c 300 err.txt))"
  [[ $(wc -l <err.txt) == 1 ]] || fail "not one line on stderr: $*: $(head -c 300 err.txt)"
  grep -q -- "$pattern" err.txt || fail "message lacks '$pattern': $*: $(cat err.txt)"
}
no_leftovers() {  # none of the given files exists, and no staged file anywhere here
  for f in "$@"; do [[ ! -e $f ]] || fail "$f left behind"; done
  if compgen -G "*.tmp-*" >/dev/null || compgen -G "*/*.tmp-*" >/dev/null; then
    fail "temporary files left behind: $(ls -- *.tmp-* */*.tmp-* 2>/dev/null)"
  fi
  return 0
}

pqmul keygen --scheme ml-kem-512 --pk pk --sk sk || fail "keygen"
pqmul encaps --scheme ml-kem-512 --pk pk --ct ct --ss ss || fail "encaps"
printf 'hello\n' >plain
pqmul seal --scheme ml-kem-512 --pk pk -i plain -o sealed || fail "seal"
mkdir dir

# Numeric options: each out of its range, named in the message.
range='not in range\|is not a number in\|is not a whole number in'
refused "$range" pqmul bench --ring kyber --samples -1
refused "$range" pqmul bench --ring kyber --samples 99999999999
refused "$range" pqmul bench --ring kyber --min-time -1
refused "$range" pqmul bench --ring kyber --min-time nan
refused "$range" pqmul bench --ring kyber --min-time inf
refused "$range" pqmul bench --ring kyber --warmup -1
refused "$range" pqmul bench --ring kyber --warmup-max 0
refused "$range" pqmul bench --ring kyber --max-half-width nan
refused "$range" pqmul bench --ring kyber --max-steal 101
refused "$range" pqmul bench --ring kyber --max-load -1
refused "$range" pqmul bench --ring kyber --repetitions 2000000000
refused "$range" pqmul bench --ring kyber --reruns -1
refused "$range" pqmul bench --ring kyber --pin-cpu -1
refused "$range" pqmul bench --ring kyber --rank 100000
refused "$range" pqmul bench --ring kyber --instruction-calls 0
refused "at most" pqmul bench --ring kyber --multiplier schoolbook --ops mul --samples 1000000 --repetitions 1000
refused "$range" pqmul mul --ring kyber --multiplier ntt --trials -1
refused "$range" pqmul mul --ring kyber --multiplier ntt --rank 100000
refused "$range" pqmul mul --ring kyber --multiplier ntt --seed -1
refused "$range" pqmul count --ring kyber --multiplier ntt --rank 100000
refused "$range" pqmul toom --points 0,1,-1,2,inf --word-bits 0
refused "$range" pqmul sweep --dry-run --jobs -1 spec.toml

# Specs and results: nesting and size bounded before parsing; no crash.
python3 -c "print('name = ' + '[' * 20000 + ']' * 20000)" >deep.toml
refused "nest 20000 deep" pqmul sweep --dry-run deep.toml
python3 -c "print('[' * 20000 + ']' * 20000)" >deep.json
refused "nest more than" pqmul table deep.json
head -c $((2 << 20)) /dev/zero | tr '\0' '#' >huge.toml
refused "larger than" pqmul sweep --dry-run huge.toml
refused "not a regular file" pqmul sweep --dry-run /dev/zero
refused "not a regular file" pqmul table /dev/zero
refused "is a directory" pqmul sweep --dry-run dir

# Keys and ciphertexts: at most their length + 1 byte read; no device, no directory.
refused "not a regular file" pqmul encaps --scheme ml-kem-512 --pk /dev/zero --ct x1 --ss x2
refused "not a regular file" pqmul decaps --scheme ml-kem-512 --sk /dev/zero --ct ct --ss x3
refused "not a regular file" pqmul decaps --scheme ml-kem-512 --sk sk --ct /dev/zero --ss x3
refused "not a regular file" pqmul seal --scheme ml-kem-512 --pk /dev/zero -i plain -o x4
refused "not a regular file" pqmul open --scheme ml-kem-512 --sk /dev/zero -i sealed -o x4
refused "not a regular file" pqmul seal --scheme ml-kem-512 --pk pk -i /dev/zero -o x4
refused "is a directory" pqmul encaps --scheme ml-kem-512 --pk dir --ct x1 --ss x2
cat pk pk >long.pk
refused "has $((2 * $(wc -c <pk))) bytes, expected $(wc -c <pk)" pqmul encaps --scheme ml-kem-512 --pk long.pk --ct x1 --ss x2
refused "not a regular file" pqmul check --scheme ml-kem-512 --hashes /dev/urandom
no_leftovers x1 x2 x3 x4

# A multiplier built for bounded factors is checked on inputs within them (ntt16 with two primes holds
# a Saber row of secret products, not of full-range ones).
pqmul mul --ring saber --multiplier ntt16 --params "bound-b=4" --rank 3 --isa portable >out.txt 2>&1 ||
  fail "mul within bound-b: $(cat out.txt)"

# Variable-time multipliers: refused where secrets are, kept and named elsewhere.
for args in "keygen --pk x1 --sk x2" "encaps --pk pk --ct x1 --ss x2" "decaps --sk sk --ct ct --ss x3"; do
  # shellcheck disable=SC2086  # the words of $args are the options
  refused "runs in variable time" pqmul $args --scheme ml-kem-512 --multiplier kronecker
done
refused "runs in variable time" pqmul seal --scheme saber --multiplier kronecker --pk pk -i plain -o x4
refused "runs in variable time" pqmul open --scheme ml-kem-512 --multiplier kronecker --sk sk -i sealed -o x4
no_leftovers x1 x2 x3 x4
pqmul keygen --scheme ml-kem-512 --multiplier kronecker --allow-variable-time --pk vpk --sk vsk ||
  fail "--allow-variable-time refused"
pqmul check --scheme ml-kem-512 --multiplier kronecker >out.txt 2>&1 || fail "check kronecker: $(cat out.txt)"
grep -q "kronecker .* pass  (variable-time multiplier" out.txt || fail "check row does not say variable time: $(cat out.txt)"
pqmul bench --ring kyber --multiplier kronecker,schoolbook --isa portable --ops mul --correctness-only --format csv \
  >rows.csv 2>/dev/null || fail "bench --correctness-only"
python3 - <<'PY' || fail "bench rows: variable_time not true for kronecker only: $(cat rows.csv)"
import csv, sys
rows = list(csv.DictReader(open("rows.csv")))
sys.exit(not rows or any((r["multiplier"] == "kronecker") != (r["variable_time"] == "true") for r in rows))
PY
pqmul kat --scheme ml-kem-512 --multiplier kronecker -o kat.rsp 2>err.txt || fail "kat kronecker"
grep -q "variable-time multiplier" err.txt || fail "kat does not say variable time: $(cat err.txt)"

# An output never replaces an input or another output.
cp sk sk.orig
refused "same file as the input" pqmul decaps --scheme ml-kem-512 --sk sk --ct ct --ss sk
refused "same file as the input" pqmul decaps --scheme ml-kem-512 --sk sk --ct ct --ss ./dir/../sk
ln -s sk sk.link
refused "same file as the input" pqmul decaps --scheme ml-kem-512 --sk sk.link --ct ct --ss sk
cmp -s sk sk.orig || fail "decaps changed its secret key"
refused "same file as the output" pqmul keygen --scheme ml-kem-512 --pk S --sk S
refused "same file as the input" pqmul encaps --scheme ml-kem-512 --pk pk --ct pk --ss x2
refused "same file as the input" pqmul seal --scheme ml-kem-512 --pk pk -i plain -o plain
refused "same file as the input" pqmul open --scheme ml-kem-512 --sk sk -i sealed -o sk
cmp -s sk sk.orig || fail "open changed its secret key"
no_leftovers S x2

# Multi-file outputs: all or nothing.
refused "is a directory" pqmul keygen --scheme ml-kem-512 --pk k1 --sk dir
refused "is a directory" pqmul encaps --scheme ml-kem-512 --pk pk --ct c1 --ss dir
no_leftovers k1 c1

# Signals: a staged output is removed when the command is interrupted or
# terminated (open reads from a pipe that never ends, so it is caught mid-way),
# even when the signal comes the moment the staged file appears.
python3 - "$pqmul_bin" <<'PY' || fail "signals: $(cat signals.txt)"
import glob, os, signal, subprocess, sys, time
out = open("signals.txt", "w")
ok = True
sealed = open("sealed", "rb").read()
for sig in (signal.SIGINT, signal.SIGTERM):
    os.mkfifo("pipe")
    writer = os.open("pipe", os.O_RDWR)  # holds the pipe open: the reader never sees its end
    # Default dispositions: a shell running this in the background ignores SIGINT, which the
    # child would inherit and keep (as under nohup).
    child = subprocess.Popen([sys.argv[1], "open", "--scheme", "ml-kem-512", "--sk", "sk", "-i", "pipe", "-o", "big"],
                             preexec_fn=lambda: [signal.signal(s, signal.SIG_DFL) for s in (signal.SIGINT, signal.SIGTERM)])
    os.write(writer, sealed[:64])
    # The staged file is the sign that open is mid-way: waited for, however long a busy
    # machine takes to start the process (the command's own 60 s bound), not a fixed time.
    deadline = time.monotonic() + 60
    while not glob.glob("big.tmp-*") and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    staged = glob.glob("big.tmp-*")
    child.send_signal(sig)
    status = child.wait(timeout=30)
    os.close(writer)
    os.unlink("pipe")
    left = glob.glob("big*")
    if not staged or status != -sig or left:
        print(f"{sig.name}: staged {staged}, status {status}, left {left}", file=out)
        ok = False
sys.exit(not ok)
PY

# Control characters in messages are escaped: a sealed file announcing a
# scheme name with terminal escapes.
python3 - <<'PY'
data = open("sealed", "rb").read()
at = data.index(b"ml-kem-512")
open("evil.sealed", "wb").write(data[:at] + b"\x1b]0;x\x07\x1b[2J" + data[at + 10:])
PY
timeout 60 "$pqmul_bin" open --scheme ml-kem-512 --sk sk -i evil.sealed -o x5 >out.txt 2>err.txt
[[ $? == 1 ]] || fail "open of a foreign scheme name: exit not 1"
grep -q "\\\\e\]0;x\\\\x07\\\\e\[2J" err.txt || fail "escapes not shown as text: $(cat -v err.txt)"
LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]' err.txt && fail "raw control characters printed: $(cat -v err.txt)"
refused '\\n' pqmul keygen --scheme $'ml-kem-512\n\e[2J' --pk x1 --sk x2
no_leftovers x1 x2 x5

# Text reaching gnuplot: a results file whose cells hold a line break and a
# gnuplot command is refused, and the command does not run.
if pqmul plot rows.csv -o probe.svg 2>&1 | grep -q "not built in this tree"; then
  echo "(pqmul plot is not built in this tree: plot cases skipped)"
else
  pqmul bench --ring kyber,saber --multiplier schoolbook,karatsuba --ops mul --isa portable --repetitions 6 \
    --samples 20 --warmup 0 --warmup-max 0.01 --format csv -o timed.csv 2>/dev/null || fail "bench timed rows"
  python3 - "$work" <<'PY'
import csv, sys
for n, (column, attack) in enumerate([("cpu", "\n! touch {}/ran1\n"), ("multiplier", '\nsystem "touch {}/ran2"\n'),
                                      ("counter", "\r! touch {}/ran3")], 1):
    rows = list(csv.reader(open("timed.csv")))
    at = rows[0].index(column)
    for r in rows[1:]:
        r[at] += attack.format(sys.argv[1])
    csv.writer(open(f"evil{n}.csv", "w", newline="")).writerows(rows)
PY
  for n in 1 2 3; do
    refused "control character" pqmul plot "evil$n.csv" --ops mul -o "evil$n.svg"
    no_leftovers "ran$n" "evil$n.svg" "evil$n.svg.dat" "evil$n.svg.gp"
  done
  refused "control character" pqmul plot timed.csv --ops mul --title $'a\n! touch ran4' -o t.svg
  refused "control character" pqmul plot timed.csv --ops mul -o $'t\n! touch ran5.svg'
  no_leftovers ran4 ran5.svg t.svg
  # A figure never replaces the rows it is drawn from.
  cp timed.csv fig.svg.dat
  refused "same file as the input" pqmul plot fig.svg.dat --ops mul -o fig.svg
  cmp -s timed.csv fig.svg.dat || fail "plot changed its input"
  refused "same file as the input" pqmul table timed.csv -o timed.csv
  no_leftovers fig.svg fig.svg.gp
  pqmul plot timed.csv --ops mul -o good.svg >/dev/null || fail "plot of good rows"
  [[ -s good.svg && -s good.svg.dat && -s good.svg.gp ]] || fail "plot wrote no figure"
  no_leftovers
fi

if ((failures)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "all robustness checks passed"
