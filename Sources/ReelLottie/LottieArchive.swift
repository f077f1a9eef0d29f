import CZip
import Foundation

/// The containers a Lottie animation comes in, opened with limits: a gzip stream (`.tgs`)
/// through zlib and a dotLottie zip through libzip. Nothing inflates past `limit` bytes,
/// whatever the container claims.
enum LottieArchive {
    enum Failure: Error {
        case tooLarge(String)
        case damaged(String)
    }

    static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }
    static func isZip(_ data: Data) -> Bool { data.starts(with: [0x50, 0x4B, 0x03, 0x04]) }

    /// The gzip stream `data` inflated.
    static func gunzip(_ data: Data, limit: Int) throws(Failure) -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .damaged("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var out = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let result: Result<Void, Failure> = data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                if out.count + produced > limit {
                    return .failure(.tooLarge("it inflates past \(limit >> 20) MB"))
                }
                out.append(contentsOf: chunk[0..<produced])
                if status == Z_STREAM_END { return .success(()) }
                guard status == Z_OK else { return .failure(.damaged("the gzip stream is damaged (zlib \(status))")) }
                if stream.avail_in == 0 && produced == 0 { return .failure(.damaged("the gzip stream ends early")) }
            }
        }
        try result.get()
        return out
    }

    /// The files of the zip `data` whose names `wanted` accepts, each at most `limit` bytes
    /// and all together at most `limit`.
    static func unzip(_ data: Data, limit: Int, wanted: (String) -> Bool) throws(Failure) -> [String: Data] {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        let bytes = [UInt8](data)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> [String: Data] in
            guard let source = zip_source_buffer_create(buffer.baseAddress, zip_uint64_t(buffer.count), 0, &error) else {
                throw .damaged("libzip could not read it")
            }
            guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
                zip_source_free(source)
                throw .damaged("it is not a zip archive libzip can open (\(String(cString: zip_error_strerror(&error))))")
            }
            defer { zip_discard(archive) }
            var files: [String: Data] = [:]
            var total = 0
            let count = zip_get_num_entries(archive, 0)
            guard count >= 0, count <= 100_000 else { throw .tooLarge("it lists \(count) entries") }
            for i in 0..<count {
                guard let cName = zip_get_name(archive, zip_uint64_t(i), 0) else { continue }
                let name = String(cString: cName)
                guard wanted(name) else { continue }
                var stat = zip_stat_t()
                zip_stat_init(&stat)
                guard zip_stat_index(archive, zip_uint64_t(i), 0, &stat) == 0 else { continue }
                if stat.size > zip_uint64_t(limit - total) { throw .tooLarge("\(name) inflates to \(stat.size >> 20) MB") }
                guard let file = zip_fopen_index(archive, zip_uint64_t(i), 0) else { throw .damaged("\(name) cannot be opened") }
                defer { zip_fclose(file) }
                var content = Data()
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let n = chunk.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, zip_uint64_t($0.count)) }
                    if n < 0 { throw .damaged("\(name) is damaged") }
                    if n == 0 { break }
                    total += Int(n)
                    if total > limit { throw .tooLarge("its files inflate past \(limit >> 20) MB") }
                    content.append(contentsOf: chunk[0..<Int(n)])
                }
                files[name] = content
            }
            return files
        }
    }
}
