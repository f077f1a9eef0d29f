#!/usr/bin/env python3
"""Makes the benchmark scene "cards" (the specification bench-scene.md: Reel's benchmark workload):
Timelines/bench/cards.json and its image, Timelines/bench/assets/bench-swirl.png.

    python3 scripts/make-bench-scene.py      (needs numpy, as scripts/make-assets.py)

The scene is 24 rounded cards (240x160, cornerRadius 20, 4 px white inside border, black shadow)
on a 6x4 grid under a rotating, circle-masked 384x384 image, 1920x1080, 30 fps, 10 s. Every motion
is written with Core Animation's own tools, so the file reads like what one would build with
CALayer: the orbit `cx = bx + 60 cos(a), cy = by + 60 sin(a)`, `a = 2 pi t/5 + i`, is a keyframe
animation of `position` along a circular `path` (four cubic quarter arcs, kappa 0.5523, starting at
angle 0 and running toward +y, i.e. towards increasing `a` in y-down coordinates) in `paced` mode
(constant speed), 5 s, repeating forever, with `timeOffset` = i * 5 / (2 pi) s for the phase of i
radians; the card rotation `30 sin(2 pi (t/10 + i/24))` degrees is one shared 10 s cycle of
`transform.rotation.z` keyframes (121 values, linear; chord error at most 30 (2 pi/120)^2/8 = 0.01
degree) with `timeOffset` = 10 i/24 s; the opacity `0.6 + 0.4 cos(2 pi t/5 + i)` is one 5 s cycle
of 61 linear keyframes (error at most 0.0006) with the orbit's `timeOffset`; the image turns with a
basic `transform.rotation.z` 0 -> 360deg over 10 s, repeating. Positive angles turn clockwise on
screen in Reel (y down), as the spec wants, and `shadowOffset` [0, 8] is 8 px down in the card's own
(rotated) space. The spec's "shadow radius 12 -> sigma = 6 px" uses the design-tool / CSS blur
radius (sigma = blur / 2); Reel's `shadowRadius` is the Gaussian's sigma itself (docs/format.md, "Layers":
"a Gaussian with sigma = shadowRadius"; ShadowGeometry scales it by sqrt|det| of the transform,
1 for these rigid cards at canvas scale 1), so the cards set `shadowRadius` 6. The image is
512x512 straight-alpha RGBA, written as PNG with the stdlib's zlib; Reel premultiplies it on
decode exactly as the spec says (floor((c*A + 127)/255)), and the layer asks for `linear`
minification and magnification (bilinear, no mipmaps: 512 -> 384 is a minification).
Tests/ReelTests/BenchSceneTests.swift checks the evaluated values against the formulas.
"""
import json
import math
import os
import re

import numpy as np

from pngwrite import write_png

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TIMELINE = os.path.join(ROOT, "Timelines", "bench", "cards.json")
IMAGE = os.path.join(ROOT, "Timelines", "bench", "assets", "bench-swirl.png")

PALETTE = ["#E74C3C", "#F39C12", "#F1C40F", "#2ECC71", "#3498DB", "#9B59B6"]
ORBIT_RADIUS = 60.0
ORBIT_PERIOD = 5.0          # s: one turn of the orbit and one cycle of the opacity
ROTATION_PERIOD = 10.0      # s: one cycle of the card rotation and one turn of the image
ROTATION_KEYS = 120         # linear segments of the rotation cycle
OPACITY_KEYS = 60           # linear segments of the opacity cycle
KAPPA = 0.5522847498307936  # cubic control distance for a quarter circle (as CGPath's ellipse)


def swirl():
    """The spec's 512x512 image: a colour wheel twisted by 2 pi * d, darker and translucent on a 32 px checker."""
    y, x = np.mgrid[0:512, 0:512]
    dx, dy = x - 255.5, y - 255.5
    d = np.sqrt(dx * dx + dy * dy) / 255.5
    a = np.arctan2(dy, dx) + 2 * np.pi * d
    r = np.rint(127.5 + 127.5 * np.cos(a))
    g = np.rint(127.5 + 127.5 * np.cos(a - 2 * np.pi / 3))
    b = np.rint(127.5 + 127.5 * np.cos(a + 2 * np.pi / 3))
    k = ((x >> 5) + (y >> 5)) & 1
    dark = k == 1
    r, g, b = (np.where(dark, np.rint(0.6 * c), c) for c in (r, g, b))
    alpha = np.where(dark, 160, 255)
    return np.stack([r, g, b, alpha], axis=-1).astype(np.uint8)


def num(v, digits=9):
    """A number rounded for the file (an integer when it is one)."""
    v = round(float(v), digits)
    return int(v) if v == int(v) else v


def circle(cx, cy, r):
    """The orbit: four cubic quarter arcs from angle 0 (cx + r, cy), towards +y (increasing angle, y down)."""
    k = r * KAPPA
    elements = [["move", cx + r, cy]]
    for q in range(4):
        a0, a1 = q * math.pi / 2, (q + 1) * math.pi / 2
        p0 = (cx + r * math.cos(a0), cy + r * math.sin(a0))
        p1 = (cx + r * math.cos(a1), cy + r * math.sin(a1))
        c1 = (p0[0] - k * math.sin(a0), p0[1] + k * math.cos(a0))   # along the tangent at a0
        c2 = (p1[0] + k * math.sin(a1), p1[1] - k * math.cos(a1))   # back along the tangent at a1
        elements.append(["cubic", c1[0], c1[1], c2[0], c2[1], p1[0], p1[1]])
    # Rounded to 1e-9 px: cos and sin of multiples of pi/2 come out exact (0, 1), so the path closes exactly.
    return [[e[0]] + [num(v, 9) for v in e[1:]] for e in elements]


def card(i):
    col, row = i % 6, i // 6
    bx, by = 240 + 288 * col, 180 + 240 * row
    phase = i * ORBIT_PERIOD / (2 * math.pi)          # s: the orbit and opacity start i radians in
    rotation = [num(math.radians(30 * math.sin(2 * math.pi * k / ROTATION_KEYS)), 10) for k in range(ROTATION_KEYS + 1)]
    opacity = [num(0.6 + 0.4 * math.cos(2 * math.pi * k / OPACITY_KEYS), 10) for k in range(OPACITY_KEYS + 1)]
    return {
        "id": f"card{i}",
        "bounds": [0, 0, 240, 160],
        "position": [bx, by],
        "backgroundColor": PALETTE[i % 6],
        "cornerRadius": 20,
        "borderWidth": 4,
        "borderColor": "#FFFFFF",
        "shadowOpacity": 0.5,
        "shadowColor": "#000000",
        "shadowOffset": [0, 8],
        "shadowRadius": 6,
        "animations": [
            {"keyPath": "position", "path": {"elements": circle(bx, by, ORBIT_RADIUS)}, "calculationMode": "paced",
             "duration": num(ORBIT_PERIOD), "repeatCount": "infinity", "timeOffset": num(phase, 12)},
            {"keyPath": "transform.rotation.z", "values": rotation, "duration": num(ROTATION_PERIOD),
             "repeatCount": "infinity", "timeOffset": num(ROTATION_PERIOD * i / 24, 12)},
            {"keyPath": "opacity", "values": opacity, "duration": num(ORBIT_PERIOD),
             "repeatCount": "infinity", "timeOffset": num(phase, 12)},
        ],
    }


def timeline():
    image = {
        "id": "swirl",
        "bounds": [0, 0, 384, 384],
        "position": [960, 540],
        "contents": "swirl",
        "contentsGravity": "resize",
        "magnificationFilter": "linear",
        "minificationFilter": "linear",
        "cornerRadius": 192,
        "masksToBounds": True,
        "animations": [
            {"keyPath": "transform.rotation.z", "fromValue": 0, "toValue": "360deg", "duration": num(ROTATION_PERIOD),
             "repeatCount": "infinity"},
        ],
    }
    return {
        "$schema": "../schema.json",
        "version": 1,
        "name": "cards",
        "canvas": {"width": 1920, "height": 1080, "scale": 1, "fps": 30, "duration": 10, "background": "#1E1E28"},
        "assets": {"swirl": {"path": "assets/bench-swirl.png"}},
        "layers": [card(i) for i in range(24)] + [image],
    }


def dumps(doc):
    """JSON as the other timelines write it (indent 1), with lists of plain values on one line."""
    text = json.dumps(doc, indent=1)
    flat = re.compile(r"\[\s*((?:-?[\d.eE+-]+|\"[^\"\[\]{}]*\")(?:,\s*(?:-?[\d.eE+-]+|\"[^\"\[\]{}]*\"))*)\s*\]")
    return flat.sub(lambda m: "[" + ", ".join(s.strip() for s in m.group(1).split(",")) + "]", text) + "\n"


def main():
    os.makedirs(os.path.dirname(TIMELINE), exist_ok=True)
    os.makedirs(os.path.dirname(IMAGE), exist_ok=True)
    write_png(IMAGE, swirl())
    with open(TIMELINE, "w") as f:
        f.write(dumps(timeline()))


if __name__ == "__main__":
    main()
