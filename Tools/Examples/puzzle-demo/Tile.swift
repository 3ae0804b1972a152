import ResponderKit

/// One piece of the picture. Tiles implement no touch methods at all: a tap on a tile falls
/// through the responder chain to the Board (seed 000, §11.7.1 "deferring responsibility").
final class Tile: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    override class var standardHitTestingClass: View.Type { Tile.self }

    /// The tile's place in the solved picture (0-based).
    let piece: Int

    init(piece: Int, frame: Rect) {
        self.piece = piece
        super.init(frame: frame)
        backgroundColor = Color(red: 0.2 + 0.6 * Double(piece % 5) / 4, green: 0.5, blue: 0.9 - 0.6 * Double(piece % 3) / 2)
    }

    override var description: String { "Tile \(piece + 1)" }
}
