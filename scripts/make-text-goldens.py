#!/usr/bin/env python3
"""Regenerates the text goldens with independent tools: fontconfig's `fc-match` finds the font
files, uharfbuzz shapes, Skia draws the glyph outlines (8x8 supersampled, box-filtered down).

For every scene it writes into Tests/ReelRenderTests/Goldens/text/:
  NAME.json  the scene as a Reel timeline (what Reel renders in the test)
  NAME.png   the same text laid out here by the rules of docs/core-animation.md, "CATextLayer":
             the first line's top at the top of the bounds, the baseline one ascender below it
             (HarfBuzz's font extents: hhea, or OS/2 typo metrics with USE_TYPO_METRICS), lines
             ascender + descender + line gap apart, alignment by advance widths, `natural` to the
             right for a right-to-left paragraph, runs on one baseline at the largest ascender.

    pip install skia-python numpy uharfbuzz && python3 scripts/make-text-goldens.py [NAME ...]
"""
import json
import math
import os
import subprocess
import sys

import skia
import uharfbuzz as hb

import supersampled

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "ReelRenderTests", "Goldens", "text")
W, H = 400, 160
SUPERSAMPLE = 8
BACKGROUND = "#1E1E28"


def font_file(name):
    """The file fontconfig gives for a name, as `Family-Style` or a family."""
    pattern = name.replace("-", ":style=") if "-" in name else name
    out = subprocess.run(["fc-match", "-f", "%{file}\n%{index}", pattern], capture_output=True, text=True, check=True)
    path, index = out.stdout.split("\n")
    return path, int(index or 0)


class Face:
    def __init__(self, name):
        self.path, self.index = font_file(name)
        blob = hb.Blob.from_file_path(self.path)
        self.hb_face = hb.Face(blob, self.index)
        self.upem = self.hb_face.upem
        self.hb_font = hb.Font(self.hb_face)
        extents = self.hb_font.get_font_extents("ltr")
        self.ascender, self.descender, self.gap = extents.ascender, -extents.descender, extents.line_gap
        self.typeface = skia.Typeface.MakeFromFile(self.path, self.index)

    def shape(self, text):
        buf = hb.Buffer()
        buf.add_str(text)
        buf.guess_segment_properties()
        hb.shape(self.hb_font, buf, {})
        return buf.glyph_infos, buf.glyph_positions, buf.direction

    def glyph_path(self, glyph, size):
        font = skia.Font(self.typeface, size)
        font.setHinting(skia.FontHinting.kNone)
        font.setSubpixel(True)
        font.setLinearMetrics(True)
        return font.getPath(glyph)


def color(hex_string):
    r, g, b = (int(hex_string[i:i + 2], 16) for i in (1, 3, 5))
    a = int(hex_string[7:9], 16) / 255 if len(hex_string) > 7 else 1.0
    return skia.Color4f(r / 255, g / 255, b / 255, a)


def draw_runs(canvas, runs, frame, alignment="left", top=0.0):
    """One line of runs (text, face, size, colour) laid out in `frame`; returns its height."""
    shaped = []
    for text, face, size, fill in runs:
        infos, positions, direction = face.shape(text)
        shaped.append((face, size, fill, infos, positions, direction))
    ascent = max(f.ascender * s / f.upem for f, s, *_ in shaped)
    descent = max(f.descender * s / f.upem for f, s, *_ in shaped)
    gap = max(f.gap * s / f.upem for f, s, *_ in shaped)
    width = sum(p.x_advance * s / f.upem for f, s, _, _, ps, _ in shaped for p in ps)
    rtl = shaped[0][5] == "rtl"
    if alignment == "natural":
        alignment = "right" if rtl else "left"
    x0 = {"left": 0, "right": frame[2] - width, "center": (frame[2] - width) / 2}[alignment]
    pen = frame[0] + x0
    baseline = frame[1] + top + ascent
    for face, size, fill, infos, positions, _ in shaped:
        k = size / face.upem
        paint = skia.Paint(Color4f=color(fill), AntiAlias=True)
        for info, pos in zip(infos, positions):
            path = face.glyph_path(info.codepoint, size)
            path.offset(pen + pos.x_offset * k, baseline - pos.y_offset * k)
            canvas.drawPath(path, paint)
            pen += pos.x_advance * k
    return ascent + descent + gap


def scene(name, layers, draw):
    if len(sys.argv) > 1 and name not in sys.argv[1:]:
        return
    supersampled.save_png(supersampled.draw(W, H, color(BACKGROUND), draw, SUPERSAMPLE), os.path.join(OUT, name + ".png"))
    doc = {"version": 1, "canvas": {"width": W, "height": H, "duration": 1, "background": BACKGROUND}, "layers": layers}
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")


def text(id, frame, string, **keys):
    return dict({"id": id, "class": "CATextLayer", "frame": frame, "string": string}, **keys)


def main():
    os.makedirs(OUT, exist_ok=True)
    regular, bold, dejavu = Face("Helvetica"), Face("Helvetica-Bold"), Face("DejaVu Sans")

    frame = [20, 24, 360, 60]
    scene("text-kerning", [text("t", frame, "AVATAR Wave To", fontSize=44)],
          lambda c: draw_runs(c, [("AVATAR Wave To", regular, 44, "#FFFFFF")], frame))

    frame = [20, 40, 360, 80]
    scene("text-runs", [text("t", frame, [{"text": "Ada ", "font": "Helvetica-Bold", "fontSize": 40},
                                          {"text": "Lovelace", "fontSize": 22, "foregroundColor": "#FFCC66"}],
                             alignmentMode="center")],
          lambda c: draw_runs(c, [("Ada ", bold, 40, "#FFFFFF"), ("Lovelace", regular, 22, "#FFCC66")], frame, "center"))

    frame = [20, 20, 360, 120]

    def two_lines(c):
        h = draw_runs(c, [("First line", regular, 30, "#8FD3FF")], frame, "right")
        draw_runs(c, [("and the second", regular, 30, "#8FD3FF")], frame, "right", top=h)
    scene("text-lines-right", [text("t", frame, "First line\nand the second", fontSize=30, foregroundColor="#8FD3FF",
                                    alignmentMode="right")], two_lines)

    frame = [20, 40, 360, 60]
    scene("text-arabic", [text("t", frame, "مرحبا بالعالم", font="DejaVu Sans", fontSize=40)],
          lambda c: draw_runs(c, [("مرحبا بالعالم", dejavu, 40, "#FFFFFF")], frame, "natural"))

    # Turned 20 degrees about the layer's centre: outlines stay crisp.
    frame = [60, 40, 280, 80]
    angle = math.radians(20)

    def rotated(c):
        c.save()
        c.translate(200, 80)
        c.rotate(20)
        c.translate(-140, -40)
        draw_runs(c, [("Turned 20°", bold, 48, "#FF8A80")], [0, 0, 280, 80], "center")
        c.restore()
    scene("text-rotated", [text("t", frame, "Turned 20°", font="Helvetica-Bold", fontSize=48, foregroundColor="#FF8A80",
                                alignmentMode="center", transform={"rotation": angle})], rotated)


main()
