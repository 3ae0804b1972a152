import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Issue 11, on-screen keyboard: UIKit's input views docked at the bottom while their responder
/// is first responder, sliding on the application's animator; the keyboard notifications and
/// their frames; the built-in `KeyboardView` as the default input view of text fields (hardware
/// keyboards, the system input method and the mode decide); its keys typing through the
/// synthetic keyboard device; shift, caps, symbols, variants, backspace repeat; keyboard types and
/// Return titles; scroll views keeping the focused field visible. Manual clock throughout; a
/// "frame" is `Animator.tick` at the driver's time.
@MainActor
@Suite("On-screen keyboard")
struct OnScreenKeyboardTests {
    static let touchscreen = InputDevice(id: InputDeviceID(rawValue: 7), name: "touchscreen", capabilities: .touch)
    static let hardwareKeyboard = InputDevice(id: InputDeviceID(rawValue: 8), name: "keyboard", capabilities: .keyboard)
    static let keyboardHeight = 238.0

    /// An 800×600 window with two text fields, a touchscreen announced, and an observer log of
    /// the keyboard notifications of that window.
    @MainActor
    final class Stage {
        let harness: Harness
        let first = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        let second = TextField(frame: Rect(x: 20, y: 80, width: 300, height: 40))
        var notes: [(String, Rect?, Rect?, Double?)] = []
        var tokens: [NotificationCenter.ObserverToken] = []

        /// The fields type what the keys say (no automatic capitals) unless `autocapitalization`
        /// asks otherwise: these tests are about the keys; `AutomaticShiftTests` about capitals.
        init(touchscreen: Bool = true, autocapitalization: AutocapitalizationType = .none) {
            first.autocapitalizationType = autocapitalization
            second.autocapitalizationType = autocapitalization
            harness = Harness(root: ViewController(), size: Size(width: 800, height: 600))
            harness.window.rootViewController!.view.addSubview(first)
            harness.window.rootViewController!.view.addSubview(second)
            if touchscreen { harness.driver.addDevice(OnScreenKeyboardTests.touchscreen) }
            let names: [(Notification.Name, String)] = [
                (Responder.keyboardWillShowNotification, "willShow"), (Responder.keyboardDidShowNotification, "didShow"),
                (Responder.keyboardWillHideNotification, "willHide"), (Responder.keyboardDidHideNotification, "didHide")
            ]
            for (name, label) in names {
                tokens.append(
                    NotificationCenter.default.addObserver(forName: name, object: harness.window) { [unowned self] note in
                        notes.append((label, note.keyboardFrameBegin, note.keyboardFrameEnd, note.keyboardAnimationDuration))
                    })
            }
        }

        isolated deinit {
            for token in tokens { NotificationCenter.default.removeObserver(token) }
        }

        var app: Application { harness.app }
        var driver: InputDriver { harness.driver }
        var window: Window { harness.window }
        var keyboard: KeyboardView { app.onScreenKeyboard.keyboardView }

        /// The notification labels since the last call.
        func labels() -> [String] {
            defer { notes.removeAll() }
            return notes.map(\.0)
        }

        /// Advances to `time` and draws a frame there.
        func frame(at time: Double) {
            driver.advance(by: max(0, time - driver.now))
            app.animator.tick(now: driver.now)
        }

        /// Focuses `field` and lets the keyboard finish sliding in.
        func focus(_ field: TextField) {
            #expect(field.becomeFirstResponder())
            frame(at: driver.now + 0.3)
        }

        /// The centre of the key labelled `label`, in window coordinates.
        func point(of label: String) -> Point {
            guard let key = keyboard.key(labelled: label) else {
                Issue.record("no key labelled \(label) on page \(keyboard.page): \(keyboard.keys.map(\.label))")
                return .zero
            }
            return keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: window)
        }

        /// Taps the keys labelled `labels`, 50 ms apart.
        func tap(_ labels: String...) {
            for label in labels {
                driver.tap(at: point(of: label), in: window)
                driver.advance(by: 0.05)
            }
        }
    }

    // MARK: Showing and hiding

    @Test func focusingAFieldSlidesTheKeyboardInWithNotificationsAndFrames() {
        let s = Stage()
        let end = Rect(x: 0, y: 600 - Self.keyboardHeight, width: 800, height: Self.keyboardHeight)
        let below = Rect(x: 0, y: 600, width: 800, height: Self.keyboardHeight)
        #expect(s.first.becomeFirstResponder())
        #expect(s.labels() == ["willShow"])
        #expect(s.window.keyboardFrame == end)
        #expect(s.keyboard.window === s.window)
        #expect(s.app.devices[.onScreenKeyboard]?.capabilities == .keyboard, "the synthetic keyboard announced itself")
        s.frame(at: 0.1)
        let drawn = s.keyboard.superview!.presentation.frame
        #expect(drawn.minY > end.minY && drawn.minY < 600, "half way up at 0.1 s: \(drawn)")
        s.frame(at: 0.25)
        s.frame(at: 0.26)
        #expect(s.labels() == ["didShow"])
        #expect(s.keyboard.superview!.presentation.frame == end)
        s.notes.removeAll()

        #expect(s.first.resignFirstResponder())
        #expect(s.notes.map(\.0) == ["willHide"])
        #expect(s.notes[0].1 == end && s.notes[0].2 == below && s.notes[0].3 == 0.25)
        #expect(s.window.keyboardFrame == nil)
        s.notes.removeAll()
        s.frame(at: 0.6)
        s.frame(at: 0.61)
        #expect(s.labels() == ["didHide"])
        #expect(s.keyboard.window == nil, "the keyboard left the window")
        #expect(s.driver.isClean)
    }

    /// UIKit posts the frame-change pair with every show and hide as well as a move while shown,
    /// each just before its show/hide partner (willChangeFrame, willShow … didChangeFrame,
    /// didShow); an app that observes only them follows the keyboard throughout.
    @Test func theFrameChangeNotificationsComeWithEveryShowHideAndMove() {
        let s = Stage()
        var order: [String] = []
        var frames: [Rect?] = []
        let names: [(Notification.Name, String)] = [
            (Responder.keyboardWillChangeFrameNotification, "willChangeFrame"), (Responder.keyboardDidChangeFrameNotification, "didChangeFrame"),
            (Responder.keyboardWillShowNotification, "willShow"), (Responder.keyboardDidShowNotification, "didShow"),
            (Responder.keyboardWillHideNotification, "willHide"), (Responder.keyboardDidHideNotification, "didHide")
        ]
        let tokens = names.map { name, label in
            NotificationCenter.default.addObserver(forName: name, object: s.window) { note in
                order.append(label)
                if label.hasSuffix("ChangeFrame") { frames.append(note.keyboardFrameEnd) }
            }
        }
        defer { for token in tokens { NotificationCenter.default.removeObserver(token) } }
        let docked = Rect(x: 0, y: 600 - Self.keyboardHeight, width: 800, height: Self.keyboardHeight)
        s.focus(s.first)
        #expect(order == ["willChangeFrame", "willShow", "didChangeFrame", "didShow"])
        #expect(frames == [docked, docked])
        order.removeAll()
        frames.removeAll()
        s.focus(s.second)
        #expect(order == ["willShow", "didShow"], "same keyboard, same frame: no frame change")
        s.focus(s.first)
        order.removeAll()
        s.second.inputAccessoryView = View(frame: Rect(x: 0, y: 0, width: 800, height: 44))
        s.focus(s.second)
        #expect(order == ["willChangeFrame", "willShow", "didChangeFrame", "didShow"], "the accessory makes it taller")
        #expect(frames.last??.height == Self.keyboardHeight + 44)
        order.removeAll()
        frames.removeAll()
        #expect(s.second.resignFirstResponder())
        s.frame(at: s.driver.now + 0.5)
        #expect(order == ["willChangeFrame", "willHide", "didChangeFrame", "didHide"])
        #expect(frames.allSatisfy { $0?.minY == 600 }, "the end frame is below the window: \(frames)")
        #expect(s.driver.isClean)
    }

    @Test func theWillShowNotificationCarriesBeginEndAndDuration() {
        let s = Stage()
        #expect(s.first.becomeFirstResponder())
        #expect(s.notes.count == 1)
        #expect(s.notes[0].1 == Rect(x: 0, y: 600, width: 800, height: Self.keyboardHeight))
        #expect(s.notes[0].2 == Rect(x: 0, y: 362, width: 800, height: Self.keyboardHeight))
        #expect(s.notes[0].3 == InputViewPresenter.slideDuration)
    }

    @Test func movingFocusBetweenFieldsKeepsTheKeyboardUp() {
        let s = Stage()
        s.focus(s.first)
        _ = s.labels()
        #expect(s.second.becomeFirstResponder())
        #expect(s.labels() == ["willShow", "didShow"], "no hide in between, nothing to move")
        #expect(s.window.keyboardFrame?.minY == 362)
        s.second.keyboardType = .numberPad
        s.first.becomeFirstResponder()
        s.second.becomeFirstResponder()
        #expect(s.keyboard.page == .numberPad, "the keyboard follows the focused field's type")
        #expect(!s.labels().contains("willHide"))
    }

    @Test func anAccessoryViewDocksAboveTheKeyboardAndAloneWithAHardwareKeyboard() {
        let s = Stage()
        let bar = View(frame: Rect(x: 0, y: 0, width: 10, height: 44))
        s.first.inputAccessoryView = bar
        s.focus(s.first)
        #expect(s.window.keyboardFrame == Rect(x: 0, y: 600 - 44 - Self.keyboardHeight, width: 800, height: 44 + Self.keyboardHeight))
        #expect(bar.convert(bar.bounds, to: s.window) == Rect(x: 0, y: 600 - 44 - Self.keyboardHeight, width: 800, height: 44))
        #expect(s.keyboard.convert(s.keyboard.bounds, to: s.window).minY == 600 - Self.keyboardHeight)
        s.driver.addDevice(Self.hardwareKeyboard)
        s.frame(at: s.driver.now + 0.3)
        #expect(s.window.keyboardFrame == Rect(x: 0, y: 556, width: 800, height: 44), "the accessory stays, alone")
        #expect(s.keyboard.window == nil)
    }

    @Test func aCustomInputViewReplacesTheKeyboard() {
        let s = Stage()
        let picker = View(frame: Rect(x: 0, y: 0, width: 100, height: 200))
        s.first.inputView = picker
        s.focus(s.first)
        #expect(s.window.keyboardFrame == Rect(x: 0, y: 400, width: 800, height: 200))
        #expect(picker.window === s.window && s.keyboard.window == nil)
    }

    @Test func hardwareKeyboardsSwitchTheDefault() {
        let s = Stage()
        s.focus(s.first)
        #expect(s.app.onScreenKeyboard.isEnabled && s.window.keyboardFrame != nil)
        _ = s.labels()
        s.driver.addDevice(Self.hardwareKeyboard)
        #expect(s.labels() == ["willHide"])
        #expect(!s.app.onScreenKeyboard.isEnabled && s.window.keyboardFrame == nil)
        s.frame(at: s.driver.now + 0.3)
        s.driver.removeDevice(Self.hardwareKeyboard.id)
        #expect(s.window.keyboardFrame != nil)
        #expect(s.labels() == ["didHide", "willShow"])
        s.frame(at: s.driver.now + 0.3)
        // The keyboard's own synthetic device is not a hardware keyboard.
        #expect(s.app.devices[.onScreenKeyboard] != nil && !s.app.onScreenKeyboard.hasHardwareKeyboard)
    }

    @Test func noTouchscreenNoKeyboardInAutomaticMode() {
        let s = Stage(touchscreen: false)
        s.focus(s.first)
        #expect(s.window.keyboardFrame == nil && s.labels().isEmpty)
        s.app.onScreenKeyboard.mode = .always
        #expect(s.window.keyboardFrame != nil)
    }

    @Test func theSystemInputMethodMakesTheKeyboardStepAsideUnlessForced() {
        let s = Stage()
        s.focus(s.first)
        s.app.systemInputMethodAvailable = true
        #expect(s.window.keyboardFrame == nil)
        s.frame(at: s.driver.now + 0.3)
        s.app.onScreenKeyboard.mode = .always
        #expect(s.window.keyboardFrame != nil, ".always shows it anyway")
        s.app.onScreenKeyboard.mode = .never
        #expect(s.window.keyboardFrame == nil)
        s.app.onScreenKeyboard.mode = .automatic
        s.app.systemInputMethodAvailable = false
        #expect(s.window.keyboardFrame != nil)
        s.frame(at: s.driver.now + 0.3)
    }

    @Test func notificationCenterDeliversByNameAndObjectAndStopsAfterRemoval() {
        let center = NotificationCenter()
        let a = View(), b = View()
        var seen: [String] = []
        let all = center.addObserver(forName: "n", object: nil) { _ in seen.append("all") }
        let onlyA = center.addObserver(forName: "n", object: a) { _ in seen.append("a") }
        let anyName = center.addObserver(forName: nil, object: nil) { note in seen.append("any:\(note.name.rawValue)") }
        center.post(name: "n", object: a)
        center.post(name: "n", object: b)
        center.post(name: "m", object: nil)
        #expect(seen == ["all", "a", "any:n", "all", "any:n", "any:m"])
        center.removeObserver(onlyA)
        center.removeObserver(all)
        center.removeObserver(all)
        seen.removeAll()
        center.post(name: "n", object: a)
        #expect(seen == ["any:n"])
        center.removeObserver(anyName)
        #expect(center.observerCount == 0)
    }

    // MARK: Typing

    @Test func tappingKeysTypesThroughTheSyntheticKeyboard() {
        let s = Stage()
        s.focus(s.first)
        var devices: [InputDeviceID] = []
        s.app.addInputObserver { input in if case .key = input.kind { devices.append(input.device) } }
        s.tap("h", "e", "l", "l", "o", "space", "w", "o", "r", "l", "d")
        #expect(s.first.text == "hello world")
        #expect(!devices.isEmpty && devices.allSatisfy { $0 == .onScreenKeyboard })
        #expect(devices.count == 22, "a press and a release per key")
        #expect(s.driver.isClean)
    }

    @Test func shiftTypesOneCapitalAndADoubleTapLocksIt() {
        let s = Stage()
        s.focus(s.first)
        s.tap("⇧", "H", "i")
        #expect(s.first.text == "Hi")
        #expect(s.keyboard.shiftState == .off)
        s.driver.advance(by: 1)
        s.driver.tap(at: s.point(of: "⇧"), in: s.window)
        s.driver.advance(by: 0.2)
        s.driver.tap(at: s.point(of: "⇧"), in: s.window)
        #expect(s.keyboard.shiftState == .locked)
        s.tap("O", "K")
        #expect(s.first.text == "HiOK")
        s.tap("⇪", "a")
        #expect(s.first.text == "HiOKa")
        // Two taps further apart than shiftLockInterval: on, then off.
        s.driver.tap(at: s.point(of: "⇧"), in: s.window)
        s.driver.advance(by: 0.36)
        s.driver.tap(at: s.point(of: "⇧"), in: s.window)
        #expect(s.keyboard.shiftState == .off)
    }

    @Test func theSymbolPagesTypeWhatTheLayoutTypes() {
        let s = Stage()
        s.focus(s.first)
        s.tap("123", "4", "2", "#+=", "+", "123", "?", "ABC", "a")
        #expect(s.first.text == "42+?a")
        #expect(s.keyboard.page == .letters)
        #expect(s.driver.isClean)
    }

    /// The iPhone keyboard's habit: after "123" and a digit, space goes back to the letters, and an
    /// apostrophe at once; a page visited for nothing, or a keyboard type that starts on the
    /// symbols, stays put.
    @Test func spaceAfterTypingOnTheSymbolsReturnsToTheLetters() {
        let s = Stage()
        s.focus(s.first)
        s.tap("123", "4", "2", "space")
        #expect(s.keyboard.page == .letters)
        s.tap("a", "123", "#+=", "+", "space", "b")
        #expect(s.keyboard.page == .letters)
        s.tap("123", "space")
        #expect(s.keyboard.page == .symbols, "nothing typed there: space stays on the symbols")
        s.tap("ABC", "c")
        #expect(s.first.text == "42 a+ b c")
        s.tap("123", "'")
        #expect(s.keyboard.page == .letters, "an apostrophe returns at once (\"don't\")")
        s.tap("t", "123", "ABC")
        #expect(s.first.text == "42 a+ b c't")
        s.first.text = "42 a+ b c"
        s.first.keyboardType = .numbersAndPunctuation
        s.focus(s.second)
        s.focus(s.first)
        #expect(s.keyboard.page == .symbols)
        s.tap("7", "space", "8")
        #expect(s.keyboard.page == .symbols, "a keyboard type that starts on the symbols stays there")
        #expect(s.first.text == "42 a+ b c7 8")
        #expect(s.driver.isClean)
    }

    @Test func returnSendsTheFieldsReturnAction() {
        let s = Stage()
        s.first.returnKeyType = .search
        var exits = 0
        s.first.addAction(for: .editingDidEndOnExit) { _ in exits += 1 }
        s.focus(s.first)
        #expect(s.keyboard.key(labelled: "Search") != nil)
        s.tap("Search")
        #expect(exits == 1 && !s.first.isFirstResponder)
        s.frame(at: s.driver.now + 0.3)
        #expect(s.keyboard.window == nil)
    }

    @Test func returnKeyTitlesFollowReturnKeyType() {
        let s = Stage()
        for (type, title) in [
            (ReturnKeyType.default, "return"), (.go, "Go"), (.next, "Next"), (.search, "Search"),
            (.send, "Send"), (.done, "Done"), (.join, "Join"), (.route, "Route"), (.continue, "Continue")
        ] {
            s.first.returnKeyType = type
            s.keyboard.configure(for: s.first)
            s.keyboard.frame = Rect(x: 0, y: 0, width: 800, height: Self.keyboardHeight)
            s.keyboard.layoutIfNeeded()
            #expect(s.keyboard.keys.contains { $0.kind == .return && $0.label == title }, "\(type)")
        }
    }

    @Test func keyboardTypesPickTheirLayouts() {
        let s = Stage()
        s.second.keyboardType = .numberPad
        s.focus(s.second)
        #expect(s.keyboard.page == .numberPad)
        #expect(s.keyboard.keys.map(\.label) == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "", "0", "⌫"])
        s.tap("7", "0", "⌫", "1")
        #expect(s.second.text == "71")
        s.second.keyboardType = .decimalPad
        s.second.reloadInputViews()
        #expect(s.keyboard.keys.map(\.label).contains("."))
        s.second.keyboardType = .emailAddress
        s.second.reloadInputViews()
        #expect(s.keyboard.page == .letters && s.keyboard.key(labelled: "@") != nil)
        s.tap("a", "@", "b", ".", "c")
        #expect(s.second.text == "71a@b.c")
        s.second.keyboardType = .url
        s.second.reloadInputViews()
        #expect(s.keyboard.key(labelled: "/") != nil && s.keyboard.key(labelled: "@") == nil)
        s.second.keyboardType = .numbersAndPunctuation
        s.second.reloadInputViews()
        #expect(s.keyboard.page == .symbols)
    }

    @Test func keysAreAtLeast44PointsInAKioskWindow() {
        let s = Stage()
        for type in [KeyboardType.default, .numberPad, .numbersAndPunctuation] {
            s.first.keyboardType = type
            s.focus(s.first)
            s.first.reloadInputViews()
            for page in type == .numberPad ? [KeyboardPage.numberPad] : [.letters, .symbols, .moreSymbols] {
                s.keyboard.show(page)
                for key in s.keyboard.keys where key.kind != .spacer {
                    #expect(key.frame.width >= 44 && key.frame.height >= 44, "\(key.label) on \(page): \(key.frame)")
                }
            }
        }
    }

    @Test func aLongPressOffersAccentedVariants() {
        let s = Stage()
        s.focus(s.first)
        let e = s.point(of: "e")
        s.driver.touchDown(0, at: e, in: s.window)
        #expect(!s.keyboard.preview.isHidden && s.keyboard.preview.label == "e", "the key preview shows")
        s.driver.advance(by: 0.499)
        #expect(s.keyboard.variantsPopup.isHidden)
        s.driver.advance(by: 0.001)
        #expect(!s.keyboard.variantsPopup.isHidden && s.keyboard.preview.isHidden)
        #expect(s.keyboard.variantsPopup.variants == ["è", "é", "ê", "ë", "ē", "ė", "ę"])
        // Slide onto the second variant and lift.
        let popup = s.keyboard.variantsPopup
        let cell = popup.bounds.width / Double(popup.variants.count)
        s.driver.touchMove(0, to: popup.convert(Point(x: cell * 1.5, y: popup.bounds.midY), to: s.window), in: s.window)
        #expect(popup.selectedIndex == 1)
        s.driver.touchUp(0, in: s.window)
        #expect(s.first.text == "é")
        #expect(popup.isHidden)
        // A quick tap types the plain letter, and the preview goes.
        s.tap("e")
        #expect(s.first.text == "ée" && s.keyboard.preview.isHidden)
        #expect(s.driver.isClean)
    }

    @Test func aVariantOnTheLayoutIsSentAsItsKey() {
        let s = Stage()
        var keys: [Key] = []
        s.app.addInputObserver { input in if case let .key(key, true, _) = input.kind { keys.append(key) } }
        s.app.onScreenKeyboard.layout = KeyboardLayout(
            name: "test",
            keys: KeyboardLayout.us.keys
                + [
                    KeyboardLayout.KeySlot(keyCode: 26, row: 1, levels: ["ü", "Ü"])
                ].filter { _ in true })
        s.focus(s.first)
        s.driver.touchDown(0, at: s.point(of: "u"), in: s.window)
        s.driver.advance(by: 0.5)
        let popup = s.keyboard.variantsPopup
        let cell = popup.bounds.width / Double(popup.variants.count)
        #expect(popup.variants[1] == "ü")
        s.driver.touchMove(0, to: popup.convert(Point(x: cell * 1.5, y: popup.bounds.midY), to: s.window), in: s.window)
        s.driver.touchUp(0, in: s.window)
        s.driver.touchDown(0, at: s.point(of: "e"), in: s.window)
        s.driver.advance(by: 0.5)
        s.driver.touchUp(0, in: s.window)
        #expect(s.first.text == "üè")
        #expect(keys.map(\.keyCode) == [26, 0], "ü is a key of this layout; è is not (code 0)")
    }

    @Test func backspaceRepeatsWhileHeld() {
        let s = Stage()
        s.focus(s.first)
        s.first.insertText("abcdefghij")
        let backspace = s.point(of: "⌫")
        s.driver.touchDown(0, at: backspace, in: s.window)
        #expect(s.first.text == "abcdefghi", "deletes at touch-down")
        s.driver.advance(by: 0.599)
        #expect(s.first.text == "abcdefghi")
        s.driver.advance(by: 0.001)
        #expect(s.first.text == "abcdefgh", "first repeat after 0.6 s")
        s.driver.advance(by: 0.04)
        #expect(s.first.text == "abcdefg", "then 25 per second")
        s.driver.advance(by: 0.04)
        #expect(s.first.text == "abcdef")
        s.driver.touchUp(0, in: s.window)
        s.driver.advance(by: 1)
        #expect(s.first.text == "abcdef")
        #expect(s.driver.isClean)
    }

    /// A form whose Return key command submits (what a hardware Return does, so the on-screen one too).
    @MainActor
    final class Form: View {
        var submitted = 0
        override init(frame: Rect) {
            super.init(frame: frame)
            implement("submit") { [unowned self] _ in submitted += 1 }
        }
        override var keyCommands: [KeyCommand]? { [KeyCommand(input: KeyCommand.inputReturn, modifierFlags: [], action: "submit")] }
    }

    @Test func keyCommandsSeeOnScreenKeysLikeHardwareKeys() {
        let s = Stage()
        let form = Form(frame: Rect(x: 0, y: 200, width: 800, height: 100))
        let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
        form.addSubview(field)
        s.window.rootViewController!.view.addSubview(form)
        s.focus(field)
        var presses: [String] = []
        s.app.addInputObserver { input in if case let .key(key, pressed, _) = input.kind { presses.append("\(key.keyCode):\(pressed)") } }
        s.tap("return")
        #expect(presses == ["28:true", "28:false"])
        #expect(form.submitted == 1, "the key command took the on-screen Return")
        // A hardware Return does the same.
        s.driver.type(Key(keyCode: KeyCode.enter, characters: "\r"), in: s.window)
        #expect(form.submitted == 2)
        #expect(s.driver.isClean)
    }

    // MARK: Scroll views

    @Test func aScrollViewKeepsTheFocusedFieldAboveTheKeyboard() {
        let s = Stage()
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        scroll.contentSize = Size(width: 800, height: 1200)
        let low = TextField(frame: Rect(x: 20, y: 500, width: 300, height: 40))
        scroll.addSubview(low)
        s.window.rootViewController!.view.addSubview(scroll)
        #expect(low.becomeFirstResponder())
        #expect(scroll.keyboardInset == Self.keyboardHeight)
        #expect(scroll.adjustedContentInset.bottom == Self.keyboardHeight)
        s.frame(at: 0.1)
        s.frame(at: 0.5)
        // The field's bottom (540) plus the 8-point margin sits at the keyboard's top (362).
        #expect(scroll.contentOffset.y == 540 + ScrollView.keyboardMargin - (600 - Self.keyboardHeight))
        let fieldInWindow = low.convert(low.bounds, to: s.window)
        #expect(fieldInWindow.maxY <= s.window.keyboardFrame!.minY)
        // Scrolling to the very end is possible above the keyboard.
        #expect(scroll.maximumOffset.y == 1200 + Self.keyboardHeight - 600)
        #expect(low.resignFirstResponder())
        #expect(scroll.keyboardInset == 0)
        s.frame(at: 1)
        s.frame(at: 1.5)
        #expect(s.driver.isClean)
    }

    @Test func aScrollViewScrolledPastItsEndComesBackWhenTheKeyboardHides() {
        let s = Stage()
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        scroll.contentSize = Size(width: 800, height: 620)
        let low = TextField(frame: Rect(x: 20, y: 560, width: 300, height: 40))
        scroll.addSubview(low)
        s.window.rootViewController!.view.addSubview(scroll)
        #expect(low.becomeFirstResponder())
        s.frame(at: 0.5)
        #expect(scroll.contentOffset.y == 600 + ScrollView.keyboardMargin - 362)
        #expect(low.resignFirstResponder())
        s.frame(at: 0.6)
        s.frame(at: 1.2)
        #expect(scroll.contentOffset.y == 20, "back to the end of the content")
    }
}
