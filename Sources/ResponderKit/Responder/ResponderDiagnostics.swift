/// Where the core reports misuse it survives: a responder chain made cyclic by a `next` override, a
/// touch id ended twice, an action sent to a target that does not implement it, bad coordinates.
/// Nothing here throws or stops the app; the default handler prints one line to standard error.
@MainActor
public enum ResponderDiagnostics {
    /// What went wrong.
    public enum Message: CustomStringConvertible, Sendable {
        /// A walk along `next` reached `to` a second time, coming from `from`.
        case cycle(from: String, to: String)
        /// Input the router had to drop, and why.
        case droppedInput(String)
        /// An explicit action target that does not implement the action.
        case unhandledAction(Selector, target: String)
        /// Drawing could not do what was asked (an image that does not decode, no renderer).
        case drawing(String)
        /// A gesture recognizer was misused: an illegal state change, a failure requirement that
        /// would close a cycle.
        case gesture(String)
        /// A control was asked for something it cannot be (a segment index out of range).
        case control(String)
        /// A modal presentation or dismissal was refused or overlapped another one in flight
        /// (UIKit logs these as "Attempt to present … while a presentation is in progress").
        case presentation(String)
        /// Auto Layout could not do what the constraints ask: required constraints that conflict
        /// (UIKit's "Unable to simultaneously satisfy constraints"), or a constraint refused.
        case layout(String)

        static func cycle(from: Responder, to: Responder) -> Message {
            .cycle(from: "\(type(of: from))", to: "\(type(of: to))")
        }

        public var description: String {
            switch self {
            case let .cycle(from, to): return "responder chain cycle: \(from).next is \(to), which was already visited; the walk stops here"
            case let .droppedInput(why): return "input dropped: \(why)"
            case let .unhandledAction(sel, target): return "action \(sel) sent to \(target), which does not implement it"
            case let .drawing(why): return "drawing: \(why)"
            case let .gesture(why): return "gesture: \(why)"
            case let .control(why): return "control: \(why)"
            case let .presentation(why): return "presentation: \(why)"
            case let .layout(why): return "layout: \(why)"
            }
        }
    }

    /// Replace to collect diagnostics (tests do); the default prints to standard error.
    public static var handler: @MainActor (Message) -> Void = { message in
        var err = StandardError()
        print("ResponderKit: \(message)", to: &err)
    }

    static func report(_ message: Message) { handler(message) }
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        #if canImport(Glibc)
        _ = string.withCString { Glibc.write(2, $0, strlen($0)) }
        #else
        print(string, terminator: "")
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#endif
