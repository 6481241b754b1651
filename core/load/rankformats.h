// SPDX-License-Identifier: Apache-2.0
#pragma once

// The format table of a rank's files: one row per kind of file the loader
// reads, naming the importer that fills the rank from it. Discovery's
// pattern table (filekinds.cpp) says which file is which kind; a new format
// is one importer, one pattern row there and one row here. Traces (parsed
// together into one timeline) and databases (which feed several kinds of
// data, chosen per rank by DataSources) are read beside this table.

#include "../model/importreport.h"
#include "../model/rank.h"
#include "discovery.h"

namespace profscope {

struct RankFormat
{
    FileKind kind;
    void (*read)(const QString& path, RankData& rank, FileReport& report);
    // For a kind discovery may have read already (DiscoveredFile::text):
    // the same on those bytes, without opening the file again.
    void (*readText)(const QString& path, const QByteArray& text, RankData& rank, FileReport& report) = nullptr;
};

const std::vector<RankFormat>& rankFormats();
// The row of a kind, or null when the loader has no importer for it.
const RankFormat* rankFormat(FileKind kind);

} // namespace profscope
