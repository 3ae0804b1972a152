import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// The touch screen reader (issue 26 §2): VoiceOver's gestures through `InputDriver` on the manual
/// clock, a recording synthesizer standing in for the voice, and the three ways to start it
/// without sight; then the time limits that warn and extend.
@MainActor
@Suite struct ScreenReaderTests {
    /// A window with a title label, two buttons side by side and a slider below; the reader runs.
    @MainActor final class Stage {
        let h = Harness(size: Size(width: 400, height: 800))
        let voice = RecordingSpeechSynthesizer()
        let title = Label(frame: Rect(x: 20, y: 20, width: 360, height: 40))
        let pay = Button(frame: Rect(x: 20, y: 100, width: 160, height: 60))
        let cancel = Button(frame: Rect(x: 220, y: 100, width: 160, height: 60))
        let slider = Slider(frame: Rect(x: 20, y: 200, width: 360, height: 40))
        var payTaps = 0
        var cancelTaps = 0
        let fingers: ScreenReaderFingers
        var reader: ScreenReader { h.app.screenReader }

        init(running: Bool = true) {
            title.text = "Ticket"
            pay.setTitle("Pay", for: .normal)
            cancel.setTitle("Cancel", for: .normal)
            slider.accessibilityLabel = "Volume"
            slider.value = 0.5
            for view in [title, pay, cancel, slider] as [View] { h.window.addSubview(view) }
            fingers = ScreenReaderFingers(driver: h.driver, window: h.window)
            h.window.layoutIfNeeded()
            _ = pay.addAction(for: .touchUpInside) { [unowned self] _ in payTaps += 1 }
            _ = cancel.addAction(for: .touchUpInside) { [unowned self] _ in cancelTaps += 1 }
            h.app.screenReader.synthesizer = voice
            if running {
                h.app.screenReader.start()
                voice.clear()
            }
        }
    }

    @Test func oneFingerSpeaksTheElementUnderItAndDrawsTheFocusRing() {
        let s = Stage()
        s.fingers.touch(Point(x: 60, y: 130))
        #expect(s.voice.texts == ["Pay, button"])
        #expect(s.voice.utterances.last?.priority == .interrupt)
        #expect(s.reader.focusedElement === s.pay)
        let ring = s.h.window.subviews.last as? FocusRingView
        #expect(ring != nil)
        #expect(ring?.frame == Rect(x: 16, y: 96, width: 168, height: 68))
        // The app saw nothing: a touch explores, it does not press.
        #expect(s.payTaps == 0)
        // Sliding on speaks each new element once.
        s.fingers.slide(through: [Point(x: 60, y: 130), Point(x: 250, y: 130), Point(x: 100, y: 40)])
        #expect(s.voice.texts == ["Pay, button", "Pay, button", "Cancel, button", "Ticket"])
        // The ring is not read and takes no touches.
        #expect(s.reader.elements.count == 4)
        #expect(!(s.h.window.hitTest(Point(x: 18, y: 98), with: nil) is FocusRingView))
    }

    @Test func swipesMoveThroughTheReadingOrder() {
        let s = Stage()
        s.fingers.next()
        s.fingers.next()
        s.fingers.next()
        s.fingers.next()
        s.fingers.next()  // at the end: stays
        s.fingers.previous()
        #expect(s.voice.texts == ["Ticket", "Pay, button", "Cancel, button", "Volume, 50%, adjustable", "Cancel, button"])
        #expect(s.reader.focusedElement === s.cancel)
    }

    @Test func doubleTapAnywhereActivatesThroughTheRouting() {
        let s = Stage()
        s.fingers.next()
        s.fingers.next()  // Pay
        s.fingers.doubleTap(at: Point(x: 300, y: 600))  // far from the button
        #expect(s.payTaps == 1)
        #expect(s.cancelTaps == 0)
        #expect(s.voice.texts.last == "Pay, button")
        #expect(s.h.driver.isClean)
    }

    @Test func accessibilityActivateReturningTrueShortCircuits() {
        final class SelfActivating: Button {
            override class var standardHitTestingClass: View.Type { SelfActivating.self }
            var activations = 0
            override func accessibilityActivate() -> Bool {
                activations += 1
                return true
            }
        }
        let s = Stage()
        let own = SelfActivating(frame: Rect(x: 20, y: 300, width: 100, height: 44))
        own.setTitle("Own", for: .normal)
        var tapped = 0
        _ = own.addAction(for: .touchUpInside) { _ in tapped += 1 }
        s.h.window.addSubview(own)
        s.fingers.touch(Point(x: 50, y: 320))
        s.fingers.doubleTap()
        #expect(own.activations == 1)
        #expect(tapped == 0)
    }

    @Test func aSplitTapActivates() {
        let s = Stage()
        s.fingers.splitTap(holding: Point(x: 250, y: 130), tapping: Point(x: 200, y: 600))
        #expect(s.cancelTaps == 1)
        #expect(s.payTaps == 0)
        #expect(s.voice.texts == ["Cancel, button", "Cancel, button"])
    }

    @Test func swipeUpAndDownAdjustTheFocusedSlider() {
        let s = Stage()
        s.fingers.touch(Point(x: 200, y: 220))
        s.fingers.swipe(dx: 0, dy: -150)
        #expect(abs(s.slider.value - 0.6) < 1e-9)
        s.fingers.swipe(dx: 0, dy: 150)
        s.fingers.swipe(dx: 0, dy: 150)
        #expect(abs(s.slider.value - 0.4) < 1e-9)
        #expect(s.voice.texts == ["Volume, 50%, adjustable", "60%", "50%", "40%"])
        // On a button, swipe up does nothing.
        s.fingers.touch(Point(x: 60, y: 130))
        s.fingers.swipe(dx: 0, dy: -150)
        #expect(s.voice.texts.last == "Pay, button")
    }

    @Test func twoFingerTapPausesAndResumes() {
        let s = Stage()
        s.fingers.twoFingerTap()
        #expect(s.voice.isPaused)
        s.fingers.twoFingerTap()
        #expect(!s.voice.isPaused)
    }

    @Test func twoFingerSwipeUpReadsEverythingFromTheTop() {
        let s = Stage()
        s.fingers.touch(Point(x: 250, y: 130))
        s.voice.clear()
        s.fingers.swipe(dx: 0, dy: -200, fingers: 2)
        #expect(s.voice.texts == ["Ticket", "Pay, button", "Cancel, button", "Volume, 50%, adjustable"])
        #expect(s.voice.utterances.allSatisfy { $0.priority == .announcement })
        #expect(s.reader.focusedElement === s.slider)
    }

    @Test func threeFingerSwipeScrollsAPageAndSaysWhere() {
        let s = Stage()
        let scroll = ScrollView(frame: Rect(x: 0, y: 300, width: 400, height: 200))
        scroll.contentSize = Size(width: 400, height: 1000)
        let row = Label(frame: Rect(x: 0, y: 0, width: 400, height: 40))
        row.text = "Row 1"
        scroll.addSubview(row)
        s.h.window.addSubview(scroll)
        s.fingers.touch(Point(x: 100, y: 320))
        s.fingers.swipe(dx: 0, dy: -200, fingers: 3)
        #expect(scroll.contentOffset.y == 200)
        #expect(s.voice.texts == ["Row 1", "page 2 of 5"])
        s.fingers.swipe(dx: 0, dy: 200, fingers: 3)
        #expect(scroll.contentOffset.y == 0)
        #expect(s.voice.texts.last == "page 1 of 5")
    }

    @Test func notificationsMoveFocusAndQueueAnnouncements() {
        let s = Stage()
        Accessibility.post(notification: .screenChanged, argument: nil as Any?)
        #expect(s.reader.focusedElement === s.title)
        Accessibility.post(notification: .layoutChanged, argument: s.cancel)
        #expect(s.reader.focusedElement === s.cancel)
        Accessibility.post(notification: .announcement, argument: "Card accepted")
        #expect(s.voice.texts == ["Ticket", "Cancel, button", "Card accepted"])
        #expect(s.voice.utterances.map(\.priority) == [.interrupt, .interrupt, .announcement])
        // Off, nothing is spoken.
        s.reader.stop()
        s.voice.clear()
        Accessibility.post(notification: .announcement, argument: "unheard")
        #expect(s.voice.texts.isEmpty)
    }

    @Test func theHintFollowsAfterAPauseAndTheLanguageComesFromTheElement() {
        let s = Stage()
        s.reader.language = "en-GB"
        s.pay.accessibilityHint = "Pays by card"
        s.cancel.accessibilityLanguage = "de"
        s.cancel.accessibilityLabel = "Abbrechen"
        s.fingers.touch(Point(x: 60, y: 130))
        #expect(s.voice.texts == ["Pay, button"])
        s.h.driver.advance(by: 1.5)
        #expect(s.voice.texts == ["Pay, button", "Pays by card"])
        s.fingers.next()
        #expect(s.voice.utterances.map(\.language) == ["en-GB", "en-GB", "de"])
        // Moving on before the pause ends drops the hint.
        s.fingers.touch(Point(x: 60, y: 130))
        s.fingers.next()
        s.h.driver.advance(by: 3)
        #expect(s.voice.texts.suffix(2) == ["Pay, button", "Abbrechen, button"])
    }

    /// A form filled with the on-screen keyboard, blind: the field is found by a swipe and
    /// activated by a double-tap (the keyboard comes up), each key is found by touch and typed by a
    /// double-tap, as VoiceOver's standard typing.
    @Test func aFormIsFilledWithTheOnScreenKeyboard() {
        let h = Harness(root: ViewController(), size: Size(width: 800, height: 600))
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        field.placeholder = "Name"
        field.autocapitalizationType = .none
        h.window.rootViewController!.view.addSubview(field)
        h.driver.addDevice(InputDevice(id: InputDeviceID(rawValue: 7), name: "touchscreen", capabilities: .touch))
        let voice = RecordingSpeechSynthesizer()
        h.app.screenReader.synthesizer = voice
        h.app.screenReader.start()
        let fingers = ScreenReaderFingers(driver: h.driver, window: h.window)
        fingers.next()
        fingers.doubleTap()
        h.driver.advance(by: 0.3)  // the keyboard slides in
        #expect(field.isFirstResponder)
        let keyboard = h.app.onScreenKeyboard.keyboardView
        for letter in ["a", "d", "a"] {
            guard let key = keyboard.key(labelled: letter) else {
                Issue.record("no key \(letter)")
                return
            }
            // Found by touch: the finger rests on the key (window coordinates of the app's window).
            let onScreen = keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: h.window)
            fingers.touch(onScreen)
            fingers.doubleTap()
        }
        #expect(field.text == "ada")
        #expect(
            voice.texts == [
                "Screen reader on", "Name, text field", "Name, text field",
                "a", "a", "d", "d", "a", "a"
            ])
        #expect(field.spokenDescription == "Name, ada, text field")
    }

    // MARK: Started without sight

    @Test func aThreeFingerTripleTapTogglesItAndSaysSo() {
        let s = Stage(running: false)
        s.fingers.threeFingerTripleTap()
        #expect(s.reader.isRunning)
        #expect(s.voice.texts == ["Screen reader on"])
        #expect(s.voice.utterances[0].priority == .important)
        // While off, the taps went to the app and nothing stayed open.
        #expect(s.h.driver.isClean)
        s.fingers.threeFingerTripleTap()
        #expect(!s.reader.isRunning)
        #expect(s.voice.texts == ["Screen reader on", "Screen reader off"])
        // Off again, a tap presses the button.
        s.h.driver.tap(at: Point(x: 60, y: 130), in: s.h.window)
        #expect(s.payTaps == 1)
    }

    @Test func theConfiguredKeyTogglesIt() {
        let s = Stage(running: false)
        s.reader.toggleKeyCode = 88  // KEY_F12
        let f12 = Key(keyCode: 88, characters: "")
        s.h.driver.type(f12, in: s.h.window)
        #expect(s.reader.isRunning)
        s.h.driver.type(f12, in: s.h.window)
        #expect(!s.reader.isRunning)
        #expect(s.voice.texts == ["Screen reader on", "Screen reader off"])
        #expect(s.h.driver.isClean)
    }

    @Test func theHeadphoneJackStartsItAndAutoFollowsIt() {
        let s = Stage(running: false)
        s.h.driver.inject(.switchToggled(.headphoneInsert, isOn: true))
        #expect(s.reader.isRunning)
        s.h.driver.inject(.switchToggled(.headphoneInsert, isOn: false))
        #expect(s.reader.isRunning, "off and on modes keep it running when the headset goes")
        s.reader.stopsOnHeadphoneRemoval = true
        s.h.driver.inject(.switchToggled(.headphoneInsert, isOn: false))
        #expect(!s.reader.isRunning)
        #expect(s.voice.texts == ["Screen reader on", "Screen reader off"])
        // Another switch (a lid) does nothing.
        s.h.driver.inject(.switchToggled(.lid, isOn: true))
        #expect(!s.reader.isRunning)
    }

    @Test func aFingerDownBeforeTheReaderStartsStaysTheAppsUntilItLifts() {
        let s = Stage(running: false)
        s.reader.toggleKeyCode = 88
        s.h.driver.touchDown(0, at: Point(x: 60, y: 130), in: s.h.window)
        s.h.driver.type(Key(keyCode: 88, characters: ""), in: s.h.window)
        #expect(s.reader.isRunning)
        s.h.driver.touchUp(0, in: s.h.window)
        #expect(s.payTaps == 1)
        #expect(s.h.driver.isClean)
    }

    // MARK: Time limits

    @Test func aTimeLimitWarnsBySpeechAndOnScreenAndExtends() {
        let s = Stage()
        var expired = 0
        let limit = s.h.app.scheduleTimeLimit(120, warningBefore: 30) { expired += 1 }
        s.h.driver.advance(by: 89)
        #expect(!limit.isWarning)
        s.h.driver.advance(by: 1)
        #expect(limit.isWarning)
        #expect(s.voice.utterances.first == SpeechUtterance("30 seconds left, double-tap to extend", priority: .important))
        let banner = s.h.window.subviews.compactMap { $0 as? TimeLimitWarningView }.first
        #expect(banner?.label.text == "30 seconds left, double-tap to extend")
        // The banner has the focus: a double-tap extends.
        #expect(s.reader.focusedElement === banner)
        s.fingers.doubleTap()
        #expect(!limit.isWarning)
        #expect(limit.extensionCount == 1)
        #expect(s.voice.texts.contains("Time extended"))
        #expect(banner?.superview == nil)
        s.h.driver.advance(by: 119)
        #expect(expired == 0)
        s.h.driver.advance(by: 2)
        #expect(expired == 1 && limit.isExpired)
    }

    @Test func aTimeLimitExtendsByATapWithoutTheReader() {
        let s = Stage(running: false)
        var expired = 0
        let limit = s.h.app.scheduleTimeLimit(60, warningBefore: 30) { expired += 1 }
        s.h.driver.advance(by: 30)
        #expect(s.voice.texts == ["30 seconds left, tap to extend"])
        s.h.driver.tap(at: Point(x: 200, y: 30), in: s.h.window)
        #expect(limit.extensionCount == 1)
        s.h.driver.advance(by: 59)
        #expect(expired == 0)
        s.h.driver.advance(by: 1)
        #expect(expired == 1)
    }

    @Test func theIdleResetWarnsAndAnyInputExtendsIt() {
        let s = Stage(running: false)
        var resets = 0
        s.h.app.addIdleHandler(after: 90, warningBefore: 30) { resets += 1 }
        s.h.driver.advance(by: 60)
        #expect(s.voice.texts == ["30 seconds left, tap to extend"])
        #expect(s.h.window.subviews.contains { $0 is TimeLimitWarningView })
        s.h.driver.tap(at: Point(x: 200, y: 600), in: s.h.window)
        #expect(!s.h.window.subviews.contains { $0 is TimeLimitWarningView })
        s.h.driver.advance(by: 89)
        #expect(resets == 0)
        s.h.driver.advance(by: 31)
        #expect(resets == 1)
    }
}
