import PuzzleApp
import Rendering
import ResponderKit
import ResponderKitTesting
import Testing

/// The puzzle by keyboard and mouse: the same app, the same Board, every input kind (issue 8 §4).
@MainActor
@Suite("Puzzle: keys and mouse")
struct PuzzleInputTests {
    func puzzle() -> (InputDriver, Window, PuzzleViewController) {
        let app = Application()
        let driver = InputDriver(application: app)
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 1280, height: 800))
        let window = Window(windowScene: scene)
        let controller = PuzzleViewController(board: Board(columns: 3, rows: 3, order: [1, 0, 2, 3, 5, 4, 6, 7, 8]))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return (driver, window, controller)
    }

    @Test func arrowKeysMoveTheCursorAndSpaceOrReturnSwap() {
        let (driver, window, controller) = puzzle()
        let board = controller.board
        #expect(window.firstResponder === board)
        driver.type(Key(keyCode: KeyCode.space, characters: " "), in: window)  // select (0,0): tile 2
        #expect(board.selected === board.slots[0])
        driver.type(Key(keyCode: KeyCode.right, characters: ""), in: window)
        driver.type(USKeyboard.enter, in: window)  // swap with tile 1
        #expect(board.swaps == 1)
        #expect(board.cursor == 1)
        driver.type(Key(keyCode: KeyCode.down, characters: ""), in: window)  // (1,1): tile 6
        driver.type(USKeyboard.enter, in: window)
        driver.type(Key(keyCode: KeyCode.right, characters: ""), in: window)  // (2,1): tile 5
        driver.type(Key(keyCode: KeyCode.space, characters: " "), in: window)
        #expect(board.isSolved)
        #expect(!controller.screen.solvedBanner.isHidden)
        #expect(controller.screen.moves.text == "Moves: 2")
        // The cursor is drawn: a light border on the tile under it.
        #expect(board.slots[5].look == .cursor)
        #expect(driver.isClean)
    }

    @Test func theMouseClicksLikeAFinger() {
        let (driver, window, controller) = puzzle()
        let board = controller.board
        driver.click(at: board.convert(board.center(column: 0, row: 0), to: window), in: window)
        driver.click(at: board.convert(board.center(column: 1, row: 0), to: window), in: window)
        #expect(board.swaps == 1)
        #expect(board.slots.map(\.piece).prefix(2) == [0, 1])
        #expect(driver.isClean)
    }

    @Test func aSelectedTileIsDrawnHighlighted() {
        Rendering.install()
        let (driver, window, controller) = puzzle()
        let board = controller.board
        let center = board.convert(board.center(column: 1, row: 1), to: window)
        let before = window.snapshot().color(x: Int(center.x) - 40, y: Int(center.y) - 40)
        driver.tap(at: center, in: window)
        window.layoutIfNeeded()
        let after = window.snapshot().color(x: Int(center.x) - 40, y: Int(center.y) - 40)
        #expect(before.blue > before.red)  // the tile blue
        #expect(after.red > after.blue)  // the selection orange
    }

    /// Feedback on touch-down, as UIKit's controls highlight: the tile under a finger is drawn
    /// lighter while the finger is down (two fingers on one tile: until both lift), and the tap
    /// still acts only on release; a cancelled touch leaves it as it was.
    @Test func aTileLightsUpWhileAFingerIsDownAndActsOnRelease() {
        Rendering.install()
        let (driver, window, controller) = puzzle()
        let board = controller.board
        let center = board.convert(board.center(column: 1, row: 1), to: window)
        func color() -> (red: Double, green: Double, blue: Double) {
            window.layoutIfNeeded()
            let c = window.snapshot().color(x: Int(center.x) - 40, y: Int(center.y) - 40)
            return (Double(c.red), Double(c.green), Double(c.blue))
        }
        let plain = color()
        driver.touchDown(1, at: center, in: window)
        #expect(board.slots[4].isPressed)
        #expect(board.selected == nil)  // nothing acted yet
        let pressed = color()
        #expect(pressed.blue > pressed.red && pressed.red > plain.red + 0.08 && pressed.green > plain.green + 0.08)
        driver.touchDown(2, at: Point(x: center.x + 10, y: center.y), in: window)
        driver.touchUp(2, in: window)
        #expect(board.slots[4].isPressed)  // the first finger is still down
        driver.touchUp(1, in: window)
        #expect(!board.slots[4].isPressed)
        #expect(board.selected === board.slots[4])
        let selected = color()
        #expect(selected.red > selected.blue)  // the selection orange, no longer lightened
        driver.touchDown(3, at: center, in: window)
        let pressedSelected = color()
        #expect(pressedSelected.green > selected.green + 0.08)
        driver.cancelTouches(in: window)
        #expect(!board.slots[4].isPressed)
        #expect(board.selected === board.slots[4])
        let back = color()
        #expect(back == selected)
        #expect(driver.isClean)
    }
}
