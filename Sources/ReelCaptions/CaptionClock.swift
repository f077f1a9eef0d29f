/// Caption timestamps in whole milliseconds: `hh:mm:ss.ttt` or `mm:ss.ttt` (WebVTT) and
/// `hh:mm:ss,ttt` (SRT); hours of any number of digits, minutes and seconds below 60,
/// exactly three digits of milliseconds.
enum CaptionClock {
    /// The most hours a timestamp may give (far past any footage, far inside `Int`).
    static let maximumHours = 100_000

    static func milliseconds<S: StringProtocol>(_ text: S) -> Int? {
        let s = Array(text.utf8)
        guard s.count >= 9, s.count <= 20 else { return nil }
        let fraction = s.count - 4
        guard s[fraction] == UInt8(ascii: ".") || s[fraction] == UInt8(ascii: ",") else { return nil }
        let fields = s[..<fraction].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3 else { return nil }
        func number(_ digits: ArraySlice<UInt8>, count: Int? = nil) -> Int? {
            guard !digits.isEmpty, digits.count <= 9, count == nil || digits.count == count,
                digits.allSatisfy({ $0 >= 48 && $0 <= 57 })
            else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        guard let ms = number(s[(fraction + 1)...], count: 3), let seconds = number(fields[fields.count - 1], count: 2),
            let minutes = number(fields[fields.count - 2], count: 2), seconds < 60, minutes < 60
        else { return nil }
        var hours = 0
        if fields.count == 3 {
            guard let h = number(fields[0]), h <= maximumHours else { return nil }
            hours = h
        }
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms
    }

    /// A time in milliseconds as SRT writes it (`00:01:02,500`), for messages.
    static func text(_ ms: Int) -> String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let f = ms % 1000
        return "\(two(ms / 3_600_000)):\(two(ms / 60_000 % 60)):\(two(ms / 1000 % 60)).\(f < 10 ? "00" : f < 100 ? "0" : "")\(f)"
    }
}
