// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace profscope {

// 10^k for the decimal scales a NumericColumn keeps (k = 0..6).
inline constexpr double kDecimalPow10[] = { 1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6 };

// mantissa / 10^scale for scale 0..6: with |mantissa| < 2^53 both operands
// are exact and IEEE division rounds once, so this is the double
// std::from_chars reads from the decimal's text (parseDouble's plain cells
// and NumericColumn's stored values alike).
inline double decimalValue(qint64 mantissa, int scale)
{
    return double(mantissa) / kDecimalPow10[scale];
}

// A column of numbers that were written as short decimals (PMU metrics of
// kernel_details.csv / TASK_PMU_INFO: "0.519", "306.548", "17657159"), by
// far the widest part of a rank's kernel table. While every value is
// exactly m / 10^scale with m in 32 bits (scale up to 6), the column stores
// the 32-bit m: half the memory of doubles, and reading gives back exactly
// the double the text parses to (m and 10^scale are exact, IEEE division
// rounds once). The first value that does not fit turns the column into
// plain doubles. NaN is "no value".
class NumericColumn
{
public:
    NumericColumn() = default;
    // `rows` values, all "no value".
    explicit NumericColumn(std::size_t rows);

    std::size_t size() const
    {
        return m_doubles ? m_double.size() : m_scaled.size();
    }
    double operator[](std::size_t row) const;
    // The row's value; NaN stores "no value". Rows past the end are added.
    void set(std::size_t row, double value);
    // The row's value given as mantissa / 10^scale (parsePlainDecimal):
    // stored as set() stores the double of that text, without reading it
    // through a double when it fits the column's 32-bit form.
    void setDecimal(std::size_t row, qint64 mantissa, int scale);
    void push_back(double value)
    {
        set(size(), value);
    }
    // New rows have no value.
    void resize(std::size_t rows);
    void reserve(std::size_t rows);
    void shrink_to_fit();
    // Keeps the rows whose flag is set, in order (a partial import cutting
    // a table to a step window); nothing happens when the sizes differ.
    void keepRows(const std::vector<char>& keep);
    std::size_t memoryBytes() const;
    // For tests and the benchmark: still the 32-bit form.
    bool compact() const
    {
        return !m_doubles;
    }
    int scale() const
    {
        return m_scale;
    }

    // The stored form, for the trace cache (core/load/tablecache.cpp): while
    // compact(), each value times 10^scale() with INT32_MIN for "no value",
    // else the doubles. Assigning replaces the column; false (column
    // unchanged) when the scale is outside 0..6.
    const std::vector<qint32>& scaledValues() const
    {
        return m_scaled;
    }
    const std::vector<double>& doubleValues() const
    {
        return m_double;
    }
    bool assignScaled(std::vector<qint32> scaled, int scale);
    void assignDoubles(std::vector<double> values);

private:
    static constexpr qint32 kMissing = INT32_MIN;
    void toDoubles();
    // set()'s scaled store of `value` == m / 10^k (encode's result).
    void store(std::size_t row, double value, qint64 m, int k);

    std::vector<qint32> m_scaled; // value * 10^m_scale, kMissing = no value
    std::vector<double> m_double;
    int m_scale = 0;
    bool m_doubles = false;
};

} // namespace profscope
