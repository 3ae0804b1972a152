import LibinputBackend
import ResponderKit

/// The calibration's steps, apart from any drawing: the targets in turn, one touch each, the fit,
/// then checking. The screen shows what it says; tests drive it directly.
@MainActor
public final class CalibrationSession {
    public enum Phase: Equatable {
        /// Waiting for the touch on target `index` (0-based).
        case collecting(index: Int)
        /// The fit succeeded; touches now show where the new matrix puts them.
        case checking(CalibrationResult)
    }

    public let windowSize: Size
    /// The rotation the host applies after libinput (none under Wayland).
    public let rotation: DisplayRotation
    public let targets: [Point]
    /// The matrix libinput applies while calibrating: the caller's choice, else found from the
    /// first touch's device (`matrixInUse`).
    public private(set) var currentMatrix: CalibrationMatrix?
    public private(set) var phase: Phase = .collecting(index: 0)
    public private(set) var reported: [Point] = []
    /// The last failed fit's message, shown while collecting again.
    public private(set) var lastError: CalibrationError?

    public init(windowSize: Size, rotation: DisplayRotation, currentMatrix: CalibrationMatrix?) {
        self.windowSize = windowSize
        self.rotation = rotation
        self.currentMatrix = currentMatrix
        targets = CalibrationTargets.points(in: windowSize)
    }

    /// Records the touch for the current target, reported at `location` (window points). After
    /// the last target it fits: on success the phase becomes `.checking`; on failure collecting
    /// starts over and the error is returned (and kept in `lastError`).
    /// `resolveMatrix` supplies the matrix in use when the session was not given one.
    @discardableResult
    public func record(_ location: Point, resolveMatrix: () -> CalibrationMatrix = { .identity }) -> Result<Phase, CalibrationError> {
        guard case let .collecting(index) = phase else { return .success(phase) }
        if currentMatrix == nil { currentMatrix = resolveMatrix() }
        reported.append(location)
        guard index + 1 == targets.count else {
            phase = .collecting(index: index + 1)
            return .success(phase)
        }
        let samples = zip(targets, reported).map { CalibrationSample(target: $0, reported: $1) }
        do {
            let result = try CalibrationFit.solve(samples, windowSize: windowSize, rotation: rotation, current: currentMatrix ?? .identity)
            lastError = nil
            phase = .checking(result)
            return .success(phase)
        } catch {
            lastError = error
            reported = []
            phase = .collecting(index: 0)
            return .failure(error)
        }
    }

    /// Starts over from the first target (the check screen's "Again").
    public func restart() {
        reported = []
        lastError = nil
        phase = .collecting(index: 0)
    }
}
