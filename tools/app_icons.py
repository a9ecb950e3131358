"""The installable app's icons and manifest, made at build time (standard library only).

web/icons/icon.svg is our own drawing, in polygons and rectangles only, so that this module can draw it to PNG
without an image library: each shape is filled by scanlines with 4 sub-scanlines per pixel row and exact
horizontal coverage (anti-aliased edges), composited in drawing order, and written as an 8-bit RGBA PNG.
build.py calls `write()`: it draws the icons into web/vendor/icons/ and writes ./manifest.webmanifest, each only
when its bytes change.
"""
from __future__ import annotations

import json
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

SUB = 4  # sub-scanlines per pixel row
# (file name, size in px, purpose, scale of the drawing about the centre). The maskable icon keeps its drawing
# inside the central 80 % circle every launcher's mask leaves (the background fills the rest).
ICONS = [("icon-192.png", 192, "any", 1.0), ("icon-512.png", 512, "any", 1.0),
         ("icon-maskable-512.png", 512, "maskable", 0.86)]
THEME = "#13161d"  # the dark table's background: the title bar and the splash screen (both themes start on it)
MANIFEST = {
    "name": "Crystal Clans",
    "short_name": "Crystal Clans",
    "description": "Card and board games for two in your browser: against the computer, at one screen or with "
                   "a friend online. Works offline once installed.",
    "lang": "en",
    "id": "./",
    "start_url": "./",  # relative to the manifest (the site's root): works under any sub-path a host gives
    "scope": "./",
    "display": "standalone",
    "orientation": "any",
    "background_color": THEME,
    "theme_color": THEME,
    "categories": ["games", "entertainment"],
}

Shape = tuple[list[tuple[float, float]], tuple[int, int, int]]


def _colour(text: str) -> tuple[int, int, int]:
    text = text.strip().lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def read_svg(path: Path) -> tuple[float, list[Shape]]:
    """The drawing's width (its viewBox is square, from 0) and its shapes, in drawing order."""
    root = ET.parse(path).getroot()
    x0, y0, w, h = (float(v) for v in root.get("viewBox", "0 0 512 512").split())
    if (x0, y0) != (0, 0) or w != h:
        raise ValueError(f"{path}: the icon's viewBox must be square and start at 0 0")
    shapes: list[Shape] = []
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1]
        if tag == "rect":
            x, y = float(el.get("x", 0)), float(el.get("y", 0))
            rw, rh = float(el.get("width")), float(el.get("height"))
            shapes.append(([(x, y), (x + rw, y), (x + rw, y + rh), (x, y + rh)], _colour(el.get("fill"))))
        elif tag == "polygon":
            nums = [float(v) for v in el.get("points").replace(",", " ").split()]
            shapes.append((list(zip(nums[0::2], nums[1::2])), _colour(el.get("fill"))))
        elif tag not in ("svg", "title", "desc"):
            raise ValueError(f"{path}: <{tag}> is not drawn here (polygons and rectangles only)")
    return w, shapes


def _coverage(points: list[tuple[float, float]], size: int, row: int) -> list[float]:
    """How much of each pixel of `row` the polygon covers (0..1), even-odd rule."""
    diff = [0.0] * (size + 2)  # whole pixels, as a difference array
    cov = [0.0] * (size + 1)  # partly covered edge pixels
    w = 1.0 / SUB
    edges = list(zip(points, points[1:] + points[:1]))
    for s in range(SUB):
        y = row + (s + 0.5) / SUB
        xs = sorted(xa + (y - ya) * (xb - xa) / (yb - ya) for (xa, ya), (xb, yb) in edges
                    if (ya <= y < yb) or (yb <= y < ya))
        for a, b in zip(xs[0::2], xs[1::2]):
            a, b = max(a, 0.0), min(b, float(size))
            if b <= a:
                continue
            ia, ib = int(a), int(b)
            if ia == ib:
                cov[ia] += (b - a) * w
                continue
            cov[ia] += (ia + 1 - a) * w
            if ib < size:
                cov[ib] += (b - ib) * w
            diff[ia + 1] += w
            diff[ib] -= w
    out, run = [], 0.0
    for x in range(size):
        run += diff[x]
        out.append(min(1.0, run + cov[x]))
    return out


def draw(shapes: list[Shape], width: float, size: int, scale: float = 1.0) -> bytes:
    """RGBA rows of the drawing at size x size px; shapes after the first are scaled about the centre."""
    k = size / width
    c = size / 2
    placed = []
    for n, (pts, colour) in enumerate(shapes):
        s = 1.0 if n == 0 else scale  # the background always fills the square
        placed.append(([(c + (x * k - c) * s, c + (y * k - c) * s) for x, y in pts], colour))
    rows = bytearray()
    for row in range(size):
        px = [[0.0, 0.0, 0.0, 0.0] for _ in range(size)]  # premultiplied r, g, b, alpha
        for pts, (r, g, b) in placed:
            if not _spans(pts, row):
                continue
            for x, a in enumerate(_coverage(pts, size, row)):
                if a <= 0:
                    continue
                p = px[x]
                keep = 1 - a
                p[0] = r * a + p[0] * keep
                p[1] = g * a + p[1] * keep
                p[2] = b * a + p[2] * keep
                p[3] = a + p[3] * keep
        rows.append(0)  # PNG filter: none
        for r, g, b, a in px:
            if a <= 0:
                rows += b"\0\0\0\0"
            else:
                rows += bytes((round(r / a), round(g / a), round(b / a), round(255 * a)))
    return bytes(rows)


def _spans(pts: list[tuple[float, float]], row: int) -> bool:
    ys = [p[1] for p in pts]
    return min(ys) < row + 1 and max(ys) > row


def png(rows: bytes, size: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    head = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def manifest(icon_urls: dict[str, str]) -> dict:
    """The web app manifest, with icon URLs relative to the manifest's own place (the site root)."""
    icons = [{"src": icon_urls[name], "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
             for name, size, purpose, _scale in ICONS]
    return {**MANIFEST, "icons": icons}


def _write_if_changed(path: Path, data: bytes) -> bool:
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def write(svg: Path, icon_dir: Path, manifest_path: Path) -> list[Path]:
    """Draw the icons (only when the drawing or this module changed: a stamp beside them says what they were
    drawn from) and write the manifest; returns the files rewritten."""
    written = []
    stamp = icon_dir / ".drawn-from"
    source = svg.read_bytes() + Path(__file__).read_bytes()
    key = f"{zlib.crc32(source):08x}:{len(source)}"
    have = all((icon_dir / name).is_file() for name, *_ in ICONS)
    if not have or not stamp.is_file() or stamp.read_text() != key:
        width, shapes = read_svg(svg)
        for name, size, _purpose, scale in ICONS:
            if _write_if_changed(icon_dir / name, png(draw(shapes, width, size, scale), size)):
                written.append(icon_dir / name)
        stamp.write_text(key)
    rel = icon_dir.relative_to(manifest_path.parent).as_posix()
    text = json.dumps(manifest({name: f"{rel}/{name}" for name, *_ in ICONS}), indent=1) + "\n"
    if _write_if_changed(manifest_path, text.encode("utf-8")):
        written.append(manifest_path)
    return written


__all__ = ["ICONS", "MANIFEST", "THEME", "draw", "manifest", "png", "read_svg", "write"]
