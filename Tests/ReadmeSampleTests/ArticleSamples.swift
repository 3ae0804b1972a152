// swift-format-ignore-file
// The DocC articles' Swift samples (Sources/*/*.docc), each verbatim in the function or type below
// that names its article (ArticleSampleTests checks that the articles still show exactly this
// code), compiled here so they cannot drift from the API. The functions are not run: the Kiosk one
// would take over the test process; `Counter` is run by InputDriverArticleSample.
import Glibc
import Kiosk
import KioskWayland
import ResponderKit

// PortingFromUIKit.md
final class Counter: ViewController {
    var count = 0
    let label = Label(frame: Rect(x: 20, y: 20, width: 200, height: 40))
    override func viewDidLoad() {
        let button = Button(frame: Rect(x: 20, y: 80, width: 120, height: 44))
        button.setTitle("Add", for: .normal)
        button.addTarget(self, action: "add:", for: .touchUpInside)
        implement("add:") { [unowned self] _ in count += 1; label.text = "\(count)" }
        view.addSubview(label)
        view.addSubview(button)
    }
}

// HitTestingPerformance.md
final class Tile: View {
    var taps = 0
    override class var standardHitTestingClass: View.Type { Tile.self }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { taps += 1 }
}

// ResponderKit.md
@MainActor
func responderKitArticleSample() -> ViewController {
    final class Greeting: ViewController {
        override func viewDidLoad() {
            let label = Label(frame: Rect(x: 40, y: 40, width: 400, height: 60))
            label.text = "Touch to start"
            view.addSubview(label)
        }
    }
    return Greeting()
}

// Kiosk.md (`Greeting` as in ResponderKit.md)
@MainActor
func kioskArticleSample() {
    final class Greeting: ViewController {}
    let app = KioskApp(name: "greeting", defaultScript: "tap-at 100 70\nsnapshot touched") { Greeting() }
    exit(MainActor.assumeIsolated { Kiosk.main(app, backends: [.wayland, .framebuffer]) })
}

// HowATouchTravels.md
@MainActor
func howATouchTravelsArticleSample() {
    ChainTrace.observer = { step in
        switch step {
        case let .start(responder): print("start at \(type(of: responder))")
        case let .forward(from, to): print("  \(type(of: from)) → \(type(of: to))")
        }
    }
}
