import CEspeakNG
import Dispatch
import Glibc
import ResponderKit
import Synchronization

/// espeak-ng's engine as a ``SpeechSink``: one utterance at a time, in espeak-ng's own asynchronous
/// mode, with every library call made on one worker queue so the main loop never waits for it.
///
/// espeak-ng is one engine per process (global state behind `espeak_Initialize`), so one engine
/// may be open at a time; its synthesis callback reaches the open engine through a global.
final class EspeakEngine: SpeechSink, Sendable {
    /// Where the audio goes.
    enum Output: Sendable {
        /// espeak-ng plays it (`AUDIO_OUTPUT_PLAYBACK`, through pcaudiolib: PulseAudio, else ALSA).
        case playback
        /// espeak-ng hands the samples (16-bit mono at ``EspeakEngine/sampleRate``) to the closure
        /// with the utterance's id (`AUDIO_OUTPUT_RETRIEVAL`), on espeak-ng's thread.
        case samples(@Sendable (UnsafeBufferPointer<Int16>, Int) -> Void)
    }

    private struct Run {
        /// The queue's id of the utterance.
        let id: Int
        let utterance: SpeechUtterance
        /// The user data of this `espeak_Synth` call: a pause and resume of the same utterance is
        /// a new run, so late callbacks of the stopped run are recognized.
        let token: Int
        /// Characters already spoken (espeak-ng's `text_position` of the last word event).
        var position: Int32 = 0
        var hasBegun = false
    }

    private struct State {
        var running: Run?
        var paused: Run?
        var nextToken = 1
    }

    /// Whether espeak-ng is taken, and the engine the C callback reaches (it has no context pointer
    /// but the user data, which names the run).
    private struct Slot {
        var isTaken = false
        var engine: EspeakEngine?
        /// The output mode espeak-ng is initialized in (its raw value) and the sample rate it
        /// answered, once initialized: it stays initialized for the life of the process.
        var initialized: (mode: UInt32, sampleRate: Int32)?
    }

    private static let slot = Mutex(Slot())

    private let worker = DispatchQueue(label: "ResponderKit.espeak-ng")
    private let state = Mutex(State())
    private let output: Output
    private let history: SpeechHistory
    /// Told when an utterance ended (the queue starts the next).
    private let finished = Mutex<(@Sendable (Int) -> Void)?>(nil)
    /// The sample rate espeak-ng answered `espeak_Initialize` with (22050 Hz for its voices).
    let sampleRate: Int

    /// Opens espeak-ng with `espeak_Initialize` in its asynchronous playback or retrieval mode and
    /// installs the callback with `espeak_SetSynthCallback`.
    /// - Throws: when another engine is open, or when `espeak_Initialize` fails (no espeak-ng data).
    init(output: Output, history: SpeechHistory) throws(SpeechError) {
        self.output = output
        self.history = history
        let mode: espeak_AUDIO_OUTPUT
        switch output {
        case .playback: mode = AUDIO_OUTPUT_PLAYBACK
        case .samples: mode = AUDIO_OUTPUT_RETRIEVAL
        }
        let taken = EspeakEngine.slot.withLock { slot in
            defer { slot.isTaken = true }
            return slot.isTaken
        }
        if taken { throw SpeechError("espeak-ng is already open in this process (one EspeakSynthesizer at a time)") }
        // libespeak-ng is opened here, at the first voice, not at exec (CEspeakNG's lazy stubs).
        if let failure = cespeakng_open_library() {
            EspeakEngine.slot.withLock { $0.isTaken = false }
            throw SpeechError("libespeak-ng.so.1 could not be loaded (\(String(cString: failure))); install libespeak-ng1")
        }
        // espeak-ng is initialized once per output mode and then kept: `espeak_Terminate` right
        // after `espeak_Initialize` can wait forever on the asynchronous mode's threads (seen as a
        // hung test), so a closed engine only cancels, and the next one in the same mode reuses it.
        let previous = EspeakEngine.slot.withLock { $0.initialized }
        let rate: Int32
        if let previous, previous.mode == mode.rawValue {
            rate = previous.sampleRate
        } else {
            if previous != nil { _ = espeak_Terminate() }
            rate = espeak_Initialize(mode, 0, nil, espeakINITIALIZE_DONT_EXIT)
            guard rate > 0 else {
                EspeakEngine.slot.withLock {
                    $0.isTaken = false
                    $0.initialized = nil
                }
                throw SpeechError("espeak_Initialize failed (\(rate)): is espeak-ng's data installed? (apt-get install espeak-ng)")
            }
            let mode = mode.rawValue
            EspeakEngine.slot.withLock { $0.initialized = (mode, rate) }
        }
        sampleRate = Int(rate)
        espeak_SetSynthCallback(espeakSynthesisCallback)
        _ = "en".withCString { espeak_SetVoiceByName($0) }
    }

    /// Installs this engine as the one the C callback reaches and `whenFinished` as the end report.
    func activate(whenFinished: @escaping @Sendable (Int) -> Void) {
        finished.withLock { $0 = whenFinished }
        EspeakEngine.slot.withLock { $0.engine = self }
    }

    /// Stops speech (`espeak_Cancel`) and lets the next engine open. espeak-ng itself stays
    /// initialized for the next engine (see `init`); the process's exit releases it. Waits for the
    /// worker queue.
    func close() {
        worker.sync {
            EspeakEngine.slot.withLock { $0.engine = nil }
            _ = espeak_Cancel()
            EspeakEngine.slot.withLock { $0.isTaken = false }
        }
    }

    // MARK: SpeechSink

    func begin(_ utterance: SpeechUtterance, id: Int) {
        history.record(id, text: utterance.text)
        worker.async { self.synthesize(utterance, id: id, from: 0) }
    }

    func cancel(id: Int) {
        worker.async {
            let stopped = self.state.withLock { state -> Bool in
                if state.paused?.id == id { state.paused = nil }
                guard state.running?.id == id else { return false }
                state.running = nil
                return true
            }
            guard stopped else { return }
            _ = espeak_Cancel()
            self.history.record(SpeechEvent(.cancelled, id: id))
        }
    }

    func pause(id: Int) {
        worker.async {
            let paused = self.state.withLock { state -> Bool in
                guard let run = state.running, run.id == id else { return false }
                state.running = nil
                state.paused = run
                return true
            }
            if paused { _ = espeak_Cancel() }
        }
    }

    func resume(id: Int) {
        worker.async {
            let run = self.state.withLock { state -> Run? in
                defer { state.paused = nil }
                return state.paused?.id == id ? state.paused : nil
            }
            guard let run else { return }
            // espeak-ng cannot pause: the utterance restarts at the word it was in.
            self.synthesize(run.utterance, id: id, from: run.position)
        }
    }

    // MARK: On the worker

    /// Sets the voice for `utterance` (`espeak_SetVoiceByProperties` with its language,
    /// `espeak_SetParameter` for `espeakRATE` and `espeakVOLUME`) and queues it with `espeak_Synth`
    /// from character `position`.
    private func synthesize(_ utterance: SpeechUtterance, id: Int, from position: Int32) {
        let token = state.withLock { state -> Int in
            let token = state.nextToken
            state.nextToken += 1
            state.running = Run(id: id, utterance: utterance, token: token, position: position)
            return token
        }
        if let language = utterance.language?.lowercased(), !language.isEmpty {
            language.withCString { name in
                var voice = espeak_VOICE()
                voice.languages = name
                _ = espeak_SetVoiceByProperties(&voice)
            }
        }
        let rate = Int32(max(80, min(450, (175 * utterance.rate).rounded())))
        _ = espeak_SetParameter(espeakRATE, rate, 0)
        _ = espeak_SetParameter(espeakVOLUME, Int32(max(0, min(200, (100 * utterance.volume).rounded()))), 0)
        let status = utterance.text.withCString { text in
            espeak_Synth(
                text, strlen(text) + 1, UInt32(max(0, position)), POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil,
                UnsafeMutableRawPointer(bitPattern: token))
        }
        guard status != EE_OK else { return }
        // Nothing will be said: report the end so the queue moves on.
        state.withLock { if $0.running?.token == token { $0.running = nil } }
        history.record(SpeechEvent(.cancelled, id: id))
        finished.withLock { $0 }?(id)
    }

    // MARK: On espeak-ng's thread

    /// One callback from espeak-ng: samples (retrieval mode) and a list of events ended by
    /// `espeakEVENT_LIST_TERMINATED`. Returns 1 to abort a run that was cancelled.
    fileprivate func handle(samples: UnsafeMutablePointer<Int16>?, count: Int32, events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
        guard let events else { return 0 }
        let token = Int(bitPattern: events.pointee.user_data)
        var index = 0
        var ended: Int?
        var began: Int?
        var current: Int?
        while events[index].type != espeakEVENT_LIST_TERMINATED, index < 256 {
            let event = events[index]
            index += 1
            state.withLock { state in
                guard var run = state.running, run.token == Int(bitPattern: event.user_data) else { return }
                current = run.id
                switch event.type {
                case espeakEVENT_WORD: run.position = Int32(event.text_position)
                case espeakEVENT_MSG_TERMINATED:
                    state.running = nil
                    ended = run.id
                    return
                default: break
                }
                if !run.hasBegun, event.type == espeakEVENT_WORD || event.type == espeakEVENT_SENTENCE || (samples != nil && count > 0) {
                    run.hasBegun = true
                    began = run.id
                }
                state.running = run
            }
        }
        if index == 0 { current = state.withLock { $0.running?.token == token ? $0.running?.id : nil } }
        if let began { history.record(SpeechEvent(.began, id: began)) }
        if case .samples(let consumer) = output, let samples, count > 0, let id = current ?? ended {
            consumer(UnsafeBufferPointer(start: samples, count: Int(count)), id)
        }
        if let ended {
            history.record(SpeechEvent(.ended, id: ended))
            finished.withLock { $0 }?(ended)
        }
        return current == nil && ended == nil ? 1 : 0
    }

    fileprivate static var openEngine: EspeakEngine? { slot.withLock { $0.engine } }
}

/// espeak-ng's synthesis callback (`t_espeak_callback`), handed to `espeak_SetSynthCallback`.
private func espeakSynthesisCallback(samples: UnsafeMutablePointer<Int16>?, count: Int32, events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let engine = EspeakEngine.openEngine else { return 1 }
    return engine.handle(samples: samples, count: count, events: events)
}
