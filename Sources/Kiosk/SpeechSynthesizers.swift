import ResponderKit
import Speech

/// Which voice the kiosk speaks with (`--speech`).
public enum SpeechChoice: String, CaseIterable, Sendable {
    /// speech-dispatcher when one answers (libspeechd may start it), else espeak-ng, else silence
    /// with a message.
    case automatic = "auto"
    /// speech-dispatcher only (`SpeechDispatcherSynthesizer`).
    case dispatcher
    /// espeak-ng only (`EspeakSynthesizer`).
    case espeak
    /// No speech.
    case none
}

/// Makes the voice the host installs as the core's `SpeechSynthesizer`.
public enum SpeechSynthesizers {
    /// Opens the voice `choice` names.
    /// - Parameters:
    ///   - choice: which voice; `.automatic` tries speech-dispatcher, then espeak-ng, then falls
    ///     silent, telling `report` why each one failed.
    ///   - report: where the automatic choice reports the voices it could not open (nil: standard error).
    /// - Throws: `SpeechError` when a voice named explicitly cannot be opened.
    public static func make(
        _ choice: SpeechChoice, report: ((String) -> Void)? = nil
    ) throws(SpeechError) -> any SpeechSynthesizer {
        switch choice {
        case .dispatcher: return try SpeechDispatcherSynthesizer()
        case .espeak: return try EspeakSynthesizer()
        case .none: return SilentSpeechSynthesizer(reason: "--speech none")
        case .automatic:
            var reasons: [String] = []
            do { return try SpeechDispatcherSynthesizer() } catch { reasons.append(error.description) }
            do { return try EspeakSynthesizer() } catch { reasons.append(error.description) }
            let reason = reasons.joined(separator: "; ") + " — the kiosk stays silent"
            if let report { report(reason) } else { warn("speech: " + reason) }
            return SilentSpeechSynthesizer(reason: reason)
        }
    }
}
