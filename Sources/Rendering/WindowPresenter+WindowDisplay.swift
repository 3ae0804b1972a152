import ResponderKit

extension WindowPresenter: WindowDisplay {
    /// The presenter's frame (`update()`): what `Application.runFrame(including:)` runs for a
    /// window drawn by a presenter without a host session (tests, benchmarks).
    public func displayFrame() { update() }
}
