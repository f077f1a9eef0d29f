import Foundation

/// Tells a Lottie animation from a Reel timeline without parsing the whole document: one
/// pass over the bytes collects the top-level object's keys.
enum LottieSniffer {
    /// Whether `data` is a JSON object whose top-level keys are Lottie's (`LottieImporter.isLottie`).
    static func looksLikeLottie(_ data: Data) -> Bool {
        guard let keys = topLevelKeys(data) else { return false }
        return LottieImporter.isLottie(keys: keys)
    }

    /// The keys of the top-level object; nil when the text does not start with one.
    static func topLevelKeys(_ data: Data) -> Set<String>? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Set<String>? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            // Unchecked reads: every index is tested against the count first.
            let b = (count: raw.count, at: base)
            var i = 0
            func skipSpace() {
                while i < b.count, b.at[i] == 0x20 || b.at[i] == 0x0A || b.at[i] == 0x0D || b.at[i] == 0x09 { i += 1 }
            }
            // A UTF-8 byte order mark is allowed before the text.
            if b.count >= 3, b.at[0] == 0xEF, b.at[1] == 0xBB, b.at[2] == 0xBF { i = 3 }
            skipSpace()
            guard i < b.count, b.at[i] == UInt8(ascii: "{") else { return nil }
            i += 1
            var depth = 1
            var keys: Set<String> = []
            var expectKey = true
            while i < b.count {
                let c = b.at[i]
                if c == UInt8(ascii: "\"") {
                    let start = i + 1
                    i += 1
                    while i < b.count, b.at[i] != UInt8(ascii: "\"") { i += b.at[i] == UInt8(ascii: "\\") ? 2 : 1 }
                    if depth == 1, expectKey, i <= b.count {
                        keys.insert(
                            String(
                                decoding: UnsafeBufferPointer(start: b.at + start, count: min(i, b.count) - start), as: UTF8.self)
                        )
                        expectKey = false
                    }
                    i += 1
                    continue
                }
                switch c {
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return keys }
                case UInt8(ascii: ","): if depth == 1 { expectKey = true }
                default: break
                }
                i += 1
            }
            return keys
        }
    }
}
