import ChildProcesses
import Prerequisites
import SeededGenerators
import Testing

@testable import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

/// The solver against an independent Cassowary (Debian's `python3-kiwisolver`) on random,
/// well-determined systems from a seeded generator: after the first solve, and again after
/// incremental changes (constants shifted, constraints removed) that kiwisolver solves from
/// scratch. Values must agree within `tolerance`, and with the values the generator knows.
@Suite struct KiwisolverAgreementTests {
    static let systems = 200
    static let tolerance = 1e-6

    @Test(.requires(.kiwisolver)) func randomSystemsAgreeWithKiwisolver() throws {
        try Prerequisite.check([.kiwisolver])
        var template = Array("\(P_tmpdir)/layout-kiwi-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Subprocess.Failure("mkdtemp failed") }
        let folder = String(cString: made)
        var written: [String] = []
        defer {
            for path in written { unlink(path) }
            rmdir(folder)
        }
        let program = folder + "/solve.py"
        try write(RandomConstraintSystem.kiwiProgram, to: program)
        written.append(program)
        var generator = SplitMix64(seed: 23)
        var batch:
            [(system: RandomConstraintSystem, solver: SimplexSolver, shifts: [ObjectIdentifier: Double], removed: Set<ObjectIdentifier>, stage: String)] = []
        for index in 0..<Self.systems {
            let solver = SimplexSolver()
            var system = RandomConstraintSystem(solver: solver, generator: &generator, relativeBounds: true)
            for entry in system.entries { try solver.add(entry.constraint) }
            for (i, value) in system.expected.enumerated() {
                #expect(abs(solver.value(of: system.variables[i]) - value) < Self.tolerance, "system \(index) x\(i)")
            }
            batch.append((system, solver, [:], [], "first solve of system \(index)"))
            // Incremental: move some strong targets, drop some weak constraints.
            let after = SimplexSolver()
            system = RandomConstraintSystem(solver: after, generator: &generator, relativeBounds: false)
            for entry in system.entries { try after.add(entry.constraint) }
            var shifts: [ObjectIdentifier: Double] = [:]
            var removed: Set<ObjectIdentifier> = []
            for entry in system.entries {
                if let variable = entry.movable, generator.chance(0.5), let band = system.bands[variable] {
                    let delta = Double(generator.int(-300...300))
                    try after.shiftConstant(of: entry.constraint, by: delta)
                    shifts[ObjectIdentifier(entry.constraint)] = delta
                    // target' = target - delta (the expression is `x - target`).
                    system.bands[variable] = (band.low, band.high, band.target - delta)
                } else if entry.constraint.strength == SolverStrength.weak, generator.chance(0.5) {
                    try after.remove(entry.constraint)
                    removed.insert(ObjectIdentifier(entry.constraint))
                }
            }
            batch.append((system, after, shifts, removed, "incremental changes of system \(index)"))
        }
        // One python3 run solves them all: a system per block, one line of values per system.
        let input = folder + "/systems.txt"
        try write(batch.map { $0.system.script(shifts: $0.shifts, removed: $0.removed) }.joined(), to: input)
        written.append(input)
        let result = try Subprocess.run(["/usr/bin/python3", program, input], timeout: 120)
        try #require(result.status == 0, "kiwisolver failed: \(result.output)")
        let lines = result.output.split(separator: "\n")
        try #require(lines.count == batch.count, "kiwisolver answered \(lines.count) of \(batch.count) systems: \(result.output)")
        var deviation = 0.0
        for (item, line) in zip(batch, lines) {
            let values = line.split(separator: " ").compactMap { Double($0) }
            try #require(values.count == item.system.variables.count, "\(item.stage): \(line)")
            for (i, kiwi) in values.enumerated() {
                let ours = item.solver.value(of: item.system.variables[i])
                deviation = max(deviation, abs(ours - kiwi))
                #expect(abs(ours - kiwi) < Self.tolerance, "\(item.stage), x\(i): ours \(ours), kiwisolver \(kiwi)")
            }
        }
        print("kiwisolver agreement: \(batch.count) systems (\(Self.systems) random, each also changed incrementally), max deviation \(deviation)")
    }

    private func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw Subprocess.Failure("cannot write \(path)") }
        defer { fclose(file) }
        fputs(text, file)
    }
}
