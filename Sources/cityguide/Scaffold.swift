/// What `cityguide init` writes: a guide that builds at once from the sample data, with every setting a new
/// user needs explained where it is set.
enum Scaffold {
    static let siteYAML = """
        # cityguide configuration. Build with `cityguide build`; the site appears in Output/.
        # Every key is explained in cityguide's docs/configuration.md.

        title: Neighborhood Guide
        # base_url: https://example.org/guide/   # where the site is published: enables sitemap.xml, canonical
        #                                         # links and the nightly report (`cityguide report`)
        units: metric                             # metric | imperial
        # languages: [en, fi]                     # the whole site in each (the first at the root); catalogs for
        #                                         # en de fr es pt fi sv nl it ja ar are built in

        # Where the data comes from:
        #   sample   - the data built into cityguide (the three cities below), no keys, no network
        #   recorded - a folder of saved API responses: add `recorded: path/to/folder`
        #   live     - the APIs themselves; keys come from FOURSQUARE_API_KEY, TICKETMASTER_API_KEY,
        #              OPENWEATHER_API_KEY (and GOOGLE_MAPS_API_KEY for cities without `center:`)
        source: sample

        # templates: Templates   # your own templates: each file there replaces the built-in one
        #                         # (`cityguide init --templates` writes them for editing)

        # Each build remembers what it published in .cityguide/history.sqlite, for "What's new" and the report.
        # history: false          # keep no history
        # history_days: 90        # nights kept

        # Who gets the nightly report (`cityguide build --report --send`); the SMTP password comes from
        # CITYGUIDE_SMTP_PASSWORD. Or `sendmail: /usr/sbin/sendmail` instead of smtp.
        # report: {to: [team@example.org], from: guide@example.org, smtp: "smtp://mail.example.org:587", user: guide}

        defaults: {max_results: 10, sort: rating, walking_minutes: 15}

        categories:
          - {id: coffee, name: Coffee Shops, foursquare: ["13032", "13035"], osm: ["amenity=cafe"]}
          - {id: restaurants, name: Restaurants, foursquare: ["13065"], osm: ["amenity=restaurant"]}
          - {id: bars, name: Bars, foursquare: ["13003"], osm: ["amenity=bar", "amenity=pub"]}
          - {id: galleries, name: Galleries, foursquare: ["10004", "10027"], osm: ["tourism=gallery", "tourism=museum"]}

        cities:
          - name: San Francisco, CA
            slug: san-francisco
            center: [37.7749, -122.4194]
            origin: {name: Union Square, at: [37.7880, -122.4075]}   # "home" for distances and walking routes
            timezone: America/Los_Angeles                            # event times are shown in it
          - name: São Paulo
            origin: {name: MASP, at: [-23.5614, -46.6559]}
            timezone: America/Sao_Paulo
            max_results: 12                                          # this city's own list length and order
            sort: distance
          - name: Berlin
            center: [52.5200, 13.4050]
            origin: {name: Alexanderplatz, at: [52.5219, 13.4132]}
            timezone: Europe/Berlin
            walking_minutes: 20
          - name: Valletta               # keyless: places from OpenStreetMap, weather from Open-Meteo, events from .ics
            center: [35.8989, 14.5146]
            origin: {name: City Gate, at: [35.8962, 14.5094]}
            timezone: Europe/Malta
            radius_km: 1.2                                           # how far around the center places are read

        """

    /// Lines `init` makes sure `.gitignore` has: the generated site and the cache, lock and history.
    static let ignored = ["Output/", ".Output.*", ".cityguide/"]
}
