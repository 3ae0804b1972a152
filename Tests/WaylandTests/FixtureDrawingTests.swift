import ResponderKit
import Testing
import WaylandBackend
import WaylandFixture

/// Buffers as the compositor sees them: background colours of the view tree, hidden/alpha/clip,
/// damage of what changed, double buffering, redraws paced by frame callbacks.
@MainActor
@Suite struct FixtureDrawingTests {
    static func tree(_ s: FixtureSession) -> (red: View, green: View, hidden: View, clipped: View, child: View) {
        s.root.backgroundColor = Color(white: 1)
        let red = View(frame: Rect(x: 10, y: 10, width: 100, height: 100)); red.backgroundColor = .red
        let green = View(frame: Rect(x: 200, y: 10, width: 100, height: 100)); green.backgroundColor = .green
        green.alpha = 0.5
        let hidden = View(frame: Rect(x: 400, y: 10, width: 100, height: 100)); hidden.backgroundColor = .blue
        hidden.isHidden = true
        let clipped = View(frame: Rect(x: 600, y: 10, width: 100, height: 100)); clipped.backgroundColor = .black
        clipped.clipsToBounds = true
        let child = View(frame: Rect(x: 50, y: 50, width: 100, height: 100)); child.backgroundColor = .blue
        clipped.addSubview(child)
        for v in [red, green, hidden, clipped] { s.root.addSubview(v) }
        return (red, green, hidden, clipped, child)
    }

    @Test func drawsBackgroundColoursHonouringHiddenAlphaAndClipping() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        _ = Self.tree(s)
        wfx_frame_done(s.fx)
        try s.waitUntil("the tree's frame") { s.pixel(50, 50) == 0xFFFF_0000 }
        #expect(s.pixel(5, 5) == 0xFFFF_FFFF)  // root: white
        #expect(s.pixel(250, 50) == 0xFF7F_FF7F)  // green at 50 % over white (8-bit source-over)
        #expect(s.pixel(450, 50) == 0xFFFF_FFFF)  // hidden: nothing
        #expect(s.pixel(680, 80) == 0xFF00_00FF)  // the child inside its clipping parent
        #expect(s.pixel(720, 130) == 0xFFFF_FFFF)  // …and clipped outside it
        #expect(s.pixel(1279, 799) == 0xFFFF_FFFF)
    }

    @Test func redrawsArePacedByFrameCallbacksAndDamageOnlyWhatChanged() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        let views = Self.tree(s)
        wfx_frame_done(s.fx)
        try s.waitUntil("the tree's frame") { s.pixel(50, 50) == 0xFFFF_0000 }
        let commits = s.state.commits
        // No frame callback answered yet: a change waits.
        views.red.backgroundColor = .blue
        try s.roundtrip()
        s.settle()
        #expect(s.state.commits == commits)
        #expect(s.pixel(50, 50) == 0xFFFF_0000)
        wfx_frame_done(s.fx)
        try s.waitUntil("the blue frame") { s.pixel(50, 50) == 0xFF00_00FF }
        let st = s.state
        #expect(st.commits == commits + 1)
        #expect(st.damage_x == 10 && st.damage_y == 10 && st.damage_w == 100 && st.damage_h == 100)
        #expect(st.distinct_buffers == 2)  // double buffering
        #expect(s.surface.presentedFrames >= 2)
        // Nothing changed: no commit at all, even with the callback answered.
        wfx_frame_done(s.fx)
        try s.roundtrip()
        s.settle()
        #expect(s.state.commits == commits + 1)
        // A move damages the old and the new place; the other buffer is repainted correctly.
        views.red.frame = Rect(x: 20, y: 300, width: 50, height: 50)
        try s.waitUntil("the moved frame") { s.pixel(40, 320) == 0xFF00_00FF }
        #expect(s.pixel(50, 50) == 0xFFFF_FFFF)
        #expect(s.state.damage_y == 10 && s.state.damage_h == 340)
    }
}

extension FixtureDrawingTests {
    @Test func scrolledContainersAndTransformedViewsDrawWhereTheyAre() throws {
        let s = try FixtureSession()
        defer { s.shutdown() }
        s.root.backgroundColor = .white
        let scroller = View(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        scroller.clipsToBounds = true
        scroller.bounds = Rect(x: 0, y: 50, width: 200, height: 200)  // scrolled down by 50
        let content = View(frame: Rect(x: 0, y: 60, width: 50, height: 50))
        content.backgroundColor = .red
        scroller.addSubview(content)
        let turned = View(frame: Rect(x: 500, y: 500, width: 100, height: 20))
        turned.backgroundColor = .blue
        turned.transform = AffineTransform(rotationAngle: .pi / 2)  // now 20 wide, 100 tall
        s.root.addSubview(scroller)
        s.root.addSubview(turned)
        wfx_frame_done(s.fx)
        try s.waitUntil("the frame") { s.pixel(120, 115) == 0xFFFF_0000 }
        #expect(s.pixel(120, 165) == 0xFFFF_FFFF)  // below the scrolled content
        #expect(s.pixel(550, 460) == 0xFF00_00FF)  // the rotated view's box, above its old frame
        #expect(s.pixel(520, 510) == 0xFFFF_FFFF)  // …and not its untransformed frame
    }
}
