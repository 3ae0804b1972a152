#if canImport(Glibc)
import Glibc
#endif

/// The folder PNG frames are written to.
enum OutputFolder {
    /// Creates `path` (and its parents) when missing; a message naming the folder and the reason
    /// when it cannot be created or written (`mkdir`, `access(W_OK)`).
    static func prepare(_ path: String) -> String? {
        guard !path.isEmpty else { return "the output folder is an empty path" }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part + "/"
            if mkdir(prefix, 0o755) != 0, errno != EEXIST {
                return "cannot create the output folder '\(path)': \(String(cString: strerror(errno)))"
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            return "the output folder '\(path)' is not a folder"
        }
        guard access(path, W_OK) == 0 else {
            return "cannot write to the output folder '\(path)': \(String(cString: strerror(errno)))"
        }
        return nil
    }
}
