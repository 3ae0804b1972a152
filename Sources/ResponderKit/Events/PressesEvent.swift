/// An event carrying key presses (UIKit's `UIPressesEvent`).
@MainActor
public final class PressesEvent: Event {
    /// Every press the event carries.
    public internal(set) var allPresses: Set<Press>

    /// The presses whose phase changed in this event (the others are stationary).
    var changedPresses: [Press] = []

    init(presses: Set<Press>, timestamp: Double) {
        self.allPresses = presses
        super.init(type: .presses, timestamp: timestamp)
    }

    /// The presses a recognizer tracks (recognizers take no key presses here: always empty).
    public func presses(for gestureRecognizer: GestureRecognizer) -> Set<Press> { [] }
}
