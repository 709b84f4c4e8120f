import GuideAnalysis

/// A city's events page.
extension SiteRenderer {
    func events(_ city: CityGuide) -> PageView<EventsPageView> {
        let root = "../../"
        let path = values.pagePaths(city).events
        let layout = common(city, root: root, path: path, title: site.say(Words.eventsIn, ("city", city.plan.name)))
        let body = EventsPageView(
            timezone: city.plan.timeZone.identifier,
            events: events(city, limit: Self.eventsPerPage),
            calendarHref: SitePaths.relative(SitePaths.eventsCalendar(city), from: path))
        return PageView(layout: layout, body: body)
    }
}
