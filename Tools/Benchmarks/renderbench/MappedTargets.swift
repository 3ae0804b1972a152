import CDRM
import CWayland
import Rendering
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// An output that draws straight into one mapping (a DRM dumb buffer, a shm buffer): the bench
/// measures what rendering costs in each kind of memory, with the same presenter and scene.
@MainActor
final class MappedOutput: Output {
    let target: RenderTarget
    let size: Size
    let scale: Double = 1
    var isReadyForFrame: Bool { true }
    var onFrameReady: (@MainActor () -> Void)?

    init(target: RenderTarget) {
        self.target = target
        size = Size(width: Double(target.width), height: Double(target.height))
    }

    func beginFrame(damage: DamageRegion) -> (target: RenderTarget, repaint: DamageRegion)? {
        var repaint = damage
        repaint.clip(to: Rect(origin: .zero, size: size))
        return (target, repaint)
    }

    func endFrame(repainted: DamageRegion) {}
}

/// A width × height XRGB8888 mapping: its first byte, its pitch, and what to call to free it.
struct Mapping {
    let memory: UnsafeMutableRawPointer
    let pitch: Int
    let release: () -> Void

    var target: (Int, Int) -> RenderTarget {
        { width, height in RenderTarget(base: memory, width: width, height: height, stride: pitch, scale: 1) }
    }

    /// A shm buffer as a Wayland client makes one: a memfd (`memfd_create`) sized with
    /// `ftruncate` and mapped shared.
    static func shm(width: Int, height: Int) -> Mapping? {
        let fd = cwl_memfd_create("renderbench")
        let size = width * height * 4
        guard fd >= 0, ftruncate(fd, off_t(size)) == 0,
            let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), memory != MAP_FAILED
        else { return nil }
        return Mapping(memory: memory, pitch: width * 4) {
            munmap(memory, size)
            close(fd)
        }
    }

    /// A DRM dumb buffer on `node` (`DRM_IOCTL_MODE_CREATE_DUMB`, `DRM_IOCTL_MODE_MAP_DUMB`,
    /// `mmap` of the card), as `DRMOutput` scans out; or the reason it could not be made.
    static func dumb(node: String, width: Int, height: Int) -> Result<Mapping, BenchError> {
        let fd = open(node, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return .failure(BenchError("cannot open \(node): \(String(cString: strerror(errno)))")) }
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0, offset: UInt64 = 0
        let created = cdrm_create_dumb(fd, UInt32(width), UInt32(height), 32, &handle, &pitch, &size)
        guard created == 0 else {
            close(fd)
            return .failure(BenchError("\(node): DRM_IOCTL_MODE_CREATE_DUMB: \(String(cString: strerror(-created)))"))
        }
        guard cdrm_map_dumb(fd, handle, &offset) == 0, let memory = cdrm_map(fd, size, offset) else {
            _ = cdrm_destroy_dumb(fd, handle)
            close(fd)
            return .failure(BenchError("\(node): cannot map the dumb buffer: \(String(cString: strerror(errno)))"))
        }
        return .success(
            Mapping(memory: memory, pitch: Int(pitch)) {
                munmap(memory, Int(size))
                _ = cdrm_destroy_dumb(fd, handle)
                close(fd)
            })
    }
}

/// Why the bench could not run a part, for its output.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
