/// Anything the screen reader can focus and read: a `View` or an `AccessibilityElement` (a part of
/// a view that is not a view, as a stepper's two halves). UIKit puts these properties on
/// `NSObject`; here the two kinds share this protocol.
@MainActor
public protocol AccessibilityNode: AnyObject {
    /// Whether the reader treats it as one element.
    var isAccessibilityElement: Bool { get }
    /// What it is, spoken first.
    var accessibilityLabel: String? { get }
    /// Its current value.
    var accessibilityValue: String? { get }
    /// What activating it does, spoken after a pause.
    var accessibilityHint: String? { get }
    /// What it is and how it behaves.
    var accessibilityTraits: AccessibilityTraits { get }
    /// Its frame in screen coordinates.
    var accessibilityFrame: Rect { get }
    /// Where a double-tap lands, in screen coordinates.
    var accessibilityActivationPoint: Point { get }
    /// The language its label is spoken in.
    var accessibilityLanguage: String? { get }
    /// The elements inside it, in reading order, when it is a container.
    var accessibilityElements: [Any]? { get }
    /// Extra actions besides activation.
    var accessibilityCustomActions: [AccessibilityCustomAction]? { get }
    /// Whether it and its contents are hidden from the reader.
    var accessibilityElementsHidden: Bool { get }
    /// Whether its siblings are ignored while it is shown.
    var accessibilityViewIsModal: Bool { get }
    /// Whether its elements are read together as a block.
    var shouldGroupAccessibilityChildren: Bool { get }
    /// Activates it; true when it acted itself.
    func accessibilityActivate() -> Bool
    /// Makes its value bigger.
    func accessibilityIncrement()
    /// Makes its value smaller.
    func accessibilityDecrement()
    /// Scrolls a page; true when it did.
    func accessibilityScroll(_ direction: AccessibilityScrollDirection) -> Bool
}

extension View: AccessibilityNode {}
