/// Something the animator steps once per frame with the application's clock (Core Animation's
/// `CADisplayLink` target): motions computed in code — a scroll view's deceleration, bounce and
/// animated offset — rather than by the animator's property tracks. While one is registered the
/// animator `isRunning`, so the host keeps drawing frames; none registered, the idle host sleeps.
@MainActor
protocol FrameStepping: AnyObject {
    /// Moves the motion to `now` (application-clock seconds); returns whether it goes on.
    func stepFrame(now: Double) -> Bool
}
