#!/usr/bin/env bash
# Installs the Debian 12 packages pqmul builds and tests with. Idempotent:
# packages already present are skipped, and apt is only touched when needed.
set -euo pipefail

packages=(
  cmake ninja-build g++ clang libclang-rt-14-dev
  libeigen3-dev libboost-dev catch2 libbenchmark-dev
  libcli11-dev libfmt-dev libtoml11-dev nlohmann-json3-dev
  libssl-dev valgrind
  g++-aarch64-linux-gnu qemu-user llvm
  gnuplot-nox gnuplot libgnuplot-iostream-dev libpng-dev
  python3-pandas python3-matplotlib jupyter-nbconvert python3-ipykernel
  slurm-wlm munge parallel
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  SUDO=""
  if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "install-deps: all packages present"
fi
