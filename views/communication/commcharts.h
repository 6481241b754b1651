// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "itemmodels/commdurationmodel.h"

#include <QPointer>
#include <QWidget>

#include <array>
#include <map>

namespace profscope {

// Per rank of the group, one stacked horizontal bar: transit, synchronization,
// the rest of the wait, idle. CANN counts synchronization inside wait, and
// elapse = transit + wait + idle, so these four parts add up to the elapse.
class CommDurationBars : public QWidget
{
    Q_OBJECT
public:
    explicit CommDurationBars(QWidget* parent = nullptr);
    void setModel(CommDurationModel* model);
    void setCurrentRank(int rankIndex);

    // transit, synchronization, wait without synchronization, idle (ms).
    static std::array<double, 4> segments(const RankCommunication& rank);
    // Row under a point, -1 when none.
    int rowAt(const QPoint& pos) const;
    QRect barRect(int row) const;
    QString rowToolTip(int row) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void rankClicked(int rankIndex);
    void rankDoubleClicked(int rankIndex);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    struct Geometry
    {
        QRect plot;
        int rowH = 0;
        int labelStep = 1;
        double maxMs = 0;
    };
    Geometry geometry() const;

    QPointer<CommDurationModel> m_model;
    int m_currentRank = -1;
    int m_hoverRow = -1;
};

// Packet size distribution: packets per size bucket, one bar per transport.
class CommPacketChart : public QWidget
{
    Q_OBJECT
public:
    explicit CommPacketChart(QWidget* parent = nullptr);
    void setDistribution(const std::map<QString, std::map<double, qint64>>& distribution);

    struct Bucket
    {
        QString label;
        double upperMB = 0;
        std::map<QString, qint64> packets; // per transport
    };
    const std::vector<Bucket>& buckets() const
    {
        return m_buckets;
    }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    QRect plotRect() const;

    std::vector<Bucket> m_buckets;
    QStringList m_transports;
};

// A thumbnail timeline of the group's ops: one row per rank, each op a block
// from its start to its end. "Align on op" shifts every rank so that the
// chosen op starts at the same x, which takes clock offsets between hosts
// and launch skew out of the picture.
class CommOpTimeline : public QWidget
{
    Q_OBJECT
public:
    explicit CommOpTimeline(QWidget* parent = nullptr);
    void setModel(CommOpModel* model);
    // Empty: no alignment (every rank on its own clock, from the earliest op).
    void setAlignOp(const QString& opName);
    void setCurrentRank(int rankIndex);

    struct Block
    {
        std::size_t entry = 0; // into CommOpModel::entries()
        int row = 0;
        double startMs = 0; // after the alignment shift, from the origin
        double endMs = 0;
    };
    const std::vector<Block>& blocks() const
    {
        return m_blocks;
    }
    const QList<int>& rowRankIndexes() const
    {
        return m_rowRanks;
    }
    int blockAt(const QPoint& pos) const;
    QRectF blockRect(const Block& block) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void opDoubleClicked(int rankIndex, qint64 startNs, qint64 endNs, const QString& opName);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    void rebuild();
    QRect plotRect() const;
    int rowHeight() const;

    QPointer<CommOpModel> m_model;
    QString m_alignOp;
    int m_currentRank = -1;
    std::vector<Block> m_blocks;
    QList<int> m_rowRanks; // rank index per row
    QList<int> m_rowIds; // rank id per row
    double m_spanMs = 0;
    int m_hover = -1;
};

} // namespace profscope
