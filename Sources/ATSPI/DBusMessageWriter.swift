import CDBus

/// The D-Bus type codes (`DBUS_TYPE_*`: the C macros are casts Swift does not import).
enum DBusTypeCode {
    static let byte = code("y")
    static let boolean = code("b")
    static let int16 = code("n")
    static let uint16 = code("q")
    static let int32 = code("i")
    static let uint32 = code("u")
    static let int64 = code("x")
    static let uint64 = code("t")
    static let double = code("d")
    static let string = code("s")
    static let objectPath = code("o")
    static let signature = code("g")
    static let array = code("a")
    static let structure = code("r")
    static let dictionaryEntry = code("e")
    static let variant = code("v")
    static let invalid: Int32 = 0

    private static func code(_ character: Unicode.Scalar) -> Int32 { Int32(character.value) }
}

/// Appends `DBusValue`s to a message through libdbus's iterators
/// (`dbus_message_iter_append_basic`, `dbus_message_iter_open_container`,
/// `dbus_message_iter_close_container`).
enum DBusMessageWriter {
    /// Appends `value` at `iter`; false when libdbus refused (out of memory, or a string it
    /// rejects: not UTF-8 — Swift's strings always are — or an invalid path or signature).
    /// - Complexity: O(size of the value).
    static func append(_ value: DBusValue, to iter: inout DBusMessageIter) -> Bool {
        switch value {
        case var .byte(v): return dbus_message_iter_append_basic(&iter, DBusTypeCode.byte, &v) != 0
        case let .boolean(b):
            var v: dbus_bool_t = b ? 1 : 0
            return dbus_message_iter_append_basic(&iter, DBusTypeCode.boolean, &v) != 0
        case var .int32(v): return dbus_message_iter_append_basic(&iter, DBusTypeCode.int32, &v) != 0
        case var .uint32(v): return dbus_message_iter_append_basic(&iter, DBusTypeCode.uint32, &v) != 0
        case var .int64(v): return dbus_message_iter_append_basic(&iter, DBusTypeCode.int64, &v) != 0
        case var .uint64(v): return dbus_message_iter_append_basic(&iter, DBusTypeCode.uint64, &v) != 0
        case var .double(v): return dbus_message_iter_append_basic(&iter, DBusTypeCode.double, &v) != 0
        case let .string(text): return appendString(text, type: DBusTypeCode.string, to: &iter)
        case let .objectPath(path):
            guard DBusNames.isValidObjectPath(path) else { return false }
            return appendString(path, type: DBusTypeCode.objectPath, to: &iter)
        case let .signature(text): return appendString(text, type: DBusTypeCode.signature, to: &iter)
        case let .array(elementSignature, items):
            return appendContainer(DBusTypeCode.array, signature: elementSignature, items, to: &iter)
        case let .structure(fields): return appendContainer(DBusTypeCode.structure, signature: nil, fields, to: &iter)
        case let .dictionaryEntry(key, entry): return appendContainer(DBusTypeCode.dictionaryEntry, signature: nil, [key, entry], to: &iter)
        case let .variant(inner): return appendContainer(DBusTypeCode.variant, signature: inner.signature, [inner], to: &iter)
        }
    }

    /// libdbus takes a string as a pointer to its `const char *`; the text is cut at a NUL
    /// (D-Bus strings hold none).
    private static func appendString(_ text: String, type: Int32, to iter: inout DBusMessageIter) -> Bool {
        text.withCString { characters in
            // Invariant: `characters` lives for this closure, and libdbus copies the string.
            var pointer: UnsafePointer<CChar>? = characters
            return dbus_message_iter_append_basic(&iter, type, &pointer) != 0
        }
    }

    private static func appendContainer(_ type: Int32, signature: String?, _ items: [DBusValue], to iter: inout DBusMessageIter) -> Bool {
        var sub = DBusMessageIter()
        guard dbus_message_iter_open_container(&iter, type, signature, &sub) != 0 else { return false }
        var ok = true
        for item in items where ok { ok = append(item, to: &sub) }
        guard ok else {
            dbus_message_iter_abandon_container(&iter, &sub)
            return false
        }
        return dbus_message_iter_close_container(&iter, &sub) != 0
    }
}

/// Reads a message's arguments into `DBusValue`s (`dbus_message_iter_get_arg_type`,
/// `dbus_message_iter_get_basic`, `dbus_message_iter_recurse`, `dbus_message_iter_next`).
enum DBusMessageReader {
    /// The values from `iter` to the end of its container.
    /// - Complexity: O(size of the arguments).
    static func readAll(_ iter: inout DBusMessageIter) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&iter) != DBusTypeCode.invalid {
            if let value = read(&iter) { values.append(value) }
            dbus_message_iter_next(&iter)
        }
        return values
    }

    /// The value at `iter` (nil for a Unix fd or an unknown type).
    private static func read(_ iter: inout DBusMessageIter) -> DBusValue? {
        let type = dbus_message_iter_get_arg_type(&iter)
        switch type {
        case DBusTypeCode.byte: return .byte(basic(&iter, UInt8(0)))
        case DBusTypeCode.boolean: return .boolean(basic(&iter, dbus_bool_t(0)) != 0)
        case DBusTypeCode.int16: return .int32(Int32(basic(&iter, Int16(0))))
        case DBusTypeCode.uint16: return .uint32(UInt32(basic(&iter, UInt16(0))))
        case DBusTypeCode.int32: return .int32(basic(&iter, Int32(0)))
        case DBusTypeCode.uint32: return .uint32(basic(&iter, UInt32(0)))
        case DBusTypeCode.int64: return .int64(basic(&iter, Int64(0)))
        case DBusTypeCode.uint64: return .uint64(basic(&iter, UInt64(0)))
        case DBusTypeCode.double: return .double(basic(&iter, Double(0)))
        case DBusTypeCode.string, DBusTypeCode.objectPath, DBusTypeCode.signature:
            // Invariant: libdbus points into the message, valid while the message lives; copied now.
            let text = basic(&iter, UnsafePointer<CChar>?.none).map { String(cString: $0) } ?? ""
            if type == DBusTypeCode.string { return .string(text) }
            return type == DBusTypeCode.objectPath ? .objectPath(text) : .signature(text)
        case DBusTypeCode.array:
            let signature = currentSignature(&iter)
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .array(elementSignature: String(signature.dropFirst()), readAll(&sub))
        case DBusTypeCode.structure:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .structure(readAll(&sub))
        case DBusTypeCode.dictionaryEntry:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            let pair = readAll(&sub)
            guard pair.count == 2 else { return nil }
            return .dictionaryEntry(pair[0], pair[1])
        case DBusTypeCode.variant:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return readAll(&sub).first.map(DBusValue.variant)
        default:
            return nil
        }
    }

    /// The basic value at `iter`, of the type `initial` has (the caller checked the type code).
    private static func basic<T>(_ iter: inout DBusMessageIter, _ initial: T) -> T {
        var value = initial
        dbus_message_iter_get_basic(&iter, &value)
        return value
    }

    /// The signature of the value at `iter` (`dbus_message_iter_get_signature`, freed with `dbus_free`).
    private static func currentSignature(_ iter: inout DBusMessageIter) -> String {
        guard let characters = dbus_message_iter_get_signature(&iter) else { return "" }
        defer { dbus_free(characters) }
        return String(cString: characters)
    }
}
