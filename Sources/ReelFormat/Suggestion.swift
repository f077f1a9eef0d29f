import ReelTimeline

/// "Did you mean ...?" for misspelt keys and key paths.
enum Suggestion {
    /// The closest of `candidates` to `word` when it is plausibly a typo of it.
    /// Words longer than this are no typo of a key: no suggestion, so checking a file stays
    /// linear in its size whatever its keys.
    static let longestWord = 64

    static func closest(to word: String, in candidates: [String]) -> String? {
        guard word.utf8.count <= longestWord else { return nil }
        let lowered = word.lowercased()
        var best: (String, Int)?
        for c in candidates {
            let d = distance(lowered, c.lowercased())
            if d < (best?.1 ?? Int.max) { best = (c, d) }
        }
        guard let (candidate, d) = best else { return nil }
        return d <= max(2, candidate.count / 3) ? candidate : nil
    }

    static func didYouMean(_ word: String, in candidates: [String]) -> String? {
        closest(to: word, in: candidates).map { "did you mean `\($0)`?" }
    }

    /// Levenshtein edit distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
