import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// API.md Touch.type `.indirectPointer` and the pointer semantics of Application+Pointer: a primary
// click is a touch at the cursor; motion without a button is hover over the view under the cursor;
// scroll goes to the view under the cursor; device removal ends all of it.

/// A scroll container: wheel scrolling shifts its bounds origin (the content), as a scroll view does.
final class ScrollContainer: RecordingView {
    override func scrollWheel(_ scroll: ScrollInfo, with event: Event?) {
        log.add("\(name).scrollWheel")
        bounds.origin.y = max(0, bounds.origin.y + scroll.dy)
    }
}

@MainActor
@Suite("Pointer: click, hover and scroll")
struct PointerTests {
    /// A primary click becomes a touch of type .indirectPointer at the cursor, hit-tested once and
    /// delivered like a finger; a button clicked this way sends touchUpInside.
    @Test func clickIsAnIndirectPointerTouch() throws {
        let h = Harness(log: Log())
        let view = RecordingView("Pad", frame: Rect(0, 0, 100, 100), log: h.log)
        view.forwards = false
        h.window.addSubview(view)
        h.driver.pointerMove(to: Point(10, 10), in: h.window)
        h.driver.pointerButton(pressed: true, in: h.window)
        let touch = try #require(view.lastTouches.first)
        #expect(touch.type == .indirectPointer)
        #expect(touch.view === view)
        h.driver.pointerMove(to: Point(150, 150), in: h.window)  // drag keeps the view
        h.driver.pointerButton(pressed: false, in: h.window)
        #expect(h.log.entries(endingWith: "touchesBegan") == ["Pad.touchesBegan"])
        #expect(h.log.entries.contains("Pad.touchesMoved"))
        #expect(h.log.entries.last == "Pad.touchesEnded")
        #expect(touch.location(in: nil) == Point(150, 150))
        #expect(h.driver.isClean)

        let button = Button(frame: Rect(200, 0, 100, 44))
        var taps = 0
        button.addAction(for: .primaryActionTriggered) { _ in taps += 1 }
        h.window.addSubview(button)
        h.driver.click(at: Point(210, 10), in: h.window)
        #expect(taps == 1)
        #expect(h.driver.isClean)
    }

    /// Only the primary button clicks; a right click makes no touch.
    @Test func secondaryButtonIsNotATouch() {
        let h = Harness(log: Log())
        let view = RecordingView("Pad", frame: Rect(0, 0, 100, 100), log: h.log)
        h.window.addSubview(view)
        h.driver.pointerMove(to: Point(10, 10), in: h.window)
        h.driver.pointerButton(PointerButton.right, pressed: true, in: h.window)
        h.driver.pointerButton(PointerButton.right, pressed: false, in: h.window)
        #expect(h.log.entries(endingWith: "touchesBegan").isEmpty)
    }

    /// Hover: moving the cursor with no button held enters, moves over and exits the view under it;
    /// hover walks next like touches; leaving the window exits.
    @Test func hoverEntersMovesAndExits() {
        let h = Harness(log: Log())
        let a = RecordingView("A", frame: Rect(0, 0, 100, 100), log: h.log)
        let b = RecordingView("B", frame: Rect(100, 0, 100, 100), log: h.log)
        a.forwards = false
        b.forwards = false
        h.window.addSubview(a)
        h.window.addSubview(b)
        h.driver.pointerMove(to: Point(10, 10), in: h.window)
        h.driver.pointerMove(to: Point(20, 10), in: h.window)
        h.driver.pointerMove(to: Point(120, 10), in: h.window)
        h.driver.inject(.pointerLeave, in: h.window)
        #expect(h.log.entries == ["A.hover.entered", "A.hover.moved", "A.hover.exited", "B.hover.entered", "B.hover.exited"])
        #expect(b.lastHover?.locationInWindow == Point(120, 10))
        // Unhandled hover walks up: a plain view's hover reaches the app delegate.
        h.log.clear()
        let plain = View(frame: Rect(0, 200, 100, 100))
        h.window.addSubview(plain)
        h.driver.pointerMove(to: Point(10, 210), in: h.window)
        #expect(h.log.entries == ["AppDelegate.hover.entered"])
    }

    /// Scroll goes to the view under the cursor (and walks next when unhandled); a container that
    /// scrolls by shifting its bounds origin changes what the next click hits.
    @Test func scrollGoesToTheViewUnderTheCursor() {
        let h = Harness(log: Log())
        let list = ScrollContainer("List", frame: Rect(0, 0, 200, 100), log: h.log)
        var rows: [RecordingView] = []
        for i in 0..<10 {
            let row = RecordingView("Row\(i)", frame: Rect(0, Double(i) * 50, 200, 50), log: h.log)
            list.addSubview(row)
            rows.append(row)
        }
        h.window.addSubview(list)
        let other = RecordingView("Other", frame: Rect(300, 0, 100, 100), log: h.log)
        other.forwards = false
        h.window.addSubview(other)
        h.driver.pointerMove(to: Point(10, 10), in: h.window)
        h.log.clear()
        h.driver.scroll(dy: 100, in: h.window)
        #expect(h.log.entries == ["Row0.scrollWheel", "List.scrollWheel"], "the row does not scroll; it passes it on")
        #expect(list.bounds.origin.y == 100)
        #expect(rows[0].lastScroll?.dy == 100)
        #expect(h.window.hitTest(Point(10, 10), with: nil) === rows[2])
        h.driver.pointerMove(to: Point(310, 10), in: h.window)
        h.log.clear()
        h.driver.scroll(dy: 5, in: h.window)
        #expect(h.log.entries == ["Other.scrollWheel"])
        #expect(other.lastScroll?.locationInWindow == Point(310, 10))
    }

    /// Removing the pointer device mid-click cancels its touch and ends its hover.
    @Test func pointerDeviceRemovalCancelsItsTouch() {
        let h = Harness(log: Log())
        let view = RecordingView("Pad", frame: Rect(0, 0, 100, 100), log: h.log)
        view.forwards = false
        h.window.addSubview(view)
        let mouse = InputDeviceID(rawValue: 9)
        h.driver.device = mouse
        h.driver.addDevice(InputDevice(id: mouse, name: "mouse", capabilities: .pointer))
        h.driver.pointerMove(to: Point(10, 10), in: h.window)
        h.driver.pointerButton(pressed: true, in: h.window)
        #expect(!h.driver.isClean)
        h.driver.removeDevice(mouse)
        #expect(h.log.entries == ["Pad.hover.entered", "Pad.touchesBegan", "Pad.touchesCancelled", "Pad.hover.exited"])
        #expect(h.driver.isClean)
    }
}
