import ReelTimeline
import Testing

@testable import ReelLottie

/// Shape items in Lottie's paint order, trims, repeaters and gradients.
@Suite struct ShapeMappingTests {
    typealias F = LottieFixture

    @Test func anItemListedEarlierDrawsAbove() throws {
        // Red is listed before blue: red shows where both paint the same rectangle.
        let shapes = [F.rect(20, 20, 20, 20), F.fill(1, 0, 0), F.fill(0, 0, 1)].joined(separator: ",")
        #expect(try F.render(F.document(F.shapeLayer(shapes)), frame: 0).near(20, 20, [255, 0, 0, 255]))
    }

    @Test func aPaintDrawsTheOutlinesBeforeItAndInTheGroupsBeforeIt() throws {
        // A group holding only an outline, then a fill after the group: the fill paints it.
        let group = #"{"ty": "gr", "it": [\#(F.rect(10, 20, 8, 8)), {"ty": "tr", "p": {"a": 0, "k": [0, 0]}}]}"#
        let shapes = [group, F.rect(30, 20, 8, 8), F.fill(0, 1, 0)].joined(separator: ",")
        let frame = try F.render(F.document(F.shapeLayer(shapes)), frame: 0)
        #expect(frame.near(10, 20, [0, 255, 0, 255]))
        #expect(frame.near(30, 20, [0, 255, 0, 255]))
        // An outline listed after the fill is not painted by it.
        let after = [F.fill(0, 1, 0), F.rect(30, 20, 8, 8)].joined(separator: ",")
        #expect(try F.render(F.document(F.shapeLayer(after)), frame: 0).near(30, 20, [0, 0, 0, 0]))
    }

    @Test func aStrokeOutsideAScaledGroupKeepsItsOwnWidth() throws {
        // A horizontal line in a group scaled 300 %, stroked 2 wide by a stroke after the group:
        // the line is moved by the group's scale, the width is the stroke's own.
        let line =
            #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[-5, 0], [5, 0]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let group = #"{"ty": "gr", "it": [\#(line), {"ty": "tr", "p": {"a": 0, "k": [20, 20]}, "s": {"a": 0, "k": [300, 300]}}]}"#
        let stroke =
            #"{"ty": "st", "c": {"a": 0, "k": [1, 1, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}, "lc": 1, "lj": 1}"#
        let frame = try F.render(F.document(F.shapeLayer(group + "," + stroke)), frame: 0)
        #expect(frame.rgba(32, 20)[3] == 255)
        #expect(frame.rgba(20, 22)[3] == 0)
    }

    private func stroked(_ trim: String) -> String {
        // Two horizontal lines, 30 long, at y 10 and y 30, stroked 4 wide, then the trim.
        func line(_ y: Double) -> String {
            #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[5, \#(y)], [35, \#(y)]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        }
        let stroke =
            #"{"ty": "st", "c": {"a": 0, "k": [1, 1, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 4}, "lc": 1, "lj": 1}"#
        return F.document(F.shapeLayer([line(10), line(30), trim, stroke].joined(separator: ",")))
    }

    @Test func trimSimultaneouslyTrimsEachOutlineAlike() throws {
        // Start 0, end 50 %: the left half of each line.
        let frame = try F.render(
            stroked(#"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "m": 1}"#), frame: 0)
        #expect(frame.rgba(10, 10)[3] == 255 && frame.rgba(10, 30)[3] == 255)
        #expect(frame.rgba(30, 10)[3] == 0 && frame.rgba(30, 30)[3] == 0)
    }

    @Test func trimIndividuallyTrimsTheOutlinesAsOneLength() throws {
        // End 50 % of both lines together: all of the first line, none of the second.
        let frame = try F.render(
            stroked(#"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "m": 2}"#), frame: 0)
        #expect(frame.rgba(30, 10)[3] == 255)
        #expect(frame.rgba(10, 30)[3] == 0)
    }

    @Test func trimOffsetMovesTheTrimmedPart() throws {
        // 0...50 % moved by 90° (a quarter): 25...75 % of each line.
        let frame = try F.render(
            stroked(#"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 90}, "m": 1}"#), frame: 0)
        #expect(frame.rgba(8, 10)[3] == 0)
        #expect(frame.rgba(20, 10)[3] == 255)
        #expect(frame.rgba(32, 10)[3] == 0)
    }

    /// A trim further out cuts what the nearer one kept: 0...50 % then 50...100 % of that is
    /// 25...50 % of each line; a trim that keeps everything changes nothing, and reversed ends
    /// count as sorted.
    @Test func stackedTrimsCutInTurn() throws {
        let inner = #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "m": 1}"#
        let outer = #"{"ty": "tm", "s": {"a": 0, "k": 100}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "m": 1}"#
        let whole = #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 100}, "o": {"a": 0, "k": 0}, "m": 1}"#
        for trims in [[inner, outer], [whole, inner, outer]] {
            let frame = try F.render(stroked(trims.joined(separator: ",")), frame: 0)
            // The line runs from x 5 to 35: 25...50 % is x 12.5...20.
            #expect(frame.rgba(9, 10)[3] == 0 && frame.rgba(16, 10)[3] == 255 && frame.rgba(24, 10)[3] == 0)
        }
    }

    @Test func aRepeaterCopiesTheItemsBeforeItWithItsTransformAndOpacities() throws {
        // A 4 x 4 square at x 6, three copies 12 apart, opacity 100 % to 50 %.
        let repeater = #"""
            {"ty": "rp", "c": {"a": 0, "k": 3}, "o": {"a": 0, "k": 0}, "m": 1,
             "tr": {"ty": "tr", "p": {"a": 0, "k": [12, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0},
                    "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 50}}}
            """#
        let shapes = [F.rect(6, 20, 4, 4), F.fill(1, 1, 1), repeater].joined(separator: ",")
        let frame = try F.render(F.document(F.shapeLayer(shapes)), frame: 0)
        #expect(frame.rgba(6, 20)[3] == 255)
        #expect(abs(frame.rgba(18, 20)[3] - 191) <= 2)
        #expect(abs(frame.rgba(30, 20)[3] - 128) <= 2)
        #expect(frame.rgba(36, 20)[3] == 0)
    }

    @Test func gradientStopsMergeColourAndOpacity() {
        // Two colour stops (red at 0, blue at 1) and opacity stops (1 at 0, 0 at 0.5).
        let merged = ShapeMapping.merged([0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0.5, 0], 2, 0)
        #expect(merged.locations == [0, 0.5, 1])
        #expect(merged.colors == [1, 0, 0, 1, 0.5, 0, 0.5, 0, 0, 0, 1, 0])
    }

    @Test func aGradientFillShowsThroughItsOutline() throws {
        let gradient = #"""
            {"ty": "gf", "t": 1, "o": {"a": 0, "k": 100}, "r": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [40, 0]},
             "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}}
            """#
        let frame = try F.render(F.document(F.shapeLayer(F.rect(20, 20, 40, 20) + "," + gradient)), frame: 0)
        #expect(frame.rgba(1, 20)[0] > 240 && frame.rgba(1, 20)[2] < 15)
        #expect(frame.rgba(38, 20)[2] > 230)
        #expect(abs(frame.rgba(20, 20)[0] - 128) <= 8)
        #expect(frame.rgba(20, 5)[3] == 0)
    }
}

/// Slots (the Lottie specification's `slots`): a property naming one with `sid` takes the
/// slot's value; one naming a slot the file does not fill keeps its own.
@Suite struct SlotTests {
    typealias F = LottieFixture

    @Test func aPropertyWithASlotTakesTheSlotsValue() throws {
        let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1], "sid": "paint"}, "o": {"a": 0, "k": 100, "sid": "unfilled"}}"#
        let slots = #", "slots": {"paint": {"p": {"a": 0, "k": [0, 0, 1, 1]}}}"#
        let doc = F.document(F.shapeLayer(F.rect(20, 20, 20, 20) + "," + fill), extra: slots)
        #expect(try F.render(doc, frame: 0).near(20, 20, [0, 0, 255, 255]))
        // Without the slot, the property's own red.
        #expect(
            try F.render(F.document(F.shapeLayer(F.rect(20, 20, 20, 20) + "," + fill)), frame: 0).near(20, 20, [255, 0, 0, 255]))
    }
}

/// A fill or stroke after a repeater paints the repeater's copies of the shapes before it.
@Suite struct RepeatedOutlineTests {
    typealias F = LottieFixture

    @Test func aFillAfterARepeaterPaintsEveryCopy() throws {
        let repeater = #"""
            {"ty": "rp", "c": {"a": 0, "k": 2}, "o": {"a": 0, "k": 0}, "m": 1,
             "tr": {"a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [20, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0},
                    "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}
            """#
        let doc = F.document(F.shapeLayer([F.rect(10, 20, 8, 8), repeater, F.fill(0, 0, 1)].joined(separator: ",")))
        let frame = try F.render(doc, frame: 0)
        #expect(frame.near(10, 20, [0, 0, 255, 255]))
        #expect(frame.near(30, 20, [0, 0, 255, 255]))
        #expect(frame.near(20, 20, [0, 0, 0, 0]))
    }
}

/// A repeater over the copy limit is one problem, though both its copies and a fill after it read it.
@Suite struct RepeaterLimitTests {
    @Test func aRepeaterPastTheLimitIsReportedOnce() throws {
        let repeater = #"{"ty": "rp", "c": {"a": 0, "k": 5000}, "o": {"a": 0, "k": 0}, "m": 1, "tr": {}}"#
        let shapes = [LottieFixture.rect(10, 10, 4, 4), LottieFixture.fill(1, 0, 0), repeater, LottieFixture.fill(0, 0, 1)]
        let doc = LottieFixture.document(LottieFixture.shapeLayer(shapes.joined(separator: ",")))
        do {
            _ = try LottieFixture.imported(doc)
            Issue.record("a repeater of 5000 copies was imported")
        } catch let error as TimelineError {
            #expect(error.problems.filter { $0.expected.contains("at most 1000 repeater copies") }.count == 1)
        }
    }
}
