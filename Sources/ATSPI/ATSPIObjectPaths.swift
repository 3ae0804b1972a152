import ResponderKit

/// Gives each object the bridge exposes (the application, a window, a list, a cell, an element)
/// an object path of its own that stays the same while the object lives: AT clients cache by
/// path. Objects are held weakly; a path whose object is gone is forgotten at the next
/// `prune`, and a new object never reuses a path.
@MainActor
final class ATSPIObjectPaths {
    /// The application's path, which `Socket.Embed` announces.
    static let rootPath = "/org/a11y/atspi/accessible/root"
    /// The path prefix of every other object.
    static let prefix = "/org/a11y/atspi/accessible/"
    /// Where clients ask for the cache (`org.a11y.atspi.Cache.GetItems`).
    static let cachePath = "/org/a11y/atspi/cache"
    /// AT-SPI's null reference's path.
    static let nullPath = "/org/a11y/atspi/null"

    private struct Entry {
        weak var object: AnyObject?
        let id: Int
    }

    private var byObject: [ObjectIdentifier: Entry] = [:]
    private var nextID = 1

    /// The id of `object` (0 is the application's, given by the caller), made on first sight.
    /// - Complexity: O(1) amortized.
    func id(of object: AnyObject) -> Int {
        let key = ObjectIdentifier(object)
        if let entry = byObject[key], entry.object === object { return entry.id }
        let id = nextID
        nextID += 1
        byObject[key] = Entry(object: object, id: id)
        return id
    }

    /// Forgets the entries whose objects are gone.
    /// - Complexity: O(entries).
    func prune() { byObject = byObject.filter { $0.value.object != nil } }

    /// The path of `id` (0 is the root).
    static func path(of id: Int) -> String { id == 0 ? rootPath : prefix + String(id) }

    /// The id a path names, or nil for a path the bridge never made.
    static func id(ofPath path: String) -> Int? {
        if path == rootPath { return 0 }
        guard path.hasPrefix(prefix), let id = Int(path.dropFirst(prefix.count)), id > 0 else { return nil }
        return id
    }
}
