import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Issue 9: Switch (UIKit's UISwitch) — tap toggles on touch up inside, a drag moves the thumb and
// the final state follows it, cancels put it back, disabled switches send nothing, an ancestor's
// tap or pan does not take the switch's gesture.

@MainActor
@Suite("Controls: Switch")
struct SwitchTests {
    /// A switch at (100, 100): 51×31, so x 100…151 and the 70 pt tolerance reaches x 221.
    func makeSwitch(_ h: Harness, in parent: View? = nil) -> (Switch, ControlEventLog) {
        let toggle = Switch(frame: Rect(100, 100, 0, 0))
        (parent ?? h.window).addSubview(toggle)
        return (toggle, ControlEventLog(toggle))
    }

    @Test func sizeIsUIKits() {
        let toggle = Switch(frame: .zero)
        #expect(toggle.bounds.size == Size(width: 51, height: 31))
        #expect(toggle.intrinsicContentSize == Size(width: 51, height: 31))
        #expect(toggle.sizeThatFits(Size(width: 500, height: 500)) == Size(width: 51, height: 31))
        #expect(!toggle.isOn && toggle.thumbCenter == 15.5)
        toggle.isOn = true
        #expect(toggle.thumbCenter == 35.5, "the thumb moves at once, nothing animates")
        #expect(!toggle.thumbView.hasAnimations)
        #expect(toggle.trackView.backgroundColor == Switch.defaultOnTintColor)
        toggle.onTintColor = .red
        #expect(toggle.trackView.backgroundColor == .red)
    }

    /// A tap toggles: touchDown on down; on up valueChanged and primaryActionTriggered (sent by
    /// endTracking) then touchUpInside. A second tap turns it off again.
    @Test func tapToggles() {
        let h = Harness(log: Log())
        let (toggle, events) = makeSwitch(h)
        h.driver.touchDown(0, at: Point(120, 115), in: h.window)
        #expect(events.take() == ["touchDown"])
        #expect(toggle.isHighlighted && toggle.isTracking && !toggle.isOn)
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["valueChanged", "primary", "upInside"])
        #expect(toggle.isOn && toggle.thumbCenter == 35.5)
        h.driver.advance(by: 1)
        h.tap(120, 115)
        #expect(events.take() == ["touchDown", "valueChanged", "primary", "upInside"])
        #expect(!toggle.isOn)
        #expect(h.driver.isClean)
    }

    /// A quick second tap adds touchDownRepeat and still toggles.
    @Test func doubleTapTogglesTwice() {
        let h = Harness(log: Log())
        let (toggle, events) = makeSwitch(h)
        h.tap(120, 115)
        h.driver.advance(by: 0.1)
        h.tap(121, 115)
        #expect(
            events.take() == [
                "touchDown", "valueChanged", "primary", "upInside",
                "touchDown", "touchDownRepeat", "valueChanged", "primary", "upInside"
            ])
        #expect(!toggle.isOn)
        h.driver.advance(by: 1)
        #expect(h.driver.isClean)
    }

    /// The toggle animates the thumb on the application's animator; the model is final at once.
    @Test func tapAnimatesTheThumb() {
        let h = Harness(log: Log())
        let (toggle, _) = makeSwitch(h)
        h.tap(120, 115)
        #expect(toggle.thumbView.center.x == 35.5)
        #expect(toggle.thumbView.hasAnimations)
        h.app.animator.tick(now: h.driver.now)
        h.app.animator.tick(now: h.driver.now + Switch.animationDuration / 2)
        let halfway = toggle.thumbView.presentation.center.x
        #expect(halfway > 16 && halfway < 35, "drawn between the ends half way, \(halfway)")
        h.app.animator.tick(now: h.driver.now + Switch.animationDuration + 0.01)
        #expect(toggle.thumbView.presentation.center.x == 35.5)
        #expect(!toggle.thumbView.hasAnimations)
    }

    /// Moving straight down out of the 70 pt tolerance (no horizontal drag) and lifting there is
    /// a touch up outside: no toggle. Exactly at the edge (y 131 + 70 = 201) it is outside.
    @Test func liftingOutsideDoesNotToggle() {
        let h = Harness(log: Log())
        let (toggle, events) = makeSwitch(h)
        h.driver.touchDown(0, at: Point(120, 115), in: h.window)
        h.driver.touchMove(0, to: Point(120, 200.5), in: h.window)
        #expect(events.take() == ["touchDown", "dragInside"])
        h.driver.touchMove(0, to: Point(120, 201), in: h.window)
        #expect(events.take() == ["dragOutside", "dragExit"])
        #expect(!toggle.isHighlighted)
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["upOutside"])
        #expect(!toggle.isOn)
        #expect(h.driver.isClean)
    }

    /// A horizontal drag moves the thumb with the finger (clamped to the track) without changing
    /// the value; lifting decides by the thumb's side.
    @Test func dragMovesTheThumbAndTheStateFollowsIt() {
        let h = Harness(log: Log())
        let (toggle, events) = makeSwitch(h)
        h.driver.touchDown(0, at: Point(110, 115), in: h.window)
        h.driver.touchMove(0, to: Point(116, 115), in: h.window)
        #expect(toggle.thumbCenter == 15.5, "6 pt is not yet a drag")
        h.driver.touchMove(0, to: Point(118, 115), in: h.window)
        #expect(toggle.thumbCenter == 23.5, "the thumb follows: 15.5 + 8")
        #expect(toggle.trackView.backgroundColor == Switch.offTrackColor)
        h.driver.touchMove(0, to: Point(121, 115), in: h.window)
        #expect(
            toggle.thumbCenter == 26.5 && toggle.trackView.backgroundColor == Switch.defaultOnTintColor,
            "past the middle (25.5) the track shows on")
        #expect(!toggle.isOn, "the value changes only when the finger lifts")
        h.driver.touchMove(0, to: Point(190, 115), in: h.window)
        #expect(toggle.thumbCenter == 35.5, "clamped at the right end")
        #expect(events.take() == ["touchDown", "dragInside", "dragInside", "dragInside", "dragInside"])
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["valueChanged", "primary", "upInside"])
        #expect(toggle.isOn)
        #expect(h.driver.isClean)
    }

    /// Dragging there and back leaves the switch as it was: no valueChanged.
    @Test func dragThereAndBackChangesNothing() {
        let h = Harness(log: Log())
        let (toggle, events) = makeSwitch(h)
        h.driver.touchDown(0, at: Point(110, 115), in: h.window)
        h.driver.touchMove(0, to: Point(135, 115), in: h.window)
        h.driver.touchMove(0, to: Point(105, 115), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["touchDown", "dragInside", "dragInside", "upInside"])
        #expect(!toggle.isOn && toggle.thumbCenter == 15.5)
        #expect(h.driver.isClean)
    }

    /// The thumb dragged to the on side and the finger lifted far outside: the state still
    /// follows the thumb (valueChanged, primary, then touchUpOutside).
    @Test func dragOutAndLiftOutsideFollowsTheThumb() {
        let h = Harness(log: Log())
        let (toggle, events) = makeSwitch(h)
        h.driver.touchDown(0, at: Point(110, 115), in: h.window)
        h.driver.touchMove(0, to: Point(220.5, 115), in: h.window)
        #expect(events.take() == ["touchDown", "dragInside"])
        h.driver.touchMove(0, to: Point(221, 115), in: h.window)
        #expect(events.take() == ["dragOutside", "dragExit"])
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["valueChanged", "primary", "upOutside"])
        #expect(toggle.isOn)
        #expect(h.driver.isClean)
    }

    /// A cancelled drag puts the thumb back and sends touchCancel only.
    @Test func cancelPutsTheThumbBack() {
        let h = Harness(log: Log())
        let (toggle, events) = makeSwitch(h)
        h.driver.touchDown(0, at: Point(110, 115), in: h.window)
        h.driver.touchMove(0, to: Point(135, 115), in: h.window)
        #expect(toggle.thumbCenter == 35.5)
        _ = events.take()
        h.driver.cancelTouches(in: h.window)
        #expect(events.take() == ["cancel"])
        #expect(!toggle.isOn && toggle.thumbCenter == 15.5 && !toggle.isTracking)
        #expect(h.driver.isClean)
    }

    /// A disabled switch sends nothing and does not change; it is drawn dimmed.
    @Test func disabledSwitchSendsNothing() {
        let h = Harness(log: Log())
        let (toggle, events) = makeSwitch(h)
        toggle.isEnabled = false
        #expect(toggle.contentView.alpha == Control.disabledAlpha)
        h.tap(120, 115)
        h.driver.touchDown(0, at: Point(110, 115), in: h.window)
        h.driver.touchMove(0, to: Point(140, 115), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(events.take().isEmpty)
        #expect(!toggle.isOn && toggle.thumbCenter == 15.5)
        toggle.isEnabled = true
        #expect(toggle.contentView.alpha == 1)
        #expect(h.driver.isClean)
    }

    /// setOn(_:animated:) and isOn send nothing.
    @Test func settingTheStateSendsNothing() {
        let h = Harness(log: Log())
        let (toggle, events) = makeSwitch(h)
        toggle.setOn(true, animated: true)
        #expect(toggle.isOn && toggle.thumbView.hasAnimations)
        toggle.isOn = false
        #expect(!toggle.isOn && !toggle.thumbView.hasAnimations)
        #expect(events.take().isEmpty)
    }

    /// An ancestor's tap recognizer does not take the switch's tap, and an ancestor's pan does
    /// not take a horizontal drag of the thumb (UIKit); a vertical pan is let through.
    @Test func ancestorRecognizersDoNotStealTheSwitch() {
        let h = Harness(log: Log())
        let container = View(frame: Rect(0, 0, 400, 400))
        h.window.addSubview(container)
        container.addGestureRecognizer(logActions(TapGestureRecognizer(), "Tap", h.log))
        container.addGestureRecognizer(logActions(PanGestureRecognizer(), "Pan", h.log))
        let (toggle, events) = makeSwitch(h, in: container)
        h.tap(120, 115)
        #expect(toggle.isOn)
        #expect(events.take() == ["touchDown", "valueChanged", "primary", "upInside"])
        h.driver.advance(by: 1)
        h.driver.touchDown(0, at: Point(140, 115), in: h.window)
        for x in stride(from: 135.0, through: 100, by: -5) { h.driver.touchMove(0, to: Point(x, 116), in: h.window) }
        h.driver.touchUp(0, in: h.window)
        #expect(!toggle.isOn, "dragged off")
        #expect(h.log.entries.isEmpty, "neither recognizer began: \(h.log.entries)")
        h.driver.advance(by: 1)
        _ = events.take()
        h.driver.touchDown(0, at: Point(120, 115), in: h.window)
        for y in stride(from: 125.0, through: 175, by: 10) { h.driver.touchMove(0, to: Point(120, y), in: h.window) }
        h.driver.touchUp(0, in: h.window)
        #expect(h.log.entries.first == "Pan.began", "a vertical pan is not the switch's gesture")
        #expect(events.take().last == "cancel")
        #expect(h.driver.isClean)
    }
}
