// libFuzzer target: the `.vtree` reader (`VTree(parsing:)`) through the shared reading layer's
// line-end normalization, as `VTree.load` reads a file. Built by Tools/fuzz.sh with
// `swiftc -sanitize=fuzzer` together with the parse step (VTree.swift, not its view building) and
// the core's geometry; not a SwiftPM target. Whatever is accepted must keep the format's rules.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVTree(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = TextFile.normalizingLineEnds(Array(UnsafeBufferPointer(start: data, count: size)))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    guard let tree = try? VTree(parsing: text, file: "fuzz.vtree") else { return 0 }
    precondition(!tree.nodes.isEmpty && tree.nodes[0].parent == -1, "an accepted tree has no root")
    for (index, node) in tree.nodes.enumerated() {
        precondition(node.id == index && (index == 0 || (0..<index).contains(node.parent)), "an accepted view's parent is not an earlier view")
        let frame = node.frame
        precondition(frame.origin.isFinite && frame.size.width >= 0 && frame.size.height >= 0, "an accepted frame is not finite")
        precondition((0...1).contains(node.alpha) && (0...15).contains(node.flags), "an accepted alpha or flags is out of range")
    }
    return 0
}
