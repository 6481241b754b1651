// SPDX-License-Identifier: Apache-2.0
#include "projecttreemodel.h"

#include "common/statuscolors.h"
#include "itemmodels/ranksummarymodel.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QStyle>

#include <map>

namespace profscope {

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

void ProjectTreeModel::setProfile(const ProfilePtr& profile)
{
    clear();
    setHorizontalHeaderLabels({ tr("Project") });
    if (!profile)
        return;
    QStyle* style = QApplication::style();

    auto* root = new QStandardItem(style->standardIcon(QStyle::SP_DirIcon), QFileInfo(profile->rootPath).fileName());
    if (root->text().isEmpty())
        root->setText(QDir::toNativeSeparators(profile->rootPath));
    root->setToolTip(QDir::toNativeSeparators(profile->rootPath) + QLatin1Char('\n')
                     + tr("%n rank(s)", nullptr, int(profile->ranks.size())));
    root->setData(ProfileNode, NodeKindRole);
    root->setEditable(false);
    appendRow(root);

    // Host nodes are appended when their first rank comes, so the tree keeps
    // the loader's rank order.
    std::map<QString, QStandardItem*> hosts;
    const QIcon hostIcon = style->standardIcon(QStyle::SP_ComputerIcon);
    const QIcon rankIcon = style->standardIcon(QStyle::SP_DriveHDIcon);
    for (std::size_t i = 0; i < profile->ranks.size(); ++i) {
        const RankInfo& info = profile->ranks[i]->info;
        QStandardItem*& host = hosts[info.host];
        if (!host) {
            host = new QStandardItem(hostIcon, info.host.isEmpty() ? tr("unknown host") : info.host);
            host->setData(HostNode, NodeKindRole);
            host->setEditable(false);
            host->setToolTip(info.host.isEmpty() ? tr("The profiler output does not name the host") : info.host);
            root->appendRow(host);
        }
        QString label = rankLabel(info);
        const QString where = rankDisambiguation(*profile, i);
        if (!where.isEmpty())
            label += QStringLiteral(" · ") + where;
        auto* rank = new QStandardItem(rankIcon, label);
        rank->setData(RankNode, NodeKindRole);
        rank->setData(int(i), RankIndexRole);
        rank->setEditable(false);
        QString tip = QDir::toNativeSeparators(info.rootPath);
        if (!info.profilerLevel.isEmpty())
            tip += QLatin1Char('\n') + tr("Profiler level: %1").arg(info.profilerLevel);
        if (info.dbOnly) {
            tip += QLatin1Char('\n') + tr("Only SQLite exports (.db) were found; this version cannot read them yet.");
            QFont font = rank->font();
            font.setItalic(true);
            rank->setFont(font);
            rank->setForeground(mutedTextColor(QApplication::palette()));
        }
        rank->setToolTip(tip);
        host->appendRow(rank);
    }
    for (auto& [name, host] : hosts)
        host->setText(host->text() + QStringLiteral("  (") + QString::number(host->rowCount()) + QLatin1Char(')'));
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
    const QModelIndexList found = match(index(0, 0), RankIndexRole, rankIndex, 1, Qt::MatchExactly | Qt::MatchRecursive);
    return found.value(0);
}

} // namespace profscope
