// SPDX-License-Identifier: Apache-2.0
#pragma once

// The cell tables of `profscope-cli export`, shared by the export kinds.

#include "output.h"

#include "model/tables.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QStringList>

namespace profscope::cli {

// A table whose cells carry both the CSV text and the JSON value, so the
// two formats cannot drift apart. JSON rows are objects keyed by the CSV
// header (units in the names), numbers as numbers.
struct Cell
{
    QString text;
    QJsonValue json;
};
inline Cell cell(const QString& text)
{
    return { text, text };
}
inline Cell cell(int v)
{
    return { QString::number(v), v };
}
inline Cell cell(qint64 v)
{
    return { QString::number(v), double(v) };
}
inline Cell cellNumber(double v, int decimals)
{
    if (!hasValue(v))
        return { QString(), QJsonValue(QJsonValue::Null) };
    return { QString::number(v, 'f', decimals), v };
}
inline Cell cellUs(TimeNs ns)
{
    if (ns == kInvalidTime)
        return { QString(), QJsonValue(QJsonValue::Null) };
    return { microsText(ns), double(ns) / 1000.0 };
}
inline Cell cellIndex(int v)
{
    return v < 0 ? Cell { QString(), QJsonValue(QJsonValue::Null) } : cell(v);
}

struct CellTable
{
    QStringList header;
    QList<QList<Cell>> rows;

    void toTable(QList<QStringList>& rowsOut, QList<QJsonObject>& jsonOut) const
    {
        for (const auto& r : rows) {
            QStringList texts;
            QJsonObject j;
            for (qsizetype i = 0; i < r.size(); ++i) {
                texts << r[i].text;
                j.insert(header[i], r[i].json);
            }
            rowsOut << texts;
            jsonOut << j;
        }
    }
};

} // namespace profscope::cli
