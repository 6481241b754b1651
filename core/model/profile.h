// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "importreport.h"
#include "rank.h"

#include <QString>

#include <memory>
#include <vector>

namespace profscope {

// The loaded profile: immutable once the loader hands it out, shared
// read-only between the GUI thread and analysis threads.
struct Profile
{
    QString rootPath;
    std::vector<std::shared_ptr<const RankData>> ranks; // sorted by (rankId, host, path)
    ImportReport report;

    // Cluster-level files of the legacy layout / msprof-analyze output.
    QString hcclJsonPath;
    QString hostIpsMappingPath;
    std::vector<std::pair<QString, QString>> hostMapping; // alias -> real host/ip, from host_ips_mapping.txt

    const RankData* findRank(int rankId) const;
};

using ProfilePtr = std::shared_ptr<const Profile>;

} // namespace profscope
