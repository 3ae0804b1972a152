import Foundation
import ResponderKit
import ResponderKitTesting
import Testing

/// PortingFromUIKit: `TimeInterval` is spelled as in UIKit. The core names it itself (it imports
/// no Foundation); an app importing Foundation as well still compiles: both aliases are `Double`.
@MainActor
@Suite struct TimeIntervalTests {
    @Test func uikitsSpellingCompilesBesideFoundation() {
        let driver = InputDriver(application: Application())
        let step: TimeInterval = 0.25
        driver.advance(by: step)
        let now: Foundation.TimeInterval = driver.now
        let same: ResponderKit.TimeInterval = now
        #expect(same == 0.25)
    }
}
