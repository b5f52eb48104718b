"""Pictures drawn from circles, ellipses and polygons, 3x3 supersampled, written as PNG with
Python's standard library only (zlib at level 9, no timestamps): the same bytes on every run.
Used by scripts/generate-sample-media and scripts/generate-favicon."""

import struct
import zlib

SCALE = 3


class Canvas:
    """Premultiplied RGBA pixels drawn at SCALE times the size, averaged down when written; the
    ground is `color` (RGB), or transparent when it is None."""

    def __init__(self, width, height, color=None):
        self.width, self.height = width * SCALE, height * SCALE
        ground = [0, 0, 0, 0] if color is None else list(color) + [1.0]
        self.pixels = [list(ground) for _ in range(self.width * self.height)]

    def fill(self, inside, color, box):
        """Paints `color` (RGB, or RGBA with alpha 0-1) where `inside(x, y)` holds, within `box`
        (x0, y0, x1, y1 in output pixels)."""
        x0, y0, x1, y1 = (max(0, int(v * SCALE)) for v in box)
        x1, y1 = min(self.width, x1 + SCALE), min(self.height, y1 + SCALE)
        alpha = color[3] if len(color) == 4 else 1.0
        for y in range(y0, y1):
            fy = (y + 0.5) / SCALE
            row = y * self.width
            for x in range(x0, x1):
                if inside((x + 0.5) / SCALE, fy):
                    pixel = self.pixels[row + x]
                    for channel in range(3):
                        pixel[channel] = pixel[channel] * (1 - alpha) + color[channel] * alpha
                    pixel[3] = pixel[3] * (1 - alpha) + alpha

    def ellipse(self, cx, cy, rx, ry, color):
        self.fill(lambda x, y: ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1, color, (cx - rx, cy - ry, cx + rx, cy + ry))

    def circle(self, cx, cy, r, color):
        self.ellipse(cx, cy, r, r, color)

    def polygon(self, points, color):
        def inside(x, y):
            result = False
            for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
                if (ay > y) != (by > y) and x < (bx - ax) * (y - ay) / (by - ay) + ax:
                    result = not result
            return result
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        self.fill(inside, color, (min(xs), min(ys), max(xs), max(ys)))

    def rect(self, x0, y0, x1, y1, color):
        self.polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], color)

    def vertical_gradient(self, top, bottom, y0, y1):
        for y in range(int(y0 * SCALE), min(self.height, int(y1 * SCALE))):
            t = (y / SCALE - y0) / max(1, y1 - y0)
            color = [top[c] + (bottom[c] - top[c]) * t for c in range(3)] + [1.0]
            for x in range(self.width):
                self.pixels[y * self.width + x] = list(color)

    def png(self):
        width, height = self.width // SCALE, self.height // SCALE
        raw = bytearray()
        for y in range(height):
            raw.append(0)
            for x in range(width):
                total = [0.0, 0.0, 0.0, 0.0]
                for dy in range(SCALE):
                    row = (y * SCALE + dy) * self.width
                    for dx in range(SCALE):
                        pixel = self.pixels[row + x * SCALE + dx]
                        for c in range(4):
                            total[c] += pixel[c]
                alpha = total[3] / SCALE / SCALE
                color = [v / total[3] if total[3] else 0 for v in total[:3]]
                raw.extend(max(0, min(255, round(v))) for v in color + [alpha * 255])

        def chunk(kind, data):
            return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)

        header = struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0)
        return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(bytes(raw), 9)) + chunk(b'IEND', b'')
