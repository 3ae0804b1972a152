// swift-format-ignore-file
// The sample of VisualAccessibilitySettings.md, verbatim (ArticleSampleTests checks it).
import ResponderKit

@MainActor
func makeInstructions() -> Label {
    let label = Label()
    label.text = "Touch Begin, then type the name of the person you are visiting."
    label.font = .preferredFont(forTextStyle: .body)
    label.adjustsFontForContentSizeCategory = true
    label.numberOfLines = 0
    return label
}
