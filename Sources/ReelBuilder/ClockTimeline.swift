import ReelCore
import ReelJSON
import ReelTimeline

/// The seed chapters' two clocks as an ordinary timeline: the geometry chapter's analog clock,
/// whose hands turn about an `anchorPoint` near their tail, and the contents chapter's LCD
/// clock (listing 4.6), whose digits are cut from one sprite sheet by `contentsRect` and
/// magnified with `nearest` filtering. `reel clock` renders it; `timeline` is the JSON it writes.
///
/// Every moving part is one repeating animation whose `timeOffset` is the start time within
/// its cycle, so an hour of clock is as small as a minute: the second hand is 60 discrete
/// keyframes repeated (a linear turn with `smooth`), the minute and hour hands turn once per
/// 3600 and 43200 seconds, each digit steps through its glyphs once per cycle of its place
/// (10 s, 60 s, 600 s, 3600 s, a day), the colons blink once a second.
public struct ClockTimeline {
    public enum Style: String, CaseIterable, Sendable {
        case analog, lcd, both
    }

    /// One hand: `length` from the pivot to the tip, `tail` from the pivot back, in points.
    public struct Hand: Sendable {
        public let id: String
        public let width: Double
        public let length: Double
        public let tail: Double
        public let color: String
    }

    /// Where the analog clock is, in canvas points.
    public struct AnalogLayout: Sendable {
        public let center: Point
        public let radius: Double
        public let hour: Hand
        public let minute: Hand
        public let second: Hand
        /// The cap over the pivot.
        public let pinRadius: Double
        /// The radius where the hour ticks begin (the minute ticks begin further out).
        public let tickInnerRadius: Double
    }

    /// Where the LCD clock is, in canvas points (whole numbers: every glyph pixel is
    /// `magnification` x `magnification` device pixels at scale 1).
    public struct LCDLayout: Sendable {
        public let magnification: Int
        public let panel: Rect
        /// The six digit layers, HH MM SS, left to right.
        public let digitFrames: [Rect]
        public let colonFrames: [Rect]
    }

    public static let secondsPerDay = 86_400
    /// Where the timeline looks for the sprite sheet, relative to its folder.
    public static let defaultDigitsPath = "assets/clock-digits.png"
    public static let digitsAsset = "digits"
    public static let background = "#1D2027"
    public static let panelColor = "#C8D8B0"
    public static let faceColor = "#F5F2EB"
    public static let inkColor = "#22262D"
    public static let secondHandColor = "#D0312D"

    public let style: Style
    /// Seconds after midnight shown at time 0.
    public let start: Int
    public let duration: Double
    public let width: Int
    public let height: Int
    public let fps: Double
    /// A sweeping second hand instead of one step a second.
    public let smooth: Bool
    public let digitsPath: String
    /// A font the LCD digits are set in (a `CATextLayer` per place) instead of the sprite sheet.
    public let digitFont: String?
    /// A line of text under the clock.
    public let label: String?
    public let analog: AnalogLayout?
    public let lcd: LCDLayout?

    public init(
        style: Style = .analog, start: Int, duration: Double = 60, width: Int = 1920, height: Int = 1080,
        fps: Double = 30, smooth: Bool = false, digitsPath: String = ClockTimeline.defaultDigitsPath,
        digitFont: String? = nil, label: String? = nil
    ) {
        self.digitFont = digitFont
        self.label = label
        self.style = style
        self.start = ((start % Self.secondsPerDay) + Self.secondsPerDay) % Self.secondsPerDay
        self.duration = duration
        self.width = width
        self.height = height
        self.fps = fps
        self.smooth = smooth
        self.digitsPath = digitsPath
        let (w, h) = (Double(width), Double(height))
        var analogRegion: Rect?
        var lcdRegion: Rect?
        switch style {
        case .analog: analogRegion = Rect(x: 0, y: 0, width: w, height: h)
        case .lcd: lcdRegion = Rect(x: 0, y: 0, width: w, height: h)
        case .both:
            // Side by side on a landscape canvas, one above the other on a portrait one.
            if w >= h {
                analogRegion = Rect(x: 0, y: 0, width: w / 2, height: h)
                lcdRegion = Rect(x: w / 2, y: 0, width: w / 2, height: h)
            } else {
                analogRegion = Rect(x: 0, y: 0, width: w, height: h / 2)
                lcdRegion = Rect(x: 0, y: h / 2, width: w, height: h / 2)
            }
        }
        analog = analogRegion.map(Self.analogLayout)
        lcd = lcdRegion.map(Self.lcdLayout)
    }

    // MARK: Time of day

    /// `HH:MM:SS` (24-hour, `H:MM:SS` too) as seconds after midnight; nil unless a real time of day.
    public static func secondsAfterMidnight(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, (1...2).contains(parts[0].count), parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let h = Int(parts[0]), let m = Int(parts[1]), let s = Int(parts[2]),
            (0...23).contains(h), (0...59).contains(m), (0...59).contains(s)
        else { return nil }
        return h * 3600 + m * 60 + s
    }

    /// Seconds after midnight as `HH:MM:SS` (wrapping at midnight).
    public static func timeOfDay(_ seconds: Int) -> String {
        let s = ((seconds % secondsPerDay) + secondsPerDay) % secondsPerDay
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))"
    }

    // MARK: Layout

    /// Three decimals are plenty for points and keep the JSON readable.
    private static func r3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
    /// Anchor points are fractions of a size: six decimals keep the pivot within a hair.
    private static func r6(_ v: Double) -> Double { (v * 1_000_000).rounded() / 1_000_000 }

    private static func analogLayout(in region: Rect) -> AnalogLayout {
        let radius = r3(0.42 * min(region.size.width, region.size.height))
        func hand(_ id: String, width: Double, length: Double, tail: Double, color: String) -> Hand {
            Hand(id: id, width: r3(width), length: r3(length * radius), tail: r3(tail * radius), color: color)
        }
        return AnalogLayout(
            center: Point(x: r3(region.origin.x + region.size.width / 2), y: r3(region.origin.y + region.size.height / 2)),
            radius: radius,
            hour: hand("hourHand", width: 0.07 * radius, length: 0.5, tail: 0.12, color: inkColor),
            minute: hand("minuteHand", width: 0.045 * radius, length: 0.78, tail: 0.14, color: inkColor),
            second: hand("secondHand", width: max(1.2, 0.016 * radius), length: 0.86, tail: 0.22, color: secondHandColor),
            pinRadius: r3(0.045 * radius),
            tickInnerRadius: r3(0.8 * radius))
    }

    /// The panel is 94 x 28 glyph pixels: HH:MM:SS (84 x 20) with a margin of 5 and 4.
    private static func lcdLayout(in region: Rect) -> LCDLayout {
        let k = max(1, Int(min(region.size.width * 0.86 / 94, region.size.height * 0.86 / 28)))
        let (pw, ph) = (94 * k, 28 * k)
        let px = Int((region.origin.x + (region.size.width - Double(pw)) / 2).rounded(.down))
        let py = Int((region.origin.y + (region.size.height - Double(ph)) / 2).rounded(.down))
        var digits: [Rect] = []
        var colons: [Rect] = []
        var x = 5
        for cell in ["d", "d", ":", "d", "d", ":", "d", "d"] {
            let w = cell == "d" ? ClockFont.digitWidth : ClockFont.colonWidth
            let frame = Rect(
                x: Double(px + x * k), y: Double(py + 4 * k), width: Double(w * k), height: Double(ClockFont.height * k))
            if cell == "d" { digits.append(frame) } else { colons.append(frame) }
            x += w
        }
        return LCDLayout(
            magnification: k, panel: Rect(x: Double(px), y: Double(py), width: Double(pw), height: Double(ph)),
            digitFrames: digits, colonFrames: colons)
    }

    // MARK: The timeline

    /// The clock as a timeline (named `clock`).
    public var timeline: TimelineDocument {
        var layers: [LayerDocument] = []
        if let analog { layers.append(analogLayer(analog)) }
        if let lcd { layers.append(lcdLayer(lcd)) }
        if let label {
            let (w, h) = (Double(width), Double(height))
            layers.append(
                LayerDocument("label", class: .textLayer).frame(0, Self.r3(0.88 * h), w, Self.r3(0.1 * h))
                    .text(label, size: Self.r3(0.045 * h), color: Self.faceColor).textLayout(truncation: .end, alignment: .center)
            )
        }
        let built = TimelineDocument(
            name: "clock", width: Double(width), height: Double(height), fps: fps, duration: duration,
            background: Self.background
        ) {
            for layer in layers { layer }
        }
        return lcd == nil || digitFont != nil ? built : built.asset(Self.digitsAsset, path: digitsPath)
    }

    /// A repeating animation `period` seconds long, started `start mod period` seconds into its cycle.
    private func cycle(_ animation: Animate, period: Int) -> Animate {
        let phase = start % period
        let repeating = animation.duration(Double(period)).repeatCount(.infinity)
        return phase == 0 ? repeating : repeating.timeOffset(Double(phase))
    }

    /// A hand's turn once every `period` seconds: continuous, or in 60 discrete steps.
    private func turn(period: Int, steps: Bool = false) -> Animate {
        guard steps else {
            return cycle(Animate.basic("transform.rotation.z", from: Degrees(0), to: Degrees(360)), period: period)
        }
        let angles = (0..<60).map { Degrees(Double($0 * 6)) }
        return cycle(Animate.keyframes("transform.rotation.z", values: angles, calculationMode: "discrete"), period: period)
    }

    private func analogLayer(_ a: AnalogLayout) -> LayerDocument {
        let r = a.radius
        let c = r  // the face's centre in its own coordinates
        // The second hand steps once a second unless it sweeps.
        let hands = [(a.hour, turn(period: 43_200)), (a.minute, turn(period: 3600)), (a.second, turn(period: 60, steps: !smooth))]
        let outer = 0.93 * r
        let ticks: [LayerDocument] = (0..<60).map { i in
            let major = i % 5 == 0
            let (w, l) = major ? (Self.r3(0.032 * r), Self.r3(0.13 * r)) : (Self.r3(max(1, 0.011 * r)), Self.r3(0.055 * r))
            // Pointing up from the centre: the anchor sits `outer` below the tick's top edge.
            return LayerDocument("tick\(i)").bounds(0, 0, w, l).position(c, c).anchorPoint(0.5, Self.r6(outer / l))
                .set("transform", JSONValue.object([("rotation", Degrees(Double(i * 6)).json)]))
                .backgroundColor(major ? Self.inkColor : "#6E737C")
        }
        // Each hand casts its shadow from a twin below all the hands, moved down and right on
        // screen: a shadow's own offset would turn with the hand.
        let (dx, dy) = (Self.r3(0.012 * r), Self.r3(0.024 * r))
        let casters: [LayerDocument] = hands.map { hand, turn in
            let total = Self.r3(hand.length + hand.tail)
            return LayerDocument(hand.id + "Shadow") { turn }
                .bounds(0, 0, hand.width, total).position(c, c).anchorPoint(0.5, Self.r6(hand.length / total))
                .set(
                    "shadowPath",
                    JSONValue.object([
                        ("roundedRect", [0, 0, hand.width, total].json), ("cornerRadius", Self.r3(hand.width / 2).json)
                    ])
                )
                .shadow(opacity: 0.32, radius: Self.r3(max(1, 0.014 * r)), offset: Size(width: 0, height: 0))
        }
        let handLayers: [LayerDocument] = hands.map { hand, turn in
            let total = Self.r3(hand.length + hand.tail)
            return LayerDocument(hand.id) { turn }
                .bounds(0, 0, hand.width, total).position(c, c).anchorPoint(0.5, Self.r6(hand.length / total))
                .cornerRadius(Self.r3(hand.width / 2)).backgroundColor(hand.color)
        }
        let p = a.pinRadius
        let d = Self.r3(2 * a.pinRadius)
        let size = Self.r3(2 * r)
        return LayerDocument("analog") {
            for tick in ticks { tick }
            LayerDocument("handShadows") {
                for caster in casters { caster }
            }
            .bounds(0, 0, size, size).position(Self.r3(c + dx), Self.r3(c + dy))
            for hand in handLayers { hand }
            LayerDocument("pin").bounds(0, 0, d, d).position(c, c).cornerRadius(p).backgroundColor(Self.secondHandColor)
        }
        .bounds(0, 0, size, size).position(a.center.x, a.center.y).cornerRadius(r)
        .backgroundColor(Self.faceColor).border(width: Self.r3(0.025 * r), color: Self.inkColor)
        .set("shadowPath", JSONValue.object([("ellipse", [0, 0, size, size].json)]))
        .shadow(opacity: 0.5, radius: Self.r3(0.03 * r), offset: Size(width: 0, height: Self.r3(0.02 * r)))
    }

    private func lcdLayer(_ l: LCDLayout) -> LayerDocument {
        let k = Double(l.magnification)
        let origin = l.panel.origin
        // Each place cycles through its glyphs: (id, glyph of each step, seconds per step).
        let places: [(String, [Int], Int)] = [
            ("hours1", (0..<24).map { $0 / 10 }, 3600), ("hours2", (0..<24).map { $0 % 10 }, 3600),
            ("minutes1", Array(0..<6), 600), ("minutes2", Array(0..<10), 60),
            ("seconds1", Array(0..<6), 10), ("seconds2", Array(0..<10), 1)
        ]
        let digits: [LayerDocument] = zip(places, l.digitFrames).map { place, frame in
            let (id, glyphs, step) = place
            let period = glyphs.count * step
            let now = glyphs[start % period / step]
            if let digitFont {
                // Set in a font: the place's string steps through its digits.
                return LayerDocument(id, class: .textLayer) {
                    cycle(
                        Animate.keyframes("string", values: glyphs.map { "\($0)" }, calculationMode: "discrete"), period: period)
                }
                .frame(frame.origin.x - origin.x, frame.origin.y - origin.y, frame.size.width, frame.size.height)
                .text("\(now)", font: digitFont, size: Self.r3(frame.size.height / 1.2), color: Self.inkColor)
                .textLayout(alignment: .center)
            }
            return LayerDocument(id) {
                cycle(
                    Animate.keyframes(
                        "contentsRect", values: glyphs.map { ClockFont.contentsRect(digit: $0) },
                        calculationMode: "discrete"), period: period)
            }
            .frame(frame.origin.x - origin.x, frame.origin.y - origin.y, frame.size.width, frame.size.height)
            .contents(Self.digitsAsset).set("contentsRect", ClockFont.contentsRect(digit: now)).set(
                "magnificationFilter", "nearest")
        }
        let colons: [LayerDocument] = l.colonFrames.enumerated().map { i, frame in
            // Lit for the first half of every second.
            let blink = Animate.keyframes("opacity", values: [1, 0], calculationMode: "discrete").duration(1).repeatCount(
                .infinity)
            let colon = LayerDocument("colon\(i + 1)", class: digitFont == nil ? .layer : .textLayer) { blink }
                .frame(frame.origin.x - origin.x, frame.origin.y - origin.y, frame.size.width, frame.size.height)
            if let digitFont {
                return colon.text(":", font: digitFont, size: Self.r3(frame.size.height / 1.2), color: Self.inkColor)
                    .textLayout(alignment: .center)
            }
            return colon.contents(Self.digitsAsset).set("contentsRect", ClockFont.colonContentsRect).set(
                "magnificationFilter", "nearest")
        }
        return LayerDocument("lcd") {
            for digit in digits { digit }
            for colon in colons { colon }
        }
        .frame(origin.x, origin.y, l.panel.size.width, l.panel.size.height).cornerRadius(2 * k)
        .backgroundColor(Self.panelColor).border(width: max(1, (k / 2).rounded(.down)), color: "#9FB38A")
        .set(
            "shadowPath",
            JSONValue.object([
                ("roundedRect", [0, 0, l.panel.size.width, l.panel.size.height].json),
                ("cornerRadius", (2 * k).json)
            ])
        )
        .shadow(opacity: 0.5, radius: max(1, k), offset: Size(width: 0, height: max(1, k / 2)))
    }
}
