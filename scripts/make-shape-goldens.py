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

The specialized-layer scenes (stroke-*, fill-even-odd, gradient-*, replicator-*) follow
docs/core-animation.md, "Specialized layers", rule by rule. Shape layers: the path objects are
built here as the doc lays them out (where rect, roundedRect and ellipse start and which way they
run, arcs swept as it says and cut into equal cubic pieces of at most 90 degrees); arc lengths are
measured here, dashes laid per subpath from its start shifted by the phase, then trimmed to
strokeStart...strokeEnd of the whole length, and the pieces (a closed subpath left whole stays
closed) are stroked by Skia as one path with one paint, so a stroke is one coverage. Gradients are
evaluated with numpy at each pixel centre (axial projection in points, radial ellipse, conic
clockwise angle from the start->end direction in points; straight colours between the stops, then
premultiplied) and composited over the picture by the area coverage of the rounded bounds.
Replicators are drawn copy by copy: instanceTransform^k about the bounds' centre, the colour
multiplier instanceColor + k x offsets (clamped) on straight colour, and copy k's sublayers at
the replicator's local time minus k x instanceDelay.

    pip install skia-python numpy && python3 scripts/make-shape-goldens.py [NAME ...]

With names, only those scenes are written (the others keep the goldens already looked at).
"""
import json
import math
import os
import sys

import numpy as np
import skia

import supersampled

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


def scene(name, layers, draw, supersample=SUPERSAMPLE, assets=None, over=()):
    """`over`: functions that composite onto the box-filtered picture (floats, 0...255 premultiplied),
    in order, after Skia has drawn `draw`: the gradients, which are evaluated once per pixel centre."""
    if len(sys.argv) > 1 and name not in sys.argv[1:]:
        return
    small = supersampled.draw(W, H, color(BACKGROUND), draw, supersample)
    for composite in over:
        small = composite(small)
    supersampled.save_png(small, os.path.join(OUT, name + ".png"))
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
    strokes()
    gradients()
    mask_modes()
    replicators()
    compositing()


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


# --- Specialized layers: CAShapeLayer, CAGradientLayer, CAReplicatorLayer -------------------------
# Everything below follows docs/core-animation.md, "Specialized layers": the path model (where the
# built-in shapes start and which way they run, arcs as cubic pieces), dashing and trimming by arc
# length are done here with numpy; Skia only strokes the finished pieces (as one path, so a stroke
# is one coverage) and fills.

KAPPA = 0.5522847498


def rgba(value):
    """A timeline colour ("#RRGGBB" or "#RRGGBBAA", straight alpha) as four floats."""
    a = int(value[7:9], 16) / 255 if len(value) == 9 else 1.0
    return tuple(int(value[i:i + 2], 16) / 255 for i in (1, 3, 5)) + (a,)


def rgba_paint(components, stroke=None):
    p = skia.Paint(Color4f=skia.Color4f(*components), AntiAlias=True)
    if stroke is not None:
        p.setStyle(skia.Paint.kStroke_Style)
        p.setStrokeWidth(stroke.get("lineWidth", 1))
        p.setStrokeCap({"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap,
                        "square": skia.Paint.kSquare_Cap}[stroke.get("lineCap", "butt")])
        p.setStrokeJoin({"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join,
                         "bevel": skia.Paint.kBevel_Join}[stroke.get("lineJoin", "miter")])
        # Skia's limit is the same ratio as Core Graphics': miter length over line width.
        p.setStrokeMiter(stroke.get("miterLimit", 10))
    return p


def bezier_split(ctrl, t):
    """de Casteljau: the control points of [0, t] and of [t, 1]."""
    left, right, pts = [ctrl[0]], [ctrl[-1]], ctrl
    while len(pts) > 1:
        pts = (1 - t) * pts[:-1] + t * pts[1:]
        left.append(pts[0]); right.append(pts[-1])
    return np.array(left), np.array(right[::-1])


class Segment:
    """A line, quad or cubic (2, 3 or 4 control points) with an arc-length table."""

    def __init__(self, *points):
        self.ctrl = np.array(points, dtype=np.float64)
        self.ts = np.linspace(0, 1, 2 if len(points) == 2 else 8193)
        n = len(points) - 1
        u = self.ts[:, None]
        binomial = [math.comb(n, i) for i in range(n + 1)]
        xy = sum(binomial[i] * (1 - u) ** (n - i) * u ** i * self.ctrl[i] for i in range(n + 1))
        self.cum = np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(xy, axis=0).T))])
        self.length = float(self.cum[-1])

    def piece(self, d0, d1):
        """The control points of the part between arc lengths d0 and d1 from the start."""
        t0, t1 = (float(np.interp(d, self.cum, self.ts)) for d in (d0, d1))
        left, _ = bezier_split(self.ctrl, t1)
        return bezier_split(left, t0 / t1)[1] if t0 > 0 else left


class Subpath:
    def __init__(self, start):
        self.start = np.array(start, dtype=np.float64)
        self.segments = []
        self.closed = False

    def end(self):
        return self.segments[-1].ctrl[-1] if self.segments else self.start

    def add(self, *points):
        self.segments.append(Segment(self.end(), *points))

    def runs(self):
        """The segments a stroke runs along: a closed subpath's closing line included."""
        if self.closed and np.hypot(*(self.end() - self.start)) > 0:
            return self.segments + [Segment(self.end(), self.start)]
        return self.segments

    def length(self):
        return sum(s.length for s in self.runs())


def arc_cubics(cx, cy, r, a0, a1, clockwise):
    """The doc's arc: clockwise (angles grow clockwise on screen, y down) the sweep is a1 - a0 raised
    by whole turns until it is not negative, at most one turn; counter-clockwise the mirror. Cubic
    pieces of equal angle, at most 90 degrees each."""
    turn = 2 * math.pi
    sweep = a1 - a0 if clockwise else a0 - a1
    while sweep < 0:
        sweep += turn
    sweep = min(sweep, turn) * (1 if clockwise else -1)
    n = max(1, math.ceil(abs(sweep) / (math.pi / 2) - 1e-9))
    step = sweep / n
    k = 4 / 3 * math.tan(step / 4)
    point = lambda a: np.array([cx + r * math.cos(a), cy + r * math.sin(a)])
    tangent = lambda a: np.array([-math.sin(a), math.cos(a)]) * r * k
    cubics = []
    for i in range(n):
        b0, b1 = a0 + i * step, a0 + (i + 1) * step
        cubics.append((point(b0) + tangent(b0), point(b1) - tangent(b1), point(b1)))
    return point(a0), cubics


def subpaths(path):
    """Reel's path object as subpaths, each from where the doc says it starts, the way it runs."""
    if "rect" in path or "roundedRect" in path or "ellipse" in path:
        x, y, w, h = path.get("rect") or path.get("roundedRect") or path.get("ellipse")
        x1, y1 = x + w, y + h
        if "rect" in path:
            sp = Subpath((x, y))
            for p in [(x1, y), (x1, y1), (x, y1)]:
                sp.add(p)
        elif "roundedRect" in path:
            r = path["cornerRadius"]
            c = r * (1 - KAPPA)
            sp = Subpath((x + r, y))
            sp.add((x1 - r, y)); sp.add((x1 - c, y), (x1, y + c), (x1, y + r))
            sp.add((x1, y1 - r)); sp.add((x1, y1 - c), (x1 - c, y1), (x1 - r, y1))
            sp.add((x + r, y1)); sp.add((x + c, y1), (x, y1 - c), (x, y1 - r))
            sp.add((x, y + r)); sp.add((x, y + c), (x + c, y), (x + r, y))
        else:
            mx, my, kx, ky = x + w / 2, y + h / 2, KAPPA * w / 2, KAPPA * h / 2
            sp = Subpath((x1, my))
            sp.add((x1, my + ky), (mx + kx, y1), (mx, y1))
            sp.add((mx - kx, y1), (x, my + ky), (x, my))
            sp.add((x, my - ky), (mx - kx, y), (mx, y))
            sp.add((mx + kx, y), (x1, my - ky), (x1, my))
        sp.closed = True
        return [sp]
    result, current = [], None
    for verb, *n in path["elements"]:
        if verb == "move":
            current = Subpath(n)
            result.append(current)
        elif verb == "close":
            current.closed = True
            current = None
        elif verb == "arc":
            start, cubics = arc_cubics(*n)
            if current is None:
                current = Subpath(start)
                result.append(current)
            elif np.hypot(*(current.end() - start)) > 1e-9:
                current.add(start)
            for cubic in cubics:
                current.add(*cubic)
        else:
            current.add(*np.array(n, dtype=np.float64).reshape(-1, 2))
    return result


def add_segment(path, ctrl):
    {2: path.lineTo, 3: path.quadTo, 4: path.cubicTo}[len(ctrl)](*ctrl[1:].reshape(-1))


def fill_path(sps, fill_rule):
    path = skia.Path()
    for sp in sps:
        path.moveTo(*sp.start)
        for s in sp.segments:
            add_segment(path, s.ctrl)
        if sp.closed:
            path.close()
    path.setFillType(skia.PathFillType.kEvenOdd if fill_rule == "evenOdd" else skia.PathFillType.kWinding)
    return path


def dashes(length, pattern, phase):
    """The 'on' intervals of the pattern laid from a subpath's start, shifted by the phase."""
    if len(pattern) % 2:
        pattern = pattern * 2
    d = -(phase % sum(pattern))
    on = []
    while d < length:
        for i, dash in enumerate(pattern):
            if i % 2 == 0 and min(d + dash, length) > max(d, 0):
                on.append((max(d, 0), min(d + dash, length)))
            d += dash
    return on


def trimmed_parts(layer):
    """The stroked parts as fractions of the whole length (extensions.md, strokeOffset):
    strokeStart...strokeEnd clamped to 0...1, moved by strokeOffset modulo 1; one part, or two
    where it wraps past the path's end; the whole path when the part is 1 or more."""
    start = min(max(layer.get("strokeStart", 0), 0), 1)
    end = min(max(layer.get("strokeEnd", 1), 0), 1)
    shift = layer.get("strokeOffset", 0)
    if shift == 0 or end - start >= 1:
        return [(start, end)]
    shift -= math.floor(shift)
    a, b = start + shift, end + shift
    if b <= 1:
        return [(a, b)]
    if a >= 1:
        return [(a - 1, b - 1)]
    return [(a, 1.0), (0.0, b - 1)]


def stroke_path(sps, layer):
    """Every piece to stroke as one path: dashes per subpath, then trimmed to the stroked parts
    of the whole length (trimmed_parts); a closed subpath left whole stays closed."""
    path = skia.Path()
    for start, end in trimmed_parts(layer):
        add_trimmed(path, sps, layer, start, end)
    return path


def add_trimmed(path, sps, layer, start, end):
    """Adds the pieces of the part start...end (fractions of the whole length) to `path`."""
    lengths = [sp.length() for sp in sps]
    total = sum(lengths)
    start, end = start * total, end * total
    pattern = layer.get("lineDashPattern")
    eps = 1e-9 * max(total, 1)
    if start >= end:
        return
    offset = 0.0
    for sp, length in zip(sps, lengths):
        on = dashes(length, pattern, layer.get("lineDashPhase", 0)) if pattern else [(0.0, length)]
        for a, b in on:
            a, b = max(a, start - offset), min(b, end - offset)
            if b - a <= eps:
                continue
            if sp.closed and not pattern and a <= eps and b >= length - eps:
                path.moveTo(*sp.start)
                for s in sp.segments:
                    add_segment(path, s.ctrl)
                path.close()
                continue
            at, first = 0.0, True
            for s in sp.runs():
                d0, d1 = max(a, at), min(b, at + s.length)
                if d1 - d0 > eps:
                    ctrl = s.piece(d0 - at, d1 - at)
                    if first:
                        path.moveTo(*ctrl[0]); first = False
                    add_segment(path, ctrl)
                at += s.length
        offset += length


def draw_shape(c, layer):
    """A CAShapeLayer placed by its frame: fill, then the stroke over it, faded as a group. A layer
    that draws one element (a fill or a stroke, each one coverage) fades exactly by its paint's alpha;
    Skia's 8-bit saveLayer would round the group's fade a level off."""
    x, y = layer["frame"][:2]
    sps = subpaths(layer["path"])
    fill, stroke = layer.get("fillColor", "#000000"), layer.get("strokeColor")
    opacity = layer.get("opacity", 1)
    group = opacity < 1 and fill is not None and stroke is not None
    fade = 1 if group else opacity
    c.save(); c.translate(x, y)
    if group:
        c.saveLayer(None, skia.Paint(Alphaf=opacity))
    if fill is not None:
        r, g, b, a = rgba(fill)
        c.drawPath(fill_path(sps, layer.get("fillRule", "nonZero")), rgba_paint((r, g, b, a * fade)))
    if stroke is not None:
        r, g, b, a = rgba(stroke)
        c.drawPath(stroke_path(sps, layer), rgba_paint((r, g, b, a * fade), stroke=layer))
    if group:
        c.restore()
    c.restore()


def shape(id, frame, path, **keys):
    return {"id": id, "class": "CAShapeLayer", "frame": list(frame), "path": path, **keys}


def shape_scene(name, layers):
    def draw(c):
        for layer in layers:
            draw_shape(c, layer)
    scene(name, layers, draw)


def strokes():
    # Joins on a 30-degree corner, lineWidth 14: miter (the default limit 10 keeps its 3.86 x 14 tip,
    # which reaches 13 points above the layer's bounds: paths are not cut to them), round, bevel,
    # and miter with miterLimit 2, which the tip exceeds, so it is bevelled.
    half = math.radians(15)
    arm = 62
    vee = {"elements": [["move", 25 - arm * math.sin(half), 14 + arm * math.cos(half)], ["line", 25, 14],
                        ["line", 25 + arm * math.sin(half), 14 + arm * math.cos(half)]]}
    joins = [("miter", "#E74C3C", {}), ("round", "#F1C40F", {"lineJoin": "round"}), ("bevel", "#2ECC71", {"lineJoin": "bevel"}),
             ("limited", "#3498DB", {"lineJoin": "miter", "miterLimit": 2})]
    shape_scene("stroke-joins", [shape(name, (50 * i, 50, 50, 90), vee, fillColor=None, strokeColor=colour, lineWidth=14, **keys)
                                 for i, (name, colour, keys) in enumerate(joins)])

    # Caps on lines from x = 50 to 150, lineWidth 16, with thin guides at both ends: butt stops at
    # the guides, round and square reach 8 past them.
    caps = [shape(cap, (50, 22 + 40 * i, 100, 36), {"elements": [["move", 0, 18.3], ["line", 100, 18.3]]}, fillColor=None,
                  strokeColor=colour, lineWidth=16, lineCap=cap)
            for i, (cap, colour) in enumerate([("butt", "#E67E22"), ("round", "#1ABC9C"), ("square", "#9B59B6")])]
    guides = shape("guides", (0, 0, W, H), {"elements": [["move", 50, 10], ["line", 50, 150], ["move", 150, 10], ["line", 150, 150]]},
                   fillColor=None, strokeColor="#FFFFFF99", lineWidth=1)
    shape_scene("stroke-caps", caps + [guides])

    # Dashes on a polyline-and-curve and on a second subpath (the pattern starts again there):
    # an odd pattern repeats to 16 on, 10 off, 6 on, 16 off, 10 on, 6 off; phase 7; round caps
    # on every dash; the corner inside a dash is mitered.
    dashed = {"elements": [["move", 10, 100], ["line", 45, 20], ["cubic", 90, 0, 110, 130, 150, 60], ["quad", 175, 20, 185, 90],
                           ["move", 10, 135], ["line", 185, 135]]}
    shape_scene("stroke-dash-phase", [shape("dashed", (5, 5, 190, 150), dashed, fillColor=None, strokeColor="#F1C40F", lineWidth=4,
                                            lineCap="round", lineDashPattern=[16, 10, 6], lineDashPhase=7)])

    # Trimming by fractions of the whole length: an ellipse from 0.1 to 0.7 (it starts at its right
    # end and runs clockwise; the fill is not trimmed); a rect from 0.3 to 0.95 (round its third
    # corner onto the closing edge); three subpaths trimmed 0.2 to 0.8, which keeps the end of the
    # first, the whole closed triangle (mitered where it closes, no caps) and the start of the
    # third; a rounded rect from its start, (minX + r, minY), to 0.4.
    three = {"elements": [["move", 8, 12], ["line", 48, 12], ["line", 20, 40],
                          ["move", 60, 10], ["line", 92, 10], ["line", 76, 40], ["close"],
                          ["move", 10, 62], ["line", 90, 62]]}
    shape_scene("stroke-trim", [
        shape("ellipse", (10, 12, 80, 56), {"ellipse": [0, 0, 80, 56]}, fillColor="#34495E", strokeColor="#E74C3C", lineWidth=6,
              strokeStart=0.1, strokeEnd=0.7),
        shape("rect", (112, 10, 80, 60), {"rect": [8, 8, 64, 40]}, fillColor=None, strokeColor="#2ECC71", lineWidth=6,
              lineCap="square", strokeStart=0.3, strokeEnd=0.95),
        shape("subpaths", (0, 82, 100, 78), three, fillColor=None, strokeColor="#3498DB", lineWidth=5, lineCap="round",
              strokeStart=0.2, strokeEnd=0.8),
        shape("rounded", (112, 90, 80, 60), {"roundedRect": [5, 5, 70, 50], "cornerRadius": 12}, fillColor=None,
              strokeColor="#F1C40F", lineWidth=6, lineCap="round", strokeEnd=0.4)])

    # Arcs: a progress ring (a full turn from -pi/2 to 3pi/2 clockwise, on a faint track) trimmed to
    # 0.75; a line, then a counter-clockwise arc from pi/4 to 3pi/4 (270 degrees, over the top),
    # which a line joins to the first line's end; a pie (centre, then a clockwise arc from pi/6 to
    # -pi/6: raised by a turn, 300 degrees; close) filled and stroked.
    ring = {"elements": [["arc", 40, 40, 28, -math.pi / 2, 3 * math.pi / 2, 1]]}
    hook = {"elements": [["move", 6, 84], ["line", 40, 84], ["arc", 50, 40, 24, math.pi / 4, 3 * math.pi / 4, 0]]}
    pie = {"elements": [["move", 40, 40], ["arc", 40, 40, 34, math.pi / 6, -math.pi / 6, 1], ["close"]]}
    shape_scene("stroke-arc", [
        shape("track", (8, 8, 80, 80), ring, fillColor=None, strokeColor="#FFFFFF33", lineWidth=10),
        shape("progress", (8, 8, 80, 80), ring, fillColor=None, strokeColor="#2ECC71", lineWidth=10, lineCap="round", strokeEnd=0.75),
        shape("hook", (106, 0, 90, 90), hook, fillColor=None, strokeColor="#F1C40F", lineWidth=6, lineJoin="round"),
        shape("pie", (50, 80, 80, 80), pie, fillColor="#9B59B6", strokeColor="#ECF0F1", lineWidth=3, lineJoin="round")])

    # strokeOffset (extensions.md): the trimmed part moved along the path modulo 1. A ring from
    # its start at the top, 0.1...0.45 moved by 0.8 (wraps past the end: two pieces with round
    # caps where the closed path is cut); a rounded rect 0...0.6 moved by -0.3 (0.7: wraps); an
    # open zigzag 0.2...0.7 moved by 0.45 (wraps onto its start), with square caps and dashes
    # that stay where they were laid; a part of 1 (the whole path) moved, unchanged.
    zigzag = {"elements": [["move", 6, 60], ["line", 36, 10], ["line", 66, 60], ["line", 96, 10]]}
    shape_scene("stroke-offset", [
        shape("ring", (8, 8, 80, 80), ring, fillColor=None, strokeColor="#2ECC71", lineWidth=10, lineCap="round",
              strokeStart=0.1, strokeEnd=0.45, strokeOffset=0.8),
        shape("rounded", (112, 14, 80, 60), {"roundedRect": [5, 5, 70, 50], "cornerRadius": 12}, fillColor=None,
              strokeColor="#F1C40F", lineWidth=6, lineCap="round", strokeEnd=0.6, strokeOffset=-0.3),
        shape("zigzag", (0, 92, 100, 70), zigzag, fillColor=None, strokeColor="#3498DB", lineWidth=5, lineCap="square",
              strokeStart=0.2, strokeEnd=0.7, strokeOffset=0.45, lineDashPattern=[18, 6]),
        shape("whole", (118, 96, 70, 60), {"ellipse": [5, 5, 60, 50]}, fillColor=None, strokeColor="#E74C3C", lineWidth=4,
              strokeOffset=0.37)])

    # Self-crossing strokes are one coverage: a figure-eight in a half-transparent colour and a
    # looping curve in an opaque colour on a layer at opacity 0.5; neither is darker where it crosses.
    eight = {"elements": [["move", 90, 30], ["cubic", 120, 0, 170, 4, 170, 30], ["cubic", 170, 56, 120, 60, 90, 30],
                          ["cubic", 60, 0, 10, 4, 10, 30], ["cubic", 10, 56, 60, 60, 90, 30], ["close"]]}
    # The loop's tightest bend has a radius of 8.5, more than half the line width, so the stroke's
    # outline is plain (no inner cusps) and only the crossing overlaps.
    loop = {"elements": [["move", 10, 81], ["cubic", 250, -19, -70, -19, 170, 81]]}
    shape_scene("stroke-self-crossing", [
        shape("eight", (10, 2, 180, 60), eight, fillColor=None, strokeColor="#3498DB80", lineWidth=12, lineJoin="round"),
        shape("loop", (10, 70, 180, 90), loop, fillColor=None, strokeColor="#E67E22", lineWidth=12, lineJoin="round",
              lineCap="round", opacity=0.5)])

    # evenOdd: a rect with two overlapping circles inside, all wound the same way; the circles are
    # holes and their overlap is filled again. Each circle is an arc after a close, so it starts
    # its own subpath. A stroke on top follows all three outlines.
    holes = {"elements": [["move", 0, 0], ["line", 160, 0], ["line", 160, 120], ["line", 0, 120], ["close"],
                          ["arc", 62, 60, 38, 0, 2 * math.pi, 1], ["close"],
                          ["arc", 100, 60, 38, math.pi, 3 * math.pi, 1], ["close"]]}
    shape_scene("fill-even-odd", [shape("holes", (20.5, 20.25, 160, 120), holes, fillRule="evenOdd", fillColor="#1ABC9C",
                                        strokeColor="#ECF0F1", lineWidth=3, lineJoin="round")])


def rrect_coverage(frame, radius):
    """Area coverage of the bounds rounded by cornerRadius (clamped to half the shorter side), 0...1
    per pixel: Skia's anti-aliased fill at 8x, box-filtered."""
    x, y, w, h = frame
    r = min(radius, w / 2, h / 2)
    surface = skia.Surface(W * SUPERSAMPLE, H * SUPERSAMPLE)
    c = surface.getCanvas()
    c.clear(skia.Color4f(0, 0, 0, 0))
    c.scale(SUPERSAMPLE, SUPERSAMPLE)
    c.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x, y, w, h), r, r), rgba_paint((1, 1, 1, 1)))
    big = np.array(surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType))
    return big[..., 3].reshape(H, SUPERSAMPLE, W, SUPERSAMPLE).astype(np.float64).mean(axis=(1, 3)) / 255


def gradient_over(layer):
    """A CAGradientLayer, evaluated at every pixel centre: t by the type's rule, colours mixed
    straight between the stops (the ends continue), premultiplied, times the rounded bounds'
    coverage, source-over onto what is below."""
    premultiplied, coverage = gradient_pixels(layer)

    def composite(below):
        return premultiplied * coverage + below * (1 - premultiplied[..., 3:] / 255 * coverage)
    return composite


def gradient_pixels(layer):
    """A CAGradientLayer's premultiplied colour at every pixel centre of the canvas (0...255) and
    its rounded bounds' coverage (0...1, one channel)."""
    x, y, w, h = layer["frame"]
    colours = np.array([rgba(v) for v in layer["colors"]])
    n = len(colours)
    locations = np.array(layer.get("locations") or [i / (n - 1) for i in range(n)], dtype=np.float64)
    sx, sy = layer.get("startPoint", (0.5, 0))
    ex, ey = layer.get("endPoint", (0.5, 1))
    sx, sy, ex, ey = sx * w, sy * h, ex * w, ey * h
    py, px = np.mgrid[0:H, 0:W].astype(np.float64)
    px, py = px + 0.5 - x, py + 0.5 - y
    kind = layer.get("type", "axial")
    if kind == "axial":
        t = ((px - sx) * (ex - sx) + (py - sy) * (ey - sy)) / ((ex - sx) ** 2 + (ey - sy) ** 2)
    elif kind == "radial":
        t = np.hypot((px - sx) / abs(ex - sx), (py - sy) / abs(ey - sy))
    else:
        t = np.mod(np.arctan2(py - sy, px - sx) - math.atan2(ey - sy, ex - sx), 2 * math.pi) / (2 * math.pi)
    straight = np.stack([np.interp(t, locations, colours[:, i]) for i in range(4)], axis=-1)
    premultiplied = np.concatenate([straight[..., :3] * straight[..., 3:], straight[..., 3:]], axis=-1) * 255
    coverage = rrect_coverage(layer["frame"], layer.get("cornerRadius", 0))[..., None]
    return premultiplied, coverage


def mask_modes():
    # maskMode (extensions.md): four hosts, each an orange card with a blue stripe, masked by the
    # same axial gradient (opaque white, half-transparent red, transparent blue, so alpha and
    # luminance differ) that covers only the card's top-left part. alpha and luminance show the
    # card only inside the mask layer; the inverted modes show it outside the mask layer too.
    # Reference: the card's pixels (pixel-aligned rects) times the mask read per mode from the
    # gradient's premultiplied colour at each pixel centre.
    layers, overs = [], []
    for k, mode in enumerate(["alpha", "alphaInverted", "luminance", "luminanceInverted"]):
        hx, hy = 10 + (k % 2) * 96, 8 + (k // 2) * 76
        mask = gradient("matte", (6, 4, 70, 50), ["#FFFFFF", "#FF000080", "#0000FF00"], locations=[0.1, 0.5, 0.9],
                        startPoint=[0, 0], endPoint=[1, 1])
        host = {"id": mode, "frame": [hx, hy, 84, 64], "backgroundColor": "#E67E22", "maskMode": mode, "mask": mask,
                "sublayers": [{"id": "stripe", "frame": [0, 24, 84, 12], "backgroundColor": "#2980B9"}]}
        layers.append(host)

        def over(below, hx=hx, hy=hy, mask=mask, mode=mode):
            card = np.zeros((H, W, 4))
            card[hy:hy + 64, hx:hx + 84] = np.array(rgba("#E67E22")) * 255
            card[hy + 24:hy + 36, hx:hx + 84] = np.array(rgba("#2980B9")) * 255
            mx, my, mw, mh = mask["frame"]
            premultiplied, coverage = gradient_pixels({**mask, "frame": [hx + mx, hy + my, mw, mh]})
            matte = premultiplied * coverage
            if mode.startswith("alpha"):
                m = matte[..., 3] / 255
            else:
                m = (0.2126 * matte[..., 0] + 0.7152 * matte[..., 1] + 0.0722 * matte[..., 2]) / 255
            if mode.endswith("Inverted"):
                m = 1 - m
            shown = card * m[..., None]
            return shown + below * (1 - shown[..., 3:] / 255)
        overs.append(over)
    scene("mask-modes", layers, lambda c: None, over=overs)


def gradient(id, frame, colors, **keys):
    return {"id": id, "class": "CAGradientLayer", "frame": list(frame), "colors": colors, **keys}


def gradients():
    # Axial, corner to corner (in points: the line runs from 10% along the top to 90% along the
    # bottom), four translucent colours at custom locations, over a white band that shows the alpha.
    band = {"id": "band", "frame": [0, 70, W, 20], "backgroundColor": "#FFFFFF"}
    axial = gradient("axial", (20, 20, 160, 120), ["#E74C3C", "#F1C40FB0", "#2ECC7160", "#3498DBE0"],
                     locations=[0.1, 0.35, 0.6, 0.9], startPoint=[0.1, 0], endPoint=[0.9, 1])
    scene("gradient-axial", [band, axial], lambda c: c.drawRect(skia.Rect.MakeXYWH(0, 70, W, 20), paint("#FFFFFF")),
          over=[gradient_over(axial)])

    # Radial on a 180 x 128 layer: an ellipse centred at (0.45, 0.5) with radii 0.5 x 180 and
    # 0.4 x 128; stops at 0.15, 0.5, 0.8; the translucent last colour fills the corners.
    radial = gradient("radial", (10, 16, 180, 128), ["#FFFFFF", "#FF6B6BCC", "#4834D480"], type="radial",
                      locations=[0.15, 0.5, 0.8], startPoint=[0.45, 0.5], endPoint=[0.95, 0.9])
    scene("gradient-radial", [radial], lambda c: None, over=[gradient_over(radial)])

    # Conic about the centre of a 160 x 120 layer, starting towards endPoint (1, 0.75): in points
    # the direction (80, 30), about 20.6 degrees below +x (not the 26.6 degrees of unit space);
    # five colours turning clockwise, a hard seam where purple meets red.
    conic = gradient("conic", (20, 20, 160, 120), ["#E74C3C", "#F1C40F", "#2ECC71", "#3498DB", "#9B59B6"], type="conic",
                     startPoint=[0.5, 0.5], endPoint=[1, 0.75])
    scene("gradient-conic", [conic], lambda c: None, over=[gradient_over(conic)])

    # Rounded gradients without masksToBounds: the gradient fills the rounded bounds, like a
    # background. The pill's cornerRadius 100 is clamped to half its height.
    card = gradient("card", (30, 14, 140, 84), ["#FF9A8B", "#FF6A88", "#FF99AC"], cornerRadius=24,
                    startPoint=[0, 0.5], endPoint=[1, 0.5])
    pill = gradient("pill", (40.5, 110, 120, 36), ["#43E97B", "#38F9D7"], cornerRadius=100)
    scene("gradient-rounded", [card, pill], lambda c: None, over=[gradient_over(card), gradient_over(pill)])


def replicators():
    # Twelve copies of a capsule turned 30 degrees each about the replicator's centre. Copy k is
    # multiplied by instanceColor + k x offsets: red falls by 0.09, blue rises by 0.1 (clamped at 1),
    # alpha falls by 0.08, so the ring fades clockwise from yellow towards blue. The replicator's
    # own background is drawn once, under the copies.
    base = rgba("#FFD23C")
    offsets = (-0.09, 0, 0.1, -0.08)
    ring = {"id": "ring", "class": "CAReplicatorLayer", "frame": [20, 0, 160, 160], "backgroundColor": "#2C3E50",
            "cornerRadius": 80, "instanceCount": 12, "instanceTransform": {"rotation": 2 * math.pi / 12},
            "instanceColor": "#FFD23C", "instanceRedOffset": offsets[0], "instanceBlueOffset": offsets[2],
            "instanceAlphaOffset": offsets[3],
            "sublayers": [{"id": "dot", "frame": [76, 8, 8, 26], "cornerRadius": 4, "backgroundColor": "#FFFFFF"}]}

    def draw_ring(c):
        c.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(20, 0, 160, 160), 80, 80), paint("#2C3E50"))
        for k in range(12):
            multiplier = [min(max(b + k * o, 0), 1) for b, o in zip(base, offsets)]
            c.save(); c.translate(20, 0); c.translate(80, 80); c.rotate(30 * k); c.translate(-80, -80)
            # The multiplier scales the dot's straight colour, alpha included (white: the multiplier itself).
            tinted = [d * m for d, m in zip(rgba("#FFFFFF"), multiplier)]
            c.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(76, 8, 8, 26), 4, 4), rgba_paint(tinted))
            c.restore()
    scene("replicator-ring", [ring], draw_ring)

    # Five copies in a row (translation 36) of a bar that grows from 16 to 96 high over 1.25 s,
    # standing on its base (anchorPoint (0.5, 1)). The replicator's beginTime -1 puts its local time
    # at 1 when the timeline is at 0; copy k runs 0.2 k behind, at 1, 0.8, 0.6, 0.4, 0.2 s: heights
    # 80, 67.2, 54.4, 41.6, 28.8, all inside the animation's active interval.
    delay = {"id": "meter", "class": "CAReplicatorLayer", "frame": [10, 20, 180, 120], "beginTime": -1,
             "instanceCount": 5, "instanceDelay": 0.2, "instanceTransform": {"translation": [36, 0, 0]},
             "sublayers": [{"id": "bar", "bounds": [0, 0, 24, 16], "anchorPoint": [0.5, 1], "position": [22, 110],
                            "cornerRadius": 4, "backgroundColor": "#1ABC9C",
                            "animations": [{"keyPath": "bounds.size.height", "fromValue": 16, "toValue": 96, "duration": 1.25}]}]}

    def draw_delay(c):
        for k in range(5):
            local = (0 - -1) - k * 0.2
            height = 16 + (96 - 16) * local / 1.25
            c.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(10 + 22 - 12 + 36 * k, 20 + 110 - height, 24, height), 4, 4),
                        paint("#1ABC9C"))
    scene("replicator-delay", [delay], draw_delay)



# compositingFilter names (extensions.md) and Skia's SkBlendMode for each: Skia computes the W3C
# formulas and the Porter-Duff operators the page defines.
BLEND_MODES = [
    ("normal", skia.BlendMode.kSrcOver), ("multiply", skia.BlendMode.kMultiply), ("screen", skia.BlendMode.kScreen),
    ("overlay", skia.BlendMode.kOverlay), ("darken", skia.BlendMode.kDarken), ("lighten", skia.BlendMode.kLighten),
    ("colorDodge", skia.BlendMode.kColorDodge), ("colorBurn", skia.BlendMode.kColorBurn),
    ("hardLight", skia.BlendMode.kHardLight), ("softLight", skia.BlendMode.kSoftLight),
    ("difference", skia.BlendMode.kDifference), ("exclusion", skia.BlendMode.kExclusion), ("hue", skia.BlendMode.kHue),
    ("saturation", skia.BlendMode.kSaturation), ("color", skia.BlendMode.kColor),
    ("luminosity", skia.BlendMode.kLuminosity), ("plusLighter", skia.BlendMode.kPlus),
    ("sourceIn", skia.BlendMode.kSrcIn), ("sourceOut", skia.BlendMode.kSrcOut), ("sourceAtop", skia.BlendMode.kSrcATop),
    ("destinationIn", skia.BlendMode.kDstIn), ("destinationOut", skia.BlendMode.kDstOut),
    ("destinationAtop", skia.BlendMode.kDstATop), ("xor", skia.BlendMode.kXor),
]


def compositing():
    """compositingFilter and filters (extensions.md, "Compositing"), drawn with Skia's own blend
    modes, layers and image filters: each isolation group is a saveLayer, a layer that lands
    with an operator is a saveLayer whose restore paint carries the SkBlendMode, and the canvas's
    layers are one group composited over the background."""
    # Every operator over a translucent backdrop: one cell per mode, each a masksToBounds
    # container (an isolation group) holding two translucent bars and, on top, a translucent
    # red disc landing with the mode. The Porter-Duff operators act over the whole cell.
    layers, cells = [], []
    for k, (mode, skia_mode) in enumerate(BLEND_MODES):
        cx, cy = 4 + 33 * (k % 6), 4 + 39 * (k // 6)
        disc = {"id": "disc", "frame": [8, 10, 22, 22], "cornerRadius": 11, "backgroundColor": "#E74C3CC0"}
        if mode != "normal":
            disc["compositingFilter"] = mode
        layers.append({"id": mode, "frame": [cx, cy, 32, 38], "masksToBounds": True, "sublayers": [
            {"id": "blue", "frame": [0, 0, 32, 22], "backgroundColor": "#2980B9CC"},
            {"id": "yellow", "frame": [0, 14, 20, 24], "backgroundColor": "#F1C40F99"}, disc]})
        cells.append((cx, cy, skia_mode))

    def blend_cells(c):
        c.saveLayer()
        for cx, cy, skia_mode in cells:
            c.save(); c.clipRect(skia.Rect.MakeXYWH(cx, cy, 32, 38)); c.saveLayer(); c.translate(cx, cy)
            c.drawRect(skia.Rect.MakeXYWH(0, 0, 32, 22), paint("#2980B9", 0xCC / 255))
            c.drawRect(skia.Rect.MakeXYWH(0, 14, 20, 24), paint("#F1C40F", 0x99 / 255))
            p = skia.Paint(); p.setBlendMode(skia_mode); c.saveLayer(None, p)
            c.drawOval(skia.Rect.MakeXYWH(8, 10, 22, 22), paint("#E74C3C", 0xC0 / 255))
            c.restore(); c.restore(); c.restore()
        c.restore()
    scene("blend-modes", layers, blend_cells)

    # An isolation group versus none: on the left a multiply disc inside a plain layer blends
    # with the blue bar drawn before its superlayer; on the right the same inside a
    # masksToBounds layer (an isolation group) meets only transparency and lands as itself.
    # Below, a top-level destinationOut bar cuts a purple bar down to the canvas background.
    def isolation_layers():
        out = [{"id": "bar", "frame": [0, 40, 200, 40], "backgroundColor": "#3498DB"}]
        for name, x, isolated in (("plain", 10, False), ("isolated", 105, True)):
            host = {"id": name, "frame": [x, 20, 85, 80], "sublayers": [
                {"id": "disc", "frame": [10, 5, 65, 65], "cornerRadius": 32.5, "backgroundColor": "#E67E22",
                 "compositingFilter": "multiply"}]}
            if isolated:
                host["masksToBounds"] = True
            out.append(host)
        out.append({"id": "purple", "frame": [20, 110, 160, 36], "backgroundColor": "#9B59B6"})
        out.append({"id": "hole", "frame": [60, 120, 80, 40], "backgroundColor": "#000000", "compositingFilter": "destinationOut"})
        return out

    def isolation(c):
        multiply = skia.Paint(); multiply.setBlendMode(skia.BlendMode.kMultiply)
        out = skia.Paint(); out.setBlendMode(skia.BlendMode.kDstOut)
        c.saveLayer()
        c.drawRect(skia.Rect.MakeXYWH(0, 40, 200, 40), paint("#3498DB"))
        c.saveLayer(None, multiply); c.drawOval(skia.Rect.MakeXYWH(20, 25, 65, 65), paint("#E67E22")); c.restore()
        c.save(); c.clipRect(skia.Rect.MakeXYWH(105, 20, 85, 80)); c.saveLayer()
        c.saveLayer(None, multiply); c.drawOval(skia.Rect.MakeXYWH(115, 25, 65, 65), paint("#E67E22")); c.restore()
        c.restore(); c.restore()
        c.drawRect(skia.Rect.MakeXYWH(20, 110, 160, 36), paint("#9B59B6"))
        c.saveLayer(None, out); c.drawRect(skia.Rect.MakeXYWH(60, 120, 80, 40), paint("#000000")); c.restore()
        c.restore()
    scene("isolation", isolation_layers(), isolation)

    # Filters under a scale of 1.5: a white card with an orange bar, blurred by radius 3 (sigma
    # 4.5 pixels), and beside it a layer with a red square inside transparent bounds through a
    # colour matrix that swaps red and blue and lifts alpha by 0.25 + 0.5 a: over the picture's
    # extent (its bounds, on whole pixels here, as every edge in this scene) the transparent part becomes a quarter-opaque tint.
    graded_matrix = [0, 0, 1, 0, 0, 0, 1, 0, 0, 0.2, 1, 0, 0, 0, 0.1, 0, 0, 0, 0.5, 0.25]
    zoom = {"id": "zoom", "bounds": [0, 0, 120, 90], "position": [100, 80.5], "transform": {"scale": 1.5}, "sublayers": [
        {"id": "blurred", "frame": [6, 14, 46, 60], "backgroundColor": "#ECF0F1",
         "filters": [{"name": "soft", "type": "gaussianBlur", "radius": 3}],
         "sublayers": [{"id": "band", "frame": [0, 24, 46, 12], "backgroundColor": "#E67E22"}]},
        {"id": "graded", "frame": [66, 14, 48, 60],
         "filters": [{"name": "swap", "type": "colorMatrix", "matrix": graded_matrix}],
         "sublayers": [{"id": "square", "frame": [8, 10, 30, 30], "backgroundColor": "#E74C3C"}]}]}

    def filters(c):
        c.translate(100 - 90, 80.5 - 67.5); c.scale(1.5, 1.5)
        blur = skia.Paint(); blur.setImageFilter(skia.ImageFilters.Blur(3, 3, skia.TileMode.kDecal))
        c.saveLayer(None, blur)
        c.drawRect(skia.Rect.MakeXYWH(6, 14, 46, 60), paint("#ECF0F1"))
        c.drawRect(skia.Rect.MakeXYWH(6, 38, 46, 12), paint("#E67E22"))
        c.restore()
        graded = skia.Paint(); graded.setColorFilter(skia.ColorFilters.Matrix(graded_matrix))
        c.save(); c.clipRect(skia.Rect.MakeXYWH(66, 14, 48, 60)); c.saveLayer(None, graded)
        c.drawRect(skia.Rect.MakeXYWH(74, 24, 30, 30), paint("#E74C3C"))
        c.restore(); c.restore()
    scene("filters", [zoom], filters)


if __name__ == "__main__":
    main()
