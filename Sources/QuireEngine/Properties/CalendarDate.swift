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

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]
}

extension PropertyText {
    /// "5 March 2024, 09:07": day, month name and year, then the 24-hour time.
    public static func date(_ date: CalendarDate) -> String {
        let month = (1...12).contains(date.month) ? CalendarDate.monthNames[date.month - 1] : "month \(date.month)"
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(date.day) \(month) \(date.year), \(two(date.hour)):\(two(date.minute))"
    }
}
