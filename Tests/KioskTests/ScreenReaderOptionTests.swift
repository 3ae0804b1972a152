import Kiosk
import RecordingViews
import ResponderKit
import Testing

/// The screen reader's host options: `--screen-reader on|off|auto` and `--screen-reader-key`, with
/// a clear error for anything else, and what they do to an application's reader.
@MainActor
@Suite struct ScreenReaderOptionTests {
    static func parse(_ arguments: [String]) throws -> KioskOptions {
        try KioskOptions.parse(arguments, appName: "t", environment: { _ in nil })
    }

    @Test func theReaderIsOffWithoutAKeyUnlessAsked() throws {
        let plain = try Self.parse([])
        #expect(plain.screenReader == .off && plain.screenReaderKey == nil)
        #expect(try Self.parse(["--screen-reader", "on"]).screenReader == .on)
        #expect(try Self.parse(["--screen-reader", "auto"]).screenReader == .auto)
        #expect(KioskOptions.usage.contains("--screen-reader-key"))
    }

    @Test func theKeyIsAnEvdevNameOrCode() throws {
        #expect(try Self.parse(["--screen-reader-key", "KEY_F12"]).screenReaderKey == 88)
        #expect(try Self.parse(["--screen-reader-key", "f1"]).screenReaderKey == 59)
        #expect(try Self.parse(["--screen-reader-key", "KEY_F13"]).screenReaderKey == 183)
        #expect(try Self.parse(["--screen-reader-key", "KEY_HELP"]).screenReaderKey == 138)
        #expect(try Self.parse(["--screen-reader-key", "88"]).screenReaderKey == 88)
        #expect(try Self.parse(["--screen-reader-key", "0x58"]).screenReaderKey == 88)
    }

    @Test func badValuesAreClearErrors() {
        #expect {
            try Self.parse(["--screen-reader", "maybe"])
        } throws: { error in
            "\(error)".contains("--screen-reader must be on, off or auto, got 'maybe'")
        }
        for bad in ["KEY_NOPE", "0", "F99", "0x1000", ""] {
            #expect {
                try Self.parse(["--screen-reader-key", bad])
            } throws: { error in
                "\(error)".contains("--screen-reader-key must be an evdev key name")
            }
        }
    }

    @Test func theOptionsSetTheApplicationsReaderUp() throws {
        let app = Application()
        let voice = RecordingSpeechSynthesizer()
        app.screenReader.synthesizer = voice
        try Self.parse(["--screen-reader", "on", "--screen-reader-key", "KEY_F12"]).configureScreenReader(app)
        #expect(app.screenReader.isRunning)
        #expect(app.screenReader.toggleKeyCode == 88)
        #expect(voice.texts == ["Screen reader on"])
        #expect(!app.screenReader.stopsOnHeadphoneRemoval)
        app.screenReader.stop()

        let auto = Application()
        try Self.parse(["--screen-reader", "auto"]).configureScreenReader(auto)
        #expect(!auto.screenReader.isRunning)
        #expect(auto.screenReader.startsOnHeadphoneInsert && auto.screenReader.stopsOnHeadphoneRemoval)
    }
}
