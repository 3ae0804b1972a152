import InboxApp
import Rendering
import ResponderKit
import ResponderKitTesting

#if canImport(Glibc)
import Glibc
#endif

// typingbench: typing into the inbox's search field, one key at a time, as a user types. Each
// keystroke routes the key, edits the field, refilters the 300 messages and lays the list out
// (with --render also draws the frame). Prints the time per keystroke by query length, and in the
// same run the cost of one refilter the old way (three `String.contains` on text lowercased at
// every keystroke) against the store's incremental search, so the ratio is measured, not assumed.
//   typingbench [CHARACTERS] [--render]    (default 1000 characters)

var characters = 1000
var render = false
for argument in CommandLine.arguments.dropFirst() {
    if argument == "--render" {
        render = true
    } else if let n = Int(argument), (10...100_000).contains(n) {
        characters = n
    } else {
        print("usage: typingbench [CHARACTERS 10…100000] [--render]")
        exit(64)
    }
}

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func milliseconds(_ seconds: Double) -> String {
    let micro = Int((seconds * 1e6).rounded())
    let fraction = String(micro % 1000)
    return "\(micro / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
}

func summary(_ samples: [Double]) -> String {
    let sorted = samples.sorted()
    func pct(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
    return "median \(milliseconds(pct(0.5))), p99 \(milliseconds(pct(0.99))), max \(milliseconds(sorted.last!))"
}

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// The filter as it was: every message's three fields lowercased and searched per keystroke.
@inline(never) func naiveFilter(_ messages: [Message], _ query: String) -> Int {
    let q = query.lowercased()
    return messages.filter { q.isEmpty || $0.sender.lowercased().contains(q) || $0.subject.lowercased().contains(q) || $0.body.lowercased().contains(q) }.count
}

MainActor.assumeIsolated {
    if render { Rendering.install() }
    let application = Application()
    let driver = InputDriver(application: application)
    let size = Size(width: 800, height: 600)
    let window = Window(windowScene: WindowScene(application: application, screenBounds: Rect(x: 0, y: 0, width: size.width, height: size.height)))
    let store = MessageStore(count: 300)
    let inbox = InboxViewController(store: store)
    window.rootViewController = inbox
    window.makeKeyAndVisible()
    let presenter = render ? WindowPresenter(window: window, output: HeadlessOutput(size: size)) : nil
    presenter?.update()
    window.layoutIfNeeded()
    guard inbox.searchField.isFirstResponder else {
        print("typingbench: the search field is not first responder")
        exit(1)
    }
    // "grace hopper" matches a few messages first, then the text goes on past every message.
    let text = Array("grace hopper types on " + String(repeating: "and on ", count: characters / 7 + 1)).prefix(characters)
    var perKeystroke: [Double] = []
    perKeystroke.reserveCapacity(text.count)
    for character in text {
        let start = now()
        driver.type(String(character), in: window)
        window.layoutIfNeeded()
        presenter?.update()
        perKeystroke.append(now() - start)
    }
    guard inbox.searchField.text.count == text.count else {
        print("typingbench: the field holds \(inbox.searchField.text.count) characters, \(text.count) were typed")
        exit(1)
    }
    print("typingbench: \(text.count) characters typed into the inbox's search (300 messages)\(render ? ", each frame drawn" : "")")
    var from = 0
    for bucket in stride(from: 250, through: max(250, text.count), by: 250) where from < text.count {
        let to = min(bucket, text.count)
        print("  characters \(from + 1)…\(to): \(summary(Array(perKeystroke[from..<to])))")
        from = to
    }
    print("  all: \(summary(perKeystroke))")

    // One refilter at a few query lengths: the old filter against the incremental search.
    let messages = store.messages
    for length in [1, 10, 250, 1000] where length <= text.count {
        let query = String(text.prefix(length))
        let shorter = String(text.prefix(length - 1))
        var naive: [Double] = [], incremental: [Double] = []
        for _ in 0..<21 {
            var start = now()
            blackHole(naiveFilter(messages, query))
            naive.append(now() - start)
            blackHole(store.filtered(by: shorter))  // the state one keystroke earlier
            start = now()
            blackHole(store.filtered(by: query).count)
            incremental.append(now() - start)
        }
        naive.sort()
        incremental.sort()
        let ratio = naive[10] / max(incremental[10], 1e-9)
        print(
            "  refilter at \(length) characters: old \(milliseconds(naive[10])), incremental \(milliseconds(incremental[10])) (\(Int(ratio.rounded()))× less)"
        )
    }
    let worst = perKeystroke.sorted()[perKeystroke.count * 99 / 100]
    print(worst < 0.001 ? "typing p99 within 1 ms per keystroke" : "typing p99 above 1 ms per keystroke")
}
