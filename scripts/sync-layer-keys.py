#!/usr/bin/env python3
"""Writes the layer-key declarations (LayerProperty, printed by `reel keys --json`) into the
files that restate them: each key's entry in Timelines/schema.json ($defs.layer.properties),
docs/format.md's key tables (between the layer-keys markers) and the fuzzer's dictionary; and
the Lottie compatibility table (LottieSupport, `reel keys --lottie`) into docs/lottie.md.
SchemaTests fails when these disagree with the declarations; run this, then look at the diff.

    python3 scripts/sync-layer-keys.py [PATH-TO-REEL]      (default .build/debug/reel)
"""
import json
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
reel = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "reel")
keys = json.loads(subprocess.run([reel, "keys", "--json"], check=True, capture_output=True, text=True).stdout)
markdown = subprocess.run([reel, "keys"], check=True, capture_output=True, text=True).stdout

schema_path = os.path.join(ROOT, "Timelines", "schema.json")
with open(schema_path) as f:
    schema = json.load(f)
properties = schema["$defs"]["layer"]["properties"]
for k in keys:
    entry = dict(k["schema"])
    entry["description"] = k["description"]
    properties[k["key"]] = entry
schema["$defs"]["emitterCell"] = json.loads(
    subprocess.run([reel, "keys", "--emitter-cell"], check=True, capture_output=True, text=True).stdout)
with open(schema_path, "w") as f:
    json.dump(schema, f, indent=2, ensure_ascii=False)
    f.write("\n")

def write_between(name, begin, end, text):
    """Replaces what lies between two markers of a docs/ page."""
    path = os.path.join(ROOT, "docs", name)
    with open(path) as f:
        page = f.read()
    start, stop = page.index(begin) + len(begin), page.index(end)
    with open(path, "w") as f:
        f.write(page[:start] + text + page[stop:])


write_between("format.md", "<!-- layer-keys: made by scripts/sync-layer-keys.py -->\n", "<!-- /layer-keys -->", markdown)
lottie = subprocess.run([reel, "keys", "--lottie"], check=True, capture_output=True, text=True).stdout
write_between("lottie.md", "<!-- lottie-support: made by scripts/sync-layer-keys.py -->\n", "<!-- /lottie-support -->", lottie)

dict_path = os.path.join(ROOT, "Tests", "Fuzz", "timeline.dict")
with open(dict_path) as f:
    lines = f.read().splitlines()
header, tokens = lines[0], set(lines[1:])
for k in keys:
    tokens.add(json.dumps(k["key"]))
    tokens.update(json.dumps(name) for name in k["schema"].get("enum", []))
    tokens.add(json.dumps(k["class"]))
cell = json.loads(subprocess.run([reel, "keys", "--emitter-cell"], check=True, capture_output=True, text=True).stdout)
for name, entry in cell["properties"].items():
    tokens.add(json.dumps(name))
    tokens.update(json.dumps(v) for v in entry.get("anyOf", [{}])[0].get("enum", []))
with open(dict_path, "w") as f:
    f.write("\n".join([header] + sorted(tokens)) + "\n")
print(f"{len(keys)} keys written into the schema, docs/format.md, docs/lottie.md and the fuzzer's dictionary")
