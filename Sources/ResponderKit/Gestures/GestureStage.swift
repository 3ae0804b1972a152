/// A recognizer's lifecycle, one step finer than UIKit's `state`: it also says when a recognizer
/// has made up its mind but waits for recognizers it requires to fail (`require(toFail:)`), which
/// UIKit reports as `.possible`. Every stage change goes through `GestureRecognizer.transition(to:)`
/// and must be listed in `legalTransitions` (libinput's style: an explicit enum, one table, every
/// transition loggable through `GestureTrace`).
public enum GestureStage: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Watching touches; nothing decided yet.
    case possible
    /// Wants to begin (continuous) but a recognizer it requires to fail is still undecided.
    case waitingToBegin
    /// Wants to recognize (discrete) but a recognizer it requires to fail is still undecided.
    case waitingToRecognize
    /// A continuous gesture began.
    case began
    /// A continuous gesture changed.
    case changed
    /// Recognized (discrete) or ended (continuous).
    case ended
    /// The gesture was cancelled after it began.
    case cancelled
    /// The recognizer will not recognize this gesture.
    case failed

    /// Every legal transition, and nothing else. The arena and the recognizer's own requests both
    /// pass through this table; anything not listed is reported through `ResponderDiagnostics`
    /// and ignored.
    public static let legalTransitions: [(from: GestureStage, to: GestureStage)] = [
        // Deciding.
        (.possible, .began), (.possible, .ended), (.possible, .failed),
        (.possible, .waitingToBegin), (.possible, .waitingToRecognize),
        // Waiting on failure requirements: released, refused, or (continuous) finished meanwhile.
        (.waitingToBegin, .began), (.waitingToBegin, .waitingToRecognize), (.waitingToBegin, .failed),
        (.waitingToRecognize, .ended), (.waitingToRecognize, .failed),
        // A continuous gesture in progress.
        (.began, .changed), (.began, .ended), (.began, .cancelled),
        (.changed, .changed), (.changed, .ended), (.changed, .cancelled),
        // `reset()` once the recognizer's touches are gone.
        (.ended, .possible), (.cancelled, .possible), (.failed, .possible)
    ]

    /// `legalTransitions` as a lookup matrix (from × to), built once.
    private static let matrix: [Bool] = {
        let n = GestureStage.allCases.count
        var m = [Bool](repeating: false, count: n * n)
        for (from, to) in legalTransitions { m[from.rawValue * n + to.rawValue] = true }
        return m
    }()

    /// Whether `from → to` is in `legalTransitions`.
    /// - Complexity: O(1).
    public static func isLegal(from: GestureStage, to: GestureStage) -> Bool {
        matrix[from.rawValue * allCases.count + to.rawValue]
    }

    /// What UIKit's `state` shows for this stage (waiting is still `.possible` there).
    public var state: GestureRecognizer.State {
        switch self {
        case .possible, .waitingToBegin, .waitingToRecognize: .possible
        case .began: .began
        case .changed: .changed
        case .ended: .ended
        case .cancelled: .cancelled
        case .failed: .failed
        }
    }

    /// Not decided yet: it may still recognize (so it holds delayed touches, and other
    /// recognizers requiring it to fail must wait).
    var isUndecided: Bool { self == .possible || self == .waitingToBegin || self == .waitingToRecognize }
    var isWaiting: Bool { self == .waitingToBegin || self == .waitingToRecognize }
    /// A continuous gesture in progress.
    var isActive: Bool { self == .began || self == .changed }
    var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
    /// Recognized: began, changed or ended (a recognizer that requires this one to fail fails).
    var hasRecognized: Bool { self == .began || self == .changed || self == .ended }

    public var description: String {
        switch self {
        case .possible: "possible"
        case .waitingToBegin: "waiting to begin"
        case .waitingToRecognize: "waiting to recognize"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}

extension GestureRecognizer.State {
    /// The stage a subclass asks for when it sets `state`.
    var stage: GestureStage {
        switch self {
        case .possible: .possible
        case .began: .began
        case .changed: .changed
        case .ended: .ended
        case .cancelled: .cancelled
        case .failed: .failed
        }
    }
}
