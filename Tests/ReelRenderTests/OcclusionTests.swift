import Foundation
import ReelCore
import ReelTimeline
import Testing

@testable import Reel
@testable import ReelRender

/// What an opaque fill drawn later hides is left out of the plan (`FramePlan.cullHidden`),
/// and the frame stays the same to the byte as drawing every step.
@Suite struct OcclusionTests {
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Timelines/seeds").standardized.path

    /// A stack of the contents seed's opaque image cards (white background, border, photo),
    /// with faded, shadowed, masked, rounded, turned and moving cards among them and on top.
    static func stack(copies: Int) throws -> Timeline {
        let card =
            ##"{"id": "c%d", "frame": [%@, %@, 160, 160], "backgroundColor": "#FFFFFF", "borderWidth": 1, "borderColor": "#999999", "contents": "photo", "contentsGravity": "resizeAspect"%@}"##
        var layers: [String] = []
        for i in 0..<copies {
            var extra = ""
            switch i % 7 {
            case 1:
                extra =
                    ##", "opacity": 0.6, "sublayers": [{"id": "s", "frame": [10, 10, 40, 40], "backgroundColor": "#FF000080"}]"##
            case 2: extra = ##", "shadowOpacity": 0.5, "shadowRadius": 6, "shadowOffset": [0, 8]"##
            case 3: extra = ##", "cornerRadius": 24"##
            case 4:
                extra = ##", "mask": {"id": "m", "frame": [0, 0, 120, 120], "cornerRadius": 60, "backgroundColor": "#FFFFFF"}"##
            case 5:
                extra =
                    ##", "animations": [{"keyPath": "position.x", "fromValue": 20, "toValue": 300, "duration": 1, "autoreverses": true, "repeatCount": 2}]"##
            default: break
            }
            let x = i % 11 == 0 ? "20.5" : i % 13 == 0 ? "\(20 + i % 40)" : "20"
            let y = i % 17 == 0 ? "\(40 + i % 30).25" : "20"
            layers.append(String(format: card, i, x, y, extra))
        }
        layers.append(
            ##"{"id": "turned", "frame": [60, 60, 160, 160], "backgroundColor": "#3366CC", "transform": {"rotation": "20deg"}}"##)
        layers.append(##"{"id": "top", "frame": [0, 100, 120, 60], "backgroundColor": "#20A040"}"##)
        let json = """
            {"canvas": {"width": 360, "height": 240, "duration": 4, "background": "#E8E8E8"},
             "assets": {"photo": {"path": "assets/photo.jpg"}}, "layers": [\(layers.joined(separator: ",\n"))]}
            """
        return try Timeline.decode(json, baseDirectory: seeds)
    }

    @Test func aHiddenStackDrawsTheSameBytesAsDrawingEveryStep() throws {
        let timeline = try Self.stack(copies: 60)
        let assets = try TimelineAssets.load(timeline)
        let culling = FrameRenderer(timeline: timeline, assets: assets, keepsShadows: true, drawsByRows: true)
        let every = FrameRenderer(
            timeline: timeline, assets: assets, keepsShadows: true, drawsByRows: true, cullsHidden: false)
        for time in [0, 0.37, 2.9] {
            let culled = culling.plan(time: time).steps.count
            let all = every.plan(time: time).steps.count
            #expect(culled * 2 < all, "at \(time) s: \(culled) of \(all) steps kept")
            #expect(culling.render(time: time).packedBytes == every.render(time: time).packedBytes, "at \(time) s")
        }
    }

    /// The units culling works on: a plain step, and a group with its mask, as one.
    @Test func aGroupWithItsMaskIsOneUnit() throws {
        let timeline = try Self.stack(copies: 5)
        let plan = FrameRenderer(
            timeline: timeline, assets: try TimelineAssets.load(timeline), keepsShadows: true, drawsByRows: true,
            cullsHidden: false
        ).plan(time: 0)
        let units = plan.topLevelUnits()
        #expect(units.map(\.steps.count).reduce(0, +) == plan.steps.count)
        for unit in units where unit.steps.count > 1 {
            guard case .beginGroup = plan.steps[unit.steps.lowerBound].operation,
                case .endGroup = plan.steps[unit.steps.upperBound - 1].operation
            else {
                Issue.record("a unit of \(unit.steps.count) steps that is no group")
                continue
            }
        }
    }
}
