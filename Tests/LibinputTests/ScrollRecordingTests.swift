import EmulatedInput
import LibinputBackend
import Prerequisites
import RecordingViews
import ResponderKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 9 through real input: evdev touch frames read by real libinput 1.22 (umockdev) drive a
/// `ScrollView` list — a synthetic drag, and a real touchscreen recording replayed frame by frame.
/// The content point under the finger stays under it while dragging (the list moves 1:1), the
/// rows never see the dragging touch, and everything ends closed. Each test runs in its own
/// preloaded child (see `UmockdevProcess`).
@Suite(.serialized, .requires(.umockdev))
@MainActor
struct ScrollRecordingTests {
    static let suite = "ScrollRecordingTests"

    /// Records, at each scroll, the content offset plus the pan's finger position: constant
    /// while the list follows the finger 1:1.
    final class Follower: ScrollViewDelegate {
        var anchors: [Point] = []
        var began = 0
        func scrollViewWillBeginDragging(_ scrollView: ScrollView) { began += 1 }
        func scrollViewDidScroll(_ scrollView: ScrollView) {
            guard scrollView.isDragging, scrollView.panGestureRecognizer.numberOfTouches > 0 else { return }
            let finger = scrollView.panGestureRecognizer.location(in: nil)
            anchors.append(Point(x: scrollView.contentOffset.x + finger.x, y: scrollView.contentOffset.y + finger.y))
        }
    }

    /// A full-window list of 40 pt rows, 10,000 pt tall, scrolled to `start`.
    static func list(in window: Window, start: Double) -> (ScrollView, [DeviceRecordingView]) {
        let list = ScrollView(frame: window.bounds)
        var rows: [DeviceRecordingView] = []
        for i in 0..<250 {
            let row = DeviceRecordingView(frame: Rect(x: 0, y: Double(i) * 40, width: window.bounds.width, height: 40))
            list.addSubview(row)
            rows.append(row)
        }
        list.contentSize = Size(width: window.bounds.width, height: 10_000)
        list.contentOffset = Point(x: 0, y: start)
        window.addSubview(list)
        return (list, rows)
    }

    /// A synthetic one-finger drag up by half the 1000 pt panel in 25 pt steps: the pan begins at
    /// the first step (past its 10 pt slop), so the list ends 475 pt further (within the panel's
    /// 1000/4096 pt resolution); the finger rests before lifting, so nothing decelerates.
    @Test func syntheticDragScrollsTheList() throws {
        try UmockdevProcess.run(Self.suite, "syntheticDragScrollsTheList") {
            let session = try EmulatedSession()
            let screen = try session.testbed.add(UmockdevProcess.device("touchscreen.desc"), event: 7)
            let (list, rows) = Self.list(in: session.window, start: 2000)
            let follower = Follower()
            list.delegate = follower
            try session.start { $0.devices = .paths([screen.node]) }
            try session.touchDown(screen, [(slot: 0, u: 0.5, v: 0.8)])
            session.pump(quiet: 0.005)
            for step in 1...20 {
                try session.touchMove(screen, [(slot: 0, u: 0.5, v: 0.8 - Double(step) * 0.025)])
                session.pump(quiet: 0.005)
            }
            #expect(list.isDragging)
            let resolution = 1000.0 / 4096
            #expect(abs(list.contentOffset.y - 2475) <= 2 * resolution, "offset \(list.contentOffset.y)")
            session.pump(quiet: 0.15)
            try session.touchUp(screen, slots: [0])
            session.pump()
            #expect(!list.isDragging && !list.isDecelerating, "a finger that rested releases at rest")
            #expect(abs(list.contentOffset.y - 2475) <= 2 * resolution)
            #expect(follower.began == 1)
            let spread = (follower.anchors.map(\.y).max() ?? 0) - (follower.anchors.map(\.y).min() ?? 0)
            #expect(follower.anchors.count == 19 && spread < 1e-6, "content under the finger moved by \(spread)")
            #expect(rows.allSatisfy { $0.log.isEmpty }, "rows saw the dragging touch")
            #expect(!session.application.hasOpenInput)
            #expect(session.application.timers.isEmpty)
        }
    }

    /// The Atmel maXTouch recording of a finger dragged up and down: the list follows it 1:1
    /// frame after frame (each read by libinput before the next is written, at libinput's own
    /// pace rather than the recording's, so the drag is one quick pan).
    @Test func recordedDragUpDownScrollsTheList() throws {
        try UmockdevProcess.run(Self.suite, "recordedDragUpDownScrollsTheList") {
            try Prerequisite.check(UmockdevProcess.recordingNeeds)
            let folder = UmockdevProcess.recordingsFolder
            let atmel = "touchscreens/Atmel maXTouch Touchscreen"
            let events = atmel + ".1-finger-drag-up-down.events"
            let spec = try EvemuDescription.parse(UmockdevProcess.readText(folder + atmel + ".desc"), file: atmel + ".desc")
            let frames = try EvemuRecording.parse(UmockdevProcess.readText(folder + events), file: events)
            let session = try EmulatedSession(size: Size(width: 800, height: 480))
            let device = try session.testbed.add(spec, event: 9)
            let (list, rows) = Self.list(in: session.window, start: 4000)
            let follower = Follower()
            list.delegate = follower
            try session.start { $0.devices = .paths([device.node]) }
            var lowest = 4000.0, highest = 4000.0
            for frame in frames {
                try session.testbed.write(frame.events, to: device)
                // Read each frame before the next: a burst of the whole drag overflows the
                // emulated device's buffer (libinput then drops frames after SYN_DROPPED).
                session.pump(quiet: 0.003)
                lowest = min(lowest, list.contentOffset.y)
                highest = max(highest, list.contentOffset.y)
            }
            session.pump()
            #expect(follower.began >= 1)
            #expect(highest - lowest > 50, "the list moved between \(lowest) and \(highest)")
            let ys = follower.anchors.map(\.y)
            let spread = (ys.max() ?? 0) - (ys.min() ?? 0)
            #expect(follower.anchors.count > 10 && spread < 1e-6, "content under the finger moved by \(spread)")
            #expect(!list.isDragging)
            #expect(rows.allSatisfy { $0.log.isEmpty }, "rows saw the dragging touch")
            #expect(!session.application.hasOpenInput)
            // A fling may still be decelerating on the frame clock (nobody draws frames here);
            // it is no timer and holds no input.
            #expect(session.application.timers.isEmpty)
        }
    }
}
