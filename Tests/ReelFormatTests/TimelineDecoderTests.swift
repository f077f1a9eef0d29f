import Foundation
import ReelCore
import ReelLayers
import ReelTestSupport
import Testing

@testable import ReelFormat
@testable import ReelTimeline

@Suite struct TimelineDecodingTests {
    @Test func decodesLayersWithCoreAnimationNames() throws {
        let t = try timeline(
            #"""
            [{"id": "a", "bounds": [0, 0, 40, 20], "position": {"x": 50, "y": 60}, "anchorPoint": [0, 1],
              "backgroundColor": "#FF8800", "opacity": 0.5, "cornerRadius": 4, "borderWidth": 2, "borderColor": [0, 0, 1, 1],
              "transform": {"rotation": "90deg", "scale": 2}, "zPosition": 3, "hidden": false,
              "sublayers": [{"id": "b", "frame": [10, 10, 20, 20]}]}]
            """#)
        let a = t.layers[0].model
        #expect(a.bounds == Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(a.position == Point(x: 50, y: 60))
        #expect(a.anchorPoint == Point(x: 0, y: 1))
        #expect(a.backgroundColor == Color(hex: "#FF8800"))
        #expect(a.borderColor == Color(red: 0, green: 0, blue: 1))
        #expect(abs(TransformComponents(a.transform)!.rotation.z - .pi / 2) < 1e-12)
        #expect(t.layers[0].sublayers[0].model.position == Point(x: 20, y: 20))
        #expect(t.canvas.frameCount == 20)
    }

    @Test func basicAnimationFollowsTimingFunction() throws {
        let t = try timeline(
            #"""
            [{"id": "a", "position": [0, 0], "animations": [
              {"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 1, "timingFunction": "easeInEaseOut"}]}]
            """#)
        #expect(t.layers[0].presentation(at: 0.5).position.x == 50)
        #expect(abs(t.layers[0].presentation(at: 0.25).position.x - 100 * TimingFunction.easeInEaseOut.value(at: 0.25)) < 1e-9)
        #expect(t.layers[0].presentation(at: 1).position.x == 100)
        #expect(t.layers[0].presentation(at: 1.5).position.x == 0)  // removed: back to the model value
    }

    @Test func keyframesWithKeyTimes() throws {
        let t = try timeline(
            #"""
            [{"id": "a", "animations": [
              {"keyPath": "opacity", "values": [0, 1, 0.5], "keyTimes": [0, 0.25, 1], "duration": 2}]}]
            """#)
        let l = t.layers[0]
        #expect(l.presentation(at: 0.25).opacity == 0.5)
        #expect(l.presentation(at: 0.5).opacity == 1)
        #expect(abs(l.presentation(at: 1.25).opacity - 0.75) < 1e-12)
    }

    @Test func transformComponentsAnimateTogether() throws {
        let t = try timeline(
            #"""
            [{"id": "a", "animations": [
              {"keyPath": "transform.scale", "fromValue": 1, "toValue": 3, "duration": 1},
              {"keyPath": "transform.rotation.z", "fromValue": 0, "toValue": "180deg", "duration": 1}]}]
            """#)
        let c = TransformComponents(t.layers[0].presentation(at: 0.5).transform)!
        #expect(abs(c.scale.x - 2) < 1e-9 && abs(c.scale.y - 2) < 1e-9)
        #expect(abs(c.rotation.z - .pi / 2) < 1e-9)
    }

    @Test func colourInterpolatesPerComponent() throws {
        let t = try timeline(
            #"""
            [{"id": "a", "animations": [{"keyPath": "backgroundColor", "fromValue": "#000000", "toValue": "#FF880000", "duration": 1}]}]
            """#)
        let c = t.layers[0].presentation(at: 0.5).backgroundColor!
        #expect(abs(c.red - 0.5) < 1e-12 && abs(c.green - 68.0 / 255) < 1e-12 && abs(c.alpha - 0.5) < 1e-12)
    }
}

@Suite struct TimelineValidationTests {
    let canvas = #""canvas": {"width": 200, "height": 100, "duration": 1}"#

    @Test func wrongTypeNamesThePath() {
        let p = problems("{\(canvas), \"layers\": [{\"id\": \"a\", \"opacity\": \"high\"}]}")
        #expect(p.map(\.path) == ["layers[0].opacity"])
        #expect(p[0].expected == "a number" && p[0].found == "the string \"high\"")
    }

    @Test func unknownKeyPathSuggestsTheRightOne() {
        let p = problems(
            "{\(canvas), \"layers\": [{\"id\": \"a\", \"animations\": [{\"keyPath\": \"transform.rotaton.z\", \"toValue\": 1}]}]}"
        )
        #expect(p.map(\.path) == ["layers[0].animations[0].keyPath"])
        #expect(p[0].suggestion == "did you mean `transform.rotation.z`?")
    }

    @Test func keyTimesOutOfOrder() {
        let p = problems(
            "{\(canvas), \"layers\": [{\"id\": \"a\", \"animations\": [{\"keyPath\": \"opacity\", \"values\": [0, 1, 0], \"keyTimes\": [0, 0.8, 0.5]}]}]}"
        )
        #expect(p.map(\.path) == ["layers[0].animations[0].keyTimes[2]"])
    }

    @Test func layerClassIsCheckedAndWhatATransformLayerIgnoresIsWarnedAbout() throws {
        let t = try timeline(
            ##"[{"id": "cube", "class": "CATransformLayer", "backgroundColor": "#FF0000", "sublayers": [{"id": "face"}]}]"##)
        #expect(t.layers[0].model.layerClass == .transformLayer && t.layers[0].sublayers[0].model.layerClass == .layer)
        #expect(t.warnings.map(\.path) == ["layers[0].backgroundColor"])
        #expect(t.warnings.first?.found.contains("ignored on a CATransformLayer") == true)
        let misspelt = problems("{\(canvas), \"layers\": [{\"id\": \"a\", \"class\": \"CATransformlayer\"}]}")
        #expect(misspelt.map(\.path) == ["layers[0].class"])
        #expect(misspelt.first?.suggestion == "did you mean `CATransformLayer`?")
        let mask = problems(
            "{\(canvas), \"layers\": [{\"id\": \"a\", \"mask\": {\"id\": \"m\", \"class\": \"CATransformLayer\"}}]}")
        #expect(mask.map(\.path) == ["layers[0].mask.class"])
    }

    @Test func misspeltLayerKey() {
        let p = problems("{\(canvas), \"layers\": [{\"id\": \"a\", \"cornerRadious\": 3}]}")
        #expect(p.map(\.path) == ["layers[0].cornerRadious"])
        #expect(p[0].suggestion == "did you mean `cornerRadius`?")
    }

    @Test func reportsEveryProblemAtOnce() {
        let p = problems(
            #"""
            {"canvas": {"width": 201, "height": 100, "duration": -1},
             "layers": [{"id": "a", "position": [1], "sublayers": [{"backgroundColor": "orangeish"}]},
                        {"id": "a"}]}
            """#)
        #expect(
            Set(p.map(\.path)) == [
                "canvas.duration", "layers[0].position", "layers[0].sublayers[0]",
                "layers[0].sublayers[0].backgroundColor", "layers[1].id"
            ])
    }

    @Test func syntaxErrorsGiveLineAndColumn() {
        let p = problems("{\n  \"canvas\": {\"width\": 10,, }\n}")
        #expect(p.count == 1)
        #expect(p[0].found.contains("line 2, column 26"))
    }

    @Test func oddPixelSizesAreKeptAndGrowOnePixelForVideo() throws {
        let t = try Timeline.decode(#"{"canvas": {"width": 201, "height": 75, "duration": 1}, "layers": []}"#)
        #expect(t.canvas.pixelWidth == 201 && t.canvas.pixelHeight == 75)
        let even = t.evenSized
        #expect(even.canvas.pixelWidth == 202 && even.canvas.pixelHeight == 76)
        #expect(t.scaled(by: 2).evenSized.canvas.pixelWidth == 402)
    }

    @Test func fpsAsAFractionIsExact() throws {
        let t = try Timeline.decode(#"{"canvas": {"width": 20, "height": 20, "duration": 1, "fps": [2997, 100]}, "layers": []}"#)
        #expect(t.canvas.fps == FrameRate(numerator: 2997, denominator: 100))
        #expect(
            problems(#"{"canvas": {"width": 20, "height": 20, "duration": 1, "fps": [29.97, 1]}, "layers": []}"#).map(\.path) == [
                "canvas.fps"
            ])
    }

    @Test func canvasesWithoutPixelsOrFramesAreRejected() {
        #expect(!problems(#"{"canvas": {"width": 40, "height": 40, "scale": 0.01, "duration": 1}, "layers": []}"#).isEmpty)
        #expect(!problems(#"{"canvas": {"width": 40, "height": 40, "duration": 0.01}, "layers": []}"#).isEmpty)
        #expect(!problems(#"{"canvas": {"width": 40, "height": 40, "duration": 1, "fps": 0.001}, "layers": []}"#).isEmpty)
    }

    @Test func hugeNumbersAreRejectedNotTrapped() {
        for layer in [
            #"{"id": "a", "bounds": [0, 0, 100, 1e20], "borderWidth": 1}"#,
            #"{"id": "a", "bounds": [0, 0, 10, 10], "shadowOpacity": 1, "shadowOffset": [1e19, 0]}"#
        ] {
            let p = problems(#"{"canvas": {"width": 40, "height": 40, "duration": 1}, "layers": ["# + layer + "]}")
            #expect(p.count == 1 && p[0].expected.contains("within"))
        }
        #expect(!problems(#"{"canvas": {"width": 40, "height": 40, "duration": 1}, "layers": [{"id": "a.b"}]}"#).isEmpty)
    }
}

@Suite struct EffectPropertyTests {
    @Test func shadowAndContentsPropertiesAnimate() throws {
        let t = try Timeline.decode(
            #"""
            {"canvas": {"width": 100, "height": 100, "duration": 2},
             "assets": {"a": {"path": "a.png"}, "b": {"path": "b.png"}},
             "layers": [{"id": "l", "contents": "a", "shadowOpacity": 0.5, "shadowPath": {"rect": [0, 0, 10, 10]},
               "mask": {"id": "m", "bounds": [0, 0, 10, 10], "animations": [{"keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 2}]},
               "animations": [
                 {"keyPath": "shadowOffset.height", "fromValue": -3, "toValue": 10, "duration": 1},
                 {"keyPath": "shadowRadius", "fromValue": 0, "toValue": 8, "duration": 1},
                 {"keyPath": "shadowPath", "fromValue": {"rect": [0, 0, 10, 10]}, "toValue": {"rect": [0, 0, 30, 10]}, "duration": 1},
                 {"keyPath": "contents", "values": ["a", "b"], "calculationMode": "discrete", "duration": 2},
                 {"keyPath": "contentsRect", "fromValue": [0, 0, 1, 1], "toValue": [0.5, 0, 0.5, 1], "duration": 1}]}]}
            """#)
        let l = t.layers[0].presentation(at: 0.5)
        #expect(l.shadowOffset == Size(width: 0, height: 3.5))
        #expect(l.shadowRadius == 4)
        #expect(l.shadowPath == Path(rect: Rect(x: 0, y: 0, width: 20, height: 10)))
        #expect(l.contents == "a")
        #expect(l.contentsRect == Rect(x: 0.25, y: 0, width: 0.75, height: 1))
        #expect(l.mask?.position.x == 25)
        #expect(t.layers[0].presentation(at: 1.5).contents == "b")
    }

    /// The decoder reads no file: asset paths are resolved as text against the timeline's
    /// folder (the asset step checks them); assets no layer shows are warned about and dropped.
    @Test func assetPathsAreResolvedWithoutTouchingTheFilesystem() throws {
        let t = try Timeline.decode(
            #"""
            {"canvas": {"width": 10, "height": 10, "duration": 1},
             "assets": {"shown": {"path": "art/../img/a.png"}, "spare": {"path": "/nowhere/b.png"}},
             "layers": [{"id": "l", "contents": "shown"}]}
            """#, baseDirectory: "/no/such/folder")
        #expect(t.assets == ["shown": "/no/such/folder/img/a.png"])
        #expect(t.assetsRoot == "/no/such/folder")
        #expect(t.warnings.map(\.path) == ["assets.spare"])
        #expect(t.warnings.first?.found.contains("not loaded") == true)
    }

    @Test func warningsAreKeptWhenThereAreAlsoProblems() {
        do {
            _ = try Timeline.decode(
                #"""
                {"canvas": {"width": 10, "height": 10, "duration": 1}, "assets": {"spare": {"path": "b.png"}},
                 "layers": [{"id": "l", "opacity": 2}]}
                """#)
            Issue.record("decoded")
        } catch {
            #expect(error.problems.map(\.path) == ["layers[0].opacity"])
            #expect(error.warnings.map(\.path) == ["assets.spare"])
            #expect(
                error.description.contains(
                    "  warning: assets.spare: an asset no layer's `contents`, `font`, `player` or `captions` nor `audio` names"))
        }
    }

    @Test func unknownAssetIsReported() {
        let p = problems(#"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"id": "l", "contents": "logo"}]}"#)
        #expect(p.map(\.path) == ["layers[0].contents"])
    }

    @Test func gravityNamesAreChecked() {
        let p = problems(
            #"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"id": "l", "contentsGravity": "resizeAspct"}]}"#)
        #expect(p.map(\.path) == ["layers[0].contentsGravity"])
        #expect(p.first?.suggestion == "did you mean `resizeAspect`?")
    }
}

/// The specialized classes' keys: each on its own class only, with its rules between keys.
@Suite struct SpecializedLayerDecodingTests {
    @Test func aClassKeyOnAnotherClassNamesTheClassThatHasIt() throws {
        let found = problems(
            #"{"canvas": {"width": 20, "height": 20, "duration": 1}, "layers": [{"id": "a", "strokeEnd": 0.5}]}"#)
        #expect(found.map(\.path) == ["layers[0].strokeEnd"])
        #expect(found.first?.found.contains("a CAShapeLayer key") == true)
    }

    @Test func pathsOfDifferentElementsAnimateByStepsWithAWarning() throws {
        let t = try timeline(
            #"[{"id": "s", "class": "CAShapeLayer", "path": {"rect": [0, 0, 10, 10]}, "animations": [{"keyPath": "path", "#
                + #""fromValue": {"rect": [0, 0, 10, 10]}, "toValue": {"ellipse": [0, 0, 10, 10]}, "duration": 1}]}]"#)
        #expect(t.warnings.map(\.path) == ["layers[0].animations[0]"])
        #expect(t.warnings.first?.found.contains("steps at the end") == true)
        // Before the end the first path shows whole; the same patterns mix (no warning).
        let half = t.presentation(at: 0.5).sublayers[0].shape.path
        #expect(half == Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)))
        let mixing = try timeline(
            #"[{"id": "s", "class": "CAShapeLayer", "animations": [{"keyPath": "path", "fromValue": {"rect": [0, 0, 10, 10]}, "#
                + #""toValue": {"rect": [0, 0, 20, 10]}, "duration": 1}]}]"#)
        #expect(mixing.warnings.isEmpty)
        #expect(mixing.presentation(at: 0.5).sublayers[0].shape.path == Path(rect: Rect(x: 0, y: 0, width: 15, height: 10)))
    }

    /// Cubic keyframes need values of one length; lists and shape paths are refused them.
    @Test func cubicKeyframesAreRefusedForListsAndShapePaths() {
        let found = problems(
            ##"{"canvas": {"width": 20, "height": 20, "duration": 1}, "layers": [{"id": "g", "class": "CAGradientLayer", "##
                + ##""animations": [{"keyPath": "colors", "type": "keyframe", "calculationMode": "cubic", "##
                + ##""values": [["#FF0000", "#00FF00", "#0000FF"], ["#FF0000"]]}]}]}"##)
        #expect(found.map(\.path) == ["layers[0].animations[0].calculationMode"])
    }

    /// A replicator's own animation of its sublayers runs k x instanceDelay behind in copy k.
    @Test func aReplicatorsAnimationOfItsSublayersIsDelayedPerCopy() throws {
        let t = try timeline(
            #"[{"id": "r", "class": "CAReplicatorLayer", "instanceCount": 3, "instanceDelay": 0.25, "#
                + #""sublayers": [{"id": "dot"}], "animations": [{"keyPath": "sublayers.dot.opacity", "fromValue": 0, "#
                + #""toValue": 1, "duration": 1}]}]"#)
        let r = t.presentation(at: 0.75).sublayers[0]
        #expect(abs(r.sublayers[0].opacity - 0.75) < 1e-9)
        #expect(r.replicaSublayers.map { $0[0].opacity }.map { ($0 * 100).rounded() } == [50, 25])
    }

    @Test func aGradientNeedsOneLocationPerColour() {
        let found = problems(
            ##"{"canvas": {"width": 20, "height": 20, "duration": 1}, "layers": [{"id": "g", "class": "CAGradientLayer", "##
                + ##""colors": ["#FF0000", "#00FF00"], "locations": [0, 0.5, 1]}]}"##)
        #expect(found.map(\.path) == ["layers[0].locations"])
    }
}
