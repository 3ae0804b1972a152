import Kiosk
import PuzzleApp
import Rendering
import ResponderKit
import ResponderKitTesting
import Testing

/// The host's warm-up after the first frame (issue 27, the first touch as fast as the hundredth):
/// it never reaches the app — no event, no frame, no damage, no timer, the same pixels — and the
/// app still answers its first touch afterwards.
@MainActor
@Suite(.serialized) struct WarmUpTests {
    @Test func theWarmUpLeavesTheAppAndTheScreenAsTheyWere() {
        Rendering.install()
        let application = Application()
        let backend = HeadlessBackend(size: Size(width: 640, height: 400))
        let board = Board(columns: 3, rows: 3, order: [1, 0, 2, 3, 5, 4, 6, 7, 8])
        let session = KioskSession(backend: backend, application: application, rootViewController: PuzzleViewController(board: board))
        session.frame()
        let framesBefore = session.presenter.presentedFrames
        let pixelsBefore = backend.headless.image()
        let outcomeBefore = board.lastOutcome
        let sharedTimersBefore = Application.shared.timers.count
        var traced = 0
        GestureTrace.observer = { _ in traced += 1 }
        defer { GestureTrace.observer = nil }

        let report = session.warmUp()

        #expect(!report.preparedOutput, "a headless output has one buffer: nothing to prepare")
        #expect(report.hitTests == 48)
        #expect(report.events >= 10, "the private stage routed \(report.events) events")
        #expect(report.fonts >= 1, "the puzzle's fonts were used by the first frame")
        #expect(traced == 0, "an installed gesture trace saw the warm-up's private recognizers")
        #expect(GestureTrace.observer != nil, "the warm-up put the trace observer back")
        #expect(application.timers.isEmpty, "the warm-up armed a timer of the app")
        #expect(Application.shared.timers.count == sharedTimersBefore)
        #expect(!session.presenter.hasPendingDamage, "the warm-up damaged the app's window")
        #expect(!application.animator.isRunning)
        session.frame()
        #expect(session.presenter.presentedFrames == framesBefore, "a frame was drawn after the warm-up")
        #expect(backend.headless.image().pixels == pixelsBefore.pixels)
        #expect(board.lastOutcome == outcomeBefore)
        #expect(board.selected == nil)
        #expect(application.connectedScenes.count == 1, "the stage's scene is the warm-up application's, not the app's")

        // The app's first touch after it selects as before.
        let driver = InputDriver(application: application)
        driver.framesPerSecond = 0
        let center = board.convert(board.center(column: 1, row: 1), to: session.window)
        driver.tap(at: center, in: session.window)
        session.frame()
        #expect(board.selected === board.slots[4])
        #expect(session.presenter.presentedFrames > framesBefore)
    }

    /// Warming the glyphs of a text engine that has laid out nothing is a no-op; with fonts it
    /// keeps no layout of its own in the cache.
    @Test func warmingGlyphsKeepsNoLayout() {
        Rendering.install()
        let engine = PangoTextEngine.shared
        _ = engine.size(of: "Moves: 0", attributes: TextAttributes(font: .systemFont(ofSize: 24)), width: nil)
        let cached = engine.cachedLayoutCount
        #expect(engine.warmGlyphs(scale: 1) >= 1)
        #expect(engine.warmGlyphs(scale: .nan) >= 1, "a bad scale is treated as 1")
        #expect(engine.cachedLayoutCount == cached)
    }

    @Test func theFlagTurnsItOff() throws {
        #expect(try KioskOptions.parse([], appName: "t", environment: { _ in nil }).warmsUp)
        #expect(try !KioskOptions.parse(["--no-warm-up"], appName: "t", environment: { _ in nil }).warmsUp)
        #expect(KioskOptions.usage.contains("--no-warm-up"))
    }
}
