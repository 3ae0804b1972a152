#if canImport(Glibc)
import Glibc
#endif

/// Writes to standard error (fd 2) without touching Glibc's mutable `stderr` global.
func printError(_ message: String) {
    let line = message + "\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}
