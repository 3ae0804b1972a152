/// A width and a height (UIKit's `CGSize`).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Makes a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width, no height.
    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(Point.format(width))x\(Point.format(height))" }
}
