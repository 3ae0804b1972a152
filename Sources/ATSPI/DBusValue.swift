/// One D-Bus value with its type, as the AT-SPI bridge builds replies and signals and reads
/// arguments: the marshalling is plain Swift data until `DBusMessage` appends it through libdbus,
/// so the role, state and reply shapes are testable without a bus.
public indirect enum DBusValue: Equatable, Sendable {
    /// `y`
    case byte(UInt8)
    /// `b`
    case boolean(Bool)
    /// `i`
    case int32(Int32)
    /// `u`
    case uint32(UInt32)
    /// `x`
    case int64(Int64)
    /// `t`
    case uint64(UInt64)
    /// `d`
    case double(Double)
    /// `s`
    case string(String)
    /// `o`: a valid object path (the bridge makes its own).
    case objectPath(String)
    /// `g`
    case signature(String)
    /// `a…`: the element signature is kept so an empty array still has its type.
    case array(elementSignature: String, [DBusValue])
    /// `(…)`
    case structure([DBusValue])
    /// `{kv}`, only inside an array.
    case dictionaryEntry(DBusValue, DBusValue)
    /// `v`
    case variant(DBusValue)

    /// The value's D-Bus type signature (`(so)`, `a{sv}`…).
    /// - Complexity: O(size of the value's type).
    public var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case let .array(element, _): "a" + element
        case let .structure(fields): "(" + fields.map(\.signature).joined() + ")"
        case let .dictionaryEntry(key, value): "{" + key.signature + value.signature + "}"
        case .variant: "v"
        }
    }

    /// An array of strings (`as`).
    public static func strings(_ values: [String]) -> DBusValue { .array(elementSignature: "s", values.map(DBusValue.string)) }

    /// A string-to-string dictionary (`a{ss}`), keys sorted so replies are stable.
    public static func stringDictionary(_ values: [String: String]) -> DBusValue {
        .array(
            elementSignature: "{ss}",
            values.keys.sorted().map { .dictionaryEntry(.string($0), .string(values[$0] ?? "")) })
    }

    /// An empty `a{sv}` (the properties argument of AT-SPI's events).
    public static let emptyProperties = DBusValue.array(elementSignature: "{sv}", [])

    /// The string of an `s`, `o` or `g` value, else nil.
    public var stringValue: String? {
        switch self {
        case let .string(text), let .objectPath(text), let .signature(text): text
        case let .variant(inner): inner.stringValue
        default: nil
        }
    }

    /// The number of an integer value (of any width), else nil.
    public var integerValue: Int64? {
        switch self {
        case let .byte(v): Int64(v)
        case let .int32(v): Int64(v)
        case let .uint32(v): Int64(v)
        case let .int64(v): v
        case let .uint64(v): Int64(exactly: v)
        case let .variant(inner): inner.integerValue
        default: nil
        }
    }

    /// The number of a `d` or integer value, else nil.
    public var doubleValue: Double? {
        if case let .double(v) = self { return v }
        if case let .variant(inner) = self { return inner.doubleValue }
        return integerValue.map(Double.init)
    }
}
