/// Seconds, as UIKit spells them: `Event.timestamp`, `Touch.timestamp` and the test driver's clock
/// are `TimeInterval`s of the application's monotonic clock (`Application.clock`), not wall time.
///
/// The core imports no Foundation, so it names the type itself. It is the same `Double` as
/// Foundation's `TimeInterval`: an app that imports both modules may write either.
public typealias TimeInterval = Double
