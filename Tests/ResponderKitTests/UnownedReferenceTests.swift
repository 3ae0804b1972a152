import ResponderKitTesting
import Testing

@testable import ResponderKit

/// The references the core keeps without a count (`unowned(unsafe)`) are cleared before their
/// referent goes away; the debug assertions (`LiveObjects`) check every read while this runs.
@MainActor
@Suite struct UnownedReferenceTests {
    @Test func aViewOutlivingItsParentAndWindowForgetsThem() {
        let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        do {
            let app = Application()
            let scene = WindowScene(application: app)
            let window = Window(windowScene: scene)
            let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(parent)
            parent.addSubview(child)
            window.makeKeyAndVisible()
            #expect(window.hitTest(Point(x: 5, y: 5), with: nil) === child)  // builds the index
            #expect(child.hitSpace != nil)
            window.windowScene = nil
        }
        #expect(child.superview == nil)
        #expect(child.window == nil)
        // The dead window's index space let go of its members, so changing the survivor touches
        // nothing that died with the window.
        #expect(child.hitSpace == nil)
        child.frame = Rect(x: 1, y: 1, width: 5, height: 5)
        let host = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        host.addSubview(child)
        #expect(child.superview === host)
    }

    @Test func aKeptTouchEventForgetsItsWindow() {
        final class Keeper: View {
            var kept: Event?
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { kept = event }
        }
        let keeper = Keeper(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        do {
            let app = Application()
            let driver = InputDriver(application: app)
            let scene = WindowScene(application: app)
            let window = Window(windowScene: scene)
            window.addSubview(keeper)
            window.makeKeyAndVisible()
            driver.tap(at: Point(x: 10, y: 10), in: window)
            #expect(keeper.kept?.window === window)
            keeper.removeFromSuperview()
            window.windowScene = nil
        }
        #expect(keeper.kept != nil)
        #expect(keeper.kept?.window == nil)
    }

    @Test func aSceneGoingAwayClearsItsWindows() {
        let window = Window(frame: .zero)
        do {
            let app = Application()
            let scene = WindowScene(application: app)
            window.windowScene = scene
            #expect(window.windowScene === scene)
            scene.disconnect()
        }
        // The scene is gone (the app let go of it); the window does not point at it.
        #expect(window.windowScene == nil)
    }
}
