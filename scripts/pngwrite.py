"""The PNG writer the asset scripts share: numpy RGBA in, 8-bit RGBA PNG out (stdlib zlib only)."""
import struct
import zlib

import numpy as np


def write_png(path, rgba):
    """Straight-alpha RGBA uint8 array -> PNG (8-bit RGBA, no filtering)."""
    h, w, _ = rgba.shape
    raw = b"".join(b"\x00" + rgba[y].astype(np.uint8).tobytes() for y in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)
