#!/usr/bin/env python3
"""Draws docs/transitions.png: one frame halfway through each scene transition type (Reel's
`reel frame` on a two-scene timeline), in a labelled grid.

    python3 scripts/make-transition-sheet.py [PATH-TO-REEL]     (default .build/release/reel)
"""
import json
import os
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
reel = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "reel")
TYPES = ["none", "fade", "fadeThroughColor", "wipe", "slide", "cover", "reveal", "iris", "clockWipe", "zoom"]
W, H = 320, 180


def scene(ident, color, mark):
    return {"id": ident, "duration": 2, "layers": [
        {"id": "bg", "frame": [0, 0, W, H], "backgroundColor": color},
        {"id": "mark", "frame": [W / 2 - 40, H / 2 - 40, 80, 80], "backgroundColor": mark, "cornerRadius": 16}]}


cells = []
with tempfile.TemporaryDirectory() as work:
    for kind in TYPES:
        a = scene("a", "#C0392B", "#F5B7B1")
        a["transition"] = {"type": kind, "duration": 1, "direction": "fromRight", "color": "#FFFFFF"}
        timeline = {"canvas": {"width": W, "height": H, "fps": 30}, "scenes": [a, scene("b", "#2471A3", "#AED6F1")]}
        path = os.path.join(work, kind + ".json")
        with open(path, "w") as f:
            json.dump(timeline, f)
        out = os.path.join(work, kind + ".png")
        # Halfway through the overlap (1 s to 2 s); a cut shows the incoming scene there.
        subprocess.run([reel, "frame", path, "--time", "1.5", "-o", out], check=True)
        cells.append((kind, Image.open(out).convert("RGB")))

columns, pad, label = 5, 8, 18
rows = (len(cells) + columns - 1) // columns
sheet = Image.new("RGB", (columns * (W + pad) + pad, rows * (H + label + pad) + pad), "#FFFFFF")
draw = ImageDraw.Draw(sheet)
for i, (kind, picture) in enumerate(cells):
    x = pad + (i % columns) * (W + pad)
    y = pad + (i // columns) * (H + label + pad)
    draw.text((x, y), kind + (" (fromRight)" if kind in ("wipe", "slide", "cover", "reveal") else ""), fill="#000000")
    sheet.paste(picture, (x, y + label))
sheet.save(os.path.join(ROOT, "docs", "transitions.png"))
print("docs/transitions.png:", len(cells), "transitions at p = 0.5")
