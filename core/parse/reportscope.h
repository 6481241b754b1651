// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/importreport.h"

#include <QElapsedTimer>
#include <QString>

namespace profscope {

// The FileReport bookkeeping that every file parser does the same way, so
// that all files end up in the import report alike: the parse time from
// construction to finish() / fail(), the path and kind when the caller has
// not set them, Used until a problem makes the file Broken, and capped
// warnings.
class ReportScope
{
public:
    // `kind` may be null: the report then keeps whatever kind it has.
    // `trContext` is the translation context of the "... N more" summary
    // line; each parser family keeps its own, as its translations do.
    ReportScope(const QString& path, const char* kind, FileReport& report, const char* trContext);
    ReportScope(const ReportScope&) = delete;
    ReportScope& operator=(const ReportScope&) = delete;

    const QString& path() const
    {
        return m_path;
    }
    QString fileName() const;
    bool failed() const
    {
        return m_report.status == FileStatus::Broken;
    }

    // A file with a systematic problem (say, a column of garbage) would
    // otherwise bury the report under thousands of identical lines: only the
    // first kMaxWarnings are kept, then one line says how many more there were.
    void warn(const QString& text);

    // Adds the summary of the warnings over the cap and the parse time.
    // Returns false when the file is Broken.
    bool finish();
    // For the early exits (cannot open, missing column): there is nothing to
    // summarise yet. Always false.
    bool fail();

protected:
    ~ReportScope() = default;

    // Marks the file Broken. Returns false, changing nothing, when it already
    // is: the first problem is the one to report, what follows is often only
    // its consequence. The caller then records where the problem is.
    bool markBroken(const QString& reason);

    FileReport& m_report;

private:
    static constexpr int kMaxWarnings = 20;

    QString m_path;
    const char* m_trContext;
    QElapsedTimer m_timer;
    qint64 m_warnings = 0;
};

} // namespace profscope
