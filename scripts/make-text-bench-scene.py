#!/usr/bin/env python3
"""Writes Timelines/bench/text.json, the text scene of bin/bench: at 1920x1080, 40 lines of
captions (5 of them changing every second, as subtitles do) and 2 titles scaling in and out.

    python3 scripts/make-text-bench-scene.py
"""
import json
import os

WORDS = ("the layer tree composites every frame from keyframed properties while captions "
         "follow the speaker line by line and titles scale in over the picture").split()


def caption(i, shift=0):
    words = [WORDS[(i * 7 + k + shift) % len(WORDS)] for k in range(12)]
    return f"{i + 1:02d}. " + " ".join(words).capitalize() + "."


def layers():
    out = []
    for i in range(40):
        col, row = divmod(i, 20)
        layer = {"id": f"caption{i}", "class": "CATextLayer", "frame": [60 + col * 920, 200 + row * 42, 880, 36],
                 "string": caption(i), "fontSize": 22, "foregroundColor": "#E8E8F0", "truncationMode": "end"}
        if i % 8 == 3:
            # A subtitle that changes every second.
            layer["animations"] = [{"keyPath": "string", "values": [caption(i, s) for s in range(5)],
                                    "keyTimes": [k / 5 for k in range(6)], "calculationMode": "discrete",
                                    "duration": 5, "repeatCount": 1e9}]
        out.append(layer)
    for k, text in enumerate(["Reel renders text", "Captions at 1080p"]):
        out.append({"id": f"title{k}", "class": "CATextLayer", "position": [480 + 960 * k, 100], "bounds": [0, 0, 900, 100],
                    "string": text, "font": "Helvetica-Bold", "fontSize": 64, "alignmentMode": "center",
                    "animations": [{"keyPath": "transform.scale", "fromValue": 0.9, "toValue": 1.1, "duration": 1.25,
                                    "autoreverses": True, "repeatCount": 1e9, "timingFunction": "easeInEaseOut"}]})
    return out


def main():
    doc = {"$schema": "../schema.json", "version": 1, "name": "text-bench",
           "canvas": {"width": 1920, "height": 1080, "fps": 30, "duration": 5, "background": "#101018"}, "layers": layers()}
    path = os.path.join(os.path.dirname(__file__), "..", "Timelines", "bench", "text.json")
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
