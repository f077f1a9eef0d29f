#!/usr/bin/env python3
"""Module edges hold: every module a target's Swift files import is declared as a dependency
in Package.swift, and sources import only the layers below them (the table LAYERS). Prints
each offence with its file and exits 1; prints a one-line summary otherwise."""
import pathlib, re, sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
# What each source module may import (besides the system's own modules): the Modules table of
# docs/architecture.md, so the page and the check cannot drift apart.
def read_layers():
    page = (ROOT / "docs" / "architecture.md").read_text()
    section = page.split("## Modules", 1)[1].split("\n## ", 1)[0]
    layers = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        allowed = set(re.findall(r"`(\w+)`", re.sub(r"\([^)]*\)", "", cells[2])))
        for name in re.findall(r"`(\w+)`", cells[0]):
            layers[name] = allowed
    return layers


LAYERS = read_layers()
SYSTEM = {"Foundation", "Glibc", "Darwin", "Dispatch", "Synchronization", "Testing", "XCTest", "PackageDescription"}
PRODUCTS = {"ArgumentParser", "ComplexModule", "Hummingbird", "Logging", "ServiceLifecycle"}

manifest = (ROOT / "Package.swift").read_text()
declared = {}
def target_bodies(text):
    """Each target's name and the text of its call, to its balanced closing parenthesis."""
    for m in re.finditer(r'\.(?:target|executableTarget|testTarget)\(\s*name:\s*"(\w+)"', text):
        depth, i = 1, m.end()
        while depth and i < len(text):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        yield m.group(1), text[m.end():i]


for name, rest in target_bodies(manifest):
    deps = set(re.findall(r'"(\w+)"', rest.split("exclude:")[0]))
    if "product(" in rest:
        deps |= {p for p in PRODUCTS if p in rest}
    declared[name] = deps - {"swift-argument-parser", "swift-numerics", "hummingbird", "swift-log", "swift-service-lifecycle"}

problems = []
for name in sorted(declared):
    if (ROOT / "Sources" / name).is_dir() and name not in LAYERS:
        problems.append(f"docs/architecture.md: the Modules table has no row for target {name}")
for base in ("Sources", "Tests"):
    for folder in sorted((ROOT / base).iterdir()):
        target = folder.name
        if target not in declared:
            continue
        for file in sorted(folder.rglob("*.swift")):
            for line in file.read_text().splitlines():
                m = re.match(r'\s*(?:@testable\s+)?import\s+(\w+)', line)
                if not m or m.group(1) in SYSTEM:
                    continue
                module = m.group(1)
                where = file.relative_to(ROOT)
                if module not in declared[target]:
                    problems.append(f"{where}: imports {module}, which target {target} does not declare in Package.swift")
                if base == "Sources" and module not in LAYERS.get(target, set()):
                    problems.append(f"{where}: imports {module}, against the layering ({target} may import {sorted(LAYERS.get(target, set()))})")
for p in problems:
    print(p)
if problems:
    sys.exit(1)
print(f"imports: {len(declared)} targets, every import declared and layered")
