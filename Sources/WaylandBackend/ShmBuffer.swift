import CWayland
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// One ARGB8888 `wl_buffer` in its own shared-memory file: `memfd_create` + `ftruncate` + `mmap`,
/// `wl_shm_create_pool` + `wl_shm_pool_create_buffer`. `isBusy` from commit until the compositor's
/// `wl_buffer.release`. It keeps the pixels of the frame last drawn into it, so a frame repaints
/// only what changed since then: `missed` (window points) is what later frames drawn into other
/// buffers changed; a buffer never drawn into needs everything (`isBlank`).
@MainActor
final class ShmBuffer {
    let width: Int
    let height: Int
    let pixels: UnsafeMutablePointer<UInt32>
    var isBusy = false
    var isBlank = true
    /// When it was last drawn into (the output's frame count): the newest free buffer misses least.
    var drawnAt = 0
    var missed = DamageRegion()
    private let proxy: OpaquePointer
    private let byteCount: Int

    /// The largest buffer, 256 MiB (64 M pixels: an 8K panel at scale 2 needs 33 M), well below
    /// the `int32_t` size `wl_shm_create_pool` takes: a compositor asking for more is refused.
    static let maximumBytes = 1 << 28

    /// Throws `.bufferAllocation(EINVAL)` for an empty size, `.bufferAllocation(EFBIG)` for one
    /// larger than `maximumBytes`.
    init(shm: OpaquePointer, width: Int, height: Int) throws(WaylandError) {
        guard width > 0, height > 0 else { throw .bufferAllocation(errno: EINVAL) }
        guard width <= Self.maximumBytes / 4 / height else { throw .bufferAllocation(errno: EFBIG) }
        self.width = width
        self.height = height
        byteCount = width * height * 4
        let fd = cwl_memfd_create("responderkit-shm")
        guard fd >= 0 else { throw .bufferAllocation(errno: errno) }
        defer { close(fd) }
        guard ftruncate(fd, off_t(byteCount)) == 0 else { throw .bufferAllocation(errno: errno) }
        // The pool's size is final: sealed against shrinking (and growing), as compositors expect.
        guard cwl_seal_size(fd) == 0 else { throw .bufferAllocation(errno: errno) }
        guard let map = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            throw .bufferAllocation(errno: errno)
        }
        pixels = map.bindMemory(to: UInt32.self, capacity: width * height)
        let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))
        proxy = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(width * 4), WL_SHM_FORMAT_ARGB8888.rawValue)
        wl_shm_pool_destroy(pool)
        wl_buffer_add_listener(proxy, shmBufferListener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The `wl_buffer` to attach.
    var buffer: OpaquePointer { proxy }

    /// `wl_buffer_destroy` and `munmap`.
    func destroy() {
        wl_buffer_destroy(proxy)
        munmap(pixels, byteCount)
    }

    fileprivate func released() {
        isBusy = false
    }
}

private let shmBufferListener = ListenerTable(
    wl_buffer_listener(release: { data, _ in
        guard let data else { return }
        let buffer = Unmanaged<ShmBuffer>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { buffer.released() }
    }))
