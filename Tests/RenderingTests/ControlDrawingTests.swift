import ResponderKit
import ResponderKitTesting
import Testing

@testable import Rendering

/// Buttons, text fields and image views drawing themselves through GraphicsContext.
@MainActor
@Suite("Renderer: controls")
struct ControlDrawingTests {
    static let white = argb(255, 255, 255)

    /// The darkest (most inked) pixel in a region: the colour of the text's stems.
    func darkest(_ image: Image, _ area: PixelRect) -> UInt32 {
        var best = Self.white, bestSum = Int.max
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let p = image.argb(x: x, y: y)
                let c = channels(p)
                let sum = c[1] + c[2] + c[3]
                if sum < bestSum { best = p; bestSum = sum }
            }
        }
        return best
    }

    @Test func buttonNormalHighlightedDisabled() {
        let window = makeWindow(300, 50)
        var buttons: [Button] = []
        for i in 0..<3 {
            let button = Button(frame: Rect(Double(i) * 100, 0, 100, 50))
            button.setTitle("Save", for: .normal)
            window.addSubview(button)
            buttons.append(button)
        }
        buttons[1].isHighlighted = true
        buttons[2].isEnabled = false
        #expect(buttons[0].titleLabel?.text == "Save")
        #expect(buttons[0].currentTitleColor == .systemBlue)
        let image = window.snapshot()
        let normal = darkest(image, PixelRect(x: 0, y: 0, width: 100, height: 50))
        expectPixel(image, 0, 0, Self.white)
        #expect(close(normal, argb(0, 122, 255), tolerance: 12), "normal: system blue title, got \(hex(normal))")
        let highlighted = darkest(image, PixelRect(x: 100, y: 0, width: 100, height: 50))
        #expect(channels(highlighted)[1] > 180, "highlighted: the title is faded, got \(hex(highlighted))")
        #expect(channels(highlighted)[3] > 240)
        let disabled = darkest(image, PixelRect(x: 200, y: 0, width: 100, height: 50))
        let d = channels(disabled)
        #expect(abs(d[1] - d[2]) < 8 && d[1] < 200 && d[1] > 100, "disabled: grey, got \(hex(disabled))")
        // The title is centred.
        let ink = inkBox(image, background: Self.white, in: PixelRect(x: 0, y: 0, width: 100, height: 50))!
        #expect(abs(ink.x + ink.maxX - 100) <= 2 && abs(ink.y + ink.maxY - 50) <= 4, "centred title, ink \(ink)")
        expectGolden(image, "buttons")
    }

    @Test func highlightedColourWinsAndStateChangesRedraw() {
        let window = makeWindow(120, 50)
        let button = Button(frame: Rect(0, 0, 120, 50))
        button.setTitle("Go", for: .normal)
        button.setTitle("Going", for: .highlighted)
        button.setTitleColor(.red, for: .highlighted)
        window.addSubview(button)
        _ = window.takeDamage()
        button.isHighlighted = true
        #expect(!window.damage.isEmpty, "highlighting damages the button")
        window.layoutIfNeeded()
        #expect(button.titleLabel?.text == "Going")
        #expect(button.currentTitleColor == .red)
        let stem = darkest(window.snapshot(), PixelRect(x: 0, y: 0, width: 120, height: 50))
        #expect(close(stem, argb(255, 0, 0), tolerance: 12), "the colour set for highlighted is used as is, got \(hex(stem))")
        button.isHighlighted = false
        #expect(button.titleLabel?.text == "Go" && button.currentTitleColor == .systemBlue)
    }

    @Test func buttonSizeFitsTheTitle() {
        Rendering.install()
        let button = Button(frame: .zero)
        #expect(button.subviews.isEmpty, "no title, no label")
        button.setTitle("Continue", for: .normal)
        let title = Drawing.textEngine.size(of: "Continue", attributes: TextAttributes(font: Button.defaultTitleFont), width: nil)
        let size = button.intrinsicContentSize
        #expect(size == Size(width: title.width + 16, height: title.height + 12))
        button.sizeToFit()
        #expect(button.bounds.size == size)
        button.layoutIfNeeded()
        #expect(button.titleLabel!.frame.width == title.width)
    }

    /// Changing the title label's font lays the button out again (the label grows with it).
    @Test func titleFontChangeRelayouts() {
        Rendering.install()
        let window = makeWindow(300, 100)
        let button = Button(frame: Rect(0, 0, 300, 100))
        button.setTitle("Big", for: .normal)
        window.addSubview(button)
        window.layoutIfNeeded()
        let small = button.titleLabel!.frame
        button.titleLabel!.font = .systemFont(ofSize: 40)
        window.layoutIfNeeded()
        let big = button.titleLabel!.frame
        #expect(big.width > 2 * small.width && big.height > 2 * small.height, "\(small) → \(big)")
        #expect(abs(big.midX - 150) <= 1 && abs(big.midY - 50) <= 1)
        let other = Label(frame: .zero)
        let plain = Button(frame: .zero)
        plain.addSubview(other)
        other.text = "not the title"
        #expect(plain.subviews.count == 1, "a label added by the app does not make a title label")
    }

    @Test func textFieldPlaceholderCaretAndSelection() {
        let app = Application()
        let scene = WindowScene(application: app)
        let window = Window(windowScene: scene, frame: Rect(0, 0, 240, 120))
        window.backgroundColor = .white
        Rendering.install()
        window.makeKeyAndVisible()
        let empty = TextField(frame: Rect(10, 10, 220, 34))
        empty.borderStyle = .roundedRect
        empty.placeholder = "Search"
        window.addSubview(empty)
        let field = TextField(frame: Rect(10, 60, 220, 34))
        field.borderStyle = .roundedRect
        field.text = "Hello"
        window.addSubview(field)
        #expect(field.becomeFirstResponder())

        var image = window.snapshot()
        let placeholder = inkBox(image, background: Self.white, threshold: 40, in: PixelRect(x: 14, y: 14, width: 200, height: 26))!
        let stem = darkest(image, placeholder)
        let c = channels(stem)
        #expect(c[1] == c[2] && c[2] == c[3] && c[1] > 120, "the placeholder is grey, got \(hex(stem))")
        expectPixel(image, 10, 27, argb(204, 204, 204), tolerance: 30, "the rounded style's light grey border")
        expectPixel(image, 10, 10, Self.white, tolerance: 20, "its corner is rounded")

        // The caret: a 2 pt tint bar right after "Hello".
        let caret = field.caretRect(at: 5)
        let caretInWindow = field.convert(caret, to: nil)
        #expect(caret.width == 2 && caret.minX > 17 + 30)
        expectPixel(image, Int(caretInWindow.minX + 1), Int(caretInWindow.midY), argb(0, 122, 255), tolerance: 3, "the caret")
        #expect(caretInWindow.maxX < field.frame.maxX - 7)

        // Select "ell": the tint at 25 % behind those characters only.
        field.selectedRange = 1..<4
        image = window.snapshot()
        let start = field.convert(field.caretRect(at: 1), to: nil), end = field.convert(field.caretRect(at: 4), to: nil)
        let selectionTop = Int(start.minY) + 1
        var behind = 0
        for x in Int(start.minX.rounded(.up))..<Int(end.minX) where close(image.argb(x: x, y: selectionTop), argb(191, 222, 255), tolerance: 3) { behind += 1 }
        #expect(behind >= Int(end.minX - start.minX) - 3, "selection highlight (tint at 25 %) across the selected characters")
        expectPixel(image, Int(start.minX) - 3, selectionTop, Self.white, tolerance: 2, "not before the selection")
        expectPixel(image, Int(caretInWindow.minX + 1), Int(caretInWindow.midY), Self.white, tolerance: 60, "no caret while a range is selected")
        expectGolden(image, "text-fields")

        field.resignFirstResponder()
        image = window.snapshot()
        #expect(!close(image.argb(x: Int(start.minX) + 2, y: selectionTop), argb(191, 222, 255), tolerance: 3), "no selection when not editing")
    }

    /// A long text scrolls so the caret stays visible; home scrolls back.
    @Test func textFieldScrollsToTheCaret() {
        let app = Application()
        let window = Window(windowScene: WindowScene(application: app), frame: Rect(0, 0, 200, 60))
        window.backgroundColor = .white
        Rendering.install()
        window.makeKeyAndVisible()
        let field = TextField(frame: Rect(0, 0, 120, 40))
        window.addSubview(field)
        #expect(field.becomeFirstResponder())
        field.text = "A rather long line of text that cannot fit"
        var image = window.snapshot()
        #expect(field.textScrollOffset > 0)
        let caret = field.caretRect(at: field.text.count)
        #expect(caret.maxX <= 120 && caret.minX > 100, "the caret at the end is visible at the right edge, \(caret)")
        expectPixel(image, Int(caret.minX) + 1, 20, argb(0, 122, 255), tolerance: 3)
        #expect(inkBox(image, background: Self.white, in: PixelRect(x: 121, y: 0, width: 79, height: 40)) == nil, "text is clipped to the field")
        field.selectedRange = 0..<0
        image = window.snapshot()
        #expect(field.textScrollOffset == 0)
        expectPixel(image, 1, 20, argb(0, 122, 255), tolerance: 3, "the caret at the start")
        #expect(field.sizeThatFits(.zero).width > 300)
        #expect(field.characterIndex(closestTo: Point(x: -10, y: 0)) == 0)
    }

    static func testImage() -> Image {
        // 4 × 2: left half red, right half blue.
        Image(
            width: 4, height: 2,
            pixels: [
                argb(255, 0, 0), argb(255, 0, 0), argb(0, 0, 255), argb(0, 0, 255),
                argb(255, 0, 0), argb(255, 0, 0), argb(0, 0, 255), argb(0, 0, 255)
            ])!
    }

    @Test func imageViewContentModes() {
        let window = makeWindow(200, 50)
        let modes: [View.ContentMode] = [.scaleToFill, .scaleAspectFit, .scaleAspectFill, .center]
        for (i, mode) in modes.enumerated() {
            let view = ImageView(image: Self.testImage())
            #expect(view.intrinsicContentSize == Size(width: 4, height: 2) && !view.isUserInteractionEnabled)
            view.frame = Rect(Double(i) * 50 + 5, 5, 40, 40)
            view.contentMode = mode
            view.backgroundColor = .green
            window.addSubview(view)
        }
        let image = window.snapshot()
        // scaleToFill: 40 × 40, red left half, blue right.
        expectPixel(image, 6, 6, argb(255, 0, 0))
        expectPixel(image, 43, 43, argb(0, 0, 255))
        // scaleAspectFit: 40 × 20 centred vertically, green above and below.
        expectPixel(image, 75, 7, argb(0, 255, 0), "letterboxed")
        expectPixel(image, 57, 25, argb(255, 0, 0))
        expectPixel(image, 93, 25, argb(0, 0, 255))
        // scaleAspectFill: 80 × 40 centred, cut to the bounds: the middle (red | blue) fills it.
        expectPixel(image, 106, 25, argb(255, 0, 0))
        expectPixel(image, 143, 25, argb(0, 0, 255))
        expectPixel(image, 103, 25, Self.white, "nothing drawn outside the bounds")
        // center: 4 × 2 at its own size in the middle.
        expectPixel(image, 175 - 2, 25 - 1, argb(255, 0, 0))
        expectPixel(image, 175 + 1, 25, argb(0, 0, 255))
        expectPixel(image, 175, 20, argb(0, 255, 0))
        expectGolden(image, "image-modes")
    }
}
