import ResponderKitTesting
import Testing

@testable import ResponderKit

/// The layout contract (issue 8 §0): UIKit lays out every view before it is first shown, even when
/// its size never changes; `addSubview` marks the receiver; each request gives one
/// `layoutSubviews`; a window resize lays out again. The bug a user saw (wayland-demo's tiles never
/// laid out, a blank board) was a view whose size never changed never getting `layoutSubviews`.
@MainActor
@Suite("Layout pass")
struct LayoutPassTests {
    /// Counts its `layoutSubviews` calls and positions one child like the demo's board.
    final class CountingView: View {
        var layouts = 0
        let child = View()
        override init(frame: Rect) {
            super.init(frame: frame)
            addSubview(child)
        }
        override func layoutSubviews() {
            layouts += 1
            child.frame = bounds.insetBy(dx: 10, dy: 10)
        }
    }

    final class CountingController: ViewController {
        let board: CountingView
        init(board: CountingView) {
            self.board = board
            super.init()
        }
        override func loadView() { view = board }
    }

    @Test func aViewWhoseSizeNeverChangesIsLaidOutBeforeItIsShown() {
        // The window's size equals the view's from the start: no size change ever happens.
        let board = CountingView(frame: Rect(0, 0, 400, 800))
        let h = Harness(root: CountingController(board: board))
        #expect(h.window.layoutPassRequested)
        h.window.layoutIfNeeded()
        #expect(board.layouts == 1)
        #expect(board.child.frame == Rect(10, 10, 380, 780))
        #expect(!h.window.layoutPassRequested)
    }

    @Test func aNestedViewAddedWithAFixedFrameIsLaidOutToo() {
        let h = Harness(root: ViewController())
        h.window.layoutIfNeeded()
        let inner = CountingView(frame: Rect(0, 0, 100, 100))
        h.window.rootViewController!.view.addSubview(inner)
        #expect(h.window.layoutPassRequested)
        h.window.layoutIfNeeded()
        #expect(inner.layouts == 1)
        #expect(inner.child.frame == Rect(10, 10, 80, 80))
    }

    @Test func addSubviewMarksTheReceiver() {
        let board = CountingView(frame: Rect(0, 0, 400, 800))
        let h = Harness(root: CountingController(board: board))
        h.window.layoutIfNeeded()
        board.addSubview(View(frame: Rect(0, 0, 5, 5)))
        h.window.layoutIfNeeded()
        #expect(board.layouts == 2)
    }

    @Test func eachRequestGivesOneLayoutHoweverOftenItIsMade() {
        let board = CountingView(frame: Rect(0, 0, 400, 800))
        let h = Harness(root: CountingController(board: board))
        h.window.layoutIfNeeded()
        for _ in 0..<5 { board.setNeedsLayout() }
        h.window.layoutIfNeeded()
        h.window.layoutIfNeeded()
        #expect(board.layouts == 2)
    }

    @Test func aPassSkipsSubtreesThatAskedForNothing() {
        let a = CountingView(frame: Rect(0, 0, 100, 100)), b = CountingView(frame: Rect(0, 0, 100, 100))
        let h = Harness(root: ViewController())
        h.window.rootViewController!.view.addSubview(a)
        h.window.rootViewController!.view.addSubview(b)
        h.window.layoutIfNeeded()
        a.child.setNeedsLayout()
        h.window.layoutIfNeeded()
        #expect(a.layouts == 1 && b.layouts == 1)
        #expect(!a.child.needsLayout)
    }

    @Test func aWindowResizeLaysOutTheRootViewAgain() {
        let board = CountingView(frame: .zero)
        let h = Harness(root: CountingController(board: board))
        h.window.layoutIfNeeded()
        h.window.frame = Rect(0, 0, 1280, 800)
        h.window.layoutIfNeeded()
        #expect(board.layouts == 2)
        #expect(board.child.frame == Rect(10, 10, 1260, 780))
    }

    @Test func layoutSubviewsMayMarkAnotherViewForTheNextPass() {
        final class Marker: View {
            weak var other: View?
            override func layoutSubviews() { other?.setNeedsLayout() }
        }
        let h = Harness(root: ViewController())
        let marker = Marker(frame: Rect(0, 0, 10, 10))
        let other = CountingView(frame: Rect(0, 0, 10, 10))
        marker.other = other
        h.window.rootViewController!.view.addSubview(other)
        h.window.rootViewController!.view.addSubview(marker)
        h.window.layoutIfNeeded()
        #expect(other.layouts == 1)
        #expect(h.window.layoutPassRequested)
        h.window.layoutIfNeeded()
        #expect(other.layouts == 2)
    }
}
