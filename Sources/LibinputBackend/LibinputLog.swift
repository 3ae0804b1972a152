import CLibinput

#if canImport(Glibc)
import Glibc
#endif

/// Routes libinput's own log (why a device was ignored, quirks applied…) to standard error with a
/// "libinput:" prefix. The corresponding calls are `libinput_log_set_handler` and
/// `libinput_log_set_priority`; the handler formats libinput's `va_list` with `vsnprintf`.
enum LibinputLog {
    static func enableVerbose(_ context: OpaquePointer) {
        libinput_log_set_priority(context, LIBINPUT_LOG_PRIORITY_DEBUG)
        libinput_log_set_handler(context) { _, _, format, arguments in
            guard let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 1024)
            let n = vsnprintf(&buffer, buffer.count, format, arguments)
            guard n > 0 else { return }
            let text = "libinput: " + String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        }
    }
}
