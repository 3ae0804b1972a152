import CDRM
import FramebufferOutput
import Rendering
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// A display driven through DRM/KMS: a connector, a CRTC and its primary plane, two dumb buffers
/// flipping on vblank. The renderer draws the logical window into a shadow buffer in ordinary
/// memory (reading back scan-out memory is slow on real hardware); each frame the back buffer
/// receives what it missed — this frame's damage plus the previous frame's, by buffer age
/// (`DamageHistory`) — converted to the scan-out format and rotation, and is committed with a
/// page-flip event: an atomic commit when the driver offers `DRM_CLIENT_CAP_ATOMIC` (with
/// `FB_DAMAGE_CLIPS` on the plane), else `drmModePageFlip` (with `drmModeDirtyFB`).
///
/// The flip event is the frame clock: until it arrives `isReadyForFrame` is false, so the host
/// never commits twice in one vblank; the host's main loop watches `fileDescriptor` and calls
/// `dispatchEvents()`, and its frame at the end of that wake-up draws the next one.
///
/// While open it holds the console in graphics mode; `close()` puts the CRTC's previous
/// configuration back (normally the console's framebuffer) and gives the console back.
@MainActor
public final class DRMOutput: Output {
    /// The options the output was opened with.
    public let options: DRMOptions
    /// The window size in points (the mode's size, turned by the rotation); scale is 1.
    public private(set) var size: Size
    /// Always 1: one point is one pixel of the mode.
    public let scale: Double = 1
    /// False while a flip is pending, while the connector is unplugged, while another VT or
    /// session has the display, while blanked, and once closed.
    public var isReadyForFrame: Bool { isLive && !isFlipPending }
    /// Never called: the flip event arrives on `fileDescriptor`, which the host's loop watches.
    public var onFrameReady: (@MainActor () -> Void)?
    /// One refresh period of the mode: animations are paced by the flips, this is the fallback.
    public var animationFrameInterval: Double? { scanout.mode.framePeriod }
    /// The kernel's timestamp of the last completed flip (`CLOCK_MONOTONIC`).
    public var lastPresentationTime: Double? { statistics.lastFlipTime }
    /// The card node that was opened (`/dev/dri/card0`).
    public var node: String { device.node }
    /// The DRM fd: readable when a flip event is pending (`dispatchEvents()`).
    public var fileDescriptor: Int32 { device.fd }
    /// Commits, flips and refusals so far.
    public private(set) var statistics = FlipStatistics()
    /// True once `close()` ran.
    public private(set) var isClosed = false
    /// Whether the atomic API drives the display (else the legacy one).
    public private(set) var isAtomic: Bool
    /// Whether the plane turns the picture (its `rotation` property); else the pixels are turned
    /// on the way into the buffer.
    public private(set) var rotatesInHardware = false
    /// Whether the connector is plugged in (false after a hotplug event found it disconnected).
    public internal(set) var isConnected = true
    /// Whether the display was given up (another VT, a disabled seat): nothing is drawn.
    public private(set) var isSuspended = false
    /// Whether the panel is turned off (`setBlanked(true)`): nothing is drawn.
    public internal(set) var isBlanked = false
    /// The virtual terminal held in graphics mode, when there is one.
    public var consolePath: String? { terminal?.path }
    /// What is in effect for leaving the VT (`.unmanaged` when there is no VT or it refused).
    public private(set) var terminalSwitching = TerminalSwitching.unmanaged

    let device: DRMDevice
    /// udev's `drm` events, when a monitor could be had.
    let hotplug = HotplugMonitor()
    /// Readable when a connector may have changed (a udev `drm` event): call `handleHotplug()`.
    public var hotplugFileDescriptor: Int32? { hotplug?.fileDescriptor }
    var scanout: Scanout
    private let saved: SavedCRTC?
    private var terminal: VirtualTerminal?
    private var shadow: BackBuffer
    private var blitter: FramebufferBlitter
    private var buffers: [DumbBuffer] = []
    private var back = 0
    private var history = DamageHistory(depth: 2)
    private var shadowDrawn = false
    private var needsModeset = true
    private var fullRepaintRequested = false
    var isFlipPending = false
    private var dirtyFramebufferWorks = true
    private var modeBlob: UInt32 = 0
    /// The record the page-flip handler fills in (the commits pass its address as user data).
    private let flipRecord = FlipRecord()
    private var flip: UnsafeMutablePointer<cdrm_flip> { flipRecord.pointer }

    /// Opens the card (`options.node`, else the first with a connected display) with `opener`,
    /// chooses connector, mode, CRTC, plane and format, makes two dumb buffers and takes the
    /// console. The first frame sets the mode.
    public init(options: DRMOptions = DRMOptions(), opener: DRMNodeOpener = .direct) throws(DRMError) {
        self.options = options
        let nodes = options.node.map { [$0] } ?? DRMNodeOpener.cards()
        guard !nodes.isEmpty else { throw .missingNode(node: "/dev/dri/card*", errno: ENOENT) }
        var firstError: DRMError?
        var found: (DRMDevice, Scanout, SavedCRTC?, Bool)?
        for node in nodes {
            do throws(DRMError) {
                let device = try opener.open(node)
                _ = device.setClientCapability(Int32(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1)
                let atomic = options.allowsAtomic && device.setClientCapability(Int32(DRM_CLIENT_CAP_ATOMIC), 1)
                let (scanout, saved) = try Scanout.find(on: device, options: options, atomic: atomic)
                found = (device, scanout, saved, atomic)
                break
            } catch {
                if firstError == nil || options.node != nil { firstError = error }
            }
        }
        guard let (device, scanout, saved, atomic) = found else { throw firstError ?? .missingNode(node: nodes[0], errno: ENOENT) }
        self.device = device
        self.scanout = scanout
        self.saved = saved
        isAtomic = atomic
        let layout = Self.layout(scanout, rotation: options.rotation, hardware: atomic && scanout.hardwareRotation(options.rotation) != nil)
        shadow = BackBuffer(width: layout.transform.logicalWidth, height: layout.transform.logicalHeight)
        guard
            let blitter = FramebufferBlitter(
                source: shadow.target, transform: layout.transform, format: scanout.format.framebufferFormat,
                lineLength: layout.transform.panelWidth * scanout.format.bitsPerPixel / 8)
        else { throw .bufferFailed(node: device.node, call: "the pixel converter", errno: EINVAL) }
        self.blitter = blitter
        rotatesInHardware = layout.hardware
        size = Size(width: Double(layout.transform.logicalWidth), height: Double(layout.transform.logicalHeight))
        try makeBuffers()
        if !device.isMaster && !device.becomeMaster() {
            throw .anotherMaster(node: device.node, holder: DRMNodeOpener.holder(of: device.node))
        }
        try chooseCommitPath()
        terminal = VirtualTerminal.open(options.console)
        terminal?.enterGraphicsMode()
        if let terminal, terminal.takeSwitching(options.terminalSwitching) { terminalSwitching = options.terminalSwitching }
    }

    /// The buffers' geometry for a rotation: turned by the plane (buffers in the window's
    /// orientation) or by the pixel converter (buffers in the mode's).
    static func layout(_ scanout: Scanout, rotation: DisplayRotation, hardware: Bool) -> (transform: PanelTransform, hardware: Bool) {
        let width = scanout.mode.width, height = scanout.mode.height
        guard hardware, rotation != .none else {
            return (PanelTransform(rotation: rotation, panelWidth: width, panelHeight: height), false)
        }
        let quarter = rotation == .clockwise90 || rotation == .clockwise270
        return (PanelTransform(rotation: .none, panelWidth: quarter ? height : width, panelHeight: quarter ? width : height), true)
    }

    /// Checks the first mode set with a test-only atomic commit: when the plane refuses its
    /// rotation, the pixels are turned instead; when the driver refuses the atomic mode set
    /// altogether, the legacy API drives it.
    private func chooseCommitPath() throws(DRMError) {
        guard isAtomic else { return }
        if atomicCommit(buffers[0], clips: [], modeset: true, testOnly: true) == 0 { return }
        if rotatesInHardware {
            let layout = Self.layout(scanout, rotation: options.rotation, hardware: false)
            try rebuild(layout.transform)
            rotatesInHardware = false
            if atomicCommit(buffers[0], clips: [], modeset: true, testOnly: true) == 0 { return }
        }
        isAtomic = false
    }

    /// New shadow, converter and buffers for `transform` (a rotation or mode change).
    func rebuild(_ transform: PanelTransform) throws(DRMError) {
        shadow = BackBuffer(width: transform.logicalWidth, height: transform.logicalHeight)
        guard
            let converter = FramebufferBlitter(
                source: shadow.target, transform: transform, format: scanout.format.framebufferFormat,
                lineLength: transform.panelWidth * scanout.format.bitsPerPixel / 8)
        else { throw .bufferFailed(node: device.node, call: "the pixel converter", errno: EINVAL) }
        blitter = converter
        size = Size(width: Double(transform.logicalWidth), height: Double(transform.logicalHeight))
        shadowDrawn = false
        try makeBuffers()
        invalidate()
    }

    /// Two dumb buffers of the panel-side size of the transform, in the scan-out format.
    private func makeBuffers() throws(DRMError) {
        for buffer in buffers { buffer.release() }
        buffers = []
        let transform = blitter.transform
        for _ in 0..<2 {
            buffers.append(try DumbBuffer(device: device, width: transform.panelWidth, height: transform.panelHeight, format: scanout.format))
        }
        // The converter writes rows of the driver's pitch.
        if let pitched = FramebufferBlitter(
            source: shadow.target, transform: transform, format: scanout.format.framebufferFormat, lineLength: buffers[0].pitch)
        {
            blitter = pitched
        }
        back = 0
        history.reset()
    }

    /// What was opened: "/dev/dri/card0 (bochs-drm) Virtual-1 1280x800@60.00 XRGB8888, atomic".
    public var summary: String {
        "\(device.node) (\(device.driverName)) \(scanout.connector.name) \(scanout.mode) \(scanout.format), "
            + (isAtomic ? "atomic" : "legacy") + (rotatesInHardware ? ", plane rotation" : "")
    }

    /// Neither closed, unplugged, suspended nor blanked.
    private var isLive: Bool { !isClosed && isConnected && !isSuspended && !isBlanked }

    /// The shadow buffer and `damage` clipped to the window; everything for the first frame.
    /// Nil while not ready (a flip pending, unplugged, suspended, closed).
    public func beginFrame(damage: DamageRegion) -> (target: RenderTarget, repaint: DamageRegion)? {
        guard isReadyForFrame else { return nil }
        var repaint = damage
        if !shadowDrawn { repaint.add(everything) }
        repaint.clip(to: everything)
        return (shadow.target, repaint)
    }

    /// Brings the back buffer up to date — this frame's damage plus what it missed by its age —
    /// and commits it: the first time (and after a VT switch back or a replug) with a mode set,
    /// then as a page flip with its damage.
    /// - Complexity: O(pixels of the back buffer's missing region).
    public func endFrame(repainted: DamageRegion) {
        guard isLive else { return }
        shadowDrawn = true
        var changed = repainted
        changed.clip(to: everything)
        let buffer = buffers[back]
        let missing = history.missing(sinceFrame: buffer.writtenAt, current: changed) ?? whole
        for rect in missing.rects { blitter.copy(PixelRect(covering: rect, scale: 1), to: buffer.memory) }
        buffer.writtenAt = history.record(changed)
        let clips = missing.rects.map { blitter.transform.panelRect(PixelRect(covering: $0, scale: 1)) }
        if present(buffer, clips: clips) { back = 1 - back }
    }

    /// Reading clears it: after a mode set, a VT switch back or a replug the presenter draws the
    /// whole window.
    public func takeFullRepaintRequest() -> Bool {
        defer { fullRepaintRequested = false }
        return fullRepaintRequested
    }

    /// Reads the pending DRM events (`drmHandleEvent`): a completed flip makes the output ready
    /// for the next frame and is recorded (`statistics`). Returns whether a flip completed.
    @discardableResult
    public func dispatchEvents() -> Bool {
        let before = flip.pointee.completed
        guard cdrm_handle_events(device.fd) == 0, flip.pointee.completed != before else { return false }
        isFlipPending = false
        let f = flip.pointee
        statistics.noteFlip(sequence: UInt32(f.sequence), time: Double(f.seconds) + Double(f.microseconds) / 1e6)
        return true
    }

    /// Stops drawing and gives DRM master up (`drmDropMaster`): another VT or session takes the
    /// display. `dropMaster` is false under a seat manager, which revokes master itself.
    public func suspend(dropMaster: Bool) {
        guard !isSuspended, !isClosed else { return }
        isSuspended = true
        isFlipPending = false
        if dropMaster { device.dropMaster() }
    }

    /// Takes the display back (`drmSetMaster` unless the seat manager gave it): the next frame
    /// sets the mode again and draws the whole window (the console drew over the CRTC).
    /// Returns false when master could not be taken.
    @discardableResult
    public func resume(takeMaster: Bool) -> Bool {
        guard isSuspended, !isClosed else { return true }
        if takeMaster && !device.isMaster && !device.becomeMaster() { return false }
        isSuspended = false
        invalidate()
        return true
    }

    /// Every buffer is out of date and the mode must be set again.
    func invalidate() {
        needsModeset = true
        fullRepaintRequested = true
        history.reset()
        for buffer in buffers { buffer.writtenAt = nil }
    }

    /// The whole window, in points.
    private var everything: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }
    /// The whole window as a region: what a buffer of unknown age receives.
    private var whole: DamageRegion {
        var region = DamageRegion(limit: 1)
        region.add(everything)
        return region
    }

    /// Gives the display back: the CRTC's previous configuration (`drmModeSetCrtc` with the saved
    /// framebuffer and mode: normally the console's), the buffers released, the console back in
    /// text mode. Once; later frames are refused.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        if let saved, !isSuspended, device.isMaster {
            var connector = scanout.connector.id
            if var mode = saved.mode {
                _ = drmModeSetCrtc(device.fd, saved.id, saved.framebuffer, saved.x, saved.y, &connector, 1, &mode)
            } else {
                _ = drmModeSetCrtc(device.fd, saved.id, 0, 0, 0, nil, 0, nil)
            }
        }
        for buffer in buffers { buffer.release() }
        if modeBlob != 0 { drmModeDestroyPropertyBlob(device.fd, modeBlob) }
        terminal?.restore()
    }

    // MARK: Virtual terminal switching (without a seat manager)

    /// Readable when a VT switch request is pending; nil when switching is unmanaged.
    public var terminalSwitchRequests: Int32? { terminal?.switchRequests }

    /// Answers the pending VT switch requests: refused when locked; a switch away stops drawing
    /// and drops DRM master before the display is released; the switch back takes master again
    /// and sets the mode at the next frame. Returns what the last request did.
    @discardableResult
    public func handleTerminalSwitchRequests() -> TerminalSwitchEvent? {
        guard let terminal, !isClosed else { return nil }
        let event = terminal.answerSwitchRequests(willRelease: { suspend(dropMaster: true) })
        if event == .acquired { resume(takeMaster: true) }
        return event
    }

    // MARK: Committing

    /// Shows `buffer`: a mode set when one is due, else a page flip; each asks for a flip event
    /// (the legacy mode set completes at once). Returns whether the commit was accepted.
    private func present(_ buffer: DumbBuffer, clips: [PixelRect]) -> Bool {
        let result: Int32
        if needsModeset {
            result = isAtomic ? atomicCommit(buffer, clips: [], modeset: true) : legacyModeset(buffer)
            if result == 0 { needsModeset = false }
        } else {
            result = isAtomic ? atomicCommit(buffer, clips: clips, modeset: false) : legacyFlip(buffer, clips: clips)
        }
        guard result == 0 else {
            if result == -EBUSY { statistics.noteBusy() }
            if !reportedCommitFailure {
                reportedCommitFailure = true
                warn("\(device.node): \(isAtomic ? "drmModeAtomicCommit" : "drmModePageFlip") refused: \(DRMError.text(-result))")
            }
            fullRepaintRequested = true
            return false
        }
        return true
    }
    private var reportedCommitFailure = false

    /// One atomic commit of `buffer` on the plane, with `FB_DAMAGE_CLIPS` when the plane has it;
    /// with `modeset`, also the connector's CRTC, the mode blob and `ACTIVE`
    /// (`drmModeAtomicAlloc`, `drmModeAtomicAddProperty`, `drmModeCreatePropertyBlob`,
    /// `drmModeAtomicCommit` with `DRM_MODE_PAGE_FLIP_EVENT`, nonblocking except for a mode set).
    /// 0 or -errno.
    private func atomicCommit(_ buffer: DumbBuffer, clips: [PixelRect], modeset: Bool, testOnly: Bool = false) -> Int32 {
        guard let request = drmModeAtomicAlloc() else { return -ENOMEM }
        defer { drmModeAtomicFree(request) }
        let plane = scanout.plane
        func set(_ object: UInt32, _ properties: [String: UInt32], _ name: String, _ value: UInt64) {
            if let id = properties[name] { drmModeAtomicAddProperty(request, object, id, value) }
        }
        // A test commit may not ask for an event.
        var flags = testOnly ? UInt32(DRM_MODE_ATOMIC_TEST_ONLY) : UInt32(DRM_MODE_PAGE_FLIP_EVENT)
        if modeset {
            if modeBlob != 0 { drmModeDestroyPropertyBlob(device.fd, modeBlob) }
            modeBlob = 0
            var mode = scanout.rawMode
            guard drmModeCreatePropertyBlob(device.fd, &mode, MemoryLayout<drmModeModeInfo>.size, &modeBlob) == 0 else { return -errno }
            set(scanout.connector.id, scanout.connectorProperties, "CRTC_ID", UInt64(scanout.crtc))
            set(scanout.crtc, scanout.crtcProperties, "MODE_ID", UInt64(modeBlob))
            set(scanout.crtc, scanout.crtcProperties, "ACTIVE", 1)
            set(plane, scanout.planeProperties, "CRTC_ID", UInt64(scanout.crtc))
            set(plane, scanout.planeProperties, "SRC_X", 0)
            set(plane, scanout.planeProperties, "SRC_Y", 0)
            set(plane, scanout.planeProperties, "SRC_W", UInt64(buffer.width) << 16)
            set(plane, scanout.planeProperties, "SRC_H", UInt64(buffer.height) << 16)
            set(plane, scanout.planeProperties, "CRTC_X", 0)
            set(plane, scanout.planeProperties, "CRTC_Y", 0)
            set(plane, scanout.planeProperties, "CRTC_W", UInt64(scanout.mode.width))
            set(plane, scanout.planeProperties, "CRTC_H", UInt64(scanout.mode.height))
            if let bits = scanout.hardwareRotation(rotatesInHardware ? options.rotation : .none) {
                set(plane, scanout.planeProperties, "rotation", bits)
            }
            flags |= UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET)
        } else {
            flags |= UInt32(DRM_MODE_ATOMIC_NONBLOCK)
        }
        set(plane, scanout.planeProperties, "FB_ID", UInt64(buffer.framebuffer))
        var damageBlob: UInt32 = 0
        if !clips.isEmpty, scanout.planeProperties["FB_DAMAGE_CLIPS"] != nil {
            var rects = clips.map { drm_mode_rect(x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.maxX), y2: Int32($0.maxY)) }
            if drmModeCreatePropertyBlob(device.fd, &rects, MemoryLayout<drm_mode_rect>.stride * rects.count, &damageBlob) == 0 {
                set(plane, scanout.planeProperties, "FB_DAMAGE_CLIPS", UInt64(damageBlob))
            }
        }
        defer { if damageBlob != 0 { drmModeDestroyPropertyBlob(device.fd, damageBlob) } }
        if testOnly { return drmModeAtomicCommit(device.fd, request, flags, nil) == 0 ? 0 : -errno }
        statistics.noteCommit(whileFlipPending: isFlipPending)
        guard drmModeAtomicCommit(device.fd, request, flags, UnsafeMutableRawPointer(flip)) == 0 else { return -errno }
        isFlipPending = true
        return 0
    }

    /// The legacy mode set (`drmModeSetCrtc`): shows `buffer` at once, no event. 0 or -errno.
    private func legacyModeset(_ buffer: DumbBuffer) -> Int32 {
        var connector = scanout.connector.id
        var mode = scanout.rawMode
        return drmModeSetCrtc(device.fd, scanout.crtc, buffer.framebuffer, 0, 0, &connector, 1, &mode) == 0 ? 0 : -errno
    }

    /// The legacy flip: the damage to drivers that upload it (`drmModeDirtyFB`, dropped after
    /// the first ENOSYS), then `drmModePageFlip` with `DRM_MODE_PAGE_FLIP_EVENT`. 0 or -errno.
    private func legacyFlip(_ buffer: DumbBuffer, clips: [PixelRect]) -> Int32 {
        if dirtyFramebufferWorks, !clips.isEmpty {
            var rects = clips.map {
                drmModeClip(x1: UInt16(clamping: $0.x), y1: UInt16(clamping: $0.y), x2: UInt16(clamping: $0.maxX), y2: UInt16(clamping: $0.maxY))
            }
            if drmModeDirtyFB(device.fd, buffer.framebuffer, &rects, UInt32(rects.count)) == -ENOSYS { dirtyFramebufferWorks = false }
        }
        statistics.noteCommit(whileFlipPending: isFlipPending)
        guard drmModePageFlip(device.fd, scanout.crtc, buffer.framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), UnsafeMutableRawPointer(flip)) == 0
        else { return -errno }
        isFlipPending = true
        return 0
    }
}

func warn(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// The memory `drmHandleEvent`'s page-flip handler writes (`cdrm_flip`). Invariant: allocated
/// once, freed only when the output (and with it the DRM fd's events) is gone; only the main
/// thread reads or writes it, inside `DRMOutput.dispatchEvents()` and the commits.
private final class FlipRecord: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<cdrm_flip>
    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: cdrm_flip())
    }
    deinit { pointer.deallocate() }
}
