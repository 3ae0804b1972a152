import Dispatch
import FakeFramebuffer
import FramebufferOutput
import Rendering
import ResponderKit
import Testing

extension FramebufferSuite {
    /// The console: graphics mode and a hidden cursor while the output is open; the original pan
    /// offset, then text mode and the cursor, when it closes, is restored, or is released.
    @MainActor
    @Suite struct Console {
        static let hide = "\u{1B}[?25l", show = "\u{1B}[?25h"

        @Test func closeGivesTheConsoleBack() throws {
            try ShimChild.run([FakeFramebuffer(width: 8, height: 6, virtualHeight: 12)], suite: "Console") { fake in
                let output = try FramebufferOutput(options: FramebufferSuite.options(fake, console: .terminal(fake.terminal)))
                #expect(output.consolePath == fake.terminal)
                #expect(fake.log() == ["blank 0", "kdmode \(KD.graphics)"])
                #expect(fake.terminalText() == Self.hide)
                Frames.presentAll(output) { _, _ in 0xFF_FFFFFF }
                output.close()
                // The pan offset first, then the console (which then redraws where it was).
                #expect(fake.log() == ["blank 0", "kdmode \(KD.graphics)", "pan 0 6", "put 0 0", "kdmode \(KD.text)"])
                #expect(fake.terminalText() == Self.hide + Self.show)
                #expect(!output.isReadyForFrame)
                #expect(output.beginFrame(damage: DamageRegion()) == nil)
                // Once only.
                output.close()
                output.restore()
                #expect(fake.log().count == 5)
            }
        }

        @Test func releasingTheOutputGivesTheConsoleBack() throws {
            try ShimChild.run([FakeFramebuffer()], suite: "Console") { fake in
                try Self.openDrawAndDrop(fake)
                #expect(fake.log() == ["blank 0", "kdmode \(KD.graphics)", "kdmode \(KD.text)"])
                #expect(fake.terminalText() == Self.hide + Self.show)
            }
        }

        private static func openDrawAndDrop(_ fake: FakeFramebuffer) throws {
            let output = try FramebufferOutput(options: FramebufferSuite.options(fake, console: .terminal(fake.terminal)))
            Frames.presentAll(output) { _, _ in 0xFF_FFFFFF }
        }

        @Test func restoreWorksFromAnotherThread() throws {
            try ShimChild.run([FakeFramebuffer()], suite: "Console") { fake in
                let output = try FramebufferOutput(options: FramebufferSuite.options(fake, console: .terminal(fake.terminal)))
                Frames.presentAll(output) { _, _ in 0xFF_FFFFFF }
                // As a host's SIGTERM path might, off the main actor.
                DispatchQueue.global().sync { output.restore() }
                #expect(fake.log().last == "kdmode \(KD.text)")
                // The console is back: no more frames are drawn over it.
                #expect(!output.isReadyForFrame)
                #expect(output.beginFrame(damage: Frames.region(Rect(x: 0, y: 0, width: 1, height: 1))) == nil)
                output.close()
                #expect(fake.log().count == 3)
            }
        }

        @Test func anythingButAVirtualTerminalIsLeftAlone() throws {
            try ShimChild.run([FakeFramebuffer()], suite: "Console") { fake in
                // The node itself (a framebuffer, not a VT) and a missing path: no console, no error.
                for path in [fake.node, fake.folder + "/no-such-tty"] {
                    let output = try FramebufferOutput(options: FramebufferSuite.options(fake, console: .terminal(path)))
                    #expect(output.consolePath == nil)
                    output.close()
                }
                #expect(!fake.log().contains { $0.hasPrefix("kdmode") })
            }
        }

        @Test func blankingIsForwardedToTheDriver() throws {
            try ShimChild.run([FakeFramebuffer()], suite: "Console") { fake in
                let output = try FramebufferOutput(options: FramebufferSuite.options(fake))
                #expect(output.setBlanked(true))
                #expect(output.setBlanked(false))
                output.close()
                #expect(!output.setBlanked(true))
                // Unblanked at open, then powered down and back (FB_BLANK_POWERDOWN is 4).
                #expect(fake.log() == ["blank 0", "blank 4", "blank 0"])
            }
        }
    }
}

/// `KD_TEXT` and `KD_GRAPHICS` from linux/kd.h, as the shim logs them.
enum KD {
    static let text = 0, graphics = 1
}
