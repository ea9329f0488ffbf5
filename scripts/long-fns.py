#!/usr/bin/env python3
"""Lists functions longer than a limit (default 120 lines) in src/, outside
`#[cfg(test)]` modules: `scripts/long-fns.py [LIMIT]`. Exit 1 if any."""
import re, sys, pathlib
limit = int(sys.argv[1]) if len(sys.argv) > 1 else 120
bad = []
for p in sorted(pathlib.Path(__file__).resolve().parent.parent.joinpath("src").rglob("*.rs")):
    lines = p.read_text().split("\n")
    i = 0
    while i < len(lines):
        l = lines[i]
        if l.strip() == "#[cfg(test)]":
            break
        m = re.match(r"^(\s*)(pub(\([^)]*\))? )?(const )?(unsafe )?fn (\w+)", l)
        if m:
            indent = m.group(1)
            j = i
            while j < len(lines) and not (lines[j].startswith(indent + "}") or (lines[j].rstrip().endswith(";") and j == i)):
                j += 1
            n = j - i + 1
            if n > limit:
                bad.append((n, f"{p.relative_to(pathlib.Path(__file__).resolve().parent.parent)}:{i+1} {m.group(6)}"))
            i = j
        i += 1
for n, w in sorted(bad, reverse=True):
    print(f"{n:5} {w}")
sys.exit(1 if bad else 0)
