import DRMOutput
import ResponderKit
import Testing

/// The DRM output's choices, made without a kernel: connector, mode, format, buffer age and the
/// flip figures.
@Suite("DRM choices")
struct DRMChoiceTests {
    static func mode(_ width: Int, _ height: Int, _ hz: Int, preferred: Bool = false, index: Int = 0) -> DRMMode {
        DRMMode(width: width, height: height, refreshMillihertz: hz * 1000, isPreferred: preferred, index: index)
    }

    static let modes = [mode(1920, 1080, 60, index: 0), mode(1280, 800, 60, preferred: true, index: 1), mode(1280, 800, 75, index: 2)]

    static func connector(_ type: String, _ index: UInt32, connected: Bool, id: UInt32) -> DRMConnector {
        DRMConnector(id: id, typeName: type, typeIndex: index, isConnected: connected, modes: connected ? modes : [])
    }

    /// After a hotplug event the output shows the mode `--mode` asks for while the connector
    /// offers it, else the preferred one: a panel swapped for one of another size (or a virtual
    /// display reconfigured) is followed.
    @Test func aReprobeFollowsThePreferredModeUnlessOneWasAskedFor() {
        let resized = [Self.mode(1920, 1080, 60, index: 0), Self.mode(1024, 768, 60, preferred: true, index: 1)]
        #expect(DRMOutput.mode(for: nil, among: resized) == resized[1])
        #expect(DRMOutput.mode(for: DRMModeRequest(argument: "1920x1080"), among: resized) == resized[0])
        // Asked for a size no longer offered: the preferred mode rather than no picture.
        #expect(DRMOutput.mode(for: DRMModeRequest(argument: "1280x800"), among: resized) == resized[1])
        #expect(DRMOutput.mode(for: nil, among: []) == nil)
    }

    @Test func theFirstConnectedInternalPanelIsPreferred() {
        let connectors = [
            Self.connector("HDMI-A", 1, connected: true, id: 1), Self.connector("eDP", 1, connected: true, id: 2),
            Self.connector("DSI", 1, connected: true, id: 3)
        ]
        #expect(DRMConnector.choose(nil, among: connectors)?.name == "eDP-1")
    }

    @Test func withoutAnInternalPanelTheFirstConnectedOneIsChosen() {
        let connectors = [
            Self.connector("HDMI-A", 1, connected: false, id: 1), Self.connector("HDMI-A", 2, connected: true, id: 2),
            Self.connector("DP", 1, connected: true, id: 3)
        ]
        #expect(DRMConnector.choose(nil, among: connectors)?.name == "HDMI-A-2")
        #expect(DRMConnector.choose(nil, among: [Self.connector("eDP", 1, connected: false, id: 1)]) == nil)
    }

    @Test func aNamedConnectorIsFoundByItsKernelName() {
        let connectors = [Self.connector("eDP", 1, connected: true, id: 1), Self.connector("HDMI-A", 1, connected: false, id: 2)]
        #expect(DRMConnector.choose("hdmi-a-1", among: connectors)?.id == 2)
        #expect(DRMConnector.choose("DP-3", among: connectors) == nil)
        #expect(DRMConnector.typeName(14) == "eDP" && DRMConnector.typeName(15) == "Virtual" && DRMConnector.typeName(99) == "Unknown")
    }

    @Test func theModeIsThePreferredOneUnlessOneIsAskedFor() {
        #expect(DRMMode.choose(nil, among: Self.modes)?.index == 1)
        #expect(DRMMode.choose(DRMModeRequest(width: 1280, height: 800), among: Self.modes)?.index == 1)
        #expect(DRMMode.choose(DRMModeRequest(width: 1280, height: 800, refresh: 75), among: Self.modes)?.index == 2)
        #expect(DRMMode.choose(DRMModeRequest(width: 1920, height: 1080), among: Self.modes)?.index == 0)
        #expect(DRMMode.choose(DRMModeRequest(width: 1280, height: 800, refresh: 50), among: Self.modes) == nil)
        #expect(DRMMode.choose(DRMModeRequest(width: 640, height: 480), among: Self.modes) == nil)
        #expect(Self.modes[1].description == "1280x800@60.00")
    }

    @Test func modeArgumentsParseOrAreRefused() {
        #expect(DRMModeRequest(argument: "1280x800") == DRMModeRequest(width: 1280, height: 800))
        #expect(DRMModeRequest(argument: "1920X1080@60") == DRMModeRequest(width: 1920, height: 1080, refresh: 60))
        for bad in ["", "1280", "1280x", "x800", "1280x800@", "1280x800@0", "0x800", "1280x800x2", "1280x800@60@60", "axb"] {
            #expect(DRMModeRequest(argument: bad) == nil, "\(bad)")
        }
    }

    @Test func xrgbIsChosenBeforeRGB565AndNeitherIsRefused() {
        let xr24: UInt32 = 0x3432_5258, rg16: UInt32 = 0x3631_4752, ar24: UInt32 = 0x3432_5241
        #expect(DRMPixelFormat.choose(from: [rg16, ar24, xr24]) == .xrgb8888)
        #expect(DRMPixelFormat.choose(from: [ar24, rg16]) == .rgb565)
        #expect(DRMPixelFormat.choose(from: [ar24]) == nil)
        #expect(DRMPixelFormat.fourcc(ar24) == "AR24")
        #expect(DRMPixelFormat.rgb565.bitsPerPixel == 16)
    }

    static func region(_ rects: Rect...) -> DamageRegion {
        var region = DamageRegion()
        for rect in rects { region.add(rect) }
        return region
    }

    @Test func aBufferReceivesTheDamageOfTheFramesItMissed() {
        var history = DamageHistory(depth: 2)
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 100, y: 0, width: 10, height: 10)
        let c = Rect(x: 200, y: 0, width: 10, height: 10)
        // Never written: the whole buffer.
        #expect(history.missing(sinceFrame: nil, current: Self.region(a)) == nil)
        let first = history.record(Self.region(a))  // buffer 0 holds frame 1
        #expect(history.missing(sinceFrame: nil, current: Self.region(b)) == nil)  // buffer 1, never written
        let second = history.record(Self.region(b))  // buffer 1 holds frame 2
        // Buffer 0 (age 2) gets frame 2's damage with this frame's.
        #expect(history.missing(sinceFrame: first, current: Self.region(c)) == Self.region(c, b))
        _ = history.record(Self.region(c))  // buffer 0 holds frame 3
        // Buffer 1 (age 2) gets frame 3's damage with the current.
        #expect(history.missing(sinceFrame: second, current: Self.region(a)) == Self.region(a, c))
        // Two frames missed are still in a history of two.
        #expect(history.missing(sinceFrame: first, current: Self.region(a)) == Self.region(a, b, c))
        // Three are not: that buffer is written whole.
        _ = history.record(Self.region(a))
        #expect(history.missing(sinceFrame: first, current: Self.region(b)) == nil)
        history.reset()
        #expect(history.missing(sinceFrame: second, current: Self.region(a)) == nil)
    }

    @Test func theFlipFiguresCatchTwoFlipsInOneVBlank() {
        var figures = FlipStatistics()
        figures.noteCommit(whileFlipPending: false)
        figures.noteFlip(sequence: 10, time: 1.000)
        figures.noteCommit(whileFlipPending: false)
        figures.noteFlip(sequence: 11, time: 1.016)
        #expect(figures.repeatedSequences == 0 && figures.hasVBlankCounter)
        figures.noteCommit(whileFlipPending: true)
        figures.noteBusy()
        figures.noteFlip(sequence: 11, time: 1.017)
        #expect(figures.commits == 3 && figures.flips == 3 && figures.commitsWhileFlipPending == 1 && figures.busyRefusals == 1)
        #expect(figures.repeatedSequences == 1)
        #expect(figures.shortestInterval.map { abs($0 - 0.001) < 1e-9 } == true)
        #expect(figures.description.hasPrefix("commits 3, flip events 3, commits while a flip was pending 1, EBUSY 1"))
        // Drivers without a vblank interrupt report sequence 0: not counted as repeats.
        var noCounter = FlipStatistics()
        noCounter.noteFlip(sequence: 0, time: 1)
        noCounter.noteFlip(sequence: 0, time: 2)
        #expect(noCounter.repeatedSequences == 0 && !noCounter.hasVBlankCounter)
    }
}
