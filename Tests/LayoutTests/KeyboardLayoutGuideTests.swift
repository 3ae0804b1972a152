import ResponderKitTesting
import Testing

@testable import ResponderKit

/// `View.keyboardLayoutGuide` (issue 23 §1): a form constrained above the guide's top moves
/// above the on-screen keyboard by itself, with the keyboard's slide, and comes back when it
/// hides. Driven through `InputDriver` (so `Application.handle`) on the manual clock; no test
/// calls `layoutIfNeeded()`: the driver runs the layout pass before each event.
@MainActor
@Suite("Keyboard layout guide")
struct KeyboardLayoutGuideTests {
    /// A form (a text field in a 100-point-high panel) pinned 10 points above the window's bottom,
    /// and at most 10 points above the keyboard guide's top.
    final class FormController: ViewController {
        let form = View()
        let field = TextField(frame: .zero)
        override func viewDidLoad() {
            form.backgroundColor = .white
            view.addSubview(form)
            form.addSubview(field)
            form.translatesAutoresizingMaskIntoConstraints = false
            field.translatesAutoresizingMaskIntoConstraints = false
            let resting = form.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -10)
            resting.priority = .defaultHigh
            LayoutConstraint.activate([
                form.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                form.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
                form.heightAnchor.constraint(equalToConstant: 100),
                resting,
                form.bottomAnchor.constraint(lessThanOrEqualTo: view.keyboardLayoutGuide.topAnchor, constant: -10),
                field.leadingAnchor.constraint(equalTo: form.leadingAnchor, constant: 10),
                field.trailingAnchor.constraint(equalTo: form.trailingAnchor, constant: -10),
                field.centerYAnchor.constraint(equalTo: form.centerYAnchor),
                field.heightAnchor.constraint(equalToConstant: 40)
            ])
        }
    }

    struct Stage {
        let application: Application
        let driver: InputDriver
        let window: Window
        let controller: FormController
    }

    func stage(width: Double = 800, height: Double = 600) -> Stage {
        let application = Application()
        application.onScreenKeyboard.mode = .always
        let driver = InputDriver(application: application)
        let scene = WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: width, height: height))
        let window = Window(windowScene: scene)
        let controller = FormController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        return Stage(application: application, driver: driver, window: window, controller: controller)
    }

    func tapField(_ s: Stage) {
        let field = s.controller.field
        // Where to tap comes from the field's frame: run the frame the host would have drawn
        // (the driver runs it again before the tap, with nothing left to do).
        s.application.runFrame()
        s.driver.tap(at: field.convert(Point(x: field.bounds.midX, y: field.bounds.midY), to: s.window), in: s.window)
    }

    /// The keyboard's height at any width (its rows, gaps and padding).
    static let keyboardHeight = KeyboardView.padding * 2 + 4 * KeyboardView.keyHeight + 3 * KeyboardView.rowGap

    @Test func withNoKeyboardTheGuideIsTheBottomOfTheSafeArea() {
        let s = stage()
        s.driver.advance(by: 0)
        s.window.layoutIfNeeded()
        let guide = s.controller.view.keyboardLayoutGuide
        #expect(guide.layoutFrame == Rect(x: 0, y: 600, width: 800, height: 0))
        #expect(s.controller.form.frame == Rect(x: 20, y: 490, width: 760, height: 100))
        #expect(s.window.keyboardFrame == nil)
    }

    @Test func theFormMovesAboveTheKeyboardWithItsSlideAndComesBack() {
        let s = stage()
        let form = s.controller.form
        tapField(s)
        #expect(s.controller.field.isFirstResponder)
        let keyboard = s.window.keyboardFrame
        #expect(keyboard == Rect(x: 0, y: 600 - Self.keyboardHeight, width: 800, height: Self.keyboardHeight))
        // The model is final at once; the drawing slides with the keyboard (0.25 s, ease-out).
        let top = 600 - Self.keyboardHeight
        #expect(s.controller.view.keyboardLayoutGuide.layoutFrame == Rect(x: 0, y: top, width: 800, height: Self.keyboardHeight))
        #expect(form.frame == Rect(x: 20, y: top - 110, width: 760, height: 100))
        #expect(form.presentation.center.y == 540, "the slide starts where the form was drawn")
        s.driver.advance(by: 0.1)
        let midway = form.presentation.center.y
        #expect(midway < 540 && midway > top - 60, "drawn between its two places mid-slide: \(midway)")
        let keyboardMidway = s.application.onScreenKeyboard.keyboardView.superview?.presentation.frame.minY ?? 0
        #expect(keyboardMidway > top && keyboardMidway < 600)
        s.driver.advance(by: 0.2)
        #expect(form.presentation.center.y == top - 60)
        #expect(!form.hasAnimations)
        // The field and the form are above the keyboard: nothing is covered.
        let fieldInWindow = s.controller.field.convert(s.controller.field.bounds, to: s.window)
        #expect(fieldInWindow.maxY <= top - 10)
        // Touches reach the form while it slides (the guide's animation allows interaction).
        _ = s.controller.field.resignFirstResponder()
        s.driver.advance(by: 0.05)
        #expect(form.frame.maxY == 590, "the model is back at once")
        s.driver.advance(by: 0.3)
        #expect(form.presentation.center.y == 540)
        #expect(s.controller.view.keyboardLayoutGuide.layoutFrame == Rect(x: 0, y: 600, width: 800, height: 0))
        #expect(s.driver.isClean)
    }

    @Test func theGuideFollowsTheWindowsSize() {
        let s = stage()
        tapField(s)
        s.driver.advance(by: 0.3)
        s.window.frame = Rect(x: 0, y: 0, width: 600, height: 900)
        s.window.windowScene?.screenBounds = s.window.frame
        s.driver.advance(by: 0)
        s.window.layoutIfNeeded()
        let top = 900 - Self.keyboardHeight
        #expect(s.window.keyboardFrame?.minY == top)
        #expect(s.controller.view.keyboardLayoutGuide.layoutFrame == Rect(x: 0, y: top, width: 600, height: Self.keyboardHeight))
        #expect(s.controller.form.frame == Rect(x: 20, y: top - 110, width: 560, height: 100))
    }

    @Test func aFormThatFitsAboveTheKeyboardStaysWhereItIs() {
        let s = stage(width: 800, height: 1200)
        let form = s.controller.form
        // Raise the resting place so the form is above the keyboard already.
        let high = form.topAnchor.constraint(equalTo: s.controller.view.topAnchor, constant: 100)
        high.isActive = true
        tapField(s)
        s.driver.advance(by: 0.3)
        #expect(form.frame.minY == 100)
        #expect(!form.hasAnimations)
    }
}
