/// How many of a text's words a recognition got right: the words of `expected` matched in
/// order by `recognised` (an edit distance over words, so a missed or extra word costs
/// one), as a fraction of `expected`'s words. Punctuation at a word's ends does not count.
public enum WordAccuracy {
    public static func of(_ recognised: String, expected: String) -> Double {
        let want = words(expected), got = words(recognised)
        guard !want.isEmpty else { return got.isEmpty ? 1 : 0 }
        // Longest common subsequence of words: the expected words recognised, in order.
        var previous = [Int](repeating: 0, count: got.count + 1)
        for word in want {
            var current = [Int](repeating: 0, count: got.count + 1)
            for (index, other) in got.enumerated() {
                current[index + 1] = word == other ? previous[index] + 1 : max(previous[index + 1], current[index])
            }
            previous = current
        }
        return Double(previous[got.count]) / Double(want.count)
    }

    static func words(_ text: String) -> [Substring] {
        text.split { $0.isWhitespace || $0.isNewline }.map { $0.drop { $0.isPunctuation }.reversed().drop { $0.isPunctuation }.reversed() }
            .map { Substring(String($0)) }.filter { !$0.isEmpty }
    }
}
