import RecordingViews
import ResponderKitTesting
import Testing

@testable import ResponderKit

// API.md "ViewController" and "Construction": lazy view loading, appearance callbacks run
// synchronously by makeKeyAndVisible / present / dismiss, children, and the chain through
// presented controllers.

/// Logs its life-cycle callbacks into a shared log as "Name.callback".
final class LifecycleViewController: ViewController {
    let log: Log
    let name: String
    var windowAtWillAppear: Window??
    var windowAtDidAppear: Window??
    init(_ name: String, log: Log) {
        self.log = log
        self.name = name
        super.init()
    }
    override func loadView() { log.add("\(name).loadView"); super.loadView() }
    override func viewDidLoad() { log.add("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { windowAtWillAppear = .some(view.window); log.add("\(name).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { windowAtDidAppear = .some(view.window); log.add("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).viewDidDisappear") }
}

@MainActor
@Suite("View controllers")
struct ViewControllerTests {
    /// The view loads lazily, once: loadView then viewDidLoad on first access.
    @Test func viewLoadsLazilyOnce() {
        let log = Log()
        let vc = LifecycleViewController("VC", log: log)
        #expect(!vc.isViewLoaded)
        #expect(vc.viewIfLoaded == nil)
        #expect(log.entries.isEmpty)
        let view = vc.view
        #expect(vc.isViewLoaded)
        #expect(vc.view === view)
        #expect(log.entries == ["VC.loadView", "VC.viewDidLoad"])
        #expect(view.next === vc)
    }

    /// API.md "Construction": makeKeyAndVisible installs the root controller's view sized to the
    /// window and runs viewWillAppear then viewDidAppear synchronously; the view is in the window
    /// by viewDidAppear (not yet at viewWillAppear).
    @Test func makeKeyAndVisibleRunsAppearanceSynchronously() {
        let log = Log()
        let vc = LifecycleViewController("Root", log: log)
        let h = Harness(root: vc, log: log)
        #expect(log.entries == ["Root.loadView", "Root.viewDidLoad", "Root.viewWillAppear", "Root.viewDidAppear"])
        #expect(vc.view.superview === h.window)
        #expect(vc.view.frame == h.window.bounds)
        #expect(vc.windowAtWillAppear == .some(nil))
        #expect(vc.windowAtDidAppear == .some(h.window))
        #expect(vc.appearanceState == .appeared)
        #expect(h.window.isKeyWindow && !h.window.isHidden)
    }

    /// Replacing the root controller makes the old one disappear and the new one appear.
    @Test func replacingTheRootController() {
        let log = Log()
        let first = LifecycleViewController("First", log: log)
        let h = Harness(root: first, log: log)
        log.clear()
        let second = LifecycleViewController("Second", log: log)
        h.window.rootViewController = second
        #expect(
            log.entries == [
                "First.viewWillDisappear", "First.viewDidDisappear",
                "Second.loadView", "Second.viewDidLoad", "Second.viewWillAppear", "Second.viewDidAppear"
            ])
        #expect(first.view.superview == nil)
        #expect(second.view.superview === h.window)
    }

    /// present(_:animated: false, completion:) runs the presented controller's appearance
    /// synchronously, covers the window, links presenting/presented, and dismiss undoes it all
    /// (the animated transitions are `ModalTransitionTests`).
    @Test func presentAndDismiss() {
        let log = Log()
        let root = LifecycleViewController("Root", log: log)
        let h = Harness(root: root, log: log)
        log.clear()
        let modal = LifecycleViewController("Modal", log: log)
        var completed = 0
        root.present(modal, animated: false) { completed += 1 }
        #expect(completed == 1)
        #expect(log.entries == ["Modal.loadView", "Modal.viewDidLoad", "Modal.viewWillAppear", "Modal.viewDidAppear"])
        #expect(root.presentedViewController === modal)
        #expect(modal.presentingViewController === root)
        #expect(modal.view.frame == h.window.bounds)
        #expect(h.window.hitTest(Point(10, 10), with: nil) === modal.view, "the modal covers the window")
        log.clear()
        modal.dismiss(animated: false) { completed += 1 }
        #expect(completed == 2)
        #expect(log.entries == ["Modal.viewWillDisappear", "Modal.viewDidDisappear"])
        #expect(root.presentedViewController == nil)
        #expect(modal.presentingViewController == nil)
        #expect(modal.view.window == nil)
        #expect(h.window.hitTest(Point(10, 10), with: nil) === root.view)
    }

    /// Presenting from a controller that already presents stacks on top; dismissing the bottom
    /// presenter dismisses everything above.
    @Test func presentationStacks() {
        let log = Log()
        let root = LifecycleViewController("Root", log: log)
        _ = Harness(root: root, log: log)
        let a = LifecycleViewController("A", log: log)
        let b = LifecycleViewController("B", log: log)
        root.present(a, animated: false)
        root.present(b, animated: false)
        #expect(a.presentedViewController === b)
        #expect(b.presentingViewController === a)
        root.dismiss(animated: false)
        #expect(a.view.window == nil && b.view.window == nil)
        #expect(root.presentedViewController == nil)
    }

    /// Presenting from a controller that is not in a window is refused with a diagnostic.
    @Test func presentingOffScreenIsRefused() {
        let vc = ViewController()
        let modal = ViewController()
        let messages = collectDiagnostics { vc.present(modal, animated: false) }
        #expect(messages.count == 1)
        #expect(vc.presentedViewController == nil)
        #expect(modal.presentingViewController == nil)
    }

    /// Children: addChild / removeFromParent keep parent and children in step; a child whose view
    /// is not added answers its parent as next.
    @Test func childControllers() {
        let parent = ViewController()
        let child = ViewController()
        parent.addChild(child)
        #expect(parent.children.count == 1 && parent.children[0] === child)
        #expect(child.parent === parent)
        #expect(child.next === parent)
        parent.addChild(child)
        #expect(parent.children.count == 1, "adding twice is a no-op")
        parent.view.addSubview(child.view)
        #expect(child.next === parent.view)
        child.removeFromParent()
        #expect(parent.children.isEmpty && child.parent == nil)
    }

    /// A child whose view is inside the parent's view appears with the parent.
    @Test func childrenAppearWithTheirParent() {
        final class Parent: ViewController {
            let child: LifecycleViewController
            init(child: LifecycleViewController) { self.child = child; super.init() }
            override func viewDidLoad() {
                addChild(child)
                view.addSubview(child.view)
            }
        }
        let log = Log()
        let child = LifecycleViewController("Child", log: log)
        _ = Harness(root: Parent(child: child), log: log)
        #expect(log.entries == ["Child.loadView", "Child.viewDidLoad", "Child.viewWillAppear", "Child.viewDidAppear"])
    }

    /// The window keeps its root controller's view sized to it on layout.
    @Test func windowLayoutKeepsTheRootViewSized() {
        let vc = ViewController()
        let h = Harness(root: vc, log: Log())
        h.window.frame = Rect(0, 0, 300, 300)
        h.window.layoutIfNeeded()
        #expect(vc.view.frame == Rect(0, 0, 300, 300))
    }
}
