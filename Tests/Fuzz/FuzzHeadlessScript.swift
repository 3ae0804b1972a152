// libFuzzer target: the headless script's pure parse step (`ScriptCommand.parse`, what
// `HeadlessScript(parsing:verbs:)` runs before an app verb makes its action) through the shared
// reading layer's line-end normalization, as the host reads `--script`. Built by Tools/fuzz.sh with
// `swiftc -sanitize=fuzzer` together with the parse step, the key names and the core's geometry;
// not a SwiftPM target. Whatever is accepted must be within the verbs' documented ranges.

import ResponderKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeadlessScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = TextFile.normalizingLineEnds(Array(UnsafeBufferPointer(start: data, count: size)))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    // The puzzle's own verbs, so app verbs are exercised too.
    let appVerbs: Set<String> = ["board", "tap", "tap-tile"]
    var previousLine = 0
    try? ScriptCommand<[String]>.parse(text, appVerbs: appVerbs) { line, command in
        precondition(line > previousLine, "lines out of order")
        previousLine = line
        switch command {
        case let .tapAt(p), let .clickAt(p): check(p)
        case let .touchDown(id, p), let .touchMove(id, p):
            check(id)
            check(p)
        case let .touchUp(id): check(id)
        case let .drag(from, to, seconds):
            check(from)
            check(to)
            precondition(seconds > 0 && seconds <= 60, "drag seconds out of range")
        case let .key(name): precondition(ScriptKeys.key(named: name) != nil, "an unknown key was accepted")
        case let .type(text): precondition(!text.isEmpty, "empty text was accepted")
        case let .wait(seconds): precondition(seconds >= 0 && seconds <= 3600, "wait out of range")
        case .settle: break
        case let .snapshot(name): precondition(!name.isEmpty && !name.hasPrefix(".") && !name.contains("/"), "a snapshot name escapes the folder")
        case let .app(verb, _): precondition(appVerbs.contains(verb), "an unknown verb was accepted")
        }
    }
    return 0
}

private func check(_ point: Point) {
    precondition(point.isFinite && abs(point.x) <= 1e6 && abs(point.y) <= 1e6, "a point out of range was accepted")
}

private func check(_ finger: Int) {
    precondition((0...9).contains(finger), "a finger id out of range was accepted")
}
