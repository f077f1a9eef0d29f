import Foundation
import ReelJSON
import ReelLayers
import Testing

@testable import ReelFormat
@testable import ReelTimeline

/// `Timelines/schema.json` describes everything the decoder accepts, and every timeline in
/// the repository validates against it.
@Suite struct SchemaTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func schema() throws -> JSONValue {
        try JSONParser.parse(String(contentsOf: Self.repository.appendingPathComponent("Timelines/schema.json"), encoding: .utf8))
    }

    func keys(_ v: JSONValue?) -> Set<String> {
        guard case .object(let members)? = v else { return [] }
        return Set(members.map(\.key))
    }

    func strings(_ v: JSONValue?) -> Set<String> {
        guard case .array(let items)? = v else { return [] }
        return Set(items.compactMap { if case .string(let s) = $0 { return s } else { return nil } })
    }

    @Test func everyFieldInCodeIsInTheSchema() throws {
        let s = try schema()
        let defs = s["$defs"]
        #expect(keys(s["properties"]) == Set(TimelineDecoder.rootKeys))
        #expect(keys(s["properties"]?["canvas"]?["properties"]) == Set(TimelineDecoder.canvasKeys))
        #expect(keys(s["properties"]?["assets"]?["additionalProperties"]?["properties"]) == Set(TimelineDecoder.assetKeys))
        #expect(keys(defs?["sound"]?["properties"]) == Set(TimelineDecoder.audioKeys))
        #expect(keys(defs?["sound"]?["properties"]?["duck"]?["properties"]) == Set(TimelineDecoder.duckKeys))
        #expect(keys(defs?["layer"]?["properties"]) == Set(LayerProperty.layerKeys + TimelineDecoder.layerStructureKeys))
        #expect(keys(defs?["animation"]?["properties"]) == Set(TimelineDecoder.animationKeys))
    }

    @Test func everyNameInCodeIsInTheSchema() throws {
        let s = try schema()
        let defs = s["$defs"]
        let anim = defs?["animation"]?["properties"]
        let layer = defs?["layer"]?["properties"]
        #expect(strings(anim?["type"]?["enum"]) == Set(TimelineDecoder.animationTypes))
        #expect(strings(anim?["calculationMode"]?["enum"]) == Set(Animation.CalculationMode.allCases.map(\.rawValue)))
        #expect(strings(anim?["fillMode"]?["enum"]) == Set(FillMode.allCases.map(\.rawValue)))
        #expect(strings(anim?["rotationMode"]?["enum"]) == Set(Animation.RotationMode.allCases.map(\.rawValue)))
        // A layer key's schema is its value's or a template variable's (`anyOf`).
        guard case .array(let gravity)? = layer?["contentsGravity"]?["anyOf"], gravity.count == 2,
            gravity[1] == .object([("$ref", .string("#/$defs/var"))])
        else {
            Issue.record("contentsGravity takes no template variable")
            return
        }
        #expect(
            strings(gravity[0]["enum"])
                == Set([
                    "center", "top", "bottom", "left", "right", "topLeft", "topRight",
                    "bottomLeft", "bottomRight", "resize", "resizeAspect", "resizeAspectFill"
                ]))
        #expect(strings(defs?["filter"]?["enum"]) == ["linear", "nearest", "trilinear"])
        guard case .array(let forms)? = defs?["timingFunction"]?["oneOf"] else {
            Issue.record("no timingFunction forms")
            return
        }
        #expect(strings(forms[0]["enum"]) == Set(TimingFunction.named.keys))
    }

    /// Each layer key is declared once (`LayerProperty`); the schema's entry, docs/format.md's
    /// tables and the fuzzer's dictionary say what the declaration says
    /// (`scripts/sync-layer-keys.py` writes them again).
    @Test func theDeclarationsAreWhatTheSchemaTheFormatPageAndTheDictionarySay() throws {
        let fix = "run `python3 scripts/sync-layer-keys.py` and look at the diff"
        let layer = try schema()["$defs"]?["layer"]?["properties"]
        for p in LayerProperty.declared {
            guard case .object(var fields) = LayerKeyReference.schema(p.kind) else { continue }
            fields.append(("description", .string(LayerKeyReference.description(p))))
            #expect(layer?[p.keyPath] == .object(fields), "schema.json's `\(p.keyPath)` differs from its declaration: \(fix)")
        }
        #expect(strings(layer?["class"]?["enum"]) == Set(LayerClass.allCases.map(\.rawValue)))
        #expect(
            try schema()["$defs"]?["emitterCell"] == LayerKeyReference.emitterCellSchema,
            "schema.json's `emitterCell` differs from EmitterCellProperty: \(fix)")
        let page = try String(contentsOf: Self.repository.appendingPathComponent("docs/format.md"), encoding: .utf8)
        let begin = "<!-- layer-keys: made by scripts/sync-layer-keys.py -->\n"
        let table = page.components(separatedBy: begin).last?.components(separatedBy: "<!-- /layer-keys -->").first
        #expect(table == LayerKeyReference.markdown, "docs/format.md's key tables differ from the declarations: \(fix)")
        let dictionary = try String(
            contentsOf: Self.repository.appendingPathComponent("Tests/Fuzz/timeline.dict"), encoding: .utf8
        ).split(separator: "\n").map(String.init)
        for p in LayerProperty.declared {
            #expect(dictionary.contains("\"\(p.keyPath)\""), "the fuzzer's dictionary lacks `\(p.keyPath)`: \(fix)")
        }
    }

    @Test func everyPropertyHasADescription() throws {
        let s = try schema()
        for group in [
            s["$defs"]?["layer"]?["properties"], s["$defs"]?["animation"]?["properties"],
            s["properties"]?["canvas"]?["properties"]
        ] {
            guard case .object(let members)? = group else { continue }
            for (key, value) in members {
                #expect(value["description"] != nil, "\(key) has no description")
            }
        }
    }

    /// Every timeline in the repository validates (JSON Schema 2020-12, with Python's jsonschema).
    @Test func repositoryTimelinesValidate() throws {
        let files = FileManager.default.enumerator(atPath: Self.repository.path)!
            .compactMap { $0 as? String }
            .filter {
                ($0.hasPrefix("Timelines/") || $0.hasPrefix("Tests/")) && $0.hasSuffix(".json") && !$0.hasSuffix("schema.json")
            }
            .filter { !$0.hasPrefix("Tests/Fixtures/invalid/") }  // invalid on purpose: the hostile-input catalogue
            // Lottie files, not Reel's format.
            .filter {
                !$0.hasPrefix("Timelines/lottie/") && !$0.hasPrefix("Tests/Fixtures/lottie/")
                    && !$0.hasPrefix("Tests/Fixtures/lottie-modifiers/")
            }
        #expect(files.count > 20)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "scripts/check-schema.py"] + files
        process.currentDirectoryURL = Self.repository
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(
            process.terminationStatus == 0,
            "\(text.split(separator: "\n").filter { !$0.hasSuffix(": valid") }.joined(separator: "\n"))")
    }
}
