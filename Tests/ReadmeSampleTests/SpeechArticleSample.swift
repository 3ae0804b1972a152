// swift-format-ignore-file
// The sample of Speech.md, verbatim (ArticleSampleTests checks it).
import Kiosk
import ResponderKit

func openVoice(_ choice: SpeechChoice) -> any SpeechSynthesizer {
    do {
        return try SpeechSynthesizers.make(choice)
    } catch {
        print("no voice: \(error)")
        return try! SpeechSynthesizers.make(.none)
    }
}
