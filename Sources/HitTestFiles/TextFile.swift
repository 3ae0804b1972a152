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

    /// The file's bytes.
    public static func readBytes(_ path: String, limit: Int = 1 << 30) throws -> [UInt8] {
        guard let file = fopen(path, "rbe") else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
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

    /// The file's contents as UTF-8 text.
    public static func read(_ path: String, limit: Int = 1 << 30) throws -> String {
        let bytes = try readBytes(path, limit: limit)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Failure(path: path, reason: "not UTF-8 text") }
        return text
    }

    /// Writes `text` as UTF-8, replacing the file (`fopen`/`fwrite`/`fclose`); a full disk throws too.
    public static func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "wbe") else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        // A full disk often shows only when the buffer is flushed, at `fclose`.
        let closed = fclose(file) == 0
        guard written == bytes.count, closed else {
            throw Failure(path: path, reason: "write error: \(String(cString: strerror(errno)))")
        }
    }

    /// Whether something exists at `path` (`access(F_OK)`).
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
