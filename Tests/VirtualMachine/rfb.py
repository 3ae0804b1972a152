"""A minimal RFB (VNC) client for the real-kernel tier (Tools/vm-test.sh): asks QEMU's VNC server
for a new desktop size, which QEMU (6.0 and later) turns into a display reconfiguration of the
virtio-gpu the VNC display shows — the guest's virtio_gpu driver then reports a new preferred mode,
as a monitor plugged in at another size would.

Usage: python3 rfb.py SOCKET WIDTH HEIGHT
SOCKET is QEMU's `-vnc unix:SOCKET,display=DEVICE`. Prints the server's desktop size before, and
the answer QEMU gives the request, (status, width, height) of its ExtendedDesktopSize rectangle:
status 4 is "request forwarded" (to the display device), 3 "invalid screen layout" (a device
that cannot be resized). Exits 1 unless the request was forwarded.
Standard library only: RFB 3.8, security type None, SetEncodings with the ExtendedDesktopSize
pseudo-encoding (-308), then SetDesktopSize (client message 251, RFC 6143 §7.5 as extended by
the community RFB specification).
"""
import socket, struct, sys, time

EXTENDED_DESKTOP_SIZE = -308
RAW = 0


def read_exactly(connection, count):
    data = b""
    while len(data) < count:
        chunk = connection.recv(count - len(data))
        if not chunk:
            raise ConnectionError(f"the VNC server closed the connection after {len(data)} of {count} bytes")
        data += chunk
    return data


def handshake(connection):
    """RFB 3.8 without authentication; returns the server's (width, height, name)."""
    version = read_exactly(connection, 12)
    if not version.startswith(b"RFB "):
        raise ConnectionError(f"not an RFB server: {version!r}")
    connection.sendall(b"RFB 003.008\n")
    count = read_exactly(connection, 1)[0]
    if count == 0:
        length = struct.unpack(">I", read_exactly(connection, 4))[0]
        raise ConnectionError("the VNC server refused: " + read_exactly(connection, length).decode(errors="replace"))
    types = read_exactly(connection, count)
    if 1 not in types:
        raise ConnectionError(f"the VNC server wants authentication (security types {list(types)}); use -vnc without password")
    connection.sendall(bytes([1]))
    if struct.unpack(">I", read_exactly(connection, 4))[0] != 0:
        raise ConnectionError("the VNC server failed the security handshake")
    connection.sendall(bytes([1]))  # ClientInit: shared
    width, height = struct.unpack(">HH", read_exactly(connection, 4))
    read_exactly(connection, 16)  # pixel format
    length = struct.unpack(">I", read_exactly(connection, 4))[0]
    return width, height, read_exactly(connection, length).decode(errors="replace")


def set_encodings(connection, encodings):
    connection.sendall(struct.pack(">BxH", 2, len(encodings)) + b"".join(struct.pack(">i", e) for e in encodings))


def set_desktop_size(connection, width, height):
    """SetDesktopSize: type 251, padding, width, height, one screen (id 0 at 0,0, flags 0)."""
    connection.sendall(struct.pack(">BxHHBx", 251, width, height, 1) + struct.pack(">IHHHHI", 0, 0, 0, width, height, 0))


def desktop_size_answer(connection, seconds):
    """Reads server messages until an ExtendedDesktopSize rectangle arrives (FramebufferUpdate
    with encoding -308): returns (status, width, height), or None within `seconds`."""
    connection.settimeout(seconds)
    # Ask for an update so the server has a reason to send one.
    connection.sendall(struct.pack(">BBHHHH", 3, 1, 0, 0, 1, 1))
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        kind = read_exactly(connection, 1)[0]
        if kind == 0:  # FramebufferUpdate
            read_exactly(connection, 1)
            rectangles = struct.unpack(">H", read_exactly(connection, 2))[0]
            for _ in range(rectangles):
                x, y, width, height, encoding = struct.unpack(">HHHHi", read_exactly(connection, 12))
                if encoding == EXTENDED_DESKTOP_SIZE:
                    screens = read_exactly(connection, 4)[0]
                    read_exactly(connection, 16 * screens)
                    return y, width, height  # y carries the status of a reply
                if encoding == RAW:
                    read_exactly(connection, width * height * 4)
                else:
                    raise ConnectionError(f"unexpected encoding {encoding}")
        elif kind == 1:  # SetColourMapEntries
            read_exactly(connection, 3)
            read_exactly(connection, 6 * struct.unpack(">H", read_exactly(connection, 2))[0])
        elif kind == 2:  # Bell
            pass
        elif kind == 3:  # ServerCutText
            read_exactly(connection, 3)
            read_exactly(connection, struct.unpack(">I", read_exactly(connection, 4))[0])
        else:
            raise ConnectionError(f"unexpected server message {kind}")
    return None


def main():
    path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.settimeout(30)
    connection.connect(path)
    before = handshake(connection)
    print(f"rfb: desktop {before[0]}x{before[1]} ({before[2]})")
    # QEMU announces nothing while the size is unchanged; it answers SetDesktopSize directly.
    set_encodings(connection, [RAW, EXTENDED_DESKTOP_SIZE])
    set_desktop_size(connection, width, height)
    reply = desktop_size_answer(connection, 10)
    print(f"rfb: SetDesktopSize {width}x{height} answered {reply}")
    connection.close()
    # Status 0 (no error) or 4 (request forwarded to the guest) means QEMU passed it on.
    sys.exit(0 if reply is not None and reply[0] in (0, 4) else 1)


if __name__ == "__main__":
    main()
