/// How a scene's windows stack: by `windowLevel`, then the window shown last in front — the order
/// the hosts draw them in and that touches and the cursor fall through.
extension Window {
    /// The counter behind `stackOrder`: each window shown takes the next value.
    private static var lastStackOrder: UInt64 = 0

    /// Puts the window in front of the other windows of its level (UIKit orders a window front when
    /// it is shown and in `makeKeyAndVisible()`).
    func orderFront() {
        Window.lastStackOrder += 1
        stackOrder = Window.lastStackOrder
    }

    /// Whether this window is drawn above `other`: a higher level, or the same level and shown
    /// later.
    /// - Complexity: O(1).
    public func isStacked(above other: Window) -> Bool {
        if windowLevel != other.windowLevel { return windowLevel > other.windowLevel }
        return stackOrder > other.stackOrder
    }
}

extension WindowScene {
    /// The scene's shown windows, back to front (by `windowLevel`, then the one shown last in
    /// front): the order a host draws them in, each at its `frame` in the scene's screen
    /// coordinates.
    /// - Complexity: O(w log w) for the scene's w windows; allocates the array.
    public var stackedWindows: [Window] {
        windows.filter { !$0.isHidden }.sorted { $1.isStacked(above: $0) }
    }
}
