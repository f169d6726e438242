/// Vim's marks on the canvas, as keys come: `m` then a letter sets that mark at the place
/// shown; `'` (or `` ` ``) then a letter goes to it. The rules:
/// 1. Waiting for nothing, `m`, `'` and `` ` `` are taken and wait for a letter; every
///    other key is not this machine's (n, p, / … do what they always do).
/// 2. Waiting, a letter (a–z, A–Z) is taken and sets or goes; a modifier alone (Shift,
///    AltGr, pressed on the way to a capital or to `'` on some layouts) is taken and the
///    wait goes on; Escape is taken and ends the wait; any other key ends the wait and is
///    not taken, so it does what it always does.
/// 3. A key with Control or Alt is never a mark's key: it ends any wait, not taken.
public struct MarkKeys: Sendable {
    public enum Key: Equatable, Sendable {
        /// A key that types this character.
        case character(Character)
        case escape
        /// Shift, Control, AltGr… pressed alone.
        case modifier
        /// Anything else, and any key held with Control or Alt.
        case other
    }

    public enum Action: Equatable, Sendable {
        /// Not a mark's key: it does what it usually does.
        case notTaken
        /// Taken: a letter is awaited (or the wait was ended by Escape).
        case taken
        case set(Character)
        case go(Character)
    }

    public enum Waiting: Equatable, Sendable { case toSet, toGo }

    public private(set) var waiting: Waiting?

    public init() {}

    public mutating func press(_ key: Key) -> Action {
        guard let waiting else {
            switch key {
            case .character("m"): self.waiting = .toSet
            case .character("'"), .character("`"): self.waiting = .toGo
            default: return .notTaken
            }
            return .taken
        }
        switch key {
        case .character(let letter) where MarkedPlaces.isMarkLetter(letter):
            self.waiting = nil
            return waiting == .toSet ? .set(letter) : .go(letter)
        case .modifier:
            return .taken
        case .escape:
            self.waiting = nil
            return .taken
        case .character, .other:
            self.waiting = nil
            return .notTaken
        }
    }

    /// Forgets a wait (the canvas lost the keys, another document came).
    public mutating func reset() { waiting = nil }
}
