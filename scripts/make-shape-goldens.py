#!/usr/bin/env python3
"""Regenerates the basic-shape goldens with an independent renderer (Skia, via skia-python).

For every scene it writes two files into Tests/ReelRenderTests/Goldens/shapes/ (and the test
texture, texture.png, that the image scenes show):
  NAME.json  the scene as a Reel timeline (what Reel renders in the test)
  NAME.png   the same scene drawn by Skia, premultiplied source-over, at 8x8 the resolution and
             box-filtered down: area coverage on every edge, which Skia's own single-sample
             anti-aliasing only approximates (its shallow curved edges are off by up to ~80 levels).
             Image scenes are drawn at 1x: sampling is what they test, and supersampling would
             average it away.
Geometry is worked out here with numpy from the same numbers, not taken from Reel.

    pip install skia-python numpy && python3 scripts/make-shape-goldens.py [NAME ...]

With names, only those scenes are written (the others keep the goldens already looked at).
"""
import json
import math
import os
import sys

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


def scene(name, layers, draw, supersample=SUPERSAMPLE, assets=None):
    if len(sys.argv) > 1 and name not in sys.argv[1:]:
        return
    surface = skia.Surface(W * supersample, H * supersample)
    canvas = surface.getCanvas()
    canvas.clear(color(BACKGROUND))
    canvas.scale(supersample, supersample)
    draw(canvas)
    big = np.array(surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType))
    small = big.reshape(H, supersample, W, supersample, 4).astype(np.float64).mean(axis=(1, 3))
    pixels = np.ascontiguousarray(np.rint(small).astype(np.uint8))
    # The background is opaque, so premultiplied and straight colour are the same bytes.
    skia.Image.fromarray(pixels, colorType=skia.kRGBA_8888_ColorType).save(os.path.join(OUT, name + ".png"), skia.kPNG)
    doc = {"version": 1, "canvas": {"width": W, "height": H, "duration": 1, "background": BACKGROUND}, "layers": layers}
    if assets:
        doc["assets"] = {k: {"path": v} for k, v in assets.items()}
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

    transform_layer(sublayer_transform, flatten, container)
    shadows_and_masks()
    fill_rules()
    images()


def rotation_x(radians):
    c, s = math.cos(radians), math.sin(radians)
    m = np.identity(4); m[1, 1], m[1, 2], m[2, 1], m[2, 2] = c, s, -s, c
    return m


def translation(x, y, z):
    m = np.identity(4); m[3, :3] = (x, y, z)
    return m


def transform_layer(stage_sublayer_transform, flatten, container):
    """A CATransformLayer holding five faces of a cube: they keep their 3D places (nothing is
    flattened between the cube's turn and each face's own transform), are drawn back to front
    by the depth of their middles, and are faded one by one by the cube's opacity 0.85."""
    side = 60
    cube = layer_matrix((100, 80), (side, side), transform=rotation_x(math.radians(-25)) @ rotation_y(math.radians(35)))
    faces = [("front", "#E74C3C", translation(0, 0, side / 2)),
             ("back", "#3498DB", rotation_y(math.pi) @ translation(0, 0, -side / 2)),
             ("right", "#2ECC71", rotation_y(math.pi / 2) @ translation(side / 2, 0, 0)),
             ("left", "#F1C40F", rotation_y(-math.pi / 2) @ translation(-side / 2, 0, 0)),
             ("top", "#9B59B6", rotation_x(math.pi / 2) @ translation(0, -side / 2, 0))]
    placed = []
    for name, colour, t in faces:
        to_space = layer_matrix((side / 2, side / 2), (side, side), transform=t) @ cube @ stage_sublayer_transform
        middle = np.array([side / 2, side / 2, 0, 1]) @ to_space
        placed.append((middle[2] / middle[3], name, colour, to_space))

    def draw(c):
        for _, _, colour, to_space in sorted(placed, key=lambda p: p[0]):
            c.save(); c.concat(skia_matrix(to_space @ flatten @ container))
            c.drawRect(skia.Rect.MakeWH(side, side), paint(colour, 0.85)); c.restore()

    def matrix(m):
        return [float(v) for v in m.reshape(16)]
    scene("transform-layer", [{"id": "stage", "bounds": [0, 0, W, H], "position": [W / 2, H / 2], "sublayerTransform": {"m34": -1 / 300},
                               "sublayers": [{"id": "cube", "class": "CATransformLayer", "bounds": [0, 0, side, side],
                                              "position": [100, 80], "opacity": 0.85,
                                              "transform": matrix(rotation_x(math.radians(-25)) @ rotation_y(math.radians(35))),
                                              "sublayers": [{"id": name, "bounds": [0, 0, side, side], "position": [side / 2, side / 2],
                                                             "backgroundColor": colour, "transform": matrix(t)}
                                                            for name, colour, t in faces]}]}], draw)


def shadow_paint(alpha, sigma):
    p = skia.Paint(Color4f=color("#000000", alpha), AntiAlias=True)
    p.setMaskFilter(skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, sigma * SUPERSAMPLE, False))
    return p


def shadows_and_masks():
    # A rounded card casting a blurred shadow (shadowRadius 6 -> sigma 6), 8 down.
    def rounded_shadow(c):
        card = skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(40, 30, 120, 80), 16, 16)
        c.save(); c.translate(0, 8); c.drawRRect(card, shadow_paint(0.6, 6)); c.restore()
        c.drawRRect(card, paint("#ECF0F1"))
    scene("shadow-rounded-rect", [{"id": "card", "frame": [40, 30, 120, 80], "cornerRadius": 16, "backgroundColor": "#ECF0F1",
                                   "shadowOpacity": 0.6, "shadowRadius": 6, "shadowOffset": [0, 8]}], rounded_shadow)

    # An elliptical shadowPath under a layer that draws nothing else: only the blurred ellipse shows.
    def ellipse_shadow(c):
        c.save(); c.translate(6, -4); c.drawOval(skia.Rect.MakeXYWH(30, 40, 130, 70), shadow_paint(0.8, 4)); c.restore()
    scene("shadow-ellipse", [{"id": "blob", "frame": [30, 40, 130, 70], "shadowOpacity": 0.8, "shadowRadius": 4,
                              "shadowOffset": [6, -4], "shadowPath": {"ellipse": [0, 0, 130, 70]}}], ellipse_shadow)

    # A red layer with a green sublayer under a circular mask layer (cornerRadius = half its size).
    def circle_mask(c):
        c.save(); c.clipRRect(skia.RRect.MakeOval(skia.Rect.MakeXYWH(55, 35, 90, 90)), doAntiAlias=True)
        c.drawRect(skia.Rect.MakeXYWH(30, 20, 140, 120), paint("#E74C3C"))
        c.drawRect(skia.Rect.MakeXYWH(100, 20, 70, 60), paint("#2ECC71")); c.restore()
    scene("circle-mask", [{"id": "host", "frame": [30, 20, 140, 120], "backgroundColor": "#E74C3C",
                           "sublayers": [{"id": "green", "frame": [70, 0, 70, 60], "backgroundColor": "#2ECC71"}],
                           "mask": {"id": "circle", "frame": [25, 15, 90, 90], "cornerRadius": 45, "backgroundColor": "#FFFFFF"}}],
          circle_mask)


def skia_path(elements, fill_rule):
    path = skia.Path()
    for verb, *n in elements:
        {"move": path.moveTo, "line": path.lineTo, "close": path.close}[verb](*n)
    path.setFillType(skia.PathFillType.kEvenOdd if fill_rule == "evenOdd" else skia.PathFillType.kWinding)
    return path


def fill_rules():
    """Sharp (shadowRadius 0) and blurred shadowPaths whose parts overlap: the exact area each rule encloses."""
    def rect(x0, y0, x1, y1, clockwise=True):
        corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        if not clockwise:
            corners.reverse()
        return [["move", *corners[0]]] + [["line", *p] for p in corners[1:]] + [["close"]]

    # Non-zero: two rects wound opposite ways meeting at x = 60.5 (no seam where they meet), and the
    # left one drawn twice the same way (its half-covered edge pixels stay half covered).
    abutting = rect(10.5, 10.25, 60.5, 60.75) + rect(60.5, 10.25, 110.3, 60.75, clockwise=False) + rect(10.5, 10.25, 60.5, 60.75)
    # Even-odd: a five-pointed star drawn in one stroke (its middle pentagon is outside) and a
    # square around it, so the star's points are holes in the square.
    def star(cx, cy, r):
        points = [(cx + r * math.sin(math.radians(144 * i)), cy - r * math.cos(math.radians(144 * i))) for i in range(5)]
        return [["move", *points[0]]] + [["line", *p] for p in points[1:]] + [["close"]]
    starred = star(155, 42, 36)
    framed = rect(20.3, 80.6, 90.4, 150.2) + star(55.35, 115.4, 40)
    shapes = [("abutting", abutting, "nonZero", "#F1C40F", 0, None), ("star", starred, "evenOdd", "#3498DB", 0, None),
              ("framed", framed, "evenOdd", "#E74C3C", 3, (5, 4))]
    layers = []
    for name, elements, fill_rule, colour, radius, offset in shapes:
        layer = {"id": name, "frame": [0, 0, W, H], "shadowOpacity": 1, "shadowColor": colour, "shadowRadius": radius,
                 "shadowOffset": list(offset or (0, 0)), "shadowPath": {"elements": elements}}
        if fill_rule != "nonZero":
            layer["shadowPath"]["fillRule"] = fill_rule
        layers.append(layer)

    def draw(c):
        for name, elements, fill_rule, colour, radius, offset in shapes:
            p = paint(colour) if radius == 0 else shadow_paint(1, radius)
            if radius:
                p.setColor4f(color(colour))
            c.save(); c.translate(*(offset or (0, 0))); c.drawPath(skia_path(elements, fill_rule), p); c.restore()
    scene("shadow-path-fill-rules", layers, draw)


def texture():
    """64 x 64: an 8 px checker of two colours, a horizontal gradient band, a thin diagonal line and a
    half-transparent corner (straight alpha)."""
    yy, xx = np.mgrid[0:64, 0:64]
    img = np.zeros((64, 64, 4), np.uint8)
    checker = ((xx // 8 + yy // 8) % 2).astype(bool)
    img[..., :3] = np.where(checker[..., None], [230, 80, 40], [30, 120, 200])
    band = (yy >= 24) & (yy < 40)
    img[band, 0] = (xx[band] * 4).clip(0, 255)
    img[band, 1] = 255 - (xx[band] * 4).clip(0, 255)
    img[band, 2] = 128
    line = np.abs(xx - yy) < 1
    img[line, :3] = 255
    img[..., 3] = 255
    corner = (xx >= 48) & (yy >= 48)
    img[corner, 3] = 128
    return img


def images():
    path = os.path.join(OUT, "texture.png")
    skia.Image.fromarray(np.ascontiguousarray(texture()), colorType=skia.kRGBA_8888_ColorType,
                         alphaType=skia.kUnpremul_AlphaType).save(path, skia.kPNG)
    image = skia.Image.open(path)
    for filter_name in ["linear", "nearest", "trilinear"]:
        if filter_name == "nearest":
            sampling = skia.SamplingOptions(skia.FilterMode.kNearest)
        elif filter_name == "linear":
            sampling = skia.SamplingOptions(skia.FilterMode.kLinear)
        else:
            sampling = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)
        magnify = "nearest" if filter_name == "nearest" else "linear"

        def draw(c, sampling=sampling):
            # 2x up at (4, 16); 4x down at (140, 16); turned 30 degrees about (140, 110).
            c.drawImageRect(image, skia.Rect.MakeXYWH(4, 16, 128, 128), sampling, skia.Paint(AntiAlias=True))
            c.drawImageRect(image, skia.Rect.MakeXYWH(140, 16, 16, 16), sampling, skia.Paint(AntiAlias=True))
            c.save(); c.translate(160, 100); c.rotate(30)
            c.drawImageRect(image, skia.Rect.MakeXYWH(-32, -32, 64, 64), sampling, skia.Paint(AntiAlias=True)); c.restore()
        common = {"contents": "texture", "magnificationFilter": magnify, "minificationFilter": filter_name}
        layers = [dict(id="up", frame=[4, 16, 128, 128], **common), dict(id="down", frame=[140, 16, 16, 16], **common),
                  dict(id="turned", bounds=[0, 0, 64, 64], position=[160, 100], transform={"rotation": "30deg"}, **common)]
        scene("image-" + filter_name, layers, draw, supersample=1, assets={"texture": "texture.png"})

    # geometryFlipped lays the sublayers out from the bottom, but images stay upright (the
    # sublayers' contentsAreFlipped is true, and Core Animation flips their contents back):
    # a whole texture, and the top-left quarter of it (contentsRect) at `top` gravity, which is
    # the top on screen. Both are 1:1, so nearest sampling is exact.
    parent = (20, 16, 160, 128)

    def flipped(c):
        c.drawRect(skia.Rect.MakeXYWH(*parent), paint("#34495E"))
        nearest = skia.SamplingOptions(skia.FilterMode.kNearest)
        # sprite: frame y 8 + 64 from the bottom of the 128-high parent -> 16 + 128 - 72 = 72.
        c.drawImageRect(image, skia.Rect.MakeXYWH(28, 72, 64, 64), nearest, skia.Paint(AntiAlias=True))
        # badge: frame (84, 40, 64, 80) -> x 104, y 16 + 128 - 120 = 24; the 32 x 32 quarter centred at its top.
        c.drawImageRect(image, skia.Rect.MakeXYWH(0, 0, 32, 32), skia.Rect.MakeXYWH(120, 24, 32, 32), nearest,
                        skia.Paint(AntiAlias=True))
    common = {"contents": "texture", "magnificationFilter": "nearest", "minificationFilter": "nearest"}
    scene("contents-flipped", [{"id": "flipped", "frame": list(parent), "backgroundColor": "#34495E", "geometryFlipped": True,
                                "sublayers": [dict(id="sprite", frame=[8, 8, 64, 64], **common),
                                              dict(id="badge", frame=[84, 40, 64, 80], contentsGravity="top",
                                                   contentsRect=[0, 0, 0.5, 0.5], **common)]}],
          flipped, supersample=1, assets={"texture": "texture.png"})


if __name__ == "__main__":
    main()
