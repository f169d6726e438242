extension PageLayout.Arrangement {
    /// The names `--layout` and the preferences use, in the order menus list them.
    public static let arguments: [(String, PageLayout.Arrangement)] = [
        ("single", .single),
        ("dual", .dual(oddLeft: true, rightToLeft: false)),
        ("dual-cover", .dual(oddLeft: false, rightToLeft: false)),
        ("dual-rtl", .dual(oddLeft: true, rightToLeft: true)),
        ("dual-cover-rtl", .dual(oddLeft: false, rightToLeft: true)),
    ]

    /// Parses "single", "dual", "dual-cover", "dual-rtl" or "dual-cover-rtl".
    public init?(argument: String) {
        guard let named = Self.arguments.first(where: { $0.0 == argument }) else { return nil }
        self = named.1
    }

    /// The name `init(argument:)` reads.
    public var argument: String { Self.arguments.first { $0.1 == self }!.0 }
}
