/// What the arena decided that concerns views, for the touch delivery to apply. The arena changes
/// recognizers only; views hear of its decisions through this value (one direction: the delivery
/// asks, the arena answers, the delivery acts).
@MainActor
struct GestureDecisions {
    /// Touches a recognizer took (`cancelsTouchesInView`): their views get `touchesCancelled` if
    /// they saw the touch begin, and nothing more either way.
    var takenTouches: [Touch] = []
    /// Recognizers that took their touches: finished touches whose delivery they were delaying
    /// are taken too.
    var takers: [GestureRecognizer] = []
    /// Windows where a recognizer decided: delayed deliveries there may be due now.
    var windows: [Window] = []

    var isEmpty: Bool { takenTouches.isEmpty && takers.isEmpty && windows.isEmpty }

    mutating func noteDecided(_ recognizer: GestureRecognizer) {
        guard let window = recognizer.inputWindow ?? recognizer.view?.window else { return }
        if !windows.containsIdentical(window) { windows.append(window) }
    }

    mutating func take(_ recognizer: GestureRecognizer) {
        takenTouches.append(contentsOf: recognizer.trackedTouches)
        takers.append(recognizer)
        noteDecided(recognizer)
    }
}
