import Testing

@testable import ResponderKit

/// The index against the reference recursion on a set of points: one expectation naming how many
/// differ and the first of them by the views' tags.
@MainActor
func expectIndexAgreement(_ window: Window, _ points: [Point], _ context: @autoclosure () -> String) {
    var mismatches = 0
    var first = ""
    for p in points {
        let fast = window.hitTest(p, with: nil), reference = window.referenceHitTest(p, with: nil)
        if fast !== reference {
            mismatches += 1
            if first.isEmpty { first = "at \(p): index #\(fast?.tag ?? -1), reference #\(reference?.tag ?? -1)" }
        }
    }
    #expect(mismatches == 0, "\(context()): \(mismatches) of \(points.count) points differ; first \(first)")
}
