import InboxApp
import PuzzleApp
import RecordingViews
import ResponderKit
import ResponderKitTesting
import Testing

/// The demo apps used blind (issue 26 §2): with the screen reader on and only its gestures
/// (swipes and double-taps, no touch on a tile or a button), the puzzle is solved and a message is
/// archived, and what the reader says is exactly what a user would hear.
@MainActor
@Suite("Screen reader: the demo apps by its gestures")
struct ScreenReaderAppTests {
    @Test func thePuzzleIsSolvedByTheReadersGestures() {
        let app = Application()
        let driver = InputDriver(application: app)
        let scene = WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 1280, height: 800))
        let window = Window(windowScene: scene)
        let controller = PuzzleViewController(board: Board(columns: 3, rows: 3, order: [1, 0, 2, 3, 5, 4, 6, 7, 8]))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let voice = RecordingSpeechSynthesizer()
        app.screenReader.synthesizer = voice
        let fingers = ScreenReaderFingers(driver: driver, window: window)

        fingers.threeFingerTripleTap()  // started without sight
        #expect(app.screenReader.isRunning)
        fingers.next()  // the title
        fingers.next()  // the counter
        fingers.next()  // tile 2, in the first slot
        fingers.doubleTap()  // selects it
        fingers.next()  // tile 1
        fingers.doubleTap()  // swaps: tiles 1 and 2 are home
        fingers.next()  // tile 2
        fingers.next()  // tile 3
        fingers.next()  // tile 4
        fingers.next()  // tile 6, in the fifth slot
        fingers.doubleTap()
        fingers.next()  // tile 5
        fingers.doubleTap()  // swaps: solved

        #expect(controller.board.isSolved)
        #expect(controller.board.swaps == 2)
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
        #expect(driver.isClean)
    }

    /// The inbox of 20 messages in an 800×600 window, the reader running with a recording voice.
    func inboxWithTheReaderOn() -> (InputDriver, InboxViewController, RecordingSpeechSynthesizer, ScreenReaderFingers) {
        let app = Application()
        let driver = InputDriver(application: app)
        let window = Window(windowScene: WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: 800, height: 600)))
        let inbox = InboxViewController(store: MessageStore(count: 20))
        window.rootViewController = inbox
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let voice = RecordingSpeechSynthesizer()
        app.screenReader.synthesizer = voice
        app.screenReader.start()
        return (driver, inbox, voice, ScreenReaderFingers(driver: driver, window: window))
    }

    @Test func aMessageIsArchivedByTheReadersGestures() {
        let (driver, inbox, voice, fingers) = inboxWithTheReaderOn()
        let first = inbox.store.messages[0]

        // Across the header, then the first message's parts up to its Archive button. The Delete
        // button the cell keeps behind its content is not read until a swipe reveals it: each part
        // of the row offers it as a custom action instead ("actions available").
        for _ in 0..<9 { fingers.next() }
        #expect((driver.application.screenReader.focusedElement as? View)?.accessibilityLabel == "Archive")
        fingers.doubleTap()

        #expect(inbox.store.archived.map(\.id) == [first.id])
        #expect(
            voice.texts == [
                "Screen reader on",
                "Inbox", "20 messages", "Pull to refresh", "Search, text field",
                first.sender + ", actions available", first.time + ", actions available",
                first.subject + ", actions available", first.body + ", actions available",
                "Archive, button, actions available"
            ])
        #expect(driver.isClean)
    }

    /// The hidden Delete through the actions rotor: a swipe down on the message chooses "Delete",
    /// a double-tap deletes it, and the focus goes on to the next message in its place.
    @Test func aMessageIsDeletedThroughItsCustomAction() {
        let (driver, inbox, voice, fingers) = inboxWithTheReaderOn()
        let (first, second) = (inbox.store.messages[0], inbox.store.messages[1])

        for _ in 0..<5 { fingers.next() }  // the header, then the first message's sender
        fingers.swipe(dx: 0, dy: 150)
        fingers.doubleTap()
        for _ in 0..<60 { driver.advance(by: 1.0 / 60) }

        #expect(inbox.store.deleted.map(\.id) == [first.id])
        #expect(inbox.store.archived.isEmpty)
        #expect(
            voice.texts == [
                "Screen reader on",
                "Inbox", "20 messages", "Pull to refresh", "Search, text field",
                first.sender + ", actions available", "Delete", second.sender + ", actions available"
            ])
        #expect(driver.isClean)
    }
}
