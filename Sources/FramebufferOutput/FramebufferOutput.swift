import Rendering
import ResponderKit

/// The Linux framebuffer as an `Output`: a panel without a compositor. The renderer draws the
/// logical window (the panel's size, turned by `FramebufferOptions.rotation`) into a back buffer;
/// `endFrame(repainted:)` converts only the repainted pixels to the panel's format and rotation
/// and writes them into the framebuffer memory. With room for two pages in the virtual screen it
/// draws into the hidden page and flips with `FBIOPAN_DISPLAY`; each page remembers what it
/// missed, so both stay coherent with one copy of the damage per frame.
///
/// While open it holds the console in graphics mode with the cursor hidden. `close()`, `restore()`
/// and releasing the output give the console and the original pan offset back. With
/// `FramebufferOptions.terminalSwitching` it also locks the VT or takes part in switching away
/// and back (`handleTerminalSwitchRequests()`).
@MainActor
public final class FramebufferOutput: Output {
    /// One screen-sized area of the virtual screen and the damage it has not received yet.
    private struct Page {
        let x: Int, y: Int
        var missing: DamageRegion
    }

    /// The options the output was opened with.
    public let options: FramebufferOptions
    /// The window size in points (the panel turned by the rotation); scale is 1.
    public let size: Size
    /// Always 1: one point is one panel pixel.
    public let scale: Double = 1
    /// True until closed or restored, and false while another VT is on screen: a copy into
    /// framebuffer memory never waits on the display.
    public var isReadyForFrame: Bool { isLive }
    /// Never called: a framebuffer's size does not change and frames are never held back.
    public var onFrameReady: (@MainActor () -> Void)?
    /// The virtual terminal held in graphics mode, when there is one.
    public var consolePath: String? { terminal?.path }
    /// What is in effect for leaving the VT: the option asked for, or `.unmanaged` when there
    /// is no VT or it refused `VT_SETMODE` (the host should say so).
    public private(set) var terminalSwitching = TerminalSwitching.unmanaged
    /// True once `close()` ran; a closed output draws no more frames.
    public private(set) var isClosed = false

    private let device: FramebufferDevice
    private let terminal: VirtualTerminal?
    private let restorer: DisplayRestorer
    private let backBuffer: BackBuffer
    private let blitter: FramebufferBlitter
    private var pages: [Page]
    private var shownPage = 0
    private var backBufferDrawn = false
    private var waitsForVSync: Bool

    /// Opens `options.node` (`open`, `FBIOGET_VSCREENINFO`, `FBIOGET_FSCREENINFO`, `mmap`),
    /// unblanks it (`FBIOBLANK`) and takes the console (`KDSETMODE`).
    public init(options: FramebufferOptions = FramebufferOptions()) throws(FramebufferError) {
        self.options = options
        let device = try FramebufferDevice(node: options.node)
        let transform = PanelTransform(rotation: options.rotation, panelWidth: device.width, panelHeight: device.height)
        let backBuffer = BackBuffer(width: transform.logicalWidth, height: transform.logicalHeight)
        guard
            let blitter = FramebufferBlitter(
                source: backBuffer.target, transform: transform, format: device.format,
                lineLength: device.lineLength)
        else {
            throw .invalidGeometry(node: options.node, detail: "line_length \(device.lineLength) does not hold a row of \(device.width) pixels")
        }
        self.device = device
        self.backBuffer = backBuffer
        self.blitter = blitter
        size = Size(width: Double(transform.logicalWidth), height: Double(transform.logicalHeight))
        let everything = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var unknown = DamageRegion()
        unknown.add(everything)
        let x = Int(device.original.xoffset)
        if options.panning == .automatic && device.canFlipPages {
            pages = [Page(x: x, y: 0, missing: unknown), Page(x: x, y: device.height, missing: unknown)]
            shownPage = Int(device.original.yoffset) == device.height ? 1 : 0
        } else {
            pages = [Page(x: x, y: Int(device.original.yoffset), missing: unknown)]
        }
        waitsForVSync = options.waitForVSync
        terminal = VirtualTerminal.open(options.console)
        restorer = DisplayRestorer(device: device, terminal: terminal)
        _ = device.blank(false)
        terminal?.enterGraphicsMode()
        if let terminal, terminal.takeSwitching(options.terminalSwitching) { terminalSwitching = options.terminalSwitching }
    }

    /// What was opened, and whether frames currently flip between two pages.
    public var panel: FramebufferPanel {
        FramebufferPanel(
            node: device.node, driver: device.driver, width: device.width, height: device.height,
            lineLength: device.lineLength, format: device.format, pages: pages.count)
    }

    /// The back buffer and `damage` clipped to the window; everything for the first frame (the
    /// back buffer then holds nothing drawn). Nil once closed or restored.
    public func beginFrame(damage: DamageRegion) -> (target: RenderTarget, repaint: DamageRegion)? {
        guard isLive else { return nil }
        var repaint = damage
        if !backBufferDrawn { repaint.add(Rect(x: 0, y: 0, width: size.width, height: size.height)) }
        repaint.clip(to: Rect(x: 0, y: 0, width: size.width, height: size.height))
        return (backBuffer.target, repaint)
    }

    /// Copies what changed into the page to show, and shows it: with two pages, the hidden one
    /// gets this frame's damage plus what it missed while shown, then `FBIOPAN_DISPLAY` flips to
    /// it; with one, the damage goes straight into the page on screen.
    public func endFrame(repainted: DamageRegion) {
        guard isLive else { return }
        defer { lastPresentationTime = MonotonicClock.currentTime() }
        backBufferDrawn = true
        var changed = repainted
        changed.clip(to: Rect(x: 0, y: 0, width: size.width, height: size.height))
        for index in pages.indices { pages[index].missing.formUnion(changed) }
        let target = pages.count == 2 ? 1 - shownPage : shownPage
        if pages.count == 1 { waitForVSyncIfAsked() }
        flush(target)
        guard pages.count == 2 else { return }
        waitForVSyncIfAsked()
        if device.pan(x: pages[target].x, y: pages[target].y) {
            shownPage = target
            restorer.notePanned()
        } else {
            // The driver refused to pan after all: keep to the page on screen, bringing it up to date.
            pages = [pages[shownPage]]
            shownPage = 0
            flush(0)
        }
    }

    /// When the last frame reached the memory the panel scans out (after the copy, the vertical
    /// blank when asked for, and the pan), on `CLOCK_MONOTONIC`: the latency overlay's
    /// presentation time.
    public private(set) var lastPresentationTime: Double?

    /// Blanks (`FB_BLANK_POWERDOWN`) or unblanks the display, e.g. for a kiosk's idle screen.
    /// The corresponding ioctl is `FBIOBLANK`; false when the driver refuses or the output is closed.
    @discardableResult
    public func setBlanked(_ blanked: Bool) -> Bool {
        !isClosed && device.blank(blanked)
    }

    /// Gives the screen back: the original pan offset (`FBIOPUT_VSCREENINFO`), then the console's
    /// text mode and cursor (`KDSETMODE`). Once only; safe from any thread (a host's SIGTERM path,
    /// even a signal handler: no lock, no allocation). Afterwards frames are refused (`beginFrame`
    /// returns nil) so nothing is drawn over the console; `close()` then releases the memory.
    public nonisolated func restore() {
        restorer.restore()
    }

    /// `restore()`, then unmaps the memory and closes the node. Later frames are refused.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        restorer.restore()
        device.close()
    }

    /// Converts the page's missing rectangles into it.
    /// - Complexity: O(missing area).
    private func flush(_ index: Int) {
        let origin = device.memory + device.offset(x: pages[index].x, y: pages[index].y)
        for rect in pages[index].missing.rects {
            blitter.copy(PixelRect(covering: rect, scale: 1), to: origin)
        }
        pages[index].missing.removeAll()
    }

    /// Neither closed, given back to the console, nor switched away from.
    private var isLive: Bool { !isClosed && !restorer.isRestored && !isSwitchedAway }

    /// Readable when a VT switch request is pending: the host's run loop watches it and calls
    /// `handleTerminalSwitchRequests()`. Nil when switching is unmanaged.
    public var terminalSwitchRequests: Int32? { terminal?.switchRequests }

    /// Whether another VT is on screen (an allowed switch away): no frame is drawn until it is back.
    public var isSwitchedAway: Bool { !(terminal?.isForeground ?? true) }

    /// Answers the pending VT switch requests (`VT_RELDISP`): refused when locked; a switch away
    /// stops drawing before the display is given up; on the switch back every page is rewritten
    /// from the back buffer (the console drew over them) and shown, before the host redraws what
    /// changed meanwhile. The host suspends its input while `isSwitchedAway` and resumes it after.
    /// Returns what the last request did, nil when none was pending.
    /// - Complexity: O(panel pixels) on the switch back, O(1) otherwise.
    @discardableResult
    public func handleTerminalSwitchRequests() -> TerminalSwitchEvent? {
        guard let terminal, !isClosed, !restorer.isRestored else { return nil }
        let event = terminal.answerSwitchRequests(willRelease: {})
        if event == .acquired { putEverythingBack() }
        return event
    }

    /// Rewrites every page from the back buffer and shows the current one again (`FBIOPAN_DISPLAY`):
    /// the console of the other VT drew text into the memory and may have panned.
    private func putEverythingBack() {
        guard backBufferDrawn else { return }
        for index in pages.indices { pages[index].missing.add(Rect(x: 0, y: 0, width: size.width, height: size.height)) }
        for index in pages.indices { flush(index) }
        if device.pan(x: pages[shownPage].x, y: pages[shownPage].y) { restorer.notePanned() }
    }

    private func waitForVSyncIfAsked() {
        if waitsForVSync && !device.waitForVSync() { waitsForVSync = false }
    }
}
