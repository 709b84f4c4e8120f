import Foundation
import GuideFetch
import GuideReport
import GuideShard

/// What the user asked a build for: the config, the output and the command's options.
public struct BuildOptions: Sendable {
    public var configFile: URL
    /// How messages name the config file (as the user typed it).
    public var configName: String
    public var output: URL
    /// `--date`; otherwise `SOURCE_DATE_EPOCH`, then the recorded data's date, then `now`.
    public var date: Date?
    /// How `source: live` uses its cache (`--refresh`, `--offline`).
    public var mode: LiveFetcher.Mode = .normal
    /// `build --report [--send]`: reports written (and sent) after the site.
    public var report: ReportRequest?
    /// `build --shard K/N`: only the cities of that part, and a summary for `cityguide assemble` instead of the
    /// pages about every city.
    public var shard: Shard?
    /// `--base-url`: where the site is published, instead of the config's `base_url`, for a host that names its
    /// address only when it deploys (GitHub Pages' `configure-pages`, GitLab's `CI_PAGES_URL`).
    public var baseURL: String?

    public init(configFile: URL, configName: String, output: URL, date: Date? = nil) {
        self.configFile = configFile
        self.configName = configName
        self.output = output
        self.date = date
    }
}

/// What a build reads the world through, passed in so tests give their own: the environment (API keys,
/// `SOURCE_DATE_EPOCH`), the clock, the HTTP client, and where progress goes.
public struct BuildDependencies: Sendable {
    public var environment: [String: String]
    public var now: @Sendable () -> Date
    public var client: any HTTPClient
    /// Progress and log events from the live fetch.
    public var observe: @Sendable (FetchEvent) -> Void

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        now: @escaping @Sendable () -> Date = { Date() }, client: any HTTPClient = CurlHTTPClient(),
        observe: @escaping @Sendable (FetchEvent) -> Void = { _ in }
    ) {
        self.environment = environment
        self.now = now
        self.client = client
        self.observe = observe
    }
}

/// Settings a user never changes and tests do: shorter waits, smaller batches, a place to stop the process.
public struct TestKnobs: Sendable {
    /// First retry delay of a live fetch, seconds.
    public var retryBase: Double = 0.5
    /// Called between the steps that must survive a kill (cache and output writes), with the step's name;
    /// tests stop the process there (`CITYGUIDE_KILL_AT`).
    public var checkpoint: @Sendable (String) -> Void = { _ in }
    /// How long to wait for another build writing the same history before warning that it is locked.
    public var historyBusySeconds: Double = 5
    /// The SMTP delivery's first retry delay, seconds.
    public var deliveryRetryDelay: Double = 2
    /// How many cities go through the pipeline together, from fetch to written pages: what a build holds in
    /// memory at once besides every city's card and key (tests make it small to cross batches).
    public var citiesPerBatch = 8
    /// Whether the templates' names are checked against their views before anything else (`TemplateSet.checkNames`).
    /// Only the test of the written pages' own checks turns it off, to hold that second line to raw templates the
    /// first refuses.
    public var checkTemplateNames = true

    public init() {}
}

// The pipeline's code reads its settings by name, wherever they are kept.
extension SiteBuilder {
    var configFile: URL { options.configFile }
    var configName: String { options.configName }
    var output: URL { options.output }
    var date: Date? { options.date }
    var mode: LiveFetcher.Mode { options.mode }
    var report: ReportRequest? { options.report }
    var shard: Shard? { options.shard }
    var baseURL: String? { options.baseURL }
    var environment: [String: String] { dependencies.environment }
    var now: @Sendable () -> Date { dependencies.now }
    var client: any HTTPClient { dependencies.client }
    var observe: @Sendable (FetchEvent) -> Void { dependencies.observe }
    var retryBase: Double { knobs.retryBase }
    var checkpoint: @Sendable (String) -> Void { knobs.checkpoint }
    var historyBusySeconds: Double { knobs.historyBusySeconds }
    var deliveryRetryDelay: Double { knobs.deliveryRetryDelay }
    var citiesPerBatch: Int { knobs.citiesPerBatch }
}
