// swift-tools-version:6.0
// Reel: Core Animation's layer model, headless, rendered straight to video through FFmpeg.
import PackageDescription

let package = Package(
    name: "Reel",
    products: [
        .executable(name: "reel", targets: ["ReelCLI"]),
        .library(name: "Reel", targets: ["Reel"]),
        .library(name: "ReelBuilder", targets: ["ReelBuilder"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0")
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [
                .apt([
                    "libavcodec-dev", "libavformat-dev", "libavfilter-dev", "libswscale-dev", "libswresample-dev", "libavutil-dev"
                ])
            ]
        ),
        .systemLibrary(
            name: "CFontStack",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libfontconfig-dev", "libfreetype-dev", "libharfbuzz-dev", "libfribidi-dev", "libicu-dev"])]
        ),
        // libzip and zlib: the containers Lottie animations come in (dotLottie, .tgs).
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev", "zlib1g-dev"])]),
        // Duktape from Debian's duktape-dev sources, built with an instruction and memory budget:
        // the JavaScript engine of Lottie expressions.
        .target(
            name: "CDuktape", cSettings: [.unsafeFlags(["-w"])], linkerSettings: [.linkedLibrary("m")]),
        .target(name: "ReelCore"),
        // UAX #14 line breaks from ICU, whose headers must not meet Foundation's copy of ICU.
        .target(name: "CLineBreaks", linkerSettings: [.linkedLibrary("icuuc")]),
        .target(name: "ReelText", dependencies: ["CFontStack", "CLineBreaks", "ReelCore"]),
        .target(name: "ReelLayers", dependencies: ["ReelCore"]),
        // The JSON reader (RFC 8259 with paths in its errors), shared by every format that reads JSON.
        // Optimised in debug builds too: the tests hold large and hostile files to time limits,
        // and unoptimised parsing of a 20 MB file takes most of them.
        .target(name: "ReelJSON", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "ReelTimeline", dependencies: ["ReelLayers", "ReelCore"]),
        .target(name: "ReelFormat", dependencies: ["ReelJSON", "ReelTimeline", "ReelLayers", "ReelCore"]),
        // Lottie animations read with their JSON paths and mapped onto the layer model.
        .target(
            name: "ReelLottie",
            dependencies: ["CDuktape", "CZip", "ReelJSON", "ReelText", "ReelTimeline", "ReelFormat", "ReelCore"]),
        .target(
            name: "ReelRaster", dependencies: ["ReelCore", .product(name: "ComplexModule", package: "swift-numerics")]),
        // Caption files (SRT, WebVTT, word-timed JSON) read into cues, words and styles.
        .target(name: "ReelCaptions", dependencies: ["ReelJSON", "ReelCore"]),
        .target(name: "ReelRender", dependencies: ["ReelCaptions", "ReelLayers", "ReelRaster", "ReelText", "ReelCore"]),
        .target(name: "ReelMedia", dependencies: ["CFFmpeg", "ReelCore"]),
        .target(
            name: "Reel",
            dependencies: [
                "ReelCaptions", "ReelCore", "ReelJSON", "ReelLayers", "ReelTimeline", "ReelFormat", "ReelLottie", "ReelRaster",
                "ReelRender",
                "ReelText", "ReelMedia"
            ]),
        .target(name: "ReelBuilder", dependencies: ["ReelJSON", "ReelTimeline", "ReelFormat", "ReelLayers", "ReelCore"]),
        // Each input kind as the fuzzer drives it and the tests replay its corpus; not part of the product.
        .target(
            name: "ReelFuzzEntries", dependencies: ["Reel", "ReelCore", "ReelLottie", "ReelMedia", "ReelTimeline", "ReelFormat"]),
        // Replays the committed fuzz corpora without libFuzzer (`bin/test`).
        .executableTarget(name: "ReelFuzzReplay", dependencies: ["ReelFuzzEntries"]),
        // `reel studio`: the browser preview's server and its page.
        .target(
            name: "ReelStudio",
            dependencies: [
                "Reel", "ReelCore", "ReelJSON", "ReelLayers", "ReelMedia", "ReelRender", "ReelTimeline", "ReelFormat",
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
            ],
            resources: [.copy("Page")]),
        // Stops `reel` at start, with a message, on a CPU without what the build targets.
        .target(name: "ReelCPUCheck"),
        .executableTarget(
            name: "ReelCLI",
            dependencies: [
                "Reel", "ReelBuilder", "ReelCore", "ReelJSON", "ReelLottie", "ReelMedia", "ReelTimeline", "ReelFormat",
                "ReelCPUCheck",
                "ReelStudio",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        .testTarget(name: "ReelCoreTests", dependencies: ["ReelCore"]),
        .testTarget(name: "ReelLayersTests", dependencies: ["ReelLayers", "ReelCore"]),
        .testTarget(name: "ReelJSONTests", dependencies: ["ReelJSON"]),
        .testTarget(name: "ReelCaptionsTests", dependencies: ["ReelCaptions", "ReelCore"]),
        .testTarget(
            name: "ReelLottieTests",
            dependencies: ["ReelLottie", "Reel", "ReelTimeline", "ReelFormat", "ReelLayers", "ReelJSON", "ReelCore"]),
        .testTarget(
            name: "ReelFormatTests",
            dependencies: ["ReelFormat", "ReelTimeline", "ReelJSON", "ReelLayers", "ReelCore", "ReelTestSupport"]),
        .testTarget(
            name: "ReelTimelineTests",
            dependencies: ["ReelTimeline", "ReelFormat", "ReelJSON", "ReelLayers", "ReelCore", "ReelTestSupport"]),
        // What several test targets share (seeded randomness, running reel, timelines from text); not part of the product.
        .target(name: "ReelTestSupport", dependencies: ["ReelFormat", "ReelTimeline"], path: "Tests/ReelTestSupport"),
        .testTarget(name: "ReelTextTests", dependencies: ["ReelText", "ReelCore", "CFontStack"]),
        .testTarget(name: "ReelRasterTests", dependencies: ["ReelRaster", "ReelCore", "ReelTestSupport"]),
        .testTarget(
            name: "ReelRenderTests",
            dependencies: [
                "ReelRender", "ReelRaster", "ReelLayers", "ReelCore", "ReelTimeline", "ReelFormat", "ReelMedia", "Reel",
                "ReelTestSupport", "CFontStack", "ReelCaptions", "ReelText"
            ],
            exclude: ["Goldens"]),
        .testTarget(name: "ReelStudioTests", dependencies: ["ReelStudio"]),
        .testTarget(name: "ReelMediaTests", dependencies: ["ReelMedia", "ReelCore", "CFFmpeg", "ReelTestSupport"]),
        .testTarget(
            name: "ReelTests",
            dependencies: [
                "Reel", "ReelMedia", "ReelRender", "ReelTimeline", "ReelFormat", "ReelJSON", "ReelBuilder", "ReelCore", "ReelCLI",
                "ReelTestSupport", "ReelRaster"
            ]),
        .testTarget(
            name: "ReelCLITests",
            dependencies: [
                "ReelCLI", "Reel", "ReelBuilder", "ReelMedia", "ReelTimeline", "ReelFormat", "ReelJSON", "ReelCore",
                "ReelTestSupport"
            ]),
        .testTarget(
            name: "ReelBuilderTests",
            dependencies: ["ReelBuilder", "Reel", "ReelCore", "ReelJSON", "ReelLayers", "ReelTimeline", "ReelFormat"])
    ]
)

// The fuzzer (`bin/fuzz`): declared only when REEL_FUZZ is set, since it links libFuzzer and
// needs coverage instrumentation that ordinary builds do not have.
if Context.environment["REEL_FUZZ"] != nil {
    package.targets.append(.executableTarget(name: "ReelFuzz", dependencies: ["ReelFuzzEntries"]))
}
