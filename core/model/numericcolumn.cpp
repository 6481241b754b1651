// SPDX-License-Identifier: Apache-2.0
#include "numericcolumn.h"

#include <cmath>
#include <iterator>
#include <limits>

namespace profscope {

namespace {

constexpr int kMaxScale = 6;
static_assert(std::size(kDecimalPow10) == kMaxScale + 1);
constexpr double kLimit = 2147483647.0; // |m| <= INT32_MAX; INT32_MIN marks "no value"

// The smallest scale k with value == m / 10^k exactly, m in 32 bits.
bool encode(double value, qint64& m, int& k)
{
    if (!std::isfinite(value))
        return false;
    for (k = 0; k <= kMaxScale; ++k) {
        const double x = std::nearbyint(value * kDecimalPow10[k]);
        if (std::fabs(x) > kLimit)
            return false;
        if (x / kDecimalPow10[k] == value) {
            m = qint64(x);
            return true;
        }
    }
    return false;
}

} // namespace

NumericColumn::NumericColumn(std::size_t rows)
    : m_scaled(rows, kMissing)
{
}

double NumericColumn::operator[](std::size_t row) const
{
    if (m_doubles)
        return m_double[row];
    const qint32 m = m_scaled[row];
    return m == kMissing ? std::numeric_limits<double>::quiet_NaN() : decimalValue(m, m_scale);
}

void NumericColumn::toDoubles()
{
    if (m_doubles)
        return;
    std::vector<double> values(m_scaled.size());
    for (std::size_t i = 0; i < m_scaled.size(); ++i)
        values[i] = (*this)[i];
    m_double = std::move(values);
    m_scaled.clear();
    m_scaled.shrink_to_fit();
    m_doubles = true;
}

void NumericColumn::set(std::size_t row, double value)
{
    if (row >= size())
        resize(row + 1);
    if (m_doubles) {
        m_double[row] = value;
        return;
    }
    if (std::isnan(value)) {
        m_scaled[row] = kMissing;
        return;
    }
    qint64 m = 0;
    int k = 0;
    if (!encode(value, m, k)) {
        toDoubles();
        m_double[row] = value;
        return;
    }
    store(row, value, m, k);
}

void NumericColumn::setDecimal(std::size_t row, qint64 mantissa, int scale)
{
    // m / 10^k with |m| < 2^53 and k <= 6: the division is correctly
    // rounded, so `value` is the double std::from_chars reads from the
    // text; and encode() of that double gives back (m, k) with the
    // fraction's trailing zeros dropped (two decimals of at most 6 places
    // and 32-bit mantissas are never one double), so storing (m, k)
    // directly is what set(value) stores.
    if (row >= size())
        resize(row + 1);
    const double value = decimalValue(mantissa, scale);
    if (m_doubles || std::fabs(double(mantissa)) > kLimit) {
        set(row, value);
        return;
    }
    store(row, value, mantissa, scale);
}

void NumericColumn::store(std::size_t row, double value, qint64 m, int k)
{
    if (k > m_scale) {
        // More decimals than so far: scale the stored values up first.
        const double factor = kDecimalPow10[k - m_scale];
        for (const qint32 v : m_scaled) {
            if (v != kMissing && std::fabs(double(v) * factor) > kLimit) {
                toDoubles();
                m_double[row] = value;
                return;
            }
        }
        const qint32 f = qint32(factor);
        for (qint32& v : m_scaled)
            if (v != kMissing)
                v *= f;
        m_scale = k;
    }
    const double scaled = double(m) * kDecimalPow10[m_scale - k];
    if (std::fabs(scaled) > kLimit) {
        toDoubles();
        m_double[row] = value;
        return;
    }
    m_scaled[row] = qint32(scaled);
}

bool NumericColumn::assignScaled(std::vector<qint32> scaled, int scale)
{
    if (scale < 0 || scale > kMaxScale)
        return false;
    m_scaled = std::move(scaled);
    m_double.clear();
    m_scale = scale;
    m_doubles = false;
    return true;
}

void NumericColumn::assignDoubles(std::vector<double> values)
{
    m_double = std::move(values);
    m_scaled.clear();
    m_scale = 0;
    m_doubles = true;
}

void NumericColumn::resize(std::size_t rows)
{
    // Parsers append a row at a time (set(size(), v)): one more is a push_back, which inlines,
    // where resize() is an out-of-line fill (a kernel_details.csv metric cell: 6 % of its parse).
    if (m_doubles) {
        if (rows == m_double.size() + 1)
            m_double.push_back(std::numeric_limits<double>::quiet_NaN());
        else
            m_double.resize(rows, std::numeric_limits<double>::quiet_NaN());
    } else if (rows == m_scaled.size() + 1) {
        m_scaled.push_back(kMissing);
    } else {
        m_scaled.resize(rows, kMissing);
    }
}

void NumericColumn::reserve(std::size_t rows)
{
    if (m_doubles)
        m_double.reserve(rows);
    else
        m_scaled.reserve(rows);
}

void NumericColumn::shrink_to_fit()
{
    m_scaled.shrink_to_fit();
    m_double.shrink_to_fit();
}

void NumericColumn::keepRows(const std::vector<char>& keep)
{
    auto compact = [&keep](auto& column) {
        if (column.size() != keep.size())
            return;
        std::size_t out = 0;
        for (std::size_t i = 0; i < column.size(); ++i)
            if (keep[i])
                column[out++] = column[i];
        column.resize(out);
    };
    if (m_doubles)
        compact(m_double);
    else
        compact(m_scaled);
}

std::size_t NumericColumn::memoryBytes() const
{
    return m_scaled.capacity() * sizeof(qint32) + m_double.capacity() * sizeof(double);
}

} // namespace profscope
