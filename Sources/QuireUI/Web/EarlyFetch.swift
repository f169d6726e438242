import QuireEngine

/// The web addresses on the command line start downloading before GTK starts, as the files
/// there start opening (`DocumentOpening.startEarly`): what their fetch processes say waits
/// here until a view takes the download over (`WebOpening.start`), then reaches it in order.
@MainActor
final class EarlyFetch {
    private static var started: [WebAddress: EarlyFetch] = [:]
    private var fetch: WebFetch!
    private var heard: [FetchMessage] = []
    private var listener: (@MainActor (FetchMessage) -> Void)?

    static func start(_ arguments: [String]) {
        for argument in arguments {
            guard let address = WebAddress(argument), started[address] == nil else { continue }
            let early = EarlyFetch()
            // Held by the fetch's reading thread until the process ends.
            early.fetch = WebFetch(WebOpening.request(address)) { message in early.hear(message) }
            started[address] = early
            LaunchTrace.mark("download started before GTK")
        }
    }

    /// The download of `address` started early, if any, now telling `listener`.
    static func take(_ address: WebAddress, listener: @escaping @MainActor (FetchMessage) -> Void) -> WebFetch? {
        guard let early = started.removeValue(forKey: address) else { return nil }
        early.listener = listener
        early.deliverSoon()
        return early.fetch
    }

    private func hear(_ message: FetchMessage) {
        heard.append(message)
        if listener != nil { deliverSoon() }
    }

    /// On the next turn: the view has its download in hand by then.
    private func deliverSoon() {
        MainLoop.invoke { [self] in
            let waiting = heard
            heard = []
            waiting.forEach { listener?($0) }
        }
    }
}
