/// `cityguide --version`, and what the exports and the report name as their producer.
public let cityguideVersion = "0.9.0"
