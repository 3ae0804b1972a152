import BenchmarkSupport
import Dispatch
import EmulatedInput
import ResponderKit
import Speech
import SpeechFixture
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

// speechbench: from a touch's kernel time to the first audio sample of the words it makes the
// kiosk say. An emulated touchscreen (umockdev) feeds REAL libinput and the Kiosk run loop; each
// touch-down speaks an interrupt utterance (as the screen reader does for the element under the
// finger) and the clock stops at the first sample the voice produces:
//   espeak      EspeakSynthesizer in retrieval mode: the first buffer of samples for the utterance.
//   dispatcher  SpeechDispatcherSynthesizer → a private speech-dispatcher whose generic module runs
//               espeak-ng per message; a pipe stage (speechbench --stamp) stamps the first sample.
// Both clocks are CLOCK_MONOTONIC, the clock evdev timestamps a touch with.
//   speechbench [--voice espeak|dispatcher|both] [--touches N]   (default both, 40 touches)

func fail(_ message: String) -> Never { benchmarkFailure("speechbench", message) }

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--stamp" {
    guard arguments.count == 2 else { fail("--stamp needs one path") }
    exit(stampFirstSample(to: arguments[1]))
}
var voices = ["espeak", "dispatcher"]
var touches = 40
while !arguments.isEmpty {
    let flag = arguments.removeFirst()
    guard let value = arguments.first else { fail("\(flag) needs a value") }
    arguments.removeFirst()
    switch flag {
    case "--voice":
        guard ["espeak", "dispatcher", "both"].contains(value) else { fail("--voice must be espeak, dispatcher or both, got '\(value)'") }
        voices = value == "both" ? ["espeak", "dispatcher"] : [value]
    case "--touches":
        guard let n = Int(value), n >= 5, n <= 10000 else { fail("--touches must be a number in 5…10000, got '\(value)'") }
        touches = n
    default: fail("unknown option '\(flag)' (usage: speechbench [--voice espeak|dispatcher|both] [--touches N])")
    }
}
if !Preload.isActive {
    do { try Preload.relaunch() } catch { fail("\(error)") }
}

/// A 10-slot touchscreen, 0…4095 on both axes.
let touchscreen = BenchmarkTouchscreen.spec(name: "ResponderKit Speech Bench Touchscreen", product: 0x0311)

/// The words of touch `i` (short, like a screen reader's "Seven, button").
func words(_ i: Int) -> String { ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"][i % 9] + ", button" }

/// The first-sample times (ns) of the utterances, in speaking order.
let firstSamples = Mutex<[UInt64]>([])

func percentiles(_ samples: [Double]) -> String {
    let sorted = samples.sorted()
    let (p50, p99) = (percentile(sorted, 0.5), percentile(sorted, 0.99))
    return "p50 \(oneDecimal(p50)) ms  p99 \(oneDecimal(p99)) ms  min \(oneDecimal(sorted.first!)) ms  max \(oneDecimal(sorted.last!)) ms"
}

let executable: String = {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, 4095)
    guard n > 0 else { fail("cannot read /proc/self/exe") }
    return String(cString: buffer)
}()

MainActor.assumeIsolated {
    for voice in voices {
        firstSamples.withLock { $0.removeAll() }
        let stage: EmulatedTouchStage
        do { stage = try EmulatedTouchStage(touchscreen: touchscreen, event: 31) } catch { fail("\(error)") }
        let (application, source, loop) = (stage.application, stage.source, stage.loop)

        let finger: Finger
        do { finger = Finger(fd: try stage.touchscreenDescriptor(), touches: touches) } catch { fail("\(error)") }
        let synthesizer: any SpeechSynthesizer
        var fixture: PrivateSpeechDispatcher?
        var watcher: StampWatcher?
        do {
            if voice == "espeak" {
                let heard = finger.heard
                let seen = Mutex(Set<Int>())
                synthesizer = try EspeakSynthesizer(
                    output: .samples { _, id in
                        let now = monotonicNanoseconds()
                        guard seen.withLock({ $0.insert(id).inserted }) else { return }
                        firstSamples.withLock { $0.append(now) }
                        heard.signal()
                    })
            } else {
                let daemon = try PrivateSpeechDispatcher(audioFilter: "'\(executable)' --stamp '@FOLDER@/audio/'$utt.stamp")
                fixture = daemon
                synthesizer = try SpeechDispatcherSynthesizer(address: .unixSocket(daemon.socketPath), autospawn: false)
                watcher = StampWatcher(folder: daemon.folder + "/audio", heard: finger.heard)
                watcher?.start()
            }
        } catch { fail("\(voice): \(error)") }

        var touchTimes: [UInt64] = []
        var speakTimes: [UInt64] = []
        let handle = source.deliver
        source.deliver = { event in
            handle(event)
            guard case .touchDown = event.kind else { return }
            touchTimes.append(UInt64(event.timestamp * 1e9))
            speakTimes.append(monotonicNanoseconds())
            synthesizer.speak(SpeechUtterance(words(touchTimes.count - 1), priority: .interrupt))
        }
        let stopper = DispatchSemaphore(value: 0)
        finger.onFinished = { stopper.signal() }
        do {
            try loop.addSource(source.fileDescriptor) { source.dispatch() }
        } catch { fail("\(error)") }
        finger.start()
        while stopper.wait(timeout: .now()) == .timedOut { _ = loop.run(until: application.clock.now + 0.05) }
        synthesizer.stopSpeaking()
        watcher?.stop()
        let firsts = firstSamples.withLock { $0 }
        let count = min(firsts.count, touchTimes.count)
        guard count > 0 else { fail("\(voice): no audio at all (\(finger.silentTouches) silent touches)\n\(fixture?.logs ?? "")") }
        var total: [Double] = [], input: [Double] = [], speech: [Double] = []
        for i in 0..<count {
            total.append(Double(Int64(bitPattern: firsts[i] &- touchTimes[i])) / 1e6)
            input.append(Double(Int64(bitPattern: speakTimes[i] &- touchTimes[i])) / 1e6)
            speech.append(Double(Int64(bitPattern: firsts[i] &- speakTimes[i])) / 1e6)
        }
        let name = voice == "espeak" ? "espeak-ng (libespeak-ng, retrieval mode)" : "speech-dispatcher (generic module → espeak-ng)"
        print("speechbench: \(name), \(count) of \(touches) touches heard, 1-min load \(oneMinuteLoad())")
        print("  touch (evdev time) → first audio sample: \(percentiles(total))")
        print("  touch → speak() (libinput, run loop):     \(percentiles(input))")
        print("  speak() → first audio sample (the voice): \(percentiles(speech))")
        if finger.silentTouches > 0 { print("  \(finger.silentTouches) touches got no audio within 10 s") }
        withExtendedLifetime((stage, synthesizer, fixture)) {}
    }
}

/// Polls the private daemon's audio folder for the stamp files of new messages (1 ms steps) and
/// appends their times in order.
final class StampWatcher: @unchecked Sendable {
    let folder: String
    let heard: DispatchSemaphore
    private let running = Mutex(true)
    private var seen = Set<String>()

    init(folder: String, heard: DispatchSemaphore) {
        self.folder = folder
        self.heard = heard
    }

    func start() { startDetachedThread { self.run() } }

    func stop() { running.withLock { $0 = false } }

    private func run() {
        while running.withLock({ $0 }) {
            var fresh: [(String, UInt64)] = []
            if let dir = opendir(folder) {
                while let entry = readdir(dir) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                    guard name.hasSuffix(".stamp"), !seen.contains(name) else { continue }
                    guard let file = fopen(folder + "/" + name, "r") else { continue }
                    var buffer = [CChar](repeating: 0, count: 32)
                    let line = fgets(&buffer, 32, file).map { _ in String(cString: buffer) }
                    fclose(file)
                    guard let value = line.flatMap({ UInt64($0.split(separator: "\n").first ?? "") }) else { continue }
                    seen.insert(name)
                    fresh.append((name, value))
                }
                closedir(dir)
            }
            for (_, value) in fresh.sorted(by: { $0.1 < $1.1 }) {
                firstSamples.withLock { $0.append(value) }
                heard.signal()
            }
            usleep(1000)
        }
    }
}
