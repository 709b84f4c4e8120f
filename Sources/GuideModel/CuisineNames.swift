/// OpenStreetMap `cuisine` values in words: the documented values (wiki.openstreetmap.org/wiki/Key:cuisine) as
/// words ("coffee_shop" → "Coffee shop"); any other value exactly as it was written, since a guess at a word
/// the guide does not know ("tee", "smørrebrød") would mangle it. The pages say the words in their language, as the
/// catalogs' `cuisine` messages translate them.
public enum CuisineNames {
    public static func name(_ value: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard known.contains(trimmed) else { return trimmed }
        let words = trimmed.replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    public static let known: Set<String> = [
        "african", "american", "arab", "argentinian", "asian", "austrian", "bagel", "bakery", "barbecue", "bavarian",
        "beef_bowl", "brazilian", "breakfast", "british", "brunch", "bubble_tea", "buffet", "burger", "cake",
        "cantonese", "caribbean", "chicken", "chinese", "coffee_shop", "crepe", "cuban", "curry", "danish",
        "dessert", "dim_sum", "donut", "dumplings", "ethiopian", "filipino", "fine_dining", "finnish", "fish",
        "fish_and_chips", "french", "fried_chicken", "friture", "frozen_yogurt", "fusion", "georgian", "german",
        "greek", "grill", "hawaiian", "hot_dog", "hungarian", "ice_cream", "indian", "indonesian", "international",
        "irish", "italian", "italian_pizza", "japanese", "juice", "kebab", "korean", "latin_american", "lebanese",
        "local", "malaysian", "mediterranean", "mexican", "middle_eastern", "mongolian", "moroccan", "nepalese",
        "noodle", "oriental", "pakistani", "pancake", "pasta", "persian", "peruvian", "pizza", "poke", "polish",
        "portuguese", "ramen", "regional", "russian", "salad", "sandwich", "scandinavian", "seafood", "soup",
        "spanish", "steak_house", "sushi", "swedish", "syrian", "tacos", "tapas", "tea", "thai", "turkish",
        "ukrainian", "vegan", "vegetarian", "vietnamese", "wings",
    ]
}
