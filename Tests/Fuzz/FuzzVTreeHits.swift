// libFuzzer target: the `.hits` reader (`VTree.parseHits`) through the shared reading layer's
// line-end normalization. Built by Tools/fuzz.sh with `swiftc -sanitize=fuzzer` together with the
// parse step (VTree.swift) and the core's geometry; not a SwiftPM target.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVTreeHits(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = TextFile.normalizingLineEnds(Array(UnsafeBufferPointer(start: data, count: size)))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    guard let hits = try? VTree.parseHits(text, file: "fuzz.hits") else { return 0 }
    precondition(hits.allSatisfy { $0 >= -1 }, "an accepted hit is below -1")
    return 0
}
