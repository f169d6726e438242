import CCairo

extension PageImage {
    /// How many of `rows` sampled pixels of each of `columns` sampled columns are ink, not
    /// paper (a channel darker than `paper`): smart fit's profile (`InkColumns`). Samples
    /// at most `columns` × `rows` pixels whatever the picture's size.
    public func inkProfile(columns: Int = 400, rows: Int = 400, paper: UInt32 = 200) -> [Int] {
        let across = min(columns, width), down = min(rows, height)
        guard across > 0, down > 0 else { return [] }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var profile = [Int](repeating: 0, count: across)
        let grey = isGrey
        for row in 0..<down {
            let y = row * height / down
            let line = UnsafeRawPointer(data + y * stride)
            for column in 0..<across {
                if grey {
                    if UInt32(line.load(fromByteOffset: column * width / across, as: UInt8.self)) < paper { profile[column] += 1 }
                    continue
                }
                let pixel = line.load(fromByteOffset: column * width / across * 4, as: UInt32.self)
                // Premultiplied: a transparent pixel reads dark but is not ink.
                guard pixel >> 24 > 0 else { continue }
                if (pixel >> 16) & 0xFF < paper || (pixel >> 8) & 0xFF < paper || pixel & 0xFF < paper { profile[column] += 1 }
            }
        }
        return profile
    }
}
