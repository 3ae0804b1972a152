import CXKBCommon

#if canImport(Glibc)
import Glibc
#endif

/// The compose sequences of a locale (dead keys, `Multi_key` sequences), from the X11 Compose
/// files libxkbcommon reads for that locale. The corresponding C object is
/// `struct xkb_compose_table` (`xkb_compose_table_new_from_locale`).
public final class ComposeTable: @unchecked Sendable {
    // Immutable after init.
    let table: OpaquePointer
    private let context: OpaquePointer
    /// The locale the table was built for (e.g. `en_US.UTF-8`).
    public let locale: String

    /// The table for `locale`; nil when the locale has none (the C/POSIX locale, or libx11-data
    /// is not installed), in which case dead keys type nothing special.
    public init?(locale: String = ComposeTable.currentLocale) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        guard let table = xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            return nil
        }
        self.context = context
        self.table = table
        self.locale = locale
    }

    deinit {
        xkb_compose_table_unref(table)
        xkb_context_unref(context)
    }

    /// The locale the process runs in for text: `LC_ALL`, else `LC_CTYPE`, else `LANG`, else "C"
    /// (the order setlocale uses).
    public static var currentLocale: String {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = getenv(name), value.pointee != 0 { return String(cString: value) }
        }
        return "C"
    }
}
