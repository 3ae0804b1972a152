// libFuzzer target: the evemu description reader (`EvemuDescription.parse`) through the shared
// reading layer's line-end normalization, and the umockdev records built from what it accepts.
// Built by Tools/fuzz.sh with `swiftc -sanitize=fuzzer` together with the sources it names; not a
// SwiftPM target. A crash, a trap or an allocation over libFuzzer's limit is a finding.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemuDescription(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = TextFile.normalizingLineEnds(Array(UnsafeBufferPointer(start: data, count: size)))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    guard let spec = try? EvemuDescription.parse(text, file: "fuzz.desc") else { return 0 }
    // What the emulation would hand umockdev must stay bounded for any accepted description.
    let ioctls = UMockdevRecord.ioctls(of: spec, event: 1)
    let description = UMockdevRecord.description(of: spec, event: 1)
    precondition(ioctls.utf8.count < 1 << 20 && description.utf8.count < 1 << 20, "an accepted description makes an unbounded record")
    return 0
}
