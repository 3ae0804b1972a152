"""Pixel comparisons for the real-kernel tier (Tools/vm-test.sh), on the host after the VM ran.

Usage: python3 images.py OUT
Reads OUT/results (written by guest.py) and, for each "COMPARE name SHOT REFERENCE same|differ"
line, compares QEMU's screendump (binary PPM) with the reference (a headless PNG of the same state,
another screendump, or "black": a dark screen). Prints one "PASS/FAIL name: detail" line per comparison, and writes a PNG
beside every PPM so the shots can be looked at.
"""
import os, struct, sys, zlib

# A pixel differs when a channel is off by more than this; "same" allows this share of them (a
# glyph's anti-aliasing may round differently), "differ" needs at least five times as many. One
# swap of two puzzle tiles changes 0.2 % of a 1280x800 screen.
CHANNEL_TOLERANCE, SAME_SHARE = 24, 0.0002
# A dark screen ("black" as the reference): at most this share of lit pixels. A virtio-gpu whose
# scanout is off shows QEMU's placeholder, one line of small white text ("Display output is not
# active.") on black: about 0.3 % of an 800x600 display.
BLACK_SHARE = 0.01


def read_ppm(path):
    data = open(path, "rb").read()
    fields, position = [], 0
    while len(fields) < 4:  # magic, width, height, maximum; comments start with '#'
        while data[position:position + 1].isspace():
            position += 1
        if data[position:position + 1] == b"#":
            position = data.index(b"\n", position) + 1
            continue
        end = position
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[position:end]); position = end
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"{path}: not an 8-bit binary PPM")
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[position + 1:position + 1 + width * height * 3]


def read_png(path):
    """8-bit RGB or RGBA, non-interlaced (what Cairo writes) → (width, height, RGB bytes)."""
    data = open(path, "rb").read()
    position, chunks = 8, {}
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        chunks.setdefault(kind, []).append(data[position + 8:position + 8 + length])
        position += 12 + length
    width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"][0])
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError(f"{path}: PNG depth {depth}, colour type {color}, interlace {interlace}")
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(chunks[b"IDAT"]))
    stride = width * channels
    previous, rows = bytearray(stride), []
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 2:  # Up, most of Cairo's rows: one pass without the per-byte branches
            line = bytearray(map(lambda value, up: (value + up) & 255, line, previous))
        for i in range(stride if kind in (1, 3, 4) else 0):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + left) & 255
            elif kind == 2: line[i] = (line[i] + up) & 255
            elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line) if channels == 3 else bytes(b for i, b in enumerate(line) if i % 4 != 3))
        previous = line
    return width, height, b"".join(rows)


def write_png(path, width, height, rgb):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + rgb[y * width * 3:(y + 1) * width * 3] for y in range(height))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def load(path):
    """A PPM or PNG; "NAME.png@90" or "@270" is the PNG as a panel turned by that rotation shows it
    (the host's PanelTransform: panel pixel (x, y) shows logical (y, W-1-x) at 90°, (H-1-y, x) at
    270°, W × H being the panel's size, the logical picture's turned)."""
    if "@" in path:
        path, degrees = path.split("@")
        width, height, pixels = load(path)
        panel_width, panel_height = height, width
        rotated = bytearray(panel_width * panel_height * 3)
        for py in range(panel_height):
            for px in range(panel_width):
                lx, ly = (py, panel_width - 1 - px) if degrees == "90" else (panel_height - 1 - py, px)
                source = (ly * width + lx) * 3
                target = (py * panel_width + px) * 3
                rotated[target:target + 3] = pixels[source:source + 3]
        return panel_width, panel_height, bytes(rotated)
    return read_ppm(path) if path.endswith(".ppm") else read_png(path)


def differing_share(a, b):
    (wa, ha, pa), (wb, hb, pb) = a, b
    if (wa, ha) != (wb, hb):
        return 1.0
    differing = 0
    for i in range(0, len(pa), 3):
        if abs(pa[i] - pb[i]) > CHANNEL_TOLERANCE or abs(pa[i + 1] - pb[i + 1]) > CHANNEL_TOLERANCE \
                or abs(pa[i + 2] - pb[i + 2]) > CHANNEL_TOLERANCE:
            differing += 1
    return differing / (wa * ha)


def main():
    out = sys.argv[1]
    for name in sorted(os.listdir(out)):
        if name.endswith(".ppm"):
            width, height, pixels = read_ppm(os.path.join(out, name))
            write_png(os.path.join(out, name[:-4] + ".png"), width, height, pixels)
    cache = {}
    for line in open(os.path.join(out, "results")).read().splitlines():
        if not line.startswith("COMPARE "):
            continue
        _, name, shot, reference, want = line.split()
        try:
            image = cache.setdefault(shot, load(os.path.join(out, shot)))
            if reference == "black":  # the shot's size, every pixel black
                images = [image, (image[0], image[1], bytes(len(image[2])))]
            else:
                images = [image, cache.setdefault(reference, load(os.path.join(out, reference)))]
        except (OSError, ValueError) as error:
            print(f"FAIL {name}: {error}")
            continue
        share = differing_share(*images)
        limit = BLACK_SHARE if reference == "black" else SAME_SHARE
        ok = share <= limit if want == "same" else share > limit * 5
        print(f"{'PASS' if ok else 'FAIL'} {name}: {shot} vs {reference}: {share * 100:.3f} % of pixels differ (want {want})")


if __name__ == "__main__":
    main()
