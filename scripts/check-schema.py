#!/usr/bin/env python3
"""Validates timeline files against Timelines/schema.json (JSON Schema 2020-12).

    python3 scripts/check-schema.py FILE...        (needs the jsonschema package)
Prints one line per file and exits 1 when any file does not validate.
"""
import json
import os
import sys

from jsonschema import Draft202012Validator

schema_path = os.path.join(os.path.dirname(__file__), "..", "Timelines", "schema.json")
with open(schema_path) as f:
    schema = json.load(f)
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema)
failed = 0
for path in sys.argv[1:]:
    with open(path) as f:
        doc = json.load(f)
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errors:
        failed += 1
        for e in errors[:5]:
            print(f"{path}: {'.'.join(str(p) for p in e.absolute_path) or '(root)'}: {e.message}")
    else:
        print(f"{path}: valid")
sys.exit(1 if failed else 0)
