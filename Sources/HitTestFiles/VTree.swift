import ResponderKit

/// A hit-test benchmark case in the shared format (`bench/vtree.md`): a view tree in pre-order
/// (`.vtree`), query points in root coordinates (`.points`) and the reference answers (`.hits`).
public struct VTree {
    /// One view: a `.vtree` line `id parent x y w h alpha flags`.
    public struct Node: Equatable {
        /// The view's index: ids follow the line order, from 0 (the root).
        public var id: Int
        /// The id of an earlier view; -1 for the root.
        public var parent: Int
        /// The view's frame (`x y w h`), finite with a non-negative size.
        public var frame: Rect
        /// The view's alpha, in 0…1.
        public var alpha: Double
        /// A bitmask: 1 hidden, 2 interaction disabled, 4 clips to bounds, 8 custom hit testing.
        public var flags: Int
        /// Flag 1: the view is hidden.
        public var isHidden: Bool { flags & 1 != 0 }
        /// Flag 2: the view does not take touches (`isUserInteractionEnabled` false).
        public var isInteractionDisabled: Bool { flags & 2 != 0 }
        /// Flag 4: the view clips its subviews to its bounds (`clipsToBounds`).
        public var clipsToBounds: Bool { flags & 4 != 0 }
        /// Flag 8, this project's extension of the format (`HitTestDump`): in the app the view
        /// overrides hit testing or is transformed, so the index must ask it rather than treat it
        /// as geometry. `makeWindow()` builds it as a `CustomHitTestingView`.
        public var hasCustomHitTesting: Bool { flags & 8 != 0 }
    }

    /// A file that breaks a rule of the format.
    public struct ParseError: Error, CustomStringConvertible {
        /// The file's name (as given to the parser).
        public let file: String
        /// The offending line, from 1.
        public let line: Int
        /// The rule that was broken.
        public let message: String
        /// `FILE:LINE: MESSAGE`.
        public var description: String { "\(file):\(line): \(message)" }
    }

    /// The views in pre-order; a view's index is its id.
    public var nodes: [Node]

    /// Parses `.vtree` text; every rule of the format is checked and reported with its line.
    public init(parsing text: String, file: String = "vtree") throws {
        var nodes: [Node] = []
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if lineNumber == 1 {
                guard raw == "vtree 1" else { throw ParseError(file: file, line: 1, message: "expected the header 'vtree 1', got '\(raw.prefix(40))'") }
                continue
            }
            if raw.isEmpty {
                // Only a trailing newline may leave an empty last line.
                continue
            }
            let f = raw.split(separator: " ", omittingEmptySubsequences: false)
            guard f.count == 8 else {
                throw ParseError(file: file, line: lineNumber, message: "expected 8 fields 'id parent x y w h alpha flags', got \(f.count)")
            }
            guard let id = Int(f[0]), let parent = Int(f[1]), let x = Double(f[2]), let y = Double(f[3]),
                let w = Double(f[4]), let h = Double(f[5]), let alpha = Double(f[6]), let flags = Int(f[7])
            else {
                throw ParseError(file: file, line: lineNumber, message: "a field is not a number")
            }
            guard id == nodes.count else {
                throw ParseError(file: file, line: lineNumber, message: "id \(id) should be \(nodes.count) (ids follow the line order)")
            }
            if id == 0 {
                guard parent == -1 else { throw ParseError(file: file, line: lineNumber, message: "the root (id 0) must have parent -1") }
            } else {
                guard parent >= 0, parent < id else { throw ParseError(file: file, line: lineNumber, message: "parent \(parent) must be an earlier view") }
            }
            guard x.isFinite, y.isFinite, w.isFinite, h.isFinite, w >= 0, h >= 0 else {
                throw ParseError(file: file, line: lineNumber, message: "frame must be finite with w, h >= 0")
            }
            guard alpha.isFinite, alpha >= 0, alpha <= 1 else { throw ParseError(file: file, line: lineNumber, message: "alpha must be in 0...1") }
            guard flags >= 0, flags <= 15 else {
                throw ParseError(file: file, line: lineNumber, message: "flags must be a bitmask of 1, 2, 4 (and 8, custom hit testing)")
            }
            nodes.append(Node(id: id, parent: parent, frame: Rect(x: x, y: y, width: w, height: h), alpha: alpha, flags: flags))
        }
        guard !nodes.isEmpty else { throw ParseError(file: file, line: max(1, lineNumber), message: "no views") }
        self.nodes = nodes
    }

    /// Reads and parses the `.vtree` file at `path`.
    public static func load(_ path: String) throws -> VTree { try VTree(parsing: try TextFile.read(path), file: path) }

    /// Parses `.points` text (`points 1`, then `x y` per line).
    public static func parsePoints(_ text: String, file: String = "points") throws -> [Point] {
        var points: [Point] = []
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if lineNumber == 1 {
                guard raw == "points 1" else { throw ParseError(file: file, line: 1, message: "expected the header 'points 1'") }
                continue
            }
            if raw.isEmpty { continue }
            let f = raw.split(separator: " ")
            guard f.count == 2, let x = Double(f[0]), let y = Double(f[1]) else {
                throw ParseError(file: file, line: lineNumber, message: "expected 'x y'")
            }
            points.append(Point(x: x, y: y))
        }
        return points
    }

    /// Parses `.hits` text (one view id or -1 per line).
    public static func parseHits(_ text: String, file: String = "hits") throws -> [Int] {
        var hits: [Int] = []
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if raw.isEmpty { continue }
            guard let id = Int(raw), id >= -1 else { throw ParseError(file: file, line: lineNumber, message: "expected a view id or -1") }
            hits.append(id)
        }
        return hits
    }
}
