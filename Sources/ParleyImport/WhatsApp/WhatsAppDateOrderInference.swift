import ParleyModel

/// Decides the order of day, month and year for a whole WhatsApp export, never line by line,
/// from its headers fed one at a time in file order (O(1) memory).
///
/// 1. Keep the orders under which the fewest headers are no valid date (a year is four digits or
///    carries an era; month ≤ 12; the day exists in that month). In an export as WhatsApp wrote
///    it that is none; a header that is no date in the order chosen (`00/00/0000`, or a line
///    written in another locale's order) is read as a line of the message before it
///    (``WhatsAppMessageAssembler``), and ``WhatsAppSurvey`` refuses an export where such
///    headers are not a minority.
/// 2. If several remain, prefer the one whose dates go backwards least often in file order
///    (exports are chronological, apart from a few out-of-order lines).
/// 3. Then prefer the order in which the day field changes more often than the month field
///    between consecutive dates that fit both (the frequency test of Pustur's whatsapp-chat-parser). This is
///    a guess: the import warns, naming the order chosen and `--date-order`.
/// 4. Still tied (every date is like `1/1/21`): day first, the most common convention, with a
///    diagnostic suggesting `--date-order`.
/// - Complexity: O(1) per header.
struct WhatsAppDateOrderInference: Sendable {
    /// The order chosen, and how.
    struct Decision: Equatable {
        /// How an order was chosen.
        enum Basis: Equatable {
            /// Forced, or the only order the most dates fit, or the one whose dates go backwards least.
            case certain
            /// Day/month/year and month/day/year fit alike; the field that changes more often
            /// between consecutive dates was taken as the day (step 3).
            case frequency
            /// Nothing tells the orders apart; day first (step 4).
            case tie
        }

        var order: DateOrder
        var basis: Basis
    }

    /// One value for each date order, stored inline.
    struct PerOrder<Value: Sendable>: Sendable {
        var dmy: Value
        var mdy: Value
        var ymd: Value

        init(_ value: (DateOrder) -> Value) {
            dmy = value(.dmy)
            mdy = value(.mdy)
            ymd = value(.ymd)
        }

        subscript(order: DateOrder) -> Value {
            get {
                switch order {
                case .dmy: dmy
                case .mdy: mdy
                case .ymd: ymd
                }
            }
            // In place: a set held per order grows without being copied on each insert.
            _modify {
                switch order {
                case .dmy: yield &dmy
                case .mdy: yield &mdy
                case .ymd: yield &ymd
                }
            }
        }
    }

    /// The headers taken.
    private(set) var count = 0
    /// Per order, the headers taken that are no valid date in it.
    private(set) var invalid = PerOrder { _ in 0 }
    /// Per order, the first and the last valid date so far: where ``append(_:)`` joins two parts.
    private var firstDates = PerOrder<LocalDate?> { _ in nil }
    private var previousDates = PerOrder<LocalDate?> { _ in nil }
    private var backwardSteps = PerOrder { _ in 0 }
    private var firstFields: WhatsAppHeader.Fields?
    private var previousFields: WhatsAppHeader.Fields?
    private var firstFieldChanges = 0
    private var secondFieldChanges = 0

    /// Takes the next header in file order, with its date under each order (nil: not a valid
    /// date in that order).
    mutating func add(_ header: WhatsAppHeader, dates: PerOrder<LocalDate?>) {
        count += 1
        for order in DateOrder.allCases {
            guard let date = dates[order] else {
                invalid[order] += 1
                continue
            }
            if let previous = previousDates[order], date < previous { backwardSteps[order] += 1 }
            if firstDates[order] == nil { firstDates[order] = date }
            previousDates[order] = date
        }
        guard dates.dmy != nil, dates.mdy != nil else { return }
        if let previous = previousFields { countChanges(from: previous, to: header.fields) }
        if firstFields == nil { firstFields = header.fields }
        previousFields = header.fields
    }

    private mutating func countChanges(from previous: WhatsAppHeader.Fields, to next: WhatsAppHeader.Fields) {
        if previous[0].value != next[0].value { firstFieldChanges += 1 }
        if previous[1].value != next[1].value { secondFieldChanges += 1 }
    }

    /// Takes `later`, the inference of the headers that follow these in the file, as if each of
    /// them had been added after these: the same state, so the same ``decision``.
    /// - Complexity: O(1).
    mutating func append(_ later: Self) {
        count += later.count
        for order in DateOrder.allCases {
            invalid[order] += later.invalid[order]
            if let previous = previousDates[order], let first = later.firstDates[order], first < previous { backwardSteps[order] += 1 }
            backwardSteps[order] += later.backwardSteps[order]
            if firstDates[order] == nil { firstDates[order] = later.firstDates[order] }
            if let last = later.previousDates[order] { previousDates[order] = last }
        }
        if let previous = previousFields, let first = later.firstFields { countChanges(from: previous, to: first) }
        firstFieldChanges += later.firstFieldChanges
        secondFieldChanges += later.secondFieldChanges
        if firstFields == nil { firstFields = later.firstFields }
        if let last = later.previousFields { previousFields = last }
    }

    /// The order for the headers taken (steps 1–4).
    var decision: Decision {
        let fewestInvalid = DateOrder.allCases.map { invalid[$0] }.min() ?? 0
        var candidates = DateOrder.allCases.filter { invalid[$0] == fewestInvalid }
        if candidates.count == 1 { return Decision(order: candidates[0], basis: .certain) }
        let fewest = candidates.map { backwardSteps[$0] }.min() ?? 0
        candidates = candidates.filter { backwardSteps[$0] == fewest }
        if candidates.count == 1 { return Decision(order: candidates[0], basis: .certain) }
        if candidates.contains(.dmy), candidates.contains(.mdy), firstFieldChanges != secondFieldChanges {
            return Decision(order: firstFieldChanges > secondFieldChanges ? .dmy : .mdy, basis: .frequency)
        }
        return Decision(order: candidates.contains(.dmy) ? .dmy : candidates[0], basis: .tie)
    }
}
