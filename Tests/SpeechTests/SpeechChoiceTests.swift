import Kiosk
import ResponderKit
import Speech
import Testing

/// The host's `--speech` option and the voice it makes.
@Suite struct SpeechChoiceTests {
    @Test func theOptionParsesEveryChoiceAndRefusesOthers() throws {
        #expect(try KioskOptions.parse([], appName: "t", environment: { _ in nil }).speech == .automatic)
        for choice in SpeechChoice.allCases {
            #expect(try KioskOptions.parse(["--speech", choice.rawValue], appName: "t", environment: { _ in nil }).speech == choice)
        }
        #expect {
            _ = try KioskOptions.parse(["--speech", "festival"], appName: "t", environment: { _ in nil })
        } throws: { error in
            (error as? ScriptError)?.message == "--speech must be auto, dispatcher, espeak or none, got 'festival'"
        }
    }

    @Test func noneIsSilentAndSaysWhy() throws {
        let voice = try SpeechSynthesizers.make(.none)
        let silent = try #require(voice as? SilentSpeechSynthesizer)
        #expect(silent.reason == "--speech none")
        silent.pauseSpeaking()
        #expect(silent.isPaused)
        silent.continueSpeaking()
        #expect(!silent.isPaused)
    }

    @Test func rateAndVolumeMapToSpeechDispatchersScales() {
        #expect(SpeechDispatcherSynthesizer.scaledRate(1) == 0)
        #expect(SpeechDispatcherSynthesizer.scaledRate(2) == 100)
        #expect(SpeechDispatcherSynthesizer.scaledRate(0.5) == -100)
        #expect(SpeechDispatcherSynthesizer.scaledRate(.nan) == 0)
        #expect(SpeechDispatcherSynthesizer.scaledVolume(1) == 100)
        #expect(SpeechDispatcherSynthesizer.scaledVolume(0.5) == 0)
        #expect(SpeechDispatcherSynthesizer.scaledVolume(0) == -100)
    }
}
