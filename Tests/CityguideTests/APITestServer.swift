import FlyingFox
import Foundation

/// A loopback stand-in for the four APIs: serves recorded bodies on their real paths, can be told to fail,
/// and logs every request it receives (path, query, headers, time) so tests can count retries and spacing.
final class APITestServer: @unchecked Sendable {
    enum Behavior: Sendable {
        case ok
        case body(Data)
        case status(Int, body: Data = Data(), headers: [String: String] = [:])
        /// Answers after `seconds`, longer than the client's timeout.
        case slow(Double)
        case html
    }

    struct Hit: Sendable {
        var path: String
        var query: [String: String]
        var headers: [String: String]
        var at: ContinuousClock.Instant
    }

    static let paths = [
        "/places/search", "/v3/places/search", "/discovery/v2/events.json", "/maps/api/geocode/json",
        "/data/2.5/weather", "/v1/forecast", "/search", "/feeds/helsinki.ics", "/api/interpreter", photoPath,
    ]

    /// Where the Foursquare fixture's photo is served when its address is pointed at this server
    /// (`pointPhotosHere`): the fixture's suffix at 640 wide, as the decoder asks.
    static let photoPath = "/img/general/width640/1234_abcd.jpg"

    private let lock = NSLock()
    private let server: HTTPServer
    private var bodies: [String: Data]
    private var scripts: [String: [Behavior]] = [:]
    /// Bodies answered to requests in another language (`Accept-Language`), by path then language.
    private var languageBodies: [String: [String: Data]] = [:]
    private var log: [Hit] = []
    private var inFlight = 0
    /// The most requests the server was answering at once.
    private(set) var maxInFlight = 0
    /// Every answer waits this long (to make overlapping requests observable).
    var latency: Double = 0
    private var task: Task<Void, Error>?
    private(set) var port: UInt16 = 0

    init(bodies: [String: Data]) throws {
        self.bodies = bodies
        // IPv4 loopback on a free port chosen by the kernel.
        server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Overpass queries for a base map (`out geom`) are logged and answered under this path, so a test can
    /// tell them from the places query that shares `/api/interpreter`.
    static let mapPath = "/api/interpreter#map"

    static func route(_ request: HTTPRequest) -> String {
        guard request.path == "/api/interpreter",
            request.query.contains(where: { $0.name == "data" && $0.value.hasSuffix(");out geom;") })
        else { return request.path }
        return mapPath
    }

    /// A started server answering every path with the project's recorded fixtures (weather in metric units).
    static func recorded() throws -> APITestServer {
        let server = try APITestServer(bodies: [
            "/places/search": try fixture("foursquare-current.json"),
            "/v3/places/search": try fixture("foursquare-v3.json"),
            "/discovery/v2/events.json": try fixture("ticketmaster-events.json"),
            "/maps/api/geocode/json": try fixture("google-ok.json"),
            "/data/2.5/weather": try fixture("owm-metric.json"),
            "/v1/forecast": try fixture("open-meteo.json"),
            "/search": try fixture("nominatim-helsinki.json"),
            "/feeds/helsinki.ics": try fixture("helsinki-events.ics"),
            "/api/interpreter": try fixture("overpass-helsinki.json"),
            Self.mapPath: try fixture("overpass-map-kauppatori.json"),
            Self.photoPath: try fixture("photo-64x48.jpg"),
        ])
        try server.start()
        server.setBody("/places/search", server.pointingPhotosHere(try fixture("foursquare-current.json")))
        return server
    }

    /// A `source: live` site.yaml whose four providers are this server.
    /// - Parameters:
    ///   - categories: the lines under `categories:`.
    ///   - live: further lines under `live:` (indented two spaces).
    ///   - cities: the lines under `cities:`.
    func liveConfig(
        categories: String = "  - {id: coffee, name: Coffee Shops, foursquare: [\"13032\"]}", live: String = "",
        cities: String = "  - {name: Berlin, center: [52.52, 13.405], timezone: Europe/Berlin}"
    ) -> String {
        """
        title: Live Guide
        source: live
        categories:
        \(categories)
        live:
          foursquare: {base_url: "\(baseURL)"}
          ticketmaster: {base_url: "\(baseURL)"}
          google: {base_url: "\(baseURL)"}
          openweathermap: {base_url: "\(baseURL)"}
          overpass: {base_url: "\(baseURL)"}
        \(live)
        cities:
        \(cities)

        """
    }

    func start() throws {
        let done = DispatchSemaphore(value: 0)
        let failure = Locked<Error?>(nil)
        Task {
            do {
                for path in Self.paths {
                    await server.appendRoute(HTTPRoute("GET \(path)")) { [self] request in await self.respond(request) }
                }
                task = Task { try await server.run() }
                try await server.waitUntilListening(timeout: 5)
                switch await server.listeningAddress {
                case .ip4(_, let port), .ip6(_, let port): self.port = port
                default: break
                }
            } catch {
                failure.value = error
            }
            done.signal()
        }
        done.wait()
        if let error = failure.value { throw error }
    }

    func stop() {
        let done = DispatchSemaphore(value: 0)
        Task {
            await server.stop(timeout: 1)
            done.signal()
        }
        done.wait()
        task?.cancel()
    }

    /// The next answers for `path`, in order; afterwards it serves its body again.
    func script(_ path: String, _ behaviors: [Behavior]) {
        lock.lock()
        scripts[path, default: []] += behaviors
        lock.unlock()
    }

    /// Forgets every scripted answer not yet given.
    func clearScripts() {
        lock.lock()
        scripts = [:]
        lock.unlock()
    }

    /// Serves a fixture at `path` with one piece of its text replaced (a renamed place, an echoed key). Photo
    /// addresses lead to this server, as they do in every fixture it serves.
    func serve(_ path: String, fixture name: String, replacing text: String, with replacement: String) throws {
        let body = String(decoding: try fixture(name), as: UTF8.self)
        precondition(body.contains(text), "\(name) has no '\(text)'")
        setBody(path, pointingPhotosHere(Data(body.replacingOccurrences(of: text, with: replacement).utf8)))
    }

    /// Foursquare's photo addresses lead to this server instead of its image host (the tests have no internet).
    func pointingPhotosHere(_ body: Data) -> Data {
        Data(
            String(decoding: body, as: UTF8.self).replacingOccurrences(
                of: "https://fastly.4sqi.net/img/general/", with: "\(baseURL)/img/general/"
            ).utf8)
    }

    /// Answers `path` in `language` (its `Accept-Language`) with `body`; other languages get the path's body.
    func setBody(_ path: String, language: String, _ body: Data) {
        lock.lock()
        languageBodies[path, default: [:]][language] = body
        lock.unlock()
    }

    func setBody(_ path: String, _ body: Data) {
        lock.lock()
        bodies[path] = body
        lock.unlock()
    }

    var hits: [Hit] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }

    func hits(_ path: String) -> [Hit] { hits.filter { $0.path == path } }

    private func next(_ path: String, language: String?) -> (Behavior, Data) {
        lock.lock()
        defer { lock.unlock() }
        let body = language.flatMap { languageBodies[path]?[$0] } ?? bodies[path] ?? Data("{}".utf8)
        guard var queue = scripts[path], !queue.isEmpty else { return (.ok, body) }
        let behavior = queue.removeFirst()
        scripts[path] = queue
        return (behavior, body)
    }

    private func record(_ request: HTTPRequest) {
        var query: [String: String] = [:]
        for item in request.query { query[item.name] = item.value }
        var headers: [String: String] = [:]
        for name in ["Authorization", "X-Places-Api-Version", "Accept", "Accept-Language", "User-Agent"] {
            headers[name] = request.headers[HTTPHeader(name)]
        }
        lock.lock()
        log.append(Hit(path: Self.route(request), query: query, headers: headers, at: .now))
        lock.unlock()
    }

    private func respond(_ request: HTTPRequest) async -> HTTPResponse {
        record(request)
        let latency = lock.withLock {
            inFlight += 1
            maxInFlight = max(maxInFlight, inFlight)
            return self.latency
        }
        defer { lock.withLock { inFlight -= 1 } }
        if latency > 0 { try? await Task.sleep(nanoseconds: UInt64(latency * 1e9)) }
        let (behavior, body) = next(Self.route(request), language: request.headers[HTTPHeader("Accept-Language")])
        let json: HTTPHeaders = [.contentType: "application/json"]
        switch behavior {
        case .ok:
            return HTTPResponse(statusCode: .ok, headers: json, body: body)
        case .body(let data):
            return HTTPResponse(statusCode: .ok, headers: json, body: data)
        case .status(let code, let data, let extra):
            var headers = json
            for (name, value) in extra { headers[HTTPHeader(name)] = value }
            return HTTPResponse(statusCode: HTTPStatusCode(code, phrase: "Test"), headers: headers, body: data)
        case .slow(let seconds):
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            return HTTPResponse(statusCode: .ok, headers: json, body: body)
        case .html:
            return HTTPResponse(
                statusCode: .ok, headers: [.contentType: "text/html"],
                body: Data("<html><body><h1>Service temporarily unavailable</h1></body></html>".utf8))
        }
    }
}

/// A value shared with a task.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }
}
