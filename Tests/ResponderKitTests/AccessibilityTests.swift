import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// UIKit's accessibility API in the core (issue 26 §1): each control's defaults, the reading order,
/// containers, modality and notifications, read without a screen reader running.
@MainActor
@Suite struct AccessibilityTests {
    func window(_ views: [View]) -> Harness {
        let h = Harness(size: Size(width: 400, height: 800))
        for view in views { h.window.addSubview(view) }
        h.window.layoutIfNeeded()
        return h
    }

    @Test func labelIsStaticTextNamedByItsText() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 20))
        label.text = "Departures"
        #expect(label.isAccessibilityElement)
        #expect(label.accessibilityLabel == "Departures")
        #expect(label.accessibilityTraits == .staticText)
        #expect(label.spokenDescription == "Departures")
        label.accessibilityTraits = [.staticText, .header]
        #expect(label.spokenDescription == "Departures, heading")
    }

    @Test func buttonIsAButtonNamedByItsTitle() {
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 44))
        button.setTitle("Pay", for: .normal)
        #expect(button.isAccessibilityElement)
        #expect(button.accessibilityLabel == "Pay")
        #expect(button.accessibilityTraits == .button)
        #expect(button.spokenDescription == "Pay, button")
        button.isEnabled = false
        #expect(button.accessibilityTraits == [.button, .notEnabled])
        #expect(button.spokenDescription == "Pay, button, dimmed")
        button.accessibilityLabel = "Pay now"
        #expect(button.spokenDescription == "Pay now, button, dimmed")
    }

    @Test func imageViewIsNoElementUntilTheAppSaysSo() {
        let image = ImageView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(!image.isAccessibilityElement)
        #expect(image.accessibilityTraits == .image)
        image.isAccessibilityElement = true
        image.accessibilityLabel = "Map of the station"
        #expect(image.spokenDescription == "Map of the station, image")
    }

    @Test func textFieldSpeaksPlaceholderAndTextButNeverASecureText() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 40))
        field.placeholder = "Name"
        #expect(field.accessibilityLabel == "Name")
        #expect(field.spokenDescription == "Name, text field")
        field.text = "Ada"
        #expect(field.accessibilityValue == "Ada")
        #expect(field.spokenDescription == "Name, Ada, text field")
        field.placeholder = "PIN"
        field.isSecureTextEntry = true
        field.text = "4711"
        #expect(field.accessibilityValue == "4 characters")
        #expect(field.spokenDescription == "PIN, 4 characters, secure text field")
        #expect(field.spokenDescription.firstRange(of: "4711") == nil)
    }

    @Test func switchIsAButtonSpokenOnOrOff() {
        let toggle = Switch(frame: Rect(x: 0, y: 0, width: 51, height: 31))
        toggle.accessibilityLabel = "Receipt"
        #expect(toggle.accessibilityValue == "0")
        #expect(toggle.accessibilityTraits == .button)
        #expect(toggle.spokenDescription == "Receipt, off, switch button")
        toggle.isOn = true
        #expect(toggle.accessibilityValue == "1")
        #expect(toggle.spokenDescription == "Receipt, on, switch button")
    }

    @Test func sliderIsAdjustableByTenPercent() {
        let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 31))
        slider.minimumValue = 0
        slider.maximumValue = 50
        slider.value = 25
        slider.accessibilityLabel = "Volume"
        var changes = 0
        _ = slider.addAction(for: .valueChanged) { _ in changes += 1 }
        #expect(slider.accessibilityTraits == .adjustable)
        #expect(slider.accessibilityValue == "50%")
        slider.accessibilityIncrement()
        #expect(slider.value == 30)
        #expect(slider.accessibilityValue == "60%")
        slider.accessibilityDecrement()
        slider.accessibilityDecrement()
        #expect(slider.accessibilityValue == "40%")
        #expect(changes == 3)
        #expect(slider.spokenDescription == "Volume, 40%, adjustable")
    }

    @Test func stepperIsTwoButtonsValuedWithItsValue() {
        let stepper = Stepper(frame: Rect(x: 10, y: 10, width: 94, height: 29))
        stepper.value = 3
        let h = window([stepper])
        #expect(!stepper.isAccessibilityElement)
        let parts = AccessibilityReadingOrder.elements(in: stepper)
        #expect(parts.map(\.spokenDescription) == ["Decrement, 3, button", "Increment, 3, button"])
        // Each half sits where it is drawn, in screen coordinates.
        #expect(parts[0].accessibilityFrame.minX == 10)
        #expect(parts[1].accessibilityFrame.maxX == 104)
        // The same elements come back, so the reader's focus keeps its identity.
        #expect(AccessibilityReadingOrder.elements(in: stepper)[1] === parts[1])
        _ = h
    }

    @Test func segmentsAreElementsAndTheChosenOneIsSelected() {
        let control = SegmentedControl(items: ["Adult", "Child"])
        control.frame = Rect(x: 0, y: 0, width: 200, height: 32)
        control.selectedSegmentIndex = 1
        let h = window([control])
        let parts = AccessibilityReadingOrder.elements(in: control)
        #expect(parts.map(\.spokenDescription) == ["Adult, button", "selected, Child, button"])
        _ = h
    }

    @Test func readingOrderIsTopToBottomThenLeadingToTrailing() {
        func label(_ text: String, _ x: Double, _ y: Double) -> Label {
            let label = Label(frame: Rect(x: x, y: y, width: 80, height: 30))
            label.text = text
            return label
        }
        // Added in a scrambled order; the second row's labels are 4 points apart vertically.
        let h = window([label("D", 200, 104), label("A", 10, 10), label("C", 10, 100), label("B", 200, 10)])
        #expect(h.app.screenReader.elements.map(\.accessibilityLabel) == ["A", "B", "C", "D"])
    }

    @Test func containersGroupListAndHide() {
        func label(_ text: String, _ x: Double, _ y: Double) -> Label {
            let label = Label(frame: Rect(x: x, y: y, width: 80, height: 30))
            label.text = text
            return label
        }
        // A grouped column on the left is read as a block before the right column.
        let column = View(frame: Rect(x: 0, y: 0, width: 100, height: 300))
        column.shouldGroupAccessibilityChildren = true
        column.addSubview(label("L1", 0, 0))
        column.addSubview(label("L2", 0, 200))
        let right = label("R1", 200, 100)
        let hidden = View(frame: Rect(x: 0, y: 400, width: 100, height: 100))
        hidden.addSubview(label("gone", 0, 0))
        hidden.accessibilityElementsHidden = true
        let invisible = label("invisible", 0, 600)
        invisible.isHidden = true
        let h = window([column, right, hidden, invisible])
        #expect(h.app.screenReader.elements.map(\.accessibilityLabel) == ["L1", "L2", "R1"])
        // Ungrouped, the same views read by position.
        column.shouldGroupAccessibilityChildren = false
        #expect(h.app.screenReader.elements.map(\.accessibilityLabel) == ["L1", "R1", "L2"])
        // An explicit list wins, in its own order.
        let explicit = View(frame: Rect(x: 0, y: 700, width: 300, height: 50))
        let e1 = AccessibilityElement(accessibilityContainer: explicit)
        e1.accessibilityLabel = "second on screen"
        e1.accessibilityFrameInContainerSpace = Rect(x: 100, y: 0, width: 50, height: 50)
        let e2 = AccessibilityElement(accessibilityContainer: explicit)
        e2.accessibilityLabel = "first on screen"
        e2.accessibilityFrameInContainerSpace = Rect(x: 0, y: 0, width: 50, height: 50)
        explicit.accessibilityElements = [e1, e2]
        h.window.addSubview(explicit)
        #expect(h.app.screenReader.elements.map(\.accessibilityLabel).suffix(2) == ["second on screen", "first on screen"])
        #expect(e2.accessibilityFrame == Rect(x: 0, y: 700, width: 50, height: 50))
    }

    @Test func aModalViewHidesItsSiblingsAndAPresentedControllerIsModal() {
        let behind = Button(frame: Rect(x: 0, y: 0, width: 100, height: 44))
        behind.setTitle("Behind", for: .normal)
        let alert = View(frame: Rect(x: 50, y: 300, width: 300, height: 200))
        let ok = Button(frame: Rect(x: 10, y: 10, width: 100, height: 44))
        ok.setTitle("OK", for: .normal)
        alert.addSubview(ok)
        let h = window([behind, alert])
        #expect(h.app.screenReader.elements.map(\.accessibilityLabel) == ["Behind", "OK"])
        alert.accessibilityViewIsModal = true
        #expect(h.app.screenReader.elements.map(\.accessibilityLabel) == ["OK"])

        let root = ViewController()
        let h2 = Harness(root: root)
        let under = Button(frame: Rect(x: 0, y: 0, width: 100, height: 44))
        under.setTitle("Under", for: .normal)
        root.view.addSubview(under)
        let presented = ViewController()
        let done = Button(frame: Rect(x: 0, y: 100, width: 100, height: 44))
        done.setTitle("Done", for: .normal)
        presented.view.addSubview(done)
        root.present(presented, animated: false)
        h2.window.layoutIfNeeded()
        #expect(presented.view.accessibilityViewIsModal)
        #expect(h2.app.screenReader.elements.map(\.accessibilityLabel) == ["Done"])
    }

    @Test func theKeyboardKeysAndTheEditMenuAreElements() {
        let keyboard = KeyboardView()
        keyboard.frame = Rect(x: 0, y: 0, width: 400, height: 220)
        keyboard.layoutIfNeeded()
        let keys = AccessibilityReadingOrder.elements(in: keyboard)
        #expect(keys.count > 26)
        #expect(keys.allSatisfy { $0.accessibilityTraits.contains(.keyboardKey) })
        #expect(keys.contains { $0.accessibilityLabel == "space" })
        #expect(keys.contains { $0.accessibilityLabel == "delete" })
    }

    @Test func scrollViewPagesAndAnnouncesThePage() {
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        scroll.contentSize = Size(width: 400, height: 1000)
        let h = window([scroll])
        let voice = RecordingSpeechSynthesizer()
        h.app.screenReader.synthesizer = voice
        h.app.screenReader.start()
        voice.clear()
        #expect(scroll.accessibilityScroll(.up))
        #expect(scroll.contentOffset.y == 200)
        #expect(voice.texts == ["page 2 of 5"])
        for _ in 0..<3 { _ = scroll.accessibilityScroll(.up) }
        #expect(scroll.contentOffset.y == 800)
        #expect(!scroll.accessibilityScroll(.up), "already on the last page")
        #expect(voice.texts.last == "page 5 of 5")
        #expect(scroll.accessibilityScroll(.down))
        #expect(voice.texts.last == "page 4 of 5")
    }

    @Test func customActionsRunTheirHandler() {
        var archived = false
        let action = AccessibilityCustomAction(name: "Archive") { _ in
            archived = true
            return true
        }
        let view = View()
        view.accessibilityCustomActions = [action]
        #expect(view.accessibilityCustomActions?.first?.name == "Archive")
        #expect(action.perform())
        #expect(archived)
    }
}
