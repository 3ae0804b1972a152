import ResponderKit
import Testing

@testable import Rendering

/// Text through Pango: labels (alignment, wrapping, truncation, numberOfLines), measuring equal to
/// drawing, and the engine's caret/index mapping.
@MainActor
@Suite("Renderer: text")
struct TextDrawingTests {
    static let white = argb(255, 255, 255)

    func label(_ text: String, _ frame: Rect, in window: Window) -> Label {
        let label = Label(frame: frame)
        label.text = text
        window.addSubview(label)
        return label
    }

    @Test func alignmentLeftCenterRight() {
        let window = makeWindow(200, 90)
        let alignments: [TextAlignment] = [.left, .center, .right]
        for (i, alignment) in alignments.enumerated() {
            let l = label("Kiosk", Rect(0, Double(i) * 30, 200, 30), in: window)
            l.textAlignment = alignment
        }
        let image = window.snapshot()
        let boxes = (0..<3).map { inkBox(image, background: Self.white, in: PixelRect(x: 0, y: $0 * 30, width: 200, height: 30)) }
        guard let left = boxes[0], let center = boxes[1], let right = boxes[2] else {
            Issue.record("a label drew nothing"); return
        }
        #expect(left.x <= 2, "left-aligned ink starts at the left edge, got \(left)")
        #expect(abs((center.x + center.maxX) - 200) <= 2, "centred ink is centred, got \(center)")
        #expect(right.maxX >= 197, "right-aligned ink ends at the right edge, got \(right)")
        #expect(left.width == center.width && center.width == right.width)
        // Vertically centred like UILabel: as much space above as below the line box.
        let lineHeight = Font.systemFont(ofSize: 17).lineHeight
        #expect(lineHeight > 17 && lineHeight < 23)
        expectGolden(image, "text-alignment")
    }

    @Test func sizeThatFitsIsTheDrawnExtent() {
        let window = makeWindow(300, 120)
        let samples: [(String, Font)] = [
            ("Hello, kiosk!", .systemFont(ofSize: 17)), ("Wjgpqy — 123", .boldSystemFont(ofSize: 24)),
            ("iiii", .monospacedSystemFont(ofSize: 13))
        ]
        var y = 0.0
        for (text, font) in samples {
            let l = Label(frame: Rect(10, y, 0, 0))
            l.text = text
            l.font = font
            l.backgroundColor = nil
            let size = l.sizeThatFits(Size(width: 300, height: 300))
            #expect(size == l.intrinsicContentSize)
            #expect(size.width > 0 && size.height >= font.pointSize, "\(text): \(size)")
            #expect(size.width == size.width.rounded(.up) && size.height == size.height.rounded(.up), "sizes are whole points")
            l.sizeToFit()
            #expect(l.bounds.size == size)
            window.addSubview(l)
            let image = window.snapshot()
            let frame = PixelRect(covering: l.frame, scale: 1)
            guard let ink = inkBox(image, background: Self.white) else { Issue.record("\(text) drew nothing"); return }
            #expect(
                ink.x >= frame.x && ink.maxX <= frame.maxX && ink.y >= frame.y && ink.maxY <= frame.maxY,
                "\(text): ink \(ink) outside the measured frame \(frame)")
            #expect(ink.width >= Int(size.width) - 4, "\(text): the measured width hugs the ink (\(ink.width) vs \(size.width))")
            l.removeFromSuperview()
            y += 40
        }
    }

    @Test func wrappingAndNumberOfLines() {
        let window = makeWindow(160, 200)
        let text = "The quick brown fox jumps over the lazy dog"
        let wrapped = label(text, Rect(0, 0, 160, 100), in: window)
        wrapped.numberOfLines = 0
        wrapped.lineBreakMode = .byWordWrapping
        let lineHeight = wrapped.font.lineHeight
        let size = wrapped.sizeThatFits(Size(width: 160, height: 1000))
        let lines = Int((size.height / lineHeight).rounded())
        #expect(lines == 3, "wraps into three lines at 160 points, got \(size)")
        #expect(size.width <= 160)
        let two = label(text, Rect(0, 110, 160, 90), in: window)
        two.numberOfLines = 2
        two.lineBreakMode = .byWordWrapping
        #expect(two.sizeThatFits(Size(width: 160, height: 1000)).height == (2 * lineHeight).rounded(.up), "lines beyond 2 are cut")
        let image = window.snapshot()
        let firstInk = inkBox(image, background: Self.white, in: PixelRect(x: 0, y: 0, width: 160, height: 100))!
        #expect(firstInk.height > Int(2 * lineHeight), "three lines of ink")
        let secondInk = inkBox(image, background: Self.white, in: PixelRect(x: 0, y: 110, width: 160, height: 90))!
        #expect(secondInk.height < Int(2 * lineHeight) + 2, "two lines of ink")
        expectGolden(image, "text-wrapping")
    }

    @Test func truncationWithEllipsis() {
        let window = makeWindow(120, 100)
        let text = "Truncated at the end of a long line"
        let tail = label(text, Rect(0, 0, 120, 25), in: window)
        let head = label(text, Rect(0, 25, 120, 25), in: window)
        head.lineBreakMode = .byTruncatingHead
        let middle = label(text, Rect(0, 50, 120, 25), in: window)
        middle.lineBreakMode = .byTruncatingMiddle
        let clip = label(text, Rect(0, 75, 120, 25), in: window)
        clip.lineBreakMode = .byClipping
        #expect(tail.sizeThatFits(Size(width: 120, height: 25)).width > 120, "one line: the full width, as UILabel")
        let image = window.snapshot()
        for row in 0..<4 {
            let ink = inkBox(image, background: Self.white, in: PixelRect(x: 0, y: row * 25, width: 120, height: 25))!
            #expect(ink.maxX <= 120 && ink.height < 25)
        }
        // The ellipsis is at the end of the first row and at the start of the second: ink of
        // three dots sits on the baseline, with gaps; the clipped row runs to the edge.
        let clipInk = inkBox(image, background: Self.white, in: PixelRect(x: 0, y: 75, width: 120, height: 25))!
        #expect(clipInk.maxX >= 118, "clipping cuts at the edge")
        expectGolden(image, "text-truncation")
    }

    /// A multi-line label too short for its text shows the lines that fit, the last one
    /// ellipsized, and nothing outside its bounds.
    @Test func multiLineLabelInAShortFrameTruncatesTheLastVisibleLine() {
        let window = makeWindow(140, 80)
        let text = "One two three four five six seven eight nine ten eleven twelve"
        let l = label(text, Rect(0, 10, 140, 50), in: window)
        l.numberOfLines = 0
        let lineHeight = l.font.lineHeight
        #expect(l.sizeThatFits(Size(width: 140, height: 50)).height > 3 * lineHeight, "the whole text needs more lines")
        let image = window.snapshot()
        let ink = inkBox(image, background: Self.white)!
        #expect(ink.y >= 10 && ink.maxY <= 60, "ink \(ink) stays inside the label")
        #expect(ink.height > Int(lineHeight), "two lines fit in 50 points")
        #expect(abs((ink.y - 10) - (60 - ink.maxY)) <= 6, "the lines that fit are centred like UILabel's, ink \(ink)")
        // The short text drawn without a height limit would be as wide; the ellipsis ends the
        // second line: its last glyphs are three dots on the baseline, so the rightmost ink of the
        // second line is low (no ascender) and narrow.
        let secondLine = PixelRect(x: 0, y: Int(10 + ((50 - (2 * lineHeight).rounded(.up)) / 2).rounded() + lineHeight), width: 140, height: Int(lineHeight))
        let lineInk = inkBox(image, background: Self.white, in: secondLine)!
        let tail = inkBox(image, background: Self.white, in: PixelRect(x: lineInk.maxX - 3, y: secondLine.y, width: 3, height: secondLine.height))!
        #expect(tail.height <= 3, "the line ends with an ellipsis dot, got \(tail)")
        expectGolden(image, "text-short-frame")
    }

    /// TextAttributes.underline (an input method's preedit) draws a line under the text.
    @Test func underline() {
        final class Underlined: View {
            var underline = false
            override func draw(_ rect: Rect) {
                GraphicsContext.current?.draw("ace", at: Point(x: 2, y: 2), attributes: TextAttributes(font: .systemFont(ofSize: 20), underline: underline))
            }
        }
        let window = makeWindow(60, 40)
        let view = Underlined(frame: Rect(0, 0, 60, 40))
        window.addSubview(view)
        /// The rows inked all the way across the text's ink box: only a line does that.
        func solidRows(_ image: Image) -> [Int] {
            guard let box = inkBox(image, background: Self.white) else { return [] }
            return (box.y..<box.maxY).filter { y in
                ((box.x + 1)..<(box.maxX - 1)).allSatisfy { !close(image.argb(x: $0, y: y), Self.white, tolerance: 40) }
            }
        }
        #expect(solidRows(window.snapshot()).isEmpty, "glyphs alone leave gaps in every row")
        view.underline = true
        let rows = solidRows(window.snapshot())
        #expect(!rows.isEmpty && rows.allSatisfy { $0 >= 19 }, "an underline runs across the text at the baseline, rows \(rows)")
    }

    @Test func caretAndIndexMappingUseCharacterOffsets() {
        Rendering.install()
        let engine = PangoTextEngine.shared
        let font = Font.systemFont(ofSize: 20)
        for text in ["Hello", "héllo", "a😀b", "e\u{301}x", "日本語", ""] {
            var previous = -1.0
            for i in 0...text.count {
                let x = engine.caretOffset(at: i, in: text, font: font)
                #expect(x > previous || (i == 0 && x == 0), "\(text): caret \(i) at \(x) after \(previous)")
                previous = x
                #expect(engine.characterIndex(nearestTo: x + 0.3, in: text, font: font) == i, "\(text): x \(x) maps back to \(i)")
            }
            #expect(
                abs(previous - engine.size(of: text, attributes: TextAttributes(font: font), width: nil).width) < 1,
                "\(text): the caret after the last character is at the text's width")
        }
        #expect(engine.characterIndex(nearestTo: -50, in: "abc", font: font) == 0)
        #expect(engine.characterIndex(nearestTo: 1e9, in: "abc", font: font) == 3)
        #expect(engine.characterIndex(nearestTo: .nan, in: "abc", font: font) == 0)
        #expect(engine.caretOffset(at: 99, in: "abc", font: font) == engine.caretOffset(at: 3, in: "abc", font: font))
        #expect(engine.caretOffset(at: 1, in: "a\u{0}b", font: font) > 0, "a NUL keeps its place")
    }

    @Test func labelKeepsItsOldAPI() {
        let label = Label(frame: Rect(0, 0, 10, 10))
        label.fontSize = 30
        #expect(label.font.pointSize == 30 && label.font.familyName == Font.systemFamilyName)
        let alignment: Label.Alignment = .right
        label.textAlignment = alignment
        #expect(label.textAlignment == .right)
        #expect(label.numberOfLines == 1 && label.lineBreakMode == .byTruncatingTail && label.font.pointSize == 30)
        #expect(!label.isUserInteractionEnabled)
        #expect(Label(frame: .zero).font == .systemFont(ofSize: 17))
        #expect(label.sizeThatFits(Size(width: 100, height: 100)) == Size(width: 0, height: 0), "no text: zero")
    }

    @Test func weightsAndFamiliesDiffer() {
        Rendering.install()
        let engine = Drawing.textEngine
        let regular = engine.size(of: "Weight", attributes: TextAttributes(font: .systemFont(ofSize: 20)), width: nil)
        let bold = engine.size(of: "Weight", attributes: TextAttributes(font: .boldSystemFont(ofSize: 20)), width: nil)
        let mono = engine.size(of: "iiii", attributes: TextAttributes(font: .monospacedSystemFont(ofSize: 20)), width: nil)
        let sans = engine.size(of: "iiii", attributes: TextAttributes(font: .systemFont(ofSize: 20)), width: nil)
        #expect(bold.width > regular.width)
        #expect(mono.width > sans.width)
        #expect(
            engine.size(of: "x", attributes: TextAttributes(font: .systemFont(ofSize: 40)), width: nil).height
                > 1.9 * engine.size(of: "x", attributes: TextAttributes(font: .systemFont(ofSize: 20)), width: nil).height - 1,
            "1 pt is 1 px: sizes scale")
    }
}
