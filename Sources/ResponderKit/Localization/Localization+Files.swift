#if canImport(Glibc)
import Glibc
#endif

extension Localization {
    /// The tables of `chain` in `directories`: per table name, one layer per language that has
    /// the table (most specific language first; for one language, the first directory's file
    /// wins key by key over later ones), holding its `.strings` pairs and `.stringsdict` entries.
    /// All or nothing: the first bad file throws and nothing is kept.
    static func readTables(in directories: [String], chain: [String]) throws(StringsFileError) -> [String: [LocalizationLayer]] {
        var tables: [String: [LocalizationLayer]] = [:]
        for language in chain {
            var layers: [String: LocalizationLayer] = [:]
            for directory in directories {
                let folder = "\(directory)/\(language).lproj"
                for entry in LocalizationFiles.entries(of: folder) {
                    let path = "\(folder)/\(entry)"
                    if entry.hasSuffix(".strings") {
                        let file = try StringsFile.parse(utf8: try LocalizationFiles.contents(of: path), file: path)
                        let name = String(entry.dropLast(".strings".count))
                        layers[name, default: LocalizationLayer(language: language)].strings.merge(file.strings) { first, _ in first }
                    } else if entry.hasSuffix(".stringsdict") {
                        let file = try StringsDictFile.parse(utf8: try LocalizationFiles.contents(of: path), file: path)
                        let name = String(entry.dropLast(".stringsdict".count))
                        layers[name, default: LocalizationLayer(language: language)].plurals.merge(file.entries) { first, _ in first }
                    }
                }
            }
            for (name, layer) in layers { tables[name, default: []].append(layer) }
        }
        return tables
    }
}

/// One language's part of a table: its `.strings` pairs and its `.stringsdict` entries.
struct LocalizationLayer {
    /// The `.lproj` folder's language (`Base` for the base folder).
    var language: String
    var strings: [String: String] = [:]
    var plurals: [String: PluralizedString] = [:]
}

/// The few file calls the localization needs, on libc (`opendir`/`readdir`, `open`/`read`):
/// the core reads no file through Foundation.
enum LocalizationFiles {
    /// The names in `directory` (not `.` and `..`); empty when it cannot be opened.
    static func entries(of directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            // `d_name` is a C array, imported as a tuple: its bytes up to the NUL, read through
            // reflection (a directory has a few entries; no raw memory is bound in the core).
            let bytes = Mirror(reflecting: entry.pointee.d_name).children.lazy.compactMap { $0.value as? CChar }.prefix { $0 != 0 }
            let name = String(decoding: bytes.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The bytes of the file at `path`, or an error naming it and `strerror`'s reason.
    static func contents(of path: String) throws(StringsFileError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw StringsFileError(file: path, line: 0, column: 0, message: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw StringsFileError(file: path, line: 0, column: 0, message: "cannot read: \(String(cString: strerror(errno)))")
            }
            if bytes.count + count > 16 << 20 {
                throw StringsFileError(file: path, line: 0, column: 0, message: "larger than 16 MiB: not a strings table")
            }
            bytes.append(contentsOf: buffer.prefix(count))
        }
    }
}

/// Reads the locale variables from the process environment (`getenv`).
enum LocaleEnvironment {
    static func value(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
