import ArgumentParser
import ReelFormat
import ReelLottie
import ReelTimeline

/// `reel keys`: every layer key, its class, value, default and whether it animates, from the
/// one declaration of each (docs/format.md's tables and the schema are made from the same).
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List every layer key with its class, value, default and whether it animates.")

    @Flag(help: "Print JSON (with each key's JSON Schema) instead of Markdown tables.")
    var json = false

    @Flag(help: "Print what Reel draws of Lottie, feature by feature, as a Markdown table.")
    var lottie = false

    @Flag(help: "Print the JSON Schema of an emitter cell (CAEmitterCell's keys).")
    var emitterCell = false

    func run() throws {
        if emitterCell {
            print(LayerKeyReference.emitterCellSchema.pretty(indent: ""))
            return
        }
        if lottie {
            print(LottieSupport.markdown, terminator: "")
            return
        }
        print(json ? LayerKeyReference.json.pretty(indent: "") : LayerKeyReference.markdown, terminator: json ? "\n" : "")
    }
}
