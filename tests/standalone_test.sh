#!/usr/bin/env bash
# The repository stands alone: no build file, source, script, spec or notebook
# names a path outside it; a fresh clone configures with its own data; and an
# installed pqmul checks known answers with the data installed beside it.
# Usage: standalone_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "standalone: $*" >&2
  exit 1
}

# 1. Paths that leave the tree. The patterns are assembled so that this file
#    does not match itself.
up='\.\.'
host=work
patterns=(
  "${up}/shared"            # the folder beside a development checkout
  "SOURCE_DIR\}/${up}"      # CMake: the source directory's parent
  "SOURCE_DIR \"/${up}"     # C++: a string literal climbing out of the source directory
  "SOURCE_DIR\) / \"${up}"  # C++: the same as a std::filesystem path
  "/${host}/"               # a development machine's absolute paths
)
if git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git -C "$src" ls-files --cached --others --exclude-standard)
else
  mapfile -t files < <(cd "$src" && find . -path ./build -prune -o -path ./results -prune -o -type f -print)
fi
scan=()
for f in "${files[@]}"; do
  case "$f" in
    *.cpp | *.hpp | *.inl | *.h | CMakeLists.txt | */CMakeLists.txt | *.cmake | *.json | *.toml | *.sh | *.py | \
      *.ipynb | workbench | .ci/run) [[ -f "$src/$f" ]] && scan+=("$src/$f") ;;
  esac
done
scanned=${#scan[@]}
for p in "${patterns[@]}"; do
  if hits=$(grep -nHE -- "$p" "${scan[@]}") && [[ -n "$hits" ]]; then
    fail "paths outside the repository: $(head -n 1 <<<"$hits")"
  fi
done
((scanned > 100)) || fail "only $scanned files scanned: is $src the pqmul source tree?"
echo "standalone: $scanned build files, sources and scripts name no path outside the repository"

# 2. A clone with nothing beside it configures and finds its data (the
#    configure step fails when tests/vectors is missing).
if git -C "$src" rev-parse HEAD >/dev/null 2>&1; then
  git clone -q "$src" "$tmp/clone"
  [[ -f "$tmp/clone/tests/vectors/kem/KAT_HASHES.txt" ]] || fail "a clone lacks tests/vectors/kem/KAT_HASHES.txt"
  cmake -S "$tmp/clone" -B "$tmp/clone/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPQMUL_BENCHMARKS=OFF \
    >"$tmp/configure.log" 2>&1 || {
    cat "$tmp/configure.log" >&2
    fail "a fresh clone does not configure"
  }
  if grep -rlF -- "$src/" "$tmp/clone/build/build.ninja" "$tmp/clone/build/CMakeCache.txt" >/dev/null; then
    fail "the clone's build files name the original tree $src"
  fi
  echo "standalone: a fresh clone configures with its own data"
else
  echo "standalone: $src is not a git checkout; the clone check needs one" >&2
  exit 77
fi

# 3. Installed: the data go beside the binary and are found there.
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
[[ -f "$tmp/prefix/share/pqmul/vectors/kem/KAT_HASHES.txt" ]] || fail "install puts no KAT digests beside the binary"
[[ -f "$tmp/prefix/share/pqmul/claims/claims.md" ]] || fail "install puts no claim specs beside the binary"
(cd "$tmp" && "$tmp/prefix/bin/pqmul" check --scheme ml-kem-512 --multiplier ntt --isa portable >"$tmp/check.log" 2>&1) ||
  { cat "$tmp/check.log" >&2; fail "the installed pqmul fails its KAT check"; }
grep -qF "published digests: $tmp/prefix/share/pqmul/vectors/kem/KAT_HASHES.txt" "$tmp/check.log" ||
  { cat "$tmp/check.log" >&2; fail "the installed pqmul did not read the installed digests"; }
grep -q "all 1 KAT checks passed" "$tmp/check.log" || fail "the installed KAT check did not pass"
# An explicit file that is not there: one line, exit 2.
set +e
(cd "$tmp" && "$tmp/prefix/bin/pqmul" check --scheme ml-kem-512 --hashes "$tmp/none.txt" >"$tmp/none.log" 2>&1)
status=$?
set -e
((status == 2)) || fail "a missing --hashes file exits $status, not 2"
(($(wc -l <"$tmp/none.log") == 1)) || fail "a missing --hashes file gives more than one line: $(cat "$tmp/none.log")"
echo "standalone: the installed pqmul checks known answers with the data beside it"

# 4. A sweep over a source tree without the data stops before building, with
#    one line, and writes nothing there.
mkdir "$tmp/empty"
set +e
"$build/experiments/pqmul" sweep "$src/experiments/sweeps/quick.toml" --source "$tmp/empty" >"$tmp/sweep.log" 2>&1
status=$?
set -e
((status == 2)) || fail "a sweep without known-answer data exits $status, not 2: $(cat "$tmp/sweep.log")"
(($(wc -l <"$tmp/sweep.log") == 1)) || fail "a sweep without known-answer data says more than one line: $(cat "$tmp/sweep.log")"
grep -q "known-answer data" "$tmp/sweep.log" || fail "the sweep's message does not name the missing data"
[[ -z $(ls -A "$tmp/empty") ]] || fail "the refused sweep left files in the source tree"
echo "standalone: a sweep without known-answer data stops at once"
