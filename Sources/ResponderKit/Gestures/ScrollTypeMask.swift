/// The scroll input a pan recognizer accepts (UIKit's `UIScrollTypeMask`): `.discrete` is a mouse
/// wheel (clicks), `.continuous` a touchpad's two-finger scroll or another smooth source. A pan
/// accepts none by default, as in UIKit.
public struct ScrollTypeMask: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A mouse wheel (clicks).
    public static let discrete = ScrollTypeMask(rawValue: 1 << 0)
    /// A touchpad's finger scroll or another smooth source.
    public static let continuous = ScrollTypeMask(rawValue: 1 << 1)
    /// Both.
    public static let all: ScrollTypeMask = [.discrete, .continuous]

    /// The type of a scroll from `source`.
    init(_ source: ScrollInfo.Source) {
        switch source {
        case .wheel, .wheelTilt: self = .discrete
        case .finger, .continuous: self = .continuous
        }
    }
}
