import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// Seed 001 §3 "First responder and the keyboard": the SearchViewController example, the three
// conditions of becomeFirstResponder(), endEditing(true), and "first responder is two jobs".

/// The seed's SearchViewController: becomeFirstResponder() in viewDidLoad fails (no window yet),
/// in viewDidAppear succeeds.
final class SearchViewController: ViewController {
    let searchField = TextField(frame: Rect(20, 20, 300, 40))
    private(set) var resultInViewDidLoad: Bool?
    private(set) var resultInViewWillAppear: Bool?
    private(set) var resultInViewDidAppear: Bool?
    private(set) var windowInViewDidLoad: Window?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(searchField)
        windowInViewDidLoad = searchField.window
        resultInViewDidLoad = searchField.becomeFirstResponder()  // ❌ false: no window yet
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        resultInViewWillAppear = searchField.becomeFirstResponder()
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        resultInViewDidAppear = searchField.becomeFirstResponder()  // ✅ in a window now
    }
}

/// A responder that can be first responder and can be told to refuse to resign.
final class StubbornField: View {
    var allowsResign = false
    private(set) var resignRequests = 0
    override var canBecomeFirstResponder: Bool { true }
    override var canResignFirstResponder: Bool { allowsResign }
    override func resignFirstResponder() -> Bool {
        resignRequests += 1
        return super.resignFirstResponder()
    }
}

/// A view that can be first responder (a plain view cannot).
final class FocusableView: RecordingView {
    override var canBecomeFirstResponder: Bool { true }
}

@MainActor
@Suite("Seed 001 §3: first responder and the keyboard")
struct Seed001FirstResponderTests {
    /// Seed 001 §3 example: becomeFirstResponder() in viewDidLoad returns false (no window yet);
    /// in viewDidAppear it succeeds because the field is in a window now.
    @Test func viewDidLoadFailsViewDidAppearSucceeds() {
        let search = SearchViewController()
        let h = Harness(root: search, log: Log())
        #expect(search.windowInViewDidLoad == nil)
        #expect(search.resultInViewDidLoad == false)
        #expect(search.resultInViewDidAppear == true)
        #expect(search.searchField.isFirstResponder)
        #expect(h.window.firstResponder === search.searchField)
    }

    /// Seed 001 §3 ("Why it matters"): a search screen that opens without a keyboard called
    /// becomeFirstResponder() in viewDidLoad — with only that call, nothing is focused after
    /// appearing, and typed keys reach no field.
    @Test func focusingOnlyInViewDidLoadLeavesNothingFocused() {
        final class EarlySearchViewController: ViewController {
            let field = TextField(frame: Rect(20, 20, 300, 40))
            override func viewDidLoad() {
                view.addSubview(field)
                field.becomeFirstResponder()
            }
        }
        let search = EarlySearchViewController()
        let h = Harness(root: search, log: Log())
        #expect(h.window.firstResponder == nil)
        h.driver.type("abc", in: h.window)
        #expect(search.field.text == "")
    }

    /// Seed 001 §3 condition 1: becomeFirstResponder() only succeeds once the view is in a window
    /// (window != nil); it fails and changes nothing otherwise.
    @Test func condition1MustBeInAWindow() {
        let h = Harness(log: Log())
        let field = TextField(frame: Rect(0, 0, 100, 30))
        #expect(field.window == nil)
        #expect(field.becomeFirstResponder() == false)
        #expect(!field.isFirstResponder)
        let container = View(frame: Rect(0, 0, 200, 200))
        container.addSubview(field)
        #expect(field.becomeFirstResponder() == false, "in a view tree, but not in a window")
        h.window.addSubview(container)
        #expect(field.becomeFirstResponder())
        #expect(h.window.firstResponder === field)
    }

    /// Seed 001 §3 condition 2: canBecomeFirstResponder must be true (a plain view cannot; a text
    /// field can; a disabled text field cannot).
    @Test func condition2CanBecomeFirstResponder() {
        let h = Harness(log: Log())
        let plain = View(frame: Rect(0, 0, 10, 10))
        let field = TextField(frame: Rect(0, 20, 100, 30))
        h.window.addSubview(plain)
        h.window.addSubview(field)
        #expect(plain.canBecomeFirstResponder == false)
        #expect(plain.becomeFirstResponder() == false)
        #expect(h.window.firstResponder == nil)
        field.isEnabled = false
        #expect(field.becomeFirstResponder() == false)
        field.isEnabled = true
        #expect(field.becomeFirstResponder())
    }

    /// Seed 001 §3 condition 3: the current first responder must agree to resign; if it refuses,
    /// the new one does not become first responder and nothing changes.
    @Test func condition3CurrentFirstResponderMustAgreeToResign() {
        let h = Harness(log: Log())
        let stubborn = StubbornField(frame: Rect(0, 0, 100, 30))
        let field = TextField(frame: Rect(0, 40, 100, 30))
        h.window.addSubview(stubborn)
        h.window.addSubview(field)
        #expect(stubborn.becomeFirstResponder())
        #expect(field.becomeFirstResponder() == false)
        #expect(h.window.firstResponder === stubborn)
        #expect(!field.isFirstResponder)
        stubborn.allowsResign = true
        #expect(field.becomeFirstResponder())
        #expect(h.window.firstResponder === field)
        #expect(!stubborn.isFirstResponder)
    }

    /// Seed 001 §3: view.endEditing(true) works without knowing which field is focused — it finds the
    /// first responder in that view tree and asks it to resign.
    @Test func endEditingFindsTheFirstResponderInTheTree() {
        let search = SearchViewController()
        let h = Harness(root: search, log: Log())
        #expect(search.searchField.isFirstResponder)
        #expect(search.view.endEditing(true))
        #expect(h.window.firstResponder == nil)
        #expect(!search.searchField.isEditing)
    }

    /// Seed 001 §3 "first responder is two jobs": for a touch it is the hit-tested view; for keys
    /// and nil-targeted actions it is the object that called becomeFirstResponder(). A tap on
    /// another view does not move focus, and keys still go to the focused field.
    @Test func hitViewAndFocusedResponderAreDifferentJobs() {
        let search = SearchViewController()
        let h = Harness(root: search, log: Log())
        let other = RecordingView("Other", frame: Rect(0, 300, 200, 200), log: h.log)
        search.view.addSubview(other)
        h.driver.touchDown(0, at: Point(10, 310), in: h.window)
        #expect(other.lastTouches.first?.view === other)
        #expect(h.window.firstResponder === search.searchField)
        h.driver.touchUp(0, in: h.window)
        h.driver.type("hi", in: h.window)
        #expect(search.searchField.text == "hi")
    }

    /// Seed 001 §3: a text field becomes the input target because it asks to — tapping it makes it
    /// first responder, and then typed keys land in it.
    @Test func tappingATextFieldFocusesItForTyping() {
        let h = Harness(log: Log())
        let field = TextField(frame: Rect(10, 10, 200, 40))
        h.window.addSubview(field)
        h.tap(20, 20)
        #expect(field.isFirstResponder)
        h.driver.type("ok", in: h.window)
        #expect(field.text == "ok")
    }
}
