import FakeFramebuffer
import PuzzleApp
import Rendering
import ResponderKit
import ResponderKitTesting
import TestHelpers

/// The puzzle as the kiosk should show it: the same app (`PuzzleKiosk`) in a window of the
/// kiosk's logical size, rendered in this process by the same renderer into a `HeadlessOutput`,
/// with the same taps routed at the same window points (`InputDriver`). Comparing the framebuffer
/// file with it, pixel by pixel through the rotation, checks everything the panel shows (tiles,
/// numbers, title, counter) and that the picture is turned the same way as the touches.
@MainActor
final class ReferencePuzzle {
    let window: Window
    private let driver: InputDriver
    private let output: HeadlessOutput
    private let presenter: WindowPresenter

    init(size: Size) {
        Rendering.install()
        let application = Application()
        application.delegate = PuzzleAppDelegate()
        driver = InputDriver(application: application)
        output = HeadlessOutput(size: size)
        window = Window(windowScene: WindowScene(application: application, screenBounds: Rect(origin: .zero, size: size)))
        window.rootViewController = PuzzleKiosk.app().makeRootViewController()
        window.makeKeyAndVisible()
        presenter = WindowPresenter(window: window, output: output)
        presenter.update()
    }

    /// A finger down and up at `point`, then frames (damage only, as the kiosk draws them) every
    /// 1/60 s on the manual clock until any animation the tap started (a swap's glide) ended:
    /// the reference is the frame the kiosk settles on.
    func tap(at point: Point) {
        driver.tap(at: point, in: window)
        presenter.update()
        while window.application.animator.isRunning {
            driver.advance(by: 1.0 / 60)
            presenter.update()
        }
    }

    func image() -> Image { output.image() }
}

/// Where the framebuffer file differs from a reference image, as a `PixelDiff` (exact: the
/// panel's channels against the reference truncated to them).
@MainActor
struct FrameComparison: CustomStringConvertible {
    private var diff: PixelDiff?

    /// Pixels that differ.
    var differing: Int { diff?.differing ?? 0 }

    /// Nothing compared yet.
    init() {}

    /// Compares every visible pixel of the page at `pageY` with the logical pixel it must show: the
    /// one a touch at the pixel's centre lands on (`DisplayRotation.map`), converted to the panel's
    /// channels by truncation (as the output converts).
    /// - Complexity: O(panel pixels).
    init(fake: FakeFramebuffer, bytes: [UInt8], pageY: Int, layout: PuzzleLayout, reference: Image) {
        let (w, h) = (fake.width, fake.height)
        let channels = fake.channelLayout
        diff = PixelDiff(width: w, height: h, tolerance: 0) { px, py in
            let point = layout.rotation.map(u: (Double(px) + 0.5) / Double(w), v: (Double(py) + 0.5) / Double(h), into: layout.windowSize)
            let argb = reference.argb(x: Int(point.x.rounded(.down)), y: Int(point.y.rounded(.down)))
            var want: UInt32 = 0xFF00_0000
            for (index, shift) in [UInt32(16), 8, 0].enumerated() {
                let dropped = UInt32(8 - channels[index].length)
                let channel = ((argb >> shift) & 0xFF) >> dropped
                want |= (channel << dropped) << shift
            }
            let got = fake.rgb(fake.pixel(bytes, x: px + fake.xOffset, y: py + pageY))
            let shown: UInt32 = 0xFF00_0000 | UInt32(got.r) << 16 | UInt32(got.g) << 8 | UInt32(got.b)
            return (shown, want)
        }
    }

    nonisolated var description: String {
        guard let diff, !diff.matches else { return "identical" }
        return "panel against reference: \(diff)"
    }
}

extension FakePanelKiosk {
    /// Waits (20 s at most) until the panel shows exactly `reference`'s current image.
    @MainActor
    func waitForFrame(of reference: ReferencePuzzle, layout: PuzzleLayout, _ what: String) throws {
        let image = reference.image()
        try kiosk.wait(for: what, timeout: 20) {
            FrameComparison(fake: fake, bytes: try fake.bytes(), pageY: fake.shownPageY(), layout: layout, reference: image).differing == 0
        }
    }
}
