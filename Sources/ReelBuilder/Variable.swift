import ReelJSON

/// A template variable in a built timeline (the extensions page, "Templates"): `value` goes
/// where a value of its type goes, `text` inside a string (`"Hello, \(Variable.text("name"))!"`).
public enum Variable {
    /// `{"var": NAME}`: the variable's value.
    public static func value(_ name: String) -> JSONValue { .object([("var", .string(name))]) }

    /// `{{NAME}}`: the variable's value as text, inside a `string`, a run's `text` or an `id`.
    public static func text(_ name: String) -> String { "{{\(name)}}" }
}
