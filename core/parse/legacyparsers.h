// SPDX-License-Identifier: Apache-2.0
#pragma once

// Parsers of the old MindInsight-era `profiler/` files. Same contract as
// tableparsers.h. timeline_display_*.json goes through the trace parser.

#include "../model/importreport.h"
#include "../model/legacy.h"

#include <QString>

#include <vector>

namespace profscope {

bool parseLegacyStepTrace(const QString& path, LegacyStepTrace& out, FileReport& report);
bool parseFrameworkRaw(const QString& path, std::vector<FrameworkOpRow>& out, FileReport& report);
bool parseAicoreDetail(const QString& path, std::vector<AicoreOpDetailRow>& out, FileReport& report);
bool parseAicoreType(const QString& path, std::vector<AicoreOpTypeRow>& out, FileReport& report);
bool parseAicpuIntermediate(const QString& path, std::vector<AicpuOpRow>& out, FileReport& report);
bool parseHcclRaw(const QString& path, std::vector<HcclRawRow>& out, FileReport& report);
bool parseMinddataPipeline(const QString& path, std::vector<MinddataPipelineRow>& out, FileReport& report);

} // namespace profscope
