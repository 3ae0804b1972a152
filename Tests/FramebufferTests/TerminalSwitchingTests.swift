import FakeFramebuffer
import FramebufferOutput
import Rendering
import ResponderKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension FramebufferSuite {
    /// VT lockdown and switching in turn (`VT_SETMODE` `VT_PROCESS`): the kernel's switch
    /// requests arrive as SIGUSR2, sent here to the process as the kernel would send it; the shim logs the
    /// answers (`VT_RELDISP`) and the keyboard and VT modes.
    @MainActor
    @Suite struct Switching {
        /// `VT_PROCESS` as the shim logs it, with SIGUSR2 as the release signal.
        static let processMode = "vtmode 1 \(SIGUSR2)"
        /// `<linux/kd.h>` and `<linux/vt.h>` values the shim logs.
        static let keyboardOff = 4, keyboardUnicode = 3, acknowledgeAcquire = 2

        static func open(_ fake: FakeFramebuffer, _ switching: TerminalSwitching) throws -> FramebufferOutput {
            var options = FramebufferSuite.options(fake, console: .terminal(fake.terminal))
            options.terminalSwitching = switching
            return try FramebufferOutput(options: options)
        }

        /// Sends SIGUSR2 to the process (any thread not blocking it takes it, as from the kernel)
        /// and waits up to 5 s for the handler's byte to make the request fd readable.
        static func requestSwitch(_ output: FramebufferOutput) {
            kill(getpid(), SIGUSR2)
            guard let fd = output.terminalSwitchRequests else { return }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 5000)
        }

        @Test func lockdownTurnsTheKeyboardOffRefusesSwitchesAndGivesBothBack() throws {
            try ShimChild.run([FakeFramebuffer()], suite: "Switching") { fake in
                let output = try Self.open(fake, .locked)
                #expect(output.terminalSwitching == .locked)
                #expect(fake.log() == ["blank 0", "kdmode \(KD.graphics)", Self.processMode, "kbmode \(Self.keyboardOff)"])
                #expect(output.terminalSwitchRequests != nil)
                // Ctrl+Alt+Fn or chvt: the kernel asks, the output refuses and keeps drawing.
                Self.requestSwitch(output)
                #expect(output.handleTerminalSwitchRequests() == .refused)
                #expect(fake.log().last == "reldisp 0")
                #expect(!output.isSwitchedAway && output.isReadyForFrame)
                // Nothing pending: nothing answered.
                #expect(output.handleTerminalSwitchRequests() == nil)
                output.close()
                // Switching and the keyboard mode found (K_UNICODE) back before text mode.
                #expect(fake.log().suffix(3) == ["vtmode 0 0", "kbmode \(Self.keyboardUnicode)", "kdmode \(KD.text)"])
            }
        }

        @Test func switchingAwayStopsDrawingAndTheWayBackRewritesThePanel() throws {
            try ShimChild.run([FakeFramebuffer(width: 8, height: 6)], suite: "Switching") { fake in
                let output = try Self.open(fake, .cooperative)
                #expect(output.terminalSwitching == .cooperative)
                // The console keyboard is left as found: the kernel's Ctrl+Alt+Fn still switches.
                #expect(!fake.log().contains { $0.hasPrefix("kbmode") })
                Frames.presentAll(output) { _, _ in 0xFF_FF_FF_FF }
                Self.requestSwitch(output)
                #expect(output.handleTerminalSwitchRequests() == .released)
                #expect(fake.log().last == "reldisp 1")
                #expect(output.isSwitchedAway && !output.isReadyForFrame)
                #expect(output.beginFrame(damage: Frames.region(Rect(x: 0, y: 0, width: 1, height: 1))) == nil)
                // The other VT's console draws over the memory meanwhile.
                try fake.fill(0x11)
                Self.requestSwitch(output)
                #expect(output.handleTerminalSwitchRequests() == .acquired)
                // Acknowledged, then the page shown again where the other console may have panned.
                #expect(fake.log().suffix(2) == ["reldisp \(Self.acknowledgeAcquire)", "pan 0 0"])
                #expect(!output.isSwitchedAway && output.isReadyForFrame)
                // The whole last frame is back, without a new one.
                let bytes = try fake.bytes()
                #expect(fake.pixel(bytes, x: 0, y: 0) & 0xFF_FFFF == 0xFF_FFFF)
                #expect(fake.pixel(bytes, x: 7, y: 5) & 0xFF_FFFF == 0xFF_FFFF)
                output.close()
                #expect(fake.log().suffix(2) == ["vtmode 0 0", "kdmode \(KD.text)"])
            }
        }

        @Test func unmanagedLeavesSwitchingToTheKernel() throws {
            try ShimChild.run([FakeFramebuffer()], suite: "Switching") { fake in
                let output = try Self.open(fake, .unmanaged)
                #expect(output.terminalSwitchRequests == nil)
                #expect(output.handleTerminalSwitchRequests() == nil)
                output.close()
                #expect(fake.log() == ["blank 0", "kdmode \(KD.graphics)", "kdmode \(KD.text)"])
            }
        }
    }
}
