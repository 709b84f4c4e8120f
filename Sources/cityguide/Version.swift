/// `cityguide --version`.
let cityguideVersion = "0.8.0"
