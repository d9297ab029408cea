"""Format and pixel size from file headers (standard library only), for checking outputs."""
import struct

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def sniff(head):
    """'jpeg', 'png' or None from a file's first bytes (the corpus formats; see `modern_size`)."""
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head.startswith(PNG_MAGIC):
        return "png"
    return None


def modern_size(path):
    """(width, height) of a WebP (VP8, VP8L, VP8X) or of an AVIF/HEIC's first `ispe` box, or None."""
    try:
        with open(path, "rb") as f:
            head = f.read(1 << 16)
    except OSError:
        return None
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        chunk = head[12:16]
        if chunk == b"VP8 " and head[23:26] == b"\x9d\x01\x2a":
            w, h = struct.unpack("<HH", head[26:30])
            return (w & 0x3FFF, h & 0x3FFF)
        if chunk == b"VP8L" and head[20] == 0x2F:
            bits = struct.unpack("<I", head[21:25])[0]
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        if chunk == b"VP8X":
            w = int.from_bytes(head[24:27], "little") + 1
            h = int.from_bytes(head[27:30], "little") + 1
            return (w, h)
        return None
    if head[4:8] == b"ftyp":
        at = head.find(b"ispe")
        if at > 0 and len(head) >= at + 16:
            return struct.unpack(">II", head[at + 8:at + 16])
    return None


def pixel_size(path):
    """(width, height) as stored (before any EXIF orientation), or None if unreadable."""
    try:
        with open(path, "rb") as f:
            head = f.read(32)
            kind = sniff(head)
            if kind == "png" and head[12:16] == b"IHDR":
                return struct.unpack(">II", head[16:24])
            if kind == "jpeg":
                f.seek(2)
                return _jpeg_sof_size(f)
    except OSError:
        pass
    return modern_size(path)


def _jpeg_sof_size(f):
    # Walk the marker segments up to the first SOFn (C0-CF except DHT C4, JPG C8, DAC CC).
    while True:
        byte = f.read(1)
        if not byte:
            return None
        if byte != b"\xff":
            continue
        marker = f.read(1)
        while marker == b"\xff":
            marker = f.read(1)
        if not marker:
            return None
        code = marker[0]
        if code in (0xD8, 0x01) or 0xD0 <= code <= 0xD7:
            continue  # markers without a length
        length_bytes = f.read(2)
        if len(length_bytes) < 2:
            return None
        length = struct.unpack(">H", length_bytes)[0]
        if 0xC0 <= code <= 0xCF and code not in (0xC4, 0xC8, 0xCC):
            data = f.read(5)
            height, width = struct.unpack(">HH", data[1:5])
            return (width, height)
        f.seek(length - 2, 1)
