/// The checkout the tests were built from, found from this file's own path (`#filePath`), so
/// no test names a machine's folder.
public enum PackageCheckout {
    /// The package root (the folder holding `Package.swift`), without a trailing "/".
    public static let root: String = {
        // This file is <root>/Tests/Support/TestHelpers/PackageCheckout.swift.
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()
}
