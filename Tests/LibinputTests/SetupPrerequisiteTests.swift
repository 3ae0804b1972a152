import Prerequisites
import Testing

/// Under CI (`CI=true`) everything `Tools/setup.sh` installs must be present: a missing package
/// fails here by name, and the tests needing it run (and fail) instead of being skipped. Outside
/// CI the same absence is a skip with its reason.
@Suite struct SetupPrerequisiteTests {
    @Test(.enabled(if: Prerequisite.isCI, "only under CI (CI=true or CI=1; outside CI a missing package skips the tests needing it)"))
    func everythingSetupInstallsIsPresentUnderCI() throws {
        try Prerequisite.check(Prerequisite.allInstalledBySetup)
    }

    @Test func missingSetupPackagesSkipOnlyOutsideCI() {
        let package = Prerequisite("a package setup.sh installs", remedy: "setup.sh", installedBySetup: true) { false }
        let shared = Prerequisite("../shared", remedy: "beside the clone", installedBySetup: false) { false }
        let present = Prerequisite("present", remedy: "", installedBySetup: true) { true }
        #expect(Prerequisite.shouldRun([present], isCI: false))
        #expect(!Prerequisite.shouldRun([package], isCI: false))
        #expect(Prerequisite.shouldRun([package], isCI: true), "under CI the test runs, and its check fails")
        #expect(!Prerequisite.shouldRun([shared], isCI: true), "what setup.sh cannot install stays a skip under CI")
        #expect(!Prerequisite.shouldRun([package, shared], isCI: true))
        #expect(Prerequisite.skipReason([package, present]) == "missing a package setup.sh installs (setup.sh)")
    }

    @Test func checkFailsNamingWhatIsMissing() throws {
        let missing = Prerequisite("frobnicator", remedy: "install it", installedBySetup: true) { false }
        try withKnownIssue("check records an issue naming the missing prerequisite, then throws") {
            try Prerequisite.check([missing])
        } matching: { issue in
            String(describing: issue).contains("frobnicator")
        }
        let present = Prerequisite("present", remedy: "", installedBySetup: true) { true }
        #expect(throws: Never.self) { try Prerequisite.check([present]) }
    }
    /// A latency test that needs the machine to itself runs only when the run selects nothing else.
    @Test func aRunOfItsOwnIsOneWhoseFiltersAllNameTheTest() {
        let binary = "ResponderKitPackageTests.xctest"
        let names = ["tenFingersFor30SecondsStayFlat"]
        #expect(!Prerequisite.selectsOnly(names, arguments: [binary, "--testing-library", "swift-testing"]), "the whole suite")
        #expect(Prerequisite.selectsOnly(names, arguments: [binary, "--filter", "tenFingersFor30SecondsStayFlat"]))
        #expect(
            Prerequisite.selectsOnly(names, arguments: [binary, "--filter", "SoakTests/tenFingersFor30SecondsStayFlat", "--testing-library", "swift-testing"]),
            "a child run")
        #expect(Prerequisite.selectsOnly(names, arguments: [binary, "--filter=tenFingersFor30SecondsStayFlat"]))
        #expect(!Prerequisite.selectsOnly(names, arguments: [binary, "--filter", "SoakTests"]), "the suite also holds other tests")
        #expect(
            !Prerequisite.selectsOnly(names, arguments: [binary, "--filter", "tenFingersFor30SecondsStayFlat", "--filter", "Renderer"]),
            "one filter names something else")
        #expect(!Prerequisite.selectsOnly(names, arguments: [binary, "--skip", "tenFingersFor30SecondsStayFlat"]))
    }
}
