#if canImport(Glibc)
import Glibc
#endif

/// Reading and writing whole text files without Foundation (`fopen`/`fread`/`fwrite`).
public enum TextFile {
    /// A file that could not be read or written.
    public struct Failure: Error, CustomStringConvertible {
        /// The file.
        public let path: String
        /// Why: the system's reason (`strerror`), a size limit, "not UTF-8 text"…
        public let reason: String
        /// `PATH: REASON`.
        public var description: String { "\(path): \(reason)" }
    }

    /// The file's bytes. Only a regular file is read: a FIFO, a device or a folder is refused
    /// with a clear reason instead of blocking or reading forever (`open` with `O_NONBLOCK`, then
    /// `fstat`).
    /// - Complexity: O(file size).
    public static func readBytes(_ path: String, limit: Int = 1 << 30) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(path: path, reason: reason)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw Failure(path: path, reason: "not a regular file (\(kind(status.st_mode))); give a file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        guard let file = fdopen(fd, "rb") else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(path: path, reason: reason)
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n > 0 { bytes.append(contentsOf: buffer[0..<n]) }
            if bytes.count > limit { throw Failure(path: path, reason: "larger than \(limit) bytes") }
            if n < buffer.count { break }
        }
        if ferror(file) != 0 { throw Failure(path: path, reason: "read error") }
        return bytes
    }

    /// The file's contents as UTF-8 text, with Windows line ends ("\r\n") read as "\n".
    ///
    /// Every text format the project reads (scripts, evemu `.desc`/`.events`, `.vtree`,
    /// `.points`, `.hits`) goes through here, so CRLF is handled once: Swift compares "\r\n" as
    /// ONE `Character`, so a parser splitting on "\n" would never split such a file.
    /// - Complexity: O(file size).
    public static func read(_ path: String, limit: Int = 1 << 30) throws -> String {
        let bytes = try readBytes(path, limit: limit)
        guard let text = String(validating: normalizingLineEnds(bytes), as: UTF8.self) else {
            throw Failure(path: path, reason: "not UTF-8 text")
        }
        return text
    }

    /// `bytes` with every "\r\n" replaced by "\n" (a lone "\r" stays).
    /// - Complexity: O(bytes).
    public static func normalizingLineEnds(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(13) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 13, index + 1 < bytes.count, bytes[index + 1] == 10 {
                index += 1
                continue
            }
            out.append(byte)
            index += 1
        }
        return out
    }

    /// `text` with every "\r\n" read as "\n", for text that did not come from a file.
    /// - Complexity: O(length of `text`).
    public static func normalizingLineEnds(_ text: String) -> String {
        guard text.utf8.contains(13) else { return text }
        return String(decoding: normalizingLineEnds(Array(text.utf8)), as: UTF8.self)
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a folder"
        case S_IFSOCK: return "a socket"
        default: return "not a plain file"
        }
    }

    /// Writes `text` as UTF-8, replacing the file (`open` with `O_NOFOLLOW`, `fwrite`, `fclose`);
    /// a full disk throws too. A symbolic link at `path` is refused, never followed: an output
    /// path must not let a link redirect the write onto another file.
    public static func write(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw Failure(path: path, reason: openFailure(errno)) }
        guard let file = fdopen(fd, "wb") else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(path: path, reason: reason)
        }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        // A full disk often shows only when the buffer is flushed, at `fclose`.
        let closed = fclose(file) == 0
        guard written == bytes.count, closed else {
            throw Failure(path: path, reason: "write error: \(String(cString: strerror(errno)))")
        }
    }

    /// The reason an output could not be opened; `ELOOP` from `O_NOFOLLOW` means a symbolic link.
    public static func openFailure(_ code: Int32) -> String {
        code == ELOOP ? "is a symbolic link; refusing to write through it" : String(cString: strerror(code))
    }

    /// Whether something exists at `path` (`access(F_OK)`).
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
