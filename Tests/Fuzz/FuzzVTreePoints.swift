// libFuzzer target: the `.points` reader (`VTree.parsePoints`) through the shared reading layer's
// line-end normalization. Built by Tools/fuzz.sh with `swiftc -sanitize=fuzzer` together with the
// parse step (VTree.swift) and the core's geometry; not a SwiftPM target.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVTreePoints(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = TextFile.normalizingLineEnds(Array(UnsafeBufferPointer(start: data, count: size)))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    guard let points = try? VTree.parsePoints(text, file: "fuzz.points") else { return 0 }
    // One point per non-empty line after the header, never more.
    precondition(points.count <= text.utf8.count / 4, "more points than lines")
    return 0
}
