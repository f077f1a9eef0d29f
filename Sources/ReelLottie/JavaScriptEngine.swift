import CDuktape

/// One JavaScript heap (Duktape) with a memory limit, where every run and call has a time
/// limit: an endless loop, a huge string or deep recursion ends in an error, never a hang or
/// a crash. Script reaches nothing but `__host`, answered by `host`.
final class JavaScriptEngine {
    /// A host answer: numbers, or nil when there is none.
    typealias Host = (_ operation: Int, _ path: String, _ argument: Double) -> [Double]?

    private var engine: OpaquePointer?
    private let host: Host
    private var error = [CChar](repeating: 0, count: 512)

    /// nil when the engine cannot start within `memoryLimit` bytes.
    init?(memoryLimit: Int, host: @escaping Host) {
        self.host = host
        let callback: ReelJSHost = { context, operation, path, argument, out, capacity in
            guard let context, let path, let out else { return -1 }
            let engine = Unmanaged<JavaScriptEngine>.fromOpaque(context).takeUnretainedValue()
            guard let values = engine.host(Int(operation), String(cString: path), argument) else { return -1 }
            let n = min(values.count, Int(capacity))
            for i in 0..<n { out[i] = values[i] }
            return Int32(n)
        }
        // The heap keeps an unretained pointer to self, released with it in deinit.
        engine = nil
        guard let made = reel_js_create(memoryLimit, callback, Unmanaged.passUnretained(self).toOpaque()) else { return nil }
        engine = made
    }

    deinit { reel_js_destroy(engine) }

    /// Runs `source` as global code; the engine's message when it fails.
    func run(_ source: String, seconds: Double) -> String? {
        let utf8 = Array(source.utf8)
        let rc = utf8.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { c in
                reel_js_run(engine, c.baseAddress, c.count, seconds, &error, error.count)
            }
        }
        return rc == 0 ? nil : message
    }

    /// What a call of the global function `name(id, frame, value)` gave.
    enum Outcome {
        case numbers([Double])
        case failed(String)
    }

    func call(_ name: String, id: Int, frame: Double, value: [Double], seconds: Double) -> Outcome {
        var out = [Double](repeating: 0, count: 64)
        let n = reel_js_call(
            engine, name, Double(id), frame, value, Int32(value.count), seconds, &out, Int32(out.count), &error, error.count)
        return n >= 0 ? .numbers(Array(out.prefix(Int(n)))) : .failed(message)
    }

    private var message: String {
        let bytes = error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
