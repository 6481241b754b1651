// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "timelinecolors.h"
#include "summarybuilder.h"
#include "summarytrack.h"
#include "timelinemodel.h"

#include <QCoreApplication>
#include <QFont>
#include <QFutureWatcher>
#include <QPalette>
#include <QPointF>
#include <QRect>
#include <QSet>
#include <QString>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

class QPainter;

namespace profscope {

// What part of the time axis is on screen and where. Times are view
// coordinates: ns relative to TimelineModel::originNs(), as double so that
// sub-ns zoom steps stay smooth.
struct TimelineViewport
{
    double startNs = 0;
    double nsPerPx = 1;
    int width = 0; // the whole widget
    int height = 0;
    int headerWidth = 220;
    int rulerHeight = 30;
    int scrollY = 0;

    int trackWidth() const
    {
        return std::max(1, width - headerWidth);
    }
    double endNs() const
    {
        return startNs + nsPerPx * trackWidth();
    }
    double xOf(double ns) const
    {
        return headerWidth + (ns - startNs) / nsPerPx;
    }
    double nsAt(double x) const
    {
        return startNs + (x - headerWidth) * nsPerPx;
    }
    friend bool operator==(const TimelineViewport&, const TimelineViewport&) = default;
};

// One slice of one thread lane.
struct SliceRef
{
    int lane = -1;
    std::uint32_t slice = 0;

    bool isValid() const
    {
        return lane >= 0;
    }
    friend bool operator==(const SliceRef&, const SliceRef&) = default;
};

// A drawn block: one slice, or a run of slices narrower than a pixel merged
// into one (count > 1). x in track pixels (0 = left edge of the track area).
struct TimelineBlock
{
    float x0 = 0;
    float x1 = 0;
    std::uint32_t first = 0; // slice index (SliceColumns) of the first slice of the run
    std::uint32_t count = 1;
    std::uint16_t depth = 0;
    // Share of the run's width its slices cover (1 for a single slice): at
    // full zoom-out a lane busy 10% of the time must not look like a solid bar.
    float coverage = 1.0f;
};

struct TimelineRenderState
{
    SliceRef selected;
    SliceRef hovered;
    double rangeStartNs = 0; // selected range in view coordinates; empty when start >= end
    double rangeEndNs = 0;
    QSet<QString> flowCategories; // enabled categories
    bool selectionFlows = true; // all flows of the selected slice, whatever their category
    int dragLane = -1; // a lane header being dragged (drawn lifted)
    int dropBeforeLane = -1;
};

struct TimelineFrameStats
{
    int rows = 0;
    int blocks = 0;
    qint64 slicesInBlocks = 0;
    int labels = 0;
    int geometryBuilt = 0;
    int geometryCached = 0;
    int summariesPending = 0; // summary rows drawn as placeholders (being built)
    int lanesPending = 0; // thread lanes drawn as placeholders (their index being built)
    std::map<QString, int> arrowsByCategory; // flows in view, per category
    int arrowsDrawn = 0; // after merging the arrows that share their end pixels
    bool arrowsLight = false; // dense: drawn thin and translucent, without heads
};

// Paints the timeline (header column, ruler, lanes, flows, selection) for
// a viewport. Per-lane block geometry is cached per (range, width): repaints
// for hover, selection or vertical scrolling reuse it.
class TimelineRenderer
{
    Q_DECLARE_TR_FUNCTIONS(TimelineRenderer)
public:
    TimelineRenderer(const TimelineModel& model, const TimelineColors& colors);

    void setFont(const QFont& font);
    void setPalette(const QPalette& palette)
    {
        m_palette = palette;
    }
    // Forget cached geometry (profile, offsets or lanes changed).
    void invalidate();
    // Longest merged run of sub-pixel slices, in pixels (0: unbounded, one
    // run while the gaps stay under a pixel). Short runs shade the lane by
    // where it is busy; the benchmark compares with unbounded runs.
    void setMaxRunPx(double px)
    {
        m_maxRunPx = px;
        invalidate();
    }
    // Summary rows are built off the GUI thread; `ready` runs (on the GUI
    // thread) when rows that were drawn as placeholders can be drawn.
    void setSummaryReadyCallback(std::function<void()> ready)
    {
        m_summaryReady = std::move(ready);
    }
    SummaryBuilder& summaryBuilder()
    {
        return m_summaryBuilder;
    }
    // Thread lanes' indexes being built off the GUI thread (a profile above
    // the model's eagerIndexSlices(), drawn on screen: the summary builder's
    // isAsync()); the lanes are placeholders until then.
    bool isBuildingIndexes() const
    {
        return m_indexJobActive || !m_indexRequests.empty();
    }

    void paint(QPainter& p, const TimelineViewport& vp, const TimelineRenderState& state);
    const TimelineFrameStats& lastFrameStats() const
    {
        return m_stats;
    }

    // Geometry.
    const std::vector<TimelineBlock>& blocks(int lane, const TimelineViewport& vp);
    // Widget y of a row's top; rows in the scrolling band may be off screen.
    int rowTop(const TimelineRow& row, const TimelineViewport& vp) const;
    // The row under widget y (pinned band first), nullptr when none.
    const TimelineRow* rowAt(int y, const TimelineViewport& vp) const;
    // The slice under a widget point (blocks within 2 px count); `block`
    // receives the drawn block (count > 1: merged run).
    SliceRef hitTest(QPointF pos, const TimelineViewport& vp, TimelineBlock* block = nullptr);
    // Widget rectangle of a slice, empty when its lane is not a row.
    QRectF sliceRect(const SliceRef& s, const TimelineViewport& vp) const;
    // The widget point a flow end attaches to.
    bool flowPoint(int rank, std::uint32_t process, std::uint32_t thread, std::int32_t slice, TimeNs tsNs, bool isStart,
        const TimelineViewport& vp, QPointF* point) const;

    // Slice names are interned per rank: the family and colour of a name.
    SliceClass sliceClass(int lane, std::uint32_t slice) const;
    QRgb sliceFill(int lane, std::uint32_t slice) const;

    static constexpr int kTriangle = 10;

private:
    struct LaneGeometry
    {
        double startNs = 0;
        double nsPerPx = 0;
        int width = -1;
        std::vector<TimelineBlock> blocks;
        std::vector<QPointF> points; // counters: x in track px, y = value
    };
    void buildThread(int lane, const TimelineViewport& vp, LaneGeometry& g) const;
    void buildCounter(int lane, const TimelineViewport& vp, LaneGeometry& g) const;
    LaneGeometry& geometry(int lane, const TimelineViewport& vp);

    void paintRows(QPainter& p, const std::vector<TimelineRow>& rows, const TimelineViewport& vp,
        const TimelineRenderState& state, int bandTop, int bandBottom);
    void paintHeader(
        QPainter& p, const TimelineRow& row, const QRect& rowRect, const TimelineRenderState& state, int bandTop);
    void paintThread(QPainter& p, int lane, const QRect& r, const TimelineViewport& vp, int rowHeight, bool labels);
    void paintCounter(QPainter& p, int lane, const QRect& r, const TimelineViewport& vp);
    void paintInstants(QPainter& p, int lane, const QRect& r, const TimelineViewport& vp, int rowHeight);
    void paintSummary(QPainter& p, int lane, const QRect& r, const TimelineViewport& vp);
    // nullptr while the row is being built (off the GUI thread).
    const SummaryTrack* summaryTrack(int lane);
    void paintRuler(QPainter& p, const TimelineViewport& vp, const TimelineRenderState& state);
    void paintGrid(QPainter& p, const TimelineViewport& vp, int top, int bottom);
    void paintFlows(QPainter& p, const TimelineViewport& vp, const TimelineRenderState& state);
    void paintArrow(QPainter& p, QPointF from, QPointF to, const QColor& color, qreal width, bool head = true);
    void paintEmpty(QPainter& p, const TimelineViewport& vp);
    SliceClass laneClass(int lane) const;
    const std::vector<QRgb>& nameColors(int rank, SliceClass c) const;
    // The family of every interned name of a rank, by name (device streams).
    const std::vector<std::uint8_t>& nameClasses(int rank) const;
    static SliceClass classOf(const std::vector<std::uint8_t>& classes, StringId name, StringId taskType);
    // The first colour rule (regex) matching every interned name of a rank, -1: none.
    const std::vector<std::int32_t>& nameRules(int rank) const;

    const TimelineModel& m_model;
    const TimelineColors& m_colors;
    QFont m_font;
    QFont m_boldFont;
    QPalette m_palette;
    int m_charWidth = 7;
    std::vector<LaneGeometry> m_geometry;
    double m_maxRunPx = 6.0;
    // Per rank and family: colour of every interned name (lazily filled).
    mutable std::map<std::pair<int, int>, std::vector<QRgb>> m_nameColors;
    mutable std::vector<std::int8_t> m_laneClass; // -1: per slice name
    mutable std::map<int, std::vector<std::uint8_t>> m_nameClasses;
    mutable std::map<int, std::vector<std::int32_t>> m_nameRules;
    std::uint64_t m_rulesGeneration = 0; // of the colour rules the tables above were filled with
    TimelineFrameStats m_stats;
    // Scratch buffers of paintThread(), kept to avoid allocations per frame.
    struct Fill
    {
        QRgb color;
        QRect rect;
        bool merged = false; // a run of sub-pixel slices (joins touching runs of its colour)
    };
    struct Label
    {
        QRgb fill;
        QRect rect;
        StringId name;
    };
    std::vector<Fill> m_fills;
    std::vector<QRgb> m_summaryPixels; // one summary row, merged per pixel column
    std::unordered_map<int, SummaryTrack> m_summaryTracks; // per collapsed group lane, until invalidate()
    SummaryBuilder m_summaryBuilder;
    std::vector<SummaryBuilder::Request> m_summaryRequests; // asked for during a frame
    std::function<void()> m_summaryReady;
    std::vector<Label> m_labels;
    // Thread-lane indexes built off the GUI thread (timelinerenderer_summary.cpp).
    using IndexResult = std::pair<int, std::shared_ptr<ThreadIndex>>;
    bool paintPendingThread(QPainter& p, int lane, const QRect& r);
    void launchIndexJob();
    void indexesBuilt();
    QFutureWatcher<IndexResult> m_indexWatcher;
    std::vector<int> m_indexRequests; // asked for during a frame
    QSet<int> m_indexPending; // requested or being built
    quint64 m_indexGeneration = 0; // of the model's lanes the two above refer to
    quint64 m_indexJobGeneration = 0;
    // Launched and not handed over yet. Not the watcher's isRunning(): that
    // turns false before the finished signal is delivered, and a job set on
    // the watcher in between would drop the results of the one before.
    bool m_indexJobActive = false;
};

} // namespace profscope
