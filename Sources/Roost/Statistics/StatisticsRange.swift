/// The period a statistics request asks about (`time_dimension`, `start_year`...), checked
/// as Sendbird checks it, and split into the days or months answered one value each.
struct StatisticsRange: Sendable, Equatable {
    enum Dimension: String, Sendable {
        case daily, monthly
    }

    struct Bucket: Sendable, Equatable {
        /// `YYYY-MM-DD` for a day, `YYYY-MM` for a month.
        let label: String
        /// UTC days since 1970, both ends included.
        let days: ClosedRange<Int64>
    }

    let dimension: Dimension
    let firstDay: Int64
    let lastDay: Int64

    /// Reads the range; `maxDays` and `maxMonths` bound it, both ends counted.
    init(_ query: QueryParameters, maxDays: Int, maxMonths: Int) throws(APIError) {
        guard let raw = query.string("time_dimension") else { throw .missing("time_dimension") }
        guard let dimension = Dimension(rawValue: raw) else { throw .invalid("time_dimension", "Give daily or monthly.") }
        func required(_ name: String) throws(APIError) -> Int {
            guard let value = try query.int(name) else { throw .missing(name) }
            return value
        }
        let startYear = try required("start_year"), startMonth = try required("start_month")
        let endYear = try required("end_year"), endMonth = try required("end_month")
        guard (1...12).contains(startMonth) else { throw .outOfRange("start_month", 1...12) }
        guard (1...12).contains(endMonth) else { throw .outOfRange("end_month", 1...12) }
        guard (1970...9999).contains(startYear) else { throw .outOfRange("start_year", 1970...9999) }
        guard (1970...9999).contains(endYear) else { throw .outOfRange("end_year", 1970...9999) }
        let startDay = try query.int("start_day"), endDay = try query.int("end_day")
        if dimension == .monthly, startDay != nil || endDay != nil {
            throw .invalid(startDay != nil ? "start_day" : "end_day", "Days are given only with time_dimension=daily.")
        }
        guard let first = Self.daysSince1970(year: startYear, month: startMonth, day: startDay ?? 1) else {
            throw .outOfRange("start_day", 1...Self.length(ofMonth: startMonth, in: startYear))
        }
        let lastOfMonth = Self.length(ofMonth: endMonth, in: endYear)
        guard let last = Self.daysSince1970(year: endYear, month: endMonth, day: endDay ?? lastOfMonth) else {
            throw .outOfRange("end_day", 1...lastOfMonth)
        }
        guard first <= last else { throw .invalid("end_year", "The period ends before it starts.") }
        switch dimension {
        case .daily:
            guard last - first + 1 <= maxDays else { throw .invalid("time_dimension", "A daily period is at most \(maxDays) days.") }
        case .monthly:
            guard (endYear - startYear) * 12 + endMonth - startMonth + 1 <= maxMonths else {
                throw .invalid("time_dimension", "A monthly period is at most \(maxMonths) months.")
            }
        }
        self.dimension = dimension
        self.firstDay = first
        self.lastDay = last
    }

    var buckets: [Bucket] {
        switch dimension {
        case .daily:
            return (firstDay...lastDay).map { day in
                let (year, month, dayOfMonth) = Self.civil(day)
                return Bucket(label: Self.label(year, month, dayOfMonth), days: day...day)
            }
        case .monthly:
            var buckets: [Bucket] = []
            var day = firstDay
            while day <= lastDay {
                let (year, month, _) = Self.civil(day)
                let end = Self.daysSince1970(year: year, month: month, day: Self.length(ofMonth: month, in: year))!
                buckets.append(Bucket(label: Self.label(year, month, nil), days: day...min(end, lastDay)))
                day = end + 1
            }
            return buckets
        }
    }

    private static func label(_ year: Int, _ month: Int, _ day: Int?) -> String {
        let yyyy = String(year), mm = month < 10 ? "0\(month)" : String(month)
        guard let day else { return "\(yyyy)-\(mm)" }
        return "\(yyyy)-\(mm)-\(day < 10 ? "0\(day)" : String(day))"
    }

    static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// A date a request gives, in days since 1970-01-01: nil when it is no date of the years
    /// 1 to 9999.
    static func calendarDay(year: Int, month: Int, day: Int) -> Int64? {
        guard (1...9999).contains(year) else { return nil }
        return daysSince1970(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01 of a calendar date (proleptic Gregorian), nil when it is no date
    /// (or lies more than a million years away, where the sums below would overflow).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int64? {
        guard (-1_000_000...1_000_000).contains(year), (1...12).contains(month), day >= 1, day <= length(ofMonth: month, in: year)
        else { return nil }
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The calendar date of a day since 1970.
    static func civil(_ days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0)), Int(month), Int(day))
    }
}
