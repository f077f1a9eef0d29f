#!/usr/bin/env python3
"""Makes the images the seed timelines show, into Timelines/seeds/assets/.

    python3 scripts/make-assets.py      (needs numpy; ffmpeg turns the photo into JPEG)

- digits.png    LCD pixel-font sprite sheet: digits 0-9 side by side, 12 x 20 px each, lit
                segments dark green on a transparent background (contentsRect d*0.1, 0, 0.1, 1)
- sprites.png   2 x 2 sprite sheet of simple icons, 64 x 64 px each (contentsRect quadrants)
- button.png    48 x 48 rounded button with a 2 px border and a highlight band: nine-slice art
- cone.png      a cone-shaped alpha mask, 128 x 128 (mask contents)
- photo.jpg     a photo-like landscape, 320 x 240: sky gradient, sun, noisy hills (JPEG)
"""
import os
import subprocess

import numpy as np

from pngwrite import write_png

OUT = os.path.join(os.path.dirname(__file__), "..", "Timelines", "seeds", "assets")


# Seven segments on a 12 x 20 cell: (x, y, w, h) rectangles.
SEGMENTS = {
    "a": (3, 1, 6, 2), "b": (9, 3, 2, 6), "c": (9, 11, 2, 6), "d": (3, 17, 6, 2),
    "e": (1, 11, 2, 6), "f": (1, 3, 2, 6), "g": (3, 9, 6, 2),
}
DIGITS = ["abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc", "abcdefg", "abcdfg"]


def digits():
    sheet = np.zeros((20, 120, 4), np.uint8)
    for d, lit in enumerate(DIGITS):
        for name, (x, y, w, h) in SEGMENTS.items():
            on = name in lit
            colour = (20, 60, 20, 255) if on else (20, 60, 20, 28)
            sheet[y:y + h, d * 12 + x:d * 12 + x + w] = colour
    return sheet


def sprites():
    img = np.zeros((128, 128, 4), np.uint8)
    yy, xx = np.mgrid[0:64, 0:64] + 0.5
    # Sun: a yellow disc.
    sun = ((xx - 32) ** 2 + (yy - 32) ** 2) < 26 ** 2
    img[0:64, 0:64][sun] = (250, 200, 30, 255)
    # House: a red square with a triangular roof.
    house = (xx > 14) & (xx < 50) & (yy > 30) & (yy < 58)
    roof = (yy > 8) & (yy <= 30) & (np.abs(xx - 32) < (yy - 8) * 1.0)
    img[0:64, 64:128][house | roof] = (200, 50, 40, 255)
    # Tree: a green circle on a brown trunk.
    crown = ((xx - 32) ** 2 + (yy - 24) ** 2) < 20 ** 2
    trunk = (np.abs(xx - 32) < 5) & (yy > 36) & (yy < 60)
    img[64:128, 0:64][trunk] = (110, 70, 30, 255)
    img[64:128, 0:64][crown] = (40, 150, 60, 255)
    # Drop: a blue teardrop.
    drop = (((xx - 32) ** 2 + (yy - 40) ** 2) < 16 ** 2) | ((np.abs(xx - 32) < (yy - 6) * 0.5) & (yy < 40) & (yy > 6))
    img[64:128, 64:128][drop] = (40, 110, 220, 255)
    return img


def button():
    size = 48
    yy, xx = np.mgrid[0:size, 0:size] + 0.5
    r = 12.0
    cx = np.clip(xx, r, size - r)
    cy = np.clip(yy, r, size - r)
    dist = np.sqrt((xx - cx) ** 2 + (yy - cy) ** 2)
    alpha = np.clip(r + 0.5 - dist, 0, 1)
    inner = np.clip(r - 2 + 0.5 - dist, 0, 1)
    img = np.zeros((size, size, 4), np.float64)
    fill = np.where(yy[..., None] < size / 2, [90, 160, 240], [40, 110, 210])
    border = np.array([20, 50, 110])
    rgb = fill * inner[..., None] + border * (1 - inner[..., None])
    img[..., :3] = rgb
    img[..., 3] = alpha * 255
    return np.rint(img).astype(np.uint8)


def cone():
    size = 128
    yy, xx = np.mgrid[0:size, 0:size] + 0.5
    # Apex at the top centre, widening to a rounded base (an ice-cream cone / spotlight shape).
    t = (yy - 6) / (size - 30)
    half = np.where((t >= 0) & (t <= 1), 6 + 52 * t, -1)
    body = np.clip(half - np.abs(xx - 64) + 0.5, 0, 1) * ((t >= 0) & (t <= 1))
    base = np.clip(58.5 - np.sqrt((xx - 64) ** 2 + ((yy - (size - 24)) * 2.2) ** 2), 0, 1)
    a = np.maximum(body, base * (yy > size - 30))
    img = np.zeros((size, size, 4), np.uint8)
    img[..., :3] = 255
    img[..., 3] = np.rint(a * 255).astype(np.uint8)
    return img


def photo():
    w, h = 320, 240
    rng = np.random.default_rng(7)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float64)
    sky_top, sky_bottom = np.array([40, 90, 180]), np.array([250, 190, 140])
    t = (yy / h)[..., None]
    img = sky_top * (1 - t) + sky_bottom * t
    sun = np.clip(1 - np.sqrt((xx - 230) ** 2 + (yy - 80) ** 2) / 30, 0, 1)[..., None]
    img = img * (1 - sun) + np.array([255, 240, 200]) * sun
    ridge1 = 150 + 20 * np.sin(xx / 37) + 12 * np.sin(xx / 11 + 1)
    ridge2 = 185 + 15 * np.sin(xx / 23 + 2) + 6 * np.sin(xx / 7)
    noise = rng.normal(0, 9, (h, w, 1))
    img = np.where((yy > ridge1)[..., None], np.array([70, 100, 80]) + noise, img)
    img = np.where((yy > ridge2)[..., None], np.array([40, 80, 40]) + noise * 1.5, img)
    out = np.zeros((h, w, 4), np.uint8)
    out[..., :3] = np.clip(np.rint(img), 0, 255)
    out[..., 3] = 255
    return out


def main():
    os.makedirs(OUT, exist_ok=True)
    write_png(os.path.join(OUT, "digits.png"), digits())
    write_png(os.path.join(OUT, "sprites.png"), sprites())
    write_png(os.path.join(OUT, "button.png"), button())
    write_png(os.path.join(OUT, "cone.png"), cone())
    source = os.path.join(OUT, "photo-source.png")
    write_png(source, photo())
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", source, "-q:v", "3", os.path.join(OUT, "photo.jpg")], check=True)
    os.remove(source)


if __name__ == "__main__":
    main()
