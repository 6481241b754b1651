// SPDX-License-Identifier: Apache-2.0
#pragma once

// The trace cache's entry encoding, shared by the timeline (tracecache.cpp)
// and the big tables (tablecache.cpp). Internal to core/load.
//
// Each stored type has one `serialize(Archive&, T&)` template that lists its
// fields once, in file order, for both directions: Writer appends them,
// Reader fills them in. A field therefore cannot be written without being
// read back (or the other way round). Both archives offer the same calls:
//   value(x)             a trivially copyable value as its raw bytes
//   flag(b)              a bool as one byte
//   enumeration(e, max)  an enum as one byte; a Reader fails above max
//   string(s)            a QString as UTF-8 with a 32-bit length
//   array(v)             a std::vector of trivially copyable values, raw
//   sequence(c, minBytes, each)  a 32-bit count, then each(item) per item;
//                        a Reader rejects counts the rest cannot hold at
//                        minBytes per item
// Checks that only a read needs (ids in range, equal column lengths) follow
// under `if constexpr (Archive::kReading)`.

#include "../model/tables.h"

#include <QIODevice>
#include <QString>

#include <cstring>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace profscope::cacheio {

// Appends to the entry file; every array is its length then its raw bytes.
class Writer
{
public:
    static constexpr bool kReading = false;

    explicit Writer(QIODevice& device)
        : m_device(device)
    {
    }
    bool ok() const
    {
        return m_ok;
    }
    void raw(const void* data, std::size_t n)
    {
        if (m_ok && n > 0)
            m_ok = m_device.write(static_cast<const char*>(data), qint64(n)) == qint64(n);
    }
    template <typename T> void pod(T v)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        raw(&v, sizeof v);
    }
    template <typename T> void array(const std::vector<T>& v)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        pod(quint64(v.size()));
        raw(v.data(), v.size() * sizeof(T));
    }
    void string(const QString& s)
    {
        const QByteArray utf8 = s.toUtf8();
        pod(quint32(utf8.size()));
        raw(utf8.constData(), std::size_t(utf8.size()));
    }
    void bytes(std::string_view s)
    {
        pod(quint32(s.size()));
        raw(s.data(), s.size());
    }

    // The two-way calls (see the top of this file).
    template <typename T> void value(const T& v)
    {
        pod(v);
    }
    void flag(bool b)
    {
        pod(quint8(b));
    }
    template <typename E> void enumeration(E e, E /*max*/)
    {
        pod(quint8(e));
    }
    template <typename C, typename F> void sequence(C& items, std::size_t /*minBytes*/, F&& each)
    {
        pod(quint32(items.size()));
        // Iterated as const: a non-const begin() would detach a shared Qt
        // container that other threads may be reading. `each` only reads.
        for (const auto& item : std::as_const(items))
            each(const_cast<std::remove_const_t<std::remove_reference_t<decltype(item)>>&>(item));
    }

private:
    QIODevice& m_device;
    bool m_ok = true;
};

// Reads the mapped payload; every length is checked against what is left,
// so a damaged file fails (ok() false) instead of reading past the end.
class Reader
{
public:
    static constexpr bool kReading = true;

    Reader(const uchar* begin, const uchar* end)
        : m_p(begin)
        , m_end(end)
    {
    }
    bool ok() const
    {
        return m_ok;
    }
    bool atEnd() const
    {
        return m_p == m_end;
    }
    void fail()
    {
        m_ok = false;
    }
    template <typename T> T pod()
    {
        static_assert(std::is_trivially_copyable_v<T>);
        T v {};
        if (!m_ok || std::size_t(m_end - m_p) < sizeof(T)) {
            m_ok = false;
            return v;
        }
        std::memcpy(&v, m_p, sizeof(T));
        m_p += sizeof(T);
        return v;
    }
    template <typename T> void array(std::vector<T>& v)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        const auto n = pod<quint64>();
        if (!m_ok || n > std::size_t(m_end - m_p) / sizeof(T)) {
            m_ok = false;
            return;
        }
        v.resize(std::size_t(n));
        if (n > 0)
            std::memcpy(static_cast<void*>(v.data()), m_p, std::size_t(n) * sizeof(T));
        m_p += std::size_t(n) * sizeof(T);
    }
    std::string_view bytes()
    {
        const auto n = pod<quint32>();
        if (!m_ok || n > std::size_t(m_end - m_p)) {
            m_ok = false;
            return {};
        }
        const std::string_view s(reinterpret_cast<const char*>(m_p), n);
        m_p += n;
        return s;
    }
    QString string()
    {
        const std::string_view s = bytes();
        return QString::fromUtf8(s.data(), qsizetype(s.size()));
    }
    // A count of items that take at least `minBytes` each: rejects absurd counts early.
    quint32 count(std::size_t minBytes)
    {
        const auto n = pod<quint32>();
        if (!m_ok || std::size_t(n) * minBytes > std::size_t(m_end - m_p)) {
            m_ok = false;
            return 0;
        }
        return n;
    }

    // The two-way calls (see the top of this file).
    template <typename T> void value(T& v)
    {
        v = pod<T>();
    }
    void flag(bool& b)
    {
        b = pod<quint8>() != 0;
    }
    template <typename E> void enumeration(E& e, E max)
    {
        const auto v = pod<quint8>();
        if (v > quint8(max))
            m_ok = false;
        e = m_ok ? E(v) : E {};
    }
    void string(QString& s)
    {
        s = string();
    }
    template <typename C, typename F> void sequence(C& items, std::size_t minBytes, F&& each)
    {
        const quint32 n = count(minBytes);
        items.clear();
        items.resize(n);
        for (auto& item : items) {
            if (!m_ok)
                return;
            each(item);
        }
    }

private:
    const uchar* m_p;
    const uchar* m_end;
    bool m_ok = true;
};

template <typename T, typename... Rest> bool sameSize(std::size_t n, const std::vector<T>& v, const Rest&... rest)
{
    if constexpr (sizeof...(rest) == 0)
        return v.size() == n;
    else
        return v.size() == n && sameSize(n, rest...);
}

// A string pool in id order; a read interns them back and checks that each
// string gets its old id (an empty or repeated string means damage).
template <typename Archive> bool serializeStrings(Archive& ar, StringPool& pool)
{
    if constexpr (Archive::kReading) {
        const quint32 n = ar.count(4);
        for (quint32 i = 1; i <= n && ar.ok(); ++i) {
            const std::string_view s = ar.bytes();
            if (s.empty() || pool.intern(s).value != i)
                return false;
        }
    } else {
        ar.pod(quint32(pool.size()));
        for (std::uint32_t id = 1; id <= pool.size(); ++id)
            ar.bytes(pool.view(StringId { id }));
    }
    return ar.ok();
}

// kernel_details.csv / memory_record.csv tables (tablecache.cpp; instantiated
// there for Writer and Reader). A read checks every length and id against
// the payload: false means damaged.
template <typename Archive> bool serialize(Archive& ar, KernelTable& t);
template <typename Archive> bool serialize(Archive& ar, MemoryRecordTable& t);

// Entry points: a Writer only reads what it is given, so saving a const
// object through the two-way serialize() is safe.
template <typename T> bool save(Writer& w, const T& t)
{
    return serialize(w, const_cast<T&>(t)) && w.ok();
}
template <typename T> bool load(Reader& r, T& t)
{
    return serialize(r, t) && r.ok();
}

} // namespace profscope::cacheio
