import Foundation
import XCTest

/// The hosting recipes (docs/hosting*.md) run as an operator runs them, with the real tools: `examples/publish-rsync.sh`
/// into a folder over two nights, `examples/publish-s3.sh` against a local S3 server (moto) with the AWS CLI, and
/// `examples/nginx.conf` in a real nginx. Each night is the built binary, as the scripts call it.
final class HostingRecipeTests: XCTestCase {
    static let night1 = 1_795_176_000  // 2026-11-20 12:00 UTC
    static let night2 = 1_795_262_400  // the next day

    /// The sample site as a recorded folder, with the recipe script beside its site.yaml.
    func siteWithRecipe(_ name: String) throws -> (TestSite, URL) {
        let site = try recordedSampleSite()
        let script = site.dir.appendingPathComponent(name)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("examples/\(name)"), to: script)
        return (site, script)
    }

    /// The script run by `sh` in the site's folder with only these variables (and PATH), as cron runs it.
    func run(_ script: URL, in site: TestSite, _ variables: [String: String]) throws -> CLIRun {
        try runCityguide(
            [script.path], in: site.dir, binary: URL(fileURLWithPath: "/bin/sh"),
            onlyEnvironment: variables.merging(
                ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": site.dir.path]
            ) { mine, _ in mine })
    }

    /// The site as a host gets it: without the files the recipes leave out.
    func published(_ output: URL) -> [String: Data] {
        snapshot(output).filter { $0.key != "_headers" && $0.key != ".cityguide-output" }
    }

    /// One Berlin café's rating moves: its page, its list and the city's pages say something new.
    func changeOneCafe(_ site: TestSite) throws {
        let file = site.dir.appendingPathComponent("data/berlin/places/coffee.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "\"rating\": 8.7", with: "\"rating\": 8.8")
        XCTAssertNotEqual(changed, text)
        try Data(changed.utf8).write(to: file)
    }

    func testRsyncRecipeSendsOnlyWhatChangedOnTheSecondNight() throws {
        try requireTool("rsync", install: "apt-get install rsync")
        let (site, script) = try siteWithRecipe("publish-rsync.sh")
        defer { site.remove() }
        let www = site.dir.appendingPathComponent("www")
        let variables = ["DEST": www.path + "/", "CITYGUIDE": try builtCityguide().path]

        let first = try run(script, in: site, variables.merging(["SOURCE_DATE_EPOCH": "\(Self.night1)"]) { $1 })
        XCTAssertEqual(first.status, 0, first.stderr)
        let before = published(site.output)
        XCTAssertEqual(snapshot(www), before, "the server has the site, and nothing else")
        XCTAssertEqual(Set(Self.sent(first.stdout)), Set(before.keys), "the first night sends every file")
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: site.dir.appendingPathComponent("reports/_digest.html").path),
            "the reports are written beside site.yaml")
        XCTAssertFalse(before.keys.contains { $0.hasPrefix("reports/") })

        // A night later (rsync compares modification times to the second), with one café's rating changed.
        Thread.sleep(forTimeInterval: 1.1)
        try changeOneCafe(site)
        let second = try run(script, in: site, variables.merging(["SOURCE_DATE_EPOCH": "\(Self.night2)"]) { $1 })
        XCTAssertEqual(second.status, 0, second.stderr)
        let after = published(site.output)
        XCTAssertEqual(snapshot(www), after)
        let changed = Set(after.filter { before[$0.key] != $0.value }.keys)
        let removed = Set(before.keys).subtracting(after.keys)
        XCTAssertEqual(Set(Self.sent(second.stdout)), changed, "exactly the files whose bytes changed move")
        XCTAssertEqual(Set(Self.deleted(second.stdout)), removed)
        XCTAssertTrue(changed.contains("berlin/places/kettle-coffee-co/index.html"), "\(changed.sorted())")
        XCTAssertTrue(changed.contains("berlin/coffee/index.html"))
        // Unchanged places keep their files (and their "Updated" day): most of the site stays where it is.
        XCTAssertFalse(changed.contains { $0.hasPrefix("san-francisco/places/") }, "\(changed.sorted())")
        XCTAssertLessThan(changed.count, after.count / 4, "\(changed.count) of \(after.count): \(changed.sorted())")
        // A place whose data did not change is the same file on the server: last night's time, no date in it.
        let place = try XCTUnwrap(after.keys.filter { $0.hasPrefix("san-francisco/places/") }.min())
        let stamp = try FileManager.default.attributesOfItem(atPath: www.appendingPathComponent(place).path)
        let built = try FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent(place).path)
        XCTAssertEqual(stamp[.modificationDate] as? Date, built[.modificationDate] as? Date)
        XCTAssertFalse(
            try String(contentsOf: www.appendingPathComponent(place), encoding: .utf8).contains(
                "<time datetime=\"2026-11-2"))
    }

    /// moto's S3 server on 127.0.0.1, the recipe run twice against it by the AWS CLI (one café changed between the
    /// nights), and what the bucket holds: each object's type, lifetime and whether its bytes are the file's.
    static let s3Script = #"""
        import hashlib, json, os, socket, subprocess, sys, time
        import boto3
        from moto.server import ThreadedMotoServer

        site, script, binary, first, second, edit = sys.argv[1:7]
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
        server.start()
        endpoint = "http://127.0.0.1:%d" % port
        keys = dict(aws_access_key_id="testing", aws_secret_access_key="testing", region_name="us-east-1")
        s3 = boto3.client("s3", endpoint_url=endpoint, **keys)
        s3.create_bucket(Bucket="guide")
        environment = dict(PATH=os.environ["PATH"], HOME=site, AWS_ACCESS_KEY_ID="testing",
                           AWS_SECRET_ACCESS_KEY="testing", AWS_DEFAULT_REGION="us-east-1", AWS_ENDPOINT_URL=endpoint,
                           BUCKET="s3://guide", CITYGUIDE=binary)

        def files():
            found = {}
            root = os.path.join(site, "Output")
            for folder, _, names in os.walk(root):
                for name in names:
                    path = os.path.join(folder, name)
                    found[os.path.relpath(path, root)] = hashlib.md5(open(path, "rb").read()).hexdigest()
            return found

        def night(epoch):
            done = subprocess.run(["sh", script], cwd=site, env=dict(environment, SOURCE_DATE_EPOCH=epoch),
                                  capture_output=True, text=True)
            lines = done.stdout.splitlines()
            return {"status": done.returncode, "stderr": done.stderr[-3000:],
                    "uploads": [l.split(" to s3://guide/", 1)[1] for l in lines if l.startswith("upload: ")],
                    "deletes": [l.split("s3://guide/", 1)[1] for l in lines if l.startswith("delete: ")],
                    "files": files()}

        out = {"nights": [night(first)]}
        time.sleep(1.1)  # a night later, to the second the AWS CLI compares times to
        text = open(edit, encoding="utf-8").read()
        open(edit, "w", encoding="utf-8").write(text.replace('"rating": 8.7', '"rating": 8.8'))
        out["nights"].append(night(second))
        objects = {}
        local = out["nights"][-1]["files"]
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket="guide"):
            for item in page.get("Contents", []):
                head = s3.head_object(Bucket="guide", Key=item["Key"])
                objects[item["Key"]] = {"type": head.get("ContentType"), "cache": head.get("CacheControl"),
                                        "same": local.get(item["Key"]) == head["ETag"].strip('"')}
        out["objects"] = objects
        server.stop()
        print(json.dumps(out))
        """#

    func testS3RecipeUploadsEachKindWithItsTypeAndLifetimeAndOnlyWhatChanged() throws {
        try requireTool("aws", install: "pip install awscli moto[server] boto3")
        let (site, script) = try siteWithRecipe("publish-s3.sh")
        defer { site.remove() }
        let answer = try python(
            Self.s3Script,
            [
                site.dir.path, script.path, try builtCityguide().path, "\(Self.night1)", "\(Self.night2)",
                site.dir.appendingPathComponent("data/berlin/places/coffee.json").path,
            ])
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        let nights = try XCTUnwrap(result["nights"] as? [[String: Any]])
        for night in nights { XCTAssertEqual(night["status"] as? Int, 0, night["stderr"] as? String ?? "") }
        let hidden: Set<String> = ["_headers", ".cityguide-output"]
        let before = try XCTUnwrap(nights[0]["files"] as? [String: String]).filter { !hidden.contains($0.key) }
        let after = try XCTUnwrap(nights[1]["files"] as? [String: String]).filter { !hidden.contains($0.key) }
        XCTAssertEqual(Set(nights[0]["uploads"] as? [String] ?? []), Set(before.keys), "the first night sends all")
        let changed = Set(after.filter { before[$0.key] != $0.value }.keys)
        XCTAssertTrue(changed.contains("berlin/places/kettle-coffee-co/index.html"), "\(changed.sorted())")
        XCTAssertLessThan(changed.count, after.count / 4)
        XCTAssertEqual(Set(nights[1]["uploads"] as? [String] ?? []), changed, "the second night sends what changed")
        XCTAssertEqual(nights[1]["deletes"] as? [String], [])

        let objects = try XCTUnwrap(result["objects"] as? [String: [String: Any]])
        XCTAssertEqual(Set(objects.keys), Set(after.keys), "the bucket holds the site, and nothing else")
        for (key, object) in objects {
            XCTAssertEqual(object["same"] as? Bool, true, "\(key): the bucket's bytes are the file's")
            let fingerprinted = key.hasPrefix("assets/") && key.split(separator: ".").count == 3
            XCTAssertEqual(
                object["cache"] as? String, fingerprinted ? "public, max-age=31536000, immutable" : "no-cache",
                "\(key): its lifetime")
            let expected: String? =
                switch key.split(separator: ".").last.map(String.init) ?? "" {
                case "html": "text/html; charset=utf-8"
                case "css": "text/css; charset=utf-8"
                case "js": "text/javascript; charset=utf-8"
                case "svg": "image/svg+xml"
                case "geojson": "application/geo+json"
                case "ics": "text/calendar; charset=utf-8"
                case "gpx": "application/gpx+xml"
                case "kml": "application/vnd.google-earth.kml+xml"
                case "json": key.contains("/find/") || key.hasSuffix("offline.json") ? "application/json" : nil
                case "webmanifest": "application/manifest+json"
                case "txt": "text/plain; charset=utf-8"
                case "xml": key == "sitemap.xml" ? "application/xml" : "application/atom+xml"
                default: nil
                }
            XCTAssertNotNil(expected, "\(key): a kind of file the test does not know")
            XCTAssertEqual(object["type"] as? String, expected, "\(key): its type")
        }
    }

    /// A real nginx started with `examples/nginx.conf` (only its address and folder changed), and what it answers.
    static let nginxScript = #"""
        import http.client, json, subprocess, sys, time
        config, port = sys.argv[1], int(sys.argv[2])
        server = subprocess.Popen(["nginx", "-c", config, "-g", "daemon off;"], stderr=subprocess.PIPE)
        try:
            for _ in range(100):
                try:
                    http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("HEAD", "/")
                    break
                except OSError:
                    time.sleep(0.05)
            out = {}
            for path in sys.argv[3:]:
                for encoding in ["identity", "gzip, br"]:
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                    connection.request("GET", path, headers={"Accept-Encoding": encoding})
                    response = connection.getresponse()
                    body = response.read()
                    out[path + " " + encoding] = {"status": response.status, "length": len(body),
                                                  "headers": {k.lower(): v for k, v in response.getheaders()},
                                                  "h1": body.split(b"<h1>")[1].split(b"<")[0].decode() if b"<h1>" in body else None}
        finally:
            server.terminate()
            errors = server.communicate(timeout=10)[1].decode()
        out["errors"] = errors
        print(json.dumps(out))
        """#

    func testNginxConfigurationSendsThePolicyTypesAndLifetimesAndThe404Page() throws {
        try requireTool("nginx", install: "apt-get install nginx")
        let site = try recordedSampleSite()
        defer { site.remove() }
        let config = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write("site.yaml", config + "hosting: {precompress: [gzip, brotli]}\n")
        var builder = site.builder()
        builder.options.baseURL = "https://guide.example.org/"
        try builder.build()
        let port = try python("import socket\ns = socket.socket()\ns.bind(('127.0.0.1', 0))\nprint(s.getsockname()[1])")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        var recipe = try String(
            contentsOf: repositoryRoot.appendingPathComponent("examples/nginx.conf"), encoding: .utf8)
        for (from, to) in [
            ("    listen 80;\n", "    listen 127.0.0.1:\(port);\n"), ("    listen [::]:80;\n", ""),
            ("    root /var/www/guide;\n", "    root \(site.output.path);\n"),
            // As the recipe says to, with Debian's libnginx-mod-http-brotli-static installed (Scripts/setup installs it).
            ("    # brotli_static on;\n", "    brotli_static on;\n"),
        ] {
            XCTAssertTrue(recipe.contains(from), "the recipe has `\(from)`")
            recipe = recipe.replacingOccurrences(of: from, with: to)
        }
        let folder = site.dir.appendingPathComponent("nginx")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(recipe.utf8).write(to: folder.appendingPathComponent("guide.conf"))
        let main = """
            pid \(folder.path)/nginx.pid;
            error_log stderr;
            include /etc/nginx/modules-enabled/*.conf;
            events {}
            http {
                access_log off;
                client_body_temp_path \(folder.path);
                include \(folder.path)/guide.conf;
            }

            """
        try Data(main.utf8).write(to: folder.appendingPathComponent("main.conf"))
        let style = try XCTUnwrap(
            try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("assets").path)
                .first { $0.hasPrefix("style.") && $0.hasSuffix(".css") && $0.split(separator: ".").count == 3 })
        let paths = [
            "/", "/berlin/", "/berlin/coffee/index.html", "/berlin/places.geojson", "/berlin/events.ics",
            "/berlin/feed.xml", "/assets/style.css", "/assets/\(style)", "/no/such/page/", "/sitemap.xml",
            "/berlin/coffee/places.gpx", "/berlin/coffee/places.kml",
        ]
        let answer = try python(Self.nginxScript, [folder.appendingPathComponent("main.conf").path, port] + paths)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        XCTAssertEqual(result["errors"] as? String, "", "nginx started and served without a complaint")

        // The policy nginx sends is the one the site's _headers carries.
        let headers = try site.text("_headers")
        let policy = try XCTUnwrap(
            headers.split(separator: "\n").first { $0.hasPrefix("  Content-Security-Policy: ") }?
                .dropFirst("  Content-Security-Policy: ".count))
        func answered(_ path: String) throws -> [String: Any] {
            try XCTUnwrap(result[path + " identity"] as? [String: Any], path)
        }
        func header(_ path: String, _ name: String) throws -> String? {
            try (answered(path)["headers"] as? [String: String])?[name]
        }
        for path in paths {
            XCTAssertEqual(try header(path, "content-security-policy"), String(policy), path)
            XCTAssertEqual(try header(path, "x-content-type-options"), "nosniff", path)
            XCTAssertEqual(
                try header(path, "cache-control"),
                path.contains(style) ? "public, max-age=31536000, immutable" : "no-cache", path)
        }
        for (path, type) in [
            ("/", "text/html; charset=utf-8"), ("/berlin/places.geojson", "application/geo+json; charset=utf-8"),
            ("/berlin/events.ics", "text/calendar; charset=utf-8"), ("/assets/\(style)", "text/css; charset=utf-8"),
            ("/berlin/coffee/places.gpx", "application/gpx+xml; charset=utf-8"),
            ("/berlin/coffee/places.kml", "application/vnd.google-earth.kml+xml; charset=utf-8"),
        ] {
            XCTAssertEqual(try header(path, "content-type"), type, path)
        }
        // The copies the build wrote are sent as they are to a browser that takes them, the page itself otherwise.
        for path in ["/berlin/coffee/index.html", "/berlin/places.geojson", "/assets/\(style)"] {
            let file = site.output.appendingPathComponent(String(path.dropFirst()))
            let plain = try answered(path)
            let packed = try XCTUnwrap(result[path + " gzip, br"] as? [String: Any], path)
            let headers = packed["headers"] as? [String: String] ?? [:]
            XCTAssertNil((plain["headers"] as? [String: String])?["content-encoding"], path)
            XCTAssertEqual(plain["length"] as? Int, try Data(contentsOf: file).count, path)
            XCTAssertEqual(headers["content-encoding"], "br", path)
            XCTAssertEqual(
                packed["length"] as? Int, try Data(contentsOf: URL(fileURLWithPath: file.path + ".br")).count, path)
            XCTAssertEqual(headers["vary"], "Accept-Encoding", path)
        }
        let missing = try answered("/no/such/page/")
        XCTAssertEqual(missing["status"] as? Int, 404)
        XCTAssertEqual(missing["h1"] as? String, "Page not found")
        XCTAssertEqual(try answered("/berlin/")["h1"] as? String, "Berlin")
    }

    /// `>f…` lines of `rsync --itemize-changes`: the files it sent.
    static func sent(_ log: String) -> [String] {
        log.split(separator: "\n").filter { $0.hasPrefix(">f") }.map {
            String($0.split(separator: " ", maxSplits: 1)[1])
        }
    }

    static func deleted(_ log: String) -> [String] {
        log.split(separator: "\n").filter { $0.hasPrefix("*deleting") }.map {
            String($0.dropFirst("*deleting".count).drop { $0 == " " })
        }
    }
}
