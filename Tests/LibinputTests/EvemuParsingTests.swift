import EmulatedInput
import Testing

/// The evemu parsers and the umockdev records built from them (no devices involved).
struct EvemuParsingTests {
    @Test func fixturesParseIntoTheDevicesTheyDescribe() throws {
        let touch = try UmockdevProcess.device("touchscreen.desc")
        #expect(touch.name == "ResponderKit Test Touchscreen")
        #expect(touch.properties == [1])
        #expect(touch.axes[EvdevCode.ABS_MT_SLOT]?.maximum == 9)
        #expect(touch.udevProperties == ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])
        let keyboard = try UmockdevProcess.device("keyboard.desc")
        #expect(keyboard.udevProperties.contains("ID_INPUT_KEYBOARD=1"))
        #expect(keyboard.events[EvdevCode.EV_REP] == [])
        let mouse = try UmockdevProcess.device("mouse.desc", extraUdevProperties: ["MOUSE_DPI=800"])
        #expect(mouse.udevProperties == ["ID_INPUT=1", "ID_INPUT_MOUSE=1", "MOUSE_DPI=800"])
    }

    @Test func olderTouchscreensWithoutTheDirectPropertyAreTouchscreens() throws {
        let text =
            "N: Old Panel\nI: 0003 1b96 0001 0000\nB: 00 0b\nB: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 00 00 00 00 00 00\n"
            + "B: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 00 00 00 00 00 00\nB: 01 00 00 00 00 00 00 00 00\nB: 01 00 04\nB: 03 03\nA: 00 0 9600 0 0\nA: 01 0 7200 0 0\n"
        let spec = try EvemuDescription.parse(text)
        #expect(spec.udevProperties == ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])
        #expect(spec.axes[0]?.maximum == 9600 && spec.axes[0]?.resolution == 0)
    }

    @Test func recordingsSplitIntoFramesAtSynReport() throws {
        let frames = try EvemuRecording.parse(
            "# c\nE: 0.100000 0003 0039 0007\t# id\nE: 0.100000 0000 0000 0000\nE: 0.150000 0003 0039 -001\nE: 0.150000 0000 0000 0000\nE: 0.2 0003 0000 1\n")
        #expect(frames.count == 2)
        #expect(frames[0].time == 0.1 && frames[0].events == [EvdevEvent(type: 3, code: 0x39, value: 7), EvdevEvent(type: 0, code: 0, value: 0)])
        #expect(frames[1].events[0].value == -1)
    }

    @Test func badFilesNameTheFileAndLine() {
        #expect(throws: EvemuDescription.ParseError.self) { try EvemuDescription.parse("hello\n", file: "x.desc") }
        do {
            _ = try EvemuRecording.parse("E: 0.1 0003 zz 1\n", file: "bad.events")
            Issue.record("a bad event line parsed")
        } catch let error as EvemuDescription.ParseError {
            #expect(error.description == "bad.events:1: expected 'E: SEC.USEC TYPE CODE VALUE'")
        } catch { Issue.record("\(error)") }
        #expect(throws: EvemuDescription.ParseError.self) { try EvemuRecording.parse("# nothing\n") }
    }

    @Test func ioctlRecordAnswersAtLibevdevSizes() throws {
        let record = UMockdevRecord.ioctls(of: try UmockdevProcess.device("touchscreen.desc"), event: 7)
        let lines = record.split(separator: "\n")
        #expect(lines.first == "@DEV /dev/input/event7")
        let name = try #require(lines.first { $0.hasPrefix("EVIOCGNAME(0) ") })
        #expect(name.split(separator: " ")[2].count == 255 * 2)  // 255 bytes, as libevdev asks
        #expect(lines.contains("EVIOCGBIT(1) 96 " + String(repeating: "00", count: 41) + "04" + String(repeating: "00", count: 54)))
        #expect(lines.filter { $0.hasPrefix("EVIOCGMTSLOTS(0) ") }.count == 3)
        let sysfs = UMockdevRecord.description(of: try UmockdevProcess.device("touchscreen.desc"), event: 7)
        #expect(sysfs.contains("E: ABS=260800000000003\n") && sysfs.contains("A: dev=13:71\n"))
    }
}
