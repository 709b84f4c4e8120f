import Foundation

/// An OpenStreetMap address (`addr:*`) as people of its country write it: "1612 7th Street, Oakland, CA 94607" in
/// the United States, "Mannerheimintie 22, 00100 Helsinki" in Finland.
enum AddressFormat {
    /// Where the house number comes before the street.
    static let numberFirst: Set<String> = [
        "US", "CA", "GB", "IE", "AU", "NZ", "FR", "LU", "MC", "IN", "PH", "SG", "MY", "ZA", "IL", "HK",
    ]
    /// Where the town line is "City, State Postcode".
    static let cityStatePostcode: Set<String> = ["US", "CA", "AU"]
    /// Where it is "City Postcode".
    static let cityPostcode: Set<String> = ["GB", "IE", "SG", "IN", "ZA"]

    static func address(_ values: [String: String]) -> String? {
        let country = self.country(values)
        let (street, number) = (values["addr:street"], values["addr:housenumber"])
        let first = numberFirst.contains(country ?? "") ? [number, street] : [street, number]
        let streetLine = first.compactMap { $0 }.joined(separator: " ")
        let (postcode, city, state) = (values["addr:postcode"], values["addr:city"], values["addr:state"])
        let town: String
        if let country, cityStatePostcode.contains(country) {
            let region = [state, postcode].compactMap { $0 }.joined(separator: " ")
            town = [city, region.isEmpty ? nil : region].compactMap { $0 }.joined(separator: ", ")
        } else if let country, cityPostcode.contains(country) {
            town = [city, postcode].compactMap { $0 }.joined(separator: " ")
        } else {
            town = [postcode, city].compactMap { $0 }.joined(separator: " ")
        }
        let address = [streetLine, town].filter { !$0.isEmpty }.joined(separator: ", ")
        return address.isEmpty ? nil : address
    }

    /// `addr:country` (two letters); without it, a state with a ZIP code is the United States.
    static func country(_ values: [String: String]) -> String? {
        if let code = values["addr:country"]?.uppercased(), code.count == 2, code.allSatisfy(\.isLetter) {
            return code
        }
        if values["addr:state"] != nil, let zip = values["addr:postcode"],
            zip.wholeMatch(of: /[0-9]{5}(-[0-9]{4})?/) != nil
        {
            return "US"
        }
        return nil
    }
}
