/// Bar charts drawn as inline SVG, from numbers only: the console needs no script or
/// library to show them.
enum ConsoleCharts {
    static func bars(_ points: [(label: String, value: Double)], id: String, width: Int = 760, height: Int = 180) -> String {
        let top = max(points.map(\.value).max() ?? 0, 1)
        let slot = Double(width - 40) / Double(max(points.count, 1))
        let plot = Double(height - 40)
        var svg = ##"<svg id="\##(escaped(id))" role="img" width="\##(width)" height="\##(height)" viewBox="0 0 \##(width) \##(height)" xmlns="http://www.w3.org/2000/svg">"##
        svg += ##"<text x="4" y="14" font-size="11" fill="#6b7385">max \##(format(top))</text>"##
        for (index, point) in points.enumerated() {
            let barHeight = plot * point.value / top
            let x = 30 + Double(index) * slot
            let y = 20 + plot - barHeight
            svg += ##"<rect x="\##(format(x + 2))" y="\##(format(y))" width="\##(format(max(slot - 4, 1)))" height="\##(format(barHeight))" fill="#3d5afe"><title>\##(escaped(point.label)): \##(format(point.value))</title></rect>"##
            if index % max(points.count / 7, 1) == 0 {
                svg += ##"<text x="\##(format(x + 2))" y="\##(height - 6)" font-size="10" fill="#6b7385">\##(escaped(point.label))</text>"##
            }
        }
        return svg + "</svg>"
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
