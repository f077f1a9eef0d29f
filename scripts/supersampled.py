"""What the golden scripts share: a picture drawn by Skia at `supersample` x `supersample` the
resolution on an opaque background and box-filtered down (area coverage on every edge), and
writing it as a PNG."""
import numpy as np
import skia


def draw(width, height, background, paint, supersample):
    """`paint(canvas)` drawn in points on a `width` x `height` canvas cleared to the Color4f
    `background`; premultiplied RGBA as floats 0...255, averaged over each pixel's samples."""
    surface = skia.Surface(width * supersample, height * supersample)
    canvas = surface.getCanvas()
    canvas.clear(background)
    canvas.scale(supersample, supersample)
    paint(canvas)
    big = np.array(surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType))
    return big.reshape(height, supersample, width, supersample, 4).astype(np.float64).mean(axis=(1, 3))


def save_png(pixels, path):
    """Rounds the floats to bytes and writes them (the background is opaque, so premultiplied
    and straight colour are the same bytes)."""
    rounded = np.ascontiguousarray(np.rint(pixels).astype(np.uint8))
    skia.Image.fromarray(rounded, colorType=skia.kRGBA_8888_ColorType).save(path, skia.kPNG)
