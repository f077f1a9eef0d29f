import Foundation
import Hummingbird
import Logging
import Reel
import ReelJSON
import ReelTimeline
import ServiceLifecycle

/// `reel studio`'s web server (Hummingbird): the page, frames drawn on request, the layer
/// tree, hit tests, presentation values, per-frame costs and, as server-sent events, each
/// reload of the timeline. Files come only from the page and the timeline's own folder.
public struct StudioServer: Sendable {
    let document: StudioDocument
    let folder: String
    public let host: String
    public let port: Int

    /// A server of the timeline at `path` (assets inside `assetsRoot` or its folder) on
    /// `host`:`port`; throws when the timeline cannot be drawn now.
    public init(timeline path: String, assetsRoot: String?, host: String, port: Int) throws {
        document = try StudioDocument(path: path, assetsRoot: assetsRoot)
        folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        (self.host, self.port) = (host, port)
    }

    /// How often the timeline's files are looked at for changes.
    static let watchInterval = Duration.milliseconds(150)

    /// Serves until SIGINT or SIGTERM; `ready` is called with the page's address once the
    /// port is bound. Throws when it cannot be (a second studio on the same port).
    public func run(ready: @escaping @Sendable (String) -> Void) async throws {
        var logger = Logger(label: "reel studio")
        logger.logLevel = .critical
        let address = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
        let app = Application(
            router: router(), configuration: .init(address: .hostname(host, port: port), serverName: "reel studio"),
            onServerRunning: { _ in ready(address) }, logger: logger)
        let document = self.document
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: Self.watchInterval)
                    await document.checkForChanges()
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        let document = self.document
        let folder = self.folder
        for (route, page) in StudioFiles.page {
            router.get(RouterPath(route)) { _, _ -> Response in
                guard let data = StudioFiles.pageFile(page.file) else { return Response(status: .notFound) }
                return Self.respond(data, type: page.type)
            }
        }
        router.get("/api/info") { _, _ -> Response in
            let (timeline, version, problems) = await (document.timeline, document.version, document.problems)
            let c = timeline.canvas
            return Self.json(
                .object([
                    ("name", .string(timeline.name)), ("width", .number(c.width)), ("height", .number(c.height)),
                    ("pixelWidth", .number(Double(c.pixelWidth))), ("pixelHeight", .number(Double(c.pixelHeight))),
                    ("fps", .number(c.fps.framesPerSecond)), ("duration", .number(c.duration)),
                    ("frameCount", .number(Double(c.frameCount))), ("version", .number(Double(version))),
                    ("problems", Self.problems(problems))
                ]))
        }
        router.get("/api/frame") { request, _ -> Response in
            let time = Self.number(request, "time") ?? 0
            let scale = min(max(Self.number(request, "scale") ?? 1, 0.05), 1)
            let start = DispatchTime.now().uptimeNanoseconds
            let png = try await document.frame(time: max(0, time), scale: (scale * 100).rounded() / 100)
            var response = Self.respond(png, type: "image/png")
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            response.headers[.init("X-Reel-Render-Ms")!] = String(format: "%.2f", ms)
            return response
        }
        router.get("/api/tree") { _, _ -> Response in
            func node(_ l: AnimatedLayer) -> JSONValue {
                .object([
                    ("id", .string(l.model.id)), ("class", .string(l.model.layerClass.rawValue)),
                    ("sublayers", .array(l.sublayers.map(node)))
                ])
            }
            return Self.json(.object([("layers", .array(await document.timeline.layers.map(node)))]))
        }
        router.get("/api/hit") { request, _ -> Response in
            guard let x = Self.number(request, "x"), let y = Self.number(request, "y") else {
                return Response(status: .badRequest)
            }
            let path = await document.hit(time: Self.number(request, "time") ?? 0, x: x, y: y)
            return Self.json(.object([("path", .array(path.map { .string($0) }))]))
        }
        router.get("/api/inspect") { request, _ -> Response in
            guard let layer = request.uri.queryParameters["layer"].map(String.init) else { return Response(status: .badRequest) }
            do {
                return Self.json(try await document.inspect(time: Self.number(request, "time") ?? 0, layer: layer))
            } catch {
                return Self.json(.object([("error", .string("\(error)"))]), status: .notFound)
            }
        }
        router.get("/api/profile") { _, _ -> Response in
            await document.startProfile()
            guard let report = await document.profile else {
                return Self.json(.object([("frames", .array([])), ("costliest", .array([])), ("pending", .bool(true))]))
            }
            return Self.json(Self.costs(report))
        }
        router.get("/api/events") { _, _ -> Response in
            let events = await document.events()
            let body = ResponseBody { writer in
                try await writer.write(ByteBuffer(string: ": reel studio\n\n"))
                // A stopping server (Ctrl-C) ends the stream, so it does not wait for the page.
                for await event in events.cancelOnGracefulShutdown() {
                    let text: String
                    switch event {
                    case .ping:
                        text = ": ping\n\n"
                    case .reload(let version):
                        text = "event: reload\ndata: {\"version\": \(version)}\n\n"
                    case .problems(let version, let problems):
                        let data = JSONValue.object([("version", .number(Double(version))), ("problems", Self.problems(problems))]
                        )
                        text = "event: problems\ndata: \(data.serialized)\n\n"
                    }
                    try await writer.write(ByteBuffer(string: text))
                }
                try await writer.finish(nil)
            }
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
        }
        router.get("/files/**") { request, _ -> Response in
            // The raw path, as sent: `..` and encoded tricks are refused, not resolved.
            let raw = request.uri.path.dropFirst("/files/".count)
            guard let file = StudioFiles.file(raw, in: folder), let data = FileManager.default.contents(atPath: file) else {
                return Response(status: .forbidden)
            }
            return Self.respond(data, type: StudioFiles.contentType(of: file))
        }
        return router
    }

    static func number(_ request: Request, _ name: String) -> Double? {
        request.uri.queryParameters[Substring(name)].flatMap { Double(String($0)) }.flatMap { $0.isFinite ? $0 : nil }
    }

    static func respond(_ data: Data, type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: type, .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        respond(Data(value.serialized.utf8), type: "application/json", status: status)
    }

    static func problems(_ problems: [TimelineProblem]) -> JSONValue {
        .array(
            problems.map {
                .object([
                    ("path", .string($0.path)),
                    ("message", .string($0.expected.isEmpty ? $0.found : "expected \($0.expected), found \($0.found)"))
                ])
            })
    }

    /// Per-frame drawing cost (evaluate, plan and draw, wall ms) and each frame's five costliest layers.
    static func costs(_ report: ProfileReport) -> JSONValue {
        let records = report.records.sorted { $0.frame < $1.frame }
        let stages: [FrameStage] = [.evaluate, .plan, .draw]
        return .object([
            (
                "frames",
                .array(
                    records.map { r in
                        .object([
                            ("frame", .number(Double(r.frame))),
                            ("ms", .number(Double(stages.reduce(0) { $0 + r[$1].wall }) / 1e6))
                        ])
                    })
            ),
            (
                "costliest",
                .array(
                    records.map { r in
                        .object([
                            ("frame", .number(Double(r.frame))),
                            (
                                "layers",
                                .array(
                                    r.layers.sorted { $0.wall > $1.wall }.prefix(5).map {
                                        .object([
                                            ("layer", .string($0.layer)), ("part", .string($0.part.rawValue)),
                                            ("ms", .number(Double($0.wall) / 1e6))
                                        ])
                                    })
                            )
                        ])
                    })
            )
        ])
    }
}
