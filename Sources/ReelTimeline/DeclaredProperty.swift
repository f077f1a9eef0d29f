import ReelCore
import ReelLayers

/// What a declared property reads and writes: a layer or an emitter cell, with the value a
/// new one holds (its defaults).
public protocol PropertySubject {
    /// A subject as the file leaves it when it sets nothing.
    static var blank: Self { get }
}

extension Layer: PropertySubject {
    public static var blank: Layer { Layer(id: "") }
}

extension EmitterCell: PropertySubject {
    public static var blank: EmitterCell { EmitterCell(name: "") }
}

/// A property declared once for its subject: its key, value kind, whether it animates, a line
/// that says what it does, and how to read and write its `PropertyValue` (its default is what
/// a blank subject holds). `LayerProperty` and `EmitterCellProperty` are its two tables.
/// Its closures capture only key paths, which are immutable: sharing it between threads is safe.
public class DeclaredProperty<Subject: PropertySubject>: @unchecked Sendable {
    public let keyPath: String
    public let kind: ValueKind
    /// Whether animations may target it (values that step still animate, by stepping).
    public let isAnimatable: Bool
    /// What it does, in a line (docs/format.md's tables and the schema say it).
    public let summary: String
    let get: (Subject) -> PropertyValue
    let set: (inout Subject, PropertyValue) -> Void

    init(
        keyPath: String, kind: ValueKind, isAnimatable: Bool, summary: String, get: @escaping (Subject) -> PropertyValue,
        set: @escaping (inout Subject, PropertyValue) -> Void
    ) {
        (self.keyPath, self.kind, self.isAnimatable, self.summary, self.get, self.set) = (
            keyPath, kind, isAnimatable, summary, get, set
        )
    }

    public final func value(of subject: Subject) -> PropertyValue { get(subject) }
    public final func setValue(_ v: PropertyValue, on subject: inout Subject) { set(&subject, v) }

    /// The value a subject has when the file does not set it.
    public final var defaultValue: PropertyValue { self.get(Subject.blank) }
}
