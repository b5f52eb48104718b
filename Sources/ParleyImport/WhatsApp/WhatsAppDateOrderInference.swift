import ParleyModel

/// Decides the order of day, month and year for a whole WhatsApp export, never line by line.
///
/// 1. Keep the orders under which every header is a valid date (a year is four digits or
///    carries an era; month ≤ 12; the day exists in that month).
/// 2. If several remain, prefer the one whose dates go backwards least often in file order
///    (exports are chronological, apart from a few out-of-order lines).
/// 3. Then prefer the order in which the day field changes more often than the month field
///    between consecutive dates (the frequency test of Pustur's whatsapp-chat-parser).
/// 4. Still tied (every date is like `1/1/21`): day first, the most common convention, with a
///    diagnostic suggesting `--date-order`.
/// - Complexity: O(n) for n headers.
struct WhatsAppDateOrderInference {
    struct Decision {
        var order: DateOrder
        var ambiguous: Bool
    }

    /// The order for `headers`, or the index of the header that rules out the last candidate.
    static func decide(_ headers: [WhatsAppHeader]) -> Result<Decision, RejectedHeader> {
        var candidates = DateOrder.allCases
        var rejection = RejectedHeader(index: 0)
        for (index, header) in headers.enumerated() {
            let remaining = candidates.filter { WhatsAppClock.date(header, order: $0) != nil }
            if remaining.isEmpty {
                rejection = RejectedHeader(index: index)
                return .failure(rejection)
            }
            candidates = remaining
        }
        if candidates.count == 1 { return .success(Decision(order: candidates[0], ambiguous: false)) }
        let inversions = candidates.map { order in backwardSteps(headers, order) }
        let fewest = inversions.min() ?? 0
        candidates = zip(candidates, inversions).filter { $0.1 == fewest }.map(\.0)
        if candidates.count == 1 { return .success(Decision(order: candidates[0], ambiguous: false)) }
        if candidates.contains(.dmy), candidates.contains(.mdy) {
            let (first, second) = changeCounts(headers)
            if first != second { return .success(Decision(order: first > second ? .dmy : .mdy, ambiguous: false)) }
        }
        return .success(Decision(order: candidates.contains(.dmy) ? .dmy : candidates[0], ambiguous: true))
    }

    struct RejectedHeader: Error {
        var index: Int
    }

    private static func backwardSteps(_ headers: [WhatsAppHeader], _ order: DateOrder) -> Int {
        var count = 0
        var previous: LocalDate?
        for header in headers {
            guard let date = WhatsAppClock.date(header, order: order) else { continue }
            if let previous, date < previous { count += 1 }
            previous = date
        }
        return count
    }

    /// How often the first and the second date field change between consecutive headers.
    private static func changeCounts(_ headers: [WhatsAppHeader]) -> (Int, Int) {
        var first = 0, second = 0
        for (previous, header) in zip(headers, headers.dropFirst()) {
            if previous.fields[0].value != header.fields[0].value { first += 1 }
            if previous.fields[1].value != header.fields[1].value { second += 1 }
        }
        return (first, second)
    }
}
