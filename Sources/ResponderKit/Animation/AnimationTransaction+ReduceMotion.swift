/// Reduce motion (issue 26 §5, UIKit's `isReduceMotionEnabled`): what would slide, grow or turn
/// is drawn at its new place at once and fades in there instead, and every animation of the block
/// is at most `crossFadeDuration` long.
///
/// Why a fade rather than nothing: a change that simply appears is easy to miss, while motion is
/// what makes some users dizzy; iOS replaces slides and zooms with dissolves for the same reason.
/// Alpha and colour changes are not motion and keep animating, only shortened.
extension AnimationTransaction {
    /// The longest animation under reduce motion, in seconds.
    static let crossFadeDuration = 0.2

    /// With reduce motion on: drops the block's position, bounds and transform changes from the
    /// animation (ending any such animation in flight, so the new values are drawn at once), fades
    /// each view that moved in from transparent unless the block animates its alpha itself, and
    /// caps the duration.
    /// - Complexity: O(recorded changes²) in the worst case (one `contains` per moved view).
    func reduceMotionIfEnabled() {
        guard VisualSettings.current.isReduceMotionEnabled, duration > 0 || delay > 0 else { return }
        var moved: [View] = []
        var kept: [Record] = []
        kept.reserveCapacity(records.count)
        for record in records {
            switch record.property {
            case .center, .bounds, .transform:
                record.view.window?.application.animator.cancel(record.property, of: record.view)
                if !moved.contains(where: { $0 === record.view }) { moved.append(record.view) }
            case .alpha, .backgroundColor:
                kept.append(record)
            }
        }
        for view in moved where view.alpha > 0 {
            guard !kept.contains(where: { $0.view === view && $0.property == .alpha }) else { continue }
            kept.append(Record(view: view, property: .alpha, from: .scalar(0)))
        }
        records = kept
        duration = min(duration, AnimationTransaction.crossFadeDuration)
    }
}
