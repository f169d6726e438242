/// A web document as the window holds it once its copy is complete: the stored copy is
/// opened exactly as a local file, while the address names it (title, recent documents)
/// and is its identity, so its remembered place and bookmarks follow the address from copy
/// to copy.
extension DocumentIdentity {
    /// The identity of the document at `address`: the same for every copy of it.
    public init(webAddress address: String, permanentID: String?) {
        self.init(path: address, device: 0, inode: 0, permanentID: permanentID)
    }
}

extension WebFetchPolicy {
    /// The notice over a stored copy shown because the server could not be reached.
    public static func offlineNotice(storedOn date: CalendarDate) -> String {
        tr("The server cannot be reached. This is the stored copy from {date}.", ["date": PropertyText.date(date)])
    }
}
