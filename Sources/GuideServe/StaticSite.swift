import Foundation
import GuideFiles
import GuideModel
import GuideWrite

/// What `serve` answers a request with: a whole response, or the live-reload event stream.
enum Answer: Equatable {
    case response(ServeResponse)
    case eventStream
}

struct ServeResponse: Equatable {
    var status: Int
    var headers: [(name: String, value: String)] = []
    var body = Data()

    static func == (a: ServeResponse, b: ServeResponse) -> Bool {
        a.status == b.status && a.body == b.body && a.headers.elementsEqual(b.headers) { $0 == $1 }
    }

    static func text(_ status: Int, _ text: String) -> ServeResponse {
        ServeResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8))
    }
}

/// Answers for the served site: its files from the output folder, HTML with the live-reload script added
/// (only here: the built files never carry it), the script itself, and the event stream.
struct StaticSite: Sendable {
    let root: URL
    /// base_url's path, as of the last build: 404.html reads its links from there, as on the real host, so the
    /// site is answered there too.
    let mount: Mount

    static let eventsPath = "/__cityguide/events"
    static let scriptPath = "/__cityguide/live.js"
    static let scriptTag = Data("<script src=\"\(scriptPath)\"></script>\n".utf8)

    func answer(_ request: RequestHead) -> Answer {
        guard request.method == "GET" || request.method == "HEAD" else {
            var refused = ServeResponse.text(405, "GET only\n")
            refused.headers.append(("Allow", "GET, HEAD"))
            return .response(refused)
        }
        // Decoded here, once, from the path as sent. (FlyingFox's decoded path once dropped a trailing slash, so
        // `/berlin/` redirected to itself, and served the home page for a malformed escape such as `%ff`.)
        let rawPath = String(request.target.prefix { $0 != "?" && $0 != "#" })
        guard let path = rawPath.removingPercentEncoding else {
            return .response(.text(400, "The path is not valid percent-encoded UTF-8.\n"))
        }
        switch path {
        case Self.eventsPath:
            return .eventStream
        case Self.scriptPath:
            return .response(
                ServeResponse(
                    status: 200,
                    headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-store")],
                    body: Data(Self.script.utf8)))
        default:
            return .response(file(path))
        }
    }

    /// The file at a decoded request path, from the root or from base_url's path.
    func file(_ requested: String) -> ServeResponse {
        if let base = mount.path, base != "/" {
            if requested + "/" == base {
                return ServeResponse(status: 301, headers: [("Location", base)])
            }
            if requested.hasPrefix(base) {
                let response = file("/" + requested.dropFirst(base.count), prefix: base)
                if response.status != 404 { return response }
            }
        }
        return file(requested, prefix: "/")
    }

    func file(_ requested: String, prefix: String) -> ServeResponse {
        var relative = String(requested.drop { $0 == "/" })
        if relative.isEmpty || relative.hasSuffix("/") { relative += "index.html" }
        guard (try? SiteWriter.contained(relative, in: root)) != nil else { return notFound() }
        // Nothing reached through a link or with another name is served: a link planted in the output
        // (`etc -> /etc`) must not show the machine's files to whatever page asks 127.0.0.1.
        switch OwnFile.read(relative, under: root.path) {
        case .file(let bytes):
            return page(bytes, type: Self.contentType(relative), status: 200)
        case .folder:
            // "/berlin" → "/berlin/", so the page's relative links resolve as they do on a real host.
            return ServeResponse(status: 301, headers: [("Location", prefix + relative + "/")])
        case .missing, .refused:
            return notFound()
        }
    }

    /// base_url's path, set by each build (the config may change while serving).
    final class Mount: @unchecked Sendable {
        private let lock = NSLock()
        private var value: String?
        var path: String? {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    func notFound() -> ServeResponse {
        guard case .file(let bytes) = OwnFile.read("404.html", under: root.path) else {
            return .text(404, "Not found\n")
        }
        return page(bytes, type: "text/html; charset=utf-8", status: 404)
    }

    func page(_ bytes: Data, type: String, status: Int) -> ServeResponse {
        var body = bytes
        if type.hasPrefix("text/html") {
            // Before the last </body>; a page without one gets the script at its end.
            let marker = Data("</body>".utf8)
            let at = bytes.range(of: marker, options: .backwards)?.lowerBound ?? bytes.endIndex
            body.replaceSubrange(at..<at, with: Self.scriptTag)
        }
        return ServeResponse(
            status: status, headers: [("Content-Type", type), ("Cache-Control", "no-store")], body: body)
    }

    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "xml": return path.hasSuffix("feed.xml") ? "application/atom+xml" : "application/xml"
        case "geojson": return "application/geo+json"
        case "json": return "application/json"
        case "webmanifest": return "application/manifest+json"
        case "ics": return "text/calendar; charset=utf-8"
        case "gpx": return "application/gpx+xml"
        case "kml": return "application/vnd.google-earth.kml+xml"
        case "txt": return "text/plain; charset=utf-8"
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "eml": return "message/rfc822"
        default: return "application/octet-stream"
        }
    }

    /// Reloads the page after a good build; after a bad one, shows the error over the last good page.
    static let script = """
        (function () {
          var source = new EventSource("\(eventsPath)");
          source.addEventListener("reload", function () { location.reload(); });
          source.addEventListener("failed", function (event) {
            var box = document.getElementById("cityguide-build-error");
            if (!box) {
              box = document.createElement("pre");
              box.id = "cityguide-build-error";
              box.setAttribute("role", "alert");
              box.style.cssText = "position:fixed;left:0;right:0;bottom:0;max-height:60vh;overflow:auto;margin:0;" +
                "padding:1rem;background:#7a1c12;color:#fff;font:14px/1.4 monospace;white-space:pre-wrap;z-index:9999";
              document.body.appendChild(box);
            }
            box.textContent = "cityguide: the last build failed; this is the last good site.\\n\\n" + event.data;
          });
        })();

        """
}
