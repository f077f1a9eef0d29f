/// How a text layer writes its `numberValue` as its string: rounded half away from zero to
/// `decimals` places, a `,` between groups of three digits when `grouping`, between `prefix`
/// and `suffix` (`{"decimals": 0, "suffix": " %"}` writes 73 as `73 %`).
public struct NumberFormat: Hashable, Sendable {
    public var decimals = 0
    public var prefix = ""
    public var suffix = ""
    public var grouping = false

    /// The most decimal places: past a Double's precision anyway.
    public static let maximumDecimals = 15

    public init(decimals: Int = 0, prefix: String = "", suffix: String = "", grouping: Bool = false) {
        (self.decimals, self.prefix, self.suffix, self.grouping) = (decimals, prefix, suffix, grouping)
    }

    /// `value` written in this format.
    public func string(_ value: Double) -> String {
        guard value.isFinite else { return prefix + (value.isNaN ? "NaN" : value < 0 ? "-∞" : "∞") + suffix }
        let places = min(max(decimals, 0), Self.maximumDecimals)
        // Digits of |value| x 10^places, rounded half away from zero, found from the shortest
        // decimal that reads back as the value (so 2.675 with 2 places is 2.68, as written).
        let digits = Self.roundedDigits(abs(value), places: places)
        var whole = String(digits.dropLast(places))
        if whole.isEmpty { whole = "0" }
        let fraction = String(digits.suffix(places))
        if grouping, whole.count > 3 {
            var grouped = ""
            for (i, c) in whole.enumerated() {
                if i > 0, (whole.count - i) % 3 == 0 { grouped.append(",") }
                grouped.append(c)
            }
            whole = grouped
        }
        let isZero = digits.allSatisfy { $0 == "0" }
        let sign = value < 0 && !isZero ? "-" : ""
        return prefix + sign + whole + (places > 0 ? "." + fraction : "") + suffix
    }

    /// The decimal digits of `v` x 10^places rounded half away from zero, without a point,
    /// at least `places + 1` long.
    static func roundedDigits(_ v: Double, places: Int) -> [Character] {
        // "\(v)" is the shortest decimal that reads back as v: plain or with an exponent.
        let text = "\(v)"
        var mantissa = text
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = String(text[..<e])
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        var digits = Array(parts[0]) + (parts.count > 1 ? Array(parts[1]) : [])
        // The point sits after `point` digits.
        var point = parts[0].count + exponent
        while point < 1 {
            digits.insert("0", at: 0)
            point += 1
        }
        while digits.count < point + places + 1 { digits.append("0") }
        let keep = point + places
        let roundsUp = digits[keep] >= "5"
        var kept = Array(digits[..<keep])
        if roundsUp {
            var i = kept.count - 1
            while i >= 0 {
                if kept[i] == "9" {
                    kept[i] = "0"
                    i -= 1
                } else {
                    kept[i] = Character(UnicodeScalar(kept[i].asciiValue! + 1))
                    break
                }
            }
            if i < 0 { kept.insert("1", at: 0) }
        }
        while kept.count < places + 1 { kept.insert("0", at: 0) }
        return kept
    }
}
