import EmulatedInput
import InboxApp
import LibinputBackend
import Prerequisites
import RecordingViews
import ResponderKit
import Testing

@testable import CheckInApp

/// The screen reader through real libinput (umockdev touchscreen), the demo apps' other two tasks
/// done blind: a message archived in the inbox and the check-in form filled with the on-screen
/// keyboard (each key found by exploring, typed by a double-tap). Each time the reader is started
/// by its three-finger triple tap and the spoken sequence equals the expected one.
@Suite(.serialized, .requires(.umockdev))
@MainActor
struct ScreenReaderTasksUnderLibinputTests {
    static let suite = "ScreenReaderTasksUnderLibinputTests"

    @Test func aMessageIsArchivedBlindThroughLibinput() throws {
        try UmockdevProcess.run(Self.suite, "aMessageIsArchivedBlindThroughLibinput") {
            let session = try EmulatedSession()
            let screen = try session.testbed.add(UmockdevProcess.device("touchscreen.desc"), event: 7)
            let inbox = InboxViewController(store: MessageStore(count: 20))
            session.window.rootViewController = inbox
            session.window.layoutIfNeeded()
            let voice = RecordingSpeechSynthesizer()
            let reader = session.application.screenReader
            reader.synthesizer = voice
            try session.start { $0.devices = .paths([screen.node]) }
            let fingers = LibinputReaderFingers(session: session, screen: screen)
            let first = inbox.store.messages[0]

            try fingers.gesture(saying: 1) { for _ in 0..<3 { try fingers.tap(fingers: 3) } }
            #expect(reader.isRunning)
            // The header, then the first message's parts up to its Archive button.
            for _ in 0..<9 { try fingers.gesture(saying: 1) { try fingers.swipe() } }
            #expect((reader.focusedElement as? View)?.accessibilityLabel == "Archive")
            try fingers.gesture(saying: 0) { try fingers.doubleTap() }
            session.pump { !inbox.store.archived.isEmpty }

            #expect(inbox.store.archived.map(\.id) == [first.id])
            #expect(
                voice.texts == [
                    "Screen reader on",
                    "Inbox", "20 messages", "Pull to refresh", "Search, text field",
                    first.sender + ", actions available", first.time + ", actions available",
                    first.subject + ", actions available", first.body + ", actions available",
                    "Archive, button, actions available"
                ])
            #expect(!session.application.hasOpenInput)
        }
    }

    @Test func theCheckInFormIsFilledBlindThroughLibinput() throws {
        try UmockdevProcess.run(Self.suite, "theCheckInFormIsFilledBlindThroughLibinput") {
            let session = try EmulatedSession()
            let screen = try session.testbed.add(UmockdevProcess.device("touchscreen.desc"), event: 7)
            let controller = CheckInViewController()
            session.window.rootViewController = controller
            session.window.layoutIfNeeded()
            let voice = RecordingSpeechSynthesizer()
            let reader = session.application.screenReader
            reader.synthesizer = voice
            try session.start { $0.devices = .paths([screen.node]) }
            let fingers = LibinputReaderFingers(session: session, screen: screen)
            let field = controller.form.nameField

            try fingers.gesture(saying: 1) { for _ in 0..<3 { try fingers.tap(fingers: 3) } }
            #expect(reader.isRunning)
            // The header and the (empty) list beside the form, then the name field; a double-tap
            // edits it (the keyboard comes up).
            for _ in 0..<5 { try fingers.gesture(saying: 1) { try fingers.swipe() } }
            #expect(reader.focusedElement === field)
            try fingers.gesture(saying: 1) { try fingers.doubleTap() }
            #expect(field.isFirstResponder)
            let application = session.application
            for _ in 0..<40 where application.animator.isRunning { application.animator.tick(now: application.clock.now + 1) }
            let keyboard = application.onScreenKeyboard.keyboardView
            // The name field capitalizes its first letter: the keyboard shows "A" shifted, then lower case.
            for letter in ["A", "d", "a"] {
                let key = try #require(keyboard.key(labelled: letter), "no key \(letter)")
                let onScreen = keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: session.window)
                try fingers.gesture(saying: 1) { try fingers.explore(onScreen) }
                try fingers.gesture(saying: 1) { try fingers.doubleTap() }
            }

            #expect(field.text == "Ada")
            // Each key is said when found and again after the double-tap typed it: the first, found
            // shifted as "A", is "a" by then (the shift ends with the first letter).
            #expect(
                voice.texts == [
                    "Screen reader on",
                    "Visitor check-in", "0 visitors", "Checked in", "No visitors yet", "Name, text field",
                    "Name, text field",
                    "A", "a", "d", "d", "a", "a"
                ])
            #expect(!session.application.hasOpenInput)
        }
    }
}
