/// Where the screen reader's words go.
///
/// The core knows no speech library: the screen reader, announcements and time-limit warnings speak
/// through this protocol, and a host installs a real voice (speech-dispatcher, or espeak-ng where no
/// dispatcher runs) from its own module. Tests install a recording synthesizer instead, so the spoken
/// sequence can be asserted without audio.
///
/// Speech is asynchronous: `speak(_:)` returns at once, and a synthesizer never blocks the main loop.
public protocol SpeechSynthesizer: AnyObject {
    /// Queues or speaks `utterance` according to its ``SpeechUtterance/priority``.
    ///
    /// An ``SpeechPriority/interrupt`` utterance (a new focus) cancels what is speaking and drops what
    /// is queued below it. Announcements and notifications queue behind higher priorities.
    func speak(_ utterance: SpeechUtterance)

    /// Stops speaking at once and drops every queued utterance.
    func stopSpeaking()

    /// Pauses speech where it is (the screen reader's two-finger tap); queued utterances stay queued.
    func pauseSpeaking()

    /// Resumes speech paused by ``pauseSpeaking()``.
    func continueSpeaking()

    /// Whether speech is paused by ``pauseSpeaking()``.
    var isPaused: Bool { get }
}

/// How an utterance competes with the others, after speech-dispatcher's priorities.
public enum SpeechPriority: Int, Comparable, Sendable {
    /// Background news that may be dropped when anything else speaks (speech-dispatcher's
    /// `SPD_NOTIFICATION`).
    case notification = 0
    /// An announcement: queued behind whatever speaks, never dropped (`SPD_MESSAGE`).
    case announcement = 1
    /// The focus moved or the user acted: cancels what speaks and what is queued below it
    /// (`SPD_TEXT` after a cancel).
    case interrupt = 2
    /// A warning that must be heard (a time limit running out): speaks before everything else and is
    /// never cancelled by another utterance (`SPD_IMPORTANT`).
    case important = 3

    /// Orders priorities from the least to the most urgent.
    public static func < (lhs: SpeechPriority, rhs: SpeechPriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// One thing to say: the text, its language and how it competes with other speech.
public struct SpeechUtterance: Equatable, Sendable {
    /// The words to speak. Never the contents of a secure text entry.
    public var text: String
    /// A BCP 47 language tag (`"en-GB"`, `"ar"`), from the element's `accessibilityLanguage`, else
    /// the app's locale; `nil` leaves the voice's default.
    public var language: String?
    /// How this utterance competes with the others.
    public var priority: SpeechPriority
    /// The speaking rate, from 0.5 (half speed) to 2 (double); 1 is the voice's normal rate.
    public var rate: Double
    /// The volume, from 0 (silent) to 1 (the voice's full volume).
    public var volume: Double

    /// Makes an utterance; rate and volume default to the voice's normal ones.
    public init(
        _ text: String, language: String? = nil, priority: SpeechPriority = .interrupt,
        rate: Double = 1, volume: Double = 1
    ) {
        self.text = text
        self.language = language
        self.priority = priority
        self.rate = rate
        self.volume = volume
    }
}
