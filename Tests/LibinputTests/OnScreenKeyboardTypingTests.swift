import EmulatedInput
import LibinputBackend
import Prerequisites
import ResponderKit
import ResponderKitTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The built-in keyboard typed on through a real touchscreen: an emulated evdev touchscreen
/// (umockdev) read by real libinput 1.22, our translation, the core's routing, the keyboard's
/// keys, the synthetic keyboard device and the text field. Measures the tap → character latency.
@Suite(.serialized, .requires(.umockdev))
@MainActor
struct OnScreenKeyboardTypingTests {
    static let suite = "OnScreenKeyboardTypingTests"

    /// Typing two sentences by tapping their keys (the keyboard shifts by itself where each
    /// starts) fills the field exactly, five times over; prints the latency from the kernel's event time of each finger lift to the
    /// field's text change (p50/p99), and the part of it after libinput handed the lift over.
    ///
    /// It runs only in a test run of its own (`Tools/test.sh` runs it after the suite), as the soak
    /// does: its p99 is the second-slowest of 140 taps, and beside the parallel suite one
    /// preemption of the pty's kernel worker or of the app decides it (a CI run measured 2.11 ms
    /// against the 2 ms bound there, at nice −20).
    @Test(.requires(.aRunOfItsOwn("typingASentenceByTappingKeysFillsTheField")))
    func typingASentenceByTappingKeysFillsTheField() throws {
        // The child (under umockdev's preload) measures and leaves its summary line here; the
        // parent prints it (a passing child's output is not shown).
        let summary = (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/osk-latency-"
        defer {
            let mine = summary + "\(getpid()).txt"
            if let line = try? TextFile.read(mine) { print(line); unlink(mine) }
        }
        try UmockdevProcess.run(Self.suite, "typingASentenceByTappingKeysFillsTheField") {
            // As root, nice −20 (before the session's threads start; they inherit it): the parallel
            // suite's other processes then do not preempt the few hundred microseconds a tap's
            // routing takes, which the p99 below measures.
            if geteuid() == 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, -20) }
            let session = try EmulatedSession(size: Size(width: 800, height: 480))
            let screen = try session.testbed.add(UmockdevProcess.device("touchscreen.desc"), event: 7)
            let app = session.application
            let field = TextField(frame: Rect(x: 20, y: 20, width: 500, height: 40))
            session.window.addSubview(field)
            try session.start { $0.devices = .paths([screen.node]) }
            #expect(app.onScreenKeyboard.hasTouchscreen && app.onScreenKeyboard.isEnabled, "a touchscreen and no keyboard")
            #expect(field.becomeFirstResponder())
            app.animator.tick(now: app.clock.now + 1)
            app.animator.tick(now: app.clock.now + 1)
            session.window.layoutIfNeeded()
            let keyboard = app.onScreenKeyboard.keyboardView
            #expect(keyboard.window === session.window)

            var liftKernelTime = 0.0, liftArrival = 0.0
            var total: [Double] = [], ours: [Double] = []
            var allTotal: [Double] = [], allOurs: [Double] = []
            app.addInputObserver { input in
                if case .touchUp = input.kind { liftKernelTime = input.timestamp; liftArrival = app.clock.now }
            }
            field.addAction(for: .editingChanged) { _ in
                let now = app.clock.now
                total.append(now - liftKernelTime)
                ours.append(now - liftArrival)
            }

            /// Lets libinput read and route until `done` (a loaded machine may take a while).
            @MainActor func settle(_ done: () -> Bool) throws {
                let deadline = app.clock.now + 2
                while !done() {
                    guard app.clock.now < deadline else { throw Testbed.Failure(message: "libinput did not deliver the frame within 2 s") }
                    session.pump(quiet: 0.001)
                }
            }

            @MainActor func tap(_ label: String) throws {
                guard let key = keyboard.key(labelled: label) else {
                    Issue.record("no key \(label) on \(keyboard.page)")
                    return
                }
                let p = keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: session.window)
                let finger = (slot: 0, u: p.x / 800, v: p.y / 480)
                try session.touchDown(screen, [finger])
                try settle { app.hasOpenInput }
                try session.touchUp(screen, slots: [0])
                try settle { !app.hasOpenInput }
            }

            let sentence = "Hello, kiosk world. Type me."
            for round in 0..<5 {
                field.text = ""
                total.removeAll(keepingCapacity: true)
                ours.removeAll(keepingCapacity: true)
                var automaticCapitals = 0
                for character in sentence {
                    let text = String(character)
                    if text == " " {
                        try tap("space")
                    } else if character.isUppercase {
                        // The field capitalizes sentences (its default): the keyboard shifts by
                        // itself where one starts, as a user sees it; shift is tapped otherwise.
                        if keyboard.shiftState == .off { try tap("⇧") } else { automaticCapitals += 1 }
                        try tap(text)
                    } else {
                        #expect(keyboard.shiftState == .off, "no capital due before \(text)")
                        try tap(text)
                    }
                }
                #expect(field.text == sentence, "round \(round)")
                #expect(automaticCapitals == 2, "H and T start sentences: the keyboard shifted by itself")
                #expect(total.count == sentence.count)
                allTotal += total
                allOurs += ours
            }
            #expect(!app.hasOpenInput)
            let t = allTotal.sorted(), o = allOurs.sorted()
            func pct(_ a: [Double], _ p: Double) -> String {
                let i = min(a.count - 1, Int((Double(a.count) * p).rounded(.up)) - 1)
                return String(Int((a[max(0, i)] * 1_000_000).rounded())) + " µs"
            }
            let line =
                "on-screen keyboard tap → character in field, \(t.count) taps through real libinput: "
                + "kernel lift time → text changed p50 \(pct(t, 0.5)) p99 \(pct(t, 0.99)); "
                + "after libinput handed the lift over p50 \(pct(o, 0.5)) p99 \(pct(o, 0.99))"
            print(line)
            try? TextFile.write(line, to: summary + "\(getppid()).txt")
            #expect(o[max(0, Int(Double(o.count) * 0.99) - 1)] < 0.002, "p99 beyond libinput ≤ 2 ms")
        }
    }
}
