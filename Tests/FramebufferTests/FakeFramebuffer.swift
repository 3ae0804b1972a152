import ResponderKitTesting
#if canImport(Glibc)
import Glibc
#endif

/// A framebuffer the preload shim pretends a plain file is: the geometry and format it answers
/// `FBIOGET_VSCREENINFO`/`FBIOGET_FSCREENINFO` with (as the shim's `FAKEFB_*` variables), the
/// file's path, the shim's side log, and readers for what the output wrote.
struct FakeFramebuffer {
    var width = 8, height = 6
    var virtualWidth: Int? = nil, virtualHeight: Int? = nil
    var xOffset = 0, yOffset = 0
    var bitsPerPixel = 32
    /// "roff/rlen,goff/glen,boff/blen,aoff/alen"; nil: XRGB8888 (RGB565 at 16 bpp).
    var channels: String? = nil
    var lineLength: Int? = nil
    var memoryLength: Int? = nil
    /// `FB_TYPE_*`, `FB_VISUAL_*`; nil: packed pixels, truecolor.
    var type: Int? = nil, visual: Int? = nil
    /// The driver refuses `FBIOPAN_DISPLAY`.
    var panFails = false
    /// The file's size; nil: `resolvedMemoryLength`.
    var fileLength: Int? = nil
    /// The folder holding the file, the log and the terminal stand-in (set by `ShimChild`).
    var folder = ""
    /// Its position in the list given to `ShimChild.run` (set there).
    var index = 0

    var node: String { folder + "/fb0" }
    var logPath: String { folder + "/shim.log" }
    /// A plain file the shim answers `KDGETMODE`/`KDSETMODE` for, as a virtual terminal.
    var terminal: String { folder + "/tty" }

    var bytesPerPixel: Int { bitsPerPixel / 8 }
    var resolvedVirtualWidth: Int { virtualWidth ?? width }
    var resolvedVirtualHeight: Int { virtualHeight ?? height }
    var resolvedLineLength: Int { lineLength ?? resolvedVirtualWidth * bytesPerPixel }
    var resolvedMemoryLength: Int { memoryLength ?? resolvedLineLength * resolvedVirtualHeight }

    /// The shim's configuration.
    var environment: [String] {
        var env = ["FAKEFB_PATH=\(node)", "FAKEFB_LOG=\(logPath)", "FAKEFB_TTY=\(terminal)",
                   "FAKEFB_XRES=\(width)", "FAKEFB_YRES=\(height)", "FAKEFB_XOFFSET=\(xOffset)", "FAKEFB_YOFFSET=\(yOffset)",
                   "FAKEFB_BPP=\(bitsPerPixel)", "FAKEFB_PAN_FAILS=\(panFails ? 1 : 0)"]
        if let virtualWidth { env.append("FAKEFB_XRES_VIRTUAL=\(virtualWidth)") }
        if let virtualHeight { env.append("FAKEFB_YRES_VIRTUAL=\(virtualHeight)") }
        if let channels { env.append("FAKEFB_CHANNELS=\(channels)") }
        if let lineLength { env.append("FAKEFB_LINE_LENGTH=\(lineLength)") }
        if let memoryLength { env.append("FAKEFB_SMEM_LEN=\(memoryLength)") }
        if let type { env.append("FAKEFB_TYPE=\(type)") }
        if let visual { env.append("FAKEFB_VISUAL=\(visual)") }
        return env
    }

    /// Creates the node file (filled with `byte`) and an empty terminal stand-in.
    func create(filledWith byte: UInt8 = 0) throws {
        try write([UInt8](repeating: byte, count: fileLength ?? resolvedMemoryLength), to: node, truncating: true)
        try write([], to: terminal, truncating: true)
    }

    /// Overwrites the whole node file with `byte` (a sentinel to see what the next frame touches),
    /// in place: the output's mapping of it stays valid.
    func fill(_ byte: UInt8) throws {
        try write([UInt8](repeating: byte, count: fileLength ?? resolvedMemoryLength), to: node, truncating: false)
    }

    func bytes() throws -> [UInt8] { try TextFile.readBytes(node) }

    /// The pixel at (`x`, `y`) of the virtual screen in `bytes` (little-endian, as the CPU wrote it).
    func pixel(_ bytes: [UInt8], x: Int, y: Int) -> UInt32 {
        let at = y * resolvedLineLength + x * bytesPerPixel
        var value: UInt32 = 0
        for i in 0..<bytesPerPixel { value |= UInt32(bytes[at + i]) << (8 * UInt32(i)) }
        return value
    }

    /// The shim's log lines ("pan X Y", "put X Y", "blank N", "kdmode N").
    func log() -> [String] {
        let text = (try? TextFile.read(logPath)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    func terminalText() -> String { (try? TextFile.read(terminal)) ?? "" }

    private func write(_ bytes: [UInt8], to path: String, truncating: Bool) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (truncating ? O_TRUNC : 0), 0o644)
        guard fd >= 0 else { throw ChildFailure("\(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw ChildFailure("\(path): short write") }
    }
}
