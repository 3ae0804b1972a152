// swift-format-ignore-file
// TestingWithInputDriver.md: its test and its long-press fragment verbatim (ArticleSampleTests
// checks that the article still shows exactly this code). Both run here as real tests, so the
// article's promises (a tap counts once; the long press begins at 0.5 s) are checked too.
import ResponderKit
import ResponderKitTesting
import Testing

@MainActor
@Test func aTapOnTheButtonCounts() {
    let application = Application()
    let driver = InputDriver(application: application)      // the manual clock starts at 0
    let scene = WindowScene(application: application)
    let window = Window(windowScene: scene)
    window.frame = Rect(x: 0, y: 0, width: 400, height: 300)
    let counter = Counter()
    window.rootViewController = counter
    window.makeKeyAndVisible()

    driver.tap(at: Point(x: 60, y: 100), in: window)         // touch down + up, one instant
    #expect(counter.count == 1)
    #expect(driver.isClean)
}

/// The article's "Time" fragment, with the driver, window and recognizer it assumes.
@MainActor
func longPressFragment(_ driver: InputDriver, _ window: Window, _ longPress: LongPressGestureRecognizer) {
    driver.touchDown(0, at: Point(x: 60, y: 100), in: window)
    driver.advance(by: 0.49)
    #expect(longPress.state == .possible)     // the default minimum press is 0.5 s
    driver.advance(by: 0.02)
    #expect(longPress.state == .began)
    driver.touchUp(0, in: window)
}

@MainActor
@Test func theLongPressFragmentBeginsAtHalfASecond() {
    let application = Application()
    let driver = InputDriver(application: application)
    let window = Window(windowScene: WindowScene(application: application))
    window.frame = Rect(x: 0, y: 0, width: 400, height: 300)
    window.rootViewController = ViewController()
    window.makeKeyAndVisible()
    var states: [GestureRecognizer.State] = []
    let longPress = LongPressGestureRecognizer { states.append($0.state) }
    window.rootViewController!.view.addGestureRecognizer(longPress)
    longPressFragment(driver, window, longPress)
    #expect(states == [.began, .ended])
    #expect(driver.isClean)
}
