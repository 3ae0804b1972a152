import ResponderKit
import ResponderKitTesting

/// Runs a parsed script against a real Application/Window/Board through `InputDriver`, tracing
/// each tap's walk with `ChainTrace`.
@MainActor
final class PuzzleSession {
    let script: PuzzleScript
    private var steps: [String] = []

    init(script: PuzzleScript) { self.script = script }

    func run() -> Int32 {
        let app = Application()
        app.delegate = PuzzleAppDelegate()
        let driver = InputDriver(application: app)
        let scene = WindowScene(application: app)
        var board: Board?
        var window: Window?
        ChainTrace.observer = { [unowned self] step in
            switch step {
            case let .start(responder): steps = [name(responder)]
            case let .forward(_, to): steps.append(name(to))
            }
        }
        defer { ChainTrace.observer = nil }

        for (line, command) in script.commands {
            switch command {
            case let .board(columns, rows, order):
                let b = Board(columns: columns, rows: rows, order: order)
                let w = Window(windowScene: scene, frame: Rect(x: 0, y: 0, width: b.bounds.width, height: b.bounds.height))
                w.rootViewController = PuzzleViewController(board: b)
                w.makeKeyAndVisible()
                board = b
                window = w
                print("line \(line): board \(columns)x\(rows), window \(w.bounds.size) — chain of a tile: \(b.slots[0].chainDescription.joined(separator: " > "))")
                print(indent(b.render()))
            case let .tap(column, row):
                guard let board, let window else { continue }
                let point = board.convert(board.center(column: column, row: row), to: window)
                tap(point, label: "tap cell (\(column),\(row))", line: line, driver: driver, board: board, window: window)
            case let .tapAt(point):
                guard let board, let window else { continue }
                tap(point, label: "tap-at", line: line, driver: driver, board: board, window: window)
            case let .wait(seconds):
                driver.advance(by: seconds)
            }
        }
        guard let board else { return 1 }
        print("done: \(board.swaps) swap(s), \(board.isSolved ? "solved" : "not solved yet"); input clean: \(driver.isClean)")
        return driver.isClean ? 0 : 1
    }

    private func tap(_ point: Point, label: String, line: Int, driver: InputDriver, board: Board, window: Window) {
        let hit = window.hitTest(point, with: nil)
        steps = []
        driver.tap(at: point, in: window)
        let chain = steps.isEmpty ? "(no view hit: nothing delivered)" : steps.joined(separator: " > ") + " (handled)"
        let time = String(Int((driver.now * 1000).rounded()))
        print("line \(line) t=\(time)ms \(label) at \(point): hit \(hit.map(name) ?? "nothing"); chain \(chain); \(board.lastOutcome)")
        print(indent(board.render()))
    }

    private func name(_ responder: Responder) -> String { responder.description }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
    }
}
