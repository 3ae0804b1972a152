import ChildProcesses
import Rendering
import ResponderKit
import Testing
import WaylandBackend
import WaylandFixture

/// The window's frames through `WaylandSurfaceOutput` and the real Cairo/Pango renderer, as the
/// fixture compositor receives them: the committed shm pixels (read back by the compositor), the
/// `wl_surface.damage_buffer` rectangles of each commit, buffer sizes at scale 2, and pacing by
/// frame callbacks.
@MainActor
@Suite struct FixtureRenderingTests {
    /// A blue panel with a black "Hello" label on a white root.
    static func labelledPanel(_ root: View) -> (panel: View, label: Label) {
        root.backgroundColor = .white
        let panel = View(frame: Rect(x: 100, y: 100, width: 300, height: 80))
        panel.backgroundColor = .blue
        let label = Label(frame: Rect(x: 10, y: 10, width: 280, height: 60))
        label.text = "Hello"
        label.fontSize = 40
        panel.addSubview(label)
        root.addSubview(panel)
        return (panel, label)
    }

    /// The committed buffer equals the renderer's own full rendering of the window (`snapshot`).
    static func expectCommittedEqualsSnapshot(
        _ s: FixtureSession, scale: Double = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let committed = s.committedPixels()
        let snapshot = s.window.snapshot(scale: scale)
        #expect(committed.width == snapshot.width && committed.height == snapshot.height, sourceLocation: sourceLocation)
        let differing = zip(committed.pixels, snapshot.pixels).filter { $0 != $1 }.count
        #expect(
            differing == 0 && committed.pixels.count == snapshot.pixels.count,
            "\(differing) pixels of the committed buffer differ from the window's snapshot", sourceLocation: sourceLocation)
    }

    @Test func labelTextAndBackgroundsDrawnByTheRendererArriveInTheCommittedBuffer() throws {
        var parts: (panel: View, label: Label)?
        let s = try FixtureSession { parts = Self.labelledPanel($0) }
        defer { s.shutdown() }
        _ = try #require(parts)
        #expect(s.state.distinct_buffers == 1)  // the very first frame
        #expect(s.pixel(50, 50) == 0xFFFF_FFFF)  // the root's white
        #expect(s.pixel(105, 105) == 0xFF00_00FF)  // the panel's blue, outside the label
        #expect(s.pixel(390, 170) == 0xFF00_00FF)
        #expect(s.pixel(1279, 799) == 0xFFFF_FFFF)
        // The label's text: dark pixels on the blue, starting at the label's left edge, inside it.
        var inked: [(Int32, Int32)] = []
        for y in Int32(100)..<180 {
            for x in Int32(100)..<400 where s.pixel(x, y) & 0xFF < 0x80 { inked.append((x, y)) }
        }
        #expect(inked.count > 300, "\(inked.count) inked pixels")
        let minX = inked.map(\.0).min() ?? 0, maxX = inked.map(\.0).max() ?? 0
        let minY = inked.map(\.1).min() ?? 0, maxY = inked.map(\.1).max() ?? 0
        #expect(minX >= 110 && minX < 125, "text starts at x \(minX)")
        #expect(maxX < 390 && maxX > 180, "text ends at x \(maxX)")
        #expect(minY >= 110 && maxY < 170, "text rows \(minY)…\(maxY)")
        Self.expectCommittedEqualsSnapshot(s)
    }

    @Test func changingOneViewsColourCommitsDamageCoveringOnlyThatView() throws {
        var views: [View] = []
        let s = try FixtureSession { root in
            _ = Self.labelledPanel(root)
            for i in 0..<3 {
                let v = View(frame: Rect(x: 500 + Double(i) * 150, y: 400, width: 120, height: 90))
                v.backgroundColor = .green
                root.addSubview(v)
                views.append(v)
            }
        }
        defer { s.shutdown() }
        // Frame 2 goes into a new buffer (repainted whole), yet only the changed view is damaged.
        views[0].backgroundColor = .red
        wfx_frame_done(s.fx)
        try s.waitUntil("the red frame") { s.pixel(560, 440) == 0xFFFF_0000 }
        #expect(s.damageRects == [PixelRect(x: 500, y: 400, width: 120, height: 90)])
        #expect(s.state.damage_buffer_requests == 1)
        #expect(s.state.distinct_buffers == 2)
        Self.expectCommittedEqualsSnapshot(s)
        // Frame 3 reuses the first buffer, which missed frame 2: it repaints both views, but the
        // compositor is told only what changed since frame 2 — and the pixels are all right.
        views[2].backgroundColor = .black
        wfx_frame_done(s.fx)
        try s.waitUntil("the black frame") { s.pixel(860, 440) == 0xFF00_0000 }
        #expect(s.damageRects == [PixelRect(x: 800, y: 400, width: 120, height: 90)])
        #expect(s.pixel(560, 440) == 0xFFFF_0000)
        #expect(s.state.distinct_buffers == 2)
        Self.expectCommittedEqualsSnapshot(s)
        // Text: a label's new text damages the label only.
        let label = try #require(s.root.subviews.first?.subviews.first as? Label)
        label.text = "World"
        wfx_frame_done(s.fx)
        try s.waitUntil("the new text") { s.damageRects == [PixelRect(x: 110, y: 110, width: 280, height: 60)] }
        Self.expectCommittedEqualsSnapshot(s)
    }

    /// The host's warm-up (issue 27) makes the second buffer in idle time, a copy of the first: the
    /// first touch's frame then repaints only its damage (without it, the whole window went into a
    /// new blank buffer), and the committed pixels are still the app's.
    @Test func theWarmUpPreparesTheSecondBufferSoTheNextFrameRepaintsOnlyItsDamage() throws {
        var views: [View] = []
        let s = try FixtureSession { root in
            _ = Self.labelledPanel(root)
            let v = View(frame: Rect(x: 500, y: 400, width: 120, height: 90))
            v.backgroundColor = .green
            root.addSubview(v)
            views.append(v)
        }
        defer { s.shutdown() }
        let report = s.session.warmUp()
        #expect(report.preparedOutput)
        #expect(!s.session.warmUp().preparedOutput, "a second warm-up has nothing left to prepare")
        views[0].backgroundColor = .red
        wfx_frame_done(s.fx)
        try s.waitUntil("the red frame") { s.pixel(560, 440) == 0xFFFF_0000 }
        #expect(s.session.presenter.renderer.lastFrameStatistics.pixelsRepainted == 120 * 90)
        #expect(s.damageRects == [PixelRect(x: 500, y: 400, width: 120, height: 90)])
        #expect(s.state.distinct_buffers == 2)
        Self.expectCommittedEqualsSnapshot(s)
    }

    /// The bug a user saw: wayland-demo's board (made at the window's size, which the configure
    /// did not change) was never laid out, so its tiles were all at zero size — a blank board.
    @Test func aBoardWhoseSizeNeverChangesIsLaidOutBeforeTheFirstFrame() throws {
        var board: FixedBoard?
        let s = try FixtureSession { root in
            let b = FixedBoard(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
            root.addSubview(b)
            board = b
        }
        defer { s.shutdown() }
        let b = try #require(board)
        #expect(b.frame.size == s.window.bounds.size)  // the configure kept the size
        #expect(b.layoutPasses == 1)
        #expect(s.state.distinct_buffers == 1 && s.surface.committedFrames == 1)  // the first buffer…
        #expect(s.pixel(100, 100) == 0xFFFF_0000)  // …shows the four tiles
        #expect(s.pixel(1180, 100) == 0xFF00_FF00)
        #expect(s.pixel(100, 700) == 0xFF00_00FF)
        #expect(s.pixel(1180, 700) == 0xFFFF_FF00)
        #expect(s.pixel(640, 4) == 0xFF55_5555)  // and the board (dark grey) between them
        Self.expectCommittedEqualsSnapshot(s)
    }

    @Test func aScaleTwoOutputGivesATwiceLargerBufferWithCrispContent() throws {
        var parts: (panel: View, label: Label)?
        let s = try FixtureSession { parts = Self.labelledPanel($0) }
        defer { s.shutdown() }
        _ = try #require(parts)
        let output = wfx_output_add(s.fx, 2, 2560, 1600)
        try s.roundtrip()
        wfx_surface_enter(s.fx, output)
        try s.waitUntil("the scale change") { s.surface.scale == 2 }
        #expect(s.surface.output.scale == 2)
        #expect(s.surface.output.size == Size(width: 1280, height: 800))  // points do not change
        wfx_frame_done(s.fx)
        try s.waitUntil("the scale-2 buffer") { s.state.buffer_w == 2560 }
        #expect(s.state.buffer_h == 1600 && s.state.buffer_scale == 2)
        #expect(s.damageRects == [PixelRect(x: 0, y: 0, width: 2560, height: 1600)])
        // Crisp: the panel's edges fall on whole pixels, no blended column or row.
        #expect(s.pixel(199, 300) == 0xFFFF_FFFF && s.pixel(200, 300) == 0xFF00_00FF)
        #expect(s.pixel(799, 300) == 0xFF00_00FF && s.pixel(800, 300) == 0xFFFF_FFFF)
        #expect(s.pixel(300, 199) == 0xFFFF_FFFF && s.pixel(300, 200) == 0xFF00_00FF)
        #expect(s.pixel(300, 359) == 0xFF00_00FF && s.pixel(300, 360) == 0xFFFF_FFFF)
        // The text is drawn at 2 pixels per point (not a scaled-up scale-1 image).
        Self.expectCommittedEqualsSnapshot(s, scale: 2)
        let scaled1 = s.window.snapshot(scale: 1)
        let committed = s.committedPixels()
        var sameAsEnlarged = true
        for y in 0..<1600 where sameAsEnlarged {
            for x in 0..<2560 where committed.pixels[y * 2560 + x] != scaled1.pixels[(y / 2) * 1280 + x / 2] {
                sameAsEnlarged = false
                break
            }
        }
        #expect(!sameAsEnlarged, "the scale-2 frame equals the scale-1 frame enlarged")
    }

    @Test func noCommitWhileAFrameCallbackIsPendingAndOneAfterIt() throws {
        var panel: View?
        let s = try FixtureSession { panel = Self.labelledPanel($0).panel }
        defer { s.shutdown() }
        let view = try #require(panel)
        #expect(s.state.pending_frames == 1)  // the first frame's callback
        #expect(!s.surface.output.isReadyForFrame)
        let commits = s.state.commits
        // Two changes while the callback is pending: nothing is committed…
        view.backgroundColor = .red
        try s.roundtrip()
        s.settle()
        view.frame = Rect(x: 100, y: 300, width: 300, height: 80)
        try s.roundtrip()
        s.settle()
        #expect(s.state.commits == commits)
        #expect(s.pixel(110, 150) & 0xFF == 0xFF)  // still the blue panel
        // …the callback answered: exactly one commit carries both.
        wfx_frame_done(s.fx)
        try s.waitUntil("the next frame") { s.state.commits == commits + 1 }
        try s.roundtrip()
        s.settle()
        #expect(s.state.commits == commits + 1)
        #expect(s.pixel(105, 305) == 0xFFFF_0000)
        #expect(s.pixel(105, 150) == 0xFFFF_FFFF)
        #expect(s.state.pending_frames == 1)
        #expect(s.damageRects.reduce(PixelRect.empty) { $0.union($1) } == PixelRect(x: 100, y: 100, width: 300, height: 280))
        Self.expectCommittedEqualsSnapshot(s)
        // Answered again with nothing changed: no commit.
        wfx_frame_done(s.fx)
        try s.roundtrip()
        s.settle()
        #expect(s.state.commits == commits + 1)
        #expect(s.surface.presentedFrames == s.surface.committedFrames)
    }
}

extension FixtureRenderingTests {
    /// Bad sizes from the compositor: a negative one keeps the window's size; one that would need
    /// a buffer over 256 MiB gets no buffer (reported once), and the next sane configure draws.
    @Test func absurdConfigureSizesNeitherCrashNorHang() throws {
        let s = try FixtureSession { _ = Self.labelledPanel($0) }
        defer { s.shutdown() }
        wfx_configure(s.fx, -5, 10, 1)
        try s.waitUntil("the acknowledged configure") { s.state.acked_serial == s.state.configure_serial }
        #expect(s.window.bounds.size == Size(width: 1280, height: 800))
        wfx_configure(s.fx, 100_000, 100_000, 1)
        try s.waitUntil("the huge size") { s.window.bounds.width == 16384 }  // clamped
        try s.roundtrip()
        s.settle()
        #expect(s.state.buffer_w == 1280 && s.state.buffer_h == 800)  // no new buffer
        #expect(s.display.failure == nil)
        wfx_configure(s.fx, 800, 600, 1)
        try s.waitUntil("the 800×600 frame") { s.state.buffer_w == 800 && s.state.buffer_h == 600 }
        #expect(s.damageRects == [PixelRect(x: 0, y: 0, width: 800, height: 600)])
        Self.expectCommittedEqualsSnapshot(s)
    }
}

/// A board like wayland-demo's: four tiles placed only by `layoutSubviews`.
@MainActor
final class FixedBoard: View {
    let tiles: [View] = [Color.red, .green, .blue, .yellow].map { color in
        let tile = View(frame: .zero)
        tile.backgroundColor = color
        return tile
    }
    private(set) var layoutPasses = 0
    override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = .darkGray
        for tile in tiles { addSubview(tile) }
    }
    override func layoutSubviews() {
        layoutPasses += 1
        let w = bounds.width / 2, h = bounds.height / 2
        for (i, tile) in tiles.enumerated() {
            tile.frame = Rect(x: Double(i % 2) * w + 8, y: Double(i / 2) * h + 8, width: w - 16, height: h - 16)
        }
    }
}
