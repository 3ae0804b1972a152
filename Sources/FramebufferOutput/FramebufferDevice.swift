import CLinux

#if canImport(Glibc)
import Glibc
#endif

/// An open framebuffer node: its fd (`open`), screen information (`FBIOGET_VSCREENINFO`,
/// `FBIOGET_FSCREENINFO`) and memory (`mmap` of `smem_len`). Validates everything the copy loops
/// rely on, so bad driver data becomes a `FramebufferError` instead of a write out of bounds.
/// Immutable after `init` except for `close()`; `restoreScreenInfo()` may run on any thread.
final class FramebufferDevice: @unchecked Sendable {
    let node: String
    let fd: Int32
    /// The variable screen information as found: what `restoreScreenInfo()` puts back.
    let original: fb_var_screeninfo
    let format: FramebufferPixelFormat
    /// The driver's name (`fb_fix_screeninfo.id`).
    let driver: String
    /// Visible resolution (`xres`, `yres`) and virtual size.
    let width: Int, height: Int, virtualWidth: Int, virtualHeight: Int
    /// Bytes from one row to the next (`line_length`, or `xres_virtual * bpp / 8` when the driver says 0).
    let lineLength: Int
    /// `ypanstep`: 0 when the driver cannot pan vertically.
    let yPanStep: Int
    /// The framebuffer's first byte (inside the mapping, past the page offset of `smem_start`).
    let memory: UnsafeMutableRawPointer
    let memoryLength: Int
    private let mapping: UnsafeMutableRawPointer
    private let mappingLength: Int
    private var isOpen = true

    init(node: String) throws(FramebufferError) {
        self.node = node
        let fd = clinux_open(node, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENODEV, ENXIO, ENOTDIR: throw .missingNode(node: node, errno: code)
            case EACCES, EPERM: throw .permissionDenied(node: node)
            default: throw .openFailed(node: node, errno: code)
            }
        }
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        guard clinux_fb_get_variable(fd, &variable) == 0, clinux_fb_get_fixed(fd, &fixed) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .notAFramebuffer(node: node, errno: code)
        }
        let format: FramebufferPixelFormat
        switch FramebufferPixelFormat.parse(variable: variable, fixed: fixed) {
        case .success(let parsed): format = parsed
        case .failure(let failure): Glibc.close(fd); throw .unsupportedFormat(node: node, format: failure.text)
        }
        // The kernel maps from the page holding `smem_start`; the framebuffer starts that far in.
        let pageOffset = Int(fixed.smem_start % UInt(max(1, sysconf(Int32(_SC_PAGESIZE)))))
        let length = Int(fixed.smem_len) + pageOffset
        let geometry = Self.check(variable, fixed, format, mappingLength: length, fd: fd)
        if let problem = geometry.problem {
            Glibc.close(fd)
            throw .invalidGeometry(node: node, detail: problem)
        }
        guard let map = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            let code = errno
            Glibc.close(fd)
            throw .mapFailed(node: node, length: length, errno: code)
        }
        self.fd = fd
        original = variable
        self.format = format
        driver = withUnsafeBytes(of: fixed.id) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        width = Int(variable.xres)
        height = Int(variable.yres)
        virtualWidth = Int(variable.xres_virtual)
        virtualHeight = Int(variable.yres_virtual)
        lineLength = geometry.lineLength
        yPanStep = Int(fixed.ypanstep)
        mapping = map
        mappingLength = length
        memory = map + pageOffset
        memoryLength = Int(fixed.smem_len)
    }

    deinit { close() }

    /// `munmap` and `close`; idempotent.
    func close() {
        guard isOpen else { return }
        isOpen = false
        munmap(mapping, mappingLength)
        Glibc.close(fd)
    }

    /// The byte offset of pixel (`x`, `y`) of the virtual screen.
    func offset(x: Int, y: Int) -> Int { y * lineLength + x * format.bytesPerPixel }

    /// Whether the virtual screen holds two visible screens one above the other, and the driver
    /// pans in steps that reach the second (`ypanstep` divides `yres`).
    var canFlipPages: Bool {
        virtualHeight >= 2 * height && yPanStep > 0 && height % yPanStep == 0
            && offset(x: Int(original.xoffset) + width, y: 2 * height - 1) <= memoryLength
    }

    /// Shows the screen at (`x`, `y`) of the virtual screen (plain panning: `FB_VMODE_YWRAP`
    /// cleared). The corresponding ioctl is `FBIOPAN_DISPLAY`.
    func pan(x: Int, y: Int) -> Bool {
        var info = original
        info.xoffset = UInt32(x)
        info.yoffset = UInt32(y)
        info.vmode &= ~UInt32(FB_VMODE_YWRAP)
        return clinux_fb_pan(fd, &info) == 0
    }

    /// Puts back the variable screen information found at open (the pan offset); pans there when
    /// the driver refuses. The corresponding ioctls are `FBIOPUT_VSCREENINFO` and `FBIOPAN_DISPLAY`.
    func restoreScreenInfo() {
        var info = original
        info.activate = UInt32(FB_ACTIVATE_NOW)
        if clinux_fb_put_variable(fd, &info) != 0 {
            info = original
            _ = clinux_fb_pan(fd, &info)
        }
    }

    /// Blanks (`FB_BLANK_POWERDOWN`) or unblanks (`FB_BLANK_UNBLANK`) the display. The
    /// corresponding ioctl is `FBIOBLANK`; false when the driver refuses.
    func blank(_ blanked: Bool) -> Bool {
        clinux_fb_blank(fd, Int32(blanked ? FB_BLANK_POWERDOWN : FB_BLANK_UNBLANK)) == 0
    }

    /// Waits for the next vertical blank. The corresponding ioctl is `FBIO_WAITFORVSYNC`.
    func waitForVSync() -> Bool { clinux_fb_wait_for_vsync(fd) == 0 }

    /// The line length to use, or what makes the geometry unusable.
    private static func check(
        _ v: fb_var_screeninfo, _ f: fb_fix_screeninfo, _ format: FramebufferPixelFormat,
        mappingLength: Int, fd: Int32
    ) -> (lineLength: Int, problem: String?) {
        let bpp = format.bytesPerPixel
        let lineLength = f.line_length != 0 ? Int(f.line_length) : Int(v.xres_virtual) * bpp
        let size = "\(v.xres)x\(v.yres) (virtual \(v.xres_virtual)x\(v.yres_virtual), offset \(v.xoffset),\(v.yoffset))"
        let limit: UInt32 = 16384
        guard v.xres > 0, v.yres > 0, v.xres <= limit, v.yres <= limit else {
            return (lineLength, "resolution \(size) is empty or beyond \(limit) pixels")
        }
        guard v.xres_virtual <= 4 * limit, v.yres_virtual <= 4 * limit,
            Int(v.xoffset) + Int(v.xres) <= max(Int(v.xres_virtual), Int(v.xres)),
            Int(v.yoffset) + Int(v.yres) <= max(Int(v.yres_virtual), Int(v.yres))
        else {
            return (lineLength, "the visible screen \(size) lies outside the virtual one")
        }
        guard lineLength % bpp == 0, lineLength >= (Int(v.xoffset) + Int(v.xres)) * bpp else {
            return (lineLength, "line_length \(lineLength) bytes cannot hold \(Int(v.xoffset) + Int(v.xres)) pixels of \(bpp) bytes")
        }
        let needed = (Int(v.yoffset) + Int(v.yres)) * lineLength
        guard needed <= Int(f.smem_len) else {
            return (lineLength, "smem_len \(f.smem_len) bytes is less than the \(needed) bytes of \(size) at \(lineLength) bytes per line")
        }
        // A plain file standing in for the node (tests): pages past its end would fault (SIGBUS).
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) < mappingLength {
            return (lineLength, "it is a regular file of \(info.st_size) bytes, shorter than the \(mappingLength) bytes to map")
        }
        return (lineLength, nil)
    }
}
