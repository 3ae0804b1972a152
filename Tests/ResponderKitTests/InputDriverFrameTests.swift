import ResponderKitTesting
import Testing

@testable import ResponderKit

/// Issue 23 §3: `InputDriver` runs the host's frame before each event (the layout pass here,
/// with no renderer installed), and `Application.shared`'s timers fire on its clock.
@MainActor
@Suite("InputDriver runs the frame")
struct InputDriverFrameTests {
    /// A button placed by constraints alone, in a window nobody laid out.
    func constrainedButton() -> (Application, InputDriver, Window, Button) {
        let application = Application()
        let driver = InputDriver(application: application)
        let window = Window(windowScene: WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: 400, height: 300)))
        window.makeKeyAndVisible()
        let button = Button(frame: .zero)
        button.setTitle("OK", for: .normal)
        window.addSubview(button)
        button.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            button.centerXAnchor.constraint(equalTo: window.centerXAnchor),
            button.centerYAnchor.constraint(equalTo: window.centerYAnchor),
            button.widthAnchor.constraint(equalToConstant: 120),
            button.heightAnchor.constraint(equalToConstant: 44)
        ])
        return (application, driver, window, button)
    }

    @Test func aTapMeetsViewsPlacedByConstraintsWithoutLayoutIfNeeded() {
        let (_, driver, window, button) = constrainedButton()
        #expect(button.frame == .zero, "nothing laid the window out yet")
        var taps = 0
        button.addAction(for: .touchUpInside) { _ in taps += 1 }
        driver.tap(at: Point(x: 200, y: 150), in: window)
        #expect(taps == 1)
        #expect(button.frame == Rect(x: 140, y: 128, width: 120, height: 44))
        #expect(driver.isClean)
    }

    @Test func aLayoutChangeMadeByAHandlerIsLaidOutBeforeTheNextEvent() {
        let (_, driver, window, button) = constrainedButton()
        let width = button.widthAnchor.constraint(equalToConstant: 300)
        button.addAction(for: .touchUpInside) { _ in
            LayoutConstraint.deactivate(button.constraints.filter { $0.firstAttribute == .width })
            width.isActive = true
        }
        driver.tap(at: Point(x: 200, y: 150), in: window)
        // The next touch, at a point only the wider button covers, reaches it.
        var downs = 0
        button.addAction(for: .touchDown) { _ in downs += 1 }
        driver.tap(at: Point(x: 60, y: 150), in: window)
        #expect(downs == 1)
        #expect(button.frame.width == 300)
    }

    @Test func aWindowWithoutASceneIsLaidOutForItsEvents() {
        let application = Application()
        let driver = InputDriver(application: application)
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.isHidden = false
        let view = View()
        window.addSubview(view)
        view.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            view.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
            view.widthAnchor.constraint(equalToConstant: 50),
            view.heightAnchor.constraint(equalToConstant: 50)
        ])
        driver.touchDown(0, at: Point(x: 20, y: 20), in: window)
        #expect(view.frame == Rect(x: 10, y: 10, width: 50, height: 50))
        driver.touchUp(0, in: window)
    }

    @Test func theFrameCanBeTurnedOffForRoutingAlone() {
        let (_, driver, window, button) = constrainedButton()
        driver.runsFrameBeforeEachEvent = false
        driver.tap(at: Point(x: 200, y: 150), in: window)
        #expect(button.frame == .zero)
    }

    @Test func timersOnTheSharedApplicationFireOnTheDriversClock() {
        let application = Application()
        #expect(!application.isShared)
        let driver = InputDriver(application: application)
        let shared = Application.shared
        var fired: [Double] = []
        shared.timers.schedule(at: shared.clock.now + 2) { _ in fired.append(driver.now) }
        application.timers.schedule(at: application.clock.now + 1) { _ in fired.append(driver.now) }
        driver.advance(by: 1.9)
        #expect(fired == [1])
        driver.advance(by: 0.1)
        #expect(fired == [1, 2])
        #expect(shared.timers.isEmpty)
    }

    @Test func timersPendingBeforeTheDriverKeepTheTimeTheyHadLeft() {
        let application = Application()
        let start = application.clock.now
        var fired = false
        application.timers.schedule(at: start + 5) { _ in fired = true }
        let driver = InputDriver(application: application)
        driver.advance(by: 4.9)
        #expect(!fired)
        driver.advance(by: 0.2)
        #expect(fired)
    }

    @Test func theSharedApplicationGetsItsClockBackWhenTheDriverGoes() {
        let shared = Application.shared
        let before = shared.clock
        do {
            let driver = InputDriver(application: Application())
            #expect(shared.clock !== before)
            driver.advance(by: 1)
        }
        #expect(shared.clock === before)
    }
}
