import CRSVG
import Foundation

/// An SVG map drawn to PNG by librsvg: most mail clients show no SVG, and none runs a page's stylesheet, so the
/// map's styles arrive inside the SVG (see `MapStyle`).
public enum MapImage {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// - Parameters:
    ///   - svg: a complete `<svg>` element with a `viewBox`.
    ///   - scale: device pixels per SVG unit (2 for screens that have them).
    public static func png(svg: String, width: Int, height: Int, scale: Double = 2) throws -> Data {
        var error: UnsafeMutablePointer<GError>?
        let bytes = Array(svg.utf8)
        guard
            let handle = bytes.withUnsafeBufferPointer({
                rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error)
            })
        else { throw Failure(description: "librsvg could not read the map: \(message(error))") }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }

        let pixelsWide = Int32((Double(width) * scale).rounded())
        let pixelsHigh = Int32((Double(height) * scale).rounded())
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelsWide, pixelsHigh) else {
            throw Failure(description: "cairo could not make a \(pixelsWide)×\(pixelsHigh) image")
        }
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        // Mail clients in dark mode would show a transparent map on black.
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(pixelsWide), height: Double(pixelsHigh))
        guard rsvg_handle_render_document(handle, context, &viewport, &error) != 0 else {
            throw Failure(description: "librsvg could not draw the map: \(message(error))")
        }
        cairo_surface_flush(surface)

        let sink = PNGSink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue().data.append(data, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "cairo could not write the PNG (status \(status.rawValue))")
        }
        return sink.data
    }

    static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "no reason given" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "no reason given"
    }
}

private final class PNGSink {
    var data = Data()
}
