import Synchronization

/// Gives the screen back once: the original pan offset first (`FBIOPUT_VSCREENINFO`), then the
/// console's mode and cursor (`KDSETMODE`), so the text console reappears where it was. Runs from
/// `FramebufferOutput.restore()`/`close()`, or when the output is released. Takes no lock and
/// allocates nothing (atomics, `ioctl`, `write`), so any thread, even a signal handler, may call it.
final class DisplayRestorer: Sendable {
    private let device: FramebufferDevice
    private let terminal: VirtualTerminal?
    private let restored = Atomic<Bool>(false)
    private let panned = Atomic<Bool>(false)

    init(device: FramebufferDevice, terminal: VirtualTerminal?) {
        self.device = device
        self.terminal = terminal
    }

    deinit { restore() }

    var isRestored: Bool { restored.load(ordering: .acquiring) }

    /// Records that the pan offset moved, so `restore()` puts back the original screen information.
    func notePanned() { panned.store(true, ordering: .releasing) }

    func restore() {
        guard restored.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        if panned.load(ordering: .acquiring) { device.restoreScreenInfo() }
        terminal?.restore()
    }
}
