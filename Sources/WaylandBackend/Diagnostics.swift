#if canImport(Glibc)
import Glibc
#endif

/// One line on standard error (`write(2)`; Glibc's `stderr` is a shared mutable global that
/// strict concurrency will not touch).
func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
