import FoundationEssentials

// Foundation's `IndexPath`, not a type of our own: UIKit's `IndexPath` is Foundation's, and an app
// that imports Foundation beside ResponderKit would find two `IndexPath`s and have to qualify every
// one. FoundationEssentials is the small part of swift-foundation (no ICU, no networking); the core
// imports it only in the files of lists (the rest stays free of Foundation), and re-exports this
// one type, as UIKit re-exports Foundation: an app that imports ResponderKit alone can write
// `IndexPath(row:section:)`, and one that also imports Foundation sees the same type.
@_exported import struct FoundationEssentials.IndexPath

/// UIKit's additions to `IndexPath` for tables and collections (`IndexPath(row:section:)`).
///
/// A table's index path has two indexes, `[section, row]`; a collection's `[section, item]`.
extension IndexPath {
    /// The index path of `row` in `section` (UIKit's `init(row:section:)`).
    /// - Complexity: O(1), no allocation: two indexes are stored inline.
    public init(row: Int, section: Int) {
        self.init()
        append(section)
        append(row)
    }

    /// The index path of `item` in `section` (UIKit's `init(item:section:)` for collection views).
    /// - Complexity: O(1), no allocation.
    public init(item: Int, section: Int) {
        self.init(row: item, section: section)
    }

    /// The section: the first index (0 for an empty path, as a table never makes one).
    public var section: Int {
        get { count > 0 ? self[0] : 0 }
        set {
            if count > 0 { self[0] = newValue } else { self = IndexPath(row: 0, section: newValue) }
        }
    }

    /// The row in its section: the second index (0 when the path has fewer than two).
    public var row: Int {
        get { count > 1 ? self[1] : 0 }
        set {
            if count > 1 { self[1] = newValue } else { self = IndexPath(row: newValue, section: section) }
        }
    }

    /// The item in its section (a collection view's name for `row`).
    public var item: Int {
        get { row }
        set { row = newValue }
    }
}
