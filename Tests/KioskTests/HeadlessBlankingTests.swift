import Prerequisites
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `--blank-after` on the headless target (manual clock): the trace records "blanked" at exactly
/// the timeout after the last input, the tap that wakes the screen is swallowed (nothing
/// delivered, no tile selected), and the next tap selects the tile.
@MainActor
@Suite("Main command, headless blanking", .serialized, .requires(MainCommand.program))
struct HeadlessBlankingTests {
    @Test func blanksAtTheTimeoutAndSwallowsTheWakingTap() throws {
        let folder = try MainCommand.temporaryFolder()
        let script = """
            board 3 3 order 2 1 3 4 6 5 7 8 9
            wait 9.9
            tap 2 2
            wait 9.9
            wait 0.2
            tap 0 0
            tap 0 0
            """
        #expect(
            script.withCString { text in
                let fd = open(folder + "/blank.txt", O_CREAT | O_WRONLY | O_TRUNC, 0o600)
                defer { close(fd) }
                return write(fd, text, strlen(text)) == strlen(text)
            })
        let run = MainCommand.run(["--target", "headless", "--script", "blank.txt", "--blank-after", "10"], in: folder)
        #expect(run.status == 0, "stderr: \(run.errors)\nstdout: \(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        // 9.9 s idle: still on; the tap at 9.9 s re-arms, so the screen blanks at 19.9 s — on the
        // 60 Hz frame clock of `wait 0.2` (its first step ends at 19.9 + 1/60 s).
        let blanked = lines.filter { $0.contains("blanked") }
        #expect(blanked.count == 1 && blanked.first?.hasPrefix("line 5 t=19900ms") == true, "\(blanked)")
        // The tap that wakes it is swallowed: nothing delivered, no selection.
        let taps = lines.filter { $0.contains("tap cell (0,0)") }
        #expect(taps.count == 2)
        #expect(taps.first?.contains("chain (nothing delivered)") == true, "\(taps)")
        #expect(lines.contains { $0.contains("woke; the waking input is swallowed") })
        // The next one is the Board's, as always.
        #expect(taps.last?.contains("hit Tile 2; chain Tile 2 > Board") == true, "\(taps)")
        #expect(run.output.contains("input clean: true"))
        // A bad value is a usage error.
        let bad = MainCommand.run(["--target", "headless", "--blank-after", "0"], in: folder)
        #expect(bad.status == 2 && bad.errors.contains("--blank-after must be a positive number of seconds"), "\(bad.errors)")
    }
}
