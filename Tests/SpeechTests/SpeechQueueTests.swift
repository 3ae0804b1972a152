import ResponderKit
import Speech
import Testing

/// The priority rules of `SpeechQueue` (espeak-ng's queue), with a recording sink: what begins,
/// what is cancelled and in which order, for each priority.
@Suite struct SpeechQueueTests {
    let sink = RecordingSink()
    var queue: SpeechQueue { SpeechQueue(sink: sink) }

    @Test func anInterruptCancelsWhatSpeaksAndDropsTheQueueBelowImportant() {
        let queue = self.queue
        queue.speak(SpeechUtterance("Inbox, heading", priority: .interrupt))
        queue.speak(SpeechUtterance("3 new messages", priority: .announcement))
        queue.speak(SpeechUtterance("Archive, button", priority: .interrupt))
        #expect(sink.entries == ["begin Inbox, heading", "cancel Inbox, heading", "begin Archive, button"])
        #expect(queue.waitingTexts.isEmpty)
        sink.finish("Archive, button", in: queue)
        #expect(queue.isIdle)
    }

    @Test func announcementsQueueBehindWhatSpeaksInOrder() {
        let queue = self.queue
        queue.speak(SpeechUtterance("Seven, button", priority: .interrupt))
        queue.speak(SpeechUtterance("Tile moved", priority: .announcement))
        queue.speak(SpeechUtterance("Puzzle solved", priority: .announcement))
        #expect(queue.waitingTexts == ["Tile moved", "Puzzle solved"])
        sink.finish("Seven, button", in: queue)
        sink.finish("Tile moved", in: queue)
        sink.finish("Puzzle solved", in: queue)
        #expect(
            sink.entries == [
                "begin Seven, button", "end Seven, button", "begin Tile moved", "end Tile moved", "begin Puzzle solved",
                "end Puzzle solved"
            ])
        #expect(queue.isIdle)
    }

    @Test func importantSpeaksFirstAndNoInterruptCancelsIt() {
        let queue = self.queue
        queue.speak(SpeechUtterance("Message from the desk", priority: .announcement))
        queue.speak(SpeechUtterance("Second announcement", priority: .announcement))
        queue.speak(SpeechUtterance("30 seconds left, double-tap to extend", priority: .important))
        // The announcement stops and goes back to the front of the queue, to be said again.
        #expect(
            sink.entries == [
                "begin Message from the desk", "cancel Message from the desk", "begin 30 seconds left, double-tap to extend"
            ])
        #expect(queue.waitingTexts == ["Message from the desk", "Second announcement"])
        queue.speak(SpeechUtterance("Name, text field", priority: .interrupt))
        #expect(!sink.entries.contains("cancel 30 seconds left, double-tap to extend"))
        #expect(queue.waitingTexts == ["Name, text field"])
        sink.finish("30 seconds left, double-tap to extend", in: queue)
        #expect(sink.entries.last == "begin Name, text field")
    }

    @Test func importantUtterancesQueueAmongThemselvesAheadOfTheRest() {
        let queue = self.queue
        queue.speak(SpeechUtterance("first warning", priority: .important))
        queue.speak(SpeechUtterance("an announcement", priority: .announcement))
        queue.speak(SpeechUtterance("second warning", priority: .important))
        #expect(queue.waitingTexts == ["second warning", "an announcement"])
        sink.finish("first warning", in: queue)
        #expect(sink.entries.last == "begin second warning")
    }

    @Test func aNotificationSpeaksOnlyWhenIdleAndAnythingCancelsIt() {
        let queue = self.queue
        queue.speak(SpeechUtterance("Battery low", priority: .notification))
        queue.speak(SpeechUtterance("Dropped while busy", priority: .notification))
        queue.speak(SpeechUtterance("Tile moved", priority: .announcement))
        #expect(sink.entries == ["begin Battery low", "cancel Battery low", "begin Tile moved"])
        #expect(queue.waitingTexts.isEmpty)
    }

    @Test func pauseHoldsTheQueueAndContinueResumes() {
        let queue = self.queue
        queue.speak(SpeechUtterance("Reading everything", priority: .announcement))
        queue.pauseSpeaking()
        #expect(queue.isPaused)
        queue.speak(SpeechUtterance("Queued while paused", priority: .announcement))
        sink.finish("Reading everything", in: queue)
        // Paused: the next one waits.
        #expect(sink.entries.last == "end Reading everything")
        queue.continueSpeaking()
        #expect(!queue.isPaused)
        #expect(sink.entries == ["begin Reading everything", "pause Reading everything", "end Reading everything", "begin Queued while paused"])
    }

    @Test func continueResumesThePausedUtterance() {
        let queue = self.queue
        queue.speak(SpeechUtterance("Long text", priority: .interrupt))
        queue.pauseSpeaking()
        queue.continueSpeaking()
        #expect(sink.entries == ["begin Long text", "pause Long text", "resume Long text"])
    }

    @Test func stopSpeakingDropsEverythingAndEndsAPause() {
        let queue = self.queue
        queue.speak(SpeechUtterance("one", priority: .announcement))
        queue.speak(SpeechUtterance("two", priority: .announcement))
        queue.pauseSpeaking()
        queue.stopSpeaking()
        #expect(queue.isIdle)
        #expect(!queue.isPaused)
        #expect(sink.entries == ["begin one", "pause one", "cancel one"])
    }

    @Test func aLateEndOfACancelledUtteranceIsIgnored() {
        let queue = self.queue
        queue.speak(SpeechUtterance("old", priority: .interrupt))
        let old = sink.id(of: "old")
        queue.speak(SpeechUtterance("new", priority: .interrupt))
        queue.speak(SpeechUtterance("after", priority: .announcement))
        if let old { queue.sinkDidFinish(old) }
        #expect(sink.entries == ["begin old", "cancel old", "begin new"])
        #expect(queue.waitingTexts == ["after"])
    }
}
