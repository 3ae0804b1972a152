import Kiosk
import ResponderKit
import Testing

/// The latency overlay's options: on with `--latency-overlay` or `RK_LATENCY_OVERLAY=1`, in another
/// corner with `--latency-overlay-corner C` or `RK_LATENCY_OVERLAY=C` (either turns it on), and a
/// clear error for anything else.
@Suite struct LatencyOverlayOptionTests {
    static func parse(_ arguments: [String], _ variable: String? = nil) throws -> KioskOptions {
        try KioskOptions.parse(arguments, appName: "t", environment: { $0 == "RK_LATENCY_OVERLAY" ? variable : nil })
    }

    @Test func theOverlayIsOffAndTopRightUnlessAsked() throws {
        let plain = try Self.parse([])
        #expect(!plain.latencyOverlay && plain.latencyOverlayCorner == .topRight)
        let on = try Self.parse(["--latency-overlay"])
        #expect(on.latencyOverlay && on.latencyOverlayCorner == .topRight)
        #expect(try Self.parse([], "1").latencyOverlay)
        #expect(try !Self.parse([], "0").latencyOverlay)
    }

    @Test func aCornerByFlagOrEnvironmentTurnsItOnThere() throws {
        for corner in LatencyOverlayView.Corner.allCases {
            let byFlag = try Self.parse(["--latency-overlay-corner", corner.rawValue])
            #expect(byFlag.latencyOverlay && byFlag.latencyOverlayCorner == corner)
            let byVariable = try Self.parse([], corner.rawValue)
            #expect(byVariable.latencyOverlay && byVariable.latencyOverlayCorner == corner)
        }
        // The flag wins over the environment's corner.
        let both = try Self.parse(["--latency-overlay-corner", "top-left"], "bottom-right")
        #expect(both.latencyOverlayCorner == .topLeft)
        #expect(KioskOptions.usage.contains("--latency-overlay-corner"))
    }

    @Test func anUnknownCornerIsAClearError() {
        #expect {
            try Self.parse(["--latency-overlay-corner", "middle"])
        } throws: { error in
            "\(error)".contains("--latency-overlay-corner must be one of top-left, top-right, bottom-left, bottom-right, got 'middle'")
        }
        #expect {
            try Self.parse(["--latency-overlay-corner"])
        } throws: { error in
            "\(error)".contains("--latency-overlay-corner needs a value")
        }
        #expect {
            try Self.parse([], "left")
        } throws: { error in
            "\(error)".contains("RK_LATENCY_OVERLAY='left' must be 1, 0 or a corner (top-left, top-right, bottom-left, bottom-right)")
        }
    }
}
