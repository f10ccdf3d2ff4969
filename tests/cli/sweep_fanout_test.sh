#!/usr/bin/env bash
# A sweep fanned out and merged, end to end: `pqmul sweep --emit` writes the
# parts' commands, they run through a real scheduler, and `pqmul sweep merge`
# joins their directories; the merged rows are counted and checked (cpu named,
# correct=pass, one part per chunk in the manifest).
#   slurm:    a single-node Slurm started here (munged, slurmctld, slurmd in a
#             temporary directory, no cgroups) runs the emitted job array.
#             Exits 77 (skipped) naming the daemon's own error when Slurm is
#             not installed or cannot start in this sandbox.
#   parallel: GNU parallel runs the emitted job list locally.
# The trees are cheap: the parts build a stand-in source whose only target
# links the pqmul under test into place, so the real driver configures,
# builds, lists ISAs, checks and benchmarks, without compiling the project.
# Usage: sweep_fanout_test.sh slurm|parallel PQMUL
set -uo pipefail
mode=$1
pqmul_bin=$(realpath "$2")
skip() { echo "SKIPPED: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }

case $mode in
  slurm)
    for tool in munged slurmctld slurmd sbatch squeue sinfo scontrol python3; do
      command -v "$tool" >/dev/null || skip "$tool is not installed (scripts/install-deps.sh installs slurm-wlm and munge)"
    done ;;
  parallel)
    for tool in parallel python3; do
      command -v "$tool" >/dev/null || fail "$tool is not installed (scripts/install-deps.sh installs it)"
    done ;;
  *) fail "mode '$mode': slurm or parallel" ;;
esac

work=$(mktemp -d /tmp/pqmul-fanout-XXXXXX)
chmod 0700 "$work"
daemons=()
cleanup() {
  for pid in "${daemons[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${daemons[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
  done
  rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 1

# The stand-in source: building its `pqmul` target puts the pqmul under test at
# experiments/pqmul of the tree, where the sweep runs it from.
mkdir -p src
cat >src/CMakeLists.txt <<EOF
cmake_minimum_required(VERSION 3.16)
project(pqmul_stand_in NONE)
add_custom_target(pqmul COMMAND \${CMAKE_COMMAND} -E make_directory experiments
  COMMAND \${CMAKE_COMMAND} -E create_symlink "$pqmul_bin" experiments/pqmul)
EOF

# Three ring rows, portable code, one tree, split into two chunks.
cat >spec.toml <<EOF
name = "fanout-$mode"
compilers = ["gcc"]
architectures = ["$(uname -m)"]
vectorize = [true]
isas = ["portable"]
samples = 5
repetitions = 2
reruns = 0
max_half_width = 100
max_steal = 100
[ring]
rings = ["kyber"]
multipliers = ["schoolbook", "karatsuba", "ntt"]
operations = ["mul"]
trials = 1
EOF
expected_rows=3
results=$work/results

"$pqmul_bin" sweep spec.toml --source "$work/src" --results "$results" --emit "$mode" --chunks 2 -j 1 \
  --out "$work/jobs" || fail "--emit $mode failed"
echo "--- emitted ($mode):"
cat "$work/jobs"

if [[ $mode == slurm ]]; then
  # Ports of their own, so concurrent runs of this test do not meet.
  port=$((20000 + ($$ % 10000) * 2))
  host=$(hostname -s)
  user=$(id -un)
  mkdir -p state spool
  dd if=/dev/urandom of=munge.key bs=1024 count=1 status=none
  chmod 0400 munge.key
  export SLURM_CONF=$work/slurm.conf
  cat >slurm.conf <<EOF
ClusterName=pqmulfanout
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge.socket
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
ReturnToService=2
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=fanout Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
  # The daemon's last error line: why it did not come up.
  why() { grep -h -i -E 'error|fatal' "$@" 2>/dev/null | tail -n 1; }
  munged --foreground --force --key-file="$work/munge.key" --socket="$work/munge.socket" \
    --pid-file="$work/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munged.seed" \
    >munged.out 2>&1 &
  daemons+=($!)
  for _ in $(seq 50); do [[ -S $work/munge.socket ]] && break; sleep 0.1; done
  [[ -S $work/munge.socket ]] || skip "munged did not start: $(why munged.out munged.log)"
  slurmctld -D -f "$SLURM_CONF" >slurmctld.out 2>&1 &
  daemons+=($!)
  slurmd -D -N localhost -f "$SLURM_CONF" >slurmd.out 2>&1 &
  daemons+=($!)
  up=no
  for _ in $(seq 100); do
    kill -0 "${daemons[1]}" 2>/dev/null || skip "slurmctld exited: $(why slurmctld.out slurmctld.log)"
    kill -0 "${daemons[2]}" 2>/dev/null || skip "slurmd exited: $(why slurmd.out slurmd.log)"
    if [[ $(sinfo -h -N -n localhost -o %t 2>/dev/null) == idle ]]; then up=yes; break; fi
    sleep 0.2
  done
  [[ $up == yes ]] || skip "the node did not become idle in 20 s: $(why slurmctld.log slurmd.log)"
  echo "--- slurm up: $(sinfo -h -o '%P %D %t %C')"
  job=$(sbatch --parsable "$work/jobs") || fail "sbatch refused the emitted script"
  echo "--- submitted job array $job"
  for _ in $(seq 600); do
    [[ -z $(squeue -h -j "$job" 2>/dev/null) ]] && break
    sleep 0.2
  done
  [[ -z $(squeue -h -j "$job") ]] || fail "job array $job still queued or running after 120 s: $(squeue -h -j "$job")"
  states=$(scontrol -o show job "$job" | grep -o 'JobState=[A-Z_]* .*ExitCode=[0-9:]*' | sed 's/ .*ExitCode=/ exit /')
  echo "--- array jobs:"
  echo "$states"
  grep -v -q 'JobState=COMPLETED exit 0:0' <<<"$states" && {
    cat "$results"/slurm-*.out
    fail "a part of job $job did not complete"
  }
else
  parallel --jobs 2 --halt now,fail=1 <"$work/jobs" >parallel.out 2>&1 || {
    cat parallel.out
    fail "GNU parallel: a part failed"
  }
fi

parts=("$results"/part-*)
((${#parts[@]} == 2)) || fail "expected 2 part directories, found: ${parts[*]}"
"$pqmul_bin" sweep merge "${parts[@]}" --out "$results/merged" || fail "merge failed"

python3 - "$results/merged" "$expected_rows" <<'EOF' || fail "merged results are not as expected"
import csv, json, sys
merged, expected = sys.argv[1], int(sys.argv[2])
rows = list(csv.DictReader(open(f"{merged}/results.csv")))
manifest = json.load(open(f"{merged}/manifest.json"))
problems = []
if len(rows) != expected:
    problems.append(f"{len(rows)} rows, expected {expected}")
if len(json.load(open(f"{merged}/results.json"))) != len(rows):
    problems.append("results.json and results.csv differ in length")
for r in rows:
    if not r["cpu"]:
        problems.append(f"{r['id']} names no cpu")
    if r["correct"] != "pass":
        problems.append(f"{r['id']} correct={r['correct']!r}")
    if not r["median"]:
        problems.append(f"{r['id']} has no median")
chunks = sorted(p["part"]["chunk"] for p in manifest["parts"])
if chunks != [0, 1] or any(not p["host"] for p in manifest["parts"]):
    problems.append(f"manifest parts: {manifest['parts']}")
if "missing_parts" in manifest:
    problems.append(f"missing parts: {manifest['missing_parts']}")
if len({r["id"] for r in rows}) != expected:
    problems.append("a row appears twice")
for p in problems:
    print("problem:", p)
print(f"--- merged: {len(rows)} rows, cpu {sorted({r['cpu'] for r in rows})}, "
      f"parts on {[p['host'] for p in manifest['parts']]}")
sys.exit(1 if problems else 0)
EOF
# Parts that cannot be merged: one line, exit 2, nothing written.
refused() {
  local pattern=$1 out=$2
  shift 2
  "$pqmul_bin" sweep merge "$@" --out "$out" >/dev/null 2>err.txt
  local got=$?
  [[ $got == 2 && $(wc -l <err.txt) == 1 ]] || fail "merge $*: exit $got, not one line: $(head -c 300 err.txt)"
  grep -q -- "$pattern" err.txt || fail "merge $*: message lacks '$pattern': $(cat err.txt)"
  [[ ! -e $out ]] || fail "merge $*: $out written"
  if compgen -G "$results/.*partial*" >/dev/null; then fail "merge $*: partial output left behind"; fi
}
cp -r "${parts[0]}" "$results/copy"
refused "never pooled" "$results/again" "${parts[@]}" "$results/copy"
refused "given twice" "$results/again" "${parts[0]}" "${parts[0]}"
head -n 1 "$results/copy/results.csv" >"$results/copy/short.csv" && mv "$results/copy/short.csv" "$results/copy/results.csv"
refused "manifest.json counts" "$results/again" "${parts[1]}" "$results/copy"
refused "not a directory" "$results/again" "${parts[1]}" "$results/none"
cp "$results/merged/results.csv" before.csv
"$pqmul_bin" sweep merge "${parts[@]}" --out "$results/merged" >/dev/null 2>err.txt && fail "merged over a full directory"
cmp -s before.csv "$results/merged/results.csv" || fail "a refused merge changed the merged directory"
echo "PASS: $mode fan-out of $expected_rows rows in 2 parts merged"
