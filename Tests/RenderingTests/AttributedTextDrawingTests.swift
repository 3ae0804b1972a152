import ResponderKit
import ResponderKitTesting
import TestHelpers
import Testing

@testable import Rendering

/// Attributed text drawn by Pango: a label measures what it draws (its runs' fonts and kerning
/// included), a run's colour and underline show in the pixels, setting `text` draws plain text
/// again, and one golden image with mixed runs and a paragraph style.
@MainActor
@Suite("Attributed text drawing")
struct AttributedTextDrawingTests {
    static let white = argb(255, 255, 255)

    /// A label at (10, 10) sized to its text in a white window.
    func labelled(_ text: AttributedText, window width: Double = 400, height: Double = 120) -> (Window, Label) {
        let window = makeWindow(width, height)
        let label = Label(frame: Rect(10, 10, 10, 10))
        label.textColor = .black
        label.attributedText = text
        label.sizeToFit()
        window.addSubview(label)
        return (window, label)
    }

    func mixed() -> AttributedText {
        var text = AttributedText("Badge ", attributes: [.font: Font.systemFont(ofSize: 14)])
        text.append(AttributedText("42", attributes: [.font: Font.boldSystemFont(ofSize: 32), .kern: 4.0]))
        text.append(AttributedText(" ready", attributes: [.font: Font.systemFont(ofSize: 18)]))
        return text
    }

    @Test func theMeasuredSizeIsTheDrawnSize() throws {
        let (window, label) = labelled(mixed())
        let size = label.bounds.size
        let plain = PangoTextEngine.shared.size(of: "Badge 42 ready", attributes: TextAttributes(font: .systemFont(ofSize: 14), numberOfLines: 1), width: nil)
        #expect(size.height > plain.height + 10 && size.width > plain.width + 20, "the 32-point kerned run counts: \(size) vs \(plain)")
        let ink = try #require(inkBox(window.snapshot(), background: Self.white))
        // The ink lies inside the measured box and spans it (side bearings aside).
        #expect(ink.x >= 10 && ink.y >= 10 && ink.x + ink.width <= 10 + Int(size.width) && ink.y + ink.height <= 10 + Int(size.height), "\(ink) in \(size)")
        #expect(ink.width >= Int(size.width) - 6, "\(ink) spans \(size)")
        // The same text without the kerning measures narrower by about 2 × 4 points.
        var unkerned = mixed()
        unkerned.setAttributes(TextRunAttributes(font: .boldSystemFont(ofSize: 32)), range: 6..<8)
        let narrower = Drawing.textEngine.measure(unkerned, attributes: label.textAttributes, width: nil)
        #expect(abs(size.width - narrower.width - 8) <= 1, "\(size.width) vs \(narrower.width)")
    }

    @Test func aRunsColourAndUnderlineShowInThePixels() throws {
        var text = AttributedText("RED ", attributes: [.font: Font.boldSystemFont(ofSize: 24), .foregroundColor: Color(red: 1, green: 0, blue: 0)])
        text.append(
            AttributedText(
                "BLUE",
                attributes: [.font: Font.boldSystemFont(ofSize: 24), .foregroundColor: Color(red: 0, green: 0, blue: 1), .underlineStyle: UnderlineStyle.single]
            ))
        let (window, label) = labelled(text)
        let image = window.snapshot()
        let split =
            10
            + Int(
                Drawing.textEngine.measure(
                    AttributedText("RED ", attributes: [.font: Font.boldSystemFont(ofSize: 24)]), attributes: label.textAttributes, width: nil
                ).width)
        let height = Int(label.bounds.height)
        let red = try #require(inkBox(image, background: Self.white, in: PixelRect(x: 10, y: 10, width: split - 10, height: height)))
        let blue = try #require(inkBox(image, background: Self.white, in: PixelRect(x: split, y: 10, width: Int(label.bounds.maxX) - split, height: height)))
        func pixels(in box: PixelRect) -> [[Int]] {
            (box.y..<box.maxY).flatMap { y in (box.x..<box.maxX).map { channels(image.argb(x: $0, y: y)) } }
        }
        #expect(pixels(in: red).contains { $0[1] > 240 && $0[2] < 20 && $0[3] < 20 }, "pure red pixels in RED")
        #expect(pixels(in: blue).contains { $0[3] > 240 && $0[1] < 20 && $0[2] < 20 }, "pure blue pixels in BLUE")
        #expect(!pixels(in: red).contains { $0[3] > 200 && $0[1] < 60 }, "no blue in RED")
        // The underline: a row under BLUE's baseline inked along the run's whole width, and none under RED.
        let rows = (blue.y..<blue.maxY).filter { y in (blue.x..<blue.maxX).allSatisfy { !close(image.argb(x: $0, y: y), Self.white, tolerance: 60) } }
        #expect(!rows.isEmpty && rows.allSatisfy { $0 > blue.y + blue.height / 2 }, "an underline row under BLUE: \(rows) in \(blue)")
        let redRows = (red.y + 2 * red.height / 3..<red.maxY).filter { y in
            (red.x..<red.maxX).allSatisfy { !close(image.argb(x: $0, y: y), Self.white, tolerance: 60) }
        }
        #expect(redRows.isEmpty, "no underline under RED: \(redRows)")
    }

    @Test func settingTextDrawsPlainTextAgain() {
        let (window, label) = labelled(mixed())
        label.text = "Badge 42 ready"
        label.sizeToFit()
        let reset = window.snapshot()
        let (plainWindow, plainLabel) = labelled(AttributedText())
        plainLabel.text = "Badge 42 ready"
        plainLabel.sizeToFit()
        #expect(label.bounds.size == plainLabel.bounds.size)
        let diff = PixelDiff(reset, plainWindow.snapshot(), tolerance: 0)
        #expect(diff.differing == 0, "\(diff.differing) pixels differ, by up to \(diff.largest)")
    }

    @Test func aTextFieldsAttributedPlaceholderDrawsItsRunsUntilTextIsTyped() throws {
        let window = makeWindow(300, 60)
        let field = TextField(frame: Rect(10, 10, 280, 40))
        field.attributedPlaceholder =
            AttributedText("Name ", attributes: [:]) + AttributedText("required", attributes: [.foregroundColor: Color(red: 1, green: 0, blue: 0)])
        #expect(field.placeholder == "Name required")
        window.addSubview(field)
        let image = window.snapshot()
        let ink = try #require(inkBox(image, background: Self.white, in: PixelRect(x: 10, y: 10, width: 280, height: 40)))
        let colours = (ink.y..<ink.maxY).flatMap { y in (ink.x..<ink.maxX).map { channels(image.argb(x: $0, y: y)) } }
        #expect(colours.contains { $0[1] > 240 && $0[2] < 30 && $0[3] < 30 }, "the red run")
        #expect(colours.contains { abs($0[1] - 179) < 8 && abs($0[1] - $0[3]) < 4 }, "the grey run in the placeholder colour")
        #expect(field.intrinsicContentSize.width > 100)
        field.placeholder = "Name required"
        #expect(
            field.attributedPlaceholder
                == AttributedText("Name required", attributes: TextRunAttributes(font: field.font, foregroundColor: TextField.placeholderColor)))
        let plain = window.snapshot()
        #expect(
            !(ink.y..<ink.maxY).contains { y in
                (ink.x..<ink.maxX).contains { channels(plain.argb(x: $0, y: y))[1] > 240 && channels(plain.argb(x: $0, y: y))[2] < 30 }
            })
    }

    @Test func mixedRunsGolden() {
        let window = makeWindow(420, 220)
        let label = Label(frame: Rect(12, 12, 396, 196))
        label.numberOfLines = 0
        label.textColor = .darkText
        var style = ParagraphStyle()
        style.lineSpacing = 6
        style.firstLineHeadIndent = 24
        style.headIndent = 8
        var text = AttributedText("Welcome, ", attributes: [.font: Font.systemFont(ofSize: 18), .paragraphStyle: style])
        text.append(AttributedText("Ada Lovelace", attributes: [.font: Font.boldSystemFont(ofSize: 22), .foregroundColor: Color.systemBlue]))
        text.append(AttributedText("! Your host ", attributes: [.font: Font.systemFont(ofSize: 18)]))
        text.append(
            AttributedText(
                "Charles", attributes: [.font: Font.systemFont(ofSize: 18), .underlineStyle: UnderlineStyle.single, .foregroundColor: Color.systemRed]))
        text.append(AttributedText(" has been told. Badge ", attributes: [.font: Font.systemFont(ofSize: 18)]))
        text.append(
            AttributedText("42", attributes: [.font: Font.monospacedSystemFont(ofSize: 18, weight: .bold), .backgroundColor: Color.systemYellow, .kern: 3.0]))
        text.append(AttributedText(" replaces ", attributes: [.font: Font.systemFont(ofSize: 18)]))
        text.append(
            AttributedText(
                "badge 17", attributes: [.font: Font.systemFont(ofSize: 18), .strikethroughStyle: UnderlineStyle.single, .foregroundColor: Color.systemGray]))
        text.append(AttributedText(". Please take a seat.", attributes: [.font: Font.systemFont(ofSize: 18)]))
        label.attributedText = text
        window.addSubview(label)
        let measured = label.sizeThatFits(Size(width: 396, height: .infinity))
        let ink = inkBox(window.snapshot(), background: Self.white)
        #expect(ink.map { $0.height <= Int(measured.height.rounded(.up)) + 1 } == true, "\(String(describing: ink)) within \(measured)")
        expectGolden(window.snapshot(), "attributed-text")
    }
}
