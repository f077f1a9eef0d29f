/// The keys one specialized layer class adds (a shape's, a gradient's, ...), with their
/// defaults when made empty.
public protocol ClassProperties: Hashable, Sendable {
    init()
}

/// A class's keys stored only on layers that set them: the default otherwise, so a plain
/// CALayer carries no shape, gradient or text (an empty array, not the values).
@propertyWrapper
public struct StoredWhereSet<Value: ClassProperties>: Hashable, Sendable {
    private var storage: [Value] = []

    public init() {}

    public var wrappedValue: Value {
        get { storage.first ?? Value() }
        set { storage = [newValue] }
    }
}

extension ShapeProperties: ClassProperties {}
extension GradientProperties: ClassProperties {}
extension ReplicatorProperties: ClassProperties {}
extension TextProperties: ClassProperties {}
extension PlayerProperties: ClassProperties {}
extension EmitterProperties: ClassProperties {}
