// SPDX-License-Identifier: Apache-2.0
#include "projecttreemodel.h"

#include "common/statuscolors.h"
#include "itemmodels/ranksummarymodel.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QScopedValueRollback>
#include <QStyle>

#include <algorithm>
#include <map>
#include <set>

namespace profscope {

namespace {

// The rank label without compare marker, kept so the marker can change.
constexpr int kBaseLabelRole = Qt::UserRole + 20;

QColor baselineColor(const QPalette& palette)
{
    return isDarkPalette(palette) ? QColor(0x58, 0xa6, 0xff) : QColor(0x09, 0x69, 0xda);
}

QColor comparisonColor(const QPalette& palette)
{
    return isDarkPalette(palette) ? QColor(0xf0, 0x88, 0x3e) : QColor(0xbc, 0x4c, 0x00);
}

} // namespace

ProjectTreeModel::ProjectTreeModel(QObject* parent)
    : QStandardItemModel(parent)
{
    setHorizontalHeaderLabels({ tr("Project") });
}

QString ProjectTreeModel::rankLabel(const RankInfo& info)
{
    const QString separator = QStringLiteral(" · ");
    QString label = info.rankId >= 0 ? tr("rank %1").arg(info.rankId) : info.displayName;
    if (info.deviceId >= 0)
        label += separator + tr("device %1").arg(info.deviceId);
    label += separator + rankLayoutName(info.layout);
    if (info.dbOnly)
        label += separator + tr("database only");
    return label;
}

void ProjectTreeModel::setProfile(const ProfilePtr& profile, std::unique_ptr<QStandardItem> prebuilt)
{
    const QScopedValueRollback<bool> guard(m_updating, true);
    m_profile = profile;
    m_markedRanks = { -1, -1 }; // the new items carry no mark
    clear();
    setHorizontalHeaderLabels({ tr("Project") });
    if (!profile)
        return;
    // The tree goes into the model once built: items outside a model notify nobody, where each
    // row appended under a root already in the model was an insertion the view processed
    // (1024 ranks: a third of the time the project tree took on the GUI thread).
    appendRow(prebuilt ? prebuilt.release() : buildTree(*profile).release());
}

std::unique_ptr<QStandardItem> ProjectTreeModel::buildTree(const Profile& profile)
{
    // No QtGui here (icons come from data()): a large cluster's tree is built in a job.
    auto root = std::make_unique<QStandardItem>(QFileInfo(profile.rootPath).fileName());
    if (root->text().isEmpty())
        root->setText(QDir::toNativeSeparators(profile.rootPath));
    root->setToolTip(QDir::toNativeSeparators(profile.rootPath) + QLatin1Char('\n')
        + tr("%n rank(s)", nullptr, int(profile.ranks.size())));
    root->setData(ProfileNode, NodeKindRole);
    root->setEditable(false);
    root->setCheckable(true);
    root->setCheckState(Qt::Checked);

    // Host nodes are appended when their first rank comes, so the tree keeps
    // the loader's rank order.
    std::map<QString, QStandardItem*> hosts;
    // Asked once, not per rank through rankDisambiguation (a memo lookup under a lock each).
    const bool duplicateRankIds = hasDuplicateRankIds(profile);
    // Ranks come grouped by host: the previous rank's host is asked first (a map lookup with
    // string compares per rank was a fifth of the tree at 10,000 ranks).
    const QString* lastHostName = nullptr;
    QStandardItem* lastHost = nullptr;
    const QString levelFormat = tr("Profiler level: %1");
    const QString dbOnlyTip = tr("Read from the profiler's SQLite exports (.db)");
    for (std::size_t i = 0; i < profile.ranks.size(); ++i) {
        const RankInfo& info = profile.ranks[i]->info;
        const bool sameHost = lastHostName && *lastHostName == info.host;
        QStandardItem*& host = sameHost ? lastHost : hosts[info.host];
        if (!host) {
            host = new QStandardItem(info.host.isEmpty() ? tr("unknown host") : info.host);
            host->setData(HostNode, NodeKindRole);
            host->setEditable(false);
            host->setCheckable(true);
            host->setCheckState(Qt::Checked);
            host->setToolTip(info.host.isEmpty() ? tr("The profiler output does not name the host") : info.host);
            root->appendRow(host);
        }
        QString label = rankLabel(info);
        const QString where = duplicateRankIds ? rankDisambiguation(profile, i) : QString();
        if (!where.isEmpty())
            label += QStringLiteral(" · ") + where;
        auto* rank = new QStandardItem(label);
        rank->setData(RankNode, NodeKindRole);
        rank->setData(int(i), RankIndexRole);
        rank->setData(label, kBaseLabelRole);
        rank->setData(0, CompareRoleRole);
        rank->setEditable(false);
        rank->setCheckable(true);
        rank->setCheckState(Qt::Checked);
        QString tip = QDir::toNativeSeparators(info.rootPath);
        if (!info.profilerLevel.isEmpty())
            tip += QLatin1Char('\n') + levelFormat.arg(info.profilerLevel);
        if (info.dbOnly)
            tip += QLatin1Char('\n') + dbOnlyTip;
        rank->setToolTip(tip);
        host->appendRow(rank);
        lastHostName = &info.host;
        lastHost = host;
    }
    for (auto& [name, host] : hosts)
        host->setText(host->text() + QStringLiteral("  (") + QString::number(host->rowCount()) + QLatin1Char(')'));
    return root;
}

QVariant ProjectTreeModel::data(const QModelIndex& index, int role) const
{
    QVariant value = QStandardItemModel::data(index, role);
    if (role != Qt::DecorationRole || value.isValid() || !index.isValid())
        return value;
    // The node's kind icon, unless the item has its own (the compare marks); made once.
    const int kind = QStandardItemModel::data(index, NodeKindRole).toInt();
    if (kind < ProfileNode || kind > RankNode)
        return value;
    QIcon& icon = m_kindIcons[std::size_t(kind)];
    if (icon.isNull()) {
        static constexpr QStyle::StandardPixmap kIcons[] = { QStyle::SP_DirIcon, QStyle::SP_ComputerIcon,
            QStyle::SP_DriveHDIcon };
        icon = QApplication::style()->standardIcon(kIcons[kind]);
    }
    return icon;
}

void ProjectTreeModel::addRanks(const QModelIndex& parent, int& count) const
{
    for (int r = 0; r < rowCount(parent); ++r) {
        const QModelIndex child = index(r, 0, parent);
        if (child.data(NodeKindRole).toInt() == RankNode)
            ++count;
        addRanks(child, count);
    }
}

int ProjectTreeModel::rankCount() const
{
    int count = 0;
    addRanks({}, count);
    return count;
}

QModelIndex ProjectTreeModel::rankNode(int rankIndex) const
{
    if (rowCount() == 0)
        return {};
    const QModelIndexList found =
        match(index(0, 0), RankIndexRole, rankIndex, 1, Qt::MatchExactly | Qt::MatchRecursive);
    return found.value(0);
}

void ProjectTreeModel::forEachRank(const std::function<void(QStandardItem*)>& visit) const
{
    const std::function<void(QStandardItem*)> walk = [&](QStandardItem* item) {
        for (int r = 0; r < item->rowCount(); ++r) {
            QStandardItem* child = item->child(r);
            if (child->data(NodeKindRole).toInt() == RankNode)
                visit(child);
            walk(child);
        }
    };
    walk(invisibleRootItem());
}

QList<int> ProjectTreeModel::rankFilter() const
{
    QList<int> checked;
    int total = 0;
    forEachRank([&](QStandardItem* rank) {
        ++total;
        if (rank->checkState() == Qt::Checked)
            checked << rank->data(RankIndexRole).toInt();
    });
    std::sort(checked.begin(), checked.end());
    return checked.size() == total ? QList<int>() : checked;
}

int ProjectTreeModel::checkedRankCount() const
{
    int checked = 0;
    forEachRank([&](QStandardItem* rank) { checked += rank->checkState() == Qt::Checked; });
    return checked;
}

void ProjectTreeModel::setRankFilter(const QList<int>& rankIndexes)
{
    {
        const QScopedValueRollback<bool> guard(m_updating, true);
        const std::set<int> wanted(rankIndexes.begin(), rankIndexes.end());
        forEachRank([&](QStandardItem* rank) {
            const bool on = wanted.empty() || wanted.count(rank->data(RankIndexRole).toInt()) > 0;
            const Qt::CheckState state = on ? Qt::Checked : Qt::Unchecked;
            if (rank->checkState() != state)
                rank->setCheckState(state);
        });
    }
    refreshParentStates();
}

QList<int> ProjectTreeModel::ranksMatching(const QString& text) const
{
    const QString needle = text.trimmed();
    QList<int> all;
    forEachRank([&](QStandardItem* rank) { all << rank->data(RankIndexRole).toInt(); });
    std::sort(all.begin(), all.end());
    if (needle.isEmpty() || !m_profile)
        return all;

    // "0-7, 12": rank ids and ranges; anything else is a text match.
    std::set<int> ids;
    bool numeric = true;
    for (const QString& part : needle.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
        const QStringList bounds = part.split(QLatin1Char('-'));
        bool okA = false;
        bool okB = true;
        const int a = bounds.value(0).toInt(&okA);
        const int b = bounds.size() == 2 ? bounds.value(1).toInt(&okB) : a;
        if (bounds.size() > 2 || !okA || !okB || b < a || b - a > 1000000) {
            numeric = false;
            break;
        }
        for (int id = a; id <= b; ++id)
            ids.insert(id);
    }
    QList<int> matched;
    for (const int i : all) {
        const RankInfo& info = m_profile->ranks[std::size_t(i)]->info;
        if (numeric) {
            if (ids.count(info.rankId >= 0 ? int(info.rankId) : i) > 0)
                matched << i;
        } else if (info.host.contains(needle, Qt::CaseInsensitive)
            || rankLabel(info).contains(needle, Qt::CaseInsensitive)
            || info.rootPath.contains(needle, Qt::CaseInsensitive)) {
            matched << i;
        }
    }
    return matched;
}

void ProjectTreeModel::setCompareRanks(int baselineRank, int comparisonRank)
{
    // Every step change and every load asks; walking 10,000 rank items for no change took
    // about 8 ms of the GUI thread.
    if (m_markedRanks == std::pair { baselineRank, comparisonRank })
        return;
    m_markedRanks = { baselineRank, comparisonRank };
    forEachRank([&](QStandardItem* rank) {
        const int i = rank->data(RankIndexRole).toInt();
        const int mark = i == baselineRank ? 1 : i == comparisonRank ? 2 : 0;
        if (rank->data(CompareRoleRole).toInt() == mark)
            return;
        rank->setData(mark, CompareRoleRole);
        updateRankText(rank);
    });
}

void ProjectTreeModel::updateRankText(QStandardItem* rank)
{
    const int mark = rank->data(CompareRoleRole).toInt();
    const QString label = rank->data(kBaseLabelRole).toString();
    const QPalette palette = QApplication::palette();
    QFont font = rank->font();
    font.setBold(mark != 0);
    rank->setFont(font);
    if (mark == 1) {
        rank->setText(label + QStringLiteral("  ◆ ") + tr("Baseline"));
        rank->setIcon(colorDotIcon(baselineColor(palette), 12));
    } else if (mark == 2) {
        rank->setText(label + QStringLiteral("  ◆ ") + tr("Comparison"));
        rank->setIcon(colorDotIcon(comparisonColor(palette), 12));
    } else {
        rank->setText(label);
        rank->setData(QVariant(), Qt::DecorationRole); // the kind's icon again (data())
    }
}

bool ProjectTreeModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::CheckStateRole || m_updating)
        return QStandardItemModel::setData(index, value, role);
    QStandardItem* item = itemFromIndex(index);
    if (!item)
        return false;
    // A partly checked parent clicked becomes checked: the user means "all".
    Qt::CheckState state = Qt::CheckState(value.toInt());
    if (state == Qt::PartiallyChecked)
        state = Qt::Checked;
    {
        const QScopedValueRollback<bool> guard(m_updating, true);
        setSubtreeChecked(item, state);
    }
    refreshParentStates();
    emit rankFilterEdited(rankFilter());
    return true;
}

void ProjectTreeModel::setSubtreeChecked(QStandardItem* item, Qt::CheckState state)
{
    if (item->isCheckable() && item->checkState() != state)
        item->setCheckState(state);
    for (int r = 0; r < item->rowCount(); ++r)
        setSubtreeChecked(item->child(r), state);
}

void ProjectTreeModel::refreshParentStates()
{
    const QScopedValueRollback<bool> guard(m_updating, true);
    // Post-order: a parent's state follows its children's.
    const std::function<Qt::CheckState(QStandardItem*)> settle = [&](QStandardItem* item) -> Qt::CheckState {
        if (item->rowCount() == 0)
            return item->checkState();
        int checked = 0;
        int unchecked = 0;
        for (int r = 0; r < item->rowCount(); ++r) {
            const Qt::CheckState s = settle(item->child(r));
            checked += s == Qt::Checked;
            unchecked += s == Qt::Unchecked;
        }
        const Qt::CheckState state = unchecked == 0         ? Qt::Checked
            : checked == 0 && unchecked == item->rowCount() ? Qt::Unchecked
                                                            : Qt::PartiallyChecked;
        if (item->isCheckable() && item->checkState() != state)
            item->setCheckState(state);
        return state;
    };
    for (int r = 0; r < invisibleRootItem()->rowCount(); ++r)
        settle(invisibleRootItem()->child(r));
}

} // namespace profscope
