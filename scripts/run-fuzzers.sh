#!/usr/bin/env bash
# Runs the libFuzzer targets of a tree configured with them (cmake --preset debug;
# cmake --build --preset debug) for a bounded time each, starting from the committed seed
# corpus tests/fuzz/corpus/<name>/. The fuzzer works on a temporary copy of the
# corpus, so the committed one never changes. Every target runs; the script
# fails if any reports a crash, a sanitizer error, a leak, an input slower
# than the timeout or memory past the limit, and names the saved input that
# reproduces it. The inputs of past findings (tests/fuzz/regressions/<name>/)
# are replayed with the corpus.
#
#   scripts/run-fuzzers.sh <build-dir> [name...]    (default: every target)
#
#   PQMUL_FUZZ_SECONDS  seconds per target (default 20)
#   PQMUL_FUZZ_TIMEOUT  seconds one input may take (default 10)
#   PQMUL_FUZZ_RSS_MB   memory limit of a target in MB (default 2048)
#   PQMUL_FUZZ_JOBS     targets run at once (default: the number of cores)
set -euo pipefail

if [[ $# -lt 1 ]]; then
  echo "usage: $0 <build-dir> [name...]" >&2
  exit 2
fi
source_dir=$(cd "$(dirname "$0")/.." && pwd)
build_dir=$(cd "$1" && pwd)
shift
corpus_root="$source_dir/tests/fuzz/corpus"
regressions="$source_dir/tests/fuzz/regressions"
fuzz_bin="$build_dir/tests/fuzz"
seconds=${PQMUL_FUZZ_SECONDS:-20}
timeout=${PQMUL_FUZZ_TIMEOUT:-10}
rss_mb=${PQMUL_FUZZ_RSS_MB:-2048}

if (($#)); then
  names=("$@")
else
  names=()
  for dir in "$corpus_root"/*/; do names+=("$(basename "$dir")"); done
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
findings="$build_dir/fuzz-findings"
failed=()

# stat <log> <name>: a value of libFuzzer's final statistics.
stat() { sed -n "s/^stat::$2: *//p" "$1" | tail -n 1; }

# The targets run side by side, as many at once as there are cores
# (PQMUL_FUZZ_JOBS): each is one process, and the time each gets is its own.
jobs_max=${PQMUL_FUZZ_JOBS:-$(nproc)}
for name in "${names[@]}"; do
  if [[ ! -x $fuzz_bin/fuzz_$name ]]; then
    echo "run-fuzzers: $fuzz_bin/fuzz_$name is missing (cmake --build --preset debug)" >&2
    exit 2
  fi
  if [[ ! -d $corpus_root/$name ]]; then
    echo "run-fuzzers: no seed corpus $corpus_root/$name" >&2
    exit 2
  fi
done

# fuzz_one <name>: one target's run. Its report goes to $work/<name>/report; a
# finding leaves $work/<name>/failed and a copy of the log and inputs under
# $findings/<name>/.
fuzz_one() {
  local name=$1 binary="$fuzz_bin/fuzz_$1" dir="$work/$1"
  local report="$dir/report" log="$dir/log" status=0 seeds
  rm -rf "${findings:?}/$name"  # a previous run's
  mkdir -p "$dir/artifacts"
  cp -r "$corpus_root/$name" "$dir/corpus"
  if [[ -d $regressions/$name ]]; then cp "$regressions/$name"/* "$dir/corpus/"; fi
  seeds=$(find "$dir/corpus" -type f | wc -l)
  UBSAN_OPTIONS=print_stacktrace=1 "$binary" -max_total_time="$seconds" -timeout="$timeout" \
    -rss_limit_mb="$rss_mb" -malloc_limit_mb="$rss_mb" -print_final_stats=1 \
    -artifact_prefix="$dir/artifacts/" "$dir/corpus" >"$log" 2>&1 || status=$?
  printf 'fuzz_%-14s %9s runs %7s/s  peak %5s MB  corpus %s -> %s inputs' "$name" \
    "$(stat "$log" number_of_executed_units)" "$(stat "$log" average_exec_per_sec)" \
    "$(stat "$log" peak_rss_mb)" "$seeds" "$(find "$dir/corpus" -type f | wc -l)" >"$report"
  if ((status == 0)); then
    echo "  ok" >>"$report"
    return 0
  fi
  touch "$dir/failed"
  {
    echo "  FAILED (exit status $status)"
    grep -E '^(==[0-9]+==ERROR|SUMMARY|pqmul fuzz finding)|runtime error|Test unit written' "$log" | head -n 20 || true
  } >>"$report"
  mkdir -p "$findings/$name"
  cp "$log" "$findings/$name/log"
  local input
  for input in "$dir/artifacts"/*; do
    [[ -e $input ]] || continue
    cp "$input" "$findings/$name/"
    echo "  reproduce: $binary $findings/$name/$(basename "$input")" >>"$report"
  done
}

for name in "${names[@]}"; do
  while (($(jobs -rp | wc -l) >= jobs_max)); do wait -n || true; done
  fuzz_one "$name" &
done
wait
for name in "${names[@]}"; do
  if [[ -f $work/$name/report ]]; then cat "$work/$name/report"; else echo "fuzz_$name  FAILED (no report)"; fi
  if [[ -f $work/$name/failed || ! -f $work/$name/report ]]; then failed+=("$name"); fi
done

if ((${#failed[@]})); then
  echo "run-fuzzers: findings in ${failed[*]} (inputs and logs under $findings)" >&2
  exit 1
fi
echo "run-fuzzers: ${#names[@]} targets, ${seconds} s each, no findings"
