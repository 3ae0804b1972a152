import ResponderKit

/// The puzzle's grid of tiles. It handles every tap on them: the touch's hit view is a tile, the
/// tile forwards (it implements nothing), and the Board receives the touch with the tile still in
/// `touch.view`. Tap one tile, then an adjacent one, to swap them. With a keyboard, the arrow keys
/// move a cursor and Space or Return acts as a tap on the tile under it.
///
/// Layout is Auto Layout: `grid` is a vertical `StackView` of rows, each a horizontal `StackView`
/// of empty slot views, equal sizes, a gutter between them and half a gutter around (the grid's
/// layout margins), `cell` × columns wide and `cell` × rows high from the top-left corner. Each tile is pinned to its slot by four constraints. The tiles stay subviews
/// of the Board — a swap re-pins two tiles, it never moves a tile to another row's view — so a
/// tile's frame is always in the Board's coordinates (its glide is one straight move) and its
/// responder chain is Tile > Board. The grid takes no touches: a tap in a gutter hits the Board.
public final class Board: View {
    /// Declares the standard hit-testing rule: no `hitTest`/`point(inside:)` override here.
    public override class var standardHitTestingClass: View.Type { Board.self }

    public private(set) var columns: Int
    public private(set) var rows: Int
    /// `slots[row * columns + column]` is the tile shown there.
    public private(set) var slots: [Tile] = []
    public private(set) var selected: Tile?
    /// The keyboard cursor's slot, once a key was used.
    public private(set) var cursor: Int?
    /// What the last tap did, for logs.
    public private(set) var lastOutcome = ""
    public private(set) var swaps = 0
    /// Called after every tap or key that changed something.
    public var onChange: (@MainActor (Board) -> Void)?
    /// The rows of slots (a vertical stack of horizontal stacks); out of hit testing.
    public let grid = StackView(frame: .zero)
    /// `slotViews[row * columns + column]`: the empty view a tile in that slot is pinned to.
    public private(set) var slotViews: [View] = []
    /// The constraints pinning `slots[i]` to `slotViews[i]`, four per tile.
    private var pins: [[LayoutConstraint]] = []
    /// The grid's size: whole square cells (`cell` × columns and rows) from the top-left corner,
    /// so a board whose frame has not yet followed a new shape keeps square tiles.
    private let gridWidth: LayoutConstraint
    private let gridHeight: LayoutConstraint

    public init(columns: Int, rows: Int, order: [Int]) {
        self.columns = columns
        self.rows = rows
        gridWidth = grid.widthAnchor.constraint(equalToConstant: 0)
        gridHeight = grid.heightAnchor.constraint(equalToConstant: 0)
        super.init(frame: .zero)
        backgroundColor = Palette.board
        layer.cornerRadius = 20
        grid.axis = .vertical
        grid.distribution = .fillEqually
        grid.isLayoutMarginsRelativeArrangement = true
        grid.isUserInteractionEnabled = false
        grid.translatesAutoresizingMaskIntoConstraints = false
        addSubview(grid)
        LayoutConstraint.activate([
            grid.leadingAnchor.constraint(equalTo: leadingAnchor), grid.topAnchor.constraint(equalTo: topAnchor), gridWidth, gridHeight
        ])
        reset(columns: columns, rows: rows, order: order)
    }

    /// Replaces the tiles (pieces `order`, 0-based) and clears the selection and the count.
    public func reset(columns: Int, rows: Int, order: [Int]) {
        LayoutConstraint.deactivate(pins.flatMap { $0 })
        for tile in slots { tile.removeFromSuperview() }
        for row in grid.arrangedSubviews { row.removeFromSuperview() }
        self.columns = columns
        self.rows = rows
        slotViews = []
        for _ in 0..<rows {
            let row = StackView(arrangedSubviews: (0..<columns).map { _ in View(frame: .zero) })
            row.distribution = .fillEqually
            grid.addArrangedSubview(row)
            slotViews += row.arrangedSubviews
        }
        slots = order.map { Tile(piece: $0) }
        for tile in slots {
            tile.translatesAutoresizingMaskIntoConstraints = false
            addSubview(tile)
        }
        pins = slots.indices.map { pin(slots[$0], to: slotViews[$0]) }
        applyGutter()
        selected = nil
        cursor = nil
        swaps = 0
        lastOutcome = "new board"
        setNeedsLayout()
        onChange?(self)
    }

    public var isSolved: Bool { slots.enumerated().allSatisfy { $0.offset == $0.element.piece } }

    /// The side of one cell, in points.
    public var cell: Double { min(bounds.width / Double(columns), bounds.height / Double(rows)) }
    private var gutter: Double { max(4, (cell * 0.06).rounded()) }

    /// The centre of the cell at (column, row), in board coordinates.
    public func center(column: Int, row: Int) -> Point {
        Point(x: (Double(column) + 0.5) * cell, y: (Double(row) + 0.5) * cell)
    }

    /// The cell and the gutter follow the Board's size: set on the grid and the stacks whenever
    /// it changes (the engine then solves again in the same layout pass).
    public override func layoutSubviews() { applyGutter() }

    private func applyGutter() {
        let c = cell, g = gutter
        if gridWidth.constant != c * Double(columns) { gridWidth.constant = c * Double(columns) }
        if gridHeight.constant != c * Double(rows) { gridHeight.constant = c * Double(rows) }
        grid.spacing = g
        let margins = EdgeInsets(top: g / 2, left: g / 2, bottom: g / 2, right: g / 2)
        if grid.layoutMargins != margins { grid.layoutMargins = margins }
        for case let row as StackView in grid.arrangedSubviews { row.spacing = g }
    }

    /// Four constraints holding `tile` on `slot`'s frame, active.
    private func pin(_ tile: Tile, to slot: View) -> [LayoutConstraint] {
        let constraints = [
            tile.leadingAnchor.constraint(equalTo: slot.leadingAnchor), tile.topAnchor.constraint(equalTo: slot.topAnchor),
            tile.widthAnchor.constraint(equalTo: slot.widthAnchor), tile.heightAnchor.constraint(equalTo: slot.heightAnchor)
        ]
        LayoutConstraint.activate(constraints)
        return constraints
    }

    /// Swaps the tiles of two slots in the model and re-pins them to their new slots.
    private func swapSlots(_ a: Int, _ b: Int) {
        LayoutConstraint.deactivate(pins[a] + pins[b])
        slots.swapAt(a, b)
        pins[a] = pin(slots[a], to: slotViews[a])
        pins[b] = pin(slots[b], to: slotViews[b])
    }

    private func slotIndex(of tile: Tile) -> Int? { slots.firstIndex { $0 === tile } }

    /// How long a swapped tile takes to reach its new slot (seconds).
    public static let swapDuration = 0.2

    /// Lays the tiles out in their slots now (the model: `slots`, the frames and every test see
    /// the swap at once: the engine solves the re-pinned constraints inside the block) and lets
    /// the drawing glide there, ease-in-out. `.allowUserInteraction`
    /// because a quick player taps the next tile while these still move: the tap goes to the tile
    /// whose slot it is (hit testing uses the model). `.beginFromCurrentState` so a tile swapped
    /// again mid-glide turns around where it is drawn instead of jumping.
    private func glideTilesToTheirSlots() {
        View.animate(
            withDuration: Board.swapDuration, delay: 0,
            options: [.curveEaseInOut, .allowUserInteraction, .beginFromCurrentState]
        ) {
            setNeedsLayout()
            layoutIfNeeded()
        }
    }

    // MARK: Touches: the Board swallows the whole family (seed 001 §2).

    /// A finger down on a tile lights it at once (feedback on touch-down); the tap acts on release.
    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { (touch.view as? Tile)?.press() }
    }
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { (touch.view as? Tile)?.release() }
        lastOutcome = "cancelled"
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { (touch.view as? Tile)?.release() }
        guard let touch = touches.first else { return }
        guard let tile = touch.view as? Tile, let index = slotIndex(of: tile) else {
            lastOutcome = "tap on the board between tiles: selection cleared"
            selected = nil
            refreshLooks()
            return
        }
        activate(index)
    }

    /// A tap (or Space/Return) on the tile in slot `index`.
    private func activate(_ index: Int) {
        let tile = slots[index]
        defer { refreshLooks() }
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
            swapSlots(currentIndex, index)
            glideTilesToTheirSlots()
            selected = nil
            swaps += 1
            lastOutcome = "swapped \(current) and \(tile)" + (isSolved ? " — solved!" : "")
        } else {
            selected = tile
            lastOutcome = "\(tile) is not next to \(current): selected \(tile) instead"
        }
    }

    private func refreshLooks() {
        for (index, tile) in slots.enumerated() {
            let isSelected = tile === selected, isCursor = index == cursor
            tile.look = isSelected ? (isCursor ? .selectedCursor : .selected) : (isCursor ? .cursor : .plain)
        }
        onChange?(self)
    }

    // MARK: Keys: the Board is the first responder while the puzzle is on screen.

    public override var canBecomeFirstResponder: Bool { true }

    public override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        var unhandled: Set<Press> = []
        for press in presses {
            guard let code = press.key?.keyCode else { unhandled.insert(press); continue }
            let current = cursor ?? 0
            let (column, row) = (current % columns, current / columns)
            switch code {
            case KeyCode.left: cursor = row * columns + max(0, column - 1)
            case KeyCode.right: cursor = row * columns + min(columns - 1, column + 1)
            case KeyCode.up: cursor = max(0, row - 1) * columns + column
            case KeyCode.down: cursor = min(rows - 1, row + 1) * columns + column
            case KeyCode.space, KeyCode.enter, KeyCode.keypadEnter:
                cursor = current
                activate(current)
                continue
            default: unhandled.insert(press); continue
            }
            lastOutcome = "cursor on \(slots[cursor!])"
            refreshLooks()
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    /// The board as text: piece numbers by row, the selected tile in brackets.
    public func render() -> String {
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
