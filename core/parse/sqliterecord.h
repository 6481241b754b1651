// SPDX-License-Identifier: Apache-2.0
#pragma once

// SQLite's record format (https://www.sqlite.org/fileformat2.html#record_format)
// decoded into SqlCells, for the native page reader (sqlitepages.cpp): a
// header of serial types, then each field's bytes.
//
// A table's rows have few distinct headers (a TASK table: ~15; the same
// integer widths, NULLs and text lengths come back row after row), so the
// decoder remembers, per header seen, where each wanted field is and how to
// read it: a row whose header bytes match one of them is decoded with one
// compare and a load per field, without walking its header.

#include "sqlitedb.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

namespace profscope::sqliteformat {

using u8 = std::uint8_t;

inline std::uint32_t be16(const u8* p)
{
    return std::uint32_t(p[0]) << 8 | p[1];
}
inline std::uint32_t be32(const u8* p)
{
    return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | p[3];
}
inline std::uint64_t be64(const u8* p)
{
    return std::uint64_t(be32(p)) << 32 | be32(p + 4);
}

// SQLite's varint (1-9 bytes, big-endian groups of 7 bits, the 9th byte
// whole) read from [p, end): the bytes used, 0 when it runs past `end`.
inline int varint(const u8* p, const u8* end, std::uint64_t* v)
{
    if (p < end && p[0] < 0x80) {
        *v = p[0];
        return 1;
    }
    std::uint64_t x = 0;
    if (end - p >= 9) {
        // All nine bytes readable: no bound checks. The rowids of a big table
        // take two or three bytes: those without the loop.
        if (p[1] < 0x80) {
            *v = std::uint64_t(p[0] & 0x7f) << 7 | p[1];
            return 2;
        }
        if (p[2] < 0x80) {
            *v = std::uint64_t(p[0] & 0x7f) << 14 | std::uint64_t(p[1] & 0x7f) << 7 | p[2];
            return 3;
        }
        for (int i = 0; i < 8; ++i) {
            x = (x << 7) | (p[i] & 0x7f);
            if (!(p[i] & 0x80)) {
                *v = x;
                return i + 1;
            }
        }
        *v = (x << 8) | p[8];
        return 9;
    }
    for (int i = 0; i < 8; ++i) {
        if (p + i >= end)
            return 0;
        x = (x << 7) | (p[i] & 0x7f);
        if (!(p[i] & 0x80)) {
            *v = x;
            return i + 1;
        }
    }
    if (p + 8 >= end)
        return 0;
    *v = (x << 8) | p[8];
    return 9;
}

// The content bytes of a record field of serial type `t`.
constexpr std::uint64_t serialBytes(std::uint64_t t)
{
    constexpr u8 kFixed[12] = { 0, 1, 2, 3, 4, 6, 8, 8, 0, 0, 0, 0 };
    return t < 12 ? kFixed[t] : (t - 12) / 2;
}

} // namespace profscope::sqliteformat

namespace profscope {

class RecordDecoder
{
public:
    enum class Result { Ok, BadHeader, TooLong };

    // The record fields parsed (the last wanted one + 1) and which of them
    // become which cell; `real`: REAL affinity (an integer field reads as a REAL).
    void addField(int field, int cell, bool real);
    void setFields(int fields);
    // Integer output: cell k is written to values[k] as SqlValues::int64(k,
    // fallbacks[k]) would read it, no SqlCell made (the cells passed to
    // decode() are not touched). For the big tables whose columns are all
    // integers: no cell type is stored per value, nor checked by the reader.
    void setIntegerOutput(qint64* values, const qint64* fallbacks, SqlCellConverter* converter)
    {
        m_values = values;
        m_fallbacks = fallbacks;
        m_converter = converter;
    }

    // Decodes the record [rec, rec + size) into `cells` (the wanted ones;
    // the others are left alone; always the same cells: the remembered
    // headers point into them). Bytes up to `readableEnd` may be loaded
    // (8 bytes at a time), past the record too.
    Result decode(const sqliteformat::u8* rec, std::uint64_t size, const sqliteformat::u8* readableEnd, SqlCell* cells)
    {
        // A remembered header: its first 32 bytes (the header size, < 0x80,
        // then the serial types) compared as four words.
        if (rec[0] < 0x80 && rec[0] <= kKeyBytes && rec + kKeyBytes <= readableEnd) {
            Key key;
            std::memcpy(key.data(), rec, kKeyBytes);
            const Key& mask = kMasks[rec[0]];
            for (std::size_t w = 0; w < key.size(); ++w)
                key[w] &= mask[w];
            Layout& layout = m_layouts[slot(key)];
            if (sameKey(layout.key, key)) {
                if (layout.headerSize > size)
                    return Result::BadHeader;
                if (layout.dataEnd > size)
                    return Result::TooLong;
                runAt(layout, rec, readableEnd);
                return Result::Ok;
            }
            return decodeNew(rec, size, readableEnd, cells, &key);
        }
        return decodeNew(rec, size, readableEnd, cells, nullptr);
    }

private:
    static constexpr std::size_t kKeyBytes = 32;
    static constexpr std::size_t kSlots = 16;
    using Key = std::array<std::uint64_t, kKeyBytes / 8>;
    // The bytes of a header of n bytes (n = its first byte): kMasks[n].
    static const std::array<Key, kKeyBytes + 1> kMasks;

    struct IntField
    {
        SqlCell* cell; // integer output: null, and `value` is written
        qint64* value;
        std::uint32_t offset;
        int shift; // 64 - 8 * bytes: sign-extends the 8 bytes loaded
    };
    struct OtherField // NULL, a constant 0 or 1, a REAL, TEXT or BLOB
    {
        SqlCell* cell; // integer output: a scratch cell, then converted into `value`
        qint64* value;
        qint64 fallback;
        std::uint32_t offset;
        std::uint64_t type;
        bool real;
    };
    struct ConstantField // integer output of a NULL or a constant 0 / 1: known from the header
    {
        qint64* value;
        qint64 constant;
    };
    struct Layout
    {
        Key key { ~0ull, ~0ull, ~0ull, ~0ull }; // no header's first byte is 0xff
        std::uint32_t headerSize = 0;
        std::uint64_t dataEnd = 0;  // the fields parsed end here
        std::uint64_t loadEnd = 0;  // the 8-byte loads of the integers end here
        std::vector<IntField> ints; // integers read as integers
        std::vector<IntField> reals; // integers read as REALs (REAL affinity)
        std::vector<OtherField> others;
        std::vector<ConstantField> constants;
    };

    static std::size_t slot(const Key& key)
    {
        const std::uint64_t h = (key[0] ^ (key[1] * 31) ^ (key[2] * 961) ^ (key[3] * 29791)) * 0x9E3779B97F4A7C15ull;
        return std::size_t(h >> 60) & (kSlots - 1);
    }
    static bool sameKey(const Key& a, const Key& b)
    {
        return ((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3])) == 0;
    }
    // kNearEnd: the integers are read byte by byte (the 8-byte loads would
    // run past what may be read).
    template <bool kNearEnd> static void run(const Layout& layout, const sqliteformat::u8* rec);
    template <bool kNearEnd> void runIntegers(const Layout& layout, const sqliteformat::u8* rec);
    void runAt(const Layout& layout, const sqliteformat::u8* rec, const sqliteformat::u8* readableEnd)
    {
        const bool nearEnd = rec + layout.loadEnd > readableEnd;
        if (m_values)
            nearEnd ? runIntegers<true>(layout, rec) : runIntegers<false>(layout, rec);
        else
            nearEnd ? run<true>(layout, rec) : run<false>(layout, rec);
    }
    static void decodeOther(const OtherField& f, const sqliteformat::u8* rec, SqlCell& c);
    // The header walked field by field; remembered under `key` when given
    // and every type is one byte.
    Result decodeNew(const sqliteformat::u8* rec, std::uint64_t size, const sqliteformat::u8* readableEnd,
        SqlCell* cells, const Key* key);

    struct Wanted
    {
        int field;
        int cell;
        bool real;
    };
    std::vector<Wanted> m_wanted; // by field
    int m_fields = 0;
    std::vector<std::uint64_t> m_types;   // the record's serial types, per field
    std::vector<std::uint32_t> m_offsets; // ... and where each field's bytes start
    std::array<Layout, kSlots> m_layouts;
    Layout m_scratch; // a layout not remembered (long or odd header)
    qint64* m_values = nullptr; // integer output (setIntegerOutput)
    const qint64* m_fallbacks = nullptr;
    SqlCellConverter* m_converter = nullptr;
    SqlCell m_otherCell; // integer output: a REAL / TEXT / BLOB field before its conversion
};

} // namespace profscope
