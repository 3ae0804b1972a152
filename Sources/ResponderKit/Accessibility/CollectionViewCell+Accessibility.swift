/// UIKit's defaults for collection view cells, as for table cells: not an element (the screen
/// reader reads the labels and controls inside). A cell an app makes an element
/// (`isAccessibilityElement = true`, with a label) reads as selected while selected, and a
/// double-tap selects its item as a tap would.
extension CollectionViewCell: AccessibilityDefaults {
    var defaultIsAccessibilityElement: Bool { false }
    var defaultAccessibilityTraits: AccessibilityTraits { isSelected ? .selected : .none }
    func activateForAccessibility() -> Bool {
        guard let collectionView, let indexPath = collectionView.indexPath(for: self) else { return false }
        collectionView.userSelected(indexPath)
        return true
    }
}
