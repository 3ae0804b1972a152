#if canImport(Glibc)
import Glibc
#endif

/// The tests' one temporary folder: made fresh by `mkdtemp(3)` under the system temporary
/// directory, removed with everything under it.
///
/// Why: each suite used to call `mkdtemp` with its own template and clean up its own way (one
/// level of files, a recursive walk, or not at all); one helper gives every run the same prefix
/// (`responderkit-…`, easy to spot in `/tmp`) and the same removal.
public enum TemporaryFolder {
    /// What went wrong making a folder (`mkdtemp`'s `errno`, spelled out).
    public struct Failure: Error, CustomStringConvertible {
        /// The message, naming the template and the error.
        public let description: String
    }

    /// Makes `<tmp>/responderkit-<purpose>-XXXXXX` (`mkdtemp`, mode 0700) and returns its path.
    public static func make(_ purpose: String) throws -> String {
        var template = Array("\(P_tmpdir)/responderkit-\(purpose)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(description: "mkdtemp \(P_tmpdir)/responderkit-\(purpose)-XXXXXX failed: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    /// Removes `path` and, when it is a folder, everything under it (`lstat`, so a symbolic link
    /// is removed, never followed). A missing path is not an error.
    public static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR, let folder = opendir(path) else {
            unlink(path)
            return
        }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(folder)
        for name in names { remove(path + "/" + name) }
        rmdir(path)
    }
}
