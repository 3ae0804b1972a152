import Dispatch
import EmulatedInput
import KioskLoop
import LibinputBackend
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

func fail(_ message: String) -> Never {
    let line = "speechbench: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

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
let touchscreen = EvdevDeviceSpec(
    name: "ResponderKit Speech Bench Touchscreen", bus: 3, vendor: 0x1d6b, product: 0x0311, version: 1, properties: [1],
    events: [
        0: [], EvdevCode.EV_KEY: [EvdevCode.BTN_TOUCH],
        EvdevCode.EV_ABS: [0, 1, EvdevCode.ABS_MT_SLOT, EvdevCode.ABS_MT_POSITION_X, EvdevCode.ABS_MT_POSITION_Y, EvdevCode.ABS_MT_TRACKING_ID]
    ],
    axes: [
        0: .init(minimum: 0, maximum: 4095, resolution: 16), 1: .init(minimum: 0, maximum: 4095, resolution: 16),
        EvdevCode.ABS_MT_SLOT: .init(minimum: 0, maximum: 9),
        EvdevCode.ABS_MT_POSITION_X: .init(minimum: 0, maximum: 4095, resolution: 16),
        EvdevCode.ABS_MT_POSITION_Y: .init(minimum: 0, maximum: 4095, resolution: 16),
        EvdevCode.ABS_MT_TRACKING_ID: .init(minimum: 0, maximum: 65535)
    ],
    udevProperties: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])

/// The words of touch `i` (short, like a screen reader's "Seven, button").
func words(_ i: Int) -> String { ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"][i % 9] + ", button" }

/// The first-sample times (ns) of the utterances, in speaking order.
let firstSamples = Mutex<[UInt64]>([])

func percentiles(_ samples: [Double]) -> String {
    let sorted = samples.sorted()
    func pct(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
    func f(_ v: Double) -> String { String((v * 10).rounded() / 10) }
    return "p50 \(f(pct(0.5))) ms  p99 \(f(pct(0.99))) ms  min \(f(sorted.first!)) ms  max \(f(sorted.last!)) ms"
}

func loadAverage() -> String {
    guard let file = fopen("/proc/loadavg", "r") else { return "?" }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 64)
    guard fgets(&buffer, 64, file) != nil else { return "?" }
    return String(cString: buffer).split(separator: " ").first.map(String.init) ?? "?"
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
        let application = Application()
        let scene = WindowScene(application: application)
        let window = Window(windowScene: scene, frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        window.makeKeyAndVisible()

        let testbed: Testbed
        let device: Testbed.Device
        let source: LibinputSource
        let loop: MainLoop
        do {
            testbed = try Testbed()
            device = try testbed.add(touchscreen, event: 31)
            var configuration = LibinputConfiguration(devices: .paths([device.node]))
            configuration.outputSize = window.bounds.size
            configuration.keymap.layout = "us"
            configuration.seatAccess = .direct  // umockdev emulates the node for open(2), not for seatd
            source = try LibinputSource(application: application, configuration: configuration)
            loop = try MainLoop(application: application)
        } catch { fail("\(error)") }
        source.dispatch()

        let finger: Finger
        do { finger = Finger(fd: try testbed.fileDescriptor(for: device), touches: touches) } catch { fail("\(error)") }
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
        print("speechbench: \(name), \(count) of \(touches) touches heard, 1-min load \(loadAverage())")
        print("  touch (evdev time) → first audio sample: \(percentiles(total))")
        print("  touch → speak() (libinput, run loop):     \(percentiles(input))")
        print("  speak() → first audio sample (the voice): \(percentiles(speech))")
        if finger.silentTouches > 0 { print("  \(finger.silentTouches) touches got no audio within 10 s") }
        withExtendedLifetime((testbed, source, loop, synthesizer, fixture)) {}
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

    func start() {
        var tid = pthread_t()
        let box = Unmanaged.passRetained(self).toOpaque()
        pthread_create(
            &tid, nil,
            { raw in
                let watcher = Unmanaged<StampWatcher>.fromOpaque(raw!).takeRetainedValue()
                watcher.run()
                return nil
            }, box)
        pthread_detach(tid)
    }

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
