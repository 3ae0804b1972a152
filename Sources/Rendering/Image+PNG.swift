import CCairo
import ResponderKit

#if canImport(Glibc)
import Glibc
#endif

extension Image {
    /// Writes the image as a PNG file (`cairo_surface_write_to_png_stream` into a file this opens
    /// itself: `O_CLOEXEC`, `O_NOFOLLOW` (a symbolic link is refused), mode 0644 before the umask, every `write(2)` checked). Throws
    /// `RenderingError.cannotWritePNG` naming the path and the reason — the system's (a missing
    /// or read-only folder, no space left on the device) when there is one, else Cairo's status.
    /// - Complexity: O(pixels).
    public func writePNG(to path: String) throws {
        guard !path.isEmpty else { throw RenderingError.cannotWritePNG(path: path, reason: "the path is empty") }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(clamping: width), Int32(clamping: height))
        defer { cairo_surface_destroy(surface) }
        let created = cairo_surface_status(surface)
        guard created == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            throw RenderingError.cannotWritePNG(
                path: path, reason: "cairo cannot hold a \(width)×\(height) image: \(String(cString: cairo_status_to_string(created)))")
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        pixels.withUnsafeBytes { source in
            for row in 0..<height {
                (data + row * stride).update(from: source.baseAddress!.advanced(by: row * width * 4).assumingMemoryBound(to: UInt8.self), count: width * 4)
            }
        }
        cairo_surface_mark_dirty(surface)
        // O_NOFOLLOW: a symbolic link at the output path is refused, never written through.
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else {
            let code = errno
            let reason = code == ELOOP ? "is a symbolic link; refusing to write through it" : String(cString: strerror(code))
            throw RenderingError.cannotWritePNG(path: path, reason: reason)
        }
        var sink = PNGSink(fd: fd)
        let status = withUnsafeMutablePointer(to: &sink) { sinkPointer in
            cairo_surface_write_to_png_stream(
                surface,
                { closure, data, length in
                    let sink = closure!.assumingMemoryBound(to: PNGSink.self)
                    return sink.pointee.write(data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
                }, sinkPointer)
        }
        // A full disk may only show at close (delayed allocation); either failure is the write's.
        let closed = close(fd) == 0 ? 0 : errno
        let systemError = sink.error != 0 ? sink.error : closed
        guard status == CAIRO_STATUS_SUCCESS, systemError == 0 else {
            let cairoReason = String(cString: cairo_status_to_string(status))
            let reason = systemError != 0 ? String(cString: strerror(systemError)) : cairoReason
            throw RenderingError.cannotWritePNG(path: path, reason: reason)
        }
    }

    /// Reads a PNG file (`cairo_image_surface_create_from_png`) into premultiplied ARGB32
    /// pixels at scale 1. Throws `RenderingError.cannotReadPNG` naming the path and the reason:
    /// no such file, permission denied, a directory, not a PNG file, corrupt or truncated data.
    /// - Complexity: O(pixels).
    public static func loadPNG(contentsOfFile path: String) throws -> Image {
        func fail(_ reason: String) -> RenderingError { .cannotReadPNG(path: path, reason: reason) }
        guard !path.isEmpty else { throw fail("the path is empty") }
        // Cairo reports every failure to open as a read error; ask the system first for a
        // precise reason.
        var info = stat()
        guard stat(path, &info) == 0 else { throw fail(String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { throw fail("it is a directory") }
        guard let file = fopen(path, "rbe") else { throw fail(String(cString: strerror(errno))) }
        var signature = [UInt8](repeating: 0, count: 8)
        let read = fread(&signature, 1, 8, file)
        fclose(file)
        guard read == 8, signature == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw fail(read == 0 ? "the file is empty, not a PNG file" : "not a PNG file (no PNG signature)")
        }

        let decoded = cairo_image_surface_create_from_png(path)
        defer { cairo_surface_destroy(decoded) }
        let status = cairo_surface_status(decoded)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw fail("the PNG data cannot be decoded: \(String(cString: cairo_status_to_string(status)))")
        }
        let width = Int(cairo_image_surface_get_width(decoded)), height = Int(cairo_image_surface_get_height(decoded))
        guard width > 0, height > 0 else { throw fail("the image has no pixels") }

        // Opaque PNGs decode as RGB24 (top byte undefined): paint onto ARGB32 to get alpha 255.
        var surface = decoded
        var converted: OpaquePointer?
        if cairo_image_surface_get_format(decoded) != CAIRO_FORMAT_ARGB32 {
            let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
            converted = target
            let cr = cairo_create(target)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(cr, decoded, 0, 0)
            cairo_paint(cr)
            cairo_destroy(cr)
            surface = target
        }
        defer { if let converted { cairo_surface_destroy(converted) } }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            throw fail("cairo cannot hold a \(width)×\(height) image: \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))")
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            let destination = UnsafeMutableRawPointer(buffer.baseAddress!)
            for row in 0..<height {
                destination.advanced(by: row * width * 4).copyMemory(from: data + row * stride, byteCount: width * 4)
            }
            count = width * height
        }
        guard let image = Image(width: width, height: height, pixels: pixels) else { throw fail("the image has no pixels") }
        return image
    }
}

/// The file `writePNG` streams into, with the first `write(2)` error (ENOSPC for a full disk).
private struct PNGSink {
    let fd: Int32
    var error: Int32 = 0

    /// Writes all of `count` bytes, retrying short writes and EINTR; false (error kept) otherwise.
    mutating func write(_ data: UnsafePointer<UInt8>?, count: Int) -> Bool {
        guard let data else { return count == 0 }
        var done = 0
        while done < count {
            let n = Glibc.write(fd, data + done, count - done)
            if n < 0 {
                if errno == EINTR { continue }
                error = errno
                return false
            }
            if n == 0 { error = ENOSPC; return false }
            done += n
        }
        return true
    }
}
