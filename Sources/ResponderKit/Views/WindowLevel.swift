/// Stacking of windows: a higher level is above a lower one (UIKit's `UIWindow.Level`).
public struct WindowLevel: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Double
    public init(rawValue: Double) { self.rawValue = rawValue }
    /// Makes a level.
    public init(_ value: Double) { self.rawValue = value }
    /// Ordinary app windows.
    public static let normal = WindowLevel(0)
    /// Above ordinary windows.
    public static let statusBar = WindowLevel(1000)
    /// Above everything else, for alerts.
    public static let alert = WindowLevel(2000)
    public static func < (a: WindowLevel, b: WindowLevel) -> Bool { a.rawValue < b.rawValue }
}
