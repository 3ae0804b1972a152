import CSpeechd
import Dispatch
import Glibc
import ResponderKit
import Synchronization

/// The default voice: the speech-dispatcher daemon, through libspeechd (SSIP over its socket).
///
/// speech-dispatcher keeps the priorities itself, so each `SpeechPriority` maps to one of its
/// own: notification → `SPD_NOTIFICATION`, announcement → `SPD_MESSAGE`, interrupt → `spd_cancel`
/// then `SPD_TEXT`, important → `SPD_IMPORTANT`. Important utterances go over a second connection,
/// so the `spd_cancel` of an interrupt (which cancels one connection's messages) never drops them.
///
/// Every libspeechd call is made on a worker queue: `speak(_:)` returns at once and the main loop
/// never waits for the daemon's replies. The connections are threaded (`SPD_MODE_THREADED`), so
/// the daemon's `SPD_BEGIN`, `SPD_END` and `SPD_CANCEL` notifications arrive on libspeechd's reader
/// thread and go to `history`.
public final class SpeechDispatcherSynthesizer: SpeechSynthesizer, @unchecked Sendable {
    /// Where the daemon listens.
    public enum Address: Sendable, Equatable {
        /// `SPEECHD_ADDRESS` from the environment, else the user's default socket
        /// (`$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`); libspeechd starts the daemon there
        /// if none answers (`speech-dispatcher --spawn`, unless autospawn is disabled).
        case standard
        /// A Unix socket at this path (tests run a private daemon so).
        case unixSocket(String)
    }

    /// The two connections: C pointers, used only on `worker` (and closed in `deinit`), which
    /// serializes every call — hence unchecked.
    private struct Connections: @unchecked Sendable {
        /// Notifications, announcements and interrupts.
        let regular: UnsafeMutablePointer<SPDConnection>
        /// Important utterances, which an interrupt's `spd_cancel` must not reach.
        let urgent: UnsafeMutablePointer<SPDConnection>
    }

    private let connections: Connections
    private let worker = DispatchQueue(label: "ResponderKit.speech-dispatcher")
    private let paused = Mutex(false)
    /// What was said and what the daemon reported (ids are speech-dispatcher's message ids).
    public let history: SpeechHistory
    /// The connections' client ids, under which the notification callback finds this voice.
    private let clientIDs: [Int]

    /// Opens two connections to speech-dispatcher with `spd_open2` and asks for its begin, end and
    /// cancel notifications (`spd_set_notification_on`).
    /// - Parameters:
    ///   - clientName: the name the daemon logs and configures the client by.
    ///   - address: where the daemon listens.
    ///   - autospawn: let libspeechd start the daemon when none answers at the standard address.
    ///   - observer: sees each report on libspeechd's reader thread.
    /// - Throws: ``SpeechError`` saying the daemon did not answer, with libspeechd's reason.
    public init(
        clientName: String = "responderkit", address: Address = .standard, autospawn: Bool = true,
        observer: (@Sendable (SpeechEvent) -> Void)? = nil
    ) throws(SpeechError) {
        history = SpeechHistory(observer: observer)
        let first = try Self.open(clientName, connection: "main", address: address, autospawn: autospawn)
        let second: UnsafeMutablePointer<SPDConnection>
        do {
            second = try Self.open(clientName, connection: "important", address: address, autospawn: false)
        } catch {
            spd_close(first)
            throw error
        }
        connections = Connections(regular: first, urgent: second)
        clientIDs = [Int(spd_get_client_id(first)), Int(spd_get_client_id(second))]
        for connection in [first, second] {
            connection.pointee.callback_begin = speechDispatcherCallback
            connection.pointee.callback_end = speechDispatcherCallback
            connection.pointee.callback_cancel = speechDispatcherCallback
            _ = spd_set_notification_on(connection, SPD_BEGIN)
            _ = spd_set_notification_on(connection, SPD_END)
            _ = spd_set_notification_on(connection, SPD_CANCEL)
        }
        let history = self.history
        SpeechDispatcherRegistry.add(clientIDs, history)
    }

    deinit {
        SpeechDispatcherRegistry.remove(clientIDs)
        let connections = connections
        worker.sync {
            spd_close(connections.regular)
            spd_close(connections.urgent)
        }
    }

    /// `spd_open2` with a clear error.
    private static func open(
        _ client: String, connection: String, address: Address, autospawn: Bool
    ) throws(SpeechError) -> UnsafeMutablePointer<SPDConnection> {
        // libspeechd is opened here, at the first voice, not at exec (CSpeechd's lazy stubs).
        if let failure = cspeechd_open_library() {
            throw SpeechError("libspeechd.so.2 could not be loaded (\(String(cString: failure))); install libspeechd2")
        }
        var error: UnsafeMutablePointer<CChar>?
        var made: UnsafeMutablePointer<SPDConnection>?
        let place: String
        switch address {
        case .standard:
            place = "its standard address"
            made = spd_open2(client, connection, nil, SPD_MODE_THREADED, nil, autospawn ? 1 : 0, &error)
        case .unixSocket(let path):
            place = path
            var socket = SPDConnectionAddress()
            socket.method = SPD_METHOD_UNIX_SOCKET
            socket.unix_socket_name = strdup(path)
            made = spd_open2(client, connection, nil, SPD_MODE_THREADED, &socket, autospawn ? 1 : 0, &error)
            free(socket.unix_socket_name)
        }
        let reason = error.map { String(cString: $0) }
        free(error)
        guard let made else {
            throw SpeechError(
                "speech-dispatcher did not answer at \(place) (spd_open2: \(reason ?? "no reason given")); "
                    + "install and start it (apt-get install speech-dispatcher speech-dispatcher-espeak-ng), "
                    + "or choose espeak-ng with --speech espeak")
        }
        return made
    }

    /// Says `utterance` with its speech-dispatcher priority: `spd_set_language`,
    /// `spd_set_voice_rate`, `spd_set_volume`, then `spd_say` (an interrupt first calls
    /// `spd_cancel` on the main connection).
    public func speak(_ utterance: SpeechUtterance) {
        let (connections, history) = (connections, history)
        worker.async {
            let connection = utterance.priority == .important ? connections.urgent : connections.regular
            let priority: SPDPriority
            switch utterance.priority {
            case .notification: priority = SPD_NOTIFICATION
            case .announcement: priority = SPD_MESSAGE
            case .interrupt:
                _ = spd_cancel(connections.regular)
                priority = SPD_TEXT
            case .important: priority = SPD_IMPORTANT
            }
            if let language = utterance.language, !language.isEmpty { _ = spd_set_language(connection, language.lowercased()) }
            _ = spd_set_voice_rate(connection, Self.scaledRate(utterance.rate))
            _ = spd_set_volume(connection, Self.scaledVolume(utterance.volume))
            let id = spd_say(connection, priority, utterance.text)
            if id > 0 { history.record(Int(id), text: utterance.text) }
        }
    }

    /// Cancels what speaks and every queued message of both connections (`spd_cancel`).
    public func stopSpeaking() {
        paused.withLock { $0 = false }
        let connections = connections
        worker.async {
            _ = spd_cancel(connections.regular)
            _ = spd_cancel(connections.urgent)
        }
    }

    /// Pauses both connections' speech (`spd_pause`; the daemon pauses at the next index mark).
    public func pauseSpeaking() {
        paused.withLock { $0 = true }
        let connections = connections
        worker.async {
            _ = spd_pause(connections.regular)
            _ = spd_pause(connections.urgent)
        }
    }

    /// Resumes both connections (`spd_resume`).
    public func continueSpeaking() {
        paused.withLock { $0 = false }
        let connections = connections
        worker.async {
            _ = spd_resume(connections.regular)
            _ = spd_resume(connections.urgent)
        }
    }

    /// Whether speech is paused.
    public var isPaused: Bool { paused.withLock { $0 } }

    /// Waits until every call made so far has reached the daemon (tests, benchmarks; never the
    /// main loop).
    public func flush() { worker.sync {} }

    /// Private listening: the headset jack (`SW_HEADPHONE_INSERT`) changed. Speech keeps playing to
    /// the default device, which the sound server or ALSA moves to the headset on the same jack
    /// event (speech-dispatcher's audio output module opens no device of its own choosing), so this changes no setting: it answers
    /// how the audio gets there on this machine (``HeadsetRoute``), and `.noSoundCard` when it
    /// cannot, so the screen reader says "headset connected" only when it is true.
    public func routeToHeadset(_ inserted: Bool) -> HeadsetRoute { HeadsetRoute.current() }

    /// speech-dispatcher's rate (-100…100, 0 normal) for a rate factor (0.5…2, 1 normal): a
    /// doubling is +100.
    public static func scaledRate(_ rate: Double) -> Int32 {
        guard rate.isFinite, rate > 0 else { return 0 }
        return Int32(max(-100, min(100, (log2(rate) * 100).rounded())))
    }

    /// speech-dispatcher's volume (-100…100, 100 the loudest) for a volume in 0…1.
    public static func scaledVolume(_ volume: Double) -> Int32 {
        guard volume.isFinite else { return 100 }
        return Int32(max(-100, min(100, (volume * 200 - 100).rounded())))
    }
}

/// The voices whose notifications the C callback delivers, by libspeechd client id (the callback
/// has no context pointer).
enum SpeechDispatcherRegistry {
    private static let histories = Mutex<[Int: SpeechHistory]>([:])

    static func add(_ ids: [Int], _ history: SpeechHistory) {
        histories.withLock { for id in ids { $0[id] = history } }
    }

    static func remove(_ ids: [Int]) {
        histories.withLock { for id in ids { $0[id] = nil } }
    }

    static func history(_ client: Int) -> SpeechHistory? { histories.withLock { $0[client] } }
}

/// libspeechd's notification callback (`SPDCallback`), on its reader thread.
private func speechDispatcherCallback(message: Int, client: Int, state: SPDNotificationType) {
    let kind: SpeechEvent.Kind
    switch state {
    case SPD_EVENT_BEGIN: kind = .began
    case SPD_EVENT_END: kind = .ended
    case SPD_EVENT_CANCEL: kind = .cancelled
    default: return
    }
    SpeechDispatcherRegistry.history(client)?.record(SpeechEvent(kind, id: message))
}
