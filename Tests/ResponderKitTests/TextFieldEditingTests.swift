import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Issue 9 "Controls and editing": the finished TextField — caret placement by touch, word and
// full selection, drag and shift selection, the whole delegate in UIKit's order, secure entry,
// the clear button, alignment and the KeyInput shape.
//
// The core's estimate text engine makes every character 0.6 em wide: 10.2 pt at the default
// 17 pt, so character boundary k of a field without border sits at x = 10.2 k in its bounds.

/// A delegate that logs every call (and can veto) into the same list as the control events.
@MainActor
final class OrderDelegate: TextFieldDelegate {
    var log: [String] = []
    var allowBegin = true, allowEnd = true, allowReturn = true, allowClear = true
    var rejected: Set<String> = []
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { log.append("shouldBegin"); return allowBegin }
    func textFieldDidBeginEditing(_ textField: TextField) { log.append("didBegin") }
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool { log.append("shouldEnd"); return allowEnd }
    func textFieldDidEndEditing(_ textField: TextField) { log.append("didEnd") }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
        log.append("shouldChange \(range.lowerBound)..<\(range.upperBound) \"\(string)\"")
        return !rejected.contains(string)
    }
    func textFieldShouldReturn(_ textField: TextField) -> Bool { log.append("shouldReturn"); return allowReturn }
    func textFieldShouldClear(_ textField: TextField) -> Bool { log.append("shouldClear"); return allowClear }
}

@MainActor
@Suite("TextField: caret, selection, delegate and editing events")
struct TextFieldEditingTests {
    static let charWidth = 10.2

    /// A 300 × 40 field at (10, 10) in a 400 × 800 window, not focused, with `text`.
    func field(_ text: String = "", exitAction: Bool = true) -> (Harness, TextField, OrderDelegate) {
        Drawing.textEngine = EstimatedTextEngine()
        let h = Harness(root: HostViewController(log: Log()))
        let field = TextField(frame: Rect(10, 10, 300, 40))
        field.pasteboard = Pasteboard()
        field.text = text
        h.window.addSubview(field)
        let delegate = retained(OrderDelegate())
        field.delegate = delegate
        var events: [(ControlEvents, String)] = [
            (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
            (.editingDidEnd, "editingDidEnd")
        ]
        if exitAction { events.append((.editingDidEndOnExit, "editingDidEndOnExit")) }
        for (event, name) in events {
            field.addAction(for: event) { [unowned delegate] _ in delegate.log.append(name) }
        }
        return (h, field, delegate)
    }

    /// The window point of character boundary `k` plus `fraction` of a character (field row centre).
    func point(_ k: Double) -> Point { Point(x: 10 + k * Self.charWidth, y: 30) }

    static let left = Key(keyCode: KeyCode.left, characters: "")
    static let right = Key(keyCode: KeyCode.right, characters: "")
    static let shiftLeft = Key(keyCode: KeyCode.left, characters: "", modifierFlags: .shift)
    static let shiftRight = Key(keyCode: KeyCode.right, characters: "", modifierFlags: .shift)
    static let shiftHome = Key(keyCode: KeyCode.home, characters: "", modifierFlags: .shift)
    static let shiftEnd = Key(keyCode: KeyCode.end, characters: "", modifierFlags: .shift)

    /// A tap focuses the field and puts the caret at the nearest character boundary: 2.4
    /// characters in rounds to 2, 2.6 to 3; before the text 0, past its end the end.
    @Test func tapPlacesTheCaretAtTheNearestBoundary() {
        let (h, field, _) = field("abcdefgh")
        #expect(Drawing.textEngine.caretOffset(at: 3, in: field.text, font: field.font) == 3 * Self.charWidth)
        h.tap(point(2.4))
        #expect(field.isFirstResponder)
        #expect(field.selectedRange == 2..<2, "a tap on an unfocused field places the caret at the tap, as UIKit")
        for (at, expected) in [(2.6, 3), (0.49, 0), (0.51, 1), (7.6, 8), (20.0, 8), (0.2, 0)] {
            h.driver.advance(by: 1)  // not a double tap
            h.tap(point(at))
            #expect(field.selectedRange == expected..<expected, "tap at \(at) characters")
        }
        #expect(h.driver.isClean)
    }

    /// A second tap within the multi-tap interval (0.35 s) selects the word under it; 10 ms later
    /// it is a new single tap that places the caret. A third tap selects everything.
    @Test func doubleTapSelectsAWordTripleTapSelectsAll() {
        let (h, field, _) = field("hello big world")
        #expect(h.app.multiTapInterval == 0.35)
        h.tap(point(8.5))
        h.driver.advance(by: 0.35)
        h.tap(point(8.5))
        #expect(field.selectedRange == 6..<9, "\"big\"")
        #expect(field.selectedText == "big")
        h.driver.advance(by: 0.2)
        h.tap(point(8.5))
        #expect(field.selectedRange == 0..<15, "the third tap selects all")

        h.driver.advance(by: 1)
        h.tap(point(13.4))
        h.driver.advance(by: 0.36)
        h.tap(point(13.4))
        #expect(field.selectedRange == 13..<13, "0.36 s later the second tap is a single tap: a caret")
        // A double tap on the space between words selects that space; past the end, the last word.
        h.driver.advance(by: 1)
        h.tap(point(5.5)); h.driver.advance(by: 0.1); h.tap(point(5.5))
        #expect(field.selectedRange == 5..<6)
        h.driver.advance(by: 1)
        h.tap(point(25)); h.driver.advance(by: 0.1); h.tap(point(25))
        #expect(field.selectedText == "world")
        #expect(h.driver.isClean)
    }

    /// A long press shows the edit menu only once held for `minimumPressDuration` (0.5 s): at
    /// 0.49 s nothing, at 0.51 s the menu; on an unfocused field it focuses and puts the caret at
    /// the press; on a selection it keeps the selection and offers the selection's actions.
    @Test func longPressShowsTheMenuAtTheDuration() {
        let (h, field, _) = field("hello world")
        h.driver.touchDown(0, at: point(3), in: h.window)
        h.driver.advance(by: 0.49)
        #expect(!field.editMenuInteraction.isMenuVisible)
        #expect(!field.isFirstResponder)
        h.driver.advance(by: 0.02)
        #expect(field.isFirstResponder)
        #expect(field.selectedRange == 3..<3)
        #expect(field.editMenuInteraction.isMenuVisible)
        #expect(field.editMenuInteraction.presentedMenu?.items.map(\.title) == ["Select", "Select All"])
        h.driver.touchUp(0, in: h.window)
        #expect(field.editMenuInteraction.isMenuVisible, "lifting the finger keeps the menu")
        #expect(field.selectedRange == 3..<3, "the cancelled tap placed no caret")
        field.editMenuInteraction.dismissMenu()
        #expect(h.window.subviews.allSatisfy { !($0 is EditMenuView) })

        // A press held 0.49 s is a tap.
        h.driver.advance(by: 1)
        h.driver.touchDown(0, at: point(8), in: h.window)
        h.driver.advance(by: 0.49)
        h.driver.touchUp(0, in: h.window)
        #expect(!field.editMenuInteraction.isMenuVisible)
        #expect(field.selectedRange == 8..<8)

        // On a selection: the menu for it.
        field.selectedRange = 6..<11
        field.pasteboard.string = "x"
        h.driver.advance(by: 1)
        h.driver.touchDown(0, at: point(8), in: h.window)
        h.driver.advance(by: 0.51)
        h.driver.touchUp(0, in: h.window)
        #expect(field.selectedRange == 6..<11)
        #expect(field.editMenuInteraction.presentedMenu?.items.map(\.title) == ["Cut", "Copy", "Paste", "Select All", "Delete"])
        field.editMenuInteraction.dismissMenu()
        #expect(h.driver.isClean)
    }

    /// Dragging: the finger that double-tapped a word and moves extends the selection from that
    /// word; a later touch on a selection's end drags that end; a touch that does not move
    /// places the caret.
    @Test func dragAdjustsTheSelection() {
        let (h, field, _) = field("one two three four")
        h.tap(point(5.5))
        h.driver.advance(by: 0.1)
        h.driver.touchDown(0, at: point(5.5), in: h.window)
        #expect(field.selectedText == "two")
        h.driver.touchMove(0, to: point(12.2), in: h.window)
        #expect(field.selectedRange == 4..<12, "from \"two\" to boundary 12")
        h.driver.touchMove(0, to: point(1.2), in: h.window)
        #expect(field.selectedRange == 1..<7, "dragged before the word: the word's end stays")
        h.driver.touchUp(0, in: h.window)
        #expect(field.selectedRange == 1..<7)

        // A new touch on the selection's upper end drags it.
        h.driver.advance(by: 1)
        h.driver.touchDown(1, at: point(7.3), in: h.window)
        h.driver.touchMove(1, to: point(9), in: h.window)
        h.driver.touchMove(1, to: point(14), in: h.window)
        h.driver.touchUp(1, in: h.window)
        #expect(field.selectedRange == 1..<14)
        // On its lower end, moved past the upper one: the ends swap.
        h.driver.advance(by: 1)
        h.driver.touchDown(1, at: point(1), in: h.window)
        h.driver.touchMove(1, to: point(16), in: h.window)
        h.driver.touchUp(1, in: h.window)
        #expect(field.selectedRange == 14..<16)
        // A touch on the selection that does not move is a tap: a caret.
        h.driver.advance(by: 1)
        h.tap(point(15))
        #expect(field.selectedRange == 15..<15)
        #expect(h.driver.isClean)
    }

    /// A pointer click focuses and places the caret at once; click-drag selects; a double click
    /// selects a word.
    @Test func clickAndDragWithThePointerSelects() {
        let (h, field, _) = field("drag to select")
        h.driver.pointerMove(to: point(2), in: h.window)
        h.driver.pointerButton(pressed: true, in: h.window)
        #expect(field.isFirstResponder)
        #expect(field.selectedRange == 2..<2)
        h.driver.pointerMove(to: point(6.8), in: h.window)
        #expect(field.selectedRange == 2..<7)
        h.driver.advance(by: 0.6)
        #expect(!field.editMenuInteraction.isMenuVisible, "a held mouse button is no long press")
        h.driver.pointerMove(to: point(0.2), in: h.window)
        h.driver.pointerButton(pressed: false, in: h.window)
        #expect(field.selectedRange == 0..<2)
        h.driver.advance(by: 1)
        h.driver.click(at: point(10), in: h.window)
        h.driver.advance(by: 0.1)
        h.driver.click(at: point(10), in: h.window)
        #expect(field.selectedText == "select")
        #expect(h.driver.isClean)
    }

    /// Arrows, Home and End move the caret; with shift they extend the selection from a fixed
    /// anchor (and shrink it back); typing replaces the selection; backspace and delete.
    @Test func keyboardEditingWithShiftSelection() {
        let (h, field, _) = field()
        h.tap(point(0))
        h.driver.type("abcdef", in: h.window)
        h.driver.type(Self.shiftLeft, in: h.window)
        h.driver.type(Self.shiftLeft, in: h.window)
        #expect(field.selectedRange == 4..<6)
        h.driver.type(Self.shiftRight, in: h.window)
        #expect(field.selectedRange == 5..<6, "the anchor (6) stays; the moving end comes back")
        h.driver.type(Self.shiftHome, in: h.window)
        #expect(field.selectedRange == 0..<6)
        h.driver.type(Self.left, in: h.window)
        #expect(field.selectedRange == 0..<0, "left collapses to the start")
        h.driver.type(Self.shiftRight, in: h.window)
        h.driver.type(Self.shiftRight, in: h.window)
        h.driver.type(Self.shiftRight, in: h.window)
        #expect(field.selectedText == "abc")
        h.driver.type("X", in: h.window)
        #expect(field.text == "Xdef")
        #expect(field.selectedRange == 1..<1)
        h.driver.type(Self.shiftEnd, in: h.window)
        #expect(field.selectedRange == 1..<4)
        h.driver.type(Self.right, in: h.window)
        #expect(field.selectedRange == 4..<4, "right collapses to the end")
        h.driver.type(USKeyboard.backspace, in: h.window)
        h.driver.type(Key(keyCode: KeyCode.home, characters: ""), in: h.window)
        h.driver.type(Key(keyCode: KeyCode.delete, characters: ""), in: h.window)
        #expect(field.text == "de")
        #expect(h.driver.isClean)
    }

    /// Every delegate call and editing control event, in UIKit's order, from a tap through typing
    /// to Return.
    @Test func delegateAndEventsInUIKitsOrder() {
        let (h, field, delegate) = field()
        h.tap(point(0))
        #expect(delegate.log == ["shouldBegin", "didBegin", "editingDidBegin"])
        delegate.log.removeAll()
        h.driver.type("hi", in: h.window)
        #expect(delegate.log == ["shouldChange 0..<0 \"h\"", "editingChanged", "shouldChange 1..<1 \"i\"", "editingChanged"])
        delegate.log.removeAll()
        h.driver.type(USKeyboard.backspace, in: h.window)
        #expect(delegate.log == ["shouldChange 1..<2 \"\"", "editingChanged"])
        delegate.log.removeAll()
        h.driver.type(USKeyboard.enter, in: h.window)
        #expect(delegate.log == ["shouldReturn", "editingDidEndOnExit", "shouldEnd", "didEnd", "editingDidEnd"])
        #expect(!field.isFirstResponder)
        #expect(h.driver.isClean)
    }

    /// Vetoes: a refused change leaves the text (and sends no editingChanged); a refused begin
    /// keeps the field unfocused and its caret where it was; a refused end keeps it editing;
    /// a refused return sends nothing.
    @Test func delegateVetoes() {
        let (h, field, delegate) = field("keep")
        delegate.allowBegin = false
        h.tap(point(1))
        #expect(!field.isFirstResponder)
        #expect(h.window.firstResponder == nil)
        #expect(field.selectedRange == 4..<4)
        #expect(delegate.log == ["shouldBegin"])
        delegate.allowBegin = true
        h.driver.advance(by: 1)
        h.tap(point(4))
        delegate.log.removeAll()
        delegate.rejected = ["z"]
        h.driver.type("z", in: h.window)
        #expect(field.text == "keep")
        #expect(delegate.log == ["shouldChange 4..<4 \"z\""])
        delegate.log.removeAll()
        delegate.allowEnd = false
        #expect(field.resignFirstResponder() == false)
        #expect(field.isFirstResponder)
        let other = TextField(frame: Rect(10, 100, 300, 40))
        h.window.addSubview(other)
        #expect(other.becomeFirstResponder() == false, "the field refuses to end editing")
        #expect(delegate.log == ["shouldEnd", "shouldEnd"])
        delegate.log.removeAll()
        delegate.allowReturn = false
        h.driver.type(USKeyboard.enter, in: h.window)
        #expect(delegate.log == ["shouldReturn"])
        #expect(field.isFirstResponder)
        delegate.allowEnd = true
        #expect(other.becomeFirstResponder())
        #expect(h.driver.isClean)
    }

    /// Return with no action registered for `.editingDidEndOnExit` keeps the field editing
    /// (UIKit resigns only when something handles the exit event).
    @Test func returnWithoutAnExitActionKeepsEditing() {
        let (h, field, delegate) = field("x", exitAction: false)
        h.tap(point(1))
        delegate.log.removeAll()
        h.driver.type(USKeyboard.enter, in: h.window)
        #expect(delegate.log == ["shouldReturn"])
        #expect(field.isFirstResponder)
        let target = ActionRecorder(handles: ["done:"])
        field.addTarget(target, action: "done:", for: .editingDidEndOnExit)
        h.driver.type(USKeyboard.enter, in: h.window)
        #expect(target.received == ["done:"])
        #expect(!field.isFirstResponder)
        #expect(h.driver.isClean)
    }

    /// Secure entry: measured and drawn as bullets, copy and cut declined (so not in the menu),
    /// paste still works; a double tap selects everything.
    @Test func secureEntry() {
        let (h, field, _) = field("secret")
        field.isSecureTextEntry = true
        #expect(field.displayText == "••••••")
        h.tap(point(2)); h.driver.advance(by: 0.1); h.tap(point(2))
        #expect(field.selectedRange == 0..<6, "no words in a password")
        #expect(!field.canPerformAction(.copy, withSender: nil))
        #expect(!field.canPerformAction(.cut, withSender: nil))
        #expect(field.canPerformAction(.delete, withSender: nil))
        field.pasteboard.string = "pw"
        field.showEditMenu()
        #expect(field.editMenuInteraction.presentedMenu?.items.map(\.title) == ["Paste", "Delete"])
        #expect(!h.app.sendAction(.copy, to: nil, from: nil, for: nil), "copy walks past the field and nobody takes it")
        #expect(field.pasteboard.string == "pw")
        #expect(h.app.sendAction(.paste, to: nil, from: nil, for: nil))
        #expect(field.text == "pw")
        #expect(!field.editMenuInteraction.isMenuVisible, "a change hides the menu")
        #expect(h.driver.isClean)
    }

    /// The clear button: shown per `clearButtonMode` (never for empty text), narrowing the text
    /// area; a tap on it asks `textFieldShouldClear`, empties the text and sends editingChanged.
    @Test func clearButton() {
        let (h, field, delegate) = field("abc")
        #expect(!field.isClearButtonVisible, ".never by default")
        field.clearButtonMode = .whileEditing
        #expect(!field.isClearButtonVisible)
        field.clearButtonMode = .unlessEditing
        #expect(field.isClearButtonVisible)
        field.clearButtonMode = .always
        #expect(field.isClearButtonVisible)
        #expect(field.textRect(forBounds: field.bounds).width == 300 - 19 - 6)
        let button = field.convert(field.clearButtonRect(forBounds: field.bounds), to: h.window)
        #expect(button == Rect(291, 21, 19, 19))
        delegate.allowClear = false
        h.tap(Point(x: button.midX, y: button.midY))
        #expect(field.text == "abc")
        #expect(field.isFirstResponder, "a tap on the button focuses the field")
        delegate.log.removeAll()
        delegate.allowClear = true
        h.driver.advance(by: 1)
        h.tap(Point(x: button.midX, y: button.midY))
        #expect(field.text == "")
        #expect(delegate.log == ["shouldClear", "editingChanged"])
        #expect(!field.isClearButtonVisible, "nothing to clear")
        field.clearButtonMode = .whileEditing
        field.text = "x"
        #expect(field.isClearButtonVisible)
        #expect(h.driver.isClean)
    }

    /// Centred and right-aligned text: the caret and the tap mapping follow the alignment.
    @Test func alignmentMovesCaretAndTapMapping() {
        let (h, field, _) = field("abcd")
        field.textAlignment = .center
        // 300 − caret 2 − 4 × 10.2 = 257.2 free; half rounded: 129.
        #expect(field.caretRect(at: 0).minX == 129)
        h.tap(Point(x: 10 + 129 + 3 * Self.charWidth, y: 30))
        #expect(field.selectedRange == 3..<3)
        field.textAlignment = .right
        #expect(field.caretRect(at: 4).minX == 298)
        #expect(field.characterIndex(closestTo: Point(x: 298 - Self.charWidth, y: 20)) == 3)
        #expect(h.driver.isClean)
    }

    /// The KeyInput shape (UIKit's UIKeyInput) an on-screen keyboard types through.
    @Test func keyInput() {
        let (h, field, delegate) = field()
        #expect(field.becomeFirstResponder())
        let input: any KeyInput = field
        #expect(!input.hasText)
        input.insertText("héllo")
        input.deleteBackward()
        #expect(field.text == "héll")
        #expect(input.hasText)
        #expect(delegate.log.filter { $0 == "editingChanged" }.count == 2)
        field.keyboardType = .emailAddress
        field.returnKeyType = .done
        field.autocapitalizationType = .none
        #expect(field.keyboardType == .emailAddress && field.returnKeyType == .done && field.autocapitalizationType == .none)
        #expect(h.driver.isClean)
    }
}
