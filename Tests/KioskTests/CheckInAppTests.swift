import Rendering
import ResponderKit
import ResponderKitTesting
import TestHelpers
import Testing

@testable import CheckInApp

/// Issue 23's example, the visitor check-in form: laid out by Auto Layout, stack views and the
/// keyboard layout guide at 1280×800, 1024×600 and 800×1280 with the on-screen keyboard shown —
/// the focused field and the Check in button above the keyboard, nothing overlapping or clipped —
/// checked by frames and by pixels against golden images (`RK_UPDATE_GOLDEN=1` writes missing
/// ones). Everything goes through `InputDriver`; no test lays the window out by hand.
@MainActor
@Suite("Check-in app")
struct CheckInAppTests {
    struct Stage {
        let application: Application
        let driver: InputDriver
        let window: Window
        let controller: CheckInViewController
    }

    func stage(width: Double, height: Double) -> Stage {
        Rendering.install()
        let application = Application()
        application.onScreenKeyboard.mode = .always
        let driver = InputDriver(application: application)
        let scene = WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: width, height: height))
        let window = Window(windowScene: scene)
        let controller = CheckInViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        return Stage(application: application, driver: driver, window: window, controller: controller)
    }

    /// Where `view` is on screen: after the frame the host would have drawn (the test reads the
    /// frame before the driver's own pass, which then has nothing left to do).
    func centre(_ view: View, in window: Window) -> Point {
        window.application.runFrame(including: window)
        return view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: window)
    }

    func inWindow(_ view: View, _ window: Window) -> Rect { view.convert(view.bounds, to: window) }

    /// Taps the name field (the driver lays the window out first), types a name on the hardware
    /// path, and lets the keyboard's slide end.
    func focusNameAndType(_ s: Stage, _ text: String) {
        s.driver.tap(at: centre(s.controller.form.nameField, in: s.window), in: s.window)
        #expect(s.controller.form.nameField.isFirstResponder)
        s.driver.type(text, in: s.window)
        s.driver.advance(by: 0.3)
        s.window.layoutIfNeeded()  // the snapshot's own frame: what the host draws after the slide
    }

    /// Every view of `root`'s tree (the docked keyboard excluded) lies inside its superview, and
    /// siblings in a stack view do not overlap.
    func expectNothingClippedOrOverlapping(_ root: View, sourceLocation: SourceLocation = #_sourceLocation) {
        func walk(_ view: View) {
            for sub in view.subviews where !sub.isHidden {
                if view is ScrollView { continue }  // rows scroll inside the list
                let inside = view.bounds.insetBy(dx: -0.5, dy: -0.5)
                #expect(
                    inside.contains(sub.frame), "\(type(of: sub)) \(sub.frame) sticks out of \(type(of: view)) \(view.bounds)", sourceLocation: sourceLocation)
                if let label = sub as? Label, label.numberOfLines == 1 {
                    #expect(
                        sub.frame.width + 0.5 >= label.intrinsicContentSize.width, "label '\(label.text ?? "")' is cut: \(sub.frame)",
                        sourceLocation: sourceLocation)
                }
                walk(sub)
            }
            if let stack = view as? StackView {
                let shown = stack.arrangedSubviews.filter { !$0.isHidden }
                for (i, a) in shown.enumerated() {
                    for b in shown[(i + 1)...] {
                        #expect(
                            !a.frame.insetBy(dx: 0.5, dy: 0.5).intersects(b.frame), "\(type(of: a)) and \(type(of: b)) overlap", sourceLocation: sourceLocation)
                    }
                }
            }
        }
        walk(root)
    }

    @Test(arguments: [(1280.0, 800.0), (1024.0, 600.0), (800.0, 1280.0)])
    func laidOutAboveTheKeyboard(_ size: (Double, Double)) {
        let (width, height) = size
        let s = stage(width: width, height: height)
        focusNameAndType(s, "Ada Lovelace")
        let keyboard = s.window.keyboardFrame!
        #expect(keyboard.maxY == height && keyboard.width == width)
        let form = s.controller.form
        #expect(form.nameField.text == "Ada Lovelace")
        // The focused field and the Check in button are above the keyboard, whole and enabled.
        let field = inWindow(form.nameField, s.window)
        let button = inWindow(form.checkInButton, s.window)
        #expect(field.maxY <= keyboard.minY && field.height == 38 && field.width > 200, "\(field)")
        #expect(button.maxY <= keyboard.minY && button.height == 38, "\(button) against keyboard \(keyboard)")
        #expect(form.checkInButton.isEnabled)
        // The whole content (form panel and list) stays above the keyboard, 12 points clear.
        let content = inWindow(s.controller.content, s.window)
        #expect(content.maxY <= keyboard.minY - 12 + 0.001, "\(content)")
        #expect(inWindow(s.controller.header, s.window).maxY <= content.minY)
        // Landscape side by side, portrait stacked.
        let panel = inWindow(s.controller.formPanel, s.window)
        let list = inWindow(s.controller.listColumn, s.window)
        if width > height {
            #expect(panel.maxX <= list.minX && abs(panel.minY - list.minY) < 0.5)
        } else {
            #expect(panel.maxY <= list.minY && abs(panel.minX - list.minX) < 0.5)
            #expect(list.height > 200, "the list keeps room in portrait: \(list)")
        }
        expectNothingClippedOrOverlapping(s.controller.view)
        GoldenImages(besideSourceFile: #filePath).expect(s.window.snapshot(), "checkin-\(Int(width))x\(Int(height))-keyboard", tolerance: 2)
    }

    @Test func theKeyboardHidesAndTheFormComesBack() {
        let s = stage(width: 1024, height: 600)
        s.application.runFrame()
        let before = inWindow(s.controller.content, s.window)
        focusNameAndType(s, "Ada")
        let raised = inWindow(s.controller.content, s.window)
        #expect(raised.maxY < before.maxY)
        _ = s.controller.form.nameField.resignFirstResponder()
        s.driver.advance(by: 0.3)
        s.window.layoutIfNeeded()
        #expect(inWindow(s.controller.content, s.window) == before)
        #expect(s.driver.isClean)
    }

    /// While the confirmation is up nothing below it can be touched; its OK action dismisses it at
    /// once, and the timer that would have dismissed it later does nothing.
    @Test func theConfirmationIsAModalAlertThatOKDismisses() {
        let s = stage(width: 1024, height: 600)
        focusNameAndType(s, "Grace Hopper")
        s.driver.tap(at: centre(s.controller.form.checkInButton, in: s.window), in: s.window)
        let alert = try! #require(s.controller.confirmation)
        #expect(s.controller.confirmationText == "Welcome, Grace Hopper! Reception has been told you are here.")
        s.driver.advance(by: 0.5)
        // A tap on the form behind the dimming changes nothing.
        s.driver.tap(at: centre(s.controller.form.nameField, in: s.window), in: s.window)
        #expect(!s.controller.form.nameField.isFirstResponder && s.controller.isConfirmationShowing)
        // Return runs OK, the alert's only action.
        s.driver.type(Key(keyCode: KeyCode.enter, characters: "\r"), in: s.window)
        #expect(!s.controller.isConfirmationShowing)
        s.driver.advance(by: 0.5)
        #expect(s.controller.presentedViewController == nil && alert.viewIfLoaded?.window == nil)
        s.driver.advance(by: 3)
        #expect(s.controller.presentedViewController == nil)
        s.driver.tap(at: centre(s.controller.form.nameField, in: s.window), in: s.window)
        #expect(s.controller.form.nameField.isFirstResponder)
        #expect(s.driver.isClean)
    }

    @Test func checkInAddsARowShowsAConfirmationThatGoesAndALongPressRemovesTheRow() {
        let s = stage(width: 1280, height: 800)
        focusNameAndType(s, "Ada Lovelace")
        s.driver.tap(at: centre(s.controller.form.companyField, in: s.window), in: s.window)
        s.driver.type("Analytical", in: s.window)
        s.driver.tap(at: centre(s.controller.form.hostField, in: s.window), in: s.window)
        s.driver.type("Charles", in: s.window)
        let kind = s.controller.form.kindControl
        let interview = kind.rectForSegment(at: 2)
        s.driver.tap(at: kind.convert(Point(x: interview.midX, y: interview.midY), to: s.window), in: s.window)
        s.driver.tap(at: centre(s.controller.form.parkingSwitch, in: s.window), in: s.window)
        s.driver.tap(at: centre(s.controller.form.checkInButton, in: s.window), in: s.window)
        #expect(s.controller.visitors.map(\.name) == ["Ada Lovelace"])
        #expect(s.controller.visitors.first?.details == "Analytical · visiting Charles · Interview · parking")
        #expect(s.controller.isConfirmationShowing)
        #expect(s.controller.confirmationText == "Welcome, Ada Lovelace! Charles has been told you are here.")
        #expect(s.controller.form.nameField.text.isEmpty && !s.controller.form.checkInButton.isEnabled)
        // The confirmation is an alert over the screen; the keyboard slid away meanwhile.
        let alert = try! #require(s.controller.confirmation)
        #expect(s.controller.presentedViewController === alert && alert.actions.map(\.title) == ["OK"])
        s.driver.advance(by: 0.5)
        s.window.layoutIfNeeded()
        #expect(s.window.keyboardFrame == nil)
        #expect(alert.appearanceState == .appeared && alert.alertView.window === s.window)
        let row = s.controller.list.visitorRows[0]
        #expect(row.frame.height > 30 && inWindow(row, s.window).intersects(inWindow(s.controller.list, s.window)))
        expectNothingClippedOrOverlapping(s.controller.view)
        GoldenImages(besideSourceFile: #filePath).expect(s.window.snapshot(), "checkin-1280x800-checked-in", tolerance: 2)
        // The confirmation dismisses itself on `Application.shared`'s timers, which the driver
        // fires (this test's application is not the shared one).
        #expect(!s.application.isShared)
        s.driver.advance(by: 2.4)
        #expect(s.controller.isConfirmationShowing)
        s.driver.advance(by: 0.2)
        #expect(!s.controller.isConfirmationShowing)
        // Its fade out ends; the form and the list take touches again.
        s.driver.advance(by: 0.4)
        #expect(s.controller.presentedViewController == nil && alert.viewIfLoaded?.window == nil)
        // A long press on the row removes it; the list is empty again.
        let point = centre(row, in: s.window)
        s.driver.touchDown(0, at: point, in: s.window)
        s.driver.advance(by: 0.6)
        s.driver.touchUp(0, in: s.window)
        #expect(s.controller.visitors.isEmpty)
        #expect(!s.controller.list.emptyLabel.isHidden)
        #expect(s.driver.isClean)
    }
}
