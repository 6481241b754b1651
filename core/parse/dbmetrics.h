// SPDX-License-Identifier: Apache-2.0
#pragma once

// The kernel table's PMU metrics from a database's TASK_PMU_INFO, read when
// first asked for (kernelmetrics.h): two thirds of a database's rows that no
// page, export or analysis needs at load.

#include "../model/kernelmetrics.h"

#include <QDateTime>
#include <QString>

#include <string_view>

namespace profscope {

class DbKernelMetricsSource : public KernelMetricsSource
{
public:
    // `path` is the database as the user named it (opened again on demand,
    // read-only and immutable like at load).
    explicit DbKernelMetricsSource(const QString& path);
    // keys are TASK globalTaskIds. A file that went away or changed since
    // the load gives no metrics rather than another run's.
    KernelMetrics read(const std::vector<qint64>& keys) const override;

private:
    QString m_path;
    qint64 m_sizeBytes = -1;
    QDateTime m_modified;
};

// The kernel_details.csv header of a TASK_PMU_INFO metric name: "*_time"
// metrics are ns in the database and µs in the CSV (*isTime: divide by
// 1000), which also names the two totals differently.
QString pmuColumnName(std::string_view metric, bool* isTime);

} // namespace profscope
