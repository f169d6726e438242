/// A date and time of day as a clock on the wall shows it (the document layer turns PDF
/// dates into the reader's local time), for the Properties dialog.
public struct CalendarDate: Equatable, Sendable {
    public var year: Int
    public var month: Int  // 1…12
    public var day: Int
    public var hour: Int
    public var minute: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
    }

    static let monthNames = [N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
                             N_("August"), N_("September"), N_("October"), N_("November"), N_("December")]
}

extension PropertyText {
    /// "5 March 2024, 09:07": day, month name and year, then the 24-hour time.
    public static func date(_ date: CalendarDate) -> String {
        let month = (1...12).contains(date.month) ? tr(CalendarDate.monthNames[date.month - 1]) : tr("month {number}", ["number": String(date.month)])
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        // Translators: a date and time in the Properties dialog, "3 December 2026, 14:05".
        return tr("{day} {month} {year}, {hour}:{minute}", ["day": String(date.day), "month": month, "year": String(date.year),
                                                          "hour": two(date.hour), "minute": two(date.minute)])
    }
}
