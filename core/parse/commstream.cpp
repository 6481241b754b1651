// SPDX-License-Identifier: Apache-2.0
// communication.json straight into records, without a DOM
// (communication_matrix.json, with the same step / op-map shape, is walked
// on simdjson values directly: matrixwalk.cpp). These are the largest of a
// rank's small files (an op per collective call, a link per peer), and building their nlohmann DOM — a
// std::string per key, a node per value, objects searched linearly — was
// most of the load of a cluster of many small ranks. A stream takes a file
// only when it has the exact shape the DOM path reads without a warning; on
// anything else it stops, and the parser falls back to the DOM and its
// messages. Both files share the shape {step: {"p2p" | "collective": {op}}},
// walked here once (CommStream); what is inside an op differs.

#include "commstream.h"

#include "saxstream.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace profscope::jsonfile {

namespace {

int kindOf(const std::string& key)
{
    return key == kCommKinds[0] ? 0 : key == kCommKinds[1] ? 1 : -1;
}

// The shared shape: the root, its steps, their op maps and the ops' keys.
// Levels count the objects open: 1 inside the root, 2 in a step, 3 in an op
// map, 4 in an op. What an op holds is the derived stream's; it keeps its
// records, which are emitted per step with p2p first, as the DOM path walks.
template<typename Record>
class CommStream : public NestedSax
{
public:
    explicit CommStream(std::vector<Record>& out)
        : m_out(out)
    {
    }

    CommStreamCounts counts;

protected:
    virtual bool isAggregate(const std::string&) const
    {
        return false;
    }
    // An op opens (its key is m_key) and closes.
    virtual bool opStart() = 0;
    virtual bool opEnd() = 0;
    // Inside an op: an object opens at `level` (4: a value of the op's own
    // keys) and closes; an array opens and closes; a scalar. m_key names the
    // value; m_depth counts the objects open.
    virtual bool objectInOp(int level) = 0;
    virtual bool objectInOpEnd(int level) = 0;
    virtual bool arrayInOp() = 0;
    virtual bool arrayInOpEnd() = 0;
    virtual bool scalarInOp(const SaxScalar& s) = 0;

    void keep(Record&& record)
    {
        m_kindRecords[std::size_t(m_kind)].push_back(std::move(record));
    }

    QString m_step;
    int m_kind = 0;

private:
    bool objectStart(int level) final
    {
        switch (level) {
        case 0:
            return true;
        case 1:
            ++counts.steps;
            m_stepKeys.push_back(m_key);
            m_step = toQString(m_key);
            m_kindsSeen = 0;
            return true;
        case 2: {
            const int kind = kindOf(m_key);
            if (kind < 0)
                return skipOpened(); // not an op map: the DOM path does not read it
            if (m_kindsSeen & (1 << kind))
                return false;
            m_kindsSeen |= 1 << kind;
            m_kind = kind;
            m_opKeys.clear();
            return true;
        }
        case 3:
            if (isAggregate(m_key)) {
                ++counts.totals;
                return skipOpened();
            }
            ++counts.ops;
            m_opKeys.push_back(m_key);
            return opStart();
        default:
            return objectInOp(level);
        }
    }
    bool objectEnd(int level) final
    {
        switch (level) {
        case 0:
            m_complete = !hasRepeats(m_stepKeys);
            return m_complete;
        case 1:
            for (auto& records : m_kindRecords) {
                std::move(records.begin(), records.end(), std::back_inserter(m_out));
                records.clear();
            }
            return true;
        case 2:
            return !hasRepeats(m_opKeys);
        case 3:
            return opEnd();
        default:
            return objectInOpEnd(level);
        }
    }
    bool arrayStart() final
    {
        if (m_depth == 2 && kindOf(m_key) < 0)
            return skipArray();
        if (m_depth == 3 && isAggregate(m_key)) {
            ++counts.totals;
            return skipArray();
        }
        return m_depth >= 4 && arrayInOp();
    }
    bool arrayEnd() final
    {
        return arrayInOpEnd();
    }
    bool scalarValue(const SaxScalar& s) final
    {
        switch (m_depth) {
        case 0:
        case 1:
            return false; // the top level or a step is not an object
        case 2:
            return kindOf(m_key) < 0; // ignored, unless an op map is not an object
        case 3:
            if (isAggregate(m_key)) {
                ++counts.totals;
                return true;
            }
            return false; // an op that is not an object
        default:
            return scalarInOp(s);
        }
    }

    std::vector<Record>& m_out;
    std::array<std::vector<Record>, 2> m_kindRecords;
    std::vector<std::string> m_stepKeys, m_opKeys;
    int m_kindsSeen = 0;
};

// ---------------------------------------------------------------- communication.json

// Op -> "Communication Time Info" (level 4) -> its fields; op ->
// "Communication Bandwidth Info" (level 4) -> transports (level 5) -> their
// fields and "Size Distribution" (level 6) -> [count, ms] per packet size.
class OpStream final : public CommStream<CommOpRecord>
{
public:
    using CommStream::CommStream;

private:
    enum class Section { None, Time, Bandwidth };

    bool isAggregate(const std::string& key) const override
    {
        return key == "Total Op Info";
    }
    bool opStart() override
    {
        m_op = CommOpRecord {};
        m_op.step = m_step;
        m_op.p2p = m_kind == 0;
        splitOpKey(m_key, m_op.opName, m_op.groupId);
        m_timeSeen = m_bandwidthSeen = m_startSeen = false;
        m_section = Section::None;
        return true;
    }
    bool opEnd() override
    {
        if (!m_timeSeen || !m_startSeen)
            return false; // the DOM path warns
        keep(std::move(m_op));
        return true;
    }
    bool objectInOp(int level) override
    {
        if (level == 4) {
            if (m_key == "Communication Time Info") {
                if (m_timeSeen)
                    return false;
                m_timeSeen = true;
                m_section = Section::Time;
                return true;
            }
            if (m_key == "Communication Bandwidth Info") {
                if (m_bandwidthSeen)
                    return false;
                m_bandwidthSeen = true;
                m_section = Section::Bandwidth;
                m_transportKeys.clear();
                return true;
            }
            return skipOpened();
        }
        if (level == 5 && m_section == Section::Bandwidth) { // a transport
            m_transportKeys.push_back(m_key);
            m_bandwidth = CommBandwidth {};
            m_bandwidth.transport = toQString(m_key);
            m_distributionSeen = false;
            return true;
        }
        if (level == 6 && m_key == "Size Distribution") {
            if (m_distributionSeen)
                return false;
            m_distributionSeen = true;
            return true;
        }
        // Any other object: only where the DOM path reads nothing.
        return !isReadField(level) && skipOpened();
    }
    bool objectInOpEnd(int level) override
    {
        if (level == 5) {
            m_op.bandwidth.push_back(std::move(m_bandwidth));
            return true;
        }
        if (level == 4) {
            const bool bandwidth = m_section == Section::Bandwidth;
            m_section = Section::None;
            return !bandwidth || !hasRepeats(m_transportKeys);
        }
        return true; // level 6: the size distribution
    }
    bool arrayInOp() override
    {
        if (m_depth == 7 && !m_inEntry) { // a "Size Distribution" entry
            const auto sizeMB = parseDouble(m_key);
            if (!sizeMB)
                return false;
            m_entrySizeMB = *sizeMB;
            m_entry = { 0, 0.0 };
            m_entryIndex = 0;
            m_inEntry = true;
            return true;
        }
        if (m_inEntry)
            return false;
        // The DOM path ignores an array as bandwidth info, transport or
        // size distribution; as time info it warns.
        if (m_depth == 4)
            return m_key != "Communication Time Info" && skipArray();
        if (m_depth == 5 && m_section == Section::Bandwidth)
            return skipArray();
        if (m_depth == 6 && m_key == "Size Distribution")
            return skipArray();
        return !isReadField(m_depth) && skipArray();
    }
    bool arrayInOpEnd() override
    {
        m_inEntry = false;
        if (m_entryIndex < 2)
            return false; // the DOM path warns
        m_bandwidth.sizeDistribution[m_entrySizeMB] = m_entry;
        return true;
    }
    bool scalarInOp(const SaxScalar& s) override
    {
        if (m_inEntry) {
            if (m_entryIndex == 0)
                m_entry.first = s.toInt().value_or(0);
            else if (m_entryIndex == 1)
                m_entry.second = s.toDouble().value_or(0);
            ++m_entryIndex;
            return true;
        }
        switch (m_depth) {
        case 4: // a value of the op's own keys
            return m_key != "Communication Time Info";
        case 5:
            return m_section != Section::Time || timeField(s);
        case 6: // a field of a transport
            if (m_key == "Transit Size(MB)")
                m_bandwidth.transitSizeMB = s.toDouble().value_or(0);
            else if (m_key == "Transit Time(ms)")
                m_bandwidth.transitTimeMs = s.toDouble().value_or(0);
            else if (m_key == "Bandwidth(GB/s)")
                m_bandwidth.bandwidthGBps = s.toDouble().value_or(0);
            else if (m_key == "Large Packet Ratio")
                m_bandwidth.largePacketRatio = s.toDouble().value_or(0);
            return true;
        default: // a size distribution entry that is not [count, ms]
            return false;
        }
    }

    bool timeField(const SaxScalar& s)
    {
        if (m_key == "Start Timestamp(us)") {
            const auto ns = s.usToNs();
            if (!ns)
                return false; // the DOM path warns
            m_op.startNs = *ns;
            m_startSeen = true;
        } else if (m_key == "Elapse Time(ms)") {
            m_op.elapseMs = s.toDouble().value_or(0);
        } else if (m_key == "Transit Time(ms)") {
            m_op.transitMs = s.toDouble().value_or(0);
        } else if (m_key == "Wait Time(ms)") {
            m_op.waitMs = s.toDouble().value_or(0);
        } else if (m_key == "Synchronization Time(ms)") {
            m_op.synchronizationMs = s.toDouble().value_or(0);
        } else if (m_key == "Idle Time(ms)") {
            m_op.idleMs = s.toDouble().value_or(0);
        } else if (m_key == "Wait Time Ratio") {
            m_op.waitRatio = s.toDouble().value_or(kNoValue);
        } else if (m_key == "Synchronization Time Ratio") {
            m_op.synchronizationRatio = s.toDouble().value_or(kNoValue);
        }
        return true;
    }

    // A key whose value the DOM path reads as a number, inside the object
    // whose level is `level` (5: time info; 6: a transport).
    bool isReadField(int level) const
    {
        static constexpr std::string_view kTime[] = { "Start Timestamp(us)", "Elapse Time(ms)", "Transit Time(ms)",
            "Wait Time(ms)", "Synchronization Time(ms)", "Idle Time(ms)", "Wait Time Ratio",
            "Synchronization Time Ratio" };
        static constexpr std::string_view kTransport[] = { "Transit Size(MB)", "Transit Time(ms)", "Bandwidth(GB/s)",
            "Large Packet Ratio" };
        if (level == 5 && m_section == Section::Time)
            return std::find(std::begin(kTime), std::end(kTime), m_key) != std::end(kTime);
        if (level == 6)
            return std::find(std::begin(kTransport), std::end(kTransport), m_key) != std::end(kTransport);
        return level >= 7; // inside a size distribution
    }

    CommOpRecord m_op;
    CommBandwidth m_bandwidth;
    std::vector<std::string> m_transportKeys;
    Section m_section = Section::None;
    std::pair<qint64, double> m_entry;
    double m_entrySizeMB = 0;
    int m_entryIndex = 0;
    bool m_inEntry = false;
    bool m_timeSeen = false;
    bool m_bandwidthSeen = false;
    bool m_startSeen = false;
    bool m_distributionSeen = false;
};

template<typename Stream, typename Record>
bool streamInto(JsonFile& file, std::vector<Record>& out, CommStreamCounts& counts)
{
    const std::size_t before = out.size();
    Stream stream(out);
    if (file.streamFast(stream) && stream.complete()) {
        counts = stream.counts;
        return true;
    }
    out.erase(out.begin() + std::ptrdiff_t(before), out.end());
    return false;
}

} // namespace

bool streamCommunication(JsonFile& file, std::vector<CommOpRecord>& out, CommStreamCounts& counts)
{
    return streamInto<OpStream>(file, out, counts);
}

} // namespace profscope::jsonfile
