import EmulatedInput
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// VoiceOver's gestures written to an emulated touchscreen and read by real libinput: what a blind
/// user does on the glass, for the screen reader's end-to-end tests. Each gesture waits until the
/// reader has said as many more things as the caller expects, so a slow machine changes nothing
/// (the gestures are timed by the events' kernel timestamps).
@MainActor
final class LibinputReaderFingers {
    let session: EmulatedSession
    let screen: Testbed.Device
    /// The reader's utterances counted so far.
    private(set) var spoken = 0

    init(session: EmulatedSession, screen: Testbed.Device) {
        self.session = session
        self.screen = screen
    }

    private var reader: ScreenReader { session.application.screenReader }

    /// Writes one gesture and waits until the reader has said `words` more things.
    func gesture(saying words: Int, _ write: () throws -> Void) throws {
        try write()
        spoken += words
        let target = spoken
        session.pump { reader.spokenHistory.count >= target }
    }

    /// A quick tap of `fingers` fingers above the content (v = 0.02), where nothing is pressed.
    func tap(fingers: Int) throws {
        try session.touchDown(screen, (0..<fingers).map { (slot: $0, u: 0.1 + Double($0) * 0.05, v: 0.02) })
        try session.touchUp(screen, slots: Array(0..<fingers))
    }

    /// A one-finger swipe right (next) or left (previous) across the middle of the screen.
    func swipe(right: Bool = true) throws {
        let (start, step) = right ? (0.3, 0.05) : (0.6, -0.05)
        try session.touchDown(screen, [(slot: 0, u: start, v: 0.5)])
        for i in 1...4 { try session.touchMove(screen, [(slot: 0, u: start + Double(i) * step, v: 0.5)]) }
        try session.touchUp(screen, slots: [0])
    }

    /// A one-finger swipe down (`down`) or up in the middle of the screen: the actions rotor on an
    /// element with custom actions, or an adjustable element's decrement or increment.
    func swipeVertically(down: Bool) throws {
        let (start, step) = down ? (0.3, 0.05) : (0.6, -0.05)
        try session.touchDown(screen, [(slot: 0, u: 0.5, v: start)])
        for i in 1...4 { try session.touchMove(screen, [(slot: 0, u: 0.5, v: start + Double(i) * step)]) }
        try session.touchUp(screen, slots: [0])
    }

    /// Two quick one-finger taps: activate the focused element.
    func doubleTap() throws {
        try tap(fingers: 1)
        try tap(fingers: 1)
    }

    /// One finger rests on `point` (screen coordinates of the 1000×1000 session window) for 0.2 s,
    /// moves a point and lifts: the reader explores and speaks the element under it.
    func explore(_ point: Point) throws {
        let (u, v) = (point.x / 1000, point.y / 1000)
        try session.touchDown(screen, [(slot: 0, u: u, v: v)])
        session.pump(quiet: 0.005)
        usleep(200_000)
        try session.touchMove(screen, [(slot: 0, u: u + 0.001, v: v)])
        try session.touchUp(screen, slots: [0])
    }
}
