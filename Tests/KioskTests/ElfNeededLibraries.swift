import ResponderKitTesting

/// The shared libraries an ELF executable asks the dynamic loader for: its `DT_NEEDED` entries,
/// read from the file as `readelf -d` shows them (64-bit little-endian ELF, the only kind this
/// package builds on Linux). The `PT_DYNAMIC` segment holds the entries; each `DT_NEEDED` value is
/// an offset into the string table that `DT_STRTAB` gives as a virtual address, mapped to a file
/// offset through the `PT_LOAD` segments.
struct ElfNeededLibraries {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// The `DT_NEEDED` names, in file order.
    let names: [String]

    /// Reads `path` (at most 1 GiB).
    init(path: String) throws {
        let bytes = try TextFile.readBytes(path, limit: 1 << 30)
        names = try Self.parse(bytes, file: path)
    }

    private static func parse(_ bytes: [UInt8], file: String) throws -> [String] {
        func fail(_ why: String) -> Malformed { Malformed(description: "\(file): \(why)") }
        func integer(_ offset: Int, _ size: Int) throws -> Int {
            guard offset >= 0, offset + size <= bytes.count else { throw fail("field at \(offset) is past the end") }
            var value: UInt64 = 0
            for i in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + i]) }
            guard value <= UInt64(Int.max) else { throw fail("field at \(offset) is out of range") }
            return Int(value)
        }
        guard bytes.count >= 64, bytes[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]) else { throw fail("not an ELF file") }
        guard bytes[4] == 2, bytes[5] == 1 else { throw fail("not a 64-bit little-endian ELF file") }
        let programHeaders = try integer(0x20, 8), entrySize = try integer(0x36, 2), count = try integer(0x38, 2)
        var loads: [(address: Int, offset: Int, size: Int)] = []
        var dynamic: (offset: Int, size: Int)?
        for index in 0..<count {
            let header = programHeaders + index * entrySize
            let type = try integer(header, 4)
            let offset = try integer(header + 8, 8), address = try integer(header + 16, 8), size = try integer(header + 32, 8)
            if type == 1 { loads.append((address, offset, size)) }  // PT_LOAD
            if type == 2 { dynamic = (offset, size) }  // PT_DYNAMIC
        }
        guard let dynamic else { return [] }  // a static executable needs nothing
        var needed: [Int] = []
        var stringTable: Int?
        var entry = dynamic.offset
        while entry + 16 <= dynamic.offset + dynamic.size {
            let tag = try integer(entry, 8), value = try integer(entry + 8, 8)
            if tag == 0 { break }  // DT_NULL
            if tag == 1 { needed.append(value) }  // DT_NEEDED
            if tag == 5 { stringTable = value }  // DT_STRTAB
            entry += 16
        }
        guard let address = stringTable else { throw fail("DT_NEEDED entries without DT_STRTAB") }
        guard let load = loads.first(where: { address >= $0.address && address < $0.address + $0.size }) else {
            throw fail("DT_STRTAB \(address) is in no PT_LOAD segment")
        }
        let table = address - load.address + load.offset
        return try needed.map { offset in
            var end = table + offset
            guard end < bytes.count else { throw fail("DT_NEEDED name at \(end) is past the end") }
            while end < bytes.count, bytes[end] != 0 { end += 1 }
            return String(decoding: bytes[(table + offset)..<end], as: UTF8.self)
        }
    }
}
