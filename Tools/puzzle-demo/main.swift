import ResponderKit
import ResponderKitTesting
#if canImport(Glibc)
import Glibc
#endif

/// puzzle-demo: the first seed's puzzle board, driven by a scripted tap session through the same
/// `InputEvent` entry point real devices use. Prints, for each tap, the hit view, the responder
/// chain the touch travelled and the board after it.
///
///     puzzle-demo [SCRIPT]             run SCRIPT (the embedded default when omitted)
///     puzzle-demo --print-default-script
@MainActor
func runPuzzleDemo(arguments: [String]) -> Int32 {
    var err = StandardErrorStream()
    if arguments.contains("--help") || arguments.contains("-h") {
        print("usage: puzzle-demo [SCRIPT | --print-default-script]\n\(PuzzleScript.usage)")
        return 0
    }
    if arguments.first == "--print-default-script" {
        print(PuzzleScript.defaultScript)
        return 0
    }
    guard arguments.count <= 1 else {
        print("puzzle-demo: expected at most one script file, got \(arguments.count) arguments", to: &err)
        return 2
    }
    let text: String
    let source: String
    if let path = arguments.first {
        guard let contents = readTextFile(path) else {
            print("puzzle-demo: cannot read script '\(path)' (missing, unreadable or not UTF-8)", to: &err)
            return 2
        }
        text = contents
        source = path
    } else {
        text = PuzzleScript.defaultScript
        source = "the embedded default script"
    }
    let script: PuzzleScript
    do {
        script = try PuzzleScript(parsing: text)
    } catch {
        print("puzzle-demo: \(error)", to: &err)
        return 2
    }
    print("puzzle-demo: running \(source) (no devices, no compositor: taps go through Application.handle)")
    return PuzzleSession(script: script).run()
}

struct StandardErrorStream: TextOutputStream {
    mutating func write(_ string: String) { _ = string.withCString { Glibc.write(2, $0, strlen($0)) } }
}

/// The script's text, or nil when it is missing, unreadable, over 1 MiB or not UTF-8.
func readTextFile(_ path: String) -> String? { try? TextFile.read(path, limit: 1 << 20) }

exit(MainActor.assumeIsolated { runPuzzleDemo(arguments: Array(CommandLine.arguments.dropFirst())) })
