// SPDX-License-Identifier: Apache-2.0
// The timeline page's details panel: what the selected slice is, its times,
// self time, flows and arguments.
#include "timelinepage.h"

#include "timeformat.h"
#include "timelinemodel.h"
#include "timelinewidget.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QToolButton>
#include <QTreeWidget>

#include <algorithm>
#include <cmath>

namespace profscope {

namespace {

// Self time: the duration minus the direct children (the next depth inside it).
TimeNs selfTimeNs(const TimelineModel& model, const SliceRef& s)
{
    const SliceColumns& c = model.threadTrack(s.lane).slices;
    const auto& byDepth = model.threadIndex(s.lane).byDepth;
    const std::size_t d = std::size_t(c.depth[s.slice]) + 1;
    TimeNs self = c.durNs[s.slice];
    if (d >= byDepth.size())
        return self;
    const TimeNs a = c.startNs[s.slice];
    const TimeNs b = c.endNs(s.slice);
    const auto& v = byDepth[d];
    auto it = std::partition_point(v.begin(), v.end(), [&](std::uint32_t i) { return c.startNs[i] < a; });
    for (; it != v.end() && c.startNs[*it] < b; ++it)
        self -= std::min(c.endNs(*it), b) - c.startNs[*it];
    return std::max<TimeNs>(0, self);
}

// Args as "key: value" lines; string values with their line breaks (call
// stacks are "frame;\r\nframe;..."), so that they read like the source.
QString formatArgs(const QByteArray& json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return QString::fromUtf8(json);
    QString out;
    const QJsonObject o = doc.object();
    for (auto it = o.begin(); it != o.end(); ++it) {
        QString value;
        const QJsonValue v = it.value();
        if (v.isString()) {
            value = v.toString();
            value.replace(QLatin1String("\r\n"), QLatin1String("\n"));
            value.replace(QLatin1Char('\r'), QLatin1Char('\n'));
            if (value.contains(QLatin1Char('\n')))
                value = QLatin1String("\n    ") + value.trimmed().replace(QLatin1Char('\n'), QLatin1String("\n    "));
        } else if (v.isDouble()) {
            value = QString::number(v.toDouble(), 'g', 15);
        } else if (v.isBool()) {
            value = v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        } else if (v.isArray()) {
            value = QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
        } else if (v.isObject()) {
            value = QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
        } else {
            value = QStringLiteral("null");
        }
        out += it.key() + QLatin1String(": ") + value + QLatin1Char('\n');
    }
    return out;
}

} // namespace

void TimelinePage::updateDetails(const SliceRef& slice)
{
    m_flows->clear();
    m_args->clear();
    m_jumpButton->setEnabled(false);
    const TimelineModel& model = m_timeline->model();
    for (QWidget* w : std::initializer_list<QWidget*> { m_flowsTitle, m_flows, m_jumpButton, m_argsTitle, m_args })
        w->setVisible(slice.isValid());
    if (!slice.isValid()) {
        m_details->setText(QStringLiteral("<i>")
            + tr("Click a slice to see its details and flows. Shift+drag or drag on the ruler to get "
                 "statistics of a range. W/S zoom, A/D pan, F fits all, Z zooms to the selection, Backspace undoes a "
                 "zoom.")
            + QStringLiteral("</i>"));
        return;
    }
    const TimelineLane& l = model.lane(slice.lane);
    const TraceData* trace = model.trace(l.rank);
    const SliceColumns& s = model.threadTrack(slice.lane).slices;
    const TimeNs startView = model.toView(l.rank, s.startNs[slice.slice]);
    auto row = [](const QString& k, const QString& v) -> QString {
        return QStringLiteral("<tr><td style='padding-right:10px'><b>%1</b></td><td>%2</td></tr>")
            .arg(k.toHtmlEscaped(), v);
    };
    QString html = QStringLiteral("<p style='font-size:large'><b>%1</b></p><table>")
                       .arg(trace->strings.string(s.name[slice.slice]).toHtmlEscaped());
    if (l.comparison && model.comparison().profile)
        // Never mistaken for the base run's: which run, and the shift its times got.
        html += row(tr("Run"),
            tr("B (comparison): %1").arg(model.comparison().profile->rootPath).toHtmlEscaped());
    html += row(tr("Lane"), model.lanePath(slice.lane).toHtmlEscaped());
    html += row(tr("Start"), formatDurationNs(double(startView), 6));
    html += row(tr("Duration"), formatDurationNs(double(s.durNs[slice.slice]), 3));
    html += row(tr("Self time"), formatDurationNs(double(selfTimeNs(model, slice)), 3));
    html += row(tr("Depth"), QString::number(s.depth[slice.slice]));
    if (s.category[slice.slice].isValid())
        html += row(tr("Category"), trace->strings.string(s.category[slice.slice]).toHtmlEscaped());
    if (!s.taskType.empty() && s.taskType[slice.slice].isValid())
        html += row(tr("Task type"), trace->strings.string(s.taskType[slice.slice]).toHtmlEscaped());
    html += row(tr("Timestamp"),
        l.comparison ? tr("%1 ns (B's trace clock, shown shifted by %2)")
                           .arg(s.startNs[slice.slice])
                           .arg(formatDurationNs(double(model.offsetNs(l.rank))))
                     : tr("%1 ns (trace clock)").arg(s.startNs[slice.slice]));
    html += QStringLiteral("</table>");
    m_details->setText(html);
    const QByteArray args = trace->argsText(s.args[slice.slice]);
    m_args->setPlainText(args.isEmpty() ? tr("(no arguments)") : formatArgs(args));

    // Flows touching this slice.
    const FlowColumns& f = trace->flows;
    for (std::size_t i = 0; i < f.size(); ++i) {
        const bool out = f.fromProcess[i] == std::uint32_t(l.process) && f.fromThread[i] == std::uint32_t(l.thread)
            && f.fromSlice[i] == std::int32_t(slice.slice);
        const bool in = f.toProcess[i] == std::uint32_t(l.process) && f.toThread[i] == std::uint32_t(l.thread)
            && f.toSlice[i] == std::int32_t(slice.slice);
        if (!out && !in)
            continue;
        const std::uint32_t op = out ? f.toProcess[i] : f.fromProcess[i];
        const std::uint32_t ot = out ? f.toThread[i] : f.fromThread[i];
        const std::int32_t os = out ? f.toSlice[i] : f.fromSlice[i];
        const ProcessTrack& p = trace->processes[op];
        const ThreadTrack& t = p.threads[ot];
        QString other = p.displayName() + QStringLiteral(" / ") + (t.name.isEmpty() ? QString::number(t.tid) : t.name);
        if (os >= 0)
            other += QStringLiteral(": ") + trace->strings.string(t.slices.name[std::size_t(os)]);
        auto* item = new QTreeWidgetItem(m_flows);
        item->setText(0, out ? tr("outgoing") : tr("incoming"));
        item->setText(1, trace->strings.string(f.category[i]));
        item->setText(2, other);
        item->setText(3, formatDurationNs(double(model.toView(l.rank, out ? f.toNs[i] : f.fromNs[i])), 6));
        item->setToolTip(2, other);
        item->setData(0, Qt::UserRole, l.rank);
        item->setData(1, Qt::UserRole, qulonglong(i));
        item->setData(2, Qt::UserRole, out);
        item->setForeground(1, m_timeline->colors().flowColor(item->text(1)));
    }
    if (m_flows->topLevelItemCount() == 0) {
        auto* item = new QTreeWidgetItem(m_flows);
        item->setText(0, tr("none"));
        item->setFlags(Qt::NoItemFlags);
    } else {
        m_flows->setCurrentItem(m_flows->topLevelItem(0));
    }
    m_flows->resizeColumnToContents(0);
    m_flows->resizeColumnToContents(1);
    m_tabs->setCurrentIndex(0);
}

} // namespace profscope
