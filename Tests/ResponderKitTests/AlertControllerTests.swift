import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

/// `AlertController` through `InputDriver` and the manual clock: presented over a root whose
/// view logs every touch that reaches it, so "the dimming blocks touches below" is "Root logs
/// nothing". Presentation and dismissal fade for `ModalTransitionStyle.duration` (0.4 s); a
/// handler runs once the dismissal has ended (UIKit's order).
@MainActor
@Suite("Alert controller")
struct AlertControllerTests {
    static let returnKey = Key(keyCode: KeyCode.enter, characters: "\r")
    static let escapeKey = Key(keyCode: KeyCode.escape, characters: "\u{1B}")
    static let tabKey = Key(keyCode: KeyCode.tab, characters: "\t")
    static let shiftTabKey = Key(keyCode: KeyCode.tab, characters: "\t", modifierFlags: .shift)
    static let downKey = Key(keyCode: KeyCode.down, characters: "")

    /// A 400×800 window whose root's view logs the touches that reach it; the log is cleared.
    func stage(size: Size = Size(width: 400, height: 800)) -> (Harness, HostViewController) {
        let log = Log()
        let root = HostViewController(log: log)
        let h = Harness(root: root, size: size, log: log)
        log.clear()
        return (h, root)
    }

    /// Presents `alert` animated and lets the fade end (and lays the window out).
    func present(_ alert: AlertController, over root: ViewController, _ h: Harness) {
        root.present(alert, animated: true)
        h.driver.advance(by: 0.5)
        h.window.layoutIfNeeded()
    }

    func centre(_ view: View, _ h: Harness) -> Point {
        h.window.layoutIfNeeded()
        return view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: h.window)
    }

    func inWindow(_ view: View, _ h: Harness) -> Rect { view.convert(view.bounds, to: h.window) }

    func button(_ title: String, of alert: AlertController) -> AlertActionButton {
        alert.alertView.buttons.first { $0.action.title == title }!
    }

    /// An alert with one action of each style; `runs` counts each handler's calls by title.
    func threeActionAlert(_ runs: Counter) -> AlertController {
        let alert = AlertController(title: "Visitor", message: "Remove Ada from the list?", preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { runs.add($0.title!) })
        alert.addAction(AlertAction(title: "Keep", style: .default) { runs.add($0.title!) })
        alert.addAction(AlertAction(title: "Remove", style: .destructive) { runs.add($0.title!) })
        return alert
    }

    final class Counter {
        var titles: [String] = []
        func add(_ title: String) { titles.append(title) }
    }

    @Test func presentingCoversTheWindowAndCentresTheCard() {
        let (h, root) = stage()
        let alert = threeActionAlert(Counter())
        root.present(alert, animated: true)
        #expect(alert.isBeingPresented && root.presentedViewController === alert)
        #expect(alert.modalTransitionStyle == .crossDissolve)
        h.driver.advance(by: 0.5)
        h.window.layoutIfNeeded()
        #expect(!alert.isBeingPresented && alert.appearanceState == .appeared)
        let view = alert.alertView
        #expect(view.window === h.window && view.frame == h.window.bounds)
        let card = inWindow(view.cards[0], h)
        #expect(view.cards.count == 1)
        #expect(card.width == AlertMetrics.alertWidth && abs(card.midX - 200) < 0.5 && abs(card.midY - 400) < 1, "\(card)")
        #expect(view.titleLabel?.text == "Visitor" && view.messageLabel?.text == "Remove Ada from the list?")
        // Three actions: a column, cancel last, each 44 points high and as wide as the card.
        #expect(!view.buttonsAreSideBySide)
        #expect(view.buttons.map { $0.action.title } == ["Keep", "Remove", "Cancel"])
        let frames = view.buttons.map { inWindow($0, h) }
        #expect(frames.allSatisfy { $0.height == 44 && $0.width == card.width })
        #expect(frames[0].maxY <= frames[1].minY && frames[1].maxY <= frames[2].minY && abs(frames[2].maxY - card.maxY) < 0.5)
        // The cancel action is bold when no action is preferred.
        #expect(view.buttons.map(\.isBold) == [false, false, true])
        #expect(view.isFirstResponder)
        #expect(h.driver.isClean)
    }

    @Test(arguments: ["Cancel", "Keep", "Remove"])
    func tappingAnActionDismissesThenRunsItsHandlerOnce(_ title: String) {
        let (h, root) = stage()
        let runs = Counter()
        let alert = threeActionAlert(runs)
        present(alert, over: root, h)
        let point = centre(button(title, of: alert), h)
        h.tap(point)
        #expect(alert.isBeingDismissed && alert.isChoosingAction)
        #expect(runs.titles.isEmpty, "the handler waits for the dismissal's end")
        h.driver.advance(by: 0.5)
        #expect(runs.titles == [title])
        #expect(root.presentedViewController == nil && alert.viewIfLoaded?.window == nil)
        // The same place again reaches the root now: the alert is gone, its handler does not run again.
        h.tap(point)
        #expect(runs.titles == [title])
        #expect(h.log.entries.contains("Root.touchesEnded"))
        #expect(h.driver.isClean)
    }

    @Test func aSecondTapDuringTheDismissalRunsNothingMore() {
        let (h, root) = stage()
        let runs = Counter()
        let alert = threeActionAlert(runs)
        present(alert, over: root, h)
        let keep = centre(button("Keep", of: alert), h)
        let remove = centre(button("Remove", of: alert), h)
        h.tap(keep)
        h.driver.advance(by: 0.1)
        h.tap(remove)
        h.driver.type(Self.returnKey, in: h.window)
        h.driver.advance(by: 0.5)
        #expect(runs.titles == ["Keep"])
        #expect(h.log.entries.filter { $0.hasPrefix("Root.") }.isEmpty, "no touch reached the root: \(h.log.entries)")
    }

    @Test func theDimmingTakesEveryTouchAndAnAlertStaysUp() {
        let (h, root) = stage()
        let runs = Counter()
        let alert = threeActionAlert(runs)
        present(alert, over: root, h)
        let card = inWindow(alert.alertView.cards[0], h)
        for point in [Point(20, 20), Point(200, card.minY - 30), Point(200, card.maxY + 30), Point(380, 780)] {
            h.tap(point)
        }
        h.driver.advance(by: 1)
        #expect(h.log.entries.isEmpty, "touches reached the views below: \(h.log.entries)")
        #expect(root.presentedViewController === alert && !alert.isBeingDismissed && runs.titles.isEmpty)
        #expect(h.driver.isClean)
    }

    @Test func twoActionsSitSideBySideWithCancelOnTheLeft() {
        let (h, root) = stage()
        let alert = AlertController(title: "Check out?", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Check out", style: .default))
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        present(alert, over: root, h)
        let view = alert.alertView
        #expect(view.buttonsAreSideBySide)
        #expect(view.buttons.map { $0.action.title } == ["Cancel", "Check out"])
        let left = inWindow(view.buttons[0], h), right = inWindow(view.buttons[1], h)
        #expect(left.maxX <= right.minX + 0.5 && abs(left.minY - right.minY) < 0.5 && abs(left.width - right.width) < 0.5)
        #expect(abs(left.width + right.width - AlertMetrics.alertWidth) < 0.5)
    }

    /// Issue 24's audit: a right-to-left alert mirrors the pair (cancel on the right), draws the
    /// hairline between them, and the arrow keys move the focus the way they point.
    @Test func inRightToLeftThePairIsMirroredAndTheArrowsMoveVisually() throws {
        let (h, root) = stage()
        h.window.semanticContentAttribute = .forceRightToLeft
        let alert = AlertController(title: "تسجيل الخروج؟", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Check out", style: .default))
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        present(alert, over: root, h)
        let view = alert.alertView
        #expect(view.buttonsAreSideBySide && view.isMirroredPair)
        let cancel = inWindow(button("Cancel", of: alert), h), checkOut = inWindow(button("Check out", of: alert), h)
        #expect(cancel.minX >= checkOut.maxX - 0.5, "cancel on the right: \(cancel) \(checkOut)")
        h.driver.type(Key(keyCode: KeyCode.left, characters: ""), in: h.window)
        #expect(view.focusedButton?.action.title == "Cancel", "← with nothing focused focuses the first button, cancel")
        h.driver.type(Key(keyCode: KeyCode.left, characters: ""), in: h.window)
        #expect(view.focusedButton?.action.title == "Check out", "← moves to the button on the left")
        h.driver.type(Key(keyCode: KeyCode.right, characters: ""), in: h.window)
        #expect(view.focusedButton?.action.title == "Cancel", "→ moves back to the right")
    }

    @Test func returnRunsThePreferredActionElseTheOnlyDefaultOne() {
        let (h, root) = stage()
        let runs = Counter()
        let alert = threeActionAlert(runs)
        #expect(alert.returnKeyAction?.title == "Keep", "the only default action")
        alert.preferredAction = alert.actions[2]
        #expect(alert.returnKeyAction?.title == "Remove")
        present(alert, over: root, h)
        #expect(alert.alertView.buttons.map(\.isBold) == [false, true, false], "the preferred action is bold, cancel no longer")
        h.driver.type(Self.returnKey, in: h.window)
        h.driver.advance(by: 0.5)
        #expect(runs.titles == ["Remove"] && root.presentedViewController == nil)
        // Two default actions and none preferred: Return does nothing.
        let two = AlertController(title: "Pick", message: nil, preferredStyle: .alert)
        two.addAction(AlertAction(title: "A", style: .default) { runs.add($0.title!) })
        two.addAction(AlertAction(title: "B", style: .default) { runs.add($0.title!) })
        present(two, over: root, h)
        h.driver.type(Self.returnKey, in: h.window)
        h.driver.advance(by: 0.5)
        #expect(runs.titles == ["Remove"] && root.presentedViewController === two)
        #expect(h.log.entries.filter { $0.hasPrefix("AppDelegate.pressesBegan") }.isEmpty, "the alert used the Return presses")
    }

    @Test func escapeRunsTheCancelActionAndNothingWithoutOne() {
        let (h, root) = stage()
        let runs = Counter()
        let alert = threeActionAlert(runs)
        present(alert, over: root, h)
        h.driver.type(Self.escapeKey, in: h.window)
        h.driver.advance(by: 0.5)
        #expect(runs.titles == ["Cancel"] && root.presentedViewController == nil)
        let noCancel = AlertController(title: "Saved", message: nil, preferredStyle: .alert)
        noCancel.addAction(AlertAction(title: "OK", style: .default) { runs.add($0.title!) })
        present(noCancel, over: root, h)
        h.driver.type(Self.escapeKey, in: h.window)
        h.driver.advance(by: 0.5)
        #expect(runs.titles == ["Cancel"] && root.presentedViewController === noCancel)
    }

    @Test func tabAndTheArrowsMoveTheFocusAmongEnabledButtons() {
        let (h, root) = stage()
        let runs = Counter()
        let alert = threeActionAlert(runs)
        alert.actions[1].isEnabled = false  // Keep
        present(alert, over: root, h)
        let view = alert.alertView
        #expect(view.focusedButton == nil)
        h.driver.type(Self.tabKey, in: h.window)
        #expect(view.focusedButton?.action.title == "Remove", "the disabled Keep is skipped")
        #expect(view.buttons.filter(\.isKeyboardFocused).count == 1)
        h.driver.type(Self.downKey, in: h.window)
        #expect(view.focusedButton?.action.title == "Cancel")
        h.driver.type(Self.tabKey, in: h.window)
        #expect(view.focusedButton?.action.title == "Remove", "wraps")
        h.driver.type(Self.shiftTabKey, in: h.window)
        #expect(view.focusedButton?.action.title == "Cancel")
        h.driver.type(Self.shiftTabKey, in: h.window)
        h.driver.type(Self.returnKey, in: h.window)
        h.driver.advance(by: 0.5)
        #expect(runs.titles == ["Remove"])
    }

    @Test func aDisabledActionNeitherTapsNorReturns() {
        let (h, root) = stage()
        let runs = Counter()
        let alert = AlertController(title: "Sign", message: nil, preferredStyle: .alert)
        let ok = AlertAction(title: "OK", style: .default) { runs.add($0.title!) }
        alert.addAction(ok)
        ok.isEnabled = false
        present(alert, over: root, h)
        let button = button("OK", of: alert)
        #expect(!button.isEnabled)
        h.tap(centre(button, h))
        h.driver.type(Self.returnKey, in: h.window)
        h.driver.advance(by: 0.5)
        #expect(runs.titles.isEmpty && root.presentedViewController === alert)
        ok.isEnabled = true
        #expect(button.isEnabled)
        h.tap(centre(button, h))
        h.driver.advance(by: 0.5)
        #expect(runs.titles == ["OK"])
    }

    @Test func textFieldsTakeTheKeyboardAndTheCardMovesAboveIt() {
        let (h, root) = stage()
        h.app.onScreenKeyboard.mode = .always
        var entered: [String] = []
        let alert = AlertController(title: "Your name", message: "As on your badge", preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "Name" }
        alert.addTextField { $0.placeholder = "Company" }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Print", style: .default) { [unowned alert] _ in entered = alert.textFields!.map(\.text) })
        #expect(alert.textFields?.count == 2)
        root.present(alert, animated: true)
        h.driver.advance(by: 0.6)
        h.window.layoutIfNeeded()
        let fields = alert.textFields!
        #expect(fields[0].isFirstResponder && fields[0].placeholder == "Name")
        let keyboard = try! #require(h.window.keyboardFrame)
        let card = inWindow(alert.alertView.cards[0], h)
        #expect(card.maxY <= keyboard.minY - AlertMetrics.edgeMargin + 0.001, "card \(card) above keyboard \(keyboard)")
        #expect(card.minY >= AlertMetrics.edgeMargin)
        #expect(inWindow(fields[0], h).height == AlertMetrics.fieldHeight)
        h.driver.type("Ada", in: h.window)
        h.tap(centre(fields[1], h))
        #expect(fields[1].isFirstResponder)
        h.driver.type("Analytical", in: h.window)
        // Return in a field runs the only default action with the typed text.
        h.driver.type(Self.returnKey, in: h.window)
        h.driver.advance(by: 0.6)
        #expect(entered == ["Ada", "Analytical"])
        #expect(root.presentedViewController == nil)
        #expect(h.window.keyboardFrame == nil)
    }

    @Test func escapeInATextFieldCancels() {
        let (h, root) = stage()
        let runs = Counter()
        let alert = AlertController(title: "Code", message: nil, preferredStyle: .alert)
        alert.addTextField()
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { runs.add($0.title!) })
        present(alert, over: root, h)
        #expect(alert.textFields![0].isFirstResponder)
        h.driver.type("12", in: h.window)
        h.driver.type(Self.escapeKey, in: h.window)
        h.driver.advance(by: 0.5)
        #expect(runs.titles == ["Cancel"] && alert.textFields![0].text == "12")
    }

    @Test func anActionSheetSitsAtTheBottomWithCancelApart() {
        let (h, root) = stage()
        let runs = Counter()
        let sheet = AlertController(title: nil, message: "Badge for Ada", preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel) { runs.add($0.title!) })
        sheet.addAction(AlertAction(title: "Print badge", style: .default) { runs.add($0.title!) })
        sheet.addAction(AlertAction(title: "Revoke badge", style: .destructive) { runs.add($0.title!) })
        present(sheet, over: root, h)
        let view = sheet.alertView
        #expect(view.cards.count == 2)
        #expect(view.buttons.map { $0.action.title } == ["Print badge", "Revoke badge", "Cancel"], "cancel last, though added first")
        let group = inWindow(view.cards[0], h), cancelCard = inWindow(view.cards[1], h)
        let cancel = inWindow(view.buttons[2], h)
        #expect(cancelCard.contains(cancel) && !group.intersects(cancel))
        #expect(abs(cancelCard.minY - group.maxY - AlertMetrics.cancelGap) < 0.5)
        #expect(abs(cancelCard.maxY - (800 - AlertMetrics.edgeMargin)) < 0.5, "at the bottom: \(cancelCard)")
        #expect(abs(group.width - (400 - 2 * AlertMetrics.edgeMargin)) < 0.5 && abs(group.midX - 200) < 0.5)
        #expect(view.buttons.allSatisfy { inWindow($0, h).height == AlertMetrics.actionSheetButtonHeight })
        #expect(view.buttons[2].isBold)
        // A tap on the dimming above the sheet runs the cancel action, as on an iPhone.
        h.tap(Point(200, 100))
        h.driver.advance(by: 0.5)
        #expect(runs.titles == ["Cancel"] && root.presentedViewController == nil)
        #expect(h.log.entries.isEmpty, "the tap did not reach the root: \(h.log.entries)")
    }

    @Test func anActionSheetWithoutCancelStaysUpWhenTappedOutside() {
        let (h, root) = stage(size: Size(width: 1280, height: 800))
        let sheet = AlertController(title: "Visitor", message: nil, preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Print badge", style: .default))
        present(sheet, over: root, h)
        let card = inWindow(sheet.alertView.cards[0], h)
        #expect(card.width == AlertMetrics.actionSheetMaximumWidth && abs(card.midX - 640) < 0.5)
        h.tap(Point(100, 100))
        h.driver.advance(by: 0.5)
        #expect(root.presentedViewController === sheet && h.log.entries.isEmpty)
    }

    @Test func badConfigurationIsRefusedWithDiagnostics() {
        let sheet = AlertController(title: "T", message: nil, preferredStyle: .actionSheet)
        let stranger = AlertAction(title: "Elsewhere", style: .default)
        let messages = collectDiagnostics {
            sheet.addTextField()
            sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
            sheet.addAction(AlertAction(title: "Close", style: .cancel))
            sheet.addAction(sheet.actions[0])
            sheet.preferredAction = stranger
        }
        #expect(sheet.textFields == nil)
        #expect(sheet.actions.map(\.title) == ["Cancel"])
        #expect(sheet.preferredAction == nil)
        #expect(messages.count == 4, "\(messages)")
        #expect(messages.contains { $0.firstRange(of: "action sheet has no text fields") != nil })
        #expect(messages.contains { $0.firstRange(of: "second cancel action") != nil })
    }

    @Test func aHandlerMayPresentAnotherAlert() {
        let (h, root) = stage()
        let second = AlertController(title: "Printed", message: nil, preferredStyle: .alert)
        second.addAction(AlertAction(title: "OK", style: .default))
        let first = AlertController(title: "Print?", message: nil, preferredStyle: .alert)
        first.addAction(AlertAction(title: "Print", style: .default) { _ in root.present(second, animated: true) })
        present(first, over: root, h)
        h.driver.type(Self.returnKey, in: h.window)
        h.driver.advance(by: 1)
        #expect(root.presentedViewController === second && second.appearanceState == .appeared)
        #expect(second.alertView.isFirstResponder)
    }

    @Test func thePreviousFirstResponderGetsItsPlaceBack() {
        let (h, root) = stage()
        let field = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 40))
        root.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        let alert = AlertController(title: "Hello", message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: "OK", style: .default))
        present(alert, over: root, h)
        #expect(!field.isFirstResponder && alert.alertView.isFirstResponder)
        h.driver.type(Self.returnKey, in: h.window)
        h.driver.advance(by: 0.5)
        #expect(field.isFirstResponder)
    }
}
