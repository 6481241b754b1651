// SPDX-License-Identifier: Apache-2.0
#include "timelinerenderer.h"

#include "common/statuscolors.h"
#include "timeformat.h"

#include <QFontMetrics>
#include <QHash>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <set>

namespace profscope {

namespace {

// First position in [from, n) where pred turns false, searching exponentially
// from `from` first: consecutive runs are close to each other.
template <typename Pred> std::size_t gallop(std::size_t from, std::size_t n, Pred pred)
{
    std::size_t step = 1;
    std::size_t lo = from;
    std::size_t hi = from;
    while (hi < n && pred(hi)) {
        lo = hi + 1;
        hi = std::min(n, hi + step);
        step *= 2;
    }
    // pred(lo-1) true (or lo == from), answer in [lo, hi]
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (pred(mid))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

float clampPx(double x, int width)
{
    return float(std::clamp(x, -4.0, double(width) + 4.0));
}

QColor blend(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
        float(a.blueF() * (1 - t) + b.blueF() * t));
}

} // namespace

TimelineRenderer::TimelineRenderer(const TimelineModel& model, const TimelineColors& colors)
    : m_model(model)
    , m_colors(colors)
{
    setFont(QFont());
    m_summaryBuilder.finished = [this](std::vector<SummaryTrack>& tracks, const std::vector<int>& lanes) {
        for (std::size_t i = 0; i < tracks.size(); ++i)
            m_summaryTracks[lanes[i]] = std::move(tracks[i]);
        if (m_summaryReady)
            m_summaryReady();
    };
    QObject::connect(&m_indexWatcher, &QFutureWatcherBase::finished, &m_indexWatcher, [this] { indexesBuilt(); });
}

void TimelineRenderer::setFont(const QFont& font)
{
    m_font = font;
    m_boldFont = font;
    m_boldFont.setBold(true);
    m_charWidth = std::max(4, QFontMetrics(m_font).averageCharWidth());
}

void TimelineRenderer::invalidate()
{
    // A running summary job reads the colour tables cleared below.
    m_summaryBuilder.cancelAndWait();
    m_summaryRequests.clear();
    m_geometry.clear();
    m_summaryTracks.clear();
    m_nameColors.clear();
    m_laneClass.clear();
    m_nameClasses.clear();
    m_nameRules.clear();
    m_rulesGeneration = m_colors.rules().generation();
}

// ---------------------------------------------------------------------------
// Geometry

TimelineRenderer::LaneGeometry& TimelineRenderer::geometry(int lane, const TimelineViewport& vp)
{
    if (m_geometry.size() != m_model.lanes().size())
        m_geometry.assign(m_model.lanes().size(), {});
    LaneGeometry& g = m_geometry[std::size_t(lane)];
    if (g.width == vp.trackWidth() && g.startNs == vp.startNs && g.nsPerPx == vp.nsPerPx) {
        ++m_stats.geometryCached;
        return g;
    }
    g.blocks.clear();
    g.points.clear();
    g.startNs = vp.startNs;
    g.nsPerPx = vp.nsPerPx;
    g.width = vp.trackWidth();
    const LaneKind kind = m_model.lane(lane).kind;
    if (kind == LaneKind::Thread)
        buildThread(lane, vp, g);
    else if (kind == LaneKind::Counter)
        buildCounter(lane, vp, g);
    ++m_stats.geometryBuilt;
    return g;
}

const std::vector<TimelineBlock>& TimelineRenderer::blocks(int lane, const TimelineViewport& vp)
{
    return geometry(lane, vp).blocks;
}

void TimelineRenderer::buildThread(int lane, const TimelineViewport& vp, LaneGeometry& g) const
{
    const TimelineLane& l = m_model.lane(lane);
    const SliceColumns& s = m_model.threadTrack(lane).slices;
    const ThreadIndex& index = m_model.threadIndex(lane);
    const TimeNs off = m_model.toView(l.rank, 0); // view = ts + off
    const double t0 = vp.startNs;
    const double inv = 1.0 / vp.nsPerPx;
    const int width = vp.trackWidth();
    const TimeNs loTs = TimeNs(std::floor(t0)) - off;
    const TimeNs hiTs = TimeNs(std::ceil(vp.endNs())) - off;
    auto px = [&](TimeNs ts) { return (double(ts + off) - t0) * inv; };
    const TimeNs* start = s.startNs.data();
    const TimeNs* dur = s.durNs.data();

    const std::size_t shownDepths = std::min(index.byDepth.size(), std::size_t(m_model.shownDepthRows(lane)));
    for (std::size_t d = 0; d < shownDepths; ++d) {
        const std::vector<std::uint32_t>& v = index.byDepth[d];
        const std::size_t n = v.size();
        // Within one depth ends are sorted: the first visible slice is the
        // first that ends after the left edge.
        std::size_t k = std::size_t(std::partition_point(v.begin(), v.end(), [&](std::uint32_t i) {
            return start[i] + dur[i] <= loTs;
        }) - v.begin());
        while (k < n && start[v[k]] < hiTs) {
            const std::uint32_t i = v[k];
            const double x0 = px(start[i]);
            double x1 = px(start[i] + dur[i]);
            if (x1 - x0 >= 1.0) {
                g.blocks.push_back({ clampPx(x0, width), clampPx(x1, width), i, 1, std::uint16_t(d) });
                ++k;
                continue;
            }
            // A run of slices narrower than a pixel: everything starting in
            // the pixel column where the run ends joins it; the run goes on
            // while the next slice is narrow and less than a pixel away.
            const std::size_t runStart = k;
            double rx1 = x1;
            for (;;) {
                const double boundaryPx = std::floor(rx1) + 1.0;
                const TimeNs boundaryTs = TimeNs(std::ceil(t0 + boundaryPx * vp.nsPerPx)) - off;
                std::size_t k2 = gallop(k + 1, n, [&](std::size_t q) { return start[v[q]] < boundaryTs; });
                // A wide slice starting in this column is drawn on its own.
                if (k2 - 1 > k) {
                    const std::uint32_t last = v[k2 - 1];
                    if (px(start[last] + dur[last]) - px(start[last]) >= 1.0)
                        --k2;
                }
                const std::uint32_t last = v[k2 - 1];
                rx1 = std::max(rx1, px(start[last] + dur[last]));
                k = k2;
                if (k >= n || start[v[k]] >= hiTs)
                    break;
                // Runs stay a few pixels long so that their shading shows
                // where the lane is busy, not one average over the screen.
                if (m_maxRunPx > 0 && rx1 - x0 >= m_maxRunPx)
                    break;
                const std::uint32_t next = v[k];
                const double nx0 = px(start[next]);
                const double nx1 = px(start[next] + dur[next]);
                if (nx1 - nx0 >= 1.0 || nx0 - rx1 >= 1.0)
                    break;
            }
            const std::vector<TimeNs>& busy = index.busyBefore[d];
            const double busyPx = double(busy[k] - busy[runStart]) * inv;
            const float coverage =
                rx1 > x0 ? float(std::clamp(busyPx / (rx1 - x0), 0.0, 1.0)) : 1.0f;
            g.blocks.push_back({ clampPx(x0, width), clampPx(rx1, width), i, std::uint32_t(k - runStart),
                std::uint16_t(d), coverage });
        }
    }
}

void TimelineRenderer::buildCounter(int lane, const TimelineViewport& vp, LaneGeometry& g) const
{
    const TimelineLane& l = m_model.lane(lane);
    const CounterSeries& cs = m_model.counterSeries(lane);
    const TimeNs off = m_model.toView(l.rank, 0);
    const double t0 = vp.startNs;
    const double inv = 1.0 / vp.nsPerPx;
    const int width = vp.trackWidth();
    const std::size_t n = cs.tsNs.size();
    if (n == 0)
        return;
    const TimeNs loTs = TimeNs(std::floor(t0)) - off;
    const TimeNs hiTs = TimeNs(std::ceil(vp.endNs())) - off;
    // The value holding at the left edge is the last point at or before it.
    std::size_t k = std::size_t(std::upper_bound(cs.tsNs.begin(), cs.tsNs.end(), loTs) - cs.tsNs.begin());
    if (k > 0)
        --k;
    // Per pixel column the maximum: peaks stay visible at any zoom.
    int column = INT_MIN;
    for (; k < n; ++k) {
        // Clamped before the column is taken: the point holding at the left
        // edge can lie any distance before it (an int cast of that is undefined).
        const float x = clampPx((double(cs.tsNs[k] + off) - t0) * inv, width);
        const int c = int(std::floor(x));
        const double v = cs.value[k];
        if (c == column && !g.points.empty()) {
            g.points.back().setY(std::max(g.points.back().y(), v));
        } else {
            g.points.emplace_back(double(x), v);
            column = c;
        }
        if (cs.tsNs[k] >= hiTs)
            break;
    }
}

// ---------------------------------------------------------------------------
// Rows

int TimelineRenderer::rowTop(const TimelineRow& row, const TimelineViewport& vp) const
{
    if (row.pinned)
        return vp.rulerHeight + row.y;
    return vp.rulerHeight + m_model.pinnedHeight() + row.y - vp.scrollY;
}

const TimelineRow* TimelineRenderer::rowAt(int y, const TimelineViewport& vp) const
{
    if (y < vp.rulerHeight)
        return nullptr;
    auto find = [&](const std::vector<TimelineRow>& rows, int yy) -> const TimelineRow* {
        auto it =
            std::partition_point(rows.begin(), rows.end(), [yy](const TimelineRow& r) { return r.y + r.height <= yy; });
        if (it != rows.end() && it->y <= yy)
            return &*it;
        return nullptr;
    };
    const int pinnedY = y - vp.rulerHeight;
    if (pinnedY < m_model.pinnedHeight())
        return find(m_model.pinnedRows(), pinnedY);
    return find(m_model.scrollRows(), pinnedY - m_model.pinnedHeight() + vp.scrollY);
}

SliceRef TimelineRenderer::hitTest(QPointF pos, const TimelineViewport& vp, TimelineBlock* block)
{
    if (pos.x() < vp.headerWidth)
        return {};
    const TimelineRow* row = rowAt(int(pos.y()), vp);
    if (!row || row->summary || m_model.lane(row->lane).kind != LaneKind::Thread)
        return {};
    const int rowH = m_model.metrics().rowHeight;
    const int depth = int(pos.y() - rowTop(*row, vp) - 1) / rowH;
    if (depth < 0)
        return {};
    const double x = pos.x() - vp.headerWidth;
    const auto& bl = blocks(row->lane, vp);
    const TimelineBlock* best = nullptr;
    double bestDist = 2.5; // px of tolerance around thin blocks
    for (const TimelineBlock& b : bl) {
        if (b.depth != depth)
            continue;
        const double dist = x < b.x0 ? b.x0 - x : x > b.x1 ? x - b.x1 : 0.0;
        if (dist < bestDist || (dist == 0 && bestDist == 0 && b.x1 - b.x0 < best->x1 - best->x0)) {
            bestDist = dist;
            best = &b;
        }
    }
    if (!best)
        return {};
    if (block)
        *block = *best;
    if (best->count == 1)
        return { row->lane, best->first };
    // A merged run: the slice of the run nearest to the pointer.
    const TimelineLane& l = m_model.lane(row->lane);
    const SliceColumns& s = m_model.threadTrack(row->lane).slices;
    const auto& v = m_model.threadIndex(row->lane).byDepth[std::size_t(depth)];
    const TimeNs t = m_model.fromView(l.rank, TimeNs(std::llround(vp.nsAt(pos.x()))));
    auto first = std::lower_bound(v.begin(), v.end(), best->first);
    const auto runEnd = first + best->count;
    auto it = std::partition_point(first, runEnd, [&](std::uint32_t i) { return s.startNs[i] + s.durNs[i] <= t; });
    if (it == runEnd)
        --it;
    if (it != first && s.startNs[*it] > t) {
        const auto prev = it - 1;
        if (t - (s.startNs[*prev] + s.durNs[*prev]) < s.startNs[*it] - t)
            it = prev;
    }
    return { row->lane, *it };
}

QRectF TimelineRenderer::sliceRect(const SliceRef& sr, const TimelineViewport& vp) const
{
    const TimelineRow* row = m_model.rowOf(sr.lane);
    if (!sr.isValid() || !row || row->summary)
        return {};
    const TimelineLane& l = m_model.lane(sr.lane);
    const SliceColumns& s = m_model.threadTrack(sr.lane).slices;
    const double x0 = vp.xOf(double(m_model.toView(l.rank, s.startNs[sr.slice])));
    const double x1 = vp.xOf(double(m_model.toView(l.rank, s.endNs(sr.slice))));
    const int rowH = m_model.metrics().rowHeight;
    if (s.depth[sr.slice] >= m_model.shownDepthRows(sr.lane))
        return {}; // below the levels shown
    return QRectF(x0, rowTop(*row, vp) + 1 + s.depth[sr.slice] * rowH, std::max(1.0, x1 - x0), rowH - 1);
}

bool TimelineRenderer::flowPoint(int rank, std::uint32_t process, std::uint32_t thread, std::int32_t slice, TimeNs tsNs,
    bool isStart, const TimelineViewport& vp, QPointF* point) const
{
    const int lane = m_model.threadLane(rank, int(process), int(thread));
    const int shown = m_model.visibleLaneFor(lane);
    const TimelineRow* row = shown >= 0 ? m_model.rowOf(shown) : nullptr;
    if (!row)
        return false;
    TimeNs t = tsNs;
    int depth = 0;
    if (slice >= 0) {
        const SliceColumns& s = m_model.threadTrack(lane).slices;
        // Arrows leave where the profiler put the flow's start (a launch
        // starts with its host op: torch_npu and MindSpore write the launch
        // op's start as the HostToDevice `s` time) and reach the start of their target.
        t = isStart ? tsNs : s.startNs[std::size_t(slice)];
        // A slice below the levels shown: the arrow ends on the last level shown.
        depth = std::min<int>(s.depth[std::size_t(slice)], m_model.shownDepthRows(lane) - 1);
    }
    const double x = vp.xOf(double(m_model.toView(rank, t)));
    const int top = rowTop(*row, vp);
    const double y = shown == lane ? top + 1 + depth * m_model.metrics().rowHeight + m_model.metrics().rowHeight / 2.0
                                   : top + row->height / 2.0;
    *point = QPointF(x, y);
    return true;
}

// ---------------------------------------------------------------------------
// Painting

void TimelineRenderer::paint(QPainter& p, const TimelineViewport& vp, const TimelineRenderState& state)
{
    // Colour rules changed since the tables were filled: refill them.
    if (m_rulesGeneration != m_colors.rules().generation())
        invalidate();
    m_stats = {};
    p.save();
    p.setFont(m_font);
    p.setRenderHint(QPainter::Antialiasing, false);
    const QColor base = m_palette.color(QPalette::Base);
    p.fillRect(QRect(0, 0, vp.width, vp.height), base);
    if (m_model.isEmpty()) {
        paintEmpty(p, vp);
        p.restore();
        return;
    }
    const int pinnedBottom = vp.rulerHeight + m_model.pinnedHeight();
    paintGrid(p, vp, vp.rulerHeight, vp.height);
    paintRows(p, m_model.scrollRows(), vp, state, pinnedBottom, vp.height);
    if (m_model.pinnedHeight() > 0) {
        p.fillRect(QRect(0, vp.rulerHeight, vp.width, m_model.pinnedHeight()), base);
        paintGrid(p, vp, vp.rulerHeight, pinnedBottom);
        paintRows(p, m_model.pinnedRows(), vp, state, vp.rulerHeight, pinnedBottom);
        p.setPen(QPen(m_palette.color(QPalette::Mid), 2));
        p.drawLine(0, pinnedBottom, vp.width, pinnedBottom);
    }

    // Selected slice outline, clipped to the band of its row.
    if (state.selected.isValid()) {
        const QRectF r = sliceRect(state.selected, vp);
        if (!r.isEmpty()) {
            const bool pinned = m_model.rowOf(state.selected.lane)->pinned;
            const int top = pinned ? vp.rulerHeight : pinnedBottom;
            const int bottom = pinned ? pinnedBottom : vp.height;
            p.save();
            p.setClipRect(QRect(vp.headerWidth, top, vp.trackWidth(), bottom - top));
            p.setPen(QPen(isDarkPalette(m_palette) ? Qt::white : Qt::black, 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(-1, -1, 1, 1));
            p.restore();
        }
    }
    paintFlows(p, vp, state);

    // Selected range: shade outside, lines at the edges.
    if (state.rangeEndNs > state.rangeStartNs) {
        const double x0 = std::max<double>(vp.headerWidth, vp.xOf(state.rangeStartNs));
        const double x1 = std::min<double>(vp.width, vp.xOf(state.rangeEndNs));
        QColor shade = m_palette.color(QPalette::Text);
        shade.setAlpha(28);
        const QRectF track(vp.headerWidth, vp.rulerHeight, vp.trackWidth(), vp.height - vp.rulerHeight);
        if (x0 > vp.headerWidth)
            p.fillRect(
                QRectF(vp.headerWidth, track.top(), std::min(x0, double(vp.width)) - vp.headerWidth, track.height()),
                shade);
        if (x1 < vp.width)
            p.fillRect(QRectF(std::max(x1, double(vp.headerWidth)), track.top(),
                           vp.width - std::max(x1, double(vp.headerWidth)), track.height()),
                shade);
        p.setPen(QPen(m_palette.color(QPalette::Highlight), 1));
        for (double x : { vp.xOf(state.rangeStartNs), vp.xOf(state.rangeEndNs) })
            if (x >= vp.headerWidth && x <= vp.width)
                p.drawLine(QPointF(x, vp.rulerHeight), QPointF(x, vp.height));
    }
    paintRuler(p, vp, state);
    // Header column border.
    p.fillRect(QRect(vp.headerWidth - 1, 0, 1, vp.height), m_palette.color(QPalette::Mid));
    p.restore();
    // The summary rows this frame could not draw yet: built off the GUI thread.
    if (!m_summaryRequests.empty()) {
        std::vector<SummaryBuilder::Request> requests;
        requests.swap(m_summaryRequests);
        m_summaryBuilder.start(std::move(requests), { m_model.profile(), m_model.comparison().profile });
    }
    if (!m_indexRequests.empty() && !m_indexJobActive)
        launchIndexJob();
}

void TimelineRenderer::paintEmpty(QPainter& p, const TimelineViewport& vp)
{
    p.setPen(mutedTextColor(m_palette));
    QFont f = m_font;
    f.setPointSizeF(f.pointSizeF() * 1.2);
    p.setFont(f);
    const QString text = m_model.profile()
        ? tr("The ranks shown have no trace events (trace_view.json or timeline files).\n"
             "Choose other ranks, or load the profiler output with its ASCEND_PROFILER_OUTPUT folder.")
        : tr("No profile loaded.\nOpen a profiler output folder to see its timeline.");
    p.drawText(QRect(0, 0, vp.width, vp.height), Qt::AlignCenter | Qt::TextWordWrap, text);
}

void TimelineRenderer::paintGrid(QPainter& p, const TimelineViewport& vp, int top, int bottom)
{
    const TimeNs step = niceTickStepNs(vp.nsPerPx * 100.0);
    // Opaque and axis-aligned: a translucent full-height line would be
    // blended span by span (and handed to Qt's fill threads) every frame.
    const QColor grid =
        blend(m_palette.color(QPalette::Base), m_palette.color(QPalette::Text), isDarkPalette(m_palette) ? 0.12 : 0.08);
    const TimeNs first = TimeNs(std::floor(vp.startNs / double(step))) * step;
    // Bounded, and no step past the end of TimeNs (hostile timestamps).
    for (TimeNs t = first, i = 0; double(t) <= vp.endNs() && i < 4 * vp.width + 8; t += step, ++i) {
        const int x = int(std::round(vp.xOf(double(t))));
        if (x >= vp.headerWidth)
            p.fillRect(QRect(x, top, 1, bottom - top), grid);
        if (t > std::numeric_limits<TimeNs>::max() - step)
            break;
    }
}

void TimelineRenderer::paintThread(
    QPainter& p, int lane, const QRect& r, const TimelineViewport& vp, int rowHeight, bool labels)
{
    if (paintPendingThread(p, lane, r))
        return;
    const auto& bl = blocks(lane, vp);
    const TimelineLane& l = m_model.lane(lane);
    const TraceData* trace = m_model.trace(l.rank);
    const SliceColumns& s = m_model.threadTrack(lane).slices;
    laneClass(lane);
    const std::int8_t fixedClass = m_laneClass[std::size_t(lane)];
    const std::vector<QRgb>* fixedColors = fixedClass >= 0 ? &nameColors(l.rank, SliceClass(fixedClass)) : nullptr;
    const std::vector<std::uint8_t>& classes = nameClasses(l.rank);
    std::array<const std::vector<QRgb>*, kSliceClassCount> colorsByClass {};
    for (int c = 0; c < kSliceClassCount; ++c)
        colorsByClass[std::size_t(c)] = &nameColors(l.rank, SliceClass(c));
    const int left = r.left();
    const int clipTop = p.clipBoundingRect().isValid() ? int(p.clipBoundingRect().top()) : 0;
    const int clipBottom = p.clipBoundingRect().isValid() ? int(p.clipBoundingRect().bottom()) : vp.height;
    const int textPad = 3;
    const int minLabelPx = m_charWidth * 3 + 2 * textPad;
    const QRgb baseRgb = m_palette.color(QPalette::Base).rgb();
    // Merged runs are drawn lighter so that they read as "many", and the
    // more so the less of their width the slices cover: from 3/4 of the
    // colour (fully busy) down to 1/5 (nearly idle), over the lane background.
    auto lighter = [baseRgb](QRgb c, float coverage) {
        // In eighths: neighbouring runs of about the same density get the
        // same colour and are filled as one rectangle.
        const float eighths = std::round(std::clamp(coverage, 0.0f, 1.0f) * 8.0f) / 8.0f;
        const int w = 51 + int(std::lround(140.0f * eighths)); // of 255
        auto mix = [w](int a, int b) { return (a * w + b * (255 - w)) / 255; };
        return qRgb(mix(qRed(c), qRed(baseRgb)), mix(qGreen(c), qGreen(baseRgb)), mix(qBlue(c), qBlue(baseRgb)));
    };
    // Fills first, labels after: text state changes only once per lane.
    m_fills.clear();
    m_labels.clear();
    for (const TimelineBlock& b : bl) {
        const int y = r.top() + 1 + b.depth * rowHeight;
        if (y > clipBottom || y + rowHeight < clipTop)
            continue;
        const StringId name = s.name[b.first];
        QRgb c;
        if (fixedColors)
            c = name.value < fixedColors->size() ? (*fixedColors)[name.value] : 0xff808080;
        else if (name.value < classes.size())
            c = (*colorsByClass[std::size_t(
                classOf(classes, name, b.first < s.taskType.size() ? s.taskType[b.first] : StringId {}))])[name.value];
        else
            c = 0xff808080;
        const int x0 = left + int(std::floor(b.x0));
        const int x1 = left + std::max(int(std::ceil(b.x1)), int(std::floor(b.x0)) + 1);
        const QRect rect(x0, y, x1 - x0, rowHeight - 1);
        const QRgb fill = b.count > 1 ? lighter(c, b.coverage) : c;
        // Touching merged runs of one colour: one wider rectangle.
        if (b.count > 1 && !m_fills.empty() && m_fills.back().merged && m_fills.back().color == fill
            && m_fills.back().rect.top() == rect.top() && m_fills.back().rect.right() + 1 >= rect.left())
            m_fills.back().rect.setRight(std::max(m_fills.back().rect.right(), rect.right()));
        else
            m_fills.push_back({ fill, rect, b.count > 1 });
        ++m_stats.blocks;
        m_stats.slicesInBlocks += b.count;
        if (labels && b.count == 1) {
            // Only the visible part of the slice counts for its label.
            const int vx0 = std::max(x0, left);
            const int vx1 = std::min(x1, left + vp.trackWidth());
            if (vx1 - vx0 >= minLabelPx)
                m_labels.push_back({ c, QRect(vx0 + textPad, y, vx1 - vx0 - 2 * textPad, rowHeight - 1), name });
        }
    }
    QRgb lastColor = 0;
    QColor lastQColor;
    for (const Fill& f : m_fills) {
        if (f.color != lastColor || !lastQColor.isValid()) {
            lastColor = f.color;
            lastQColor = QColor::fromRgb(f.color);
        }
        p.fillRect(f.rect, lastQColor);
    }
    paintInstants(p, lane, r, vp, rowHeight);
    const QFontMetrics fm(m_font);
    for (const Label& l : m_labels) {
        const QString text = fm.elidedText(trace->strings.string(l.name), Qt::ElideRight, l.rect.width());
        if (text.size() > 1) {
            p.setPen(TimelineColors::textColorOn(l.fill));
            p.drawText(l.rect, Qt::AlignVCenter | Qt::AlignLeft, text);
            ++m_stats.labels;
        }
    }
}

void TimelineRenderer::paintInstants(QPainter& p, int lane, const QRect& r, const TimelineViewport& vp, int rowHeight)
{
    // Instant events (ph i): a small diamond on the first row, at most one per pixel column.
    const InstantColumns& in = m_model.threadTrack(lane).instants;
    if (in.size() == 0)
        return;
    const TimeNs off = m_model.toView(m_model.lane(lane).rank, 0);
    const TimeNs loTs = TimeNs(std::floor(vp.startNs)) - off;
    const TimeNs hiTs = TimeNs(std::ceil(vp.endNs())) - off;
    auto it = std::lower_bound(in.tsNs.begin(), in.tsNs.end(), loTs);
    const QColor color = m_palette.color(QPalette::Text);
    const double cy = r.top() + 1 + rowHeight / 2.0;
    const double h = std::min(5.0, rowHeight / 3.0);
    int lastColumn = INT_MIN;
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    for (; it != in.tsNs.end() && *it <= hiTs; ++it) {
        const double x = vp.xOf(double(*it + off));
        if (int(x) == lastColumn)
            continue;
        lastColumn = int(x);
        p.drawPolygon(
            QPolygonF() << QPointF(x, cy - h) << QPointF(x + h, cy) << QPointF(x, cy + h) << QPointF(x - h, cy));
    }
    p.restore();
}

void TimelineRenderer::paintCounter(QPainter& p, int lane, const QRect& r, const TimelineViewport& vp)
{
    const LaneGeometry& g = geometry(lane, vp);
    if (g.points.empty())
        return;
    const auto [lo, hi] = m_model.counterRange(lane);
    const double span = hi > lo ? hi - lo : 1.0;
    const int bottom = r.bottom();
    auto yOf = [&, low = lo](double v) { return int(std::lround(bottom - (v - low) / span * (r.height() - 2))); };
    // A step chart from opaque axis-aligned rectangles: one bar per step
    // (or per pixel column when zoomed out) and a darker 1 px edge on top.
    // Exact at pixel level and much cheaper than a translucent polygon.
    const QColor edge = m_colors.baseColor(SliceClass::Counter);
    const QColor fill = blend(edge, m_palette.color(QPalette::Base), 0.55);
    const int left = r.left();
    const int right = r.left() + vp.trackWidth();
    int prevTop = -1;
    for (std::size_t i = 0; i < g.points.size(); ++i) {
        const int x0 = std::max(left, left + int(std::floor(g.points[i].x())));
        const int x1 = i + 1 < g.points.size() ? left + int(std::floor(g.points[i + 1].x())) : right;
        const int w = std::max(1, std::min(x1, right) - x0);
        if (x0 >= right)
            break;
        const int top = std::min(yOf(g.points[i].y()), bottom);
        if (top < bottom)
            p.fillRect(QRect(x0, top, w, bottom - top), fill);
        p.fillRect(QRect(x0, top, w, 1), edge);
        if (prevTop >= 0 && prevTop != top)
            p.fillRect(QRect(x0, std::min(prevTop, top), 1, std::abs(prevTop - top) + 1), edge);
        prevTop = top;
    }
    // Peak of the series, top right, for scale.
    p.setPen(mutedTextColor(m_palette));
    p.drawText(r.adjusted(4, 0, -4, 0), Qt::AlignTop | Qt::AlignRight,
        formatCounterValue(hi, m_model.lane(lane).subtitle));
    ++m_stats.blocks;
}

void TimelineRenderer::paintArrow(QPainter& p, QPointF from, QPointF to, const QColor& color, qreal width, bool head)
{
    p.setPen(QPen(color, width));
    p.drawLine(from, to);
    if (!head)
        return;
    const QPointF d = to - from;
    const double len = std::hypot(d.x(), d.y());
    if (len < 1)
        return;
    const QPointF u = d / len;
    const QPointF n(-u.y(), u.x());
    const double headPx = 7;
    QPolygonF tri;
    tri << to << to - u * headPx + n * headPx * 0.45 << to - u * headPx - n * headPx * 0.45;
    p.setBrush(color);
    p.setPen(Qt::NoPen);
    p.drawPolygon(tri);
    p.setBrush(Qt::NoBrush);
}

void TimelineRenderer::paintFlows(QPainter& p, const TimelineViewport& vp, const TimelineRenderState& state)
{
    const bool anyCategory = !state.flowCategories.isEmpty();
    const bool selection = state.selectionFlows && state.selected.isValid();
    if (!anyCategory && !selection)
        return;
    p.save();
    p.setClipRect(QRect(vp.headerWidth, vp.rulerHeight, vp.trackWidth(), vp.height - vp.rulerHeight));
    p.setRenderHint(QPainter::Antialiasing, true);
    const SliceRef sel = state.selected;
    const TimelineLane* selLane = sel.isValid() ? &m_model.lane(sel.lane) : nullptr;
    const double t0 = vp.startNs;
    const double t1 = vp.endNs();
    // Zoomed out, hundreds of launches share their end pixels: an arrow is drawn once per
    // pixel pair and colour, and a dense set is drawn translucent, so that the lanes under
    // it stay readable (a solid wall of arrows otherwise). The selection's own arrows are
    // always drawn, opaque and on top.
    struct Arrow
    {
        QPointF from, to;
        QColor color;
        bool selected = false;
    };
    std::vector<Arrow> arrows;
    std::set<std::array<int, 5>> drawnKeys;
    for (int rank : m_model.allRanks()) {
        const TraceData* trace = m_model.trace(rank);
        const FlowColumns& f = trace->flows;
        if (f.size() == 0)
            continue;
        // Category ids of this rank's pool that are switched on.
        std::vector<StringId> enabled;
        for (const QString& c : state.flowCategories) {
            const QByteArray u = c.toUtf8();
            const StringId id = trace->strings.find(std::string_view(u.constData(), std::size_t(u.size())));
            if (id.isValid() || c.isEmpty())
                enabled.push_back(id);
        }
        const TimeNs off = m_model.toView(rank, 0);
        const bool selHere = selLane && selLane->rank == rank;
        struct Category
        {
            QString name;
            QColor color;
            int count = 0;
        };
        QHash<std::uint32_t, Category> categories;
        for (std::size_t i = 0; i < f.size(); ++i) {
            const bool isSel = selHere
                && ((f.fromProcess[i] == std::uint32_t(selLane->process)
                        && f.fromThread[i] == std::uint32_t(selLane->thread)
                        && f.fromSlice[i] == std::int32_t(sel.slice))
                    || (f.toProcess[i] == std::uint32_t(selLane->process)
                        && f.toThread[i] == std::uint32_t(selLane->thread) && f.toSlice[i] == std::int32_t(sel.slice)));
            const bool on = std::find(enabled.begin(), enabled.end(), f.category[i]) != enabled.end();
            if (!on && !(selection && isSel))
                continue;
            const double a = double(std::min(f.fromNs[i], f.toNs[i]) + off);
            const double b = double(std::max(f.fromNs[i], f.toNs[i]) + off);
            if (b < t0 || a > t1)
                continue;
            QPointF from, to;
            if (!flowPoint(rank, f.fromProcess[i], f.fromThread[i], f.fromSlice[i], f.fromNs[i], true, vp, &from)
                || !flowPoint(rank, f.toProcess[i], f.toThread[i], f.toSlice[i], f.toNs[i], false, vp, &to))
                continue;
            // Name and colour once per category, not once per arrow.
            auto cached = categories.find(f.category[i].value);
            if (cached == categories.end()) {
                const QString cat = trace->strings.string(f.category[i]);
                cached = categories.insert(f.category[i].value, { cat, m_colors.flowColor(cat), 0 });
            }
            ++cached->count;
            if (!isSel
                && !drawnKeys
                        .insert({ int(std::lround(from.x())), int(std::lround(from.y())), int(std::lround(to.x())),
                            int(std::lround(to.y())), int(cached->color.rgba()) })
                        .second)
                continue; // the same pixels as an arrow already there
            arrows.push_back({ from, to, cached->color, isSel });
        }
        for (const Category& c : std::as_const(categories))
            m_stats.arrowsByCategory[c.name] += c.count;
    }
    // Dense: more than one arrow per 10 px of track on average; then thin, light and
    // without heads (a haze that shows where launches go, not a wall over the lanes).
    const bool dense = int(arrows.size()) > std::max(40, vp.trackWidth() / 10);
    for (int pass = 0; pass < 2; ++pass) {
        for (const Arrow& a : arrows) {
            if (a.selected != (pass == 1))
                continue;
            QColor color = a.color;
            if (!a.selected && (selection || dense))
                color.setAlpha(dense ? 70 : 150);
            paintArrow(p, a.from, a.to, color, a.selected ? 2.2 : dense ? 0.8 : 1.3, a.selected || !dense);
        }
    }
    m_stats.arrowsDrawn = int(arrows.size());
    m_stats.arrowsLight = dense;
    p.restore();
}

void TimelineRenderer::paintRuler(QPainter& p, const TimelineViewport& vp, const TimelineRenderState& state)
{
    const QRect ruler(0, 0, vp.width, vp.rulerHeight);
    p.fillRect(ruler, m_palette.color(QPalette::Window));
    p.setPen(m_palette.color(QPalette::Mid));
    p.drawLine(0, vp.rulerHeight - 1, vp.width, vp.rulerHeight - 1);
    const QFontMetrics fm(m_font);
    // Label spacing from the widest label we may print.
    const double minLabelPx = fm.horizontalAdvance(QStringLiteral("0000.000000 ms")) + 16;
    const TimeNs step = niceTickStepNs(vp.nsPerPx * minLabelPx);
    const TimeNs minor = std::max<TimeNs>(1, step / (step % 5 == 0 && (step / 5) * 5 == step ? 5 : 2));
    p.setPen(m_palette.color(QPalette::WindowText));
    const TimeNs first = TimeNs(std::floor(vp.startNs / double(minor))) * minor;
    for (TimeNs t = first, i = 0; double(t) <= vp.endNs() && i < 4 * vp.width + 8
         && t <= std::numeric_limits<TimeNs>::max() - minor;
         t += minor, ++i) {
        const double x = std::round(vp.xOf(double(t))) + 0.5;
        if (x < vp.headerWidth)
            continue;
        const bool major = t % step == 0;
        p.drawLine(QPointF(x, vp.rulerHeight - (major ? 9 : 4)), QPointF(x, vp.rulerHeight - 1));
        if (major) {
            // A label that would be cut at the right edge is left out.
            const QString label = formatTickNs(t, step);
            if (x + 3 + fm.horizontalAdvance(label) <= vp.width)
                p.drawText(QRectF(x + 3, 2, minLabelPx, vp.rulerHeight - 10), Qt::AlignLeft | Qt::AlignVCenter, label);
        }
    }
    // Header cell of the ruler: the visible span.
    const QRect cell(0, 0, vp.headerWidth - 1, vp.rulerHeight - 1);
    p.fillRect(cell, m_palette.color(QPalette::Window));
    p.setPen(mutedTextColor(m_palette));
    p.drawText(cell.adjusted(8, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft,
        tr("Span %1").arg(formatDurationNs(vp.endNs() - vp.startNs)));
    if (state.rangeEndNs > state.rangeStartNs) {
        const double x0 = vp.xOf(state.rangeStartNs);
        const double x1 = vp.xOf(state.rangeEndNs);
        const QString label = formatDurationNs(state.rangeEndNs - state.rangeStartNs);
        const int w = fm.horizontalAdvance(label) + 10;
        const double cx = std::clamp((x0 + x1) / 2, double(vp.headerWidth) + w / 2.0, double(vp.width) - w / 2.0);
        QRectF box(cx - w / 2.0, 3, w, vp.rulerHeight - 8);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(Qt::NoPen);
        p.setBrush(m_palette.color(QPalette::Highlight));
        p.drawRoundedRect(box, 3, 3);
        p.setPen(m_palette.color(QPalette::HighlightedText));
        p.drawText(box, Qt::AlignCenter, label);
        p.setRenderHint(QPainter::Antialiasing, false);
    }
}

} // namespace profscope
