import ResponderKit
import Testing

@testable import Rendering

/// `Font(name:size:)` as in UIKit: nil for a family the renderer does not have, so an app can
/// choose its own fallback; the families come from fontconfig through Pango when the renderer is
/// installed (`Font.familyNames`, UIKit's `UIFont.familyNames`).
@MainActor
@Suite struct FontCatalogTests {
    @Test func installedFamiliesAreListedAndFound() {
        Rendering.install()
        let families = Font.familyNames
        #expect(families.contains("DejaVu Sans") && families.contains("DejaVu Sans Mono"), "\(families)")
        #expect(families == families.sorted() && Set(families).count == families.count, "sorted, each once")
        #expect(Font(name: "DejaVu Sans", size: 17)?.familyName == "DejaVu Sans")
        #expect(Font(name: "dejavu serif", size: 12) != nil, "matched regardless of case, as fontconfig does")
        for generic in ["sans-serif", "serif", "monospace", "Sans"] {
            #expect(Font(name: generic, size: 12) != nil, "the generic family \(generic)")
        }
    }

    @Test func aMissingFamilyIsNilSoTheAppCanFallBack() {
        Rendering.install()
        #expect(Font(name: "No Such Family", size: 17) == nil)
        #expect(Font(name: "Helvetica-Bold", size: 17) == nil, "not installed on Debian's minimal font set")
        let font = Font(name: "No Such Family", size: 17) ?? .systemFont(ofSize: 17)
        #expect(font == .systemFont(ofSize: 17))
        // The non-failing initializer still leaves a missing family to fontconfig's substitution.
        #expect(Font(familyName: "No Such Family", size: 17).familyName == "No Such Family")
        // Sizes and names that are no font at all stay nil.
        #expect(Font(name: "", size: 17) == nil && Font(name: "DejaVu Sans", size: 0) == nil)
        #expect(Font(name: "DejaVu Sans", size: .nan) == nil)
    }

    @Test func textInTheFamilyFontconfigListsDrawsWithThatFamily() {
        Rendering.install()
        // A listed family is one Pango really resolves: its metrics differ from the sans default's.
        let mono = Font(name: "DejaVu Sans Mono", size: 20)!
        let sans = Font(name: "DejaVu Sans", size: 20)!
        let engine = PangoTextEngine.shared
        let narrow = engine.size(of: "iiii", attributes: TextAttributes(font: mono, color: .black), width: nil).width
        let proportional = engine.size(of: "iiii", attributes: TextAttributes(font: sans, color: .black), width: nil).width
        #expect(narrow > proportional * 1.5, "monospaced i's are as wide as any letter: \(narrow) vs \(proportional)")
    }
}
