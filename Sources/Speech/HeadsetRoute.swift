import Glibc

/// How speech reaches a personal headset on this machine (EN 301 549's private listening), as
/// ``SpeechDispatcherSynthesizer/routeToHeadset(_:)`` and ``EspeakSynthesizer/routeToHeadset(_:)``
/// find it.
///
/// On Debian 12 neither voice chooses its output device: speech-dispatcher's modules and espeak-ng's
/// pcaudiolib play to the default device of the sound server, else of ALSA. What moves that device
/// to the headset is the same jack event (`SW_HEADPHONE_INSERT`) the screen reader reacts to,
/// handled below the app: so the route says who switches, and whether anything can.
public enum HeadsetRoute: Equatable, Sendable, CustomStringConvertible {
    /// A PulseAudio or PipeWire server answers (its socket exists): it switches the default sink's
    /// port to the headphones when the jack reports a plug (module-switch-on-port-available).
    case soundServerSwitchesPort(socket: String)
    /// No sound server, but ALSA cards: the HD-Audio driver mutes the speaker and plays through the
    /// jack while a plug is in ("Auto-Mute Mode", on by default).
    case alsaAutoMute(cards: Int)
    /// No sound card at all (a headless machine, a container): there is no audio to route.
    case noSoundCard

    /// Finds the route: a sound server's socket (`$PULSE_SERVER` as a `unix:` path, else
    /// `$XDG_RUNTIME_DIR/pulse/native`), else the cards listed in `/proc/asound/cards`.
    public static func current() -> HeadsetRoute {
        var sockets: [String] = []
        if let server = getenv("PULSE_SERVER").map({ String(cString: $0) }), server.hasPrefix("unix:") {
            sockets.append(String(server.dropFirst(5)))
        }
        if let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }) { sockets.append(runtime + "/pulse/native") }
        if let socket = sockets.first(where: { access($0, F_OK) == 0 }) { return .soundServerSwitchesPort(socket: socket) }
        let cards = alsaCardCount()
        return cards > 0 ? .alsaAutoMute(cards: cards) : .noSoundCard
    }

    /// The cards in `/proc/asound/cards` (lines that start with a card number).
    static func alsaCardCount() -> Int {
        guard let file = fopen("/proc/asound/cards", "r") else { return 0 }
        defer { fclose(file) }
        var count = 0
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, 256, file) != nil {
            let text = String(cString: line).drop { $0 == " " }
            if let first = text.first, first.isNumber { count += 1 }
        }
        return count
    }

    public var description: String {
        switch self {
        case .soundServerSwitchesPort(let socket): return "the sound server at \(socket) switches to the headphones port"
        case .alsaAutoMute(let cards): return "ALSA's auto-mute plays through the jack (\(cards) card(s))"
        case .noSoundCard: return "no sound card: there is no audio to route"
        }
    }
}
