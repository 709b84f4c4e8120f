import ArgumentParser

/// `--base-url`, for the commands that write a whole site (`build`, `assemble`).
struct BaseURLOption: ParsableArguments {
    @Option(
        name: .customLong("base-url"),
        help:
            "Where the site is published, instead of base_url in the config (e.g. the address a host gives at deploy).")
    var baseURL: String?
}
