import GuideModel
import XCTest

@testable import GuideOSM

/// OpenStreetMap addresses in the order their country writes them, and its values in words.
final class AddressFormatTests: XCTestCase {
    func address(_ tags: [String: String]) -> String? { AddressFormat.address(tags) }

    func testEachCountryInItsOwnOrder() {
        // (street, number, postcode, city, state, country) and how the country writes it.
        let cases: [([String?], String)] = [
            // An Oakland address with no addr:country: a state and a ZIP code make it American.
            (["7th Street", "1612", "94607", "Oakland", "CA", nil], "1612 7th Street, Oakland, CA 94607"),
            (["Mannerheimintie", "22-24", "00100", "Helsinki", nil, "FI"], "Mannerheimintie 22-24, 00100 Helsinki"),
            // Without a country: street, then number.
            (["Torstraße", "126", "10119", "Berlin", nil, nil], "Torstraße 126, 10119 Berlin"),
            (["Baker Street", "221B", "NW1 6XE", "London", nil, "gb"], "221B Baker Street, London NW1 6XE"),
            (["Rue de Rivoli", "99", "75001", "Paris", nil, "FR"], "99 Rue de Rivoli, 75001 Paris"),
            // A ZIP code alone (no state) says nothing of the country.
            (["Main", "1", "12345", nil, nil, nil], "Main 1, 12345"),
            ([nil, nil, nil, "Helsinki", nil, nil], "Helsinki"),
        ]
        let keys = ["addr:street", "addr:housenumber", "addr:postcode", "addr:city", "addr:state", "addr:country"]
        for (values, expected) in cases {
            let tags = Dictionary(
                uniqueKeysWithValues: zip(keys, values).compactMap { key, value in value.map { (key, $0) } })
            XCTAssertEqual(address(tags), expected)
        }
        XCTAssertNil(address([:]))
    }

    func testCuisineInWordsAndUnknownValuesAsWritten() {
        XCTAssertEqual(CuisineNames.name("coffee_shop"), "Coffee shop")
        XCTAssertEqual(CuisineNames.name(" fish_and_chips"), "Fish and chips")
        XCTAssertEqual(CuisineNames.name("tee"), "tee", "not a documented value: as written")
        XCTAssertEqual(CuisineNames.name("Smørrebrød_Deluxe"), "Smørrebrød_Deluxe")
    }
}
