// SPDX-License-Identifier: Apache-2.0
// TEMPORARY STUB: replaced by the real loader.
#include "profileloader.h"

#include <QtConcurrent>

namespace profscope {

ProfilePtr ProfileLoader::load(const QStringList& paths, const LoadOptions&, const LoadControl&)
{
    auto p = std::make_shared<Profile>();
    p->rootPath = paths.value(0);
    return p;
}

QFuture<ProfilePtr> ProfileLoader::loadAsync(const QStringList& paths, const LoadOptions& options)
{
    return QtConcurrent::run([paths, options](QPromise<ProfilePtr>& promise) {
        promise.setProgressRange(0, 1000);
        promise.addResult(load(paths, options));
    });
}

std::shared_ptr<RankData> ProfileLoader::loadRank(const DiscoveredRank&, std::vector<FileReport>&, const LoadControl&,
                                                  const std::function<void(double)>&)
{
    return std::make_shared<RankData>();
}

} // namespace profscope
