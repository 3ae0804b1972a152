// libFuzzer target: the evemu events reader (`EvemuRecording.parse`) through the shared reading
// layer's line-end normalization, and the tally a replay compares against libinput's output.
// Built by Tools/fuzz.sh with `swiftc -sanitize=fuzzer`; not a SwiftPM target.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemuRecording(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = TextFile.normalizingLineEnds(Array(UnsafeBufferPointer(start: data, count: size)))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    guard let frames = try? EvemuRecording.parse(text, file: "fuzz.events") else { return 0 }
    let spec = EvdevDeviceSpec(
        name: "fuzz", bus: 3, vendor: 1, product: 1, version: 1, events: [0: [], 3: [0x2f, 0x39]],
        axes: [0x2f: .init(minimum: 0, maximum: 9), 0x39: .init(minimum: 0, maximum: 65535)], udevProperties: [])
    var tally = EvdevTally(spec: spec)
    for frame in frames {
        precondition(frame.time.isFinite, "a frame with a non-finite time was accepted")
        tally.add(frame.events)
    }
    precondition(tally.touchUps <= tally.touchDowns, "more ups than downs counted")
    return 0
}
