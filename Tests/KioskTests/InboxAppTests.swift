import InboxApp
import Kiosk
import Rendering
import ResponderKit
import ResponderKitTesting
import TestHelpers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The second seed's inbox as an app (issue 9): a list that scrolls by touch and still taps, the
/// cells' commands walking `next` to the controller, swipe to delete, the long-press edit menu,
/// the modal, pull to refresh and search — driven through `Application.handle` on a manual clock,
/// drawn by the real renderer, and compared with golden images.
@MainActor
@Suite("Inbox app", .serialized)
struct InboxAppTests {
    /// The inbox at 800×600 in its own application, presented headless, 60 Hz frames.
    @MainActor final class Stage {
        let app = Application()
        let driver: InputDriver
        let window: Window
        let inbox: InboxViewController
        let output: HeadlessOutput
        let presenter: WindowPresenter

        init(messages: Int = 300) {
            Rendering.install()
            driver = InputDriver(application: app)
            let size = Size(width: 800, height: 600)
            output = HeadlessOutput(size: size)
            window = Window(windowScene: WindowScene(application: app, screenBounds: Rect(x: 0, y: 0, width: size.width, height: size.height)))
            inbox = InboxViewController(store: MessageStore(count: messages))
            window.rootViewController = inbox
            window.makeKeyAndVisible()
            presenter = WindowPresenter(window: window, output: output)
            presenter.update()
        }

        var list: ScrollView { inbox.list }
        func cell(_ id: Int) -> MessageCell { inbox.cells[id]! }
        func point(_ view: View, _ x: Double? = nil, _ y: Double? = nil) -> Point {
            view.convert(Point(x: x ?? view.bounds.midX, y: y ?? view.bounds.midY), to: window)
        }

        func frame() {
            driver.advance(by: 1.0 / 60)
            presenter.update()
        }

        func settle() {
            var left = 600
            while app.animator.isRunning, left > 0 { frame(); left -= 1 }
        }

        /// Puts finger 0 on row `id` (40 pt from its left edge); returns the row's pressable part.
        func touchRow(_ id: Int) -> MessageCellContent {
            driver.touchDown(0, at: point(cell(id), 40), in: window)
            return cell(id).content
        }

        /// The id of the message shown modally, if any.
        var openedMessageID: Int? { (inbox.presentedViewController as? MessageViewController)?.message.id }

        /// A finger from `from` to `to` in `seconds`, a move per frame, lifted at the end.
        func drag(_ from: Point, _ to: Point, seconds: Double) {
            let steps = max(2, Int(seconds * 60))
            driver.touchDown(0, at: from, in: window)
            for i in 1...steps {
                frame()
                let t = Double(i) / Double(steps)
                driver.touchMove(0, to: Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t), in: window)
            }
            driver.touchUp(0, in: window)
            presenter.update()
        }
    }

    /// Seed 001 §5: the search field becomes first responder when the screen appears (in
    /// viewDidAppear, when it is in a window), so typing goes there and filters the list.
    @Test func theSearchFieldIsFocusedOnAppearAndFilters() {
        let s = Stage()
        #expect(s.inbox.searchField.isFirstResponder)
        s.driver.type("Grace", in: s.window)
        #expect(s.inbox.searchField.text == "Grace")
        #expect(s.inbox.shownIDs.count == 25, "Grace Hopper sent every twelfth of 300")
        #expect(s.inbox.shownIDs.allSatisfy { s.inbox.store.message(id: $0)!.sender == "Grace Hopper" })
        // Rows are reused: a message the search hides has no cell; a shown one has a visible cell.
        #expect(s.inbox.cells[0] == nil && s.inbox.cells[2]?.isHidden == false)
        #expect(s.list.contentSize.height == 25 * MessageCell.height)
        #expect(s.driver.isClean)
    }

    /// Archive walks `next` from the cell (cell → list → screen → InboxViewController), as the
    /// seed's archiveTapped(); the rows below close up.
    @Test func archiveWalksTheChainToTheController() {
        let s = Stage()
        let cell = s.cell(0)
        #expect(cell.send(.openMessage) === s.inbox, "the first responder to implement the command is the controller")
        s.inbox.dismiss(animated: false)
        let below = s.cell(1)
        s.driver.tap(at: s.point(cell.archiveButton), in: s.window)
        #expect(s.inbox.store.archived.map(\.id) == [0])
        #expect(cell.superview == nil)
        #expect(below.frame.minY == 0, "the next row takes its place (the model at once, the glide on screen)")
        s.settle()
        #expect(s.driver.isClean)
    }

    /// A list of buttons both scrolls and taps: a drag that starts on Archive scrolls the list and
    /// archives nothing; a tap on it archives.
    @Test func aDragStartingOnAButtonScrollsAndATapPressesIt() {
        let s = Stage()
        let archive = s.cell(3).archiveButton
        let start = s.point(archive)
        s.drag(start, Point(x: start.x, y: start.y - 200), seconds: 0.5)
        #expect(s.inbox.store.archived.isEmpty, "the drag scrolled instead")
        #expect(s.list.contentOffset.y > 150)
        s.settle()
        let offset = s.list.contentOffset.y
        let cell = s.inbox.cells[s.inbox.shownIDs[Int(offset / MessageCell.height) + 1]]!
        s.driver.tap(at: s.point(cell.archiveButton), in: s.window)
        #expect(s.inbox.store.archived.map(\.id) == [cell.message.id])
        s.settle()
        #expect(s.driver.isClean)
    }

    /// A flick decelerates on the frame clock: the list goes on moving after the finger lifts,
    /// and stops by itself.
    @Test func aFlickDecelerates() {
        let s = Stage()
        let c = s.point(s.list)
        s.drag(Point(x: c.x, y: c.y + 150), Point(x: c.x, y: c.y - 150), seconds: 0.2)
        let released = s.list.contentOffset.y
        #expect(s.list.isDecelerating)
        s.settle()
        #expect(!s.list.isDecelerating)
        #expect(s.list.contentOffset.y > released + 300, "it coasted well past where the finger let go")
        #expect(s.driver.isClean)
    }

    /// Swipe left reveals Delete (a recognizer on the cell, beside the list's pan); Delete removes
    /// the message; a swipe right hides it again.
    @Test func swipeRevealsDeleteAndDeleteRemoves() {
        let s = Stage()
        let cell = s.cell(1)
        s.drag(s.point(cell, cell.bounds.width * 0.7), s.point(cell, cell.bounds.width * 0.25), seconds: 0.15)
        #expect(cell.isDeleteRevealed)
        #expect(s.list.contentOffset.y == 0, "a sideways swipe does not scroll the list")
        s.settle()
        s.drag(s.point(cell, cell.bounds.width * 0.25), s.point(cell, cell.bounds.width * 0.7), seconds: 0.15)
        #expect(!cell.isDeleteRevealed)
        s.settle()
        s.drag(s.point(cell, cell.bounds.width * 0.7), s.point(cell, cell.bounds.width * 0.25), seconds: 0.15)
        s.settle()
        s.driver.tap(at: s.point(cell.deleteButton), in: s.window)
        #expect(s.inbox.store.deleted.map(\.id) == [1])
        s.settle()
        #expect(s.driver.isClean)
    }

    /// A long press makes the cell first responder and shows the edit menu with exactly what its
    /// chain performs (Copy); choosing Copy puts the message on the pasteboard. 10 ms short of
    /// the press duration, nothing shows.
    @Test func longPressShowsACopyMenu() {
        let s = Stage()
        let cell = s.cell(2)
        let p = s.point(cell, 60)
        s.driver.touchDown(0, at: p, in: s.window)
        s.driver.advance(by: 0.49)
        #expect(!MenuController.shared.isMenuVisible)
        s.driver.advance(by: 0.02)
        #expect(MenuController.shared.isMenuVisible)
        #expect(cell.isFirstResponder)
        #expect(MenuController.shared.presentedMenu?.items.map(\.title) == ["Copy"])
        s.driver.touchUp(0, in: s.window)
        s.presenter.update()
        let menu = MenuController.shared.presentedMenu!
        let copy = menu.convert(Point(x: menu.itemFrames[0].midX, y: menu.itemFrames[0].midY), to: s.window)
        Pasteboard.general.string = nil
        s.driver.tap(at: copy, in: s.window)
        #expect(Pasteboard.general.string == "Grace Hopper: \(cell.message.subject)")
        #expect(!MenuController.shared.isMenuVisible)
        #expect(s.driver.isClean)
    }

    /// A tap on a row presents the message modally (it slides up over the list, which no longer
    /// gets touches); Close dismisses it (it slides down).
    @Test func tapOpensTheMessageAndCloseDismisses() {
        let s = Stage()
        s.driver.tap(at: s.point(s.cell(4), 40), in: s.window)
        s.driver.advance(by: 0.2)
        s.presenter.update()
        let shown = s.inbox.presentedViewController as? MessageViewController
        #expect(shown?.message.id == 4)
        #expect(shown?.isBeingPresented == true, "0.2 s into the 0.4 s slide up")
        s.settle()
        #expect(shown?.isBeingPresented == false)
        #expect(s.window.hitTest(s.point(s.cell(4).archiveButton), with: nil)?.isDescendant(of: shown!.view) == true)
        s.driver.tap(at: s.point(shown!.closeButton), in: s.window)
        #expect(shown?.isBeingDismissed == true, "Close slides the message down")
        s.settle()
        #expect(s.inbox.presentedViewController == nil)
        #expect(s.driver.isClean)
    }

    /// Pull past the threshold and let go: "Refreshing…" until the app's clock has run the refresh
    /// (1 s), then a new message at the top. A shorter pull does nothing.
    @Test func pullToRefreshBringsNewMailAfterASecond() {
        let s = Stage()
        let top = s.point(s.list, nil, 40)
        s.drag(top, Point(x: top.x, y: top.y + 60), seconds: 0.5)
        #expect(!s.inbox.refreshHeader.isRefreshing, "60 pt with the rubber band is short of the threshold")
        s.settle()
        s.drag(top, Point(x: top.x, y: top.y + 300), seconds: 0.8)
        #expect(s.inbox.refreshHeader.isRefreshing)
        s.driver.advance(by: InboxViewController.refreshDuration - 0.01)
        #expect(s.inbox.store.messages.count == 300)
        s.driver.advance(by: 0.02)
        #expect(s.inbox.store.messages.count == 301)
        #expect(s.inbox.shownIDs.first == 300)
        #expect(!s.inbox.refreshHeader.isRefreshing)
        s.settle()
        #expect(s.list.contentOffset.y == 0)
        #expect(s.driver.isClean)
    }

    /// Issue 27: a row presses as UIKit's table view cells do inside a scroll view
    /// (`delaysContentTouches`): held still, after the 150 ms delay and not before.
    @Test func aRowHeldStillPressesAfterTheDelay() {
        let s = Stage()
        let content = s.touchRow(3)
        s.driver.advance(by: 0.149)
        #expect(!content.isPressed, "not before the scroll view's delay")
        s.driver.advance(by: 0.002)
        #expect(content.isPressed, "pressed once the delay has passed")
        s.driver.advance(by: MessageCellContent.minimumPressDuration)
        #expect(content.isPressed, "still held")
        s.driver.touchUp(0, in: s.window)
        #expect(!content.isPressed, "shown longer than the minimum: unpressed at the lift")
        #expect(s.openedMessageID == 3, "and it acts")
        s.settle()
        #expect(s.driver.isClean)
    }

    /// A touch that becomes a scroll before the delay never presses the row, and does not act.
    @Test func aTouchThatScrollsNeverPressesTheRow() {
        let s = Stage()
        let start = s.point(s.cell(3), 40)
        let content = s.touchRow(3)
        var everPressed = false
        for i in 1...12 {  // 12 frames (0.2 s), 5 pt a frame: past the slop well before 150 ms
            s.frame()
            s.driver.touchMove(0, to: Point(x: start.x, y: start.y - 5 * Double(i)), in: s.window)
            everPressed = everPressed || content.isPressed
        }
        #expect(s.list.isDragging)
        s.driver.touchUp(0, in: s.window)
        everPressed = everPressed || content.isPressed
        s.settle()
        #expect(!everPressed, "a scroll never shows the row pressed")
        #expect(s.openedMessageID == nil)
        #expect(s.driver.isClean)
    }

    /// A quick tap (lifted before the delay): began and ended reach the row together at the lift;
    /// the row acts at once and shows pressed for `minimumPressDuration`, so a frame draws it.
    @Test func aQuickTapPressesTheRowBrieflyAndActs() {
        let s = Stage()
        let content = s.touchRow(3)
        s.driver.advance(by: 0.05)
        #expect(!content.isPressed)
        s.driver.touchUp(0, in: s.window)
        #expect(content.isPressed, "still pressed after the lift, for the next frame to show")
        #expect(s.openedMessageID == 3, "acted at the lift")
        s.driver.advance(by: MessageCellContent.minimumPressDuration - 0.001)
        #expect(content.isPressed)
        s.driver.advance(by: 0.002)
        #expect(!content.isPressed, "unpressed after the minimum")
        s.settle()
        #expect(s.driver.isClean)
    }

    /// What the screen shows: the first rows, a revealed Delete button, the edit menu and a
    /// filtered list, against golden images.
    @Test func goldenImages() {
        let s = Stage()
        expectInboxGolden(s.output.image(), "inbox-start")
        let cell = s.cell(1)
        s.drag(s.point(cell, cell.bounds.width * 0.7), s.point(cell, cell.bounds.width * 0.25), seconds: 0.15)
        s.settle()
        expectInboxGolden(s.output.image(), "inbox-delete-revealed")
        s.drag(s.point(cell, cell.bounds.width * 0.25), s.point(cell, cell.bounds.width * 0.7), seconds: 0.15)
        s.settle()
        s.driver.touchDown(0, at: s.point(s.cell(2), 60), in: s.window)
        s.driver.advance(by: 0.6)
        s.driver.touchUp(0, in: s.window)
        s.settle()
        s.presenter.update()
        expectInboxGolden(s.output.image(), "inbox-menu")
        s.driver.tap(at: Point(x: 790, y: 590), in: s.window)
        s.driver.tap(at: s.point(s.inbox.searchField), in: s.window)
        s.driver.type("lunch", in: s.window)
        s.settle()
        s.presenter.update()
        expectInboxGolden(s.output.image(), "inbox-search")
        #expect(s.driver.isClean)
    }
}

/// Compares with `Golden/<name>.png` next to this file, ±2 per channel (`GoldenImages`);
/// `RK_UPDATE_GOLDEN=1` writes a missing one.
@MainActor
func expectInboxGolden(_ image: Image, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    GoldenImages(besideSourceFile: #filePath).expect(image, name, tolerance: 2, sourceLocation: sourceLocation)
}
