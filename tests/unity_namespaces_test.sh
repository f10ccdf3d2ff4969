#!/usr/bin/env bash
# The test executables are unity-built (cmake/unity_build.cmake): several test
# files form one translation unit, so each file must declare its names in a
# namespace of its own, pqmul_tests::<folder>_<file>, opened after its includes
# and closed at its end. A file without it may build today and clash with the
# next file added beside it.
# Usage: unity_namespaces_test.sh TESTS_DIR FOLDER...
set -euo pipefail
tests=$1
shift
checked=0
missing=0
for folder in "$@"; do
  for file in "$tests/$folder"/*.cpp; do
    [[ -e $file ]] || continue
    stem=$(basename "$file" .cpp)
    name="pqmul_tests::${folder}_${stem}"
    opens=$(grep -c "^namespace ${name} {\$" "$file" || true)
    closes=$(grep -c "^}  // namespace ${name}\$" "$file" || true)
    if [[ $opens != 1 || $closes != 1 ]]; then
      echo "unity namespaces: $folder/$stem.cpp must open 'namespace $name {' once and close it once" >&2
      missing=$((missing + 1))
    fi
    checked=$((checked + 1))
  done
done
if ((checked == 0)); then
  echo "unity namespaces: no test file found under $tests" >&2
  exit 1
fi
((missing == 0)) || exit 1
echo "unity namespaces: $checked test files, each in its own namespace"
