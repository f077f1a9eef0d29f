/// Collects layers written one after another in a builder block.
@resultBuilder
public enum LayerBuilder {
    public static func buildBlock(_ parts: [LayerDocument]...) -> [LayerDocument] { parts.flatMap { $0 } }
    public static func buildExpression(_ layer: LayerDocument) -> [LayerDocument] { [layer] }
    public static func buildOptional(_ parts: [LayerDocument]?) -> [LayerDocument] { parts ?? [] }
    public static func buildEither(first: [LayerDocument]) -> [LayerDocument] { first }
    public static func buildEither(second: [LayerDocument]) -> [LayerDocument] { second }
    public static func buildArray(_ parts: [[LayerDocument]]) -> [LayerDocument] { parts.flatMap { $0 } }
}
