// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../analysis/advice.h"
#include "../model/profile.h"

#include <QString>

namespace profscope {

// One profile (or a base and a comparison run) as a report to attach to a
// ticket or keep from a CI job: a single self-contained HTML file (inline
// CSS, SVG charts and a few lines of script to sort the tables; nothing
// fetched from the network) or Markdown. The same analyses as the pages:
// the overview per rank, the root causes and every finding with its
// evidence, and the import report.
struct ReportOptions
{
    QString step; // one step ("50") or empty for the average over the steps
    AdviceThresholds thresholds;
};

// The cluster's mean step time: per step the median over ranks of
// Preparing + span, averaged over the steps (what the advice's costs are shares of).
double meanStepTimeNs(const Profile& profile, const QString& step = {});

// (comparison − base) / base of the mean step time; 0 when the base has none.
double stepTimeRegression(const Profile& base, const Profile& comparison, const QString& step = {});

QString htmlReport(const Profile& base, const Profile* comparison, const ReportOptions& options = {});
QString markdownReport(const Profile& base, const Profile* comparison, const ReportOptions& options = {});

} // namespace profscope
