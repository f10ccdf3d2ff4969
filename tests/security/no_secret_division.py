#!/usr/bin/env python3
"""Fails when the KEM code divides where it may handle secrets.

A division's time depends on its operands on most cores (KyberSlash), and
valgrind's memcheck does not report a division by an undefined value, so the
constant-time test cannot see one. This test disassembles a binary and lists
every function of pqmul's own code that holds a division instruction (x86-64:
div, idiv; AArch64: sdiv, udiv). Each must be named in public_divisions.txt
(a pattern of the function's name, the reason its operands are public, and
optionally the one architecture the entry is for),
or belong to code that never sees a secret (the experiments and the CLI);
any other is reported and the test fails. A reviewed entry that matches no
function any more is reported too, so the list stays true.

usage: no_secret_division.py OBJDUMP BINARY ARCH   (ARCH: x86-64 or aarch64)
"""
import os
import re
import subprocess
import sys

DIVISIONS = {
    "x86-64": re.compile(r"^\s*[0-9a-f]+:\s+i?div[bwlq]?\s"),
    "aarch64": re.compile(r"^\s*[0-9a-f]+:\s+[su]div\s"),
}
FUNCTION = re.compile(r"^[0-9a-f]+ <(.*)>:$")
# Code that handles no secret: measurement, reporting and the command line.
NO_SECRETS = re.compile(r"pqmul::(experiments|cli)::")


def own_name(demangled):
    """The function's own qualified name: up to its first template or parameter list."""
    head = re.split(r"[<(]", demangled, maxsplit=1)[0]
    return head.split(" ")[-1]


def main():
    if len(sys.argv) != 4 or sys.argv[3] not in DIVISIONS:
        sys.exit(__doc__)
    objdump, binary, arch = sys.argv[1:]
    reviewed = []  # (pattern, reason) of the entries for this architecture
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "public_divisions.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            pattern, reason, *only = line.split("\t")
            if not reason.strip():
                sys.exit(f"public_divisions.txt: no reason given for {pattern!r}")
            if only and only[0] != arch:
                continue
            reviewed.append((re.compile(pattern), reason))
    listing = subprocess.run([objdump, "-d", "--no-show-raw-insn", "-C", binary], check=True, capture_output=True,
                             text=True).stdout
    division = DIVISIONS[arch]
    with_division = set()
    current = None
    for line in listing.splitlines():
        m = FUNCTION.match(line)
        if m:
            current = m.group(1)
        elif current and division.match(line):
            with_division.add(current)
    ours = {f for f in with_division if own_name(f).startswith("pqmul::") and not NO_SECRETS.search(own_name(f))}
    used = set()
    unexplained = []
    for f in sorted(ours):
        hits = [i for i, (p, _) in enumerate(reviewed) if p.search(f)]
        if hits:
            used.update(hits)
        else:
            unexplained.append(f)
    for f in unexplained:
        print(f"division in a function that may handle secrets, not reviewed: {f[:300]}")
    stale = [reviewed[i][0].pattern for i in range(len(reviewed)) if i not in used]
    for p in stale:
        print(f"public_divisions.txt names no function of this binary any more: {p}")
    print(f"{len(ours)} functions of pqmul's own code divide ({arch}); {len(ours) - len(unexplained)} of them reviewed "
          f"as dividing public values only")
    if not ours:
        sys.exit("no division found at all: is this the right binary and objdump?")
    sys.exit(1 if unexplained or stale else 0)


if __name__ == "__main__":
    main()
