// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/profile.h"

#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <vector>

namespace profscope {

// Σ over many ops of one transport (SDMA, HCCS, RDMA, PCIE, SIO, ...).
struct TransportTotals
{
    double sizeMB = 0;
    double timeMs = 0;
    // packet size (MB) -> (count, total time ms), merged over ops
    std::map<double, std::pair<qint64, double>> sizeDistribution;

    // Σ size / Σ time: MB/ms is GB/s.
    double bandwidthGBps() const
    {
        return timeMs > 0 ? sizeMB / timeMs : 0;
    }
    // Share of packets at or above the transport's "large packet" size:
    // 1 MB for RDMA, 16 MB for the on-node transports (the thresholds the
    // msprof-analyze advisor uses for its small-packet rule).
    double largePacketRatio(const QString& transport) const;
    qint64 packets() const;
};

// One rank's communication in one group (communication domain), summed over
// the ops of the selected step(s) from its communication.json.
struct RankCommunication
{
    int rankIndex = -1; // into Profile::ranks
    int rankId = -1;
    QString groupId;
    qint64 ops = 0;
    double elapseMs = 0;
    double transitMs = 0;
    double waitMs = 0;
    double synchronizationMs = 0;
    double idleMs = 0;
    std::map<QString, TransportTotals> transports;

    // wait / (wait + transit) and synchronization / (synchronization + transit),
    // as CANN defines the ratios per op.
    double waitRatio() const
    {
        return waitMs + transitMs > 0 ? waitMs / (waitMs + transitMs) : 0;
    }
    double synchronizationRatio() const
    {
        return synchronizationMs + transitMs > 0 ? synchronizationMs / (synchronizationMs + transitMs) : 0;
    }
};

// step: "step50" style key or empty for all steps.
std::vector<RankCommunication> communicationByRankAndGroup(const Profile& profile, const QString& step = {});

// One src -> dst cell of the communication matrix, merged over the ranks'
// communication_matrix.json files (each rank writes the links it sends on).
struct MatrixCell
{
    int srcRank = -1;
    int dstRank = -1;
    QString transport;
    double sizeMB = 0;
    double timeMs = 0;
    QStringList opNames;

    double bandwidthGBps() const
    {
        return timeMs > 0 ? sizeMB / timeMs : 0;
    }
};

struct MatrixQuery
{
    QString step;    // "step50"; empty: all steps summed
    QString op;      // "total" (default), "top1", "middle", "bottom1".."bottom3", or one op name
    QString groupId; // empty: all groups

    bool operator==(const MatrixQuery&) const = default;
};

std::vector<MatrixCell> communicationMatrix(const Profile& profile, const MatrixQuery& query = {});
// The same cells, memoized per profile and query and shared, not copied (the
// Communication page's model keeps them: 10,000 ranks have tens of thousands
// of links). Sorted by (srcRank, dstRank), one cell per pair.
std::shared_ptr<const std::vector<MatrixCell>> sharedCommunicationMatrix(const Profile& profile,
                                                                         const MatrixQuery& query = {});

} // namespace profscope
