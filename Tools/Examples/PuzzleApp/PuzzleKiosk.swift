import Kiosk
import ResponderKit

/// The puzzle as a kiosk app: its root controller, its script verbs and its embedded session.
@MainActor
public enum PuzzleKiosk {
    /// The app, starting on the given board (the script's `board` line can replace it).
    public static func app(columns: Int = 3, rows: Int = 3, order: [Int] = [1, 0, 2, 3, 5, 4, 6, 7, 8]) -> KioskApp {
        let board = Board(columns: columns, rows: rows, order: order)
        var app = KioskApp(name: "puzzle", defaultScript: defaultScript) {
            PuzzleViewController(board: board)
        }
        app.makeDelegate = { PuzzleAppDelegate() }
        app.scriptVerbs = { verbs(board) }
        var lastReported = ""
        app.describeStep = {
            let text = board.render()
            let outcome = board.lastOutcome
            defer { lastReported = outcome + text }
            return outcome + text == lastReported ? nil : "\(outcome); moves \(board.swaps)\(board.isSolved ? ", solved" : "")\n\(text)"
        }
        return app
    }

    /// `board COLUMNS ROWS shuffle SEED | order P1 P2 …`, `tap COLUMN ROW` (a finger on the centre of
    /// a cell), `click COLUMN ROW` (the mouse there) and `tap-gap COLUMN ROW` (the gutter right of a
    /// cell, where the Board itself is hit) — in cells, so a script works at any window size.
    static func verbs(_ board: Board) -> [String: ScriptVerb] {
        func int(_ words: [String], _ i: Int, _ what: String, _ range: ClosedRange<Int>) throws(ScriptError) -> Int {
            guard i < words.count else { throw ScriptError("missing \(what)") }
            guard let v = Int(words[i]), range.contains(v) else {
                throw ScriptError("\(what) must be a whole number in \(range.lowerBound)…\(range.upperBound), got '\(words[i])'")
            }
            return v
        }
        var size = (columns: board.columns, rows: board.rows)
        enum Input { case tap, tapGap, click }
        let cellVerb: (_ input: Input) -> ScriptVerb = { input in
            { words throws(ScriptError) in
                guard words.count == 2 else { throw ScriptError("expected COLUMN ROW") }
                let column = try int(words, 0, "COLUMN", 0...(size.columns - 1)), row = try int(words, 1, "ROW", 0...(size.rows - 1))
                return { player in
                    var point = board.center(column: column, row: row)
                    if input == .tapGap { point.x += board.cell / 2 }
                    let inWindow = board.convert(point, to: player.window)
                    switch input {
                    case .tap: player.tap(at: inWindow, label: "tap cell (\(column),\(row))")
                    case .tapGap: player.tap(at: inWindow, label: "tap-gap (\(column),\(row))")
                    case .click: player.click(at: inWindow, label: "click cell (\(column),\(row))")
                    }
                }
            }
        }
        return [
            "board": { words throws(ScriptError) in
                let columns = try int(words, 0, "COLUMNS", 2...12), rows = try int(words, 1, "ROWS", 1...12)
                let count = columns * rows
                guard words.count > 2 else { throw ScriptError("board: expected 'shuffle SEED' or 'order P1 P2 …'") }
                let order: [Int]
                switch words[2] {
                case "shuffle":
                    let seed = try int(words, 3, "SEED", 0...Int(Int32.max))
                    guard words.count == 4 else { throw ScriptError("board: unexpected words after the seed") }
                    order = Shuffle.pieces(count: count, seed: UInt64(seed))
                case "order":
                    let pieces = try (3..<words.count).map { (i: Int) throws(ScriptError) -> Int in try int(words, i, "piece", 1...count) - 1 }
                    guard pieces.count == count, Set(pieces).count == count else {
                        throw ScriptError("board: order must list each piece 1…\(count) exactly once")
                    }
                    order = pieces
                default:
                    throw ScriptError("board: expected 'shuffle' or 'order', got '\(words[2])'")
                }
                size = (columns, rows)
                return { player in
                    board.reset(columns: columns, rows: rows, order: order)
                    player.print("board \(columns)x\(rows) — chain of a tile: \(board.slots[0].chainDescription.joined(separator: " > "))")
                }
            },
            "tap": cellVerb(.tap),
            "tap-gap": cellVerb(.tapGap),
            "click": cellVerb(.click)
        ]
    }

    /// The session the main command plays when given no script (`--print-default-script`).
    public static let defaultScript = """
        # ResponderKit puzzle: a 3x3 picture, shuffled, solved by tapping pairs of adjacent tiles.
        # Tiles implement no touch methods; the Board gets every tap through the responder chain.
        board 3 3 order 2 1 3 4 6 5 7 8 9
        snapshot start
        tap 0 0        # select tile 2
        tap 1 0        # tile 1 is adjacent: swap (the tiles glide for 0.2 s)
        settle         # let the glide end: a snapshot shows the current frame
        snapshot swap-1
        wait 0.5
        tap 1 1        # select tile 6
        tap 2 2        # tile 9 is not adjacent: it becomes the selection
        snapshot not-adjacent
        wait 0.5
        tap-gap 0 0    # between two tiles: the Board itself is hit, selection cleared
        wait 0.5
        click 1 1      # the mouse works too: a click on the middle tile (6) selects it
        tap 2 1        # swap with tile 5: solved
        settle
        snapshot solved
        """
}

/// A deterministic shuffle (SplitMix64 + Fisher–Yates) that is never already solved.
enum Shuffle {
    static func pieces(count: Int, seed: UInt64) -> [Int] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var order = Array(0..<count)
        repeat {
            for i in stride(from: count - 1, to: 0, by: -1) { order.swapAt(i, Int(next() % UInt64(i + 1))) }
        } while order == Array(0..<count) && count > 1
        return order
    }
}
