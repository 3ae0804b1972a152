import Synchronization

/// The font families the installed renderer can draw, for `Font(name:size:)` and
/// `Font.familyNames`. UIKit's `UIFont(name:size:)` answers nil for a font the system does not
/// have, so an app can choose its own fallback (`Font(name: "Roboto", size: 17) ?? .systemFont(ofSize: 17)`).
///
/// The core knows no font library: `Rendering.install()` fills the catalog from fontconfig through
/// Pango (`Font.installFamilyNames(_:)`). Until a renderer has done so (a core used without one,
/// as in layout unit tests) every name is accepted, since nothing can say which are missing.
/// Shared by every thread (`Font` is `Sendable`), so the set sits behind a lock; it is written
/// once at start-up and read when a font is made by name.
enum FontCatalog {
    /// The installed families: as the renderer named them (sorted), and folded to lower case
    /// (fontconfig matches family names regardless of case); nil while no renderer has installed
    /// them. One lock, so a reader never sees one half replaced without the other.
    private static let installed = Mutex<(names: [String], folded: Set<String>)?>(nil)

    /// The generic families fontconfig resolves through aliases (the renderer's configuration maps
    /// them to DejaVu), accepted whenever the catalog is installed.
    static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace"]

    /// Replaces the catalog (nil: accept every name again).
    static func install(_ families: [String]?) {
        let catalog = families.map { (names: Array(Set($0)).sorted(), folded: Set($0.map { $0.lowercased() })) }
        installed.withLock { $0 = catalog }
    }

    /// Whether a font of family `name` can be drawn: it is installed or generic, or no catalog is.
    /// - Complexity: O(length of `name`): one lowercasing and one set lookup under the lock.
    static func contains(_ name: String) -> Bool {
        let key = name.lowercased()
        if genericFamilies.contains(key) { return true }
        return installed.withLock { $0.map { $0.folded.contains(key) } ?? true }
    }

    /// The installed families, sorted (empty while no renderer has installed them).
    static var familyNames: [String] { installed.withLock { $0?.names ?? [] } }
}
