import ResponderKit

/// Why a PNG could not be read or written; the description names the file and the reason.
public enum RenderingError: Error, Equatable, CustomStringConvertible {
    /// `path` could not be read as a PNG image: missing, unreadable, a directory, not a PNG, corrupt.
    case cannotReadPNG(path: String, reason: String)
    /// `path` could not be written: a missing or unwritable folder, a full disk, an empty image.
    case cannotWritePNG(path: String, reason: String)

    /// `cannot read PNG 'PATH': REASON` or `cannot write PNG 'PATH': REASON`.
    public var description: String {
        switch self {
        case let .cannotReadPNG(path, reason): return "cannot read PNG '\(path)': \(reason)"
        case let .cannotWritePNG(path, reason): return "cannot write PNG '\(path)': \(reason)"
        }
    }
}
