/// Writes the two files umockdev needs for an emulated evdev node: the sysfs/udev description
/// (`.umockdev`, read by `umockdev_testbed_add_from_string`) and the ioctl record (`.ioctl`,
/// read by `umockdev_testbed_load_ioctl`).
///
/// The ioctl record answers exactly the requests libevdev 1.13 makes, at exactly the buffer sizes it
/// asks for (`EVIOCGNAME` 255 bytes, `EVIOCGBIT(EV_KEY)` 96 bytes…): umockdev replays by request
/// and size, and a mismatch makes libinput drop the device without a message.
public enum UMockdevRecord {
    /// Bytes libevdev asks for per `EVIOCGBIT(type)`: `NLONGS(TYPE_CNT) * 8` on LP64.
    static let bitSizes: [Int: Int] = [
        0: 8, EvdevCode.EV_KEY: 96, EvdevCode.EV_REL: 8, EvdevCode.EV_ABS: 8,
        EvdevCode.EV_MSC: 8, EvdevCode.EV_SW: 8, EvdevCode.EV_LED: 8,
        EvdevCode.EV_SND: 8, EvdevCode.EV_FF: 16
    ]

    /// The sysfs path of `/dev/input/event<number>`'s device.
    public static func sysfsPath(event number: Int) -> String { "/sys/devices/virtual/input/input\(number)/event\(number)" }

    /// The `.umockdev` text: the event node and its parent input device with capabilities and udev properties.
    public static func description(of spec: EvdevDeviceSpec, event number: Int) -> String {
        let minor = 64 + number
        let parent = "/devices/virtual/input/input\(number)"
        let types = spec.events.keys.sorted()
        var lines = [
            "P: \(parent)/event\(number)", "N: input/event\(number)", "E: DEVNAME=/dev/input/event\(number)",
            "E: SUBSYSTEM=input", "E: MAJOR=13", "E: MINOR=\(minor)"
        ]
        lines += spec.udevProperties.map { "E: \($0)" }
        lines += ["A: dev=13:\(minor)", "L: device=../../input\(number)", ""]
        lines += [
            "P: \(parent)", "E: SUBSYSTEM=input", "E: NAME=\"\(spec.name)\"",
            "E: PRODUCT=\(hex(spec.bus))/\(hex(spec.vendor))/\(hex(spec.product))/\(hex(spec.version))",
            "E: PROP=\(sysfsBits(spec.properties))", "E: EV=\(sysfsBits(types))"
        ]
        for (type, label) in [(EvdevCode.EV_KEY, "KEY"), (EvdevCode.EV_REL, "REL"), (EvdevCode.EV_ABS, "ABS"), (EvdevCode.EV_MSC, "MSC")] {
            if let codes = spec.events[type] { lines.append("E: \(label)=\(sysfsBits(codes))") }
        }
        lines += spec.udevProperties.map { "E: \($0)" }
        lines += [
            "A: name=\(spec.name)", "A: phys=", "A: uniq=", "A: properties=\(sysfsBits(spec.properties))",
            "A: id/bustype=\(hex4(spec.bus))", "A: id/vendor=\(hex4(spec.vendor))",
            "A: id/product=\(hex4(spec.product))", "A: id/version=\(hex4(spec.version))",
            "A: capabilities/ev=\(sysfsBits(types))"
        ]
        for (type, label) in [
            (EvdevCode.EV_KEY, "key"), (EvdevCode.EV_REL, "rel"), (EvdevCode.EV_ABS, "abs"), (EvdevCode.EV_MSC, "msc"),
            (EvdevCode.EV_SW, "sw"), (EvdevCode.EV_LED, "led"), (EvdevCode.EV_SND, "snd"), (EvdevCode.EV_FF, "ff")
        ] {
            lines.append("A: capabilities/\(label)=\(sysfsBits(spec.events[type] ?? []))")
        }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// The `.ioctl` text answering libevdev's `EVIOCG*` requests for the node.
    public static func ioctls(of spec: EvdevDeviceSpec, event number: Int) -> String {
        let types = spec.events.keys.sorted()
        var name = Array(spec.name.utf8.prefix(254))
        name.append(0)
        let nameLength = name.count
        name += [UInt8](repeating: 0, count: 255 - name.count)
        var lines = [
            "@DEV /dev/input/event\(number)",
            "EVIOCGBIT(0) 8 \(hexBytes(bitmap(types, 8)))",
            "EVIOCGNAME(0) \(nameLength) \(hexBytes(name))",
            "EVIOCGID 0 \(hexBytes(le16(spec.bus) + le16(spec.vendor) + le16(spec.product) + le16(spec.version)))",
            "EVIOCGVERSION 0 \(hexBytes(le32(0x010001)))",
            "EVIOCGPROP(0) 8 \(hexBytes(bitmap(spec.properties, 8)))"
        ]
        for type in [
            EvdevCode.EV_REL, EvdevCode.EV_ABS, EvdevCode.EV_LED, EvdevCode.EV_KEY, EvdevCode.EV_SW,
            EvdevCode.EV_MSC, EvdevCode.EV_FF, EvdevCode.EV_SND
        ] {
            let size = bitSizes[type]!
            lines.append("EVIOCGBIT(\(type)) \(size) \(hexBytes(bitmap(spec.events[type] ?? [], size)))")
        }
        lines += [
            "EVIOCGKEY(0) 96 \(hexBytes([UInt8](repeating: 0, count: 96)))",
            "EVIOCGLED(0) 8 \(hexBytes([UInt8](repeating: 0, count: 8)))",
            "EVIOCGSW(0) 8 \(hexBytes([UInt8](repeating: 0, count: 8)))"
        ]
        if spec.events[EvdevCode.EV_REP] != nil { lines.append("EVIOCGREP 0 \(hexBytes(le32(250) + le32(33)))") }
        for code in spec.axes.keys.sorted() {
            let a = spec.axes[code]!
            lines.append(
                "EVIOCGABS(\(code)) 0 \(hexBytes([a.value, a.minimum, a.maximum, a.fuzz, a.flat, a.resolution].flatMap { le32(UInt32(bitPattern: $0)) }))")
        }
        if let slots = spec.axes[EvdevCode.ABS_MT_SLOT] {
            // EvemuDescription.Limits keeps this within 1...256 for a parsed description; a spec
            // built by hand is clamped so a bad one can never trap or allocate without bound.
            let count = Int(min(max(slots.maximum, 0), EvemuDescription.Limits.maximumSlot)) + 1
            for code in spec.axes.keys.sorted() where code > EvdevCode.ABS_MT_SLOT {
                let initial: Int32 = code == EvdevCode.ABS_MT_TRACKING_ID ? -1 : 0
                let values = [Int32(code)] + [Int32](repeating: initial, count: count)
                lines.append("EVIOCGMTSLOTS(0) 0 \(hexBytes(values.flatMap { le32(UInt32(bitPattern: $0)) }))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Encodings

    /// The kernel's sysfs capability format: space-separated longs in hex, most significant first.
    static func sysfsBits(_ codes: [Int]) -> String {
        guard let highest = codes.max() else { return "0" }
        var words = [UInt64](repeating: 0, count: highest / 64 + 1)
        for code in codes { words[code / 64] |= 1 << UInt64(code % 64) }
        return words.reversed().map { String($0, radix: 16) }.joined(separator: " ")
    }

    static func bitmap(_ codes: [Int], _ size: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        for code in codes where code / 8 < size { bytes[code / 8] |= 1 << UInt8(code % 8) }
        return bytes
    }

    static func hexBytes(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }
    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    static func hex(_ v: UInt16) -> String { String(v, radix: 16) }
    static func hex4(_ v: UInt16) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
