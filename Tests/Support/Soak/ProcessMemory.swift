import CHeapStatistics

#if canImport(Glibc)
import Glibc
#endif

/// The memory this process holds, read from `/proc/self/status` (`VmRSS`, `RssAnon`) and glibc's
/// allocator (`mallinfo2`: bytes handed out by malloc and not freed).
///
/// Why three figures: resident memory is what a kiosk's operator sees, but it also grows when
/// pages of shared libraries and fonts are first touched, and glibc keeps freed memory in its
/// arenas; `RssAnon` leaves the file-backed pages out, and the allocator's in-use count sees a
/// leak of a few objects per second that pages would hide for minutes.
public struct ProcessMemory: Sendable, Equatable {
    /// Resident set size (`VmRSS`), bytes.
    public var resident: Int
    /// Resident anonymous memory (`RssAnon`: heap, stacks, private mappings), bytes.
    public var residentAnonymous: Int
    /// Bytes allocated by malloc and not yet freed (`mallinfo2().uordblks + hblkhd`).
    public var heapInUse: Int

    public init(resident: Int, residentAnonymous: Int, heapInUse: Int) {
        self.resident = resident
        self.residentAnonymous = residentAnonymous
        self.heapInUse = heapInUse
    }

    /// Reads the figures now. Zero for a figure the system does not provide.
    /// - Complexity: one read of /proc/self/status (about 1.5 KB) and one `mallinfo2` call.
    public static func now() -> ProcessMemory {
        var memory = ProcessMemory(resident: 0, residentAnonymous: 0, heapInUse: 0)
        memory.heapInUse = Int(heap_statistics_in_use())
        guard let text = ProcFile.read("/proc/self/status", capacity: 8192) else { return memory }
        for line in text.split(separator: "\n") {
            // "VmRSS:	   12345 kB"
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count >= 2, let kilobytes = Int(parts[1]) else { continue }
            if parts[0] == "VmRSS:" { memory.resident = kilobytes * 1024 }
            if parts[0] == "RssAnon:" { memory.residentAnonymous = kilobytes * 1024 }
        }
        return memory
    }

    /// "41.2 MB" (decimal megabytes, one decimal).
    public static func megabytes(_ bytes: Int) -> String {
        let tenths = (Double(bytes) / 100_000).rounded()
        return "\(tenths / 10) MB"
    }

    /// A growth: "+12 KB" below a megabyte, else "+1.5 MB" (decimal units).
    public static func signedMegabytes(_ bytes: Int) -> String {
        let sign = bytes >= 0 ? "+" : "-"
        let size = bytes.magnitude
        return size < 1_000_000 ? "\(sign)\((size + 500) / 1000) KB" : sign + megabytes(Int(size))
    }
}
