/// An observer of chain walks, for tools that show where an event travelled (the puzzle demo,
/// input-trace) and for debugging. Each delivery reports `.start` with the responder the event
/// starts at (the hit view, the first responder…), then `.forward` for every step a default
/// implementation (or a `super` call) takes along `next`. A walk that ends without a step ended at
/// the responder that handled it. Costs one nil check per step when no observer is set.
@MainActor
public enum ChainTrace {
    /// One step of a walk.
    public enum Step {
        /// A delivery starts at this responder.
        case start(Responder)
        /// A default implementation forwarded from one responder to its `next`.
        case forward(from: Responder, to: Responder)
    }

    /// Called with every step; nil (the default) traces nothing.
    public static var observer: (@MainActor (Step) -> Void)? {
        get { observerStorage }
        set { observerStorage = newValue }
    }
    /// `observer`'s storage, read at the start of every walk along `next` (one per routed move):
    /// exempt from the exclusivity check (~80 instructions a move, `hitbench --dispatch-only` under
    /// callgrind). Invariant: main actor only (the enum is `@MainActor`), and never accessed
    /// overlappingly — walks copy it into a local before calling it, app code reaches it only
    /// through `observer`'s plain getter and setter.
    @exclusivity(unchecked) static var observerStorage: (@MainActor (Step) -> Void)?
}
