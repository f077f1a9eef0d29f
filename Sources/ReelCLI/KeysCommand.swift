import ArgumentParser
import ReelTimeline

/// `reel keys`: every layer key, its class, value, default and whether it animates, from the
/// one declaration of each (the README's table and the schema are made from the same).
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List every layer key with its class, value, default and whether it animates.")

    @Flag(help: "Print JSON (with each key's JSON Schema) instead of Markdown tables.")
    var json = false

    func run() throws {
        print(json ? LayerKeyReference.json.pretty(indent: "") : LayerKeyReference.markdown, terminator: json ? "\n" : "")
    }
}
