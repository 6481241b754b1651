// SPDX-License-Identifier: Apache-2.0
#pragma once

// Parsers of the MindInsight-era device resource files (core/model/resources.h).
// Same contract as tableparsers.h: false only when nothing usable was read;
// every problem is in the FileReport with the file name and line / offset.

#include "../model/importreport.h"
#include "../model/resources.h"

#include <QString>

namespace profscope {

// flops_{rank}.txt, any of the three header generations.
bool parseFlopsTable(const QString& path, FlopsTable& out, FileReport& report);
// flops_summary_{rank}.json, either key set.
bool parseFlopsSummary(const QString& path, FlopsSummary& out, FileReport& report);
// memory_usage_summary_{rank}.json.
bool parseMemoryUsageSummary(const QString& path, MemoryUsageSummary& out, FileReport& report);
// ascend_cluster_analyse_{mode}_{stageNum}_{rankSize}_{rank}.csv: the layout
// from the name, the per-step rows from the content.
bool parseClusterAnalyse(const QString& path, ClusterAnalyse& out, FileReport& report);

} // namespace profscope
