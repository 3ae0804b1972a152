import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Issue 9 "Controls and editing": the edit menu — exactly the actions the first responder's chain
// accepts, chosen by touch, click or keys through the nil-targeted action, dismissed by a tap
// outside that reaches nothing else, placed above its target or flipped below, inside the window.

/// An application that logs every action it sends (to see the menu's nil-targeted sends).
@MainActor
final class SendLoggingApplication: Application {
    var sent: [String] = []
    override func sendAction(_ action: Selector, to target: AnyObject?, from sender: Any?, for event: Event?) -> Bool {
        let handled = super.sendAction(action, to: target, from: sender, for: event)
        sent.append("\(action) to \(target.map { "\(type(of: $0))" } ?? "nil") from \(sender.map { "\(type(of: $0))" } ?? "nil") → \(handled)")
        return handled
    }
}

/// A label that can be first responder and copies its text (UIKit's copyable-label recipe).
@MainActor
final class CopyableLabel: Label {
    var pasteboard = Pasteboard()
    override var canBecomeFirstResponder: Bool { true }
    override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = true
        implement(.copy) { [unowned self] _ in pasteboard.string = text }
    }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        action == .copy ? text?.isEmpty == false : super.canPerformAction(action, withSender: sender)
    }
}

@MainActor
@Suite("Edit menu: items, choosing, dismissing, placement")
struct EditMenuTests {
    let app = SendLoggingApplication()

    /// A field "hello world" at `frame`, focused, with its own pasteboard holding "PASTE".
    func setUp(frame: Rect = Rect(50, 300, 300, 40)) -> (Harness, TextField) {
        Drawing.textEngine = EstimatedTextEngine()
        let h = Harness(root: HostViewController(log: Log()), application: app)
        let field = TextField(frame: frame)
        field.pasteboard = Pasteboard()
        field.pasteboard.string = "PASTE"
        field.text = "hello world"
        h.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        return (h, field)
    }

    func titles(_ field: TextField) -> [String]? { field.editMenuInteraction.presentedMenu?.items.map(\.title) }

    func center(of item: String, in field: TextField) -> Point {
        let menu = field.editMenuInteraction.presentedMenu!
        let frame = menu.itemFrames[menu.items.firstIndex { $0.title == item }!]
        return menu.convert(Point(x: frame.midX, y: frame.midY), to: nil)
    }

    /// The items are the standard actions the chain accepts, in UIKit's order.
    @Test func itemsAreWhatTheChainAccepts() {
        let (h, field) = setUp()
        field.selectedRange = 11..<11
        field.showEditMenu()
        #expect(titles(field) == ["Paste", "Select", "Select All"], "a caret: nothing to cut, copy or delete")
        field.selectedRange = 0..<5
        field.showEditMenu()
        #expect(titles(field) == ["Cut", "Copy", "Paste", "Select All", "Delete"])
        field.pasteboard.string = nil
        field.selectedRange = 0..<11
        field.showEditMenu()
        #expect(titles(field) == ["Cut", "Copy", "Delete"], "empty pasteboard, everything selected")
        #expect(h.window.subviews.filter { $0 is EditMenuView }.count == 1, "one menu at a time")
        field.editMenuInteraction.dismissMenu()
        #expect(h.driver.isClean)
    }

    /// Any responder can have a menu: a label that implements copy gets exactly Copy; a
    /// controller behind it that implements paste adds Paste (the chain, not only the responder).
    @Test func aLabelThatCopiesGetsOnlyCopy() {
        Drawing.textEngine = EstimatedTextEngine()
        let controller = HostViewController(log: Log())
        let h = Harness(root: controller, application: app)
        let label = CopyableLabel(frame: Rect(20, 200, 200, 30))
        label.text = "Copy me"
        controller.view.addSubview(label)
        #expect(label.becomeFirstResponder())
        let interaction = EditMenuInteraction()
        label.addInteraction(interaction)
        interaction.presentEditMenu(with: EditMenuConfiguration(sourcePoint: Point(x: 100, y: 0)))
        #expect(interaction.presentedMenu?.items.map(\.title) == ["Copy"])
        controller.implement(.paste) { _ in }
        interaction.presentEditMenu(with: EditMenuConfiguration(sourcePoint: Point(x: 100, y: 0)))
        #expect(interaction.presentedMenu?.items.map(\.title) == ["Copy", "Paste"])
        h.tap(center(ofFirstItemOf: interaction))
        #expect(label.pasteboard.string == "Copy me")
        #expect(!interaction.isMenuVisible)
        // Nothing accepted: no menu at all.
        label.text = ""
        controller.unimplement(.paste)
        interaction.presentEditMenu(with: EditMenuConfiguration(sourcePoint: Point(x: 100, y: 0)))
        #expect(!interaction.isMenuVisible)
        #expect(h.window.subviews.allSatisfy { !($0 is EditMenuView) })
        #expect(h.driver.isClean)
    }

    func center(ofFirstItemOf interaction: EditMenuInteraction) -> Point {
        let menu = interaction.presentedMenu!
        return menu.convert(Point(x: menu.itemFrames[0].midX, y: menu.itemFrames[0].midY), to: nil)
    }

    /// Choosing Paste with a touch sends the nil-targeted `paste:` (from the interaction), the
    /// field pastes, and the menu hides and leaves the window.
    @Test func choosingPasteByTouch() {
        let (h, field) = setUp()
        field.selectedRange = 6..<11
        field.showEditMenu()
        app.sent.removeAll()
        let paste = center(of: "Paste", in: field)
        h.driver.touchDown(0, at: paste, in: h.window)
        #expect(field.editMenuInteraction.presentedMenu?.highlightedIndex == 2)
        h.driver.touchUp(0, in: h.window)
        #expect(app.sent == ["paste: to nil from EditMenuInteraction → true"])
        #expect(field.text == "hello PASTE")
        #expect(!field.editMenuInteraction.isMenuVisible)
        #expect(h.window.subviews.allSatisfy { !($0 is EditMenuView) })
        #expect(field.isFirstResponder)
        #expect(h.driver.isClean)
    }

    /// A finger that slides off an item before lifting chooses nothing (the menu stays).
    @Test func slidingOffAnItemChoosesNothing() {
        let (h, field) = setUp()
        field.showEditMenu()
        let paste = center(of: "Paste", in: field)
        h.driver.touchDown(0, at: paste, in: h.window)
        h.driver.touchMove(0, to: Point(x: paste.x, y: paste.y + 60), in: h.window)
        #expect(field.editMenuInteraction.presentedMenu?.highlightedIndex == nil)
        h.driver.touchUp(0, in: h.window)
        #expect(field.text == "hello world")
        #expect(field.editMenuInteraction.isMenuVisible)
        field.editMenuInteraction.dismissMenu()
        #expect(h.driver.isClean)
    }

    /// Choosing Select selects the word at the caret and shows the menu again for it (UIKit).
    @Test func choosingSelectShowsTheMenuForTheWord() {
        let (h, field) = setUp()
        field.selectedRange = 2..<2
        field.showEditMenu()
        h.tap(center(of: "Select", in: field))
        #expect(field.selectedText == "hello")
        #expect(titles(field) == ["Cut", "Copy", "Paste", "Select All", "Delete"])
        #expect(h.window.subviews.filter { $0 is EditMenuView }.count == 1, "the old menu left")
        h.driver.advance(by: 1)
        h.tap(center(of: "Select All", in: field))
        #expect(field.selectedRange == 0..<11)
        #expect(titles(field) == ["Cut", "Copy", "Paste", "Delete"])
        field.editMenuInteraction.dismissMenu()
        #expect(h.driver.isClean)
    }

    /// Choosing Paste with a mouse click does the same.
    @Test func choosingPasteByClick() {
        let (h, field) = setUp()
        field.selectedRange = 0..<5
        field.showEditMenu()
        app.sent.removeAll()
        h.driver.click(at: center(of: "Paste", in: field), in: h.window)
        #expect(app.sent == ["paste: to nil from EditMenuInteraction → true"])
        #expect(field.text == "PASTE world")
        #expect(!field.editMenuInteraction.isMenuVisible)
        #expect(h.driver.isClean)
    }

    /// Keys: the arrows move the highlight (wrapping), Return chooses, and the keys never reach
    /// the field (nothing typed, the caret did not move); Escape dismisses.
    @Test func choosingPasteByKeys() {
        let (h, field) = setUp()
        field.selectedRange = 11..<11
        field.showEditMenu()
        #expect(titles(field) == ["Paste", "Select", "Select All"])
        let menu = field.editMenuInteraction.presentedMenu!
        #expect(menu.highlightedIndex == nil)
        h.driver.type(Key(keyCode: KeyCode.right, characters: ""), in: h.window)
        #expect(menu.highlightedIndex == 0)
        h.driver.type(Key(keyCode: KeyCode.right, characters: ""), in: h.window)
        h.driver.type(Key(keyCode: KeyCode.right, characters: ""), in: h.window)
        h.driver.type(Key(keyCode: KeyCode.right, characters: ""), in: h.window)
        #expect(menu.highlightedIndex == 0, "wraps after the last item")
        h.driver.type(Key(keyCode: KeyCode.left, characters: ""), in: h.window)
        #expect(menu.highlightedIndex == 2)
        h.driver.type(Key(keyCode: KeyCode.right, characters: ""), in: h.window)
        #expect(field.selectedRange == 11..<11, "the arrows moved the highlight, not the caret")
        app.sent.removeAll()
        h.driver.type(USKeyboard.enter, in: h.window)
        #expect(app.sent == ["paste: to nil from EditMenuInteraction → true"])
        #expect(field.text == "hello worldPASTE")
        #expect(field.isFirstResponder, "Return chose the item; it did not end editing")
        #expect(!field.editMenuInteraction.isMenuVisible)
        #expect(h.log.entries(endingWith: "pressesBegan").isEmpty)

        field.showEditMenu()
        h.driver.type(USKeyboard.escape, in: h.window)
        #expect(!field.editMenuInteraction.isMenuVisible)
        #expect(h.log.entries(endingWith: "pressesBegan").isEmpty, "Escape did not walk the chain")
        // Typing with the menu shown types (and the change hides the menu).
        field.showEditMenu()
        h.driver.type("!", in: h.window)
        #expect(field.text == "hello worldPASTE!")
        #expect(!field.editMenuInteraction.isMenuVisible)
        #expect(h.driver.isClean)
    }

    /// A tap outside the bar dismisses the menu and reaches nothing: not the button under it,
    /// not the field; the next tap works normally.
    @Test func tapOutsideDismissesWithoutPassingThrough() {
        let (h, field) = setUp()
        let button = Button(frame: Rect(50, 500, 200, 50))
        var taps = 0
        button.addAction(for: .touchUpInside) { _ in taps += 1 }
        h.window.addSubview(button)
        field.showEditMenu()
        let menu = field.editMenuInteraction.presentedMenu!
        #expect(menu.superview === h.window && h.window.subviews.last === menu, "on top of the window")
        h.tap(Point(x: 100, y: 520))
        #expect(taps == 0, "the dismissing tap did not reach the button")
        #expect(!field.editMenuInteraction.isMenuVisible)
        #expect(menu.superview == nil)
        #expect(field.isFirstResponder)
        h.driver.advance(by: 1)
        h.tap(Point(x: 100, y: 520))
        #expect(taps == 1)
        // A tap outside on the field itself places no caret.
        field.selectedRange = 2..<2
        field.showEditMenu()
        h.driver.advance(by: 1)
        h.tap(Point(x: 50 + 8 * 10.2, y: 320))
        #expect(!field.editMenuInteraction.isMenuVisible)
        #expect(field.selectedRange == 2..<2)
        // A finger that went down outside and is still down: the menu is gone at once, the
        // overlay leaves when the finger lifts.
        field.showEditMenu()
        h.driver.advance(by: 1)
        h.driver.touchDown(3, at: Point(x: 100, y: 700), in: h.window)
        #expect(!field.editMenuInteraction.isMenuVisible)
        h.driver.touchMove(3, to: Point(x: 120, y: 520), in: h.window)
        h.driver.touchUp(3, in: h.window)
        #expect(taps == 1)
        #expect(h.window.subviews.allSatisfy { !($0 is EditMenuView) })
        #expect(h.driver.isClean)
    }

    /// Placement: centred above the target with an 8 pt gap; flipped below for a field at the
    /// top of the window; kept 8 pt inside the window's sides.
    @Test func placementAboveFlippedBelowAndInsideTheWindow() {
        let (h, field) = setUp()
        field.selectedRange = 11..<11
        field.showEditMenu()
        var menu = field.editMenuInteraction.presentedMenu!
        var selection = field.convert(field.selectionRect, to: nil)
        #expect(!menu.isBelowTarget)
        #expect(menu.barFrame.maxY == (selection.minY - 8).rounded())
        #expect(abs(menu.barFrame.midX - selection.midX) <= 1, "centred on the caret")
        #expect(menu.barFrame.height == 36)
        // A wider menu for a selection near the left side is pushed right to the 8 pt margin.
        field.selectedRange = 0..<5
        field.showEditMenu()
        menu = field.editMenuInteraction.presentedMenu!
        selection = field.convert(field.selectionRect, to: nil)
        #expect(selection.midX - menu.barFrame.width / 2 < 8)
        #expect(menu.barFrame.minX == 8)

        field.frame = Rect(360, 4, 300, 40)  // near the top, mostly off the right edge
        field.selectedRange = 0..<3
        field.showEditMenu()
        menu = field.editMenuInteraction.presentedMenu!
        let target = field.convert(field.selectionRect, to: nil)
        #expect(menu.isBelowTarget, "no room above: below")
        #expect(menu.barFrame.minY == (target.maxY + 8).rounded())
        #expect(menu.barFrame.maxX <= 400 - 8, "inside the window's right edge")
        #expect(menu.barFrame.minX >= 8)

        field.frame = Rect(0, 60, 300, 40)  // 60 pt from the top: 60 − 8 − 36 ≥ 8, so above
        field.showEditMenu()
        menu = field.editMenuInteraction.presentedMenu!
        #expect(!menu.isBelowTarget)
        #expect(menu.barFrame.minY >= 8)
        field.editMenuInteraction.dismissMenu()
        #expect(h.driver.isClean)
    }

    /// Items are laid out left to right, each its title plus 12 pt padding either side, 1 pt
    /// separators between, as wide as the bar.
    @Test func itemGeometry() {
        let (h, field) = setUp()
        field.selectedRange = 0..<5
        field.showEditMenu()
        let menu = field.editMenuInteraction.presentedMenu!
        let font = EditMenuView.titleFont
        for (item, frame) in zip(menu.items, menu.itemFrames) {
            let text = Drawing.textEngine.size(of: item.title, attributes: TextAttributes(font: font), width: nil).width
            #expect(frame.width == (text + 24).rounded(.up))
        }
        for (a, b) in zip(menu.itemFrames, menu.itemFrames.dropFirst()) { #expect(b.minX == a.maxX + 1) }
        #expect(menu.itemFrames.last!.maxX == menu.barFrame.maxX)
        field.editMenuInteraction.dismissMenu()
        #expect(h.driver.isClean)
    }

    /// The field hides its menu when it stops editing or its selection changes.
    @Test func theFieldHidesItsMenu() {
        let (h, field) = setUp()
        field.showEditMenu()
        field.resignFirstResponder()
        #expect(!field.editMenuInteraction.isMenuVisible)
        #expect(field.becomeFirstResponder())
        field.showEditMenu()
        h.driver.type(Key(keyCode: KeyCode.home, characters: "", modifierFlags: .shift), in: h.window)
        #expect(!field.editMenuInteraction.isMenuVisible, "a key the menu does not take went to the field")
        #expect(field.selectedRange == 0..<11)
        #expect(h.driver.isClean)
    }

    /// The MenuController facade shows the same menu for a rectangle of a view.
    @Test func menuControllerFacade() {
        let (h, field) = setUp()
        field.selectedRange = 0..<5
        let controller = MenuController()
        controller.showMenu(from: field, rect: field.selectionRect)
        #expect(controller.isMenuVisible)
        #expect(controller.presentedMenu?.items.map(\.title) == ["Cut", "Copy", "Paste", "Select All", "Delete"])
        controller.hideMenu()
        #expect(!controller.isMenuVisible)
        #expect(h.window.subviews.allSatisfy { !($0 is EditMenuView) })
        #expect(h.driver.isClean)
    }
}
