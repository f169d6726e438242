import QuireDocument
import QuireEngine
#if canImport(Glibc)
import Glibc
#endif

/// The first viewport of one document opened `count` times in one process, one after
/// another, each with its own engine and helpers: the first as a launch opens it (a zygote
/// not yet warmed up, an empty pixel pool), the others as a running Quire opens another
/// document (a new tab, a second window). Poppler's floor (`poppler-floor.py`) is measured
/// the same way, its median taken over runs after a first cold one; the two are compared
/// cold with cold and warm with warm.
struct FirstViews {
    let source: DocumentSource
    let options: BenchmarkOptions
    let count: Int

    func run() throws -> [(String, String)] {
        var options = self.options
        options.firstViewOnly = true
        var times: [Double] = []
        for run in 0..<count {
            // The last run's helpers ended and reaped, the machine at rest, as before a
            // reader opens another document.
            if run > 0 { usleep(200_000) }
            times.append(try Benchmark(source: source, options: options).run().firstViewportMs)
        }
        let warm = times.dropFirst().sorted()
        let median = warm.count % 2 == 1 ? warm[warm.count / 2] : (warm[warm.count / 2 - 1] + warm[warm.count / 2]) / 2
        let ms = tenths
        return [("helper_processes", String(!options.inProcess)),
                ("first_viewport_cold_ms", ms(times[0])),
                ("first_viewport_warm_ms", ms(median)),
                ("first_viewports_ms", "[" + times.map(ms).joined(separator: ", ") + "]")]
    }
}
