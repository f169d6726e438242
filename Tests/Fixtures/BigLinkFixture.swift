import PDFWriter

extension Fixtures {
    public static let bigLinkTitle = "Quire Big Link"
    /// The box on page 2 of `bigLink()`, in points from the top-left, and its colour (exact
    /// in 8 bits: 51, 153, 51): a preview of page 2 shows it.
    public static let bigLinkBox = (x: 40.0, y: 30.0, width: 500.0, height: 150.0)
    public static let bigLinkColour = (red: 0.2, green: 0.6, blue: 0.2)
    /// The link on page 1 of `bigLink()`, in points: nearly the whole letter page, as a
    /// figure, a slide or a title page links.
    public static let bigLinkArea = (x: 36.0, y: 36.0, width: 540.0, height: 720.0)

    /// Two letter pages: page 1 one link covering most of it (`bigLinkArea`) to the top of
    /// page 2, which shows a green box (`bigLinkBox`).
    public func bigLink(named name: String = "big-link.pdf") -> String {
        let file = path(name)
        let writer = PDFWriter(path: file)
        writer.setTitle(Self.bigLinkTitle)
        writer.beginPage()
        writer.text("A title page, all of it a link", x: 72, y: 120, size: 24)
        let area = Self.bigLinkArea
        writer.link(toAnchor: "second", x: area.x, y: area.y, width: area.width, height: area.height)
        writer.beginPage()
        writer.anchor("second", y: 0)
        let box = Self.bigLinkBox, colour = Self.bigLinkColour
        writer.box(x: box.x, y: box.y, width: box.width, height: box.height, red: colour.red, green: colour.green, blue: colour.blue)
        writer.text("Page two", x: 40, y: 240, size: 18)
        writer.finish()
        return file
    }
}
