#!/usr/bin/env python3
"""Regenerates the basic-shape goldens with an independent renderer (Skia, via skia-python).

For every scene it writes two files into Tests/ReelRenderTests/Goldens/shapes/:
  NAME.json  the scene as a Reel timeline (what Reel renders in the test)
  NAME.png   the same scene drawn by Skia, premultiplied source-over, at 8x8 the resolution and
             box-filtered down: area coverage on every edge, which Skia's own single-sample
             anti-aliasing only approximates (its shallow curved edges are off by up to ~80 levels)
Geometry is worked out here with numpy from the same numbers, not taken from Reel.

    pip install skia-python numpy && python3 scripts/make-shape-goldens.py
"""
import json
import math
import os

import numpy as np
import skia

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "ReelRenderTests", "Goldens", "shapes")
W, H = 200, 160
SUPERSAMPLE = 8
BACKGROUND = "#1E1E28"


def color(hex_string, alpha=1.0):
    r, g, b = (int(hex_string[i:i + 2], 16) for i in (1, 3, 5))
    return skia.Color4f(r / 255, g / 255, b / 255, alpha)


def paint(hex_string, alpha=1.0):
    return skia.Paint(Color4f=color(hex_string, alpha), AntiAlias=True)


def layer_matrix(position, size, anchor=(0.5, 0.5), transform=np.identity(4)):
    """Row-vector 4x4 mapping the layer's bounds (origin 0, 0) into its superlayer."""
    ax, ay = anchor[0] * size[0], anchor[1] * size[1]
    to_anchor = np.identity(4); to_anchor[3, :2] = (-ax, -ay)
    to_position = np.identity(4); to_position[3, :2] = position
    return to_anchor @ transform @ to_position


def skia_matrix(m):
    """The plane-to-plane part of a row-vector 4x4 as a Skia (column-vector) 3x3."""
    return skia.Matrix.MakeAll(m[0, 0], m[1, 0], m[3, 0], m[0, 1], m[1, 1], m[3, 1], m[0, 3], m[1, 3], m[3, 3])


def rotation_z(radians):
    c, s = math.cos(radians), math.sin(radians)
    m = np.identity(4); m[0, :2] = (c, s); m[1, :2] = (-s, c)
    return m


def rotation_y(radians):
    c, s = math.cos(radians), math.sin(radians)
    m = np.identity(4); m[0, 0], m[0, 2], m[2, 0], m[2, 2] = c, -s, s, c
    return m


def scene(name, layers, draw):
    surface = skia.Surface(W * SUPERSAMPLE, H * SUPERSAMPLE)
    canvas = surface.getCanvas()
    canvas.clear(color(BACKGROUND))
    canvas.scale(SUPERSAMPLE, SUPERSAMPLE)
    draw(canvas)
    big = np.array(surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType))
    small = big.reshape(H, SUPERSAMPLE, W, SUPERSAMPLE, 4).astype(np.float64).mean(axis=(1, 3))
    pixels = np.ascontiguousarray(np.rint(small).astype(np.uint8))
    # The background is opaque, so premultiplied and straight colour are the same bytes.
    skia.Image.fromarray(pixels, colorType=skia.kRGBA_8888_ColorType).save(os.path.join(OUT, name + ".png"), skia.kPNG)
    doc = {"version": 1, "canvas": {"width": W, "height": H, "duration": 1, "background": BACKGROUND}, "layers": layers}
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def main():
    os.makedirs(OUT, exist_ok=True)

    # A filled rectangle on fractional coordinates.
    scene("filled-rect", [{"id": "r", "bounds": [0, 0, 90.5, 60.25], "position": [100.3, 80.6], "backgroundColor": "#FF8800"}],
          lambda c: c.drawRect(skia.Rect.MakeXYWH(100.3 - 45.25, 80.6 - 30.125, 90.5, 60.25), paint("#FF8800")))

    # A rectangle rotated 30 degrees about its centre, half transparent.
    def rotated(c):
        c.save(); c.translate(100, 80); c.rotate(30); c.drawRect(skia.Rect.MakeXYWH(-55, -30, 110, 60), paint("#3498DB", 0.75)); c.restore()
    scene("rotated-rect", [{"id": "r", "bounds": [0, 0, 110, 60], "position": [100, 80], "backgroundColor": "#3498DBBF",
                            "transform": {"rotation": "30deg"}}], rotated)

    # A rounded rectangle, rotated a little.
    def rounded(c):
        c.save(); c.translate(100, 80); c.rotate(-12)
        c.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(-70, -45, 140, 90), 24, 24), paint("#2ECC71")); c.restore()
    scene("rounded-rect", [{"id": "r", "bounds": [0, 0, 140, 90], "position": [100, 80], "cornerRadius": 24,
                            "backgroundColor": "#2ECC71", "transform": {"rotation": "-12deg"}}], rounded)

    # A border inside rounded bounds over a fill: the ring between the outer and inset shapes.
    def border(c):
        outer = skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(30, 30, 140, 100), 20, 20)
        inner = skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(36, 36, 128, 88), 14, 14)
        c.drawRRect(outer, paint("#9B59B6"))
        c.drawDRRect(outer, inner, paint("#FFFFFF"))
    scene("border", [{"id": "r", "frame": [30, 30, 140, 100], "cornerRadius": 20, "backgroundColor": "#9B59B6",
                      "borderWidth": 6, "borderColor": "#FFFFFF"}], border)

    # An ellipse: a circular layer (cornerRadius = half its side) scaled 1.6 x 1 and turned 20 degrees.
    def ellipse(c):
        c.save(); c.translate(100, 80); c.rotate(20); c.scale(1.6, 1)
        c.drawOval(skia.Rect.MakeXYWH(-40, -40, 80, 80), paint("#F1C40F")); c.restore()
    scene("ellipse", [{"id": "e", "bounds": [0, 0, 80, 80], "position": [100, 80], "cornerRadius": 40, "backgroundColor": "#F1C40F",
                       "transform": {"rotation": "20deg", "scale": [1.6, 1]}}], ellipse)

    # masksToBounds with a corner radius: a red sublayer cut to the rounded bounds.
    def clip(c):
        outer = skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(40, 30, 120, 100), 30, 30)
        c.drawRRect(outer, paint("#FFFFFF"))
        c.save(); c.clipRRect(outer, doAntiAlias=True)
        c.drawRect(skia.Rect.MakeXYWH(40 + 70, 30 + 55, 80, 80), paint("#E74C3C")); c.restore()
    scene("rounded-clip", [{"id": "view", "frame": [40, 30, 120, 100], "cornerRadius": 30, "backgroundColor": "#FFFFFF",
                            "masksToBounds": True,
                            "sublayers": [{"id": "red", "frame": [70, 55, 80, 80], "backgroundColor": "#E74C3C"}]}], clip)

    # A card tilted 50 degrees about y under a perspective sublayerTransform (m34 = -1/300).
    card_size = (120, 80)
    perspective = np.identity(4); perspective[2, 3] = -1 / 300
    container = layer_matrix((100, 80), (200, 160))
    centre = np.identity(4); centre[3, :2] = (-100, -80)
    uncentre = np.identity(4); uncentre[3, :2] = (100, 80)
    sublayer_transform = centre @ perspective @ uncentre
    flatten = np.diag([1.0, 1.0, 0.0, 1.0])
    card = layer_matrix((100, 80), card_size, transform=rotation_y(math.radians(50)))
    total = card @ sublayer_transform @ flatten @ container

    def tilted(c):
        c.save(); c.concat(skia_matrix(total))
        c.drawRect(skia.Rect.MakeWH(*card_size), paint("#E67E22")); c.restore()
    scene("perspective-card", [{"id": "stage", "bounds": [0, 0, 200, 160], "position": [100, 80],
                                "sublayerTransform": {"m34": -1 / 300},
                                "sublayers": [{"id": "card", "bounds": [0, 0, 120, 80], "position": [100, 80],
                                               "backgroundColor": "#E67E22", "transform": {"rotation": {"y": "50deg"}}}]}],
          tilted)


if __name__ == "__main__":
    main()
