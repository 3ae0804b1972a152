/// The keyboard layout guide in the engine (`View.keyboardLayoutGuide`).
///
/// The guide spans its owning view's width and, from the bottom up, the height of the view that
/// the docked keyboard covers (`Window.keyboardFrame`, the model frame: during the slide it is
/// already the final one): x = 0, width = owner's width, height = covered, y = owner's height −
/// covered. With no keyboard the covered height is 0, so the guide's top is the bottom of the
/// safe area (the bounds on a kiosk, which has no system bars).
///
/// The covered height is a constant of the guide's constraints. Every layout pass of the window
/// compares it with where the keyboard and the owner are now (`refreshKeyboardGuides()`), so the
/// guide follows the keyboard, the owner's moves and the window's resizes; the input view
/// presenter runs that pass inside the keyboard's slide animation, so constrained views move
/// with the keyboard as in UIKit.
extension LayoutEngine {
    /// A keyboard guide's record and the covered height its constraints hold.
    @MainActor final class KeyboardGuideEntry {
        let record: ItemRecord
        var covered: Double
        init(record: ItemRecord, covered: Double) {
            self.record = record
            self.covered = covered
        }
    }

    /// The height of `owner` (from its bottom edge up) that the window's docked keyboard covers,
    /// between 0 and the owner's height.
    func keyboardCoveredHeight(of owner: View) -> Double {
        guard let window = owner.window, let keyboard = window.keyboardFrame else { return 0 }
        let area = owner.convert(owner.bounds, to: window)
        guard keyboard.minX < area.maxX, keyboard.maxX > area.minX else { return 0 }
        let covered = area.maxY - keyboard.minY
        return covered.isFinite ? max(0, min(area.height, covered)) : 0
    }

    /// The guide's system constraints (see the extension's documentation); registers the guide
    /// so the layout pass refreshes its covered height.
    func keyboardGuideConstraints(of record: ItemRecord, owner: View) -> [SolverConstraint] {
        let ownerRecord = self.record(for: owner)
        ownerRecord.references += 1
        record.dependencies = [ownerRecord]
        let covered = keyboardCoveredHeight(of: owner)
        if let entry = keyboardGuides.first(where: { $0.record === record }) {
            entry.covered = covered
        } else {
            keyboardGuides.append(KeyboardGuideEntry(record: record, covered: covered))
        }
        let name = "<KeyboardLayoutGuide of \(type(of: owner))"
        func equal(_ variable: SolverSymbol, _ value: LinearExpression, _ label: String) -> SolverConstraint {
            SolverConstraint(LinearExpression(variable) - value, .equal, strength: SolverStrength.required, label: label)
        }
        return [
            equal(record.x, LinearExpression(constant: 0), "\(name).minX == 0>"),
            equal(record.width, LinearExpression(ownerRecord.width), "\(name).width>"),
            equal(record.height, LinearExpression(constant: covered), "\(name).height == \(covered)>"),
            equal(record.y, LinearExpression(ownerRecord.height) + -covered, "\(name).minY == height - \(covered)>")
        ]
    }

    /// Rebuilds the constraints of each keyboard guide whose covered height changed (the
    /// keyboard showed, hid or moved, or the owner moved), and drops guides that left the
    /// engine.
    /// - Complexity: O(keyboard guides) when nothing changed (usually one, or none).
    func refreshKeyboardGuides() {
        keyboardGuides.removeAll { records[ObjectIdentifier($0.record.object)] !== $0.record }
        for entry in keyboardGuides {
            guard let guide = entry.record.object as? LayoutGuide, let owner = guide.owningView else { continue }
            let covered = keyboardCoveredHeight(of: owner)
            guard covered != entry.covered else { continue }
            reinstallSystemConstraints(of: entry.record)
            setDirty()
        }
    }

    /// Whether a keyboard guide of this engine's views is in use (the presenter then lays the
    /// window out inside the keyboard's slide).
    var hasKeyboardGuides: Bool { !keyboardGuides.isEmpty }
}
