// SPDX-License-Identifier: Apache-2.0
#include "reportscope.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace profscope {

namespace {

// The summary line is translated in the context the scope is given at run
// time, which lupdate cannot follow: these markers keep it in the .ts file
// under every context that uses it.
constexpr const char* kMoreWarnings[] = {
    QT_TRANSLATE_N_NOOP("profscope::TableParsers", "... %n more warning(s)"),
    QT_TRANSLATE_N_NOOP("profscope::LegacyParsers", "... %n more warning(s)"),
};

} // namespace

ReportScope::ReportScope(const QString& path, const char* kind, FileReport& report, const char* trContext)
    : m_report(report)
    , m_path(path)
    , m_trContext(trContext)
{
    m_timer.start();
    if (m_report.path.isEmpty())
        m_report.path = path;
    if (kind && m_report.kind.isEmpty())
        m_report.kind = QString::fromLatin1(kind);
    m_report.status = FileStatus::Used;
    m_report.reason.clear();
}

QString ReportScope::fileName() const
{
    return QFileInfo(m_path).fileName();
}

void ReportScope::warn(const QString& text)
{
    ++m_warnings;
    if (m_warnings <= kMaxWarnings)
        m_report.warnings << text;
}

bool ReportScope::finish()
{
    if (m_warnings > kMaxWarnings)
        m_report.warnings << QCoreApplication::translate(m_trContext, kMoreWarnings[0], nullptr,
                                                         int(m_warnings - kMaxWarnings));
    m_report.parseMs = double(m_timer.nsecsElapsed()) / 1e6;
    return !failed();
}

bool ReportScope::fail()
{
    m_report.parseMs = double(m_timer.nsecsElapsed()) / 1e6;
    return false;
}

bool ReportScope::markBroken(const QString& reason)
{
    if (failed())
        return false;
    m_report.status = FileStatus::Broken;
    m_report.reason = reason;
    return true;
}

} // namespace profscope
