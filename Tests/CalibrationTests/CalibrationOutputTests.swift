import LibinputBackend
import Testing
import TouchCalibration

#if canImport(Glibc)
import Glibc
#endif

/// The text the tool prints and writes: numbers libinput, sway and the host all read, the device
/// matched exactly, and clear errors for a file that cannot be written.
struct CalibrationOutputTests {
    static let device = TouchDeviceIdentity(name: " eGalax Inc. USB TouchController ", vendor: 0x0eef, product: 0x0001)
    static let matrix = CalibrationMatrix(-0.0005, 1.25, -0.125, -1, 0, 1)

    @Test func linesForLibinputSwayAndTheHost() {
        #expect(CalibrationOutput.values(Self.matrix) == "-0.000500 1.250000 -0.125000 -1.000000 0.000000 1.000000")
        #expect(CalibrationOutput.values(CalibrationMatrix(-0.0000001, 0, 0, 0, 1, 0)).hasPrefix("0.000000 "))
        #expect(
            CalibrationOutput.environmentLine(.identity)
                == "LIBINPUT_CALIBRATION_MATRIX=\"1.000000 0.000000 0.000000 0.000000 1.000000 0.000000\"")
        // sway: decimal ids, the name trimmed, spaces as underscores.
        #expect(CalibrationOutput.swayIdentifier(Self.device) == "3823:1:eGalax_Inc._USB_TouchController")
        #expect(
            CalibrationOutput.swayLine(.identity, device: Self.device)
                == "input \"3823:1:eGalax_Inc._USB_TouchController\" calibration_matrix 1.000000 0.000000 0.000000 0.000000 1.000000 0.000000")
        #expect(CalibrationOutput.swayLine(.identity, device: nil).hasPrefix("input type:touch calibration_matrix "))
        #expect(CalibrationOutput.hostOption(Self.matrix) == "--calibration \"-0.000500 1.250000 -0.125000 -1.000000 0.000000 1.000000\"")
        // What the host's parser reads back is the matrix (to six decimals).
        let parsed = CalibrationMatrix(parsing: CalibrationOutput.values(Self.matrix))
        #expect(parsed == Self.matrix)
    }

    @Test func theRuleMatchesTheDeviceAndSetsTheProperty() {
        let rule = CalibrationOutput.udevRule(Self.matrix, device: Self.device)
        let active = rule.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(active.count == 1)
        #expect(
            active.first == """
                ACTION=="add|change", SUBSYSTEM=="input", KERNEL=="event*", ATTRS{id/vendor}=="0eef", ATTRS{id/product}=="0001", \
                ATTRS{name}==" eGalax Inc. USB TouchController ", \
                ENV{LIBINPUT_CALIBRATION_MATRIX}="-0.000500 1.250000 -0.125000 -1.000000 0.000000 1.000000"
                """)
        // Characters udev reads as patterns, and quotes, match any one character instead.
        let odd = TouchDeviceIdentity(name: "Panel [v2] *\"x\"|y\\", vendor: 1, product: 2)
        #expect(CalibrationOutput.udevRule(.identity, device: odd).contains("ATTRS{name}==\"Panel ?v2? ??x??y?\""))
    }

    @Test func unwritableFilesAreClearErrors() throws {
        #expect(throws: CalibrationError.cannotWrite(path: "/nonexistent-folder/99-calibration.rules", reason: "No such file or directory")) {
            try CalibrationOutput.write("x", to: "/nonexistent-folder/99-calibration.rules")
        }
        #expect(throws: CalibrationError.cannotWrite(path: "/", reason: "Is a directory")) { try CalibrationOutput.write("x", to: "/") }
        let message = CalibrationError.cannotWrite(path: "/x", reason: "Permission denied").description
        #expect(message == "cannot write the udev rule to /x: Permission denied")
        // A writable file gets exactly the text.
        let path = "\(P_tmpdir)/responderkit-rule-\(getpid()).rules"
        defer { unlink(path) }
        try CalibrationOutput.write("line\n", to: path)
        var buffer = [UInt8](repeating: 0, count: 16)
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        #expect(read(fd, &buffer, 16) == 5 && buffer.prefix(5) == Array("line\n".utf8)[...])
    }

    @Test func errorsSayWhatToDo() {
        #expect(CalibrationError.touchesCollinear.description.contains("degenerate"))
        #expect(CalibrationError.tooFewPoints(2).description == "an affine calibration needs at least 3 touches, got 2")
        #expect(CalibrationError.inconsistentTouch(point: 3, error: 0.1234).description.hasPrefix("touch 3 landed 12.3 % of the screen"))
    }
}
