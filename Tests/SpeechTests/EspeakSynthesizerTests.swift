import Glibc
import Prerequisites
import ResponderKit
import Speech
import Synchronization
import Testing

/// The real espeak-ng (libespeak-ng in its asynchronous retrieval mode): audio is produced, the
/// texts spoken are the ones sent, an interrupt cancels, announcements queue. One engine per
/// process, so the suite runs its tests one after another.
@Suite(.serialized, .requires(.espeakNG)) struct EspeakSynthesizerTests {
    /// Samples per utterance id, and their sum of squares (for the RMS).
    final class Samples: Sendable {
        let counts = Mutex<[Int: (count: Int, squares: Double)]>([:])
        func add(_ buffer: UnsafeBufferPointer<Int16>, _ id: Int) {
            var squares = 0.0
            for sample in buffer { squares += Double(sample) * Double(sample) }
            counts.withLock { counts in
                let old = counts[id] ?? (0, 0)
                counts[id] = (old.count + buffer.count, old.squares + squares)
            }
        }
        func rms(_ id: Int) -> Double {
            guard let entry = counts.withLock({ $0[id] }), entry.count > 0 else { return 0 }
            return (entry.squares / Double(entry.count)).squareRoot() / 32768
        }
        func count(_ id: Int) -> Int { counts.withLock { $0[id]?.count ?? 0 } }

        /// While set, espeak-ng's thread waits in the sample callback after each buffer: a test
        /// holds synthesis where it is, so what is made before a cancel does not depend on how fast
        /// the (shared, loaded) machine synthesizes.
        let held = Atomic<Bool>(false)
        func waitWhileHeld() {
            while held.load(ordering: .acquiring) { usleep(1000) }
        }
    }

    static var prerequisites: [Prerequisite] { [.espeakNG] }

    @Test func speaksTheTextIntoSamples() throws {
        try Prerequisite.check(Self.prerequisites)
        let samples = Samples()
        let voice = try EspeakSynthesizer(output: .samples { samples.add($0, $1) })
        #expect(voice.sampleRate == 22050)
        voice.speak(SpeechUtterance("Seven, button. Double-tap to move the tile.", language: "en-GB"))
        #expect(eventually { voice.history.spokenTexts.count == 1 && voice.isIdle }, "\(voice.history.all)")
        let entry = try #require(voice.history.all.first)
        #expect(entry.text == "Seven, button. Double-tap to move the tile.")
        #expect(entry.events == [.began, .ended])
        let seconds = Double(samples.count(entry.id)) / Double(voice.sampleRate)
        #expect(seconds > 1 && seconds < 8, "\(seconds) s of audio")
        #expect(samples.rms(entry.id) > 0.01, "RMS \(samples.rms(entry.id))")
    }

    @Test func anInterruptCancelsTheUtteranceSpeaking() throws {
        try Prerequisite.check(Self.prerequisites)
        let samples = Samples()
        let voice = try EspeakSynthesizer(
            output: .samples {
                samples.add($0, $1)
                samples.waitWhileHeld()
            })
        samples.held.store(true, ordering: .releasing)
        let long =
            "This is a long paragraph that the screen reader reads from top to bottom, sentence after sentence, "
            + "until the user touches something else on the screen and the reading has to stop at once."
        voice.speak(SpeechUtterance(long, priority: .announcement))
        #expect(eventually { voice.history.all.first?.events.contains(.began) == true })
        voice.speak(SpeechUtterance("Archive, button", priority: .interrupt))
        // Synthesis is held in the paragraph's first buffer; give the worker time to take the
        // cancel (it runs asynchronously), then let espeak-ng go on: its next callback aborts.
        usleep(300_000)
        samples.held.store(false, ordering: .releasing)
        #expect(eventually { voice.history.spokenTexts == ["Archive, button"] && voice.isIdle }, "\(voice.history.all)")
        #expect(voice.history.cancelledTexts == [long])
        let first = try #require(voice.history.all.first)
        // Cut short: far less audio than the whole paragraph (about 10 s at the normal rate).
        #expect(Double(samples.count(first.id)) / Double(voice.sampleRate) < 6)
    }

    @Test func announcementsAreSpokenInOrderAfterTheFocus() throws {
        try Prerequisite.check(Self.prerequisites)
        let voice = try EspeakSynthesizer(output: .samples { _, _ in })
        voice.speak(SpeechUtterance("Name, text field", priority: .interrupt))
        voice.speak(SpeechUtterance("Form saved", priority: .announcement))
        voice.speak(SpeechUtterance("Two new messages", priority: .announcement))
        #expect(eventually { voice.history.spokenTexts.count == 3 && voice.isIdle }, "\(voice.history.all)")
        #expect(voice.history.spokenTexts == ["Name, text field", "Form saved", "Two new messages"])
    }

    @Test func pauseStopsAndContinueSaysTheRest() throws {
        try Prerequisite.check(Self.prerequisites)
        let voice = try EspeakSynthesizer(output: .samples { _, _ in })
        voice.speak(SpeechUtterance("One two three four five six seven eight nine ten eleven twelve.", priority: .announcement))
        #expect(eventually { voice.history.all.first?.events.contains(.began) == true })
        voice.pauseSpeaking()
        #expect(voice.isPaused)
        voice.continueSpeaking()
        #expect(eventually { voice.history.spokenTexts.count == 1 && voice.isIdle }, "\(voice.history.all)")
    }

    @Test func aSecondEngineIsRefusedWithAReason() throws {
        try Prerequisite.check(Self.prerequisites)
        let voice = try EspeakSynthesizer(output: .samples { _, _ in })
        #expect(throws: SpeechError("espeak-ng is already open in this process (one EspeakSynthesizer at a time)")) {
            _ = try EspeakSynthesizer(output: .samples { _, _ in })
        }
        withExtendedLifetime(voice) {}
    }
}
