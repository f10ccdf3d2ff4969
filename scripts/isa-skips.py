#!/usr/bin/env python3
"""Fails when ctest skipped a test of an ISA this CPU has.

Usage: isa-skips.py JUNIT_XML [LABEL [CPUINFO]]

A test of an ISA the process cannot run prints "PQMUL-SKIPPED-ISA <isa>: why"
(tests/common/isa_gate.hpp) and ctest reports it Skipped. On a CPU with that
ISA such a skip means the SIMD code went untested (e.g. PQMUL_FORCE_PORTABLE
was set, or the detection is wrong), so `./workbench test` must not pass.
"""
import re
import sys
import xml.etree.ElementTree as ET

MARKER = re.compile(r"PQMUL-SKIPPED-ISA (\w+):")
# The flags /proc/cpuinfo shows for each ISA level of src/isa.cpp.
NEEDS = {"avx2": {"avx2", "bmi2", "popcnt", "pclmulqdq"},
         "avx512": {"avx2", "avx512f", "avx512bw", "avx512vl", "avx512dq"}}


def cpu_isas(cpuinfo):
    flags = set()
    with open(cpuinfo) as f:
        for line in f:
            if line.startswith("flags"):
                flags |= set(line.split(":", 1)[1].split())
    return {isa for isa, needed in NEEDS.items() if needed <= flags}


def main():
    junit = sys.argv[1]
    label = sys.argv[2] if len(sys.argv) > 2 else junit
    have = cpu_isas(sys.argv[3] if len(sys.argv) > 3 else "/proc/cpuinfo")
    untested = []
    for case in ET.parse(junit).getroot().iter("testcase"):
        if case.find("skipped") is None:
            continue
        isas = sorted(set(MARKER.findall(case.findtext("system-out") or "")) & have)
        if isas:
            untested.append(f"{case.get('name')} ({', '.join(isas)})")
    if untested:
        print(f"=== {label}: skipped although this CPU has their ISA (PQMUL_FORCE_PORTABLE set?): "
              f"{'; '.join(untested)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
