import EmulatedInput

/// The emulated touchscreen the latency benchmarks write to: 10 slots, 0…4095 on both axes, a
/// direct (touchscreen) device as udev would tag it.
public enum BenchmarkTouchscreen {
    /// The device description, named `name` with USB product id `product` (each benchmark its own,
    /// so their devices never look alike in a log).
    public static func spec(name: String, product: UInt16) -> EvdevDeviceSpec {
        EvdevDeviceSpec(
            name: name, bus: 3, vendor: 0x1d6b, product: product, version: 1, properties: [1],
            events: [
                0: [], EvdevCode.EV_KEY: [EvdevCode.BTN_TOUCH],
                EvdevCode.EV_ABS: [
                    0, 1, EvdevCode.ABS_MT_SLOT, EvdevCode.ABS_MT_POSITION_X, EvdevCode.ABS_MT_POSITION_Y, EvdevCode.ABS_MT_TRACKING_ID
                ]
            ],
            axes: [
                0: .init(minimum: 0, maximum: 4095, resolution: 16), 1: .init(minimum: 0, maximum: 4095, resolution: 16),
                EvdevCode.ABS_MT_SLOT: .init(minimum: 0, maximum: 9),
                EvdevCode.ABS_MT_POSITION_X: .init(minimum: 0, maximum: 4095, resolution: 16),
                EvdevCode.ABS_MT_POSITION_Y: .init(minimum: 0, maximum: 4095, resolution: 16),
                EvdevCode.ABS_MT_TRACKING_ID: .init(minimum: 0, maximum: 65535)
            ],
            udevProperties: ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])
    }
}
