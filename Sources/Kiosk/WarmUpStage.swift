import Rendering
import ResponderKit

/// The private stage of `KioskSession.warmUp()`: an application of its own (never
/// `Application.shared`), a scene and a small window holding a button, a label, a view with a tap
/// recognizer and a scroll view, drawn by its own presenter into a small `HeadlessOutput`. A tap,
/// a pointer click and a drag go through that application's `handle(_:)`, each followed by a
/// frame, so the code of routing, the gesture arena, recognizers, control tracking and
/// damage-only drawing has run (and its pages, metadata and conformance caches are loaded)
/// before the app's first touch. Nothing here reaches the app: its timers and animations live in
/// the private application, which is dropped with the stage.
@MainActor
enum WarmUpStage {
    /// The stage's size in points.
    static let size = Size(width: 320, height: 200)

    /// Runs the stage at `scale` pixels per point.
    /// - Returns: the number of events routed.
    /// - Complexity: a fixed, small number of events and frames.
    static func run(scale: Double) -> Int {
        // A gesture trace an app or a tool installed sees the app's recognizers only.
        let traceObserver = GestureTrace.observer
        GestureTrace.observer = nil
        defer { GestureTrace.observer = traceObserver }
        let application = Application()
        let scene = WindowScene(application: application, screenBounds: Rect(origin: .zero, size: size))
        let window = Window(windowScene: scene)
        let root = ViewController()
        let button = Button(frame: Rect(x: 10, y: 10, width: 140, height: 44))
        button.setTitle("Warm up 0123", for: .normal)
        let label = Label(frame: Rect(x: 160, y: 10, width: 150, height: 44))
        label.text = "Moves: 0"
        let tapTarget = View(frame: Rect(x: 10, y: 64, width: 140, height: 60))
        tapTarget.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.8)
        tapTarget.addGestureRecognizer(TapGestureRecognizer { _ in })
        let scrollView = ScrollView(frame: Rect(x: 160, y: 64, width: 150, height: 126))
        scrollView.contentSize = Size(width: 150, height: 600)
        let row = Label(frame: Rect(x: 0, y: 0, width: 150, height: 44))
        row.text = "Row 1"
        scrollView.addSubview(row)
        for view in [button, label, tapTarget, scrollView] { root.view.addSubview(view) }
        window.rootViewController = root
        window.makeKeyAndVisible()
        let presenter = WindowPresenter(window: window, output: HeadlessOutput(size: size, scale: scale))
        presenter.update()

        var events = 0
        func send(_ kind: InputEvent.Kind) {
            application.handle(InputEvent(kind, timestamp: application.clock.now, window: window))
            events += 1
        }
        func touch(_ kind: InputEvent.Kind) {
            send(kind)
            send(.touchFrame)
            presenter.update()
        }
        // A touch tap on the button (highlight on down, action on up) and on the tap target.
        for target in [button, tapTarget] {
            let center = Point(x: target.frame.midX, y: target.frame.midY)
            touch(.touchDown(slot: 0, location: center, majorRadius: nil))
            touch(.touchUp(slot: 0))
        }
        // A pointer click, as a compositor's pointer sends it.
        send(.pointerMotion(location: Point(x: button.frame.midX, y: button.frame.midY)))
        send(.pointerButton(button: PointerButton.left, pressed: true))
        presenter.update()
        send(.pointerButton(button: PointerButton.left, pressed: false))
        presenter.update()
        send(.pointerLeave)
        // A drag on the scroll view (its pan recognizer, the delayed touch of a scroll view).
        let start = Point(x: scrollView.frame.midX, y: scrollView.frame.maxY - 10)
        touch(.touchDown(slot: 0, location: start, majorRadius: nil))
        for step in 1...4 {
            touch(.touchMotion(slot: 0, location: Point(x: start.x, y: start.y - Double(step) * 15), majorRadius: nil))
        }
        touch(.touchUp(slot: 0))
        window.isHidden = true
        scene.disconnect()
        return events
    }
}
