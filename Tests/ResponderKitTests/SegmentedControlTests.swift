import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Issue 9: SegmentedControl (UIKit's UISegmentedControl) — touch down highlights, up inside
// selects and sends valueChanged only on a change, momentary mode, disabled segments, editing the
// segments, cancels, disabled controls, an ancestor's tap.

@MainActor
@Suite("Controls: SegmentedControl")
struct SegmentedControlTests {
    /// Three segments at (0, 100), 300×32: A is x 0…100, B 100…200, C 200…300; the tolerance
    /// reaches y 202.
    func makeControl(_ h: Harness, in parent: View? = nil) -> (SegmentedControl, ControlEventLog) {
        let control = SegmentedControl(items: ["A", "B", "C"])
        control.frame = Rect(0, 100, 300, 32)
        (parent ?? h.window).addSubview(control)
        return (control, ControlEventLog(control))
    }

    @Test func itemsAndSizes() {
        let control = SegmentedControl(items: ["One", "Two"])
        #expect(control.numberOfSegments == 2 && control.selectedSegmentIndex == SegmentedControl.noSegment)
        #expect(SegmentedControl.noSegment == -1)
        #expect(control.titleForSegment(at: 1) == "Two" && control.titleForSegment(at: 2) == nil)
        #expect(control.bounds.size == control.intrinsicContentSize)
        #expect(control.intrinsicContentSize.height == 32)
        let widest = Drawing.textEngine.size(of: "One", attributes: TextAttributes(font: SegmentedControl.selectedTitleFont, numberOfLines: 1), width: nil)
            .width
        #expect(control.intrinsicContentSize.width == 2 * (widest.rounded(.up) + 24))
        control.frame = Rect(0, 0, 200, 32)
        #expect(control.rectForSegment(at: 1) == Rect(100, 0, 100, 32))
    }

    /// Touch down highlights the segment; up inside selects it: valueChanged and primary (from
    /// endTracking) before upInside. Tapping the selected segment again sends no valueChanged.
    @Test func tapSelectsAndReportsOnlyChanges() {
        let h = Harness(log: Log())
        let (control, events) = makeControl(h)
        h.driver.touchDown(0, at: Point(150, 116), in: h.window)
        #expect(control.highlightedSegmentIndex == 1 && control.selectedSegmentIndex == -1)
        #expect(events.take() == ["touchDown"])
        h.driver.touchUp(0, in: h.window)
        #expect(control.selectedSegmentIndex == 1 && control.highlightedSegmentIndex == nil)
        #expect(events.take() == ["valueChanged", "primary", "upInside"])
        h.driver.advance(by: 1)
        h.tap(160, 110)
        #expect(events.take() == ["touchDown", "upInside"])
        h.driver.advance(by: 1)
        h.tap(20, 110)
        #expect(control.selectedSegmentIndex == 0)
        #expect(events.take() == ["touchDown", "valueChanged", "primary", "upInside"])
        #expect(h.driver.isClean)
    }

    /// The highlight follows the finger along the segments, also below the control within the
    /// 70 pt tolerance; outside it there is none, and lifting there selects nothing.
    @Test func highlightFollowsTheFingerWithinTheTolerance() {
        let h = Harness(log: Log())
        let (control, events) = makeControl(h)
        h.driver.touchDown(0, at: Point(50, 116), in: h.window)
        h.driver.touchMove(0, to: Point(250, 201.5), in: h.window)
        #expect(control.highlightedSegmentIndex == 2)
        #expect(events.take() == ["touchDown", "dragInside"])
        h.driver.touchMove(0, to: Point(250, 202), in: h.window)
        #expect(control.highlightedSegmentIndex == nil)
        #expect(events.take() == ["dragOutside", "dragExit"])
        h.driver.touchMove(0, to: Point(360, 150), in: h.window)
        #expect(control.highlightedSegmentIndex == 2, "beyond the right end (inside the tolerance) is the last segment")
        #expect(events.take() == ["dragInside", "dragEnter"])
        h.driver.touchMove(0, to: Point(120, 150), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(control.selectedSegmentIndex == 1)
        #expect(events.take() == ["dragInside", "valueChanged", "primary", "upInside"])
        h.driver.advance(by: 1)
        h.driver.touchDown(0, at: Point(50, 116), in: h.window)
        h.driver.touchMove(0, to: Point(50, 300), in: h.window)
        h.driver.touchUp(0, in: h.window)
        #expect(control.selectedSegmentIndex == 1)
        #expect(events.take() == ["touchDown", "dragOutside", "dragExit", "upOutside"])
        #expect(h.driver.isClean)
    }

    /// Momentary: each tap sends valueChanged with the segment selected while the actions run,
    /// then nothing stays selected — the same segment twice sends twice.
    @Test func momentary() {
        let h = Harness(log: Log())
        let (control, events) = makeControl(h)
        control.isMomentary = true
        var seen: [Int] = []
        control.addAction(for: .valueChanged) { sender in seen.append((sender as! SegmentedControl).selectedSegmentIndex) }
        h.tap(250, 110)
        h.driver.advance(by: 1)
        h.tap(250, 110)
        #expect(seen == [2, 2])
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        #expect(events.take() == ["touchDown", "valueChanged", "primary", "upInside", "touchDown", "valueChanged", "primary", "upInside"])
        h.driver.advance(by: 1)
        #expect(h.driver.isClean)
    }

    /// A disabled segment neither highlights nor selects; the touch events are still sent.
    @Test func disabledSegment() {
        let h = Harness(log: Log())
        let (control, events) = makeControl(h)
        control.setEnabled(false, forSegmentAt: 1)
        #expect(!control.isEnabledForSegment(at: 1) && control.isEnabledForSegment(at: 0))
        h.driver.touchDown(0, at: Point(150, 116), in: h.window)
        #expect(control.highlightedSegmentIndex == nil)
        h.driver.touchUp(0, in: h.window)
        #expect(control.selectedSegmentIndex == -1)
        #expect(events.take() == ["touchDown", "upInside"])
        h.driver.advance(by: 1)
        h.driver.touchDown(0, at: Point(150, 116), in: h.window)
        h.driver.touchMove(0, to: Point(250, 116), in: h.window)
        #expect(control.highlightedSegmentIndex == 2, "sliding on to an enabled segment highlights it")
        h.driver.touchUp(0, in: h.window)
        #expect(control.selectedSegmentIndex == 2)
        #expect(h.driver.isClean)
    }

    /// Inserting and removing keep the selection on its segment; selecting out of range is refused.
    @Test func editingTheSegments() {
        let control = SegmentedControl(items: ["A", "B", "C"])
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Z", at: 0, animated: false)
        #expect(control.numberOfSegments == 4 && control.selectedSegmentIndex == 2 && control.titleForSegment(at: 0) == "Z")
        control.insertSegment(withTitle: "End", at: 99, animated: true)
        #expect(control.titleForSegment(at: 4) == "End")
        control.removeSegment(at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 1 && control.titleForSegment(at: 1) == "B")
        control.setTitle("Bee", forSegmentAt: 1)
        #expect(control.titleForSegment(at: 1) == "Bee")
        control.removeSegment(at: 1, animated: false)
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        let messages = collectDiagnostics {
            control.selectedSegmentIndex = 7
            control.removeSegment(at: -1, animated: false)
        }
        #expect(control.selectedSegmentIndex == -1)
        #expect(messages.count == 2 && messages.allSatisfy { $0.hasPrefix("control:") })
        control.removeAllSegments()
        #expect(control.numberOfSegments == 0)
    }

    /// A quick second tap on the same segment adds touchDownRepeat and, nothing having changed,
    /// sends no valueChanged.
    @Test func doubleTap() {
        let h = Harness(log: Log())
        let (control, events) = makeControl(h)
        h.tap(150, 116)
        h.driver.advance(by: 0.1)
        h.tap(152, 116)
        #expect(control.selectedSegmentIndex == 1)
        #expect(events.take() == ["touchDown", "valueChanged", "primary", "upInside", "touchDown", "touchDownRepeat", "upInside"])
        h.driver.advance(by: 1)
        #expect(h.driver.isClean)
    }

    /// A cancel clears the highlight and selects nothing.
    @Test func cancel() {
        let h = Harness(log: Log())
        let (control, events) = makeControl(h)
        h.driver.touchDown(0, at: Point(150, 116), in: h.window)
        h.driver.cancelTouches(in: h.window)
        #expect(events.take() == ["touchDown", "cancel"])
        #expect(control.highlightedSegmentIndex == nil && control.selectedSegmentIndex == -1)
        #expect(h.driver.isClean)
    }

    /// A disabled control sends nothing and selects nothing.
    @Test func disabledControl() {
        let h = Harness(log: Log())
        let (control, events) = makeControl(h)
        control.isEnabled = false
        h.tap(150, 116)
        #expect(events.take().isEmpty && control.selectedSegmentIndex == -1)
        #expect(h.driver.isClean)
    }

    /// An ancestor's tap recognizer does not take a segment's tap.
    @Test func ancestorTapDoesNotStealTheSegment() {
        let h = Harness(log: Log())
        let container = View(frame: Rect(0, 0, 400, 400))
        h.window.addSubview(container)
        container.addGestureRecognizer(logActions(TapGestureRecognizer(), "Tap", h.log))
        let (control, _) = makeControl(h, in: container)
        h.tap(150, 116)
        #expect(control.selectedSegmentIndex == 1)
        #expect(h.log.entries.isEmpty)
        #expect(h.driver.isClean)
    }
}
