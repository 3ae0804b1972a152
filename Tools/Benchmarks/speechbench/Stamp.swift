import BenchmarkSupport

#if canImport(Glibc)
import Glibc
#endif

/// `speechbench --stamp PATH`: a pipe stage in the private speech-dispatcher's audio pipeline. It
/// copies standard input to standard output and writes to PATH the `CLOCK_MONOTONIC` time (ns) at
/// which the first audio sample arrived (the first byte after the 44-byte WAV header espeak-ng
/// writes before it synthesizes anything).
func stampFirstSample(to path: String) -> Int32 {
    var buffer = [UInt8](repeating: 0, count: 65536)
    var total = 0
    var stamped = false
    while true {
        let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        guard n > 0 else { return 0 }
        total += n
        if !stamped, total > 44 {
            stamped = true
            let line = "\(monotonicNanoseconds())\n"
            let fd = open(path + ".part", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            if fd >= 0 {
                _ = line.withCString { write(fd, $0, strlen($0)) }
                close(fd)
                rename(path + ".part", path)
            }
        }
        var offset = 0
        while offset < n {
            let written = buffer.withUnsafeBytes { write(1, $0.baseAddress! + offset, n - offset) }
            guard written > 0 else { return 1 }
            offset += written
        }
    }
}
