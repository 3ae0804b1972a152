import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Issue 9: Slider (UIKit's UISlider) — tracking only from the thumb (with its 10 pt margin), the
// value following the finger, clamped, continuous or on release, cancels, disabled sliders.

@MainActor
@Suite("Controls: Slider")
struct SliderTests {
    /// A slider at (100, 100), 228×31: the thumb (28 pt) centres run from x 114 to 314 in the
    /// window, 200 pt for the range 0…1; at 0.5 the thumb spans x 200…228 (local 100…128),
    /// y 101.5…129.5. Its tolerance (70 pt) reaches x 398.
    func makeSlider(_ h: Harness, in parent: View? = nil) -> (Slider, ControlEventLog) {
        let slider = Slider(frame: Rect(100, 100, 228, 31))
        slider.value = 0.5
        (parent ?? h.window).addSubview(slider)
        return (slider, ControlEventLog(slider))
    }

    @Test func geometryAndSizes() {
        let slider = Slider(frame: Rect(0, 0, 228, 31))
        slider.value = 0.5
        #expect(slider.thumbRect == Rect(100, 1.5, 28, 28))
        #expect(slider.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: 31))
        #expect(slider.sizeThatFits(.zero) == Size(width: 118, height: 31))
        #expect(slider.sizeThatFits(Size(width: 300, height: 5)) == Size(width: 300, height: 31))
    }

    /// Continuous: each move that changes the value sends valueChanged and primaryActionTriggered
    /// (from continueTracking, so before the drag event); the value follows the finger, clamped at
    /// the ends even when the finger goes beyond them and out of the tolerance.
    @Test func continuousTrackingFollowsTheFingerClamped() {
        let h = Harness(log: Log())
        let (slider, events) = makeSlider(h)
        h.driver.touchDown(0, at: Point(214, 115), in: h.window)
        #expect(events.take() == ["touchDown"])
        #expect(slider.isTracking && slider.isHighlighted)
        h.driver.touchMove(0, to: Point(264, 140), in: h.window)
        #expect(slider.value == 0.75)
        #expect(events.take() == ["valueChanged", "primary", "dragInside"])
        h.driver.touchMove(0, to: Point(264, 160), in: h.window)
        #expect(events.take() == ["dragInside"], "no value change, no valueChanged")
        h.driver.touchMove(0, to: Point(397.5, 115), in: h.window)
        #expect(slider.value == 1)
        #expect(events.take() == ["valueChanged", "primary", "dragInside"])
        h.driver.touchMove(0, to: Point(398, 115), in: h.window)
        #expect(events.take() == ["dragOutside", "dragExit"], "the 70 pt tolerance ends at x 398")
        h.driver.touchMove(0, to: Point(-50, 115), in: h.window)
        #expect(slider.value == 0)
        #expect(events.take() == ["valueChanged", "primary", "dragOutside"])
        h.driver.touchMove(0, to: Point(164, 115), in: h.window)
        #expect(slider.value == 0.25)
        #expect(events.take() == ["valueChanged", "primary", "dragInside", "dragEnter"])
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["upInside"])
        #expect(!slider.isTracking && slider.value == 0.25)
        #expect(h.driver.isClean)
    }

    /// The grab offset is kept: a finger 6 pt right of the thumb's centre moves it without a jump.
    @Test func theThumbDoesNotJumpToTheFinger() {
        let h = Harness(log: Log())
        let (slider, events) = makeSlider(h)
        h.driver.touchDown(0, at: Point(220, 115), in: h.window)
        h.driver.touchMove(0, to: Point(221, 115), in: h.window)
        #expect(slider.value == 0.505)
        h.driver.touchMove(0, to: Point(220, 115), in: h.window)
        #expect(slider.value == 0.5)
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["touchDown", "valueChanged", "primary", "dragInside", "valueChanged", "primary", "dragInside", "upInside"])
        #expect(h.driver.isClean)
    }

    /// Not continuous: moves send drag events only; the release sends one valueChanged (and
    /// primary) before touchUpInside — none when the value came back to where it started.
    @Test func nonContinuousSendsOnRelease() {
        let h = Harness(log: Log())
        let (slider, events) = makeSlider(h)
        slider.isContinuous = false
        h.driver.touchDown(0, at: Point(214, 115), in: h.window)
        h.driver.touchMove(0, to: Point(234, 115), in: h.window)
        h.driver.touchMove(0, to: Point(254, 115), in: h.window)
        #expect(slider.value == 0.7)
        #expect(events.take() == ["touchDown", "dragInside", "dragInside"])
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["valueChanged", "primary", "upInside"])
        h.driver.advance(by: 1)
        h.driver.touchDown(0, at: Point(254, 115), in: h.window)
        h.driver.touchMove(0, to: Point(300, 115), in: h.window)
        h.driver.touchMove(0, to: Point(254, 115), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(events.take() == ["touchDown", "dragInside", "dragInside", "upInside"])
        #expect(slider.value == 0.7)
        #expect(h.driver.isClean)
    }

    /// A touch that goes down off the thumb (beyond its 10 pt margin) does not track: the value
    /// stays, only the touch events are sent. The margin's edges: local x 90 grabs, 89.5 not.
    /// (The margin reaches beyond the bounds, but a touch there does not hit the slider at all.)
    @Test func touchOffTheThumbDoesNotTrack() {
        let h = Harness(log: Log())
        let (slider, events) = makeSlider(h)
        h.driver.touchDown(0, at: Point(189.5, 115), in: h.window)
        #expect(!slider.isTracking)
        h.driver.touchMove(0, to: Point(300, 115), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(slider.value == 0.5)
        #expect(events.take() == ["touchDown", "dragInside", "upInside"])
        h.driver.advance(by: 1)
        h.driver.touchDown(0, at: Point(190, 115), in: h.window)
        #expect(slider.isTracking, "inside the 10 pt margin")
        h.driver.touchUp(0, in: h.window)
        h.driver.advance(by: 1)
        h.driver.touchDown(0, at: Point(214, 130.5), in: h.window)
        #expect(slider.isTracking, "below the thumb (it ends at y 129.5), within the margin")
        h.driver.touchUp(0, in: h.window)
        h.driver.advance(by: 1)
        h.driver.touchDown(0, at: Point(120, 115), in: h.window)
        #expect(!slider.isTracking, "on the bare track")
        h.driver.touchUp(0, in: h.window)
        #expect(slider.value == 0.5)
        #expect(h.driver.isClean)
    }

    /// A quick second tap on the thumb adds touchDownRepeat; taps change no value.
    @Test func doubleTapOnTheThumb() {
        let h = Harness(log: Log())
        let (slider, events) = makeSlider(h)
        h.tap(214, 115)
        h.driver.advance(by: 0.1)
        h.tap(214, 115)
        #expect(events.take() == ["touchDown", "upInside", "touchDown", "touchDownRepeat", "upInside"])
        #expect(slider.value == 0.5)
        h.driver.advance(by: 1)
        #expect(h.driver.isClean)
    }

    /// A cancel keeps the value reached; a non-continuous slider reports it before touchCancel.
    @Test func cancelKeepsTheValue() {
        let h = Harness(log: Log())
        let (slider, events) = makeSlider(h)
        slider.isContinuous = false
        h.driver.touchDown(0, at: Point(214, 115), in: h.window)
        h.driver.touchMove(0, to: Point(174, 115), in: h.window)
        _ = events.take()
        h.driver.cancelTouches(in: h.window)
        #expect(events.take() == ["valueChanged", "primary", "cancel"])
        #expect(slider.value == 0.3 && !slider.isTracking)
        #expect(h.driver.isClean)
    }

    /// Values are clamped to the range; moving the bounds clamps the value; NaN is ignored.
    @Test func valuesAreClamped() {
        let slider = Slider(frame: Rect(0, 0, 228, 31))
        slider.minimumValue = 10
        #expect(slider.maximumValue == 10 && slider.value == 10)
        slider.maximumValue = 20
        slider.setValue(25, animated: true)
        #expect(slider.value == 20)
        slider.value = -3
        #expect(slider.value == 10)
        slider.value = .nan
        #expect(slider.value == 10)
        slider.maximumValue = .infinity
        #expect(slider.maximumValue == 20)
        slider.value = 15
        #expect(slider.thumbRect.midX == 114)
        slider.maximumValue = 12
        #expect(slider.value == 12)
    }

    /// setValue(_:animated: true): the value and the parts' frames are final at once; the thumb
    /// and the minimum track's end are drawn sliding on the application's animator. Without
    /// animation nothing animates. Neither sends an action.
    @Test func animatedSetValueSlidesTheThumb() {
        let h = Harness(log: Log())
        let (slider, events) = makeSlider(h)
        slider.setValue(1, animated: true)
        #expect(slider.value == 1)
        #expect(slider.thumbView.frame.midX == 214 && slider.minimumTrackView.frame.maxX == 214)
        #expect(slider.thumbView.hasAnimations && slider.minimumTrackView.hasAnimations)
        h.app.animator.tick(now: h.driver.now)
        h.app.animator.tick(now: h.driver.now + Slider.animationDuration / 2)
        let x = slider.thumbView.presentation.center.x
        #expect(x > 114 && x < 214, "drawn between 0.5 and 1 half way, \(x)")
        #expect(abs(slider.minimumTrackView.presentation.frame.maxX - x) < 0.001, "the track's end moves with the thumb")
        h.app.animator.tick(now: h.driver.now + Slider.animationDuration + 0.01)
        #expect(slider.thumbView.presentation.center.x == 214 && !slider.thumbView.hasAnimations)
        slider.setValue(0, animated: false)
        #expect(!slider.thumbView.hasAnimations && slider.thumbView.frame.midX == 14)
        #expect(events.take().isEmpty)
    }

    /// A disabled slider neither tracks nor sends.
    @Test func disabledSliderSendsNothing() {
        let h = Harness(log: Log())
        let (slider, events) = makeSlider(h)
        slider.isEnabled = false
        h.driver.touchDown(0, at: Point(214, 115), in: h.window)
        h.driver.touchMove(0, to: Point(264, 115), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(events.take().isEmpty && slider.value == 0.5)
        #expect(h.driver.isClean)
    }

    /// An ancestor's pan does not take a horizontal drag of the thumb, but does take a drag that
    /// started on the bare track (the slider does not track it); a tap on the track reaches an
    /// ancestor's tap recognizer (a slider claims no taps).
    @Test func ancestorPanDoesNotStealTheThumb() {
        let h = Harness(log: Log())
        let container = View(frame: Rect(0, 0, 400, 400))
        h.window.addSubview(container)
        container.addGestureRecognizer(logActions(PanGestureRecognizer(), "Pan", h.log))
        let (slider, events) = makeSlider(h, in: container)
        h.driver.touchDown(0, at: Point(214, 115), in: h.window)
        for x in stride(from: 224.0, through: 264, by: 10) { h.driver.touchMove(0, to: Point(x, 117), in: h.window) }
        h.driver.touchUp(0, in: h.window)
        #expect(slider.value == 0.75)
        #expect(h.log.entries.isEmpty)
        #expect(events.take().last == "upInside")
        h.driver.advance(by: 1)
        h.driver.touchDown(0, at: Point(120, 115), in: h.window)
        for x in stride(from: 130.0, through: 170, by: 10) { h.driver.touchMove(0, to: Point(x, 115), in: h.window) }
        h.driver.touchUp(0, in: h.window)
        #expect(h.log.entries.first == "Pan.began")
        #expect(events.take().last == "cancel")
        #expect(slider.value == 0.75)
        h.driver.advance(by: 1)
        h.log.clear()
        container.addGestureRecognizer(logActions(TapGestureRecognizer(), "Tap", h.log))
        h.tap(120, 115)
        #expect(h.log.entries == ["Tap.ended"])
        #expect(events.take() == ["touchDown", "cancel"])
        #expect(h.driver.isClean)
    }
}
