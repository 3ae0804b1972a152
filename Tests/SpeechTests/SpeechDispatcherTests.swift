import Prerequisites
import ResponderKit
import Speech
import SpeechFixture
import Testing

/// The real speech-dispatcher, private to the test (its own configuration, socket and logs in a
/// temporary folder; espeak-ng through the generic module, writing each message's audio to a WAV
/// file): the text sent is the text spoken, the audio is real (sox: length and RMS), an interrupt
/// cancels, and the priorities order the messages.
@Suite(.serialized, .requires(.speechDispatcher, .speechDispatcherGenericModule, .espeakNG, .sox))
struct SpeechDispatcherTests {
    static let prerequisites: [Prerequisite] = [.speechDispatcher, .speechDispatcherGenericModule, .espeakNG, .sox]

    @Test func theTextSentIsSpokenIntoAudio() throws {
        try Prerequisite.check(Self.prerequisites)
        let daemon = try PrivateSpeechDispatcher()
        let voice = try SpeechDispatcherSynthesizer(address: .unixSocket(daemon.socketPath), autospawn: false)
        voice.speak(SpeechUtterance("Seven, button, double-tap to move the tile", priority: .interrupt))
        #expect(eventually { voice.history.spokenTexts.count == 1 }, "\(voice.history.all)\n\(daemon.logs)")
        #expect(voice.history.all.first?.events == [.began, .ended])
        #expect(daemon.texts == ["Seven, button, double-tap to move the tile"])
        let files = daemon.settledAudioFiles(count: 1)
        try #require(files.count == 1, "\(files)")
        let statistics = try AudioStatistics(path: files[0])
        #expect(statistics.seconds > 0.5 && statistics.seconds < 8, "\(statistics)")
        #expect(statistics.rmsAmplitude > 0.01, "\(statistics)")
    }

    /// A long sentence through the daemon is as long as espeak-ng's own synthesis of it (same voice,
    /// rate 175 and amplitude 200, the module's values for rate 0 and volume 100): the whole text
    /// became audio, not its first second (a fixture that named `$DATA` twice once made espeak-ng
    /// say the word "$DATA", 0.95 s, for every message).
    @Test func aLongSentenceProducesItsWholeDurationOfAudio() throws {
        try Prerequisite.check(Self.prerequisites)
        let daemon = try PrivateSpeechDispatcher()
        let voice = try SpeechDispatcherSynthesizer(address: .unixSocket(daemon.socketPath), autospawn: false)
        let sentence =
            "Your train to Amsterdam Centraal leaves from platform seven at twenty past four; "
            + "please keep your ticket until the end of your journey."
        voice.speak(SpeechUtterance(sentence, language: "en", priority: .announcement))
        #expect(eventually { voice.history.spokenTexts.count == 1 }, "\(voice.history.all)\n\(daemon.logs)")
        #expect(daemon.texts == [sentence])
        let spoken = try AudioStatistics(path: try #require(daemon.settledAudioFiles(count: 1).first))
        let reference = try EspeakReference.statistics(of: sentence)
        #expect(reference.seconds > 5, "\(reference)")
        #expect(abs(spoken.seconds - reference.seconds) <= reference.seconds * 0.05, "spoken \(spoken), espeak-ng alone \(reference)")
        #expect(spoken.rmsAmplitude > 0.01, "\(spoken)")
    }

    @Test func theLanguageRateAndVolumeReachTheVoice() throws {
        try Prerequisite.check(Self.prerequisites)
        let daemon = try PrivateSpeechDispatcher()
        let voice = try SpeechDispatcherSynthesizer(address: .unixSocket(daemon.socketPath), autospawn: false)
        let words = "Bitte wählen Sie eine Fahrkarte."
        voice.speak(SpeechUtterance(words, language: "de", priority: .announcement))
        #expect(eventually { voice.history.spokenTexts.count == 1 }, "\(voice.history.all)\n\(daemon.logs)")
        let normal = try AudioStatistics(path: try #require(daemon.settledAudioFiles(count: 1).last))
        voice.speak(SpeechUtterance(words, language: "de", priority: .announcement, rate: 2, volume: 0.5))
        #expect(eventually { voice.history.spokenTexts.count == 2 }, "\(voice.history.all)\n\(daemon.logs)")
        #expect(daemon.texts == [words, words])
        let fast = try AudioStatistics(path: try #require(daemon.settledAudioFiles(count: 2).last))
        // Twice the rate (+100 for speech-dispatcher): clearly shorter; half the volume: quieter.
        #expect(fast.seconds < normal.seconds * 0.8, "normal \(normal), fast \(fast)")
        #expect(fast.rmsAmplitude < normal.rmsAmplitude * 0.8, "normal \(normal), fast \(fast)")
    }

    @Test func anInterruptCancelsWhatSpeaks() throws {
        try Prerequisite.check(Self.prerequisites)
        let daemon = try PrivateSpeechDispatcher()
        let voice = try SpeechDispatcherSynthesizer(address: .unixSocket(daemon.socketPath), autospawn: false)
        let long =
            "This is a long paragraph that the screen reader reads from top to bottom, sentence after sentence, "
            + "until the user touches something else on the screen and the reading has to stop at once."
        voice.speak(SpeechUtterance(long, priority: .announcement))
        #expect(eventually { voice.history.all.first?.events.contains(.began) == true }, "\(voice.history.all)\n\(daemon.logs)")
        voice.speak(SpeechUtterance("Archive, button", priority: .interrupt))
        #expect(eventually { voice.history.spokenTexts == ["Archive, button"] }, "\(voice.history.all)\n\(daemon.logs)")
        #expect(voice.history.cancelledTexts == [long])
        let last = try AudioStatistics(path: try #require(daemon.settledAudioFiles(count: 2).last))
        #expect(last.seconds > 0.3 && last.seconds < 4, "\(last)")
        #expect(last.rmsAmplitude > 0.01, "\(last)")
    }

    @Test func importantSpeaksBeforeQueuedAnnouncementsAndSurvivesAnInterrupt() throws {
        try Prerequisite.check(Self.prerequisites)
        let daemon = try PrivateSpeechDispatcher()
        let voice = try SpeechDispatcherSynthesizer(address: .unixSocket(daemon.socketPath), autospawn: false)
        voice.speak(SpeechUtterance("Welcome. Touch the screen to begin your check-in.", priority: .announcement))
        voice.speak(SpeechUtterance("Your visitor badge is printing.", priority: .announcement))
        voice.speak(SpeechUtterance("30 seconds left, double-tap to extend", priority: .important))
        voice.speak(SpeechUtterance("Name, text field", priority: .interrupt))
        #expect(
            eventually {
                voice.history.spokenTexts.contains("30 seconds left, double-tap to extend") && voice.history.spokenTexts.contains("Name, text field")
            },
            "\(voice.history.all)\n\(daemon.logs)")
        let spoken = voice.history.spokenTexts
        // The warning is never cancelled and comes before the focus; the announcements queued on the
        // main connection were dropped by the interrupt's spd_cancel.
        let warning = try #require(spoken.firstIndex(of: "30 seconds left, double-tap to extend"))
        let focus = try #require(spoken.firstIndex(of: "Name, text field"))
        #expect(warning < focus, "\(spoken)")
        #expect(!spoken.contains("Your visitor badge is printing."), "\(spoken)")
    }

    @Test func noDaemonIsAClearError() throws {
        let missing = "/nonexistent/speechd.sock"
        #expect {
            _ = try SpeechDispatcherSynthesizer(address: .unixSocket(missing), autospawn: false)
        } throws: { error in
            let message = (error as? SpeechError)?.description ?? ""
            return message.hasPrefix("speech-dispatcher did not answer at \(missing) (spd_open2: ")
                && message.firstRange(of: "apt-get install speech-dispatcher") != nil
        }
    }
}
