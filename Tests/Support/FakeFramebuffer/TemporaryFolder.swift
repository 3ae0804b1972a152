#if canImport(Glibc)
import Glibc
#endif

/// `CLOCK_MONOTONIC` in seconds (the clock evdev frames are stamped with).
public func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Temporary folders, removed with what they hold (one level: the runs put plain files there).
public enum TemporaryFolder {
    public static func make(_ prefix: String) throws -> String {
        var template = Array("\(P_tmpdir)/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw FakeFramebufferFailure("mkdtemp failed: \(String(cString: strerror(errno)))") }
        return String(cString: made)
    }

    public static func remove(_ folder: String) {
        guard let dir = opendir(folder) else { return }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink(folder + "/" + name) }
        }
        closedir(dir)
        rmdir(folder)
    }
}
