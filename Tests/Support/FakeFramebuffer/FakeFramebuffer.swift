import EmulatedInput
import ResponderKitTesting

#if canImport(Glibc)
import Glibc
#endif

/// A framebuffer the preload shim (`libTestShimFramebuffer.so`) pretends a plain file is: the
/// geometry and format it answers `FBIOGET_VSCREENINFO`/`FBIOGET_FSCREENINFO` with (as the shim's
/// `FAKEFB_*` variables), the file's path, the shim's side log, and readers for what the output
/// wrote. Shared by the framebuffer output's tests and the end-to-end tests and bench that run the
/// main command on it, so all of them describe a panel the same way.
public struct FakeFramebuffer: Sendable {
    public var width: Int, height: Int
    public var virtualWidth: Int?, virtualHeight: Int?
    public var xOffset: Int, yOffset: Int
    public var bitsPerPixel: Int
    /// "roff/rlen,goff/glen,boff/blen,aoff/alen"; nil: XRGB8888 (RGB565 at 16 bpp).
    public var channels: String?
    public var lineLength: Int?
    public var memoryLength: Int?
    /// `FB_TYPE_*`, `FB_VISUAL_*`; nil: packed pixels, truecolor.
    public var type: Int?, visual: Int?
    /// The driver refuses `FBIOPAN_DISPLAY`.
    public var panFails: Bool
    /// The file's size; nil: `resolvedMemoryLength`.
    public var fileLength: Int?
    /// The folder holding the file, the log and the terminal stand-in (set by whoever runs it).
    public var folder: String
    /// Its position in a list of fakes a test runs one by one (set there).
    public var index: Int

    public init(
        width: Int = 8, height: Int = 6, virtualWidth: Int? = nil, virtualHeight: Int? = nil,
        xOffset: Int = 0, yOffset: Int = 0, bitsPerPixel: Int = 32, channels: String? = nil,
        lineLength: Int? = nil, memoryLength: Int? = nil, type: Int? = nil, visual: Int? = nil,
        panFails: Bool = false, fileLength: Int? = nil, folder: String = "", index: Int = 0
    ) {
        self.width = width; self.height = height
        self.virtualWidth = virtualWidth; self.virtualHeight = virtualHeight
        self.xOffset = xOffset; self.yOffset = yOffset
        self.bitsPerPixel = bitsPerPixel
        self.channels = channels
        self.lineLength = lineLength; self.memoryLength = memoryLength
        self.type = type; self.visual = visual
        self.panFails = panFails
        self.fileLength = fileLength
        self.folder = folder
        self.index = index
    }

    public var node: String { folder + "/fb0" }
    public var logPath: String { folder + "/shim.log" }
    /// A plain file the shim answers `KDGETMODE`/`KDSETMODE` for, as a virtual terminal.
    public var terminal: String { folder + "/tty" }

    public var bytesPerPixel: Int { bitsPerPixel / 8 }
    public var resolvedVirtualWidth: Int { virtualWidth ?? width }
    public var resolvedVirtualHeight: Int { virtualHeight ?? height }
    public var resolvedLineLength: Int { lineLength ?? resolvedVirtualWidth * bytesPerPixel }
    public var resolvedMemoryLength: Int { memoryLength ?? resolvedLineLength * resolvedVirtualHeight }

    /// The shim's configuration.
    public var environment: [String] {
        var env = [
            "FAKEFB_PATH=\(node)", "FAKEFB_LOG=\(logPath)", "FAKEFB_TTY=\(terminal)",
            "FAKEFB_XRES=\(width)", "FAKEFB_YRES=\(height)", "FAKEFB_XOFFSET=\(xOffset)", "FAKEFB_YOFFSET=\(yOffset)",
            "FAKEFB_BPP=\(bitsPerPixel)", "FAKEFB_PAN_FAILS=\(panFails ? 1 : 0)"
        ]
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
    public func create(filledWith byte: UInt8 = 0) throws {
        try write([UInt8](repeating: byte, count: fileLength ?? resolvedMemoryLength), to: node, truncating: true)
        try write([], to: terminal, truncating: true)
    }

    /// Overwrites the whole node file with `byte` (a sentinel to see what the next frame touches),
    /// in place: the output's mapping of it stays valid.
    public func fill(_ byte: UInt8) throws {
        try write([UInt8](repeating: byte, count: fileLength ?? resolvedMemoryLength), to: node, truncating: false)
    }

    public func bytes() throws -> [UInt8] { try TextFile.readBytes(node) }

    /// The pixel at (`x`, `y`) of the virtual screen in `bytes` (little-endian, as the CPU wrote it).
    public func pixel(_ bytes: [UInt8], x: Int, y: Int) -> UInt32 {
        let at = y * resolvedLineLength + x * bytesPerPixel
        var value: UInt32 = 0
        for i in 0..<bytesPerPixel { value |= UInt32(bytes[at + i]) << (8 * UInt32(i)) }
        return value
    }

    /// The shim's log lines ("pan X Y", "put X Y", "blank N", "kdmode N").
    public func log() -> [String] {
        let text = (try? TextFile.read(logPath)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    public func terminalText() -> String { (try? TextFile.read(terminal)) ?? "" }

    /// `libTestShimFramebuffer.so` for `executable` (`PreloadShims`: beside it, or the shims
    /// package's build folder); `$RESPONDERKIT_FB_SHIM` overrides.
    public static func shimLibrary(besides executable: String) throws -> String {
        if let override = getenv("RESPONDERKIT_FB_SHIM") { return String(cString: override) }
        do { return try PreloadShims.path(of: PreloadShims.framebuffer, forExecutable: executable) } catch {
            throw FakeFramebufferFailure("\(error)")
        }
    }

    private func write(_ bytes: [UInt8], to path: String, truncating: Bool) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (truncating ? O_TRUNC : 0), 0o644)
        guard fd >= 0 else { throw FakeFramebufferFailure("\(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw FakeFramebufferFailure("\(path): short write") }
    }
}

/// What went wrong setting up a fake framebuffer or a process on it.
public struct FakeFramebufferFailure: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
