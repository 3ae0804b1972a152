import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Seed 000 §11.7.1, the puzzle example: a picture cut into tiles and shuffled; the user taps two
// adjacent tiles to swap them. The background is a View subclass named Board; every tile is a
// plain View (a subview of Board) that implements no touch method. Taps on a tile fall through to
// Board via the chain; Board works out which tile was tapped and tells the tiles what to do.

/// The seed's Board. Tiles are plain `View`s tagged with their picture piece (0…8); `layout[p]`
/// is the piece shown at position `p` (row-major, 3×3, 100 pt squares).
final class Board: View {
    let columns = 3, rows = 3, side = 100.0
    private(set) var tiles: [View] = []
    /// The position tapped first, waiting for its neighbour.
    private(set) var selected: Int?
    /// Every tile Board was told about, as (piece, position) at tap time.
    private(set) var taps: [(piece: Int, position: Int)] = []
    private(set) var touchesBeganCount = 0

    init(pieces: [Int]) {
        super.init(frame: Rect(0, 0, 300, 300))
        for (position, piece) in pieces.enumerated() {
            let tile = View(frame: frame(for: position))
            tile.tag = piece
            addSubview(tile)
            tiles.append(tile)
        }
    }

    var layout: [Int] { tiles.map(\.tag) }

    func frame(for position: Int) -> Rect {
        Rect(Double(position % columns) * side, Double(position / columns) * side, side, side)
    }

    func position(of tile: View) -> Int? { tiles.firstIndex { $0 === tile } }

    func areAdjacent(_ a: Int, _ b: Int) -> Bool {
        let (ra, ca) = (a / columns, a % columns), (rb, cb) = (b / columns, b % columns)
        return abs(ra - rb) + abs(ca - cb) == 1
    }

    // Board handles the touches itself (no super: the tap stops here).
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { touchesBeganCount += 1 }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first else { return }
        // Which tile: the touch's hit view — or equivalently a hit test at its location in Board.
        guard let tile = touch.view, tile.superview === self, let position = position(of: tile) else { return }
        precondition(hitTest(touch.location(in: self), with: nil) === tile)
        taps.append((tile.tag, position))
        guard let first = selected else { selected = position; return }
        selected = nil
        guard first != position, areAdjacent(first, position) else { return }
        // Tell the two tiles what to do: trade places.
        tiles.swapAt(first, position)
        tiles[first].frame = frame(for: first)
        tiles[position].frame = frame(for: position)
    }
}

@MainActor
@Suite("Seed 000 §11.7.1: the puzzle Board")
struct Seed000PuzzleBoardTests {
    func makeBoard() -> (Harness, Board) {
        let h = Harness(log: Log())
        let board = Board(pieces: [3, 1, 2, 0, 4, 5, 6, 7, 8])
        board.frame = Rect(50, 50, 300, 300)
        h.window.addSubview(board)
        return (h, board)
    }

    /// Seed 000 §11.7.1 puzzle: tiles implement no touch methods; a tap on a tile is hit-tested to
    /// the tile and falls through the chain to Board, which can tell which tile was tapped.
    @Test func tapsOnTilesReachTheBoardWhichKnowsTheTile() {
        let (h, board) = makeBoard()
        #expect(h.window.hitTest(Point(60, 60), with: nil) === board.tiles[0])
        #expect(board.tiles[0].next === board)
        h.tap(60, 60)  // position 0, piece 3
        h.driver.advance(by: 1)
        h.tap(260, 160)  // position 5, piece 5
        #expect(board.taps.map(\.piece) == [3, 5])
        #expect(board.taps.map(\.position) == [0, 5])
        #expect(board.touchesBeganCount == 2)
        #expect(h.log.entries.isEmpty, "nothing above Board sees the taps")
        #expect(h.driver.isClean)
    }

    /// Seed 000 §11.7.1 puzzle: tapping two adjacent tiles swaps them; Board tells the tiles to move.
    @Test func tappingTwoAdjacentTilesSwapsThem() {
        let (h, board) = makeBoard()
        h.tap(60, 60)  // position 0 (piece 3)
        h.driver.advance(by: 1)
        h.tap(60, 160)  // position 3 (piece 0), directly below
        #expect(board.layout == [0, 1, 2, 3, 4, 5, 6, 7, 8])
        #expect(board.tiles[0].frame == Rect(0, 0, 100, 100))
        #expect(board.tiles[3].frame == Rect(0, 100, 100, 100))
        // The swapped tiles are hit where they now are.
        #expect(h.window.hitTest(Point(60, 60), with: nil)?.tag == 0)
        #expect(h.window.hitTest(Point(60, 160), with: nil)?.tag == 3)
    }

    /// Seed 000 §11.7.1 puzzle: two tiles that are not neighbours do not swap.
    @Test func tappingTwoDistantTilesDoesNothing() {
        let (h, board) = makeBoard()
        h.tap(60, 60)  // position 0
        h.driver.advance(by: 1)
        h.tap(260, 260)  // position 8
        #expect(board.layout == [3, 1, 2, 0, 4, 5, 6, 7, 8])
        #expect(board.selected == nil)
    }

    /// Seed 000 §11.7.1 puzzle: the tiles carry no tap logic — a tile's own touch methods are the
    /// Responder defaults, which forward to Board.
    @Test func tilesAreAsPlainAsTheBaseView() {
        let (_, board) = makeBoard()
        for tile in board.tiles {
            #expect(type(of: tile) == View.self)
            #expect(tile.chainDescription.prefix(2) == ["View", "Board"])
        }
    }
}
