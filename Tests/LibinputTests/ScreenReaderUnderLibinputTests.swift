import EmulatedInput
import LibinputBackend
import Prerequisites
import PuzzleApp
import RecordingViews
import ResponderKit
import Testing

/// The screen reader through real libinput (umockdev touchscreen): started by a three-finger
/// triple tap, then the puzzle solved by swipes and double-taps alone, the spoken sequence the
/// same as under `InputDriver` (ScreenReaderAppTests). The gestures are timed by the kernel
/// timestamps of the emulated events, so a slow machine does not change them.
@Suite(.serialized, .requires(.umockdev))
@MainActor
struct ScreenReaderUnderLibinputTests {
    static let suite = "ScreenReaderUnderLibinputTests"

    @Test func thePuzzleIsSolvedBlindThroughLibinput() throws {
        try UmockdevProcess.run(Self.suite, "thePuzzleIsSolvedBlindThroughLibinput") {
            let session = try EmulatedSession()
            let screen = try session.testbed.add(UmockdevProcess.device("touchscreen.desc"), event: 7)
            let controller = PuzzleViewController(board: Board(columns: 3, rows: 3, order: [1, 0, 2, 3, 5, 4, 6, 7, 8]))
            session.window.rootViewController = controller
            session.window.layoutIfNeeded()
            let voice = RecordingSpeechSynthesizer()
            let reader = session.application.screenReader
            reader.synthesizer = voice
            try session.start { $0.devices = .paths([screen.node]) }

            @MainActor func tap(fingers: Int) throws {
                // Above the title bar, where the puzzle has nothing (the taps that start the
                // reader still reach the app).
                try session.touchDown(screen, (0..<fingers).map { (slot: $0, u: 0.1 + Double($0) * 0.05, v: 0.02) })
                try session.touchUp(screen, slots: Array(0..<fingers))
            }
            @MainActor func next() throws {
                try session.touchDown(screen, [(slot: 0, u: 0.3, v: 0.5)])
                for step in 1...4 { try session.touchMove(screen, [(slot: 0, u: 0.3 + Double(step) * 0.05, v: 0.5)]) }
                try session.touchUp(screen, slots: [0])
            }
            @MainActor func doubleTap() throws {
                try tap(fingers: 1)
                try tap(fingers: 1)
            }
            var spoken = 0
            /// Writes one gesture and waits until the reader has said `words` more things.
            @MainActor func gesture(_ write: () throws -> Void, saying words: Int) throws {
                try write()
                spoken += words
                session.pump { reader.spokenHistory.count >= spoken }
            }

            try gesture({ for _ in 0..<3 { try tap(fingers: 3) } }, saying: 1)
            #expect(reader.isRunning)
            try gesture(next, saying: 1)  // the title
            try gesture(next, saying: 1)  // the counter
            try gesture(next, saying: 1)  // tile 2
            try gesture(doubleTap, saying: 1)  // selected
            try gesture(next, saying: 1)  // tile 1
            try gesture(doubleTap, saying: 1)  // swapped
            session.window.layoutIfNeeded()
            for _ in 0..<4 { try gesture(next, saying: 1) }  // tiles 2, 3, 4, 6
            try gesture(doubleTap, saying: 1)
            try gesture(next, saying: 1)  // tile 5
            try gesture(doubleTap, saying: 2)  // swapped, solved

            #expect(controller.board.isSolved)
            #expect(
                voice.texts == [
                    "Screen reader on",
                    "ResponderKit puzzle", "Moves: 0",
                    "Tile 2, button", "selected, Tile 2, button",
                    "Tile 1, button", "Tile 1, button",
                    "Tile 2, button", "Tile 3, button", "Tile 4, button",
                    "Tile 6, button", "selected, Tile 6, button",
                    "Tile 5, button", "Tile 5, button", "Solved in 2 moves"
                ])
            #expect(!session.application.hasOpenInput)
        }
    }
}
