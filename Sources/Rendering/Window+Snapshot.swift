import ResponderKit

extension Window {
    /// The whole window rendered into an image, `scale` pixels per point (UIKit's
    /// `drawHierarchy`/`snapshotView`, as API.md's `window.snapshot()`). Runs a pending layout
    /// pass first; the window's damage is left for its output. See `Renderer.snapshot`.
    /// - Complexity: O(views + pixels).
    public func snapshot(scale: Double = 1) -> Image { Renderer.snapshot(self, scale: scale) }
}
