import ReelCore
import Testing

/// `numberValue` as text: rounded half away from zero, grouped, between prefix and suffix.
@Suite struct NumberFormatTests {
    @Test(arguments: [
        (73.0, NumberFormat(suffix: " %"), "73 %"),
        (72.5, NumberFormat(suffix: " %"), "73 %"),
        (-2.5, NumberFormat(), "-3"),
        (1_234_567.891, NumberFormat(decimals: 2, prefix: "$", grouping: true), "$1,234,567.89"),
        (999.996, NumberFormat(decimals: 2), "1000.00"),
        (0.05, NumberFormat(decimals: 1), "0.1"),
        (-0.004, NumberFormat(decimals: 2), "0.00"),
        (1e-7, NumberFormat(decimals: 3), "0.000"),
        (1e21, NumberFormat(grouping: true), "1,000,000,000,000,000,000,000"),
        (123.0, NumberFormat(grouping: true), "123"),
        (1000.0, NumberFormat(decimals: 1, grouping: true), "1,000.0")
    ])
    func writes(value: Double, format: NumberFormat, text: String) {
        #expect(format.string(value) == text)
    }
}
