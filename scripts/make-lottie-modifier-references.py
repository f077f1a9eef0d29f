#!/usr/bin/env python3
"""Draws the reference frames the Lottie path-modifier tests compare Reel with: each
Tests/Fixtures/lottie-modifiers/NAME.json (files written for these tests) at frames 0, 15 and
30, by ThorVG (thorvg-python 1.1.3 from PyPI, software canvas), as NAME-fN.png (straight
alpha). A reference player draws them, never Reel's own code; run it again after changing a
fixture and look at the pictures before committing them.

    python3 -m pip install numpy Pillow thorvg-python==1.1.3
    python3 scripts/make-lottie-modifier-references.py
"""
import glob
import json
import os

import numpy as np
import thorvg_python as tvg
from PIL import Image

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "lottie-modifiers")
FRAMES = (0, 15, 30)

engine = tvg.Engine(threads=0)
for path in sorted(glob.glob(os.path.join(FOLDER, "*.json"))):
    doc = json.load(open(path))
    w, h = int(doc["w"]), int(doc["h"])
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(w, h, cs=tvg.Colorspace.ABGR8888)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    assert picture.load(path) == tvg.Result.SUCCESS, path
    picture.set_size(w, h)
    canvas.add(picture)
    for n in FRAMES:
        animation.set_frame(float(n))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        pm = np.frombuffer(bytes(canvas.buffer_arr), dtype=np.uint8).reshape(h, w, 4).astype(np.float32)
        a = pm[:, :, 3:4]
        rgb = np.where(a > 0, np.round(pm[:, :, :3] * 255.0 / np.maximum(a, 1.0)), 0.0)
        out = os.path.splitext(path)[0] + "-f%d.png" % n
        Image.fromarray(np.concatenate([np.clip(rgb, 0, 255), a], axis=2).astype(np.uint8), "RGBA").save(out)
        print("wrote", os.path.relpath(out))
