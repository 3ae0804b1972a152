#if canImport(Glibc)
import Glibc
#endif

/// What the rest of the machine did while a soak window ran: CPU time spent outside this process,
/// and time the hypervisor gave this VM's CPUs to other guests (steal).
///
/// Why: the soak's latency runs from the kernel's event time to the app, through the emulated
/// node's pty, whose writes a kernel worker at normal priority hands on. When other processes keep
/// the cores busy, that worker waits, and the latency climbs while the app's own CPU per frame
/// stays flat. Printing the machine's load beside each window tells a slow app from a busy machine.
public struct MachineLoad: Sendable, Equatable {
    /// Clock ticks (`sysconf(_SC_CLK_TCK)`) the CPUs were busy, all processes and the kernel (the
    /// `cpu` line of `/proc/stat`: user, nice, system, irq, softirq).
    public var busyTicks: Int
    /// Clock ticks stolen by the hypervisor (`steal` on that line).
    public var stealTicks: Int
    /// Clock ticks of this process, all its threads (`utime` + `stime` in `/proc/self/stat`).
    public var ownTicks: Int
    /// `CLOCK_MONOTONIC`, nanoseconds.
    public var taken: UInt64

    public init(busyTicks: Int, stealTicks: Int, ownTicks: Int, taken: UInt64) {
        self.busyTicks = busyTicks
        self.stealTicks = stealTicks
        self.ownTicks = ownTicks
        self.taken = taken
    }

    /// Reads the counters now; zero for a counter the system does not provide.
    /// - Complexity: two small reads of /proc.
    public static func now() -> MachineLoad {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        var load = MachineLoad(busyTicks: 0, stealTicks: 0, ownTicks: 0, taken: UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec))
        if let stat = firstLine(of: "/proc/stat") {
            // "cpu  user nice system idle iowait irq softirq steal guest guest_nice"
            let fields = stat.split(separator: " ").dropFirst().compactMap { Int($0) }
            if fields.count >= 8 {
                load.busyTicks = fields[0] + fields[1] + fields[2] + fields[5] + fields[6]
                load.stealTicks = fields[7]
            }
        }
        if let own = firstLine(of: "/proc/self/stat"), let close = own.lastIndex(of: ")") {
            // "pid (comm) state ppid …": utime and stime are fields 14 and 15, the 12th and 13th
            // after the command name (which may hold spaces, hence the split after its ")").
            let fields = own[own.index(after: close)...].split(separator: " ")
            if fields.count >= 13, let user = Int(fields[11]), let system = Int(fields[12]) { load.ownTicks = user + system }
        }
        return load
    }

    /// Since `earlier`: CPU busy outside this process, in cores (1.0 = one core all the time), and
    /// the share of one core's time stolen by the hypervisor, 0…cores.
    public func since(_ earlier: MachineLoad) -> (otherCores: Double, stolenCores: Double) {
        let seconds = Double(taken &- earlier.taken) / 1e9
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard seconds > 0, hz > 0 else { return (0, 0) }
        let others = max(0, (busyTicks - earlier.busyTicks) - (ownTicks - earlier.ownTicks))
        return (Double(others) / hz / seconds, Double(max(0, stealTicks - earlier.stealTicks)) / hz / seconds)
    }

    static func firstLine(of path: String) -> Substring? {
        ProcFile.read(path, capacity: 1024)?.split(separator: "\n").first
    }
}
