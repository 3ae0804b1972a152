import FakeFramebuffer
import FramebufferOutput
import ResponderKit
import Testing

/// Every framebuffer test, one at a time (most spawn a child under the preload shim). Each suite
/// below extends it.
@Suite(.serialized)
struct FramebufferSuite {
    /// Options for a fake: never the real console (`.none`), unless a test asks for the fake's terminal.
    static func options(
        _ fake: FakeFramebuffer, rotation: DisplayRotation = .none, panning: FramebufferOptions.Panning = .automatic,
        console: FramebufferOptions.Console = .none
    ) -> FramebufferOptions {
        FramebufferOptions(node: fake.node, rotation: rotation, panning: panning, console: console)
    }
}
