// SPDX-License-Identifier: Apache-2.0
#pragma once

// The trace cache's entry encoding, shared by the timeline (tracecache.cpp)
// and the big tables (tablecache.cpp). Internal to core/load.

#include "../model/tables.h"

#include <QIODevice>
#include <QString>

#include <cstring>
#include <string_view>
#include <type_traits>
#include <vector>

namespace profscope::cacheio {

// Appends to the entry file; every array is its length then its raw bytes.
class Writer
{
public:
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

private:
    QIODevice& m_device;
    bool m_ok = true;
};

// Reads the mapped payload; every length is checked against what is left,
// so a damaged file fails (ok() false) instead of reading past the end.
class Reader
{
public:
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

private:
    const uchar* m_p;
    const uchar* m_end;
    bool m_ok = true;
};

// kernel_details.csv / memory_record.csv tables (tablecache.cpp). A read
// checks every length and id against the payload: false means damaged.
void writeKernelTable(Writer& w, const KernelTable& t);
bool readKernelTable(Reader& r, KernelTable& t);
void writeMemoryRecordTable(Writer& w, const MemoryRecordTable& t);
bool readMemoryRecordTable(Reader& r, MemoryRecordTable& t);

} // namespace profscope::cacheio
