// SPDX-License-Identifier: Apache-2.0
#include "workpool.h"

#include <QThreadPool>

namespace profscope {

Q_GLOBAL_STATIC(QThreadPool, s_workPool)

QThreadPool* workPool()
{
    QThreadPool* pool = s_workPool();
    const int threads = QThreadPool::globalInstance()->maxThreadCount();
    if (pool->maxThreadCount() != threads)
        pool->setMaxThreadCount(threads);
    return pool;
}

} // namespace profscope
