import CWayland
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The shm pool's memory (`ShmBuffer`): a memfd that closes on exec and whose size is sealed once
/// set, so no one holding the fd can shrink it under the compositor's mapping (which would make
/// the compositor fault) or grow it, and the seals themselves are final.
struct ShmSealTests {
    @Test func thePoolMemfdClosesOnExecAndItsSizeIsSealed() throws {
        let fd = cwl_memfd_create("responderkit-shm-test")
        try #require(fd >= 0, "memfd_create: \(String(cString: strerror(errno)))")
        defer { close(fd) }
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
        #expect(ftruncate(fd, 4096) == 0)
        #expect(cwl_seal_size(fd) == 0, "F_ADD_SEALS: \(String(cString: strerror(errno)))")
        let seals = cwl_seals(fd)
        #expect(seals & 0x0002 != 0 && seals & 0x0004 != 0 && seals & 0x0001 != 0, "seals \(seals)")  // shrink, grow, seal
        #expect(ftruncate(fd, 1024) == -1 && errno == EPERM)
        #expect(ftruncate(fd, 8192) == -1 && errno == EPERM)
    }
}
