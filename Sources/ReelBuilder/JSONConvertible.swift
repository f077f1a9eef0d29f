import ReelCore
import ReelJSON
import ReelTimeline

/// A value the builder can write into a timeline document, in the file format's form.
public protocol JSONConvertible {
    var json: JSONValue { get }
}

extension Double: JSONConvertible { public var json: JSONValue { .number(self) } }
extension Int: JSONConvertible { public var json: JSONValue { .number(Double(self)) } }
extension Bool: JSONConvertible { public var json: JSONValue { .bool(self) } }
extension String: JSONConvertible { public var json: JSONValue { .string(self) } }
extension JSONValue: JSONConvertible { public var json: JSONValue { self } }
extension Array: JSONConvertible where Element: JSONConvertible { public var json: JSONValue { .array(map(\.json)) } }
extension Point: JSONConvertible { public var json: JSONValue { [x, y].json } }
extension Size: JSONConvertible { public var json: JSONValue { [width, height].json } }
extension Rect: JSONConvertible { public var json: JSONValue { [origin.x, origin.y, size.width, size.height].json } }
extension Color: JSONConvertible { public var json: JSONValue { [red, green, blue, alpha].json } }
extension Transform3D: JSONConvertible { public var json: JSONValue { rows.json } }

/// An angle for the builder: written as "Ndeg" so the document reads as it was meant.
public struct Degrees: JSONConvertible {
    public let value: Double
    public init(_ value: Double) { self.value = value }
    public var json: JSONValue { .string("\(value)deg") }
}
