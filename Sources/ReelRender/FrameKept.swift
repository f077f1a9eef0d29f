/// Values kept from frame to frame while frames use them, for an executor's caches (shadow
/// masks, rasterized bitmaps, text coverage): one unused for a whole frame is dropped, and
/// never more than `budget` bytes are kept (a value past it is made for its use, not kept).
/// Each value is a function of its key, so what is kept never changes a frame's pixels.
struct FrameKept<Key: Hashable, Value> {
    let budget: Int
    /// Bytes a value holds.
    let size: (Value) -> Int
    private var entries: [Key: Value] = [:]
    private var used: Set<Key> = []
    /// Bytes of the values kept now.
    private(set) var byteCount = 0

    init(budget: Int, size: @escaping (Value) -> Int) {
        self.budget = budget
        self.size = size
    }

    /// The value for `key`, made by `make` when it is not kept.
    mutating func value(for key: Key, make: () -> Value) -> Value {
        used.insert(key)
        if let kept = entries[key] { return kept }
        let value = make()
        let bytes = size(value)
        if byteCount + bytes <= budget {
            entries[key] = value
            byteCount += bytes
        }
        return value
    }

    /// Drops the values the frame did not use.
    mutating func endFrame() {
        for (key, value) in entries where !used.contains(key) {
            entries[key] = nil
            byteCount -= size(value)
        }
        used.removeAll(keepingCapacity: true)
    }
}
