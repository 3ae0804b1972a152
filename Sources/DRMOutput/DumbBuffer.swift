import CDRM

#if canImport(Glibc)
import Glibc
#endif

/// One scan-out buffer: a dumb buffer (`DRM_IOCTL_MODE_CREATE_DUMB`), registered as a KMS
/// framebuffer (`drmModeAddFB2`) and mapped into this process (`DRM_IOCTL_MODE_MAP_DUMB`, `mmap`).
/// The CPU writes pixels into `memory`; the display engine scans it out once committed.
///
/// Invariant: `memory` stays mapped for `size` bytes until `release()`, which runs once (also from
/// `deinit`), and nothing writes through it afterwards (the output drops its buffers first).
final class DumbBuffer {
    let width: Int, height: Int
    /// Bytes per row (the driver's choice, at least `width` × bytes per pixel).
    let pitch: Int
    /// The KMS framebuffer id to commit (`FB_ID`).
    let framebuffer: UInt32
    /// The first pixel of the mapping.
    let memory: UnsafeMutableRawPointer
    /// The frame number it was last written at (`DamageHistory`), nil when its contents are unknown.
    var writtenAt: Int?
    private let fd: Int32
    private let handle: UInt32
    private let size: Int
    private var released = false

    /// Creates, registers and maps a `width` × `height` buffer in `format` on `device`.
    init(device: DRMDevice, width: Int, height: Int, format: DRMPixelFormat) throws(DRMError) {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        let fd = device.fd
        let created = cdrm_create_dumb(fd, UInt32(width), UInt32(height), UInt32(format.bitsPerPixel), &handle, &pitch, &size)
        guard created == 0 else { throw .bufferFailed(node: device.node, call: "DRM_IOCTL_MODE_CREATE_DUMB", errno: -created) }
        var framebuffer: UInt32 = 0
        let added = cdrm_add_framebuffer(fd, UInt32(width), UInt32(height), format.rawValue, handle, pitch, &framebuffer)
        guard added == 0 else {
            _ = cdrm_destroy_dumb(fd, handle)
            throw .bufferFailed(node: device.node, call: "drmModeAddFB2 (\(format))", errno: added < 0 ? -added : errno)
        }
        var offset: UInt64 = 0
        let mapped = cdrm_map_dumb(fd, handle, &offset)
        guard mapped == 0, let memory = cdrm_map(fd, size, offset) else {
            let code = mapped < 0 ? -mapped : errno
            drmModeRmFB(fd, framebuffer)
            _ = cdrm_destroy_dumb(fd, handle)
            throw .bufferFailed(node: device.node, call: "mmap of the dumb buffer", errno: code)
        }
        // The buffer starts black (dumb buffers are zeroed by the kernel, but say it).
        memset(memory, 0, Int(size))
        self.fd = fd
        self.handle = handle
        self.width = width
        self.height = height
        self.pitch = Int(pitch)
        self.size = Int(size)
        self.framebuffer = framebuffer
        self.memory = memory
    }

    deinit { release() }

    /// Unmaps, unregisters (`drmModeRmFB`) and destroys (`DRM_IOCTL_MODE_DESTROY_DUMB`) the buffer.
    func release() {
        guard !released else { return }
        released = true
        munmap(memory, size)
        drmModeRmFB(fd, framebuffer)
        _ = cdrm_destroy_dumb(fd, handle)
    }
}
