import ResponderKit
import Testing

@testable import Rendering

/// Bad geometry, sizes and text never crash the renderer nor stop the rest of a frame.
@MainActor
@Suite("Renderer: bad input")
struct BadInputTests {
    final class Scribbler: View {
        override func draw(_ rect: Rect) {
            guard let context = GraphicsContext.current else { return }
            context.setFillColor(.red)
            context.fill(Rect(x: .nan, y: 0, width: 10, height: 10))
            context.fill(Rect(x: 0, y: 0, width: 1e300, height: 1e300))
            let arc = BezierPath()
            arc.addArc(withCenter: Point(x: 5, y: 5), radius: 1e200, startAngle: 0, endAngle: 1e12, clockwise: false)
            context.fill(arc)
            context.setLineWidth(.nan)
            context.stroke(Rect(x: 0, y: 0, width: 5, height: 5))
            context.saveGState()
            context.scaleBy(x: 0, y: 0)  // singular: nothing until restored
            context.fill(Rect(x: 0, y: 0, width: 10, height: 10))
            context.restoreGState()
            context.concatenate(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
            context.draw("", in: Rect(x: 0, y: 0, width: 10, height: 10), attributes: TextAttributes())
            context.draw("text", in: Rect(x: .infinity, y: 0, width: 10, height: 10), attributes: TextAttributes())
            context.beginTransparencyLayer(alpha: .nan)  // left open on purpose
            context.saveGState()  // left open on purpose
        }
    }

    @Test func badGeometryDrawsWhatItCanAndTheRestOfTheFrameStillDraws() {
        var reported: [String] = []
        let saved = ResponderDiagnostics.handler
        ResponderDiagnostics.handler = { reported.append("\($0)") }
        defer { ResponderDiagnostics.handler = saved }

        let window = makeWindow(100, 60)
        addView(window, 0, 0, 10, 10, .red).frame = Rect(x: .nan, y: 0, width: 10, height: 10)
        addView(window, 0, 0, 10, 10, .red).center = Point(x: .infinity, y: 3)
        addView(window, 0, 0, 10, 10, .red).transform = AffineTransform(scaleX: 0, y: 0)
        addView(window, 0, 0, 10, 10, .red).transform = AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        addView(window, 0, 0, 10, 10, .red).alpha = .nan
        let huge = addView(window, -1e12, -1e12, 2e12 + 20, 2e12 + 20, .green)
        huge.layer.cornerRadius = 1e12
        huge.layer.borderWidth = 2
        huge.layer.borderColor = .black
        huge.clipsToBounds = true
        let scribbler = Scribbler(frame: Rect(40, 0, 20, 20))
        scribbler.layer.cornerRadius = .nan
        scribbler.layer.borderWidth = .infinity
        window.addSubview(scribbler)
        let label = Label(frame: Rect(0, 30, 100, 30))
        label.text = String(repeating: "long text ", count: 2000) + "\u{0}"
        label.font = .systemFont(ofSize: 1e9)
        label.numberOfLines = 0
        window.addSubview(label)
        let last = addView(window, 80, 40, 10, 10, .blue)

        let image = window.snapshot()
        #expect(reported.isEmpty, "cairo never entered an error state: \(reported)")
        #expect(image.argb(x: 85, y: 45) == argb(0, 0, 255), "the view after the bad ones is drawn")
        #expect(image.argb(x: 70, y: 5) == argb(0, 255, 0), "a view too large for Cairo is drawn where it is on screen")
        #expect(label.sizeThatFits(Size(width: 100, height: .nan)).width.isFinite)
        _ = last
    }

    @Test func controlsWithBadGeometryOrTextDrawAndMeasureWithoutCrashing() {
        let window = makeWindow(100, 100)
        let frames = [
            Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: .infinity, height: 20),
            Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 0, y: 0, width: 1e9, height: 1e9), Rect(x: 0, y: 0, width: -30, height: 20)
        ]
        for frame in frames {
            let label = Label(frame: frame)
            label.text = "Label \u{0} é 😀"
            label.numberOfLines = 0
            let button = Button(frame: frame)
            button.setTitle("", for: .normal)
            button.setTitle("Button", for: .highlighted)
            button.isHighlighted = true
            let field = TextField(frame: frame)
            field.borderStyle = .roundedRect
            field.text = String(repeating: "x", count: 500)
            field.selectedRange = 3..<400
            let image = ImageView(image: Image(width: 1, height: 1, pixels: [0xFFFF_0000]))
            image.frame = frame
            image.contentMode = .scaleAspectFit
            for view in [label, button, field, image] as [View] {
                window.addSubview(view)
                _ = view.sizeThatFits(Size(width: .nan, height: .infinity))
                _ = view.intrinsicContentSize
            }
            _ = field.caretRect(at: -5)
            _ = field.characterIndex(closestTo: Point(x: .nan, y: .nan))
        }
        let empty = Label(frame: Rect(0, 0, 50, 20))
        empty.text = ""
        window.addSubview(empty)
        #expect(empty.sizeThatFits(Size(width: 50, height: 20)) == Size(width: 0, height: 0))
        let image = window.snapshot()
        #expect(image.width == 100)
    }

    @Test func emptyAndHugeWindowsAndTargets() {
        var reported: [String] = []
        let saved = ResponderDiagnostics.handler
        ResponderDiagnostics.handler = { reported.append("\($0)") }
        defer { ResponderDiagnostics.handler = saved }

        let empty = makeWindow(0, 0)
        let image = empty.snapshot()
        #expect(image.width == 1 && image.height == 1 && image.argb(x: 0, y: 0) == 0xFF00_0000)
        #expect(makeWindow(10, 10).snapshot(scale: .nan).width == 10)
        #expect(makeWindow(10, 10).snapshot(scale: -2).width == 10)
        let wide = makeWindow(1e9, 2)
        let cropped = wide.snapshot()
        #expect(cropped.width == 16384 && cropped.height == 2)
        #expect(reported.count == 1 && reported[0].contains("cropped"))

        // A target Cairo cannot use is reported, not drawn into.
        var pixels = [UInt32](repeating: 7, count: 16)
        pixels.withUnsafeMutableBytes { raw in
            Renderer().render(
                makeWindow(4, 4), into: RenderTarget(base: raw.baseAddress!, width: 4, height: 4, stride: 3, scale: 1),
                repaint: region(Rect(0, 0, 4, 4)))
            Renderer().render(
                makeWindow(4, 4), into: RenderTarget(base: raw.baseAddress!, width: 4, height: 4, stride: 16, scale: .nan),
                repaint: region(Rect(0, 0, 4, 4)))
            Renderer().render(
                makeWindow(4, 4), into: RenderTarget(base: raw.baseAddress!, width: 4, height: 4, stride: 16, scale: 1),
                repaint: DamageRegion())
        }
        #expect(pixels.allSatisfy { $0 == 7 })
        #expect(reported.count == 3)

        // Huge finite sizes and rects clamp before converting to pixels (`Int(_:)` would trap).
        let huge = HeadlessOutput(size: Size(width: 1e300, height: 1))
        #expect(huge.image().width == 16384 && huge.image().height == 1)
        let far = PixelRect(covering: Rect(x: 1e300, y: -1e300, width: 1e290, height: 1e290), scale: 1)
        #expect(far.x == 1_000_000_000 && far.y == -1_000_000_000)
    }

    @Test func hiddenWindowIsBlackAndInstallIsIdempotent() {
        Rendering.install()
        let engine = Drawing.textEngine
        Rendering.install()
        #expect(Drawing.textEngine === engine && Rendering.isInstalled)
        let window = makeWindow(10, 10)
        addView(window, 0, 0, 10, 10, .red)
        window.isHidden = true
        #expect(window.snapshot().argb(x: 5, y: 5) == 0xFF00_0000, "a hidden window shows nothing: the output's black")
    }
}
