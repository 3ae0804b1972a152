import ResponderKitTesting
import Testing

@testable import ResponderKit

/// `AttributedText`'s runs (split, merged, appended, cut to the text with a diagnostic), UIKit's
/// dictionary form, and `Label.attributedText`'s contract with `text`.
@MainActor
@Suite("Attributed text")
struct AttributedTextTests {
    @Test func addingAttributesSplitsAndMergesRuns() {
        var text = AttributedText("Hello, world", attributes: TextRunAttributes(font: .systemFont(ofSize: 14)))
        #expect(text.length == 12 && text.runs.count == 1)
        text.addAttributes([.foregroundColor: Color.systemRed], range: 7..<12)
        #expect(text.runs.map(\.range) == [0..<7, 7..<12])
        #expect(text.attributes(at: 8).foregroundColor == .systemRed && text.attributes(at: 8).font == .systemFont(ofSize: 14))
        #expect(text.attributes(at: 3).foregroundColor == nil)
        text.addAttributes(TextRunAttributes(underlineStyle: .single), range: 5..<9)
        #expect(text.runs.map(\.range) == [0..<5, 5..<7, 7..<9, 9..<12])
        // Giving the rest the same attributes merges the runs again.
        text.setAttributes(TextRunAttributes(font: .systemFont(ofSize: 14)), range: 0..<12)
        #expect(text.runs.map(\.range) == [0..<12])
        #expect(text.attributes(at: 12) == TextRunAttributes(), "past the end")
    }

    @Test func appendKeepsEachPartsAttributes() {
        let bold = AttributedText("Ada ", attributes: [.font: Font.boldSystemFont(ofSize: 17)])
        let plain = AttributedText(string: "Lovelace")
        let whole = bold + plain
        #expect(whole.string == "Ada Lovelace" && whole.runs.map(\.range) == [0..<4, 4..<12])
        #expect(whole.attributes(at: 0).font == .boldSystemFont(ofSize: 17) && whole.attributes(at: 4).font == nil)
        // Characters, not bytes or UTF-16 units: an accent and an emoji count one each.
        let accented = AttributedText("Zoë 👋") + AttributedText("!", attributes: [.kern: 2.0])
        #expect(accented.length == 6 && accented.runs.map(\.range) == [0..<5, 5..<6])
    }

    @Test func theDictionaryFormReadsUIKitsValuesAndReportsTheRest() {
        var style = ParagraphStyle()
        style.lineSpacing = 4
        var attributes = TextRunAttributes()
        let messages = collectDiagnostics {
            attributes = TextRunAttributes([
                .font: Font.systemFont(ofSize: 12), .underlineStyle: UnderlineStyle.single.rawValue, .strikethroughStyle: UnderlineStyle.double,
                .kern: 1, .paragraphStyle: style, .backgroundColor: "yellow", StringAttributeKey(rawValue: "NSLink"): "https://example.org"
            ])
        }
        #expect(attributes.font == .systemFont(ofSize: 12) && attributes.underlineStyle == .single && attributes.strikethroughStyle == .double)
        #expect(attributes.kern == 1 && attributes.paragraphStyle?.lineSpacing == 4 && attributes.backgroundColor == nil)
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.contains { $0.firstRange(of: "NSBackgroundColor") != nil } && messages.contains { $0.firstRange(of: "NSLink") != nil })
        #expect(attributes.dictionary.count == 5)
    }

    @Test func aRangeOutsideTheTextIsCutWithADiagnostic() {
        var text = AttributedText("abc")
        let messages = collectDiagnostics { text.addAttributes([.kern: 3.0], range: 1..<10) }
        #expect(text.runs.map(\.range) == [0..<1, 1..<3])
        #expect(messages.count == 1 && messages[0].firstRange(of: "outside the text") != nil)
        let none = collectDiagnostics { text.addAttributes([.kern: 3.0], range: 5..<9) }
        #expect(none.count == 1 && text.runs.count == 2)
    }

    @Test func settingTextDropsTheRunsAndAttributedTextSetsText() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 300, height: 40))
        label.font = .systemFont(ofSize: 15)
        label.textColor = .systemGreen
        var welcome = AttributedText("Welcome, ", attributes: [.font: Font.systemFont(ofSize: 15)])
        welcome.append(AttributedText("Ada", attributes: [.font: Font.boldSystemFont(ofSize: 30), .foregroundColor: Color.systemBlue]))
        label.attributedText = welcome
        #expect(label.text == "Welcome, Ada")
        #expect(label.attributedText == welcome)
        let attributedSize = label.intrinsicContentSize
        label.text = "Welcome, Ada"
        #expect(label.attributedTextStorage == nil)
        #expect(
            label.attributedText == AttributedText("Welcome, Ada", attributes: TextRunAttributes(font: .systemFont(ofSize: 15), foregroundColor: .systemGreen)))
        // The 30-point run made the text taller; plain, it is the label's 15-point font again.
        #expect(label.intrinsicContentSize.height < attributedSize.height)
        label.attributedText = nil
        #expect(label.text == nil && label.attributedText == nil)
    }

    @Test func theParagraphStyleReplacesAlignmentAndLineBreakMode() {
        var style = ParagraphStyle(alignment: .center, lineBreakMode: .byTruncatingMiddle)
        style.firstLineHeadIndent = -5
        #expect(style.firstLineHeadIndent == -5, "a stored field takes what is set")
        let made = ParagraphStyle(lineSpacing: .nan, firstLineHeadIndent: -3, headIndent: .infinity)
        #expect(made.lineSpacing == 0 && made.firstLineHeadIndent == 0 && made.headIndent == 0, "the initializer refuses bad values")
        let applied = TextAttributes(alignment: .left, lineBreakMode: .byWordWrapping).applying(style)
        #expect(applied.alignment == .center && applied.lineBreakMode == .byTruncatingMiddle)
        #expect(TextAttributes(alignment: .right).applying(nil).alignment == .right)
    }
}
