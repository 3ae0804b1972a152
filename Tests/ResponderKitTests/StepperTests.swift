import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Issue 9: Stepper (UIKit's UIStepper) — a step on touch down (valueChanged, then
// primaryActionTriggered, as the other value controls send them), auto-repeat at exact times on the
// manual clock (first after 0.5 s, then every 0.1 s, after ten repeats every 0.05 s), limits that
// disable a half, wrapping, isContinuous, cancels, disabled steppers.

@MainActor
@Suite("Controls: Stepper")
struct StepperTests {
    /// A stepper at (100, 100), 94×32: − is x 100…147, + is x 147…194.
    func makeStepper(_ h: Harness, in parent: View? = nil) -> (Stepper, ControlEventLog) {
        let stepper = Stepper(frame: Rect(100, 100, 0, 0))
        (parent ?? h.window).addSubview(stepper)
        return (stepper, ControlEventLog(stepper))
    }
    static let minus = Point(120, 116), plus = Point(170, 116)

    @Test func defaults() {
        let stepper = Stepper(frame: .zero)
        #expect(stepper.bounds.size == Size(width: 94, height: 32) && stepper.intrinsicContentSize == Stepper.defaultSize)
        #expect(stepper.value == 0 && stepper.minimumValue == 0 && stepper.maximumValue == 100 && stepper.stepValue == 1)
        #expect(stepper.autorepeat && stepper.isContinuous && !stepper.wraps)
        #expect(!stepper.canStep(.decrement) && stepper.canStep(.increment))
        stepper.stepValue = 0
        stepper.stepValue = -1
        stepper.stepValue = .nan
        #expect(stepper.stepValue == 1, "a step that is not positive and finite is refused")
    }

    /// A tap on + steps once, on touch down: valueChanged comes before touchDown (the step is made
    /// in beginTracking, as UIKit's stepper does), then touchUpInside on the lift.
    @Test func tapSteps() {
        let h = Harness(log: Log())
        let (stepper, events) = makeStepper(h)
        h.driver.touchDown(0, at: Self.plus, in: h.window)
        #expect(stepper.value == 1)
        #expect(events.take() == ["valueChanged", "primary", "touchDown"])
        #expect(stepper.highlightedHalf == .increment)
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["upInside"])
        #expect(stepper.highlightedHalf == nil)
        h.driver.advance(by: 1)
        h.tap(Self.minus)
        #expect(stepper.value == 0)
        #expect(events.take() == ["valueChanged", "primary", "touchDown", "upInside"])
        #expect(h.driver.isClean)
    }

    /// Held: 0.49 s one step, 0.51 s two; then one every 0.1 s; after ten repeats (the tenth at
    /// 1.4 s) every 0.05 s. Lifting stops it and leaves no timer.
    @Test func autorepeatAtExactTimes() {
        let h = Harness(log: Log())
        let (stepper, events) = makeStepper(h)
        h.driver.touchDown(0, at: Self.plus, in: h.window)
        h.driver.advance(by: 0.49)
        #expect(stepper.value == 1)
        h.driver.advance(by: 0.02)  // 0.51
        #expect(stepper.value == 2)
        h.driver.advance(by: 0.08)  // 0.59
        #expect(stepper.value == 2)
        h.driver.advance(by: 0.02)  // 0.61
        #expect(stepper.value == 3)
        h.driver.advance(by: 0.83)  // 1.44: repeats at 0.5 … 1.4
        #expect(stepper.value == 11)
        h.driver.advance(by: 0.02)  // 1.46: the first fast repeat, at 1.45
        #expect(stepper.value == 12)
        h.driver.advance(by: 0.05)  // 1.51: 1.50
        #expect(stepper.value == 13)
        #expect(events.take() == ["valueChanged", "primary", "touchDown"] + Array(repeating: ["valueChanged", "primary"], count: 12).flatMap { $0 })
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["upInside"])
        #expect(h.driver.isClean, "no repeat timer left")
        h.driver.advance(by: 1)
        #expect(stepper.value == 13)
    }

    /// Without autorepeat a held half steps once.
    @Test func noAutorepeat() {
        let h = Harness(log: Log())
        let (stepper, _) = makeStepper(h)
        stepper.autorepeat = false
        h.driver.touchDown(0, at: Self.plus, in: h.window)
        #expect(h.app.timers.isEmpty)
        h.driver.advance(by: 2)
        #expect(stepper.value == 1)
        h.driver.touchUp(0, in: h.window)
        #expect(h.driver.isClean)
    }

    /// Repeating pauses while the finger is off the pressed half and restarts, after the delay,
    /// when it returns.
    @Test func leavingTheHalfPausesTheRepeat() {
        let h = Harness(log: Log())
        let (stepper, _) = makeStepper(h)
        h.driver.touchDown(0, at: Self.plus, in: h.window)
        h.driver.advance(by: 0.3)
        h.driver.touchMove(0, to: Self.minus, in: h.window)
        #expect(stepper.highlightedHalf == nil && h.app.timers.isEmpty)
        h.driver.advance(by: 1)
        #expect(stepper.value == 1, "no step on the other half, no repeat")
        h.driver.touchMove(0, to: Self.plus, in: h.window)  // t = 1.3
        #expect(stepper.highlightedHalf == .increment)
        h.driver.advance(by: 0.49)
        #expect(stepper.value == 1)
        h.driver.advance(by: 0.02)
        #expect(stepper.value == 2)
        h.driver.touchUp(0, in: h.window)
        #expect(h.driver.isClean)
    }

    /// At the maximum the repeat stops and + is disabled; a tap on the disabled half does nothing
    /// but the touch events.
    @Test func limitsDisableAHalf() {
        let h = Harness(log: Log())
        let (stepper, events) = makeStepper(h)
        stepper.maximumValue = 3
        h.driver.touchDown(0, at: Self.plus, in: h.window)
        h.driver.advance(by: 0.61)
        #expect(stepper.value == 3)
        #expect(h.app.timers.isEmpty, "nothing to repeat at the limit")
        #expect(!stepper.canStep(.increment) && stepper.canStep(.decrement))
        h.driver.touchUp(0, in: h.window)
        _ = events.take()
        h.driver.advance(by: 1)
        h.tap(Self.plus)
        #expect(stepper.value == 3)
        #expect(events.take() == ["touchDown", "upInside"])
        #expect(!stepper.isTracking)
        #expect(h.driver.isClean)
    }

    /// wraps: past the maximum comes the minimum and back; neither half is ever disabled.
    @Test func wrapping() {
        let h = Harness(log: Log())
        let (stepper, events) = makeStepper(h)
        stepper.maximumValue = 2
        stepper.wraps = true
        #expect(stepper.canStep(.decrement))
        h.tap(Self.minus)
        #expect(stepper.value == 2)
        h.driver.advance(by: 1)
        h.tap(Self.plus)
        #expect(stepper.value == 0)
        #expect(events.take() == ["valueChanged", "primary", "touchDown", "upInside", "valueChanged", "primary", "touchDown", "upInside"])
        h.driver.advance(by: 1)
        #expect(h.driver.isClean)
    }

    /// Not continuous: the steps happen but one valueChanged comes at the lift, before upInside.
    @Test func nonContinuousReportsOnce() {
        let h = Harness(log: Log())
        let (stepper, events) = makeStepper(h)
        stepper.isContinuous = false
        h.driver.touchDown(0, at: Self.plus, in: h.window)
        h.driver.advance(by: 0.61)
        #expect(stepper.value == 3)
        #expect(events.take() == ["touchDown"])
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["valueChanged", "primary", "upInside"])
        #expect(h.driver.isClean)
    }

    /// A cancel stops the repeat and sends touchCancel.
    @Test func cancelStopsTheRepeat() {
        let h = Harness(log: Log())
        let (stepper, events) = makeStepper(h)
        h.driver.touchDown(0, at: Self.plus, in: h.window)
        h.driver.advance(by: 0.51)
        _ = events.take()
        h.driver.cancelTouches(in: h.window)
        #expect(events.take() == ["cancel"])
        #expect(stepper.value == 2 && stepper.highlightedHalf == nil)
        #expect(h.driver.isClean)
        h.driver.advance(by: 1)
        #expect(stepper.value == 2)
    }

    /// Disabled: nothing is sent and nothing steps; disabling mid-press stops the repeat.
    @Test func disabledStepper() {
        let h = Harness(log: Log())
        let (stepper, events) = makeStepper(h)
        stepper.isEnabled = false
        #expect(!stepper.canStep(.increment))
        h.tap(Self.plus)
        #expect(events.take().isEmpty && stepper.value == 0)
        stepper.isEnabled = true
        h.driver.advance(by: 1)
        h.driver.touchDown(0, at: Self.plus, in: h.window)
        stepper.isEnabled = false
        #expect(h.app.timers.isEmpty && !stepper.isTracking)
        h.driver.advance(by: 1)
        #expect(stepper.value == 1)
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["valueChanged", "primary", "touchDown"], "disabling ends the tracking silently; the lift passes on up the chain")
        #expect(h.driver.isClean)
    }

    /// Dragging out across the 70 pt tolerance (the stepper spans y 100…132, so y 202 is out,
    /// 201.5 in) and lifting there: exit and up outside; the step made on touch down stays.
    @Test func dragOutAcrossTheToleranceAndLiftOutside() {
        let h = Harness(log: Log())
        let (stepper, events) = makeStepper(h)
        h.driver.touchDown(0, at: Self.plus, in: h.window)
        h.driver.touchMove(0, to: Point(170, 201.5), in: h.window)
        #expect(events.take() == ["valueChanged", "primary", "touchDown", "dragInside"])
        #expect(stepper.highlightedHalf == nil, "off the half: not highlighted, no repeat")
        h.driver.touchMove(0, to: Point(170, 202), in: h.window)
        #expect(events.take() == ["dragOutside", "dragExit"])
        h.driver.touchMove(0, to: Point(170, 150), in: h.window)
        #expect(events.take() == ["dragInside", "dragEnter"])
        h.driver.touchMove(0, to: Point(170, 300), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["dragOutside", "dragExit", "upOutside"])
        #expect(stepper.value == 1)
        #expect(h.driver.isClean)
    }

    /// A quick second tap adds touchDownRepeat and steps again.
    @Test func doubleTapStepsTwice() {
        let h = Harness(log: Log())
        let (stepper, events) = makeStepper(h)
        h.tap(Self.plus)
        h.driver.advance(by: 0.1)
        h.tap(Self.plus)
        #expect(stepper.value == 2)
        #expect(events.take() == ["valueChanged", "primary", "touchDown", "upInside", "valueChanged", "primary", "touchDown", "touchDownRepeat", "upInside"])
        h.driver.advance(by: 1)
        #expect(h.driver.isClean)
    }

    /// An ancestor's tap recognizer does not take a tap on a half.
    @Test func ancestorTapDoesNotStealTheStep() {
        let h = Harness(log: Log())
        let container = View(frame: Rect(0, 0, 400, 400))
        h.window.addSubview(container)
        container.addGestureRecognizer(logActions(TapGestureRecognizer(), "Tap", h.log))
        let (stepper, events) = makeStepper(h, in: container)
        h.tap(Self.plus)
        #expect(stepper.value == 1)
        #expect(events.take() == ["valueChanged", "primary", "touchDown", "upInside"])
        #expect(h.log.entries.isEmpty)
        h.driver.advance(by: 1)
        #expect(h.driver.isClean)
    }
}
