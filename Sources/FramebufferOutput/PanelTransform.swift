import Rendering
import ResponderKit

/// The one mapping between the renderer's logical pixels and the panel's, for a
/// `DisplayRotation`: the picture turns the same way `DisplayRotation.map` turns touches, so the
/// pixel at panel (px, py) shows the logical pixel a touch at the centre of (px, py) lands on.
package struct PanelTransform: Sendable, Equatable {
    package let rotation: DisplayRotation
    /// The panel's native size in pixels (`xres` × `yres`).
    package let panelWidth: Int, panelHeight: Int

    package init(rotation: DisplayRotation, panelWidth: Int, panelHeight: Int) {
        self.rotation = rotation
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
    }

    /// The window's size in pixels: the panel's, turned a quarter for 90° and 270°.
    package var logicalWidth: Int { rotation == .clockwise90 || rotation == .clockwise270 ? panelHeight : panelWidth }
    package var logicalHeight: Int { rotation == .clockwise90 || rotation == .clockwise270 ? panelWidth : panelHeight }

    /// The logical pixel the panel pixel (`px`, `py`) shows (the cases of `DisplayRotation.map`
    /// applied to pixel centres).
    /// - Complexity: O(1).
    @inline(__always)
    package func logical(panelX px: Int, panelY py: Int) -> (x: Int, y: Int) {
        switch rotation {
        case .none: return (px, py)
        case .clockwise90: return (py, panelWidth - 1 - px)
        case .upsideDown: return (panelWidth - 1 - px, panelHeight - 1 - py)
        case .clockwise270: return (panelHeight - 1 - py, px)
        }
    }

    /// The panel pixel showing the logical pixel (`lx`, `ly`): the inverse of `logical(panelX:panelY:)`.
    /// - Complexity: O(1).
    @inline(__always)
    package func panel(logicalX lx: Int, logicalY ly: Int) -> (x: Int, y: Int) {
        switch rotation {
        case .none: return (lx, ly)
        case .clockwise90: return (panelWidth - 1 - ly, lx)
        case .upsideDown: return (panelWidth - 1 - lx, panelHeight - 1 - ly)
        case .clockwise270: return (ly, panelHeight - 1 - lx)
        }
    }

    /// The panel pixels showing the logical pixels of `rect` (a rectangle again: the mapping only
    /// turns and mirrors).
    package func panelRect(_ rect: PixelRect) -> PixelRect {
        guard !rect.isEmpty else { return .empty }
        let a = panel(logicalX: rect.x, logicalY: rect.y)
        let b = panel(logicalX: rect.maxX - 1, logicalY: rect.maxY - 1)
        return PixelRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x) + 1, height: abs(a.y - b.y) + 1)
    }
}
