/// The D-Bus specification's rules for names, checked before libdbus sees them: libdbus treats
/// an invalid path or member as a programming error (a warning and a refused call), the bridge
/// wants a clear failure instead.
enum DBusNames {
    /// `/`, or `/`-separated non-empty elements of `[A-Za-z0-9_]`.
    static func isValidObjectPath(_ path: String) -> Bool {
        guard path.first == "/" else { return false }
        if path == "/" { return true }
        let elements = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return elements.allSatisfy { element in
            !element.isEmpty && element.utf8.allSatisfy { isNameByte($0) }
        }
    }

    /// 1–255 bytes of `[A-Za-z0-9_]`, not starting with a digit.
    static func isValidMember(_ member: String) -> Bool {
        let bytes = member.utf8
        guard let first = bytes.first, bytes.count <= 255, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return bytes.allSatisfy { isNameByte($0) }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }
}
