// SPDX-License-Identifier: Apache-2.0
#include "report.h"

#include "../analysis/cluster.h"
#include "../analysis/rootcause.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Report)
};

// The stacked parts of a rank's step, bottom to top, as the Overview draws them.
enum Part
{
    ComputeOnly,
    Overlapped,
    CommunicationOnly,
    Free,
    Preparing,
    PartCount
};

QString partName(int part)
{
    switch (part) {
    case ComputeOnly:
        return Tr::tr("Compute only");
    case Overlapped:
        return Tr::tr("Overlapped");
    case CommunicationOnly:
        return Tr::tr("Communication only");
    case Free:
        return Tr::tr("Free");
    default:
        return Tr::tr("Preparing");
    }
}

const char* partColor(int part)
{
    static const char* colors[] = { "#1f6fd1", "#1b9e77", "#e66a17", "#a9b0b8", "#9b59b6" };
    return colors[part];
}

struct RankRow
{
    int rankId = -1;
    QString host;
    std::array<double, PartCount> partsNs {};
    bool fromSummary = false;
    double stepNs() const
    {
        double sum = 0;
        for (const double v : partsNs)
            sum += v;
        return sum;
    }
};

struct RunData
{
    QString root;
    int ranks = 0;
    int steps = 0;
    double meanStepNs = 0;
    std::vector<RankRow> rows;
    std::vector<Finding> findings;
    int used = 0, skipped = 0, broken = 0;
    QStringList problems; // broken and skipped files with their reasons, then warnings
};

RunData collect(const Profile& profile, const ReportOptions& options)
{
    RunData d;
    d.root = profile.rootPath;
    d.ranks = int(profile.ranks.size());
    const ClusterSteps steps = clusterSteps(profile, options.step);
    d.steps = int(steps.steps.size());
    d.meanStepNs = advice::stepScale(steps).stepNs;
    for (const ClusterStepRow& r : clusterStepAverages(steps, options.step)) {
        if (!r.overviewKnown)
            continue;
        RankRow row;
        row.rankId = r.rankId;
        row.host = r.host;
        row.fromSummary = r.overview.fromSummary;
        const StepOverview& o = r.overview;
        row.partsNs[ComputeOnly] = double(std::max<TimeNs>(0, o.value(StepTraceRow::Computing) - o.value(StepTraceRow::Overlapped)));
        row.partsNs[Overlapped] = double(std::max<TimeNs>(0, o.value(StepTraceRow::Overlapped)));
        row.partsNs[CommunicationOnly] = double(std::max<TimeNs>(0, o.value(StepTraceRow::CommunicationNotOverlapped)));
        row.partsNs[Free] = double(std::max<TimeNs>(0, o.value(StepTraceRow::Free)));
        row.partsNs[Preparing] = double(std::max<TimeNs>(0, o.value(StepTraceRow::Preparing)));
        d.rows.push_back(row);
    }
    std::sort(d.rows.begin(), d.rows.end(), [](const RankRow& a, const RankRow& b) { return a.rankId < b.rankId; });
    d.findings = computeAdvice(profile, steps, options.thresholds, options.step); // the steps above, not again
    for (const FileReport& f : profile.report.files) {
        d.used += f.status == FileStatus::Used;
        d.skipped += f.status == FileStatus::Skipped;
        d.broken += f.status == FileStatus::Broken;
        if (f.status == FileStatus::Broken)
            d.problems << Tr::tr("broken: %1 — %2").arg(f.location(), f.reason);
    }
    for (const ImportMessage& m : profile.report.messages)
        if (m.severity != ImportMessage::Info)
            d.problems << m.text;
    return d;
}

QString ms(double ns)
{
    return QString::number(ns / 1e6, 'f', 3);
}

QString pct(double share)
{
    return QString::number(share * 100.0, 'f', 1) + QLatin1Char('%');
}

QString signedPct(double share)
{
    return (share >= 0 ? QStringLiteral("+") : QString()) + pct(share);
}

QString esc(const QString& s)
{
    return s.toHtmlEscaped();
}

// Markdown table cells: no pipes or line breaks inside.
QString md(QString s)
{
    return s.replace(QLatin1Char('|'), QStringLiteral("\\|")).replace(QLatin1Char('\n'), QLatin1Char(' '));
}

double partMean(const RunData& d, int part)
{
    double sum = 0;
    for (const RankRow& r : d.rows)
        sum += r.partsNs[std::size_t(part)];
    return d.rows.empty() ? 0 : sum / double(d.rows.size());
}

// Stacked bars per rank, one <rect> per part with its value as a tooltip.
QString stackedBarsSvg(const RunData& d)
{
    const int n = int(d.rows.size());
    if (n == 0)
        return {};
    const double barPx = std::clamp(900.0 / n, 4.0, 40.0);
    const double plotH = 220, left = 56, top = 10;
    const double width = left + barPx * n + 20, height = top + plotH + 40;
    double maxNs = 0;
    for (const RankRow& r : d.rows)
        maxNs = std::max(maxNs, r.stepNs());
    if (maxNs <= 0)
        maxNs = 1;
    // Round the axis up to 1, 2, 2.5 or 5 × 10^k so that the four grid lines read well.
    const double magnitude = std::pow(10.0, std::floor(std::log10(maxNs)));
    for (const double step : { 1.0, 2.0, 2.5, 5.0, 10.0 })
        if (step * magnitude >= maxNs) {
            maxNs = step * magnitude;
            break;
        }
    QString svg = QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" role=\"img\">")
                      .arg(width, 0, 'f', 0)
                      .arg(height, 0, 'f', 0);
    for (int t = 0; t <= 4; ++t) { // y grid and labels in ms
        const double y = top + plotH - plotH * t / 4.0;
        svg += QStringLiteral("<line x1=\"%1\" x2=\"%2\" y1=\"%3\" y2=\"%3\" stroke=\"#ddd\"/>"
                              "<text x=\"%4\" y=\"%5\" font-size=\"10\" text-anchor=\"end\">%6</text>")
                   .arg(left)
                   .arg(width - 10)
                   .arg(y, 0, 'f', 1)
                   .arg(left - 4)
                   .arg(y + 3, 0, 'f', 1)
                   .arg(ms(maxNs * t / 4.0));
    }
    for (int i = 0; i < n; ++i) {
        const RankRow& r = d.rows[std::size_t(i)];
        double y = top + plotH;
        const double x = left + barPx * i + barPx * 0.14;
        for (int p = 0; p < PartCount; ++p) {
            const double h = plotH * r.partsNs[std::size_t(p)] / maxNs;
            y -= h;
            svg += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"%5\"><title>%6</title></rect>")
                       .arg(x, 0, 'f', 1)
                       .arg(y, 0, 'f', 1)
                       .arg(barPx * 0.72, 0, 'f', 1)
                       .arg(h, 0, 'f', 1)
                       .arg(QLatin1String(partColor(p)))
                       .arg(esc(Tr::tr("rank %1 · %2: %3 ms").arg(r.rankId).arg(partName(p), ms(r.partsNs[std::size_t(p)]))));
        }
        if (n <= 64 || i % (n / 32) == 0)
            svg += QStringLiteral("<text x=\"%1\" y=\"%2\" font-size=\"10\" text-anchor=\"middle\">%3</text>")
                       .arg(x + barPx * 0.36, 0, 'f', 1)
                       .arg(top + plotH + 14, 0, 'f', 1)
                       .arg(r.rankId);
    }
    svg += QStringLiteral("<text x=\"%1\" y=\"%2\" font-size=\"11\" text-anchor=\"middle\">%3</text>")
               .arg(left + barPx * n / 2, 0, 'f', 1)
               .arg(top + plotH + 32, 0, 'f', 1)
               .arg(esc(Tr::tr("Rank (time per step in ms)")));
    svg += QStringLiteral("</svg>");
    return svg;
}

QString legendHtml()
{
    QString html = QStringLiteral("<p class=\"legend\">");
    for (int p = 0; p < PartCount; ++p)
        html += QStringLiteral("<span><i style=\"background:%1\"></i>%2</span>")
                    .arg(QLatin1String(partColor(p)), esc(partName(p)));
    return html + QStringLiteral("</p>");
}

QStringList causeLines(const RunData& d)
{
    QStringList lines;
    for (const Finding& f : d.findings)
        if (f.isCause && f.severity != Finding::Severity::Info && lines.size() < 3)
            lines << Tr::tr("%1 — %2 ms per step (%3 of the step)").arg(f.title, ms(f.impactNs), pct(f.impactShare));
    return lines;
}

const char* kScript = R"(<script>
// Click a column header to sort by it (numbers as numbers); click again to reverse.
document.querySelectorAll('table.sortable th').forEach(function (th, col) {
  th.addEventListener('click', function () {
    var table = th.closest('table'), body = table.tBodies[0];
    var dir = th.dataset.dir === 'asc' ? -1 : 1; th.dataset.dir = dir > 0 ? 'asc' : 'desc';
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = a.cells[col].dataset.v || a.cells[col].textContent, y = b.cells[col].dataset.v || b.cells[col].textContent;
      var nx = parseFloat(x), ny = parseFloat(y);
      if (!isNaN(nx) && !isNaN(ny)) return dir * (nx - ny);
      return dir * x.localeCompare(y);
    });
    rows.forEach(function (r) { body.appendChild(r); });
  });
});
</script>)";

const char* kStyle = R"(<style>
body { font-family: system-ui, sans-serif; margin: 24px; color: #1d2330; }
h1 { font-size: 1.5em; margin-bottom: 0; } h2 { margin-top: 1.6em; font-size: 1.2em; }
.muted { color: #667; } table { border-collapse: collapse; margin: 8px 0; font-size: 0.9em; }
th, td { border: 1px solid #d5d9e0; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #eef1f5; cursor: pointer; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
.Critical { color: #b3261e; font-weight: bold; } .Warning { color: #8a5a00; font-weight: bold; }
.legend span { margin-right: 14px; } .legend i { display: inline-block; width: 12px; height: 10px; margin-right: 4px; }
.causes { background: #f6f8fb; border: 1px solid #d5d9e0; padding: 8px 12px; }
.worse { color: #b3261e; } .better { color: #1b7d3a; }
</style>)";

QString rankTableHtml(const RunData& d)
{
    QString html = QStringLiteral("<table class=\"sortable\"><thead><tr><th>%1</th><th>%2</th>")
                       .arg(esc(Tr::tr("Rank")), esc(Tr::tr("Host")));
    for (int p = 0; p < PartCount; ++p)
        html += QStringLiteral("<th>%1 (ms)</th>").arg(esc(partName(p)));
    html += QStringLiteral("<th>%1 (ms)</th></tr></thead><tbody>").arg(esc(Tr::tr("Step")));
    for (const RankRow& r : d.rows) {
        html += QStringLiteral("<tr><td class=\"n\">%1</td><td>%2</td>").arg(r.rankId).arg(esc(r.host));
        for (const double v : r.partsNs)
            html += QStringLiteral("<td class=\"n\">%1</td>").arg(ms(v));
        html += QStringLiteral("<td class=\"n\">%1</td></tr>").arg(ms(r.stepNs()));
    }
    return html + QStringLiteral("</tbody></table>");
}

QString findingsTableHtml(const RunData& d)
{
    if (d.findings.empty())
        return QStringLiteral("<p>%1</p>").arg(esc(Tr::tr("No rule of the advice engine fired.")));
    QString html = QStringLiteral("<table class=\"sortable\"><thead><tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th>"
                                  "<th>%5</th><th>%6</th></tr></thead><tbody>")
                       .arg(esc(Tr::tr("Severity")), esc(Tr::tr("Finding")), esc(Tr::tr("Cost per step (ms)")),
                           esc(Tr::tr("Measured")), esc(Tr::tr("Rule")), esc(Tr::tr("Evidence")));
    for (const Finding& f : d.findings) {
        const bool cost = f.isCause || f.impactNs > 0;
        html += QStringLiteral("<tr><td class=\"%1\" data-v=\"%2\">%3</td><td>%4%5</td><td class=\"n\">%6</td>"
                               "<td>%7</td><td>%8</td><td>%9</td></tr>")
                    .arg(QLatin1String(f.severity == Finding::Severity::Critical ? "Critical"
                            : f.severity == Finding::Severity::Warning             ? "Warning"
                                                                                   : "Info"))
                    .arg(int(f.severity))
                    .arg(esc(severityName(f.severity)))
                    .arg(f.explainedBy >= 0 ? QStringLiteral("↳ ") : QString(), esc(f.title))
                    .arg(cost ? ms(f.impactNs) : QString(), esc(f.measured), esc(f.rule), esc(f.evidence));
    }
    return html + QStringLiteral("</tbody></table>");
}

QString comparisonHtml(const RunData& a, const RunData& b)
{
    const double delta = a.meanStepNs > 0 ? (b.meanStepNs - a.meanStepNs) / a.meanStepNs : 0;
    QString html = QStringLiteral("<h2>%1</h2><p>%2</p>")
                       .arg(esc(Tr::tr("Comparison")),
                           esc(Tr::tr("Mean step time: base %1 ms, comparison %2 ms (%3).")
                                   .arg(ms(a.meanStepNs), ms(b.meanStepNs), signedPct(delta))));
    html += QStringLiteral("<table class=\"sortable\"><thead><tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th>"
                           "</tr></thead><tbody>")
                .arg(esc(Tr::tr("Part (mean over ranks)")), esc(Tr::tr("Base (ms)")), esc(Tr::tr("Comparison (ms)")),
                    esc(Tr::tr("Delta (ms)")));
    for (int p = 0; p < PartCount; ++p) {
        const double x = partMean(a, p), y = partMean(b, p);
        html += QStringLiteral("<tr><td>%1</td><td class=\"n\">%2</td><td class=\"n\">%3</td><td class=\"n %4\">%5</td></tr>")
                    .arg(esc(partName(p)), ms(x), ms(y), y > x ? QStringLiteral("worse") : QStringLiteral("better"),
                        ms(y - x));
    }
    html += QStringLiteral("</tbody></table><table class=\"sortable\"><thead><tr><th>%1</th><th>%2</th><th>%3</th>"
                           "<th>%4</th></tr></thead><tbody>")
                .arg(esc(Tr::tr("Rank")), esc(Tr::tr("Base step (ms)")), esc(Tr::tr("Comparison step (ms)")),
                    esc(Tr::tr("Delta")));
    std::map<int, const RankRow*> other;
    for (const RankRow& r : b.rows)
        other[r.rankId] = &r;
    for (const RankRow& r : a.rows) {
        const auto it = other.find(r.rankId);
        if (it == other.end())
            continue;
        const double d = r.stepNs() > 0 ? (it->second->stepNs() - r.stepNs()) / r.stepNs() : 0;
        html += QStringLiteral("<tr><td class=\"n\">%1</td><td class=\"n\">%2</td><td class=\"n\">%3</td>"
                               "<td class=\"n %4\" data-v=\"%5\">%6</td></tr>")
                    .arg(r.rankId)
                    .arg(ms(r.stepNs()), ms(it->second->stepNs()), d > 0 ? QStringLiteral("worse") : QStringLiteral("better"))
                    .arg(d)
                    .arg(signedPct(d));
    }
    return html + QStringLiteral("</tbody></table>");
}

QString runHtml(const RunData& d, const QString& heading)
{
    QString html = QStringLiteral("<h2>%1</h2><p class=\"muted\">%2</p>")
                       .arg(esc(heading),
                           esc(Tr::tr("%1 · %2 rank(s) · %3 step(s) · mean step time %4 ms")
                                   .arg(d.root)
                                   .arg(d.ranks)
                                   .arg(d.steps)
                                   .arg(ms(d.meanStepNs))));
    const QStringList causes = causeLines(d);
    html += QStringLiteral("<div class=\"causes\"><b>%1</b>").arg(esc(Tr::tr("Why is the step slow?")));
    if (causes.isEmpty())
        html += QStringLiteral(" %1").arg(esc(Tr::tr("No rank, link or pipeline stage costs the step more than its peers do.")));
    else {
        html += QStringLiteral("<ol>");
        for (const QString& c : causes)
            html += QStringLiteral("<li>%1</li>").arg(esc(c));
        html += QStringLiteral("</ol>");
    }
    html += QStringLiteral("</div>");
    html += QStringLiteral("<h3>%1</h3>").arg(esc(Tr::tr("Where each rank's step time goes")));
    html += legendHtml() + stackedBarsSvg(d) + rankTableHtml(d);
    html += QStringLiteral("<h3>%1</h3>").arg(esc(Tr::tr("Advice"))) + findingsTableHtml(d);
    html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                .arg(esc(Tr::tr("Import report")),
                    esc(Tr::tr("%1 file(s) used, %2 skipped, %3 broken.").arg(d.used).arg(d.skipped).arg(d.broken)));
    if (!d.problems.isEmpty()) {
        html += QStringLiteral("<ul>");
        for (const QString& p : d.problems)
            html += QStringLiteral("<li>%1</li>").arg(esc(p));
        html += QStringLiteral("</ul>");
    }
    return html;
}

QString runMarkdown(const RunData& d, const QString& heading)
{
    QString text = QStringLiteral("## %1\n\n%2\n\n").arg(heading,
        Tr::tr("%1 · %2 rank(s) · %3 step(s) · mean step time %4 ms").arg(d.root).arg(d.ranks).arg(d.steps).arg(ms(d.meanStepNs)));
    text += QStringLiteral("**%1**\n\n").arg(Tr::tr("Why is the step slow?"));
    const QStringList causes = causeLines(d);
    if (causes.isEmpty())
        text += Tr::tr("No rank, link or pipeline stage costs the step more than its peers do.") + QStringLiteral("\n\n");
    for (int i = 0; i < causes.size(); ++i)
        text += QStringLiteral("%1. %2\n").arg(i + 1).arg(causes[i]);
    text += QStringLiteral("\n### %1\n\n| %2 | %3 |").arg(Tr::tr("Where each rank's step time goes"), Tr::tr("Rank"), Tr::tr("Host"));
    for (int p = 0; p < PartCount; ++p)
        text += QStringLiteral(" %1 (ms) |").arg(partName(p));
    text += QStringLiteral(" %1 (ms) |\n|---|---|").arg(Tr::tr("Step"));
    for (int p = 0; p <= PartCount; ++p)
        text += QStringLiteral("---:|");
    text += QLatin1Char('\n');
    for (const RankRow& r : d.rows) {
        text += QStringLiteral("| %1 | %2 |").arg(r.rankId).arg(md(r.host));
        for (const double v : r.partsNs)
            text += QStringLiteral(" %1 |").arg(ms(v));
        text += QStringLiteral(" %1 |\n").arg(ms(r.stepNs()));
    }
    text += QStringLiteral("\n### %1\n\n").arg(Tr::tr("Advice"));
    if (d.findings.empty())
        text += Tr::tr("No rule of the advice engine fired.") + QLatin1Char('\n');
    else {
        text += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n|---|---|---:|---|---|\n")
                    .arg(Tr::tr("Severity"), Tr::tr("Finding"), Tr::tr("Cost per step (ms)"), Tr::tr("Measured"),
                        Tr::tr("Evidence"));
        for (const Finding& f : d.findings)
            text += QStringLiteral("| %1 | %2%3 | %4 | %5 | %6 |\n")
                        .arg(severityName(f.severity), f.explainedBy >= 0 ? QStringLiteral("↳ ") : QString(), md(f.title),
                            f.isCause || f.impactNs > 0 ? ms(f.impactNs) : QString(), md(f.measured), md(f.evidence));
    }
    text += QStringLiteral("\n### %1\n\n%2\n")
                .arg(Tr::tr("Import report"),
                    Tr::tr("%1 file(s) used, %2 skipped, %3 broken.").arg(d.used).arg(d.skipped).arg(d.broken));
    for (const QString& p : d.problems)
        text += QStringLiteral("- %1\n").arg(md(p));
    return text;
}

} // namespace

double meanStepTimeNs(const Profile& profile, const QString& step)
{
    return advice::stepScale(clusterSteps(profile, step)).stepNs;
}

double stepTimeRegression(const Profile& base, const Profile& comparison, const QString& step)
{
    const double a = meanStepTimeNs(base, step);
    return a > 0 ? (meanStepTimeNs(comparison, step) - a) / a : 0;
}

QString htmlReport(const Profile& base, const Profile* comparison, const ReportOptions& options)
{
    const RunData a = collect(base, options);
    QString html = QStringLiteral("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>%1</title>%2</head><body>")
                       .arg(esc(Tr::tr("Profscope report")), QLatin1String(kStyle));
    html += QStringLiteral("<h1>%1</h1><p class=\"muted\">%2</p>")
                .arg(esc(comparison ? Tr::tr("Profscope regression report") : Tr::tr("Profscope report")),
                    esc(Tr::tr("Written %1 · %2")
                            .arg(QDateTime::currentDateTime().toString(Qt::ISODate),
                                options.step.isEmpty() ? Tr::tr("average over the steps") : Tr::tr("step %1").arg(options.step))));
    if (comparison) {
        const RunData b = collect(*comparison, options);
        html += comparisonHtml(a, b);
        html += runHtml(a, Tr::tr("Base run")) + runHtml(b, Tr::tr("Comparison run"));
    } else {
        html += runHtml(a, Tr::tr("Run"));
    }
    return html + QLatin1String(kScript) + QStringLiteral("</body></html>\n");
}

QString markdownReport(const Profile& base, const Profile* comparison, const ReportOptions& options)
{
    const RunData a = collect(base, options);
    QString text = QStringLiteral("# %1\n\n").arg(comparison ? Tr::tr("Profscope regression report") : Tr::tr("Profscope report"));
    if (comparison) {
        const RunData b = collect(*comparison, options);
        const double delta = a.meanStepNs > 0 ? (b.meanStepNs - a.meanStepNs) / a.meanStepNs : 0;
        text += Tr::tr("Mean step time: base %1 ms, comparison %2 ms (%3).").arg(ms(a.meanStepNs), ms(b.meanStepNs), signedPct(delta))
            + QStringLiteral("\n\n| %1 | %2 | %3 | %4 |\n|---|---:|---:|---:|\n")
                  .arg(Tr::tr("Part (mean over ranks)"), Tr::tr("Base (ms)"), Tr::tr("Comparison (ms)"), Tr::tr("Delta (ms)"));
        for (int p = 0; p < PartCount; ++p)
            text += QStringLiteral("| %1 | %2 | %3 | %4 |\n")
                        .arg(partName(p), ms(partMean(a, p)), ms(partMean(b, p)), ms(partMean(b, p) - partMean(a, p)));
        text += QLatin1Char('\n') + runMarkdown(a, Tr::tr("Base run")) + QLatin1Char('\n') + runMarkdown(b, Tr::tr("Comparison run"));
    } else {
        text += runMarkdown(a, Tr::tr("Run"));
    }
    return text;
}

} // namespace profscope
