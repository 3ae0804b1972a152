import DRMOutput
import Kiosk
import ResponderKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Opening refusals name the node, the reason and the fix; the host's flags and target order.
@MainActor
@Suite("DRM opening and options")
struct DRMOpeningTests {
    @Test func aMissingNodeIsNamedWithTheFix() {
        #expect(throws: DRMError.missingNode(node: "/dev/dri/card99", errno: ENOENT)) {
            _ = try DRMOutput(options: DRMOptions(node: "/dev/dri/card99", console: .none))
        }
        let text = DRMError.missingNode(node: "/dev/dri/card99", errno: ENOENT).description
        #expect(text.firstRange(of: "/dev/dri/card99") != nil && text.firstRange(of: "/sys/class/drm/") != nil)
    }

    @Test func aNodeThatIsNotACardSaysSo() throws {
        do {
            _ = try DRMOutput(options: DRMOptions(node: "/dev/null", console: .none))
            Issue.record("/dev/null opened as a DRM card")
        } catch {
            guard case .notModesetting(let node, _) = error else { Issue.record("unexpected \(error)"); return }
            #expect(node == "/dev/null")
            #expect(error.description.firstRange(of: "--drm") != nil)
        }
    }

    @Test func refusalsNameTheReasonAndTheFix() {
        let permission = DRMError.permissionDenied(node: "/dev/dri/card0", throughSeat: false).description
        #expect(permission.firstRange(of: "/dev/dri/card0") != nil && permission.firstRange(of: "`video` group") != nil)
        #expect(permission.firstRange(of: "seatd") != nil)
        let master = DRMError.anotherMaster(node: "/dev/dri/card0", holder: "PID 812 (weston)").description
        #expect(master.firstRange(of: "PID 812 (weston) holds it") != nil && master.firstRange(of: "--target wayland") != nil)
        let unknown = DRMError.anotherMaster(node: "/dev/dri/card0", holder: nil).description
        #expect(unknown.firstRange(of: "another process holds it") != nil)
        let connector = DRMError.noConnector(node: "/dev/dri/card0", asked: "HDMI-A-2", available: ["eDP-1 (connected)"]).description
        #expect(connector.firstRange(of: "HDMI-A-2") != nil && connector.firstRange(of: "eDP-1 (connected)") != nil)
        #expect(connector.firstRange(of: "--connector") != nil)
        let mode = DRMError.noSuchMode(node: "/dev/dri/card0", connector: "eDP-1", asked: "640x480", available: ["1280x800@60.00"])
        #expect(mode.description.firstRange(of: "--mode") != nil && mode.description.firstRange(of: "1280x800@60.00") != nil)
    }

    @Test func theHolderOfANodeIsFoundInProc() throws {
        // This process's own fds are left out; nothing else has this fresh file open.
        let path = "/tmp/rk-drm-holder-\(getpid())"
        let fd = open(path, O_CREAT | O_RDWR, 0o600)
        defer { close(fd); unlink(path) }
        #expect(DRMNodeOpener.holder(of: path) == nil)
    }

    @Test func theHostParsesTheDRMFlags() throws {
        let options = try KioskOptions.parse(
            ["--target", "drm", "--drm", "/dev/dri/card1", "--connector", "HDMI-A-1", "--mode", "1920x1080@60"], appName: "t",
            environment: { _ in nil })
        #expect(options.target == .drm)
        #expect(options.drmDevice == "/dev/dri/card1" && options.connector == "HDMI-A-1")
        #expect(options.mode == DRMModeRequest(width: 1920, height: 1080, refresh: 60))
        #expect(KioskTarget(argument: "kms") == .drm)
        #expect(!options.drmLegacy)
        #expect(try KioskOptions.parse(["--drm-legacy"], appName: "t", environment: { _ in nil }).drmLegacy)
        #expect(throws: (any Error).self) { try KioskOptions.parse(["--mode", "big"], appName: "t", environment: { _ in nil }) }
        #expect(throws: (any Error).self) { try KioskOptions.parse(["--drm", ""], appName: "t", environment: { _ in nil }) }
        #expect(KioskOptions.usage.firstRange(of: "--connector NAME") != nil)
    }

    @Test func automaticSelectionTriesDRMBeforeTheFramebuffer() throws {
        // The order a main command without Wayland gets: DRM, then the framebuffer, then headless.
        let providers: [KioskBackendProvider] = [.drm, .framebuffer]
        #expect(providers.map(\.target) == [.drm, .framebuffer])
        let order = KioskTarget.allCases.map(\.rawValue)
        #expect(order == ["automatic", "wayland", "drm", "framebuffer", "headless"])
    }
}
