#!/usr/bin/env python3
"""Writes the two scenes of bin/bench where nothing can be kept from frame to frame:

- Timelines/bench/cards-changing.json: the cards scene (cards.json, scripts/make-bench-scene.py)
  with every card's size, cornerRadius and shadowRadius animated too, each card at its own phase,
  so every card's shape and blur differ in every frame (no kept shadow mask can be reused):
  bounds 240x160 <-> 200x190, cornerRadius 20 <-> 44, shadowRadius 6 <-> 18 (sigma in pixels).
- Timelines/bench/dots.json: 5000 dots (8x8 points, cornerRadius 4, a colour each) on a 100x50
  grid over 1920x1080, each moving back and forth along its own diagonal (a basic `position`
  animation, autoreversing, with its own timeOffset): many small layers, all moving.

    python3 scripts/make-changing-bench-scenes.py
"""
import importlib.util
import json
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BENCH = os.path.join(ROOT, "Timelines", "bench")
spec = importlib.util.spec_from_file_location("bench_scene", os.path.join(os.path.dirname(__file__), "make-bench-scene.py"))
bench_scene = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_scene)


def changing_cards():
    scene = json.load(open(os.path.join(BENCH, "cards.json")))
    scene["name"] = "cards-changing"
    for i, layer in enumerate(l for l in scene["layers"] if l["id"].startswith("card")):
        phase = bench_scene.num(i * 0.37, 6)
        layer["animations"] += [
            {"keyPath": "bounds", "fromValue": [0, 0, 240, 160], "toValue": [0, 0, 200, 190], "duration": 1.3,
             "autoreverses": True, "repeatCount": "infinity", "timeOffset": phase},
            {"keyPath": "cornerRadius", "fromValue": 20, "toValue": 44, "duration": 1.7, "autoreverses": True,
             "repeatCount": "infinity", "timeOffset": phase},
            {"keyPath": "shadowRadius", "fromValue": 6, "toValue": 18, "duration": 2.3, "autoreverses": True,
             "repeatCount": "infinity", "timeOffset": phase},
        ]
    return scene


def dots():
    layers = []
    for i in range(5000):
        col, row = i % 100, i // 100
        x, y = 10 + col * 19, 12 + row * 21
        colour = bench_scene.PALETTE[(col + row) % len(bench_scene.PALETTE)]
        layers.append({
            "id": f"dot{i}", "bounds": [0, 0, 8, 8], "position": [x, y], "cornerRadius": 4, "backgroundColor": colour,
            "animations": [{"keyPath": "position", "fromValue": [x, y], "toValue": [x + 9, y + 9], "duration": 1.5,
                            "autoreverses": True, "repeatCount": "infinity",
                            "timeOffset": bench_scene.num((i % 97) * 0.031, 6)}],
        })
    return {
        "$schema": "../schema.json", "version": 1, "name": "dots",
        "canvas": {"width": 1920, "height": 1080, "scale": 1, "fps": 30, "duration": 10, "background": "#1E1E28"},
        "layers": layers,
    }


def main():
    with open(os.path.join(BENCH, "cards-changing.json"), "w") as f:
        f.write(bench_scene.dumps(changing_cards()))
    with open(os.path.join(BENCH, "dots.json"), "w") as f:
        f.write(bench_scene.dumps(dots()))


if __name__ == "__main__":
    main()
