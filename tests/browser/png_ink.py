#!/usr/bin/env python3
"""Is a PNG drawn on?  Prints the share of pixels that differ from the most
common colour (the background) and exits 1 when it is below the minimum
percentage given.  Standard library only (zlib), for 8-bit RGB/RGBA PNGs,
which is what Chromium writes."""
import struct
import sys
import zlib
from collections import Counter


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6):
                raise ValueError("only 8-bit RGB or RGBA PNGs")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, channels, rows


def main():
    path, minimum = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    width, height, channels, rows = read_png(path)
    pixels = Counter()
    for row in rows[::2]:
        for x in range(0, width * channels, channels * 2):
            pixels[row[x:x + 3]] += 1
    total = sum(pixels.values())
    ink = 100.0 * (total - pixels.most_common(1)[0][1]) / total
    print(f"png_ink: {path}: {width}x{height}, {ink:.1f}% drawn, {len(pixels)} colours")
    sys.exit(0 if ink >= minimum else 1)


if __name__ == "__main__":
    main()
