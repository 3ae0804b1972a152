import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Something a test needs from the machine, and whether its absence is a skip or a failure.
///
/// Why: a test that returns early when a tool is missing passes without having run, and a broken
/// machine then looks green. Tests declare what they need with the `.requires(…)` trait instead:
/// a missing prerequisite shows as a skip with its reason. Under continuous integration
/// (`CI=true` or `CI=1`, see `isCI`) a prerequisite that `Tools/setup.sh` installs must be there: the trait lets the test
/// run and `Prerequisite.check` fails it, naming what is missing. Prerequisites that no script can
/// provide (running as root, `../shared` beside the clone, kernel mount namespaces) stay skips.
public struct Prerequisite: Sendable, CustomStringConvertible {
    /// What is needed, as a reader would look for it ("sway", "libseat.so.1", "root").
    public let name: String
    /// How to get it, for the skip and failure messages.
    public let remedy: String
    /// True when `Tools/setup.sh` installs it: then it is required under CI.
    public let installedBySetup: Bool
    private let probe: @Sendable () -> Bool

    public init(_ name: String, remedy: String, installedBySetup: Bool, probe: @escaping @Sendable () -> Bool) {
        self.name = name
        self.remedy = remedy
        self.installedBySetup = installedBySetup
        self.probe = probe
    }

    public var description: String { name }

    /// Whether the machine has it now.
    public var isPresent: Bool { probe() }

    /// True when the `CI` environment variable says this is a CI run (`true` or `1`, any case):
    /// the one definition every suite uses, so no suite skips under `CI=1` what another fails.
    public static var isCI: Bool { isCI(variable: getenv("CI").map { String(cString: $0) }) }

    /// Whether a value of the `CI` variable (nil: unset) means a CI run: `true` or `1`, any case,
    /// as GitHub Actions, GitLab and most CI services set it.
    public static func isCI(variable value: String?) -> Bool {
        guard let text = value?.lowercased() else { return false }
        return text == "true" || text == "1"
    }

    /// Whether a test needing `prerequisites` should run: all present, or the missing ones are
    /// installed by setup.sh and this is CI (where their absence must fail, not skip).
    public static func shouldRun(_ prerequisites: [Prerequisite], isCI: Bool = Prerequisite.isCI) -> Bool {
        prerequisites.allSatisfy { $0.isPresent || ($0.installedBySetup && isCI) }
    }

    /// Why a test needing `prerequisites` is skipped (the missing ones and their remedies).
    public static func skipReason(_ prerequisites: [Prerequisite]) -> String {
        let missing = prerequisites.filter { !$0.isPresent }
        guard !missing.isEmpty else { return "needs " + prerequisites.map(\.name).joined(separator: ", ") }
        return "missing " + missing.map { "\($0.name) (\($0.remedy))" }.joined(separator: "; ")
    }

    /// Records a failure for each missing prerequisite and throws when any is missing. Tests call
    /// it first: under CI the trait lets them run, and this is where the absence fails clearly.
    public static func check(_ prerequisites: [Prerequisite], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let missing = prerequisites.filter { !$0.isPresent }
        for prerequisite in missing {
            let why = isCI && prerequisite.installedBySetup ? "CI requires what Tools/setup.sh installs" : "cannot run without it"
            Issue.record("\(prerequisite.name) is missing (\(prerequisite.remedy)); \(why)", sourceLocation: sourceLocation)
        }
        if !missing.isEmpty { throw Missing(names: missing.map(\.name)) }
    }

    public struct Missing: Error, CustomStringConvertible {
        public let names: [String]
        public var description: String { "missing prerequisites: \(names.joined(separator: ", "))" }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when `prerequisites` are present; under CI also when a missing one
    /// is installed by `Tools/setup.sh` (the test must then fail through `Prerequisite.check`).
    public static func requires(_ prerequisites: Prerequisite..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        requires(prerequisites, sourceLocation: sourceLocation)
    }

    public static func requires(_ prerequisites: [Prerequisite], sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .enabled(
            if: Prerequisite.shouldRun(prerequisites), Comment(rawValue: Prerequisite.skipReason(prerequisites)),
            sourceLocation: sourceLocation)
    }
}
