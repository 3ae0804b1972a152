import ResponderKit

/// The tap-session script: one command per line, `#` starts a comment.
///
///     board COLUMNS ROWS shuffle SEED      a shuffled board (or: order P1 P2 … with pieces 1…N)
///     tap COLUMN ROW                       tap the centre of the cell (0-based column and row)
///     tap-at X Y                           tap a window point
///     wait SECONDS                         advance the clock
struct PuzzleScript {
    enum Command: Equatable {
        case board(columns: Int, rows: Int, order: [Int])
        case tap(column: Int, row: Int)
        case tapAt(Point)
        case wait(Double)
    }

    struct ParseError: Error, CustomStringConvertible {
        let line: Int
        let message: String
        var description: String { "script line \(line): \(message)" }
    }

    var commands: [(line: Int, command: Command)] = []

    static let usage = "commands: board COLUMNS ROWS shuffle SEED | board COLUMNS ROWS order P1 P2 … | tap COLUMN ROW | tap-at X Y | wait SECONDS"

    init(parsing text: String) throws {
        var board: (columns: Int, rows: Int)?
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let verb = words.first else { continue }
            func int(_ i: Int, _ what: String, in range: ClosedRange<Int>) throws -> Int {
                guard i < words.count else { throw ParseError(line: number, message: "\(verb): missing \(what)") }
                guard let v = Int(words[i]), range.contains(v) else {
                    throw ParseError(line: number, message: "\(verb): \(what) must be a whole number in \(range.lowerBound)…\(range.upperBound), got '\(words[i])'")
                }
                return v
            }
            func decimal(_ i: Int, _ what: String) throws -> Double {
                guard i < words.count else { throw ParseError(line: number, message: "\(verb): missing \(what)") }
                guard let v = Double(words[i]), v.isFinite else { throw ParseError(line: number, message: "\(verb): \(what) must be a number, got '\(words[i])'") }
                return v
            }
            switch verb {
            case "board":
                guard board == nil else { throw ParseError(line: number, message: "only one board per script") }
                let columns = try int(1, "COLUMNS", in: 2...12), rows = try int(2, "ROWS", in: 1...12)
                let count = columns * rows
                guard words.count > 3 else { throw ParseError(line: number, message: "board: expected 'shuffle SEED' or 'order P1 P2 …'") }
                let order: [Int]
                switch words[3] {
                case "shuffle":
                    let seed = try int(4, "SEED", in: 0...Int(Int32.max))
                    guard words.count == 5 else { throw ParseError(line: number, message: "board: unexpected words after the seed") }
                    order = PuzzleScript.shuffled(count: count, seed: UInt64(seed))
                case "order":
                    let pieces = try (4..<words.count).map { try int($0, "piece", in: 1...count) - 1 }
                    guard pieces.count == count, Set(pieces).count == count else {
                        throw ParseError(line: number, message: "board: order must list each piece 1…\(count) exactly once")
                    }
                    order = pieces
                default:
                    throw ParseError(line: number, message: "board: expected 'shuffle' or 'order', got '\(words[3])'")
                }
                board = (columns, rows)
                commands.append((number, .board(columns: columns, rows: rows, order: order)))
            case "tap":
                guard let board else { throw ParseError(line: number, message: "tap before board") }
                let column = try int(1, "COLUMN", in: 0...(board.columns - 1)), row = try int(2, "ROW", in: 0...(board.rows - 1))
                guard words.count == 3 else { throw ParseError(line: number, message: "tap: expected COLUMN ROW") }
                commands.append((number, .tap(column: column, row: row)))
            case "tap-at":
                guard board != nil else { throw ParseError(line: number, message: "tap-at before board") }
                let p = Point(x: try decimal(1, "X"), y: try decimal(2, "Y"))
                guard words.count == 3 else { throw ParseError(line: number, message: "tap-at: expected X Y") }
                commands.append((number, .tapAt(p)))
            case "wait":
                let seconds = try decimal(1, "SECONDS")
                guard seconds >= 0, seconds <= 3600 else { throw ParseError(line: number, message: "wait: SECONDS must be in 0…3600") }
                commands.append((number, .wait(seconds)))
            default:
                throw ParseError(line: number, message: "unknown command '\(verb)'; \(PuzzleScript.usage)")
            }
        }
        guard board != nil else { throw ParseError(line: 1, message: "the script has no 'board' line") }
    }

    /// A deterministic shuffle (SplitMix64 + Fisher–Yates) that is never already solved.
    static func shuffled(count: Int, seed: UInt64) -> [Int] {
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

    /// The session the demo runs when given no script (`--print-default-script` prints it).
    static let defaultScript = """
    # ResponderKit puzzle demo: a 3x3 picture, shuffled, solved by tapping pairs of adjacent tiles.
    # Tiles implement no touch methods; the Board gets every tap through the responder chain.
    board 3 3 order 2 1 3 4 6 5 7 8 9
    tap 0 0        # select tile 2
    tap 1 0        # tile 1 is adjacent: swap
    wait 0.5
    tap 1 1        # select tile 6
    tap 2 2        # tile 9 is not adjacent: it becomes the selection
    wait 0.5
    tap-at 150 100 # between two tiles: the Board itself is hit, selection cleared
    wait 0.5
    tap 1 1        # select tile 6
    tap 2 1        # swap with tile 5: solved
    """
}
