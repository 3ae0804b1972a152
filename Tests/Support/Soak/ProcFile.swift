#if canImport(Glibc)
import Glibc
#endif

/// A small file of `/proc`, read whole in one `read(2)` (its contents are made at that read).
enum ProcFile {
    /// The file's text, at most `capacity` bytes; nil when it cannot be read.
    /// - Complexity: one `open`, one `read`.
    static func read(_ path: String, capacity: Int) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: capacity)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return String(decoding: bytes[0..<n], as: UTF8.self)
    }
}
