import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// API.md "Gestures and controls" and issue 2 "Minimal controls": Control tracking with UIKit's
// 70 pt tolerance, the touch control events, Button's primaryActionTriggered, disabled controls.

/// A button that logs every control event it sends and its tracking hooks.
final class EventLoggingButton: Button {
    var log: [String] = []
    override func beginTracking(_ touch: Touch, with event: Event?) -> Bool { log.append("beginTracking"); return true }
    override func continueTracking(_ touch: Touch, with event: Event?) -> Bool { log.append("continueTracking"); return true }
    override func endTracking(_ touch: Touch?, with event: Event?) { log.append("endTracking") }
    override func cancelTracking(with event: Event?) { log.append("cancelTracking") }
}

@MainActor
@Suite("Controls: tracking and target-action")
struct ControlTests {
    static let names: [(ControlEvents, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "dragInside"),
        (.touchDragOutside, "dragOutside"), (.touchDragEnter, "dragEnter"), (.touchDragExit, "dragExit"),
        (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
        (.primaryActionTriggered, "primary")
    ]

    /// A 100×40 button at (100, 100) whose every touch event is logged by name.
    func makeButton(_ h: Harness) -> (EventLoggingButton, () -> [String]) {
        let button = EventLoggingButton(frame: Rect(100, 100, 100, 40))
        h.window.addSubview(button)
        var events: [String] = []
        for (event, name) in Self.names {
            button.addAction(for: event) { _ in events.append(name) }
        }
        return (
            button,
            {
                defer { events.removeAll() }; return events
            }
        )
    }

    /// Control: touchDown on down, then up inside sends touchUpInside and (Button)
    /// primaryActionTriggered; highlighted and tracking while the finger is on it.
    @Test func tapSendsTouchDownThenUpInsideAndPrimaryAction() {
        let h = Harness(log: Log())
        let (button, events) = makeButton(h)
        h.driver.touchDown(0, at: Point(150, 120), in: h.window)
        #expect(events() == ["touchDown"])
        #expect(button.isHighlighted && button.isTracking && button.isTouchInside)
        #expect(button.state == .highlighted)
        h.driver.touchUp(0, in: h.window)
        #expect(events() == ["upInside", "primary"])
        #expect(!button.isHighlighted && !button.isTracking)
        #expect(button.log == ["beginTracking", "endTracking"])
        #expect(h.log.entries.isEmpty, "a control consumes its touches")
    }

    /// UIKit's tracking tolerance: the bounds enlarged by 70 pt count as inside. The button spans
    /// x 100…200, so the tolerance spans 30…270 (half-open): 269 is inside, 270 is outside.
    @Test func dragExitAndEnterAtThe70PointTolerance() {
        let h = Harness(log: Log())
        let (button, events) = makeButton(h)
        #expect(button.trackingOutset == 70)
        h.driver.touchDown(0, at: Point(150, 120), in: h.window)
        _ = events()
        h.driver.touchMove(0, to: Point(269, 120), in: h.window)
        #expect(events() == ["dragInside"], "outside the bounds, inside the tolerance")
        #expect(button.isTouchInside && button.isHighlighted)
        h.driver.touchMove(0, to: Point(270, 120), in: h.window)
        #expect(events() == ["dragOutside", "dragExit"])
        #expect(!button.isTouchInside && !button.isHighlighted)
        h.driver.touchMove(0, to: Point(300, 120), in: h.window)
        #expect(events() == ["dragOutside"])
        h.driver.touchMove(0, to: Point(150, 209), in: h.window)  // 40 + 70 = 110 below the top
        #expect(events() == ["dragInside", "dragEnter"])
        h.driver.touchMove(0, to: Point(150, 210), in: h.window)
        #expect(events() == ["dragOutside", "dragExit"])
        h.driver.touchMove(0, to: Point(30, 30), in: h.window)  // the tolerance's top-left corner
        #expect(events() == ["dragInside", "dragEnter"])
        h.driver.touchUp(0, in: h.window)
        #expect(events() == ["upInside", "primary"])
    }

    /// Lifting outside the tolerance sends touchUpOutside and no primary action.
    @Test func upOutsideSendsTouchUpOutside() {
        let h = Harness(log: Log())
        let (_, events) = makeButton(h)
        h.driver.touchDown(0, at: Point(150, 120), in: h.window)
        h.driver.touchMove(0, to: Point(350, 120), in: h.window)
        _ = events()
        h.driver.touchUp(0, in: h.window)
        #expect(events() == ["upOutside"])
    }

    /// A cancelled touch sends touchCancel and runs cancelTracking.
    @Test func cancelSendsTouchCancel() {
        let h = Harness(log: Log())
        let (button, events) = makeButton(h)
        h.driver.touchDown(0, at: Point(150, 120), in: h.window)
        _ = events()
        h.driver.cancelTouches(in: h.window)
        #expect(events() == ["cancel"])
        #expect(button.log == ["beginTracking", "cancelTracking"])
        #expect(!button.isHighlighted && !button.isTracking && !button.isTouchInside)
        #expect(h.driver.isClean)
    }

    /// A second quick tap adds touchDownRepeat to touchDown.
    @Test func doubleTapSendsTouchDownRepeat() {
        let h = Harness(log: Log())
        let (_, events) = makeButton(h)
        h.tap(150, 120)
        _ = events()
        h.driver.advance(by: 0.1)
        h.driver.touchDown(0, at: Point(152, 121), in: h.window)
        #expect(events() == ["touchDown", "touchDownRepeat"])
        h.driver.touchUp(0, in: h.window)
    }

    /// Target-action: the registered selector reaches an explicit target for primaryActionTriggered,
    /// with the button as sender; sendActions(for:) sends programmatically.
    @Test func primaryActionTriggeredReachesItsTarget() {
        let h = Harness(log: Log())
        let button = Button(frame: Rect(0, 0, 100, 44))
        let model = ActionRecorder(handles: ["primary:", "changed:"])
        button.addTarget(model, action: "primary:", for: .primaryActionTriggered)
        button.addTarget(model, action: "changed:", for: .valueChanged)
        h.window.addSubview(button)
        h.tap(10, 10)
        #expect(model.received == ["primary:"])
        #expect(model.senders.first as AnyObject? === button)
        button.sendActions(for: .valueChanged)
        #expect(model.received == ["primary:", "changed:"])
    }

    /// A disabled control sends nothing and its touches pass on up the chain; disabling it while it
    /// tracks cancels the tracking.
    @Test func disabledControlsPassTouchesOn() {
        let log = Log()
        let h = Harness(log: log)
        let parent = RecordingView("Parent", frame: Rect(0, 0, 400, 400), log: log)
        parent.forwards = false
        h.window.addSubview(parent)
        let (button, events) = makeButton(h)
        parent.addSubview(button)
        button.isEnabled = false
        #expect(button.state == .disabled)
        h.tap(150, 120)
        #expect(events().isEmpty)
        #expect(log.entries == ["Parent.touchesBegan", "Parent.touchesEnded"])
        button.isEnabled = true
        h.driver.advance(by: 1)
        h.driver.touchDown(0, at: Point(150, 120), in: h.window)
        #expect(button.isTracking)
        button.isEnabled = false
        #expect(!button.isTracking && !button.isHighlighted)
        #expect(button.log.last == "cancelTracking")
        h.driver.touchUp(0, in: h.window)
        #expect(!events().contains("upInside"))
    }

    /// Button titles fall back to the normal state's; isSelected shows in the state.
    @Test func buttonTitlesAndState() {
        let button = Button(frame: .zero)
        button.setTitle("Save", for: .normal)
        button.setTitle("Saving", for: .highlighted)
        #expect(button.currentTitle == "Save")
        #expect(button.title(for: .selected) == "Save")
        #expect(button.title(for: .highlighted) == "Saving")
        button.isSelected = true
        #expect(button.state == .selected)
    }

    /// A gesture recognizer that recognizes on an ancestor cancels the control's tracking
    /// (cancelsTouchesInView): touchCancel instead of touchUpInside.
    @Test func aRecognizingAncestorCancelsTheControl() {
        let h = Harness(log: Log())
        let (button, events) = makeButton(h)
        let pan = RecordingRecognizer("Pan", log: h.log)
        pan.recognizeOnMove = true
        pan.endOnEnded = true
        h.window.addGestureRecognizer(pan)
        h.driver.touchDown(0, at: Point(150, 120), in: h.window)
        h.driver.touchMove(0, to: Point(160, 120), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(events() == ["touchDown", "cancel"])
        #expect(!button.isTracking)
    }
}
