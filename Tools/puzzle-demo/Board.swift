import ResponderKit

/// The puzzle's background view. It owns the layout of the tiles and handles every tap on them:
/// the touch's hit view is a tile, the tile forwards (it implements nothing), and the Board receives
/// the touch with the tile still in `touch.view`. Tap one tile, then an adjacent one, to swap them.
final class Board: View {
    let columns: Int
    let rows: Int
    let cell: Double
    let gutter: Double
    /// `slots[row * columns + column]` is the tile shown there.
    private(set) var slots: [Tile] = []
    private(set) var selected: Tile?
    /// What the last tap did, for the demo's log.
    private(set) var lastOutcome = ""
    private(set) var swaps = 0

    init(columns: Int, rows: Int, order: [Int], cell: Double = 100, gutter: Double = 4) {
        self.columns = columns
        self.rows = rows
        self.cell = cell
        self.gutter = gutter
        super.init(frame: Rect(x: 0, y: 0, width: Double(columns) * cell, height: Double(rows) * cell))
        backgroundColor = Color(white: 0.15)
        for piece in order {
            let tile = Tile(piece: piece, frame: .zero)
            slots.append(tile)
            addSubview(tile)
        }
        placeTiles()
    }

    var isSolved: Bool { slots.enumerated().allSatisfy { $0.offset == $0.element.piece } }

    /// The centre of the cell at (column, row), in board coordinates.
    func center(column: Int, row: Int) -> Point {
        Point(x: (Double(column) + 0.5) * cell, y: (Double(row) + 0.5) * cell)
    }

    private func placeTiles() {
        for (index, tile) in slots.enumerated() {
            let column = index % columns, row = index / columns
            tile.frame = Rect(x: Double(column) * cell + gutter / 2, y: Double(row) * cell + gutter / 2,
                              width: cell - gutter, height: cell - gutter)
        }
    }

    private func slotIndex(of tile: Tile) -> Int? { slots.firstIndex { $0 === tile } }

    // The Board swallows touches: it overrides the whole family (seed 001 §2).
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { lastOutcome = "cancelled" }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        guard let tile = touch.view as? Tile, let index = slotIndex(of: tile) else {
            lastOutcome = "tap on the board between tiles: selection cleared"
            selected = nil
            return
        }
        guard let current = selected, let currentIndex = slotIndex(of: current) else {
            selected = tile
            lastOutcome = "selected \(tile)"
            return
        }
        if current === tile {
            selected = nil
            lastOutcome = "deselected \(tile)"
            return
        }
        let (c1, r1) = (currentIndex % columns, currentIndex / columns)
        let (c2, r2) = (index % columns, index / columns)
        if abs(c1 - c2) + abs(r1 - r2) == 1 {
            slots.swapAt(currentIndex, index)
            placeTiles()
            selected = nil
            swaps += 1
            lastOutcome = "swapped \(current) and \(tile)" + (isSolved ? " — solved!" : "")
        } else {
            selected = tile
            lastOutcome = "\(tile) is not next to \(current): selected \(tile) instead"
        }
    }

    /// The board as text: piece numbers by row, the selected tile in brackets.
    func render() -> String {
        let width = String(slots.count).count + 2
        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            for column in 0..<columns {
                let tile = slots[row * columns + column]
                let label = tile === selected ? "[\(tile.piece + 1)]" : " \(tile.piece + 1) "
                line += String(repeating: " ", count: max(0, width - label.count)) + label
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

/// The app delegate is a Responder, so it is the chain's last link (seed 000's step 7).
final class PuzzleAppDelegate: Responder, ApplicationDelegate {}

/// Holds the board as its root view; in the chain between the Board and the window.
final class PuzzleViewController: ViewController {
    let board: Board
    init(board: Board) {
        self.board = board
        super.init()
    }
    override func loadView() { view = board }
}
