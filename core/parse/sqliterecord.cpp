// SPDX-License-Identifier: Apache-2.0
#include "sqliterecord.h"

#include <QtEndian>

#include <sqlite3.h>

#include <algorithm>

namespace profscope {

using namespace sqliteformat;

namespace {

// An integer of serial type 1-6 read byte by byte.
qint64 integerBytes(std::uint64_t bytes, const u8* v)
{
    std::uint64_t x = std::int8_t(v[0]) < 0 ? ~std::uint64_t(0) : 0; // the sign, extended
    for (std::uint64_t k = 0; k < bytes; ++k)
        x = (x << 8) | v[k];
    return qint64(x);
}

} // namespace

const std::array<RecordDecoder::Key, RecordDecoder::kKeyBytes + 1> RecordDecoder::kMasks = [] {
    std::array<Key, kKeyBytes + 1> masks {};
    for (std::size_t n = 0; n <= kKeyBytes; ++n) {
        // The key is loaded with memcpy: byte k of the header is byte k % 8
        // of word k / 8 in memory order, whatever the machine's byte order.
        for (std::size_t w = 0; w < masks[n].size(); ++w) {
            u8 bytes[8] = {};
            for (std::size_t k = 0; k < 8; ++k)
                bytes[k] = w * 8 + k < n ? 0xff : 0;
            std::memcpy(&masks[n][w], bytes, 8);
        }
    }
    return masks;
}();

void RecordDecoder::setFields(int fields)
{
    m_fields = fields;
    m_types.assign(std::size_t(fields), 0);
    m_offsets.assign(std::size_t(fields), 0);
    std::sort(m_wanted.begin(), m_wanted.end(), [](const Wanted& a, const Wanted& b) { return a.field < b.field; });
}

void RecordDecoder::addField(int field, int cell, bool real)
{
    m_wanted.push_back(Wanted { field, cell, real });
}

void RecordDecoder::decodeOther(const OtherField& f, const u8* rec, SqlCell& c)
{
    const std::uint64_t t = f.type;
    const u8* v = rec + f.offset;
    if (t >= 1 && t <= 6) {
        // Integer output's REAL affinity only: elsewhere these are IntFields (run()).
        c.type = SQLITE_FLOAT;
        c.d = double(integerBytes(serialBytes(t), v));
        return;
    }
    if (t >= 12) {
        c.type = (t & 1) ? SQLITE_TEXT : SQLITE_BLOB;
        c.p = reinterpret_cast<const char*>(v);
        c.bytes = int(serialBytes(t));
        return;
    }
    if (t == 7) {
        const std::uint64_t bits = be64(v);
        double d;
        std::memcpy(&d, &bits, sizeof d);
        // sqlite3VdbeSerialGet: a NaN reads as NULL.
        c.type = d != d ? SQLITE_NULL : SQLITE_FLOAT;
        c.d = d;
        return;
    }
    if (t != 8 && t != 9) {
        c.type = SQLITE_NULL; // 0, the reserved 10 and 11, and a column the record does not have
        return;
    }
    // The constants 0 and 1; REAL affinity reads them as REALs.
    const qint64 i = qint64(t - 8);
    if (f.real) {
        c.type = SQLITE_FLOAT;
        c.d = double(i);
    } else {
        c.type = SQLITE_INTEGER;
        c.i = i;
    }
}

template <bool kNearEnd> void RecordDecoder::run(const Layout& layout, const u8* rec)
{
    for (const IntField& f : layout.ints) {
        SqlCell& c = *f.cell;
        c.type = SQLITE_INTEGER;
        if constexpr (kNearEnd)
            c.i = integerBytes(std::uint64_t(64 - f.shift) / 8, rec + f.offset);
        else
            c.i = qint64(qFromBigEndian<quint64>(rec + f.offset)) >> f.shift;
    }
    for (const IntField& f : layout.reals) {
        SqlCell& c = *f.cell;
        c.type = SQLITE_FLOAT;
        if constexpr (kNearEnd)
            c.d = double(integerBytes(std::uint64_t(64 - f.shift) / 8, rec + f.offset));
        else
            c.d = double(qint64(qFromBigEndian<quint64>(rec + f.offset)) >> f.shift);
    }
    for (const OtherField& f : layout.others)
        decodeOther(f, rec, *f.cell);
}

template <bool kNearEnd> void RecordDecoder::runIntegers(const Layout& layout, const u8* rec)
{
    for (const IntField& f : layout.ints) {
        if constexpr (kNearEnd)
            *f.value = integerBytes(std::uint64_t(64 - f.shift) / 8, rec + f.offset);
        else
            *f.value = qint64(qFromBigEndian<quint64>(rec + f.offset)) >> f.shift;
    }
    for (const ConstantField& f : layout.constants)
        *f.value = f.constant;
    // REAL affinity, a REAL, TEXT or BLOB: rare in an integer column, read
    // through a cell as SqlValues reads it.
    for (const OtherField& f : layout.others) {
        decodeOther(f, rec, *f.cell);
        *f.value = SqlValues(f.cell, 1, m_converter).int64(0, f.fallback);
    }
}

RecordDecoder::Result RecordDecoder::decodeNew(
    const u8* rec, std::uint64_t size, const u8* readableEnd, SqlCell* cells, const Key* key)
{
    std::uint64_t headerSize = 0;
    const int n = varint(rec, rec + size, &headerSize);
    if (n == 0 || headerSize < std::uint64_t(n) || headerSize > size)
        return Result::BadHeader;
    const u8* h = rec + n;
    const u8* hEnd = rec + headerSize;
    std::uint64_t data = headerSize;
    int present = m_fields; // fewer: columns added after the row was written
    bool oneByteTypes = true;
    for (int j = 0; j < m_fields; ++j) {
        if (h >= hEnd) {
            present = j;
            break;
        }
        std::uint64_t t = *h;
        if (t < 0x80) {
            ++h;
        } else {
            const int m = varint(h, hEnd, &t);
            if (m == 0)
                return Result::BadHeader;
            h += m;
            oneByteTypes = false;
        }
        m_types[std::size_t(j)] = t;
        m_offsets[std::size_t(j)] = std::uint32_t(std::min<std::uint64_t>(data, size));
        data += serialBytes(t);
        if (data > size)
            return Result::TooLong;
    }
    Layout& layout = key && oneByteTypes ? m_layouts[slot(*key)] : m_scratch;
    layout.key = key && oneByteTypes ? *key : Key { ~0ull, ~0ull, ~0ull, ~0ull };
    layout.headerSize = std::uint32_t(headerSize);
    layout.dataEnd = data;
    layout.loadEnd = 0;
    layout.ints.clear();
    layout.reals.clear();
    layout.others.clear();
    layout.constants.clear();
    for (const Wanted& w : m_wanted) {
        const std::uint64_t t = w.field < present ? m_types[std::size_t(w.field)] : 0;
        const std::uint32_t offset = w.field < present ? m_offsets[std::size_t(w.field)] : 0;
        const bool integer = t >= 1 && t <= 6;
        if (m_values) {
            qint64* value = m_values + w.cell;
            const qint64 fallback = m_fallbacks[w.cell];
            if (integer && !w.real) {
                layout.ints.push_back(IntField { nullptr, value, offset, int(64 - 8 * serialBytes(t)) });
                layout.loadEnd = std::max<std::uint64_t>(layout.loadEnd, offset + 8);
            } else if (t == 0 || t == 10 || t == 11) {
                layout.constants.push_back(ConstantField { value, fallback }); // NULL (as decodeOther reads them)
            } else if (t == 8 || t == 9) {
                layout.constants.push_back(ConstantField { value, qint64(t - 8) }); // also as a REAL: 0.0 / 1.0
            } else {
                layout.others.push_back(OtherField { &m_otherCell, value, fallback, offset, t, w.real });
            }
        } else if (integer) {
            const IntField f { cells + w.cell, nullptr, offset, int(64 - 8 * serialBytes(t)) };
            (w.real ? layout.reals : layout.ints).push_back(f);
            layout.loadEnd = std::max<std::uint64_t>(layout.loadEnd, offset + 8);
        } else {
            layout.others.push_back(OtherField { cells + w.cell, nullptr, 0, offset, t, w.real });
        }
    }
    runAt(layout, rec, readableEnd);
    return Result::Ok;
}

// decode() (inline, in the page reader) calls these: instantiated here, not
// left to whether an optimizer kept an out-of-line copy.
template void RecordDecoder::run<false>(const Layout&, const u8*);
template void RecordDecoder::run<true>(const Layout&, const u8*);
template void RecordDecoder::runIntegers<false>(const Layout&, const u8*);
template void RecordDecoder::runIntegers<true>(const Layout&, const u8*);

} // namespace profscope
