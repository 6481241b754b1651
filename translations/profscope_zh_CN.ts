<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ColorRules</name>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>no colour</source>
        <translation>未设置颜色</translation>
    </message>
    <message>
        <source>unknown category &quot;%1&quot; (one of host, compute, communication, free)</source>
        <translation>未知类别 &quot;%1&quot;（应为 host、compute、communication、free 之一）</translation>
    </message>
    <message>
        <source>the pattern is empty</source>
        <translation>模式为空</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is no valid regular expression: %2 at position %3</source>
        <translation>&quot;%1&quot; 不是有效的正则表达式：%2（位置 %3）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; matches every name (it matches an empty one); use a category rule to colour a whole family</source>
        <translation>&quot;%1&quot; 匹配所有名称（它能匹配空名称）；要为整个类别着色，请使用类别规则</translation>
    </message>
    <message>
        <source>Rule %1: %2</source>
        <translation>规则 %1：%2</translation>
    </message>
    <message>
        <source>Not JSON: %1 at offset %2</source>
        <translation>不是 JSON：%1（偏移量 %2）</translation>
    </message>
    <message>
        <source>Not a colour rule list: the top level is no JSON object</source>
        <translation>不是颜色规则列表：顶层不是 JSON 对象</translation>
    </message>
    <message>
        <source>Not a colour rule list: &quot;format&quot; is not &quot;%1&quot;</source>
        <translation>不是颜色规则列表：&quot;format&quot; 不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;version&quot; must be the number %1, found %2</source>
        <translation>&quot;version&quot; 必须为数字 %1，实际为 %2</translation>
    </message>
    <message>
        <source>Colour rules of version %1 cannot be read (this version of Profscope reads version %2)</source>
        <translation>无法读取版本 %1 的颜色规则（此版本的 Profscope 只能读取版本 %2）</translation>
    </message>
    <message>
        <source>&quot;rules&quot; must be an array, found %1</source>
        <translation>&quot;rules&quot; 必须为数组，实际为 %1</translation>
    </message>
    <message>
        <source>Rule %1</source>
        <translation>规则 %1</translation>
    </message>
    <message>
        <source>%1: must be an object, found %2</source>
        <translation>%1：必须为对象，实际为 %2</translation>
    </message>
    <message>
        <source>%1: &quot;kind&quot; must be &quot;regex&quot; or &quot;category&quot;</source>
        <translation>%1：&quot;kind&quot; 必须为 &quot;regex&quot; 或 &quot;category&quot;</translation>
    </message>
    <message>
        <source>%1: &quot;pattern&quot; must be a string, found %2</source>
        <translation>%1：&quot;pattern&quot; 必须为字符串，实际为 %2</translation>
    </message>
    <message>
        <source>%1: &quot;color&quot; must be a string like &quot;#1f77b4&quot;</source>
        <translation>%1：&quot;color&quot; 必须为形如 &quot;#1f77b4&quot; 的字符串</translation>
    </message>
    <message>
        <source>%1: &quot;enabled&quot; must be true or false, found %2</source>
        <translation>%1：&quot;enabled&quot; 必须为 true 或 false，实际为 %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>Nothing to export.</source>
        <translation>没有可导出的内容。</translation>
    </message>
    <message>
        <source>Exported from Profscope</source>
        <translation>由 Profscope 导出</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Unknown image format &quot;%1&quot;: use .png, .svg or .pdf.</source>
        <translation>未知的图像格式 &quot;%1&quot;：请使用 .png、.svg 或 .pdf。</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>宽度：</translation>
    </message>
    <message>
        <source>Height:</source>
        <translation>高度：</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 图像 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Export Table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not write %1:
%2</source>
        <translation>无法写入 %1：
%2</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Export Chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>Export Table…</source>
        <translation>导出表格…</translation>
    </message>
    <message>
        <source>Save the chart as PNG, SVG or PDF</source>
        <translation>将图表保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Save the table as shown (filtered and sorted) as CSV</source>
        <translation>将当前显示（已筛选和排序）的表格保存为 CSV</translation>
    </message>
    <message>
        <source>Export Table as CSV…</source>
        <translation>将表格导出为 CSV…</translation>
    </message>
</context>
<context>
    <name>TimelineColors</name>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>计数器</translation>
    </message>
</context>
<context>
    <name>TimelineModel</name>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Thread %1</source>
        <translation>线程 %1</translation>
    </message>
    <message>
        <source>B · %1</source>
        <translation>B · %1</translation>
    </message>
    <message>
        <source>Comparison run (%1): shifted by %2 so that its step %3 starts with step %4 of %5 in the base run</source>
        <translation>对比运行（%1）：平移 %2，使其迭代 %3 与基准运行中 %5 的迭代 %4 同时开始</translation>
    </message>
    <message>
        <source>Comparison run (%1): shifted by %2 so that its first event lines up with %3&apos;s (no step markers)</source>
        <translation>对比运行（%1）：平移 %2，使其第一个事件与 %3 的第一个事件对齐（无迭代标记）</translation>
    </message>
</context>
<context>
    <name>TimelineRenderer</name>
    <message>
        <source>The ranks shown have no trace events (trace_view.json or timeline files).
Choose other ranks, or load the profiler output with its ASCEND_PROFILER_OUTPUT folder.</source>
        <translation>所显示的 rank 没有 trace 事件（trace_view.json 或 timeline 文件）。
请选择其他 rank，或连同 ASCEND_PROFILER_OUTPUT 文件夹一起加载性能数据。</translation>
    </message>
    <message>
        <source>No profile loaded.
Open a profiler output folder to see its timeline.</source>
        <translation>未加载性能数据。
打开性能数据文件夹以查看其时间线。</translation>
    </message>
    <message numerus="yes">
        <source>%n lanes</source>
        <translation>
            <numerusform>%n 条泳道</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n lanes</source>
        <translation>
            <numerusform>%1，%n 条泳道</numerusform>
        </translation>
    </message>
    <message>
        <source>Span %1</source>
        <translation>跨度 %1</translation>
    </message>
    <message>
        <source>%1/%2 ▸</source>
        <translation>%1/%2 ▸</translation>
    </message>
    <message>
        <source>%1 ▾</source>
        <translation>%1 ▾</translation>
    </message>
</context>
<context>
    <name>TraceCache</name>
    <message>
        <source>from the cache, parsed on %1</source>
        <translation>来自缓存，解析于 %1</translation>
    </message>
    <message>
        <source>cache off</source>
        <translation>缓存已关闭</translation>
    </message>
    <message>
        <source>not in the cache</source>
        <translation>不在缓存中</translation>
    </message>
    <message>
        <source>the cache entry was damaged and is rebuilt</source>
        <translation>缓存条目已损坏，正在重建</translation>
    </message>
    <message>
        <source>cache entry of another version</source>
        <translation>其他版本的缓存条目</translation>
    </message>
    <message>
        <source>the cache entry cannot be read</source>
        <translation>无法读取缓存条目</translation>
    </message>
    <message>
        <source>the trace changed since it was cached</source>
        <translation>缓存后该 trace 已更改</translation>
    </message>
</context>
<context>
    <name>profscope::Advice</name>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message numerus="yes">
        <source>… (%n more)</source>
        <translation>
            <numerusform>…（另有 %n 项）</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication (not overlapped)</source>
        <translation>通信（未重叠）</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>%1 differs across ranks: rank %2 has %3 more than rank %4</source>
        <translation>%1 在各 rank 间存在差异：rank %2 比 rank %4 多 %3</translation>
    </message>
    <message>
        <source>(max − min of %1 across ranks) / mean step time &gt; %2</source>
        <translation>（各 rank 间 %1 的最大值 − 最小值）/ 平均迭代耗时 &gt; %2</translation>
    </message>
    <message>
        <source>%1 (max %2 on rank %3, min %4 on rank %5, mean step %6)</source>
        <translation>%1（最大 %2，位于 rank %3；最小 %4，位于 rank %5；平均迭代耗时 %6）</translation>
    </message>
    <message numerus="yes">
        <source>The device is idle for %1 of step %2 on rank %3 (%n rank(s) above the limit)</source>
        <translation>
            <numerusform>rank %3 的设备在迭代 %2 中空闲 %1（%n 个 rank 超过阈值）</numerusform>
        </translation>
    </message>
    <message>
        <source>Free time / step time &gt; %1</source>
        <translation>空闲时间 / 迭代耗时 &gt; %1</translation>
    </message>
    <message>
        <source>%1 free of %2 (ranks: %3)</source>
        <translation>%2 中空闲 %1（rank：%3）</translation>
    </message>
    <message>
        <source>Rank %1 is slow in communication group %2: the other ranks wait for it</source>
        <translation>Rank %1 是通信域 %2 中的慢卡：其他 rank 在等待它</translation>
    </message>
    <message>
        <source>(communication time of the rank that waits most − this rank&apos;s) / that time ≥ %1; top 3 shown</source>
        <translation>（等待最多的 rank 的通信时间 − 本 rank 的通信时间）/ 前者 ≥ %1；显示前 3 个</translation>
    </message>
    <message>
        <source>rank %1: %2 ms vs %3 ms on rank %4 (%5 behind); slow ranks: %6</source>
        <translation>rank %1：%2 ms，rank %4 为 %3 ms（落后 %5）；慢卡：%6</translation>
    </message>
    <message>
        <source>Communication in group %1 spends much of its time waiting</source>
        <translation>通信域 %1 中的通信大部分时间都在等待</translation>
    </message>
    <message>
        <source>wait / (wait + transit) &gt; %1</source>
        <translation>等待 / (等待 + 传输) &gt; %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 on rank %2; %n rank(s) above: %3</source>
        <translation>
            <numerusform>rank %2 上为 %1；%n 个 rank 超过阈值：%3</numerusform>
        </translation>
    </message>
    <message>
        <source>Waiting in group %1 is not explained by synchronization: check link bandwidths</source>
        <translation>通信域 %1 中的等待无法用同步解释：请检查链路带宽</translation>
    </message>
    <message>
        <source>synchronization / (synchronization + transit) &gt; %1 on the rank that waits most</source>
        <translation>在等待最多的 rank 上，同步 / (同步 + 传输) &gt; %1</translation>
    </message>
    <message>
        <source>%1 on rank %2</source>
        <translation>rank %2 上为 %1</translation>
    </message>
    <message>
        <source>Many small %1 packets: fuse communication or raise the bucket size</source>
        <translation>%1 小包过多：请融合通信或增大 bucket 大小</translation>
    </message>
    <message>
        <source>share of %1 packets below %2 MB &gt; %3</source>
        <translation>小于 %2 MB 的 %1 包占比 &gt; %3</translation>
    </message>
    <message>
        <source>%1 of %2 packets (%3) on ranks %4</source>
        <translation>rank %4 上 %2 个包中有 %1 个（%3）</translation>
    </message>
    <message>
        <source>AI CPU operator %1 runs long: replace it with an AI Core implementation or change its dtype</source>
        <translation>AI CPU 算子 %1 耗时过长：请改用 AI Core 实现或更改其数据类型（dtype）</translation>
    </message>
    <message>
        <source>AI CPU op duration &gt; %1 µs</source>
        <translation>AI CPU 算子耗时 &gt; %1 µs</translation>
    </message>
    <message>
        <source>unknown threshold &quot;%1&quot;</source>
        <translation>未知的阈值 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>threshold &quot;%1&quot; must be a non-negative number</source>
        <translation>阈值 &quot;%1&quot; 必须为非负数</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: byte %2: %3</source>
        <translation>%1：第 %2 字节：%3</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Critical</source>
        <translation>严重</translation>
    </message>
    <message numerus="yes">
        <source>The device is idle for %1 of the profiled time on rank %2 (%n rank(s) above the limit)</source>
        <translation>
            <numerusform>rank %2 的设备在采集时间中空闲 %1（%n 个 rank 超过阈值）</numerusform>
        </translation>
    </message>
    <message>
        <source>Ranks of group %1 are not synchronized: rank %2 arrives last at the collectives</source>
        <translation>通信域 %1 中的 rank 未同步：rank %2 最后到达集合通信</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) above; longest %1 (ranks %2); %3 per rank and step</source>
        <translation>
            <numerusform>%n 次调用超过阈值；最长 %1（rank %2）；每个 rank 每个迭代 %3</numerusform>
        </translation>
    </message>
    <message>
        <source>(this rank − the median of its peers) per step &gt; %1 of the step and &gt; %2 σ of the peers&apos; spread, in at least half of the steps</source>
        <translation>每个迭代中（本 rank − 同组 rank 的中位数）&gt; 迭代耗时的 %1，且 &gt; 同组离散度的 %2 σ，并在至少一半的迭代中成立</translation>
    </message>
    <message>
        <source>costs %1 per step (%2 of a %3 step), in %4 of %5 steps</source>
        <translation>每个迭代损失 %1（占 %3 迭代耗时的 %2），出现在 %5 个迭代中的 %4 个</translation>
    </message>
    <message>
        <source>the others wait for it in the collectives: its Communication(Not Overlapped) is %1 against %2 for its peers</source>
        <translation>其他 rank 在集合通信中等待它：其未重叠通信为 %1，同组 rank 为 %2</translation>
    </message>
    <message>
        <source>Rank %1 computes slower than its peers: %2 more compute per step</source>
        <translation>Rank %1 计算慢于同组 rank：每个迭代多计算 %2</translation>
    </message>
    <message>
        <source>kernel time (Σ compute tasks) %1 against a median of %2 for its peers; Free %3 (peers %4) is not what delays it; %5</source>
        <translation>算子耗时（计算任务之和）%1，同组中位数为 %2；空闲 %3（同组 %4）不是延迟的原因；%5</translation>
    </message>
    <message>
        <source>%1 of %2 kernels (%3) start within %4 µs of their launch, so the device runs what the host has just launched</source>
        <translation>%2 个算子中有 %1 个（%3）在下发后 %4 µs 内开始执行，即设备执行的是主机刚刚下发的任务</translation>
    </message>
    <message>
        <source>no launch flows to check the launch gaps</source>
        <translation>没有下发连线，无法检查下发间隔</translation>
    </message>
    <message>
        <source>Rank %1 is host-bound: its device idles %2 more per step waiting for kernel launches</source>
        <translation>Rank %1 受主机限制（host-bound）：其设备每个迭代多空闲 %2，等待算子下发</translation>
    </message>
    <message>
        <source>Free %1 against %2 for its peers while its kernel time %3 is not higher (peers %4); %5; %6</source>
        <translation>空闲 %1，同组为 %2，而其算子耗时 %3 并不更高（同组 %4）；%5；%6</translation>
    </message>
    <message>
        <source>Rank %1 starts its steps late: data loading or host preparation costs %2 per step</source>
        <translation>Rank %1 的迭代开始较晚：数据加载或主机准备每个迭代损失 %2</translation>
    </message>
    <message>
        <source>Preparing (host step start to the first device task) %1 against %2 for its peers; %3</source>
        <translation>准备时间（主机迭代开始到第一个设备任务）%1，同组为 %2；%3</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s) are host-bound: the device waits for the host to launch its kernels</source>
        <translation>
            <numerusform>%n 个 rank 受主机限制：设备在等待主机下发算子</numerusform>
        </translation>
    </message>
    <message>
        <source>share of kernels that start within %1 µs of their launch on an idle device &gt; %2, and Free &gt; %3 of the step</source>
        <translation>在空闲设备上于下发后 %1 µs 内开始的算子占比 &gt; %2，且空闲 &gt; 迭代耗时的 %3</translation>
    </message>
    <message>
        <source>device idle %1 per step (%2 of the step) on ranks %3</source>
        <translation>rank %3 上设备每个迭代空闲 %1（占迭代耗时的 %2）</translation>
    </message>
    <message>
        <source>most kernels start as soon as the host launches them, on an idle device: the host, not the device, sets the pace</source>
        <translation>大多数算子在主机下发后立即在空闲设备上开始执行：决定节奏的是主机而不是设备</translation>
    </message>
    <message>
        <source>Pipeline stage %1 computes %2 more per step than the other stages: rebalance the layers</source>
        <translation>流水线阶段 %1 每个迭代比其他阶段多计算 %2：请重新均衡各层的划分</translation>
    </message>
    <message>
        <source>(median kernel time of the slowest stage − the median of the other stages&apos;) / step time &gt; %1</source>
        <translation>（最慢阶段的算子耗时中位数 − 其他阶段的中位数）/ 迭代耗时 &gt; %1</translation>
    </message>
    <message>
        <source>%1 against %2 (%3 of the step)</source>
        <translation>%1，对比 %2（占迭代耗时的 %3）</translation>
    </message>
    <message>
        <source>every rank of the stage computes longer (the stage&apos;s median, not one rank), so the other stages wait in their pipeline receives</source>
        <translation>该阶段的所有 rank 都计算更久（是阶段中位数，而不是单个 rank），因此其他阶段在流水线接收中等待</translation>
    </message>
    <message>
        <source>Slow %1 link %2 → %3: %4 of the median bandwidth, %5 per step</source>
        <translation>慢 %1 链路 %2 → %3：带宽为中位数的 %4，每个迭代损失 %5</translation>
    </message>
    <message>
        <source>link bandwidth ≤ %1 × the median of its transport</source>
        <translation>链路带宽 ≤ 同类传输带宽中位数的 %1 倍</translation>
    </message>
    <message>
        <source>%1 GB/s against a %2 median of %3 GB/s (mean %4, z = %5); costs %6 per step (%7)</source>
        <translation>%1 GB/s，%2 中位数为 %3 GB/s（均值 %4，z = %5）；每个迭代损失 %6（%7）</translation>
    </message>
    <message>
        <source>%1 MB took %2 ms on this link; at the median bandwidth it would take %3 ms. Every rank of the collective waits for the slowest link</source>
        <translation>该链路传输 %1 MB 耗时 %2 ms；按中位数带宽只需 %3 ms。集合通信的所有 rank 都要等待最慢的链路</translation>
    </message>
    <message>
        <source>Rank %1 waits for input data: speed up the dataset pipeline (num_parallel_workers, prefetch)</source>
        <translation>Rank %1 在等待输入数据：请加速数据集流水线（num_parallel_workers、prefetch）</translation>
    </message>
    <message>
        <source>Rank %1 waits for input data: speed up the dataset pipeline, first %2</source>
        <translation>Rank %1 在等待输入数据：请加速数据集流水线，首先是 %2</translation>
    </message>
    <message>
        <source>host data queue empty in more than %1% of the steps (MindInsight)</source>
        <translation>主机数据队列在超过 %1% 的迭代中为空（MindInsight）</translation>
    </message>
    <message>
        <source>empty in %1 of %2 steps</source>
        <translation>%2 个迭代中有 %1 个为空</translation>
    </message>
    <message>
        <source>Rank %1 waits for input data: the host queue is filled but the device queue runs empty (data transmission to the device is slow)</source>
        <translation>Rank %1 在等待输入数据：主机队列有数据，但设备队列为空（向设备传输数据较慢）</translation>
    </message>
    <message>
        <source>device (GetNext) queue empty at least once while the host queue is not (MindInsight)</source>
        <translation>设备（GetNext）队列至少有一次为空，而主机队列不为空（MindInsight）</translation>
    </message>
    <message>
        <source>device queue empty in %1 of %2 GetNext calls</source>
        <translation>%2 次 GetNext 调用中有 %1 次设备队列为空</translation>
    </message>
    <message>
        <source>a rank&apos;s FLOPS more than %1% below the mean of the ranks (MindInsight)</source>
        <translation>某个 rank 的 FLOPS 比各 rank 均值低 %1% 以上（MindInsight）</translation>
    </message>
    <message>
        <source>%1 GFLOPS, %2% below the mean</source>
        <translation>%1 GFLOPS，比均值低 %2%</translation>
    </message>
    <message>
        <source>a pipeline stage&apos;s FLOPs per device more than %1% above the mean of the stages (MindInsight)</source>
        <translation>某个流水线阶段的每设备 FLOPs 比各阶段均值高 %1% 以上（MindInsight）</translation>
    </message>
    <message>
        <source>stage %1: %2 MFLOPs per device, %3% above the mean</source>
        <translation>阶段 %1：每设备 %2 MFLOPs，比均值高 %3%</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file</source>
        <translation>%1 是文件夹，不是文件</translation>
    </message>
    <message>
        <source>%1: %2 bytes is too large for a thresholds file</source>
        <translation>%1：%2 字节，作为阈值文件过大</translation>
    </message>
</context>
<context>
    <name>profscope::AdviceModel</name>
    <message>
        <source>Rule: %1</source>
        <translation>规则：%1</translation>
    </message>
    <message>
        <source>Measured: %1</source>
        <translation>实测：%1</translation>
    </message>
    <message>
        <source>Double-click or press Enter to go there.</source>
        <translation>双击或按回车键跳转到相应位置。</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重级别</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Rule and threshold</source>
        <translation>规则与阈值</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测值</translation>
    </message>
    <message>
        <source>Explained by: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <source>Costs %1 µs per step (%2% of the step)</source>
        <translation>每个迭代损失 %1 µs（占迭代耗时的 %2%）</translation>
    </message>
    <message>
        <source>Evidence: %1</source>
        <translation>依据：%1</translation>
    </message>
    <message>
        <source>%1 µs (%2%)</source>
        <translation>%1 µs（%2%）</translation>
    </message>
    <message>
        <source>Cost per step</source>
        <translation>每迭代损失</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>依据</translation>
    </message>
</context>
<context>
    <name>profscope::AllocationModel</name>
    <message>
        <source>not released</source>
        <translation>未释放</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>Not released within the capture: lifetime up to the end of the capture</source>
        <translation>采集范围内未释放：生命周期持续到采集结束</translation>
    </message>
    <message>
        <source>Allocated when the memory curve reached its peak</source>
        <translation>内存曲线达到峰值时仍处于已分配状态</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Size (KB)</source>
        <translation>大小 (KB)</translation>
    </message>
    <message>
        <source>Allocated at (ms)</source>
        <translation>分配时间 (ms)</translation>
    </message>
    <message>
        <source>Released at (ms)</source>
        <translation>释放时间 (ms)</translation>
    </message>
    <message>
        <source>Lifetime (ms)</source>
        <translation>生命周期 (ms)</translation>
    </message>
    <message>
        <source>Live at peak</source>
        <translation>峰值时存活</translation>
    </message>
</context>
<context>
    <name>profscope::AnalysisService</name>
    <message>
        <source>Analysing rank %1 of %2</source>
        <translation>正在分析 rank（%1/%2）</translation>
    </message>
</context>
<context>
    <name>profscope::ApiStatModel</name>
    <message>
        <source>API type: the Level column of api_statistic.csv (acl, runtime, hccl, node, ...)</source>
        <translation>API 类型：api_statistic.csv 的 Level 列（acl、runtime、hccl、node 等）</translation>
    </message>
    <message>
        <source>Variance of the call times (us²); merged over ranks from each rank&apos;s count, mean and variance</source>
        <translation>调用耗时的方差 (us²)；由各 rank 的次数、均值和方差合并得到</translation>
    </message>
    <message>
        <source>Share of the time of all APIs in the table</source>
        <translation>占表中全部 API 耗时的比例</translation>
    </message>
    <message>
        <source>Ranks that called the API</source>
        <translation>调用该 API 的 rank</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>API Name</source>
        <translation>API 名称</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total (us)</source>
        <translation>总耗时 (us)</translation>
    </message>
    <message>
        <source>Avg (us)</source>
        <translation>平均耗时 (us)</translation>
    </message>
    <message>
        <source>Min (us)</source>
        <translation>最小耗时 (us)</translation>
    </message>
    <message>
        <source>Max (us)</source>
        <translation>最大耗时 (us)</translation>
    </message>
    <message>
        <source>Variance (us²)</source>
        <translation>方差 (us²)</translation>
    </message>
    <message>
        <source>Ratio (%)</source>
        <translation>占比 (%)</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank</translation>
    </message>
</context>
<context>
    <name>profscope::ApiStatsPanel</name>
    <message>
        <source>Ranks:</source>
        <translation>Rank：</translation>
    </message>
    <message>
        <source>Merged over all ranks (counts and times summed, min / max over the ranks, variances pooled), or one rank&apos;s api_statistic.csv</source>
        <translation>合并全部 rank（次数和耗时求和，最小 / 最大值取各 rank 的极值，方差合并计算），或单个 rank 的 api_statistic.csv</translation>
    </message>
    <message>
        <source>Filter APIs…</source>
        <translation>筛选 API…</translation>
    </message>
    <message>
        <source>Save the API type donut as PNG, SVG or PDF</source>
        <translation>将 API 类型环形图保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Save the API table as shown (filtered and sorted) as CSV</source>
        <translation>将当前显示（已筛选和排序）的 API 表保存为 CSV</translation>
    </message>
    <message numerus="yes">
        <source>All ranks (%n with data)</source>
        <translation>
            <numerusform>全部 rank（%n 个有数据）</numerusform>
        </translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message numerus="yes">
        <source>%n API(s), %1 calls, %2 ms in all</source>
        <translation>
            <numerusform>%n 个 API，%1 次调用，共 %2 ms</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s) without api_statistic.csv: from the CANN API calls of the timeline</source>
        <translation>
            <numerusform>%n 个 rank 没有 api_statistic.csv：数据来自时间线中的 CANN API 调用</numerusform>
        </translation>
    </message>
    <message>
        <source>Time by API type</source>
        <translation>按 API 类型统计的耗时</translation>
    </message>
    <message>
        <source>%1 · %2%</source>
        <translation>%1 · %2%</translation>
    </message>
    <message>
        <source>(no type)</source>
        <translation>（无类型）</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n API(s), %2 calls, %3 ms; click to show only this type</source>
        <translation>
            <numerusform>%1：%n 个 API，%2 次调用，%3 ms；单击可仅显示此类型</numerusform>
        </translation>
    </message>
    <message>
        <source>Top %1 APIs by total time (ms)</source>
        <translation>总耗时前 %1 的 API (ms)</translation>
    </message>
</context>
<context>
    <name>profscope::Banner</name>
    <message>
        <source>Show report</source>
        <translation>查看报告</translation>
    </message>
    <message>
        <source>Import notice</source>
        <translation>导入提示</translation>
    </message>
    <message>
        <source>Hide this notice (the report stays under File → Import Report)</source>
        <translation>隐藏此提示（报告仍可从“文件 → 导入报告”打开）</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>profscope::Cluster</name>
    <message numerus="yes">
        <source>%n rank(s) share no collective with the others and keep their own clock: %1</source>
        <translation>
            <numerusform>%n 个 rank 与其他 rank 没有共同的集合通信，保留其自身时钟：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>no timeline and no step trace were loaded for this rank</source>
        <translation>该 rank 未加载时间线，也未加载 step trace</translation>
    </message>
    <message numerus="yes">
        <source>… (%n more)</source>
        <translation>
            <numerusform>…（另有 %n 个）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>profscope::ClusterOutput</name>
    <message>
        <source>not read: the same data was read from %1 (one source per kind of data)</source>
        <translation>未读取：相同的数据已从 %1 读取（每类数据只取一个来源）</translation>
    </message>
    <message>
        <source>not msprof-analyze&apos;s cluster_analysis.db (MindStudio Insight writes its cluster.db cache here): not read</source>
        <translation>不是 msprof-analyze 的 cluster_analysis.db（MindStudio Insight 会在此写入其 cluster.db 缓存）：未读取</translation>
    </message>
    <message>
        <source>not a file Profscope knows</source>
        <translation>不是 Profscope 认识的文件</translation>
    </message>
    <message>
        <source>recognised profiler output, not read by this version of Profscope</source>
        <translation>已识别的性能数据输出，此版本的 Profscope 不读取</translation>
    </message>
    <message>
        <source>rank(s) %1 have this data from their own folder: used from there, these rows only in the cluster table</source>
        <translation>rank %1 在各自的文件夹中已有此数据：使用文件夹中的数据，这些行只用于集群表</translation>
    </message>
    <message>
        <source>rank(s) %1 have step data from their own folder: used from there</source>
        <translation>rank %1 在各自的文件夹中已有迭代数据：使用文件夹中的数据</translation>
    </message>
    <message>
        <source>rank(s) %1 have communication data from their own folder: used from there</source>
        <translation>rank %1 在各自的文件夹中已有通信数据：使用文件夹中的数据</translation>
    </message>
    <message numerus="yes">
        <source>msprof-analyze cluster output in %1: %n rank(s)</source>
        <translation>
            <numerusform>%1 中的 msprof-analyze 集群输出：%n 个 rank</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>msprof-analyze cluster output in %1: %n rank(s), %2 known only from it (no timeline)</source>
        <translation>
            <numerusform>%1 中的 msprof-analyze 集群输出：%n 个 rank，其中 %2 个仅见于该输出（无时间线）</numerusform>
        </translation>
    </message>
    <message>
        <source>no column %1: table not read</source>
        <translation>缺少列 %1：未读取该表</translation>
    </message>
    <message>
        <source>table %1, row %2: %3; row skipped</source>
        <translation>表 %1 第 %2 行：%3；已跳过该行</translation>
    </message>
    <message>
        <source>rank_set &quot;%1&quot; is not a rank list</source>
        <translation>rank_set &quot;%1&quot; 不是 rank 列表</translation>
    </message>
    <message>
        <source>computing is empty</source>
        <translation>computing 为空</translation>
    </message>
    <message>
        <source>%1 holds &quot;%2&quot;, not a number</source>
        <translation>%1 的值为 &quot;%2&quot;，不是数字</translation>
    </message>
    <message>
        <source>index &quot;%1&quot; of a rank row is not a rank id</source>
        <translation>rank 行的 index &quot;%1&quot; 不是 rank id</translation>
    </message>
    <message>
        <source>table %1, row %2: stage index &quot;%3&quot; is not a rank list</source>
        <translation>表 %1 第 %2 行：stage 的 index &quot;%3&quot; 不是 rank 列表</translation>
    </message>
    <message>
        <source>type &quot;%1&quot; is neither rank nor stage</source>
        <translation>type &quot;%1&quot; 既不是 rank 也不是 stage</translation>
    </message>
    <message>
        <source>rankId &quot;%1&quot; is not a rank id</source>
        <translation>rankId &quot;%1&quot; 不是 rank id</translation>
    </message>
    <message>
        <source>rank_id &quot;%1&quot; is not a rank id</source>
        <translation>rank_id &quot;%1&quot; 不是 rank id</translation>
    </message>
    <message>
        <source>a time of %1 is not a number</source>
        <translation>%1 中的时间不是数字</translation>
    </message>
    <message>
        <source>src_rank &quot;%1&quot; / dst_rank &quot;%2&quot; are not rank ids</source>
        <translation>src_rank &quot;%1&quot; / dst_rank &quot;%2&quot; 不是 rank id</translation>
    </message>
    <message>
        <source>SQLite file without msprof-analyze cluster tables (%1)</source>
        <translation>SQLite 文件中没有 msprof-analyze 集群表（%1）</translation>
    </message>
    <message>
        <source>an unfinished write-ahead log (-wal) lies beside it: read from a private copy of both</source>
        <translation>旁边有未完成的预写日志（-wal）：从两者的私有副本读取</translation>
    </message>
    <message>
        <source>msprof-analyze tables (current names)</source>
        <translation>msprof-analyze 表（当前表名）</translation>
    </message>
    <message>
        <source>msprof-analyze tables (names before 2025-03)</source>
        <translation>msprof-analyze 表（2025-03 之前的表名）</translation>
    </message>
    <message>
        <source>rank row with Index &quot;%1&quot;, not a rank id; skipped</source>
        <translation>Index 为 &quot;%1&quot; 的 rank 行不是 rank id；已跳过</translation>
    </message>
    <message>
        <source>stage Index &quot;%1&quot; is not a rank list</source>
        <translation>stage 的 Index &quot;%1&quot; 不是 rank 列表</translation>
    </message>
    <message>
        <source>Type &quot;%1&quot; is neither rank nor stage; skipped</source>
        <translation>Type &quot;%1&quot; 既不是 rank 也不是 stage；已跳过</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an object, skipped</source>
        <translation>&quot;%1&quot; 不是对象，已跳过</translation>
    </message>
    <message>
        <source>%1 is not an object, skipped</source>
        <translation>%1 不是对象，已跳过</translation>
    </message>
    <message>
        <source>%1/%2 is not an object, skipped</source>
        <translation>%1/%2 不是对象，已跳过</translation>
    </message>
    <message>
        <source>%1/%2: rank &quot;%3&quot; is not a rank id with an object, skipped</source>
        <translation>%1/%2：rank &quot;%3&quot; 不是带对象的 rank id，已跳过</translation>
    </message>
    <message>
        <source>%1/%2: link &quot;%3&quot; is not &quot;src-dst&quot; with an object, skipped</source>
        <translation>%1/%2：链路 &quot;%3&quot; 不是带对象的 &quot;src-dst&quot;，已跳过</translation>
    </message>
    <message>
        <source>%1: rank %2 is not an integer</source>
        <translation>%1：rank %2 不是整数</translation>
    </message>
    <message>
        <source>%1: rank set &quot;%2&quot; is not a rank list</source>
        <translation>%1：rank 集合 &quot;%2&quot; 不是 rank 列表</translation>
    </message>
    <message>
        <source>%1 holds %2 µs, outside the representable range of times</source>
        <translation>%1 为 %2 µs，超出可表示的时间范围</translation>
    </message>
</context>
<context>
    <name>profscope::ClusterStepTableModel</name>
    <message>
        <source>Preparing + the span from the first to the last device task of the step</source>
        <translation>准备时间 + 该迭代中从第一个到最后一个设备任务的跨度</translation>
    </message>
    <message>
        <source>Pipeline stage, from the communication groups</source>
        <translation>流水线阶段，由通信域推断</translation>
    </message>
    <message>
        <source>From the old-format step trace (MindInsight)</source>
        <translation>来自旧格式的 step trace（MindInsight）</translation>
    </message>
    <message>
        <source>%1 (us)</source>
        <translation>%1 (us)</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Pipeline stage</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>Step time (us)</source>
        <translation>迭代耗时 (us)</translation>
    </message>
    <message>
        <source>Iteration interval (us)</source>
        <translation>迭代间隔 (us)</translation>
    </message>
    <message>
        <source>FP+BP (us)</source>
        <translation>FP+BP (us)</translation>
    </message>
    <message>
        <source>Iteration tail (us)</source>
        <translation>迭代拖尾 (us)</translation>
    </message>
    <message>
        <source>From the profiler&apos;s summary (step_trace_time.csv / StepTraceTime): this rank has no timeline, so the figures are shown as written, not recomputed</source>
        <translation>来自 profiler 的汇总（step_trace_time.csv / StepTraceTime）：该 rank 没有时间线，数值按原样显示，未重新计算</translation>
    </message>
    <message>
        <source>From a Profscope summary (profscope-cli summarize): recomputed from this rank&apos;s timeline next to the data, with the same definitions; the timeline itself was not copied</source>
        <translation>来自 Profscope 摘要（profscope-cli summarize）：在数据所在处按相同定义由该 rank 的时间线重新计算；时间线本身未被复制</translation>
    </message>
</context>
<context>
    <name>profscope::Collector</name>
    <message>
        <source>%1 could not be started: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>%1 crashed%2</source>
        <translation>%1 崩溃%2</translation>
    </message>
    <message>
        <source>%1 failed (exit code %2)%3</source>
        <translation>%1 失败（退出码 %2）%3</translation>
    </message>
    <message>
        <source>ssh could not be started: %1</source>
        <translation>无法启动 ssh：%1</translation>
    </message>
    <message>
        <source>ssh failed: %1</source>
        <translation>ssh 失败：%1</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot create folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>%1 is nested too deeply</source>
        <translation>%1 的嵌套层级过深</translation>
    </message>
    <message>
        <source>--ssh-option expects KEY=VALUE, got &quot;%1&quot;</source>
        <translation>--ssh-option 应为 KEY=VALUE 格式，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--ssh-option &quot;%1&quot; contains a control character</source>
        <translation>--ssh-option &quot;%1&quot; 包含控制字符</translation>
    </message>
    <message>
        <source>host keys are always checked: StrictHostKeyChecking=%1 is refused. Add the hosts to a known_hosts file (--known-hosts FILE), or accept keys on first use with StrictHostKeyChecking=accept-new</source>
        <translation>始终检查主机密钥：拒绝使用 StrictHostKeyChecking=%1。请将这些主机加入 known_hosts 文件（--known-hosts FILE），或使用 StrictHostKeyChecking=accept-new 在首次连接时接受主机密钥</translation>
    </message>
    <message>
        <source>UserKnownHostsFile=/dev/null would turn host key checking into a formality; give a real file with --known-hosts FILE</source>
        <translation>UserKnownHostsFile=/dev/null 会使主机密钥检查形同虚设；请用 --known-hosts FILE 指定一个真实的文件</translation>
    </message>
    <message>
        <source>BatchMode stays yes: the collector never prompts (use ssh keys or an agent)</source>
        <translation>BatchMode 始终为 yes：收集器从不提示输入（请使用 ssh 密钥或 agent）</translation>
    </message>
    <message>
        <source>give the output folder OUT_DIR</source>
        <translation>请指定输出文件夹 OUT_DIR</translation>
    </message>
    <message>
        <source>nothing to collect: give --hosts FILE with --remote-path PATTERN, or --from DIR</source>
        <translation>没有可收集的内容：请指定 --hosts FILE 和 --remote-path PATTERN，或指定 --from DIR</translation>
    </message>
    <message>
        <source>--hosts needs --remote-path PATTERN (the remote folder holding the rank folders)</source>
        <translation>--hosts 需要配合 --remote-path PATTERN（远程主机上存放 rank 文件夹的文件夹）</translation>
    </message>
    <message>
        <source>only the last component of --remote-path may contain wildcards: %1</source>
        <translation>--remote-path 只有最后一级可以包含通配符：%1</translation>
    </message>
    <message>
        <source>--remote-path contains a NUL character</source>
        <translation>--remote-path 包含 NUL 字符</translation>
    </message>
    <message>
        <source>--remote-path needs --hosts FILE</source>
        <translation>--remote-path 需要配合 --hosts FILE</translation>
    </message>
    <message>
        <source>%1: %2 is not a file</source>
        <translation>%1：%2 不是文件</translation>
    </message>
    <message>
        <source>%1: ssh would expand &quot;${&quot; in %2; use a path without it</source>
        <translation>%1：ssh 会展开 %2 中的 &quot;${&quot;；请使用不含它的路径</translation>
    </message>
    <message>
        <source>--jobs must be at least 1</source>
        <translation>--jobs 至少为 1</translation>
    </message>
    <message>
        <source>--max-depth must not be negative</source>
        <translation>--max-depth 不能为负数</translation>
    </message>
    <message>
        <source>--connect-timeout must be at least 1 second</source>
        <translation>--connect-timeout 至少为 1 秒</translation>
    </message>
    <message>
        <source>--summary-max-size must be positive</source>
        <translation>--summary-max-size 必须为正数</translation>
    </message>
    <message>
        <source>host alias &quot;%1&quot; is used twice in the hosts file</source>
        <translation>主机别名 &quot;%1&quot; 在主机文件中出现了两次</translation>
    </message>
    <message>
        <source>OUT_DIR %1 and --from %2 overlap</source>
        <translation>OUT_DIR %1 与 --from %2 相互重叠</translation>
    </message>
    <message>
        <source>verification failed: Profscope finds no rank in the copy</source>
        <translation>校验失败：Profscope 在副本中找不到任何 rank</translation>
    </message>
    <message numerus="yes">
        <source>verification failed: %n broken file(s): %1</source>
        <translation>
            <numerusform>校验失败：%n 个文件已损坏：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>verification failed: no profile data file could be loaded</source>
        <translation>校验失败：无法加载任何性能数据文件</translation>
    </message>
    <message>
        <source>%1: already complete, skipped</source>
        <translation>%1：已完整收集，已跳过</translation>
    </message>
    <message>
        <source>%1: would copy %2 -&gt; %3</source>
        <translation>%1：将复制 %2 -&gt; %3</translation>
    </message>
    <message>
        <source>%1: copying (%2)</source>
        <translation>%1：正在复制（%2）</translation>
    </message>
    <message>
        <source>%1: failed: %2</source>
        <translation>%1：失败：%2</translation>
    </message>
    <message>
        <source>%1: warning: %2</source>
        <translation>%1：警告：%2</translation>
    </message>
    <message numerus="yes">
        <source>%1: ok, rank %2, %n file(s), %3</source>
        <translation>
            <numerusform>%1：成功，rank %2，%n 个文件，%3</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not a folder</source>
        <translation>%1 不是文件夹</translation>
    </message>
    <message>
        <source>[%1] %2: CANN msprof output has no summary files, skipped (collect without --summary-only)</source>
        <translation>[%1] %2：CANN msprof 输出中没有 summary 文件，已跳过（请去掉 --summary-only 后收集）</translation>
    </message>
    <message>
        <source>no profiler data found under %1</source>
        <translation>%1 下未找到性能数据</translation>
    </message>
    <message numerus="yes">
        <source>[%1] %n rank folder(s) under %2</source>
        <translation>
            <numerusform>[%1] %2 下有 %n 个 rank 文件夹</numerusform>
        </translation>
    </message>
    <message>
        <source>ssh is not installed (Debian: apt-get install openssh-client)</source>
        <translation>未安装 ssh（Debian：apt-get install openssh-client）</translation>
    </message>
    <message>
        <source>[%1] connecting to %2</source>
        <translation>[%1] 正在连接 %2</translation>
    </message>
    <message>
        <source>rsync is not installed here (Debian: apt-get install rsync)</source>
        <translation>本机未安装 rsync（Debian：apt-get install rsync）</translation>
    </message>
    <message>
        <source>rsync is not installed on %1</source>
        <translation>%1 上未安装 rsync</translation>
    </message>
    <message>
        <source>[%1] rsync is missing %2, copying with scp</source>
        <translation>[%1] %2缺少 rsync，改用 scp 复制</translation>
    </message>
    <message>
        <source>here</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>on the host</source>
        <translation>远程主机上</translation>
    </message>
    <message>
        <source>scp is not installed (Debian: apt-get install openssh-client)</source>
        <translation>未安装 scp（Debian：apt-get install openssh-client）</translation>
    </message>
    <message>
        <source>no folder matches %1%2</source>
        <translation>没有文件夹匹配 %1%2</translation>
    </message>
    <message>
        <source>no profiler data found under %1%2</source>
        <translation>%1 下未找到性能数据%2</translation>
    </message>
    <message>
        <source>[%1] listing warnings: %2</source>
        <translation>[%1] 列出文件时的警告：%2</translation>
    </message>
    <message>
        <source>some files vanished during the copy: %1</source>
        <translation>部分文件在复制过程中消失：%1</translation>
    </message>
    <message>
        <source>cannot remove the partial copy %1</source>
        <translation>无法删除不完整的副本 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n rank folder(s) failed</source>
        <translation>
            <numerusform>%n 个 rank 文件夹中有 %1 个失败</numerusform>
        </translation>
    </message>
    <message>
        <source>[%1] failed: %2</source>
        <translation>[%1] 失败：%2</translation>
    </message>
    <message>
        <source>warning: %1 is not a collector manifest; every rank is copied again</source>
        <translation>警告：%1 不是收集器清单；将重新复制所有 rank</translation>
    </message>
    <message>
        <source>cannot create the output folder %1</source>
        <translation>无法创建输出文件夹 %1</translation>
    </message>
    <message>
        <source>the host alias is empty</source>
        <translation>主机别名为空</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be a host alias</source>
        <translation>&quot;%1&quot; 不能用作主机别名</translation>
    </message>
    <message>
        <source>a host alias cannot contain &apos;/&apos;</source>
        <translation>主机别名不能包含 &apos;/&apos;</translation>
    </message>
    <message>
        <source>a host alias cannot contain control characters</source>
        <translation>主机别名不能包含控制字符</translation>
    </message>
    <message>
        <source>the host alias is longer than 200 bytes</source>
        <translation>主机别名超过 200 字节</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is reserved for the collector&apos;s own files</source>
        <translation>&quot;%1&quot; 已保留给收集器自身的文件使用</translation>
    </message>
    <message>
        <source>hosts file</source>
        <translation>主机文件</translation>
    </message>
    <message>
        <source>invalid user name &quot;%1&quot; (letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; only)</source>
        <translation>无效的用户名 &quot;%1&quot;（只能包含字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;）</translation>
    </message>
    <message>
        <source>missing &apos;]&apos; in &quot;%1&quot;</source>
        <translation>&quot;%1&quot; 中缺少 &apos;]&apos;</translation>
    </message>
    <message>
        <source>invalid port in &quot;%1&quot;</source>
        <translation>&quot;%1&quot; 中的端口无效</translation>
    </message>
    <message>
        <source>invalid host name &quot;%1&quot; (letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;, not starting with &apos;-&apos; or &apos;.&apos;; IPv6 addresses in [brackets])</source>
        <translation>无效的主机名 &quot;%1&quot;（只能包含字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;，且不能以 &apos;-&apos; 或 &apos;.&apos; 开头；IPv6 地址须写在 [方括号] 中）</translation>
    </message>
    <message>
        <source>the port is given twice</source>
        <translation>端口被指定了两次</translation>
    </message>
    <message>
        <source>unexpected &quot;%1&quot;: a line is HOST [PORT] [ALIAS]</source>
        <translation>意外的 &quot;%1&quot;：每行的格式为 HOST [PORT] [ALIAS]</translation>
    </message>
    <message>
        <source>cannot read the hosts file %1: %2</source>
        <translation>无法读取主机文件 %1：%2</translation>
    </message>
    <message>
        <source>%1 is larger than 16 MiB: not a hosts file</source>
        <translation>%1 大于 16 MiB：不是主机文件</translation>
    </message>
    <message>
        <source>verification failed: no profile data could be read from the database exports</source>
        <translation>校验失败：无法从数据库导出中读取任何性能数据</translation>
    </message>
    <message>
        <source>--summarize and --summary-only exclude each other: --summarize copies only the summaries computed on the host, --summary-only the profiler&apos;s own small files</source>
        <translation>--summarize 与 --summary-only 不能同时使用：--summarize 只复制在主机上计算的摘要，--summary-only 只复制 profiler 自己的小文件</translation>
    </message>
    <message>
        <source>nothing could be loaded from %1</source>
        <translation>无法从 %1 加载任何内容</translation>
    </message>
    <message>
        <source>creating a temporary folder on the host</source>
        <translation>在主机上创建临时文件夹</translation>
    </message>
    <message>
        <source>[%1] warning: %2 could not be removed on the host</source>
        <translation>[%1] 警告：无法在主机上删除 %2</translation>
    </message>
    <message>
        <source>%1 is not installed on the host: install Profscope there, or give its path with --remote-cli</source>
        <translation>主机上未安装 %1：请在该主机上安装 Profscope，或用 --remote-cli 指定其路径</translation>
    </message>
</context>
<context>
    <name>profscope::ColorRulesDialog</name>
    <message>
        <source>Timeline Colour Rules</source>
        <translation>时间线颜色规则</translation>
    </message>
    <message>
        <source>Slices whose name matches a pattern (a regular expression, case-insensitive, found anywhere in the name) or whose family is a category are drawn in the rule&apos;s colour. The first enabled rule that matches wins; other slices keep their family colour.</source>
        <translation>名称与模式匹配（正则表达式，不区分大小写，可匹配名称中的任意位置）或类别与指定类别相同的切片，将以该规则的颜色绘制。第一条匹配的已启用规则生效；其他切片保持其类别颜色。</translation>
    </message>
    <message>
        <source>On</source>
        <translation>启用</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Pattern or category</source>
        <translation>模式或类别</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>颜色</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Move Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Move Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Import...</source>
        <translation>导入...</translation>
    </message>
    <message>
        <source>Export...</source>
        <translation>导出...</translation>
    </message>
    <message>
        <source>Replace these rules by those of a JSON file</source>
        <translation>用 JSON 文件中的规则替换当前规则</translation>
    </message>
    <message>
        <source>Save these rules as a JSON file, to share them or use them on another machine</source>
        <translation>将当前规则保存为 JSON 文件，以便共享或在其他机器上使用</translation>
    </message>
    <message>
        <source>a slice name, e.g. aclnnMatmul_MatMulCommon_MatMulV2</source>
        <translation>切片名称，例如 aclnnMatmul_MatMulCommon_MatMulV2</translation>
    </message>
    <message>
        <source>The family of the slice: set from its name, change it for host lanes or device task types</source>
        <translation>切片的类别：根据名称自动设置；对于主机泳道或设备任务类型，请手动更改</translation>
    </message>
    <message>
        <source>Try:</source>
        <translation>测试：</translation>
    </message>
    <message>
        <source>as</source>
        <translation>作为</translation>
    </message>
    <message>
        <source>Live preview</source>
        <translation>实时预览</translation>
    </message>
    <message>
        <source>Show the edited rules on the timeline at once</source>
        <translation>立即在时间线上显示编辑后的规则</translation>
    </message>
    <message>
        <source>Use this rule</source>
        <translation>启用此规则</translation>
    </message>
    <message>
        <source>Name matches</source>
        <translation>名称匹配</translation>
    </message>
    <message>
        <source>Category is</source>
        <translation>类别为</translation>
    </message>
    <message>
        <source>Choose the colour of this rule</source>
        <translation>选择此规则的颜色</translation>
    </message>
    <message>
        <source>e.g. ^MatMul|Conv2D</source>
        <translation>例如 ^MatMul|Conv2D</translation>
    </message>
    <message>
        <source>Colour of Rule %1</source>
        <translation>规则 %1 的颜色</translation>
    </message>
    <message>
        <source>Rule %1: %2</source>
        <translation>规则 %1：%2</translation>
    </message>
    <message>
        <source>A regular expression, case-insensitive, found anywhere in the name</source>
        <translation>正则表达式，不区分大小写，可匹配名称中的任意位置</translation>
    </message>
    <message>
        <source>No rules: every slice has its family colour. Add one to start.</source>
        <translation>没有规则：每个切片使用其类别颜色。添加一条规则即可开始。</translation>
    </message>
    <message numerus="yes">
        <source>%n rule(s); the first enabled one that matches a slice colours it.</source>
        <translation>
            <numerusform>共 %n 条规则；切片由第一条与之匹配的已启用规则着色。</numerusform>
        </translation>
    </message>
    <message>
        <source>fix the rules first</source>
        <translation>请先修正规则</translation>
    </message>
    <message>
        <source>no rule: its family colour</source>
        <translation>无匹配规则：使用其类别颜色</translation>
    </message>
    <message>
        <source>&lt;span style=&quot;background-color:%1&quot;&gt;&amp;nbsp;&amp;nbsp;&amp;nbsp;&amp;nbsp;&lt;/span&gt; rule %2</source>
        <translation>&lt;span style=&quot;background-color:%1&quot;&gt;&amp;nbsp;&amp;nbsp;&amp;nbsp;&amp;nbsp;&lt;/span&gt; 规则 %2</translation>
    </message>
    <message>
        <source>%1: cannot be read (%2)</source>
        <translation>%1：无法读取（%2）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: cannot be written (%2)</source>
        <translation>%1：无法写入（%2）</translation>
    </message>
    <message>
        <source>Import Colour Rules</source>
        <translation>导入颜色规则</translation>
    </message>
    <message>
        <source>Colour rules (*.json);;All files (*)</source>
        <translation>颜色规则 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The rules were not imported.

%1</source>
        <translation>未导入规则。

%1</translation>
    </message>
    <message>
        <source>Export Colour Rules</source>
        <translation>导出颜色规则</translation>
    </message>
    <message>
        <source>Colour rules (*.json)</source>
        <translation>颜色规则 (*.json)</translation>
    </message>
</context>
<context>
    <name>profscope::CommComparePanel</name>
    <message>
        <source>Links (all groups, total of the step)</source>
        <translation>链路（所有通信域，迭代合计）</translation>
    </message>
    <message>
        <source>Collectives of the compared ranks</source>
        <translation>所比较 rank 的集合通信</translation>
    </message>
    <message>
        <source>Load a second run (File → Compare With…) to compare its communication with this one.</source>
        <translation>加载另一次运行（文件 → 与其他运行对比…），将其通信与本次运行进行对比。</translation>
    </message>
    <message>
        <source>all steps</source>
        <translation>全部迭代</translation>
    </message>
    <message>
        <source>step %1 vs B&apos;s step %2</source>
        <translation>迭代 %1 对比 B 的迭代 %2</translation>
    </message>
    <message>
        <source>(all)</source>
        <translation>（全部）</translation>
    </message>
    <message>
        <source>Base rank %1 vs B rank %2, %3. Δ = B − base; sorted by |Δ|.</source>
        <translation>基准 rank %1 对比 B rank %2，%3。Δ = B − 基准；按 |Δ| 排序。</translation>
    </message>
    <message>
        <source>Collectives of the compared ranks: base %1 ms, B %2 ms, Δ %3%4 ms</source>
        <translation>所比较 rank 的集合通信：基准 %1 ms，B %2 ms，Δ %3%4 ms</translation>
    </message>
</context>
<context>
    <name>profscope::CommDurationBars</name>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Rank %1&lt;/b&gt;, %n op(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Rank %1&lt;/b&gt;，%n 个算子</numerusform>
        </translation>
    </message>
    <message>
        <source>Elapse</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Transit</source>
        <translation>传输</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>Synchronization</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Wait ratio %1%, synchronization ratio %2%</source>
        <translation>等待比 %1%，同步比 %2%</translation>
    </message>
    <message>
        <source>Slow rank: %1% behind rank %2</source>
        <translation>慢卡：比 rank %2 慢 %1%</translation>
    </message>
    <message>
        <source>Wait (other)</source>
        <translation>等待（其他）</translation>
    </message>
    <message>
        <source>slow rank</source>
        <translation>慢卡</translation>
    </message>
    <message>
        <source>Communication time per rank</source>
        <translation>各 rank 的通信时间</translation>
    </message>
    <message>
        <source>No communication.json data for this group and step.</source>
        <translation>该通信域和迭代没有 communication.json 数据。</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
</context>
<context>
    <name>profscope::CommDurationModel</name>
    <message>
        <source>slow, %1 behind rank %2</source>
        <translation>慢卡，比 rank %2 慢 %1</translation>
    </message>
    <message>
        <source>Rank %1 spends %2 ms in the group&apos;s collectives, rank %3 (the fastest, it waits most) %4 ms.</source>
        <translation>Rank %1 在该通信域的集合通信中耗时 %2 ms，rank %3（最快，等待最多）耗时 %4 ms。</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Ops</source>
        <translation>算子数</translation>
    </message>
    <message>
        <source>Elapse (ms)</source>
        <translation>耗时 (ms)</translation>
    </message>
    <message>
        <source>Transit (ms)</source>
        <translation>传输 (ms)</translation>
    </message>
    <message>
        <source>Wait (ms)</source>
        <translation>等待 (ms)</translation>
    </message>
    <message>
        <source>Synchronization (ms)</source>
        <translation>同步 (ms)</translation>
    </message>
    <message>
        <source>Idle (ms)</source>
        <translation>空闲 (ms)</translation>
    </message>
    <message>
        <source>Wait Ratio (%)</source>
        <translation>等待比 (%)</translation>
    </message>
    <message>
        <source>Sync Ratio (%)</source>
        <translation>同步比 (%)</translation>
    </message>
    <message>
        <source>Slow Rank</source>
        <translation>慢卡</translation>
    </message>
    <message>
        <source>%1 Bandwidth (GB/s)</source>
        <translation>%1 带宽 (GB/s)</translation>
    </message>
</context>
<context>
    <name>profscope::CommHeatmap</name>
    <message>
        <source>Bandwidth (GB/s)</source>
        <translation>带宽 (GB/s)</translation>
    </message>
    <message>
        <source>Transit Size (MB)</source>
        <translation>传输大小 (MB)</translation>
    </message>
    <message>
        <source>Transit Time (ms)</source>
        <translation>传输耗时 (ms)</translation>
    </message>
    <message>
        <source>Transport Type</source>
        <translation>传输类型</translation>
    </message>
    <message>
        <source>%1 → %2: %3 × %4 ranks. Right-click or Esc to go back.</source>
        <translation>%1 → %2：%3 × %4 个 rank。右键单击或按 Esc 返回。</translation>
    </message>
    <message>
        <source>%1 ranks in %2 blocks. Click a block to zoom in.</source>
        <translation>%1 个 rank，分为 %2 个块。单击块可放大。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n 个 rank</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Rank %1 → rank %2&lt;/b&gt;</source>
        <translation>&lt;b&gt;Rank %1 → rank %2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 → %2&lt;/b&gt; (%3 × %4 ranks)</source>
        <translation>&lt;b&gt;%1 → %2&lt;/b&gt;（%3 × %4 个 rank）</translation>
    </message>
    <message>
        <source>No traffic</source>
        <translation>无流量</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>传输类型</translation>
    </message>
    <message>
        <source>Transit size</source>
        <translation>传输大小</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>Transit time</source>
        <translation>传输耗时</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>链路数</translation>
    </message>
    <message>
        <source>Ops: %1</source>
        <translation>算子：%1</translation>
    </message>
    <message>
        <source>Slow link: %1 GB/s, %2 average %3 GB/s</source>
        <translation>慢链路：%1 GB/s，%2 平均 %3 GB/s</translation>
    </message>
    <message>
        <source>Local copy: not on the colour scale</source>
        <translation>本地拷贝：不计入色阶</translation>
    </message>
    <message numerus="yes">
        <source>%n slow link(s)</source>
        <translation>
            <numerusform>%n 条慢链路</numerusform>
        </translation>
    </message>
    <message>
        <source>No communication matrix for this group, step and op.
The ranks need communication_matrix.json (profiler level 1 or higher).</source>
        <translation>该通信域、迭代和算子没有通信矩阵。
各 rank 需要 communication_matrix.json（采集级别 1 或更高）。</translation>
    </message>
    <message>
        <source>Open a profile to see its communication matrix.</source>
        <translation>打开性能数据以查看其通信矩阵。</translation>
    </message>
    <message>
        <source>Dst rank</source>
        <translation>目的 rank</translation>
    </message>
    <message>
        <source>Src rank</source>
        <translation>源 rank</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>MB</source>
        <translation>MB</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>local copy</source>
        <translation>本地拷贝</translation>
    </message>
    <message>
        <source>slow link</source>
        <translation>慢链路</translation>
    </message>
</context>
<context>
    <name>profscope::CommLinkDeltaModel</name>
    <message>
        <source>Only in the base run</source>
        <translation>仅在基准运行中</translation>
    </message>
    <message>
        <source>Only in the comparison run (B)</source>
        <translation>仅在对比运行（B）中</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>传输类型</translation>
    </message>
    <message>
        <source>Base time (ms)</source>
        <translation>基准耗时 (ms)</translation>
    </message>
    <message>
        <source>B time (ms)</source>
        <translation>B 耗时 (ms)</translation>
    </message>
    <message>
        <source>Δ time (ms)</source>
        <translation>Δ 耗时 (ms)</translation>
    </message>
    <message>
        <source>Base GB/s</source>
        <translation>基准 GB/s</translation>
    </message>
    <message>
        <source>B GB/s</source>
        <translation>B GB/s</translation>
    </message>
    <message>
        <source>Δ GB/s</source>
        <translation>Δ GB/s</translation>
    </message>
</context>
<context>
    <name>profscope::CommLinkOpsModel</name>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Src</source>
        <translation>源</translation>
    </message>
    <message>
        <source>Dst</source>
        <translation>目的</translation>
    </message>
    <message>
        <source>Matrix Entry</source>
        <translation>矩阵条目</translation>
    </message>
    <message>
        <source>Op Name</source>
        <translation>算子名称</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>传输类型</translation>
    </message>
    <message>
        <source>Size (MB)</source>
        <translation>大小 (MB)</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <source>Bandwidth (GB/s)</source>
        <translation>带宽 (GB/s)</translation>
    </message>
</context>
<context>
    <name>profscope::CommMatrixModel</name>
    <message>
        <source>slow</source>
        <translation>慢</translation>
    </message>
    <message>
        <source>Src Rank</source>
        <translation>源 Rank</translation>
    </message>
    <message>
        <source>Dst Rank</source>
        <translation>目的 Rank</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>传输类型</translation>
    </message>
    <message>
        <source>Transit Size (MB)</source>
        <translation>传输大小 (MB)</translation>
    </message>
    <message>
        <source>Transit Time (ms)</source>
        <translation>传输耗时 (ms)</translation>
    </message>
    <message>
        <source>Bandwidth (GB/s)</source>
        <translation>带宽 (GB/s)</translation>
    </message>
    <message>
        <source>Ops</source>
        <translation>算子数</translation>
    </message>
    <message>
        <source>Slow Link</source>
        <translation>慢链路</translation>
    </message>
</context>
<context>
    <name>profscope::CommOpDeltaModel</name>
    <message>
        <source>Only in the comparison run (B)</source>
        <translation>仅在对比运行（B）中</translation>
    </message>
    <message>
        <source>Only in the base run</source>
        <translation>仅在基准运行中</translation>
    </message>
    <message>
        <source>Paired by name</source>
        <translation>按名称配对</translation>
    </message>
    <message>
        <source>Paired by op type (%1) and order</source>
        <translation>按算子类型（%1）和顺序配对</translation>
    </message>
    <message>
        <source>(not in base)</source>
        <translation>（基准中没有）</translation>
    </message>
    <message>
        <source>(not in B)</source>
        <translation>（B 中没有）</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>B op</source>
        <translation>B 算子</translation>
    </message>
    <message>
        <source>Base count</source>
        <translation>基准次数</translation>
    </message>
    <message>
        <source>B count</source>
        <translation>B 次数</translation>
    </message>
    <message>
        <source>Base total (ms)</source>
        <translation>基准总耗时 (ms)</translation>
    </message>
    <message>
        <source>B total (ms)</source>
        <translation>B 总耗时 (ms)</translation>
    </message>
    <message>
        <source>Base mean (ms)</source>
        <translation>基准平均耗时 (ms)</translation>
    </message>
    <message>
        <source>B mean (ms)</source>
        <translation>B 平均耗时 (ms)</translation>
    </message>
    <message>
        <source>Δ total (ms)</source>
        <translation>Δ 总耗时 (ms)</translation>
    </message>
    <message>
        <source>Δ %</source>
        <translation>Δ %</translation>
    </message>
</context>
<context>
    <name>profscope::CommOpModel</name>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Start (µs)</source>
        <translation>开始时间 (µs)</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 数</translation>
    </message>
    <message>
        <source>Elapse Min (ms)</source>
        <translation>最小耗时 (ms)</translation>
    </message>
    <message>
        <source>Elapse Max (ms)</source>
        <translation>最大耗时 (ms)</translation>
    </message>
    <message>
        <source>Elapse Spread (ms)</source>
        <translation>耗时极差 (ms)</translation>
    </message>
    <message>
        <source>Transit Max (ms)</source>
        <translation>最大传输 (ms)</translation>
    </message>
    <message>
        <source>Wait Min (ms)</source>
        <translation>最小等待 (ms)</translation>
    </message>
    <message>
        <source>Wait Max (ms)</source>
        <translation>最大等待 (ms)</translation>
    </message>
    <message>
        <source>Sync Max (ms)</source>
        <translation>最大同步 (ms)</translation>
    </message>
    <message>
        <source>Longest Rank</source>
        <translation>耗时最长的 Rank</translation>
    </message>
</context>
<context>
    <name>profscope::CommOpTimeline</name>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>Ops per rank</source>
        <translation>各 rank 的算子</translation>
    </message>
    <message>
        <source>Ops per rank, aligned on %1</source>
        <translation>各 rank 的算子，按 %1 对齐</translation>
    </message>
    <message>
        <source>No timed communication ops for this group and step.</source>
        <translation>该通信域和迭代没有带时间信息的通信算子。</translation>
    </message>
    <message>
        <source>Time from the first op (ms)</source>
        <translation>距第一个算子的时间 (ms)</translation>
    </message>
    <message>
        <source>Time from the aligned op (ms)</source>
        <translation>距对齐算子的时间 (ms)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Rank %2, %3&lt;br&gt;Elapse %4 ms: transit %5, wait %6 (sync %7), idle %8 ms</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Rank %2，%3&lt;br&gt;耗时 %4 ms：传输 %5，等待 %6（同步 %7），空闲 %8 ms</translation>
    </message>
</context>
<context>
    <name>profscope::CommPacketChart</name>
    <message>
        <source>Packet size distribution</source>
        <translation>包大小分布</translation>
    </message>
    <message>
        <source>No packet sizes recorded for this group and step.</source>
        <translation>该通信域和迭代没有记录包大小。</translation>
    </message>
    <message>
        <source>Packet size (MB); bars: packets</source>
        <translation>包大小 (MB)；柱：包数</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 MB&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 MB&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n packet(s)</source>
        <translation>
            <numerusform>%1：%n 个包</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>profscope::CommunicationPage</name>
    <message>
        <source>Communication group (domain); the name comes from profiler_metadata.json</source>
        <translation>通信域；名称来自 profiler_metadata.json</translation>
    </message>
    <message>
        <source>Size class of the matrix (total, top, middle, bottom ops) or one op</source>
        <translation>矩阵的规模分类（total、top、middle、bottom 算子）或单个算子</translation>
    </message>
    <message>
        <source>Group:</source>
        <translation>通信域：</translation>
    </message>
    <message>
        <source>Step:</source>
        <translation>迭代：</translation>
    </message>
    <message>
        <source>Op:</source>
        <translation>算子：</translation>
    </message>
    <message>
        <source>Back to all ranks</source>
        <translation>返回全部 rank</translation>
    </message>
    <message>
        <source>Ops on the selected link</source>
        <translation>所选链路上的算子</translation>
    </message>
    <message>
        <source>All links</source>
        <translation>全部链路</translation>
    </message>
    <message>
        <source>Matrix</source>
        <translation>矩阵</translation>
    </message>
    <message>
        <source>Ranks: ratios and bandwidth per transport</source>
        <translation>Rank：各传输类型的比例与带宽</translation>
    </message>
    <message>
        <source>Shift every rank so that this op starts at the same time</source>
        <translation>平移每个 rank，使该算子在同一时刻开始</translation>
    </message>
    <message>
        <source>Align on:</source>
        <translation>对齐：</translation>
    </message>
    <message>
        <source>Aggregated over ranks</source>
        <translation>按 rank 汇总</translation>
    </message>
    <message>
        <source>Per rank</source>
        <translation>逐 rank</translation>
    </message>
    <message>
        <source>Ops</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Duration Analysis</source>
        <translation>耗时分析</translation>
    </message>
    <message numerus="yes">
        <source>Every link from %n rank(s)</source>
        <translation>
            <numerusform>从 %n 个 rank</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> to %n rank(s)</source>
        <translation>
            <numerusform> 到 %n 个 rank 的全部链路</numerusform>
        </translation>
    </message>
    <message>
        <source>Save the table as shown (sorted) as CSV</source>
        <translation>将当前显示（已排序）的表格保存为 CSV</translation>
    </message>
    <message>
        <source>All groups</source>
        <translation>全部通信域</translation>
    </message>
    <message numerus="yes">
        <source>%1
%n rank(s)</source>
        <translation>
            <numerusform>%1
%n 个 rank</numerusform>
        </translation>
    </message>
    <message>
        <source>All steps</source>
        <translation>全部迭代</translation>
    </message>
    <message>
        <source>Open a profile to analyse its communication.</source>
        <translation>打开性能数据以分析其通信。</translation>
    </message>
    <message>
        <source>This profile has no communication data.

The communication page needs communication.json and communication_matrix.json (Ascend PyTorch or MindSpore profiler level 1 or 2, or msprof-analyze output) from ranks that ran collectives.</source>
        <translation>该性能数据没有通信数据。

通信页面需要执行过集合通信的 rank 的 communication.json 和 communication_matrix.json（Ascend PyTorch 或 MindSpore profiler 采集级别 1 或 2，或 msprof-analyze 的输出）。</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Top 1</source>
        <translation>Top 1</translation>
    </message>
    <message>
        <source>Middle</source>
        <translation>Middle</translation>
    </message>
    <message>
        <source>Bottom %1</source>
        <translation>Bottom %1</translation>
    </message>
    <message>
        <source>(not aligned)</source>
        <translation>（未对齐）</translation>
    </message>
    <message>
        <source>Click a cell of the matrix to list the ops that used the link.</source>
        <translation>单击矩阵中的单元格，列出使用该链路的算子。</translation>
    </message>
    <message>
        <source>Rank %1 → rank %2</source>
        <translation>Rank %1 → rank %2</translation>
    </message>
    <message>
        <source>: %1, %2 MB in %3 ms, %4 GB/s</source>
        <translation>：%1，%2 MB，耗时 %3 ms，%4 GB/s</translation>
    </message>
    <message>
        <source> (slow: %1 average %2 GB/s)</source>
        <translation>（慢链路：%1 平均 %2 GB/s）</translation>
    </message>
    <message numerus="yes">
        <source>Computing the communication statistics of %n rank(s)…</source>
        <translation>
            <numerusform>正在计算 %n 个 rank 的通信统计…</numerusform>
        </translation>
    </message>
    <message>
        <source>Run Comparison</source>
        <translation>运行对比</translation>
    </message>
</context>
<context>
    <name>profscope::Compare</name>
    <message>
        <source>Compares the device kernels of two ranks or two runs. Kernels are paired per stream by sequence alignment; per-type or per-op duration deltas are written as CSV or JSON.</source>
        <translation>比较两个 rank 或两次运行的设备算子。算子按流通过序列比对进行配对；按类型或按算子统计的耗时差值写为 CSV 或 JSON。</translation>
    </message>
    <message>
        <source>Rank id in PATH_A (default: its first rank).</source>
        <translation>PATH_A 中的 rank id（默认：其第一个 rank）。</translation>
    </message>
    <message>
        <source>Rank id in PATH_B (default: its first rank, or its second when PATH_A and PATH_B are the same).</source>
        <translation>PATH_B 中的 rank id（默认：其第一个 rank；PATH_A 与 PATH_B 相同时为其第二个 rank）。</translation>
    </message>
    <message>
        <source>type (default): one row per op type; op: one row per matched op pair and per op found on one side only.</source>
        <translation>type（默认）：每种算子类型一行；op：每对匹配的算子一行，只在一侧出现的算子也各占一行。</translation>
    </message>
    <message>
        <source>Alignment key: type-shape (default: op type and input shapes) or name.</source>
        <translation>比对键：type-shape（默认：算子类型和输入形状）或 name。</translation>
    </message>
    <message>
        <source>csv (default) or json.</source>
        <translation>csv（默认）或 json。</translation>
    </message>
    <message>
        <source>Write to FILE instead of standard output.</source>
        <translation>写入 FILE，而不是标准输出。</translation>
    </message>
    <message>
        <source>Only the N rows with the largest |delta| (0: all).</source>
        <translation>只输出 |delta| 最大的 N 行（0：全部）。</translation>
    </message>
    <message>
        <source>Base profile (rank folder or folder of ranks).</source>
        <translation>基准性能数据（rank 文件夹或包含多个 rank 的文件夹）。</translation>
    </message>
    <message>
        <source>Profile compared with the base.</source>
        <translation>与基准进行比较的性能数据。</translation>
    </message>
    <message>
        <source>compare: give PATH_A PATH_B, --by type|op, --key type-shape|name and --format csv|json (see --help)</source>
        <translation>compare：请指定 PATH_A PATH_B、--by type|op、--key type-shape|name 和 --format csv|json（参见 --help）</translation>
    </message>
    <message>
        <source>compare: --rank-a, --rank-b and --top take a non-negative number</source>
        <translation>compare：--rank-a、--rank-b 和 --top 应为非负数</translation>
    </message>
    <message>
        <source>error: rank not found in %1</source>
        <translation>错误：在 %1 中未找到该 rank</translation>
    </message>
    <message>
        <source>error: no kernel_details.csv for rank %1 (%2)</source>
        <translation>错误：rank %1 没有 kernel_details.csv（%2）</translation>
    </message>
    <message>
        <source>warning: the alignment hit its work limit; some ops are listed as one-sided</source>
        <translation>警告：比对达到工作量上限；部分算子被列为仅在一侧出现</translation>
    </message>
    <message>
        <source>note: stream ids differ between the two sides; streams paired by order of first kernel</source>
        <translation>提示：两侧的流 id 不同；按各流第一个算子的先后顺序配对流</translation>
    </message>
</context>
<context>
    <name>profscope::CompareBarsChart</name>
    <message>
        <source>Rank (left bar: base run, right bar, lighter: comparison run)</source>
        <translation>Rank（左侧柱：基准运行；右侧浅色柱：对比运行）</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 对比 %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Time per step (%1)</source>
        <translation>每个迭代的耗时 (%1)</translation>
    </message>
    <message>
        <source>No rank has step data to compare.</source>
        <translation>没有任何 rank 具有可对比的迭代数据。</translation>
    </message>
    <message>
        <source>Rank %1 · comparison rank %2</source>
        <translation>Rank %1 · 对比 rank %2</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>基准</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Δ</source>
        <translation>Δ</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>迭代耗时</translation>
    </message>
    <message>
        <source>Double-click: this rank&apos;s timeline</source>
        <translation>双击：打开此 rank 的时间线</translation>
    </message>
</context>
<context>
    <name>profscope::ComparisonBar</name>
    <message>
        <source>Edit mapping…</source>
        <translation>编辑映射…</translation>
    </message>
    <message>
        <source>Import report</source>
        <translation>导入报告</translation>
    </message>
    <message>
        <source>Run comparison</source>
        <translation>运行对比</translation>
    </message>
    <message>
        <source>Choose which rank of the comparison run stands for each rank of the base run</source>
        <translation>为基准运行的每个 rank 选择对比运行中与之对应的 rank</translation>
    </message>
    <message>
        <source>The import report of the comparison run</source>
        <translation>对比运行的导入报告</translation>
    </message>
    <message>
        <source>Close the comparison (File → Close Comparison)</source>
        <translation>关闭对比（文件 → 关闭对比）</translation>
    </message>
    <message>
        <source>Close Comparison</source>
        <translation>关闭对比</translation>
    </message>
    <message numerus="yes">
        <source>Comparing with %1 (%n rank(s)) · mapping %2</source>
        <translation>
            <numerusform>正在与 %1 对比（%n 个 rank）· 映射：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>Comparison run: %1
Rank mapping (base:comparison): %2</source>
        <translation>对比运行：%1
Rank 映射（基准:对比）：%2</translation>
    </message>
</context>
<context>
    <name>profscope::ComparisonController</name>
    <message>
        <source>Loading the comparison run</source>
        <translation>正在加载对比运行</translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation>与其他运行对比(&amp;W)…</translation>
    </message>
    <message>
        <source>Load a second run beside this one and compare them (or drop its folder on the window with Shift held)</source>
        <translation>在当前运行之外再加载一次运行并将二者对比（或按住 Shift 将其文件夹拖放到窗口上）</translation>
    </message>
    <message>
        <source>Compare With &amp;File…</source>
        <translation>与文件对比(&amp;F)…</translation>
    </message>
    <message>
        <source>Edit Rank &amp;Mapping…</source>
        <translation>编辑 Rank 映射(&amp;M)…</translation>
    </message>
    <message>
        <source>Comparison Import Re&amp;port…</source>
        <translation>对比运行导入报告(&amp;P)…</translation>
    </message>
    <message>
        <source>Close Compa&amp;rison</source>
        <translation>关闭对比(&amp;R)</translation>
    </message>
    <message>
        <source>Drop the comparison run; the base run stays</source>
        <translation>移除对比运行；保留基准运行</translation>
    </message>
    <message>
        <source>Compare With Folder</source>
        <translation>与文件夹对比</translation>
    </message>
    <message>
        <source>Open a profile first, then compare another run with it.</source>
        <translation>请先打开性能数据，再将另一次运行与其对比。</translation>
    </message>
    <message>
        <source>Comparing with %1</source>
        <translation>正在与 %1 对比</translation>
    </message>
    <message>
        <source>by rank id</source>
        <translation>按 rank id</translation>
    </message>
    <message numerus="yes">
        <source>… (%n pair(s) in all)</source>
        <translation>
            <numerusform>…（共 %n 对）</numerusform>
        </translation>
    </message>
    <message>
        <source>no rank paired</source>
        <translation>没有已配对的 rank</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>profscope::CsvReader</name>
    <message>
        <source>%1 is a directory, not a CSV file</source>
        <translation>%1 是文件夹，不是 CSV 文件</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>binary data (NUL byte) at byte %1: not a CSV file</source>
        <translation>第 %1 字节处有二进制数据（NUL 字节）：不是 CSV 文件</translation>
    </message>
    <message>
        <source>empty file: no header row</source>
        <translation>空文件：没有表头行</translation>
    </message>
    <message>
        <source>unterminated quoted cell starting on line %1</source>
        <translation>从第 %1 行开始的带引号单元格未闭合</translation>
    </message>
</context>
<context>
    <name>profscope::DataPipeline</name>
    <message>
        <source>%1 is using %2% CPU per worker; setting num_parallel_workers &gt; %3 might bring extra performance.</source>
        <translation>%1 每个工作线程的 CPU 占用为 %2%；将 num_parallel_workers 设为 &gt; %3 可能进一步提升性能。</translation>
    </message>
    <message>
        <source>%1 is using %2% CPU per worker; using %3 workers might not bring as much benefit as desired. Consider decreasing num_parallel_workers.</source>
        <translation>%1 每个工作线程的 CPU 占用为 %2%；使用 %3 个工作线程可能达不到预期收益。请考虑减小 num_parallel_workers。</translation>
    </message>
    <message>
        <source>Leaf op %1 is using %2% of its output queue. Setting num_parallel_workers &gt; %3 might speed up I/O.</source>
        <translation>叶子算子 %1 的输出队列使用率为 %2%。将 num_parallel_workers 设为 &gt; %3 可能加快 I/O。</translation>
    </message>
    <message>
        <source>%1&apos;s input queue is empty %2% of the time: the host cannot keep up with the device.</source>
        <translation>%1 的输入队列有 %2% 的时间为空：主机跟不上设备。</translation>
    </message>
    <message>
        <source>%1&apos;s input queue usage (%2%) is much higher than its output queue usage (%3%): the child produces faster than it consumes. Try increasing prefetch_size or num_workers.</source>
        <translation>%1 的输入队列使用率（%2%）远高于其输出队列使用率（%3%）：子算子的生产速度快于其消费速度。请尝试增大 prefetch_size 或 num_workers。</translation>
    </message>
    <message>
        <source>Bottleneck: %1 (high CPU usage per worker).</source>
        <translation>瓶颈：%1（每个工作线程的 CPU 占用较高）。</translation>
    </message>
    <message>
        <source>Try increasing num_parallel_workers of %1.</source>
        <translation>请尝试增大 %1 的 num_parallel_workers。</translation>
    </message>
    <message>
        <source>Bottleneck: %1 (low CPU usage per worker and abnormal queue usage).</source>
        <translation>瓶颈：%1（每个工作线程的 CPU 占用较低且队列使用率异常）。</translation>
    </message>
    <message>
        <source>Try increasing prefetch_size.</source>
        <translation>请尝试增大 prefetch_size。</translation>
    </message>
    <message>
        <source>CPU data covers %1 of %2 ops; the CPU rules judged only those (MindSpore&apos;s own summary is not written in this case).</source>
        <translation>CPU 数据覆盖 %2 个算子中的 %1 个；CPU 规则只判断了这些算子（此时 MindSpore 不会写出自己的汇总）。</translation>
    </message>
    <message>
        <source>%1 and minddata_pipeline_raw disagree (op %2 is %3 in one, %4 in the other): only the raw CSV is used</source>
        <translation>%1 与 minddata_pipeline_raw 不一致（算子 %2 在一处为 %3，在另一处为 %4）：仅使用原始 CSV</translation>
    </message>
</context>
<context>
    <name>profscope::DataPrepPage</name>
    <message>
        <source>Data Preparation</source>
        <translation>数据准备</translation>
    </message>
    <message>
        <source>Save the pipeline graph as PNG, SVG or PDF</source>
        <translation>将流水线图保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Save the table shown as CSV</source>
        <translation>将当前显示的表格保存为 CSV</translation>
    </message>
    <message>
        <source>Pipeline: source → device; arrows and fill: output queue usage</source>
        <translation>流水线：数据源 → 设备；箭头和填充：输出队列使用率</translation>
    </message>
    <message>
        <source>Bottlenecks and proposals</source>
        <translation>瓶颈与建议</translation>
    </message>
    <message>
        <source>Pipeline ops</source>
        <translation>流水线算子</translation>
    </message>
    <message>
        <source>Dataset stages (dataset.csv)</source>
        <translation>数据集阶段（dataset.csv）</translation>
    </message>
    <message>
        <source>Queues per step</source>
        <translation>每个迭代的队列</translation>
    </message>
    <message>
        <source>CPU utilization</source>
        <translation>CPU 利用率</translation>
    </message>
    <message>
        <source>Data Preparation · rank %1</source>
        <translation>数据准备 · rank %1</translation>
    </message>
    <message>
        <source>Data Preparation · %1</source>
        <translation>数据准备 · %1</translation>
    </message>
    <message>
        <source>Op Id</source>
        <translation>算子 ID</translation>
    </message>
    <message>
        <source>Op Type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>工作线程数</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>父算子</translation>
    </message>
    <message>
        <source>Queue Usage</source>
        <translation>队列使用率</translation>
    </message>
    <message>
        <source>Queue Avg Size</source>
        <translation>队列平均大小</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Empty Queue</source>
        <translation>队列为空</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>CPU per Worker</source>
        <translation>每工作线程 CPU</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>bottleneck (CPU / queue rule)</source>
        <translation>瓶颈（CPU / 队列规则）</translation>
    </message>
    <message>
        <source>slow (queue usage filter)</source>
        <translation>慢（队列使用率筛选）</translation>
    </message>
    <message>
        <source>not drawn (no output queue)</source>
        <translation>未绘制（无输出队列）</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Occurrences</source>
        <translation>出现次数</translation>
    </message>
    <message>
        <source>Avg Time (µs)</source>
        <translation>平均耗时 (µs)</translation>
    </message>
    <message>
        <source>Custom Info</source>
        <translation>自定义信息</translation>
    </message>
    <message>
        <source>Data processing is too slow:</source>
        <translation>数据处理过慢：</translation>
    </message>
    <message>
        <source>the host queue was empty in %1 of %2 steps (%3%, threshold 30%): the device waits for data. Speed up the dataset pipeline (see below).</source>
        <translation>%2 个迭代中有 %1 个主机队列为空（%3%，阈值 30%）：设备在等待数据。请加速数据集流水线（见下文）。</translation>
    </message>
    <message>
        <source>Data transmission is too slow:</source>
        <translation>数据传输过慢：</translation>
    </message>
    <message>
        <source>the host queue is filled but the chip queue ran empty in %1 of %2 GetNext calls.</source>
        <translation>主机队列有数据，但 %2 次 GetNext 调用中有 %1 次芯片队列为空。</translation>
    </message>
    <message>
        <source>Queues:</source>
        <translation>队列：</translation>
    </message>
    <message>
        <source>the host queue was rarely empty (%1 of %2 steps); if the step is still slow, optimize the script based on the data-processing suggestions.</source>
        <translation>主机队列很少为空（%2 个迭代中有 %1 个）；如果迭代仍然较慢，请根据数据处理建议优化脚本。</translation>
    </message>
    <message>
        <source>Host queue:</source>
        <translation>主机队列：</translation>
    </message>
    <message>
        <source>%1 steps, %2 empty, %3 full (size = capacity %4).</source>
        <translation>%1 个迭代，%2 个为空，%3 个已满（大小 = 容量 %4）。</translation>
    </message>
    <message>
        <source>Chip queue (GetNext):</source>
        <translation>芯片队列（GetNext）：</translation>
    </message>
    <message>
        <source>%1 calls, %2 empty, average GetNext time %3 ms.</source>
        <translation>%1 次调用，%2 次为空，GetNext 平均耗时 %3 ms。</translation>
    </message>
    <message>
        <source>Data transmission:</source>
        <translation>数据传输：</translation>
    </message>
    <message>
        <source>per step %1 ms in total, %2 ms pushing to the device queue, %3 ms getting from the pipeline.</source>
        <translation>每个迭代共 %1 ms，其中推送到设备队列 %2 ms，从流水线获取 %3 ms。</translation>
    </message>
    <message>
        <source>Queue usage:</source>
        <translation>队列使用率：</translation>
    </message>
    <message>
        <source>%1% on average over the ops with a queue.</source>
        <translation>有队列的算子平均为 %1%。</translation>
    </message>
    <message>
        <source>Queue filter [0.8, 0.6]:</source>
        <translation>队列筛选 [0.8, 0.6]：</translation>
    </message>
    <message>
        <source>every queue is at least 80% full: the bottleneck is after the pipeline (the device or the network).</source>
        <translation>每个队列至少 80% 满：瓶颈在流水线之后（设备或网络）。</translation>
    </message>
    <message>
        <source>slow ops: %1. An op is slow when its input queue is more than 10 points fuller than its output queue, a source when its queue is under 60% full; try more num_parallel_workers there.</source>
        <translation>慢算子：%1。当算子输入队列的使用率比输出队列高出 10 个百分点以上时判为慢；数据源算子则在其队列使用率低于 60% 时判为慢；请为这些算子增加 num_parallel_workers。</translation>
    </message>
    <message>
        <source>no op flagged.</source>
        <translation>没有被标记的算子。</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>注意：</translation>
    </message>
    <message>
        <source>CPU per worker (75% / 20%):</source>
        <translation>每工作线程 CPU（75% / 20%）：</translation>
    </message>
    <message>
        <source>Queues (50% / 60% / 50%):</source>
        <translation>队列（50% / 60% / 50%）：</translation>
    </message>
    <message>
        <source>MindSpore summary:</source>
        <translation>MindSpore 汇总：</translation>
    </message>
    <message>
        <source>CPU:</source>
        <translation>CPU：</translation>
    </message>
    <message>
        <source>machine %1% active (user %2%, sys %3%, io %4%) on %5 CPUs%6.</source>
        <translation>整机 %1% 活跃（user %2%，sys %3%，io %4%），共 %5 个 CPU%6。</translation>
    </message>
    <message>
        <source>: above 80%, the host CPU is saturated; reduce num_parallel_workers or other host load</source>
        <translation>：超过 80%，主机 CPU 已饱和；请减小 num_parallel_workers 或降低主机上的其他负载</translation>
    </message>
    <message>
        <source>No finding.</source>
        <translation>没有发现问题。</translation>
    </message>
    <message>
        <source>Step / GetNext call</source>
        <translation>迭代 / GetNext 调用</translation>
    </message>
    <message>
        <source>Queue size</source>
        <translation>队列大小</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <source>Host queue size (capacity %1)</source>
        <translation>主机队列大小（容量 %1）</translation>
    </message>
    <message>
        <source>Chip queue size at GetNext</source>
        <translation>GetNext 时的芯片队列大小</translation>
    </message>
    <message>
        <source>GetNext time (ms)</source>
        <translation>GetNext 耗时 (ms)</translation>
    </message>
    <message>
        <source>Batch total time (ms)</source>
        <translation>Batch 总耗时 (ms)</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>为空</translation>
    </message>
    <message>
        <source>No queue data: device_queue_profiling_*.txt or minddata_aicpu_*.txt would fill this chart.</source>
        <translation>没有队列数据：此图表的数据来自 device_queue_profiling_*.txt 或 minddata_aicpu_*.txt。</translation>
    </message>
    <message>
        <source>Average time (µs)</source>
        <translation>平均耗时 (µs)</translation>
    </message>
    <message>
        <source>Average time per occurrence</source>
        <translation>每次出现的平均耗时</translation>
    </message>
    <message>
        <source>Time since first sample (ms)</source>
        <translation>距第一个采样点的时间 (ms)</translation>
    </message>
    <message>
        <source>CPU (%)</source>
        <translation>CPU (%)</translation>
    </message>
    <message>
        <source>machine user</source>
        <translation>整机 user</translation>
    </message>
    <message>
        <source>machine sys</source>
        <translation>整机 sys</translation>
    </message>
    <message>
        <source>machine io</source>
        <translation>整机 io</translation>
    </message>
    <message>
        <source>machine idle</source>
        <translation>整机 idle</translation>
    </message>
    <message>
        <source>process user (% of a core)</source>
        <translation>进程 user（占单核的 %）</translation>
    </message>
    <message>
        <source>process sys (% of a core)</source>
        <translation>进程 sys（占单核的 %）</translation>
    </message>
    <message>
        <source>op %1 user+sys</source>
        <translation>算子 %1 user+sys</translation>
    </message>
    <message>
        <source>No CPU data: minddata_cpu_utilization_*.json would fill this chart.</source>
        <translation>没有 CPU 数据：此图表的数据来自 minddata_cpu_utilization_*.json。</translation>
    </message>
    <message>
        <source>No data preparation (MindData) data in this profile. It comes from minddata_pipeline_raw_*.csv, pipeline_profiling_*.json, minddata_pipeline_summary_*.json, dataset.csv, device_queue_profiling_*.txt, minddata_aicpu_*.txt (GPU: minddata_getnext_profiling_*.txt) and minddata_cpu_utilization_*.json (MindSpore with data_process=True).</source>
        <translation>此性能数据中没有数据准备（MindData）数据。该数据来自 minddata_pipeline_raw_*.csv、pipeline_profiling_*.json、minddata_pipeline_summary_*.json、dataset.csv、device_queue_profiling_*.txt、minddata_aicpu_*.txt（GPU：minddata_getnext_profiling_*.txt）和 minddata_cpu_utilization_*.json（MindSpore 设置 data_process=True 时）。</translation>
    </message>
</context>
<context>
    <name>profscope::DbImport</name>
    <message>
        <source>table %1: %2</source>
        <translation>表 %1：%2</translation>
    </message>
    <message>
        <source>further warnings of this file are not listed</source>
        <translation>该文件的其余警告未列出</translation>
    </message>
    <message>
        <source>no startNs / endNs / globalTaskId column: the device tasks cannot be read</source>
        <translation>缺少 startNs / endNs / globalTaskId 列：无法读取设备任务</translation>
    </message>
    <message>
        <source>RANK_DEVICE_MAP says rank %1, the folder says rank %2</source>
        <translation>RANK_DEVICE_MAP 记录为 rank %1，文件夹记录为 rank %2</translation>
    </message>
    <message>
        <source>missing: names of tasks and ops cannot be resolved</source>
        <translation>缺失：无法解析任务和算子的名称</translation>
    </message>
    <message>
        <source>COMMUNICATION_TASK_INFO holds only placeholders (Level0 capture): no Plane lanes</source>
        <translation>COMMUNICATION_TASK_INFO 只有占位数据（Level0 采集）：没有 Plane 泳道</translation>
    </message>
    <message>
        <source>no startNs / endNs column: the framework ops cannot be read</source>
        <translation>缺少 startNs / endNs 列：无法读取框架算子</translation>
    </message>
    <message>
        <source>table %1 skipped: it has no %2 column</source>
        <translation>已跳过表 %1：缺少 %2 列</translation>
    </message>
    <message>
        <source>table %1 skipped: none of its bandwidth or packet columns is known</source>
        <translation>已跳过表 %1：其带宽或数据包列均无法识别</translation>
    </message>
    <message numerus="yes">
        <source>NPU_OP_MEM: %n release event(s) without an allocation in the capture are left out</source>
        <translation>
            <numerusform>NPU_OP_MEM：已略去 %n 个在采集范围内没有对应分配的释放事件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>NPU_OP_MEM: %n event(s) neither allocate nor release are left out</source>
        <translation>
            <numerusform>NPU_OP_MEM：已略去 %n 个既非分配也非释放的事件</numerusform>
        </translation>
    </message>
    <message>
        <source>table %1: %2 rows had times outside the representable range (beyond ±%3 years) and were skipped</source>
        <translation>表 %1：%2 行的时间超出可表示范围（超过 ±%3 年），已跳过</translation>
    </message>
    <message>
        <source>%1 timeline rows had times outside the representable range (beyond ±%2 years) and were skipped</source>
        <translation>%1 个时间线行的时间超出可表示范围（超过 ±%2 年），已跳过</translation>
    </message>
</context>
<context>
    <name>profscope::DeltaExplainChart</name>
    <message>
        <source>Step-time delta by category (mean over paired ranks)</source>
        <translation>各类别的迭代耗时差值（已配对 rank 的平均值）</translation>
    </message>
    <message>
        <source>Comparison − base (%1)</source>
        <translation>对比 − 基准 (%1)</translation>
    </message>
    <message>
        <source>No rank is paired with a comparison rank that has the step.</source>
        <translation>没有 rank 与包含该迭代的对比 rank 配对。</translation>
    </message>
</context>
<context>
    <name>profscope::DeviceHeatmap</name>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
</context>
<context>
    <name>profscope::Discovery</name>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 不存在</translation>
    </message>
    <message>
        <source>cannot read folder %1 (permissions)</source>
        <translation>无法读取文件夹 %1（权限不足）</translation>
    </message>
    <message>
        <source>skipped %1: already visited (symbolic link loop or duplicate)</source>
        <translation>已跳过 %1：已访问过（符号链接循环或重复）</translation>
    </message>
    <message>
        <source>stopped scanning after %1 folders; open a smaller folder</source>
        <translation>扫描 %1 个文件夹后已停止扫描；请打开范围更小的文件夹</translation>
    </message>
    <message>
        <source>not scanned: %1 is deeper than %2 levels</source>
        <translation>未扫描：%1 的深度超过 %2 层</translation>
    </message>
    <message>
        <source>not a file Profscope knows</source>
        <translation>不是 Profscope 可识别的文件</translation>
    </message>
    <message>
        <source>recognised, not read by this version of Profscope</source>
        <translation>已识别，但当前版本的 Profscope 不读取</translation>
    </message>
    <message>
        <source>%1:%2: expected &quot;host alias&quot;, got &quot;%3&quot;</source>
        <translation>%1:%2: 应为 &quot;host alias&quot;，实际为 &quot;%3&quot;</translation>
    </message>
    <message>
        <source>legacy cluster folder without host_ips_mapping.txt: hosts stay anonymous</source>
        <translation>旧版集群文件夹缺少 host_ips_mapping.txt：主机将保持匿名</translation>
    </message>
    <message>
        <source>legacy cluster folder without hccl.json: rank ids are taken from device ids</source>
        <translation>旧版集群文件夹缺少 hccl.json：rank id 取自设备 id</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a valid networking file (no server_list)</source>
        <translation>%1 不是有效的组网文件（缺少 server_list）</translation>
    </message>
    <message>
        <source>%1: invalid JSON at byte %2: not a valid networking file</source>
        <translation>%1：第 %2 字节处 JSON 无效：不是有效的组网文件</translation>
    </message>
    <message>
        <source>no rank&apos;s files in this folder to apply it to</source>
        <translation>此文件夹中没有任何 rank 的文件可供应用</translation>
    </message>
    <message>
        <source>no profiler data found under %1: expected *_ascend_ms / *_ascend_pt folders, ASCEND_PROFILER_OUTPUT, a MindInsight profiler/ folder, PROF_*/device_N or a CANN msprof_*.db</source>
        <translation>在 %1 下未找到 profiler 数据：应为 *_ascend_ms / *_ascend_pt 文件夹、ASCEND_PROFILER_OUTPUT、MindInsight profiler/ 文件夹、PROF_*/device_N 或 CANN msprof_*.db</translation>
    </message>
    <message>
        <source>not read: the timelines of %1 already give this PROF folder&apos;s devices (one source per kind of data)</source>
        <translation>未读取：%1 的时间线已提供此 PROF 文件夹中各设备的数据（每类数据只取一个来源）</translation>
    </message>
    <message>
        <source>not read: %1 at the root of %2 holds the same data</source>
        <translation>未读取：%2 根目录下的 %1 包含相同的数据</translation>
    </message>
    <message>
        <source>%1 is not a profiler file Profscope knows: open a rank folder, its trace_view.json, a CSV or database of it, or the folder holding the ranks</source>
        <translation>%1 不是 Profscope 可识别的性能数据文件：请打开 rank 文件夹、其中的 trace_view.json、其 CSV 或数据库文件，或包含各 rank 的文件夹</translation>
    </message>
</context>
<context>
    <name>profscope::DropTargets</name>
    <message>
        <source>Drop here to open</source>
        <translation>拖放到此处以打开</translation>
    </message>
    <message>
        <source>Drop here to compare</source>
        <translation>拖放到此处以对比</translation>
    </message>
    <message>
        <source>Replaces the run shown</source>
        <translation>替换当前显示的运行</translation>
    </message>
    <message>
        <source>Loads it beside the run shown, as File → Compare With… (or hold Shift anywhere)</source>
        <translation>与当前显示的运行一同加载，等同于“文件 → 与其他运行对比…”（也可在任意位置按住 Shift 拖放）</translation>
    </message>
</context>
<context>
    <name>profscope::FlopsOpModel</name>
    <message>
        <source>As the profiler wrote it; in the cube/vector files without utilization it is numerically TFLOP/s</source>
        <translation>按 profiler 写出的原值；在没有利用率的 cube/vector 文件中，其数值实为 TFLOP/s</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>MFLOPs</source>
        <translation>MFLOPs</translation>
    </message>
    <message>
        <source>GFLOPS</source>
        <translation>GFLOPS</translation>
    </message>
    <message>
        <source>Utilization (%)</source>
        <translation>利用率 (%)</translation>
    </message>
    <message>
        <source>Cube MFLOPs</source>
        <translation>Cube MFLOPs</translation>
    </message>
    <message>
        <source>Cube GFLOPS</source>
        <translation>Cube GFLOPS</translation>
    </message>
    <message>
        <source>Cube Utilization (%)</source>
        <translation>Cube 利用率 (%)</translation>
    </message>
    <message>
        <source>Vector MFLOPs</source>
        <translation>Vector MFLOPs</translation>
    </message>
    <message>
        <source>Vector GFLOPS</source>
        <translation>Vector GFLOPS</translation>
    </message>
    <message>
        <source>Vector Utilization (%)</source>
        <translation>Vector 利用率 (%)</translation>
    </message>
</context>
<context>
    <name>profscope::Generator</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>no output folder given</source>
        <translation>未指定输出文件夹</translation>
    </message>
    <message>
        <source>--steps must be between 1 and 10000</source>
        <translation>--steps 必须在 1 到 10000 之间</translation>
    </message>
    <message>
        <source>--ops must be between 1 and 100000</source>
        <translation>--ops 必须在 1 到 100000 之间</translation>
    </message>
    <message>
        <source>--slow-rank must be a rank between 0 and %1</source>
        <translation>--slow-rank 必须是 0 到 %1 之间的 rank</translation>
    </message>
    <message>
        <source>--host-bound-rank must be a rank between 0 and %1</source>
        <translation>--host-bound-rank 必须是 0 到 %1 之间的 rank</translation>
    </message>
    <message>
        <source>--slow-link must name two different ranks between 0 and %1</source>
        <translation>--slow-link 必须指定 0 到 %1 之间的两个不同 rank</translation>
    </message>
    <message>
        <source>%1 is not empty (use --force to write into it anyway)</source>
        <translation>%1 不为空（如仍要写入，请使用 --force）</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>无法创建 %1</translation>
    </message>
    <message>
        <source>--ranks (%1) must be divisible by --pp × --tp (%2 × %3)</source>
        <translation>--ranks（%1）必须能被 --pp × --tp（%2 × %3）整除</translation>
    </message>
    <message>
        <source>the number of micro-batches must be between 0 (automatic) and 1000</source>
        <translation>micro-batch 数量必须在 0（自动）到 1000 之间</translation>
    </message>
    <message>
        <source>internal error: the pipeline schedule did not complete</source>
        <translation>内部错误：流水线调度未能完成</translation>
    </message>
    <message>
        <source>cannot replace %1</source>
        <translation>无法替换 %1</translation>
    </message>
    <message>
        <source>cannot open the file</source>
        <translation>无法打开文件</translation>
    </message>
    <message>
        <source>cannot write %1: %2 (%3)</source>
        <translation>无法写入 %1：%2（%3）</translation>
    </message>
    <message>
        <source>--slow-data-rank must be a rank between 0 and %1</source>
        <translation>--slow-data-rank 必须是 0 到 %1 之间的 rank</translation>
    </message>
    <message>
        <source>--slow-stage must be a pipeline stage between 0 and %1</source>
        <translation>--slow-stage 必须是 0 到 %1 之间的流水线阶段</translation>
    </message>
    <message>
        <source>--jitter must be between 0 and 0.5</source>
        <translation>--jitter 必须在 0 到 0.5 之间</translation>
    </message>
    <message>
        <source>--ranks must be between 1 and 16384</source>
        <translation>--ranks 必须在 1 到 16384 之间</translation>
    </message>
</context>
<context>
    <name>profscope::HorizontalBarChart</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source> (ms)</source>
        <translation> (ms)</translation>
    </message>
    <message>
        <source> (us)</source>
        <translation> (us)</translation>
    </message>
</context>
<context>
    <name>profscope::ImportMessageModel</name>
    <message>
        <source>Info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
</context>
<context>
    <name>profscope::ImportReportModel</name>
    <message>
        <source>Used</source>
        <translation>已使用</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>Broken</source>
        <translation>已损坏</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>byte %1</source>
        <translation>第 %1 字节</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>—</source>
        <comment>no rank: a cluster-level file</comment>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>Warnings:</source>
        <translation>警告：</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Counts</source>
        <translation>计数</translation>
    </message>
    <message>
        <source>Reason / where</source>
        <translation>原因 / 位置</translation>
    </message>
    <message>
        <source>Parse time</source>
        <translation>解析耗时</translation>
    </message>
    <message>
        <source>Path relative to the rank folder (or to the opened folder for cluster-level files)</source>
        <translation>相对于 rank 文件夹的路径（集群级文件相对于打开的文件夹）</translation>
    </message>
    <message>
        <source>What the file contributed: rows, or trace events by phase letter (X, C, s, f, …)</source>
        <translation>文件贡献的数据：行数，或按阶段字母统计的 trace 事件（X、C、s、f、…）</translation>
    </message>
    <message>
        <source>Why a file was skipped or what is wrong with it, with the line or byte offset when known</source>
        <translation>文件被跳过的原因或出错之处，已知时附带行号或字节偏移</translation>
    </message>
    <message>
        <source>Wall time spent reading the file</source>
        <translation>读取该文件所用的时间</translation>
    </message>
</context>
<context>
    <name>profscope::ImportReportView</name>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Export CSV…</source>
        <translation>导出 CSV(&amp;E)…</translation>
    </message>
    <message>
        <source>Filter files, kinds, reasons…</source>
        <translation>筛选文件、类型、原因…</translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation>状态(&amp;S)：</translation>
    </message>
    <message>
        <source>Copy the selected rows (or all shown rows) as tab-separated text</source>
        <translation>以制表符分隔的文本复制所选行（未选择时复制全部显示的行）</translation>
    </message>
    <message>
        <source>Save the rows shown, after filtering, as a CSV file</source>
        <translation>将筛选后显示的行保存为 CSV 文件</translation>
    </message>
    <message>
        <source>All (%1)</source>
        <translation>全部（%1）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Messages (%1)</source>
        <translation>消息（%1）</translation>
    </message>
    <message>
        <source>No profile loaded</source>
        <translation>未加载性能数据</translation>
    </message>
    <message>
        <source>%1 used, %2 skipped, %3 broken</source>
        <translation>已使用 %1，已跳过 %2，已损坏 %3</translation>
    </message>
    <message>
        <source>showing %1 of %2 files</source>
        <translation>显示 %2 个文件中的 %1 个</translation>
    </message>
    <message>
        <source>loading was canceled</source>
        <translation>加载已取消</translation>
    </message>
    <message>
        <source>Export Import Report</source>
        <translation>导出导入报告</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not write %1:
%2</source>
        <translation>无法写入 %1：
%2</translation>
    </message>
</context>
<context>
    <name>profscope::LegacyParsers</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 is not a CSV text file: its header line contains binary data</source>
        <translation>%1 不是 CSV 文本文件：其表头行包含二进制数据</translation>
    </message>
    <message>
        <source>%1: required column %2 is missing from the header</source>
        <translation>%1：表头中缺少必需的列 %2</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>%1 cells but the header has %2; the extra cells are ignored</source>
        <translation>有 %1 个单元格，但表头只有 %2 列；多出的单元格已忽略</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>%1 has a header but no data rows</source>
        <translation>%1 只有表头，没有数据行</translation>
    </message>
    <message numerus="yes">
        <source>... %n more warning(s)</source>
        <translation>
            <numerusform>... 另有 %n 条警告</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is truncated: its last line %2 stops after %3 of %4 cells</source>
        <translation>%1 已被截断：最后一行（第 %2 行）只有 %3 个单元格，应为 %4 个</translation>
    </message>
    <message>
        <source>%1 of %2 cells; row skipped</source>
        <translation>只有 %1 个单元格，应为 %2 个；已跳过该行</translation>
    </message>
    <message>
        <source>column &quot;%1&quot; is empty; row skipped</source>
        <translation>列 &quot;%1&quot; 为空；已跳过该行</translation>
    </message>
    <message>
        <source>column &quot;%1&quot;: &quot;%2&quot; is not a number; row skipped</source>
        <translation>列 &quot;%1&quot;：&quot;%2&quot; 不是数字；已跳过该行</translation>
    </message>
    <message>
        <source>column &quot;%1&quot;: &quot;%2&quot; is not a number; value ignored</source>
        <translation>列 &quot;%1&quot;：&quot;%2&quot; 不是数字；已忽略该值</translation>
    </message>
    <message>
        <source>the link map is not a JSON object</source>
        <translation>链路表不是 JSON 对象</translation>
    </message>
    <message>
        <source>link &quot;%1&quot; is not a JSON object</source>
        <translation>链路 &quot;%1&quot; 不是 JSON 对象</translation>
    </message>
    <message>
        <source>link &quot;%1&quot; %2 is not [time, size, bandwidth]</source>
        <translation>链路 &quot;%1&quot; 的 %2 不是 [时间, 大小, 带宽] 格式</translation>
    </message>
    <message>
        <source>it is not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>operator &quot;%1&quot; is not [step, cost, wait, links]</source>
        <translation>算子 &quot;%1&quot; 不是 [迭代, 耗时, 等待, 链路] 格式</translation>
    </message>
    <message>
        <source>operator &quot;%1&quot;: %2</source>
        <translation>算子 &quot;%1&quot;：%2</translation>
    </message>
    <message>
        <source>invalid JSON (%1)</source>
        <translation>无效的 JSON（%1）</translation>
    </message>
    <message>
        <source>column &quot;%1&quot; appears twice; the first one is used</source>
        <translation>列 &quot;%1&quot; 出现了两次；使用第一个</translation>
    </message>
    <message>
        <source>stream operator &quot;%1&quot; lacks its start, end or duration column; the missing values are -1</source>
        <translation>stream 算子 &quot;%1&quot; 缺少开始、结束或持续时间列；缺失的值记为 -1</translation>
    </message>
    <message>
        <source>op_info is not valid JSON; kept as text</source>
        <translation>op_info 不是有效的 JSON；按文本保留</translation>
    </message>
    <message>
        <source>column &quot;%1&quot;: %2; step kept without these details</source>
        <translation>列 &quot;%1&quot;：%2；该迭代已保留，但不含这些详细信息</translation>
    </message>
    <message>
        <source>column &quot;%1&quot;: &quot;%2&quot; is not a list of integers; value ignored</source>
        <translation>列 &quot;%1&quot;：&quot;%2&quot; 不是整数列表；已忽略该值</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a number: %2</source>
        <translation>&quot;%1&quot; 不是数字：%2</translation>
    </message>
    <message>
        <source>%1: none of the keys %2 is there</source>
        <translation>%1：键 %2 均不存在</translation>
    </message>
    <message>
        <source>&quot;capacity&quot; is %1 GiB; the device capacity is unknown</source>
        <translation>&quot;capacity&quot; 为 %1 GiB；设备容量未知</translation>
    </message>
    <message>
        <source>the name says %1 stages over %2 ranks: not a usable pipeline layout</source>
        <translation>文件名表示 %2 个 rank 上有 %1 个阶段：不是可用的流水线布局</translation>
    </message>
    <message>
        <source>the name does not follow ascend_cluster_analyse_{mode}_{stages}_{ranks}_{rank}.csv: the parallel layout is unknown</source>
        <translation>文件名不符合 ascend_cluster_analyse_{mode}_{stages}_{ranks}_{rank}.csv 格式：并行布局未知</translation>
    </message>
    <message>
        <source>&quot;inf&quot;: the profiler saw no device counter; the timeline stays unaligned</source>
        <translation>&quot;inf&quot;：profiler 没有采集到设备计数器；时间线保持未对齐</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a device counter value</source>
        <translation>&quot;%1&quot; 不是设备计数器值</translation>
    </message>
    <message>
        <source>empty file: no counter value</source>
        <translation>空文件：没有计数器值</translation>
    </message>
    <message>
        <source>%1: neither &quot;fp_start&quot; nor &quot;bp_end&quot; is there</source>
        <translation>%1：既没有 &quot;fp_start&quot; 也没有 &quot;bp_end&quot;</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is missing or not an op name</source>
        <translation>%1：&quot;%2&quot; 缺失或不是算子名称</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a count: %3</source>
        <translation>%1：&quot;%2&quot; 不是计数值：%3</translation>
    </message>
    <message>
        <source>%1: &quot;total_time&quot; is not a number: %2</source>
        <translation>%1：&quot;total_time&quot; 不是数字：%2</translation>
    </message>
    <message>
        <source>%1: none of the keys total_time, num_of_streams, num_of_ops, op_exe_times is there</source>
        <translation>%1：total_time、num_of_streams、num_of_ops、op_exe_times 这些键都不存在</translation>
    </message>
    <message>
        <source>negative duration; row skipped</source>
        <translation>持续时间为负；已跳过该行</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not &quot;total op &lt;ms&gt; &lt;stream&gt;&quot;; ignored</source>
        <translation>&quot;%1&quot; 不符合 &quot;total op &lt;ms&gt; &lt;stream&gt;&quot; 格式；已忽略</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not &quot;op_name compute_time(ms) stream_id&quot;; line skipped</source>
        <translation>&quot;%1&quot; 不符合 &quot;op_name compute_time(ms) stream_id&quot; 格式；已跳过该行</translation>
    </message>
    <message>
        <source>%1 holds %2 reports one after the other; the last one is read</source>
        <translation>%1 中先后包含 %2 份报告；读取最后一份</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not &quot;op_type time calls percent&quot;; line skipped</source>
        <translation>&quot;%1&quot; 不符合 &quot;op_type time calls percent&quot; 格式；已跳过该行</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not &quot;op_name op_type avg_execution_time subgraph [full_op_name]&quot;; line skipped</source>
        <translation>&quot;%1&quot; 不符合 &quot;op_name op_type avg_execution_time subgraph [full_op_name]&quot; 格式；已跳过该行</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is outside both tables; line skipped</source>
        <translation>&quot;%1&quot; 不在两个表中的任何一个内；已跳过该行</translation>
    </message>
    <message>
        <source>the header names no node_type_name or total_time(ms) column</source>
        <translation>表头中没有 node_type_name 或 total_time(ms) 列</translation>
    </message>
    <message>
        <source>no &quot;serial_number node_type_name ...&quot; header before the data</source>
        <translation>数据之前没有 &quot;serial_number node_type_name ...&quot; 表头</translation>
    </message>
    <message>
        <source>&quot;%1&quot; does not match the header&apos;s %2 columns; line skipped</source>
        <translation>&quot;%1&quot; 与表头的 %2 列不匹配；已跳过该行</translation>
    </message>
    <message>
        <source>serial number %1 appears again; the repeat is skipped</source>
        <translation>序号 %1 重复出现；已跳过重复项</translation>
    </message>
    <message>
        <source>config.%1 is not a rank number: %2; 0 is used</source>
        <translation>config.%1 不是 rank 编号：%2；使用 0</translation>
    </message>
    <message>
        <source>config.stageDevices: %1 is not a rank</source>
        <translation>config.stageDevices：%1 不是 rank</translation>
    </message>
    <message>
        <source>node %1 (%2) repeats a node name; the first is kept</source>
        <translation>节点 %1（%2）的节点名称重复；保留第一个</translation>
    </message>
    <message>
        <source>node %1 (%2): %3 is not a list of split factors: %4</source>
        <translation>节点 %1（%2）：%3 不是切分因子列表：%4</translation>
    </message>
    <message>
        <source>%1: neither &quot;config&quot; nor &quot;graph&quot; is there: not a parallel strategy file</source>
        <translation>%1：既没有 &quot;config&quot; 也没有 &quot;graph&quot;：不是并行策略文件</translation>
    </message>
    <message>
        <source>no &quot;config&quot;: rank 0, stage 0, parallel type unknown</source>
        <translation>没有 &quot;config&quot;：按 rank 0、阶段 0 处理，并行类型未知</translation>
    </message>
    <message>
        <source>no &quot;graph&quot;: the rank&apos;s operators are unknown</source>
        <translation>没有 &quot;graph&quot;：该 rank 的算子未知</translation>
    </message>
    <message numerus="yes">
        <source>%n graph node(s) without name or fullName left out</source>
        <translation>
            <numerusform>已省略 %n 个没有 name 或 fullName 的图节点</numerusform>
        </translation>
    </message>
    <message>
        <source>a tick count beyond %1 is not a time; row skipped</source>
        <translation>超过 %1 的 tick 计数不是时间；已跳过该行</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is outside the representable range of times</source>
        <translation>&quot;%1&quot; 超出可表示的时间范围</translation>
    </message>
</context>
<context>
    <name>profscope::LegacyTimeline</name>
    <message>
        <source>a file of this kind was already read for this rank</source>
        <translation>已为该 rank 读取过此类文件</translation>
    </message>
    <message>
        <source>not on a timeline: the rank has neither timeline_display nor output_timeline_data</source>
        <translation>不在时间线上：该 rank 既没有 timeline_display 也没有 output_timeline_data</translation>
    </message>
    <message>
        <source>not on the timeline: without min_cycle_counter (or output_timeline_data to align with) the steps cannot be placed on timeline_display&apos;s clock</source>
        <translation>不在时间线上：没有 min_cycle_counter（或可用于对齐的 output_timeline_data），无法将迭代放到 timeline_display 的时钟上</translation>
    </message>
    <message>
        <source>GPU Op</source>
        <translation>GPU 算子</translation>
    </message>
    <message>
        <source>AI Core Op</source>
        <translation>AI Core 算子</translation>
    </message>
    <message>
        <source>AI CPU Op</source>
        <translation>AI CPU 算子</translation>
    </message>
    <message>
        <source>Communication Op</source>
        <translation>通信算子</translation>
    </message>
    <message>
        <source>Host CPU Op</source>
        <translation>Host CPU 算子</translation>
    </message>
    <message>
        <source>Op Overlap Analyse</source>
        <translation>算子重叠分析</translation>
    </message>
    <message>
        <source>Activity Op</source>
        <translation>Activity 算子</translation>
    </message>
    <message>
        <source>AI CPU</source>
        <translation>AI CPU</translation>
    </message>
    <message>
        <source>Stream #%1</source>
        <translation>流 #%1</translation>
    </message>
    <message numerus="yes">
        <source>the timeline of this rank (there is no timeline_display file): %n op execution(s) on %1 stream(s)</source>
        <translation>
            <numerusform>该 rank 的时间线（没有 timeline_display 文件）：%1 个流上的 %n 次算子执行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>with %n AI CPU op(s) from the AI CPU op table</source>
        <translation>
            <numerusform>含来自 AI CPU 算子表的 %n 个 AI CPU 算子</numerusform>
        </translation>
    </message>
    <message>
        <source>same %1 ops as %2</source>
        <translation>与 %2 相同的 %1 个算子</translation>
    </message>
    <message>
        <source>%1 has %2 op executions, %3 has %4 on its device lanes; the timeline shows %3</source>
        <translation>%1 有 %2 次算子执行，%3 的设备泳道上有 %4 次；时间线显示 %3</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) on the timeline&apos;s Step Trace lane (Iteration Interval, FP+BP, Tail)</source>
        <translation>
            <numerusform>时间线迭代轨迹泳道上的 %n 个迭代（迭代间隙、FP+BP、迭代拖尾）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n reduce/send/receive op execution(s) on the Communication Op lanes</source>
        <translation>
            <numerusform>通信算子泳道上的 %n 次 reduce/send/receive 算子执行</numerusform>
        </translation>
    </message>
    <message>
        <source>its reduce/send/receive ops are already in %1</source>
        <translation>其 reduce/send/receive 算子已包含在 %1 中</translation>
    </message>
    <message>
        <source>places the step trace on the timeline (trace time 0 = counter %1)</source>
        <translation>将迭代轨迹放到时间线上（轨迹时间 0 = 计数器 %1）</translation>
    </message>
    <message>
        <source>placed by aligning output_timeline_data with the display file&apos;s first op (there is no min_cycle_counter)</source>
        <translation>通过将 output_timeline_data 与显示文件的第一个算子对齐来放置（没有 min_cycle_counter）</translation>
    </message>
    <message>
        <source>%1 op executions on %2 streams, %3 ops, %4 ms of op time</source>
        <translation>%2 个流上的 %1 次算子执行，%3 个算子，算子耗时 %4 ms</translation>
    </message>
    <message>
        <source>%1 op executions, the timeline has %2</source>
        <translation>%1 次算子执行，时间线有 %2 次</translation>
    </message>
    <message>
        <source>%1 streams, the timeline has %2</source>
        <translation>%1 个流，时间线有 %2 个</translation>
    </message>
    <message>
        <source>agrees with the timeline</source>
        <translation>与时间线一致</translation>
    </message>
    <message>
        <source>%1 disagrees with the loaded timeline: %2 (a cut or replaced timeline file?)</source>
        <translation>%1 与已加载的时间线不一致：%2（时间线文件被截断或替换？）</translation>
    </message>
    <message>
        <source>FP starts at %1, BP ends at %2</source>
        <translation>FP 开始于 %1，BP 结束于 %2</translation>
    </message>
    <message>
        <source>(not given)</source>
        <translation>（未给出）</translation>
    </message>
    <message numerus="yes">
        <source>average time and stream of %n op(s)</source>
        <translation>
            <numerusform>%n 个算子的平均耗时和流</numerusform>
        </translation>
    </message>
    <message>
        <source>fills the AI Core op table (there is no aicore_intermediate detail file)</source>
        <translation>填充 AI Core 算子表（没有 aicore_intermediate 详情文件）</translation>
    </message>
    <message>
        <source>agrees with %1: the same %2 ops and times</source>
        <translation>与 %1 一致：相同的 %2 个算子和耗时</translation>
    </message>
    <message>
        <source>%1 differs from %2: %3 ops only here, %4 only there, %5 with another time; the operator figures come from %2</source>
        <translation>%1 与 %2 不同：%3 个算子仅在此处，%4 个仅在彼处，%5 个耗时不同；算子数据取自 %2</translation>
    </message>
    <message numerus="yes">
        <source>fills the AI CPU op table (there is no aicpu_intermediate file): %n op(s)</source>
        <translation>
            <numerusform>填充 AI CPU 算子表（没有 aicpu_intermediate 文件）：%n 个算子</numerusform>
        </translation>
    </message>
    <message>
        <source>agrees with %1: the same %2 AI CPU ops</source>
        <translation>与 %1 一致：相同的 %2 个 AI CPU 算子</translation>
    </message>
    <message>
        <source>%1 differs from %2: %3 of its %4 AI CPU ops are missing there or have another type or time (%5 there); the AI CPU figures come from %2</source>
        <translation>%1 与 %2 不同：其 %4 个 AI CPU 算子中有 %3 个在彼处缺失，或类型、耗时不同（彼处有 %5 个）；AI CPU 数据取自 %2</translation>
    </message>
    <message numerus="yes">
        <source>time per step of %n op type(s), type and subgraph of %1 ops</source>
        <translation>
            <numerusform>%n 种算子类型的每迭代耗时，%1 个算子的类型和子图</numerusform>
        </translation>
    </message>
    <message>
        <source>fills the AI Core op type table (there is no aicore_intermediate type file)</source>
        <translation>填充 AI Core 算子类型表（没有 aicore_intermediate 类型文件）</translation>
    </message>
    <message>
        <source>agrees with %1: the same %2 op types, times and calls</source>
        <translation>与 %1 一致：相同的 %2 种算子类型、耗时和调用次数</translation>
    </message>
    <message>
        <source>%1 differs from %2: %3 of its %4 op types are missing there or have other figures (%5 types there); the operator figures come from %2</source>
        <translation>%1 与 %2 不同：其 %4 种算子类型中有 %3 种在彼处缺失或数据不同（彼处有 %5 种）；算子数据取自 %2</translation>
    </message>
</context>
<context>
    <name>profscope::LoadController</name>
    <message>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
</context>
<context>
    <name>profscope::LoadFilter</name>
    <message>
        <source>empty list: give ids such as 0-7,12</source>
        <translation>列表为空：请给出 id，例如 0-7,12</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an id or a range A-B of non-negative whole numbers (in &quot;%2&quot;)</source>
        <translation>&quot;%1&quot; 不是 id，也不是由非负整数组成的范围 A-B（位于 &quot;%2&quot; 中）</translation>
    </message>
    <message>
        <source>the range &quot;%1&quot; ends before it starts</source>
        <translation>范围 &quot;%1&quot; 的结束值小于起始值</translation>
    </message>
    <message>
        <source>&quot;%1&quot; names too many ids (at most %2)</source>
        <translation>&quot;%1&quot; 包含的 id 过多（最多 %2 个）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a step number N or a step range A-B (non-negative whole numbers)</source>
        <translation>&quot;%1&quot; 不是迭代编号 N，也不是迭代范围 A-B（须为非负整数）</translation>
    </message>
    <message>
        <source>the step range &quot;%1&quot; ends before it starts</source>
        <translation>迭代范围 &quot;%1&quot; 的结束值小于起始值</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>steps %1–%2</source>
        <translation>迭代 %1–%2</translation>
    </message>
    <message>
        <source>%1 (no step markers found)</source>
        <translation>%1（未找到迭代标记）</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%2 中的%1</translation>
    </message>
    <message>
        <source>ranks %1 of %2 (%3 loaded)</source>
        <translation>rank %1（共 %2 个，已加载 %3 个）</translation>
    </message>
    <message>
        <source>%1 (steps met while seeking the markers: %2)</source>
        <translation>%1（查找步骤标记途中遇到的步骤：%2）</translation>
    </message>
</context>
<context>
    <name>profscope::Main</name>
    <message>
        <source>Profscope: a native viewer for MindSpore and Ascend PyTorch profiler output.</source>
        <translation>Profscope：MindSpore 与 Ascend PyTorch 性能数据的原生查看器。</translation>
    </message>
    <message>
        <source>Open the import report after loading.</source>
        <translation>加载完成后打开导入报告。</translation>
    </message>
    <message>
        <source>profscope: could not write %1</source>
        <translation>profscope：无法写入 %1</translation>
    </message>
    <message>
        <source>profscope: --export-views needs a PATH to load</source>
        <translation>profscope：--export-views 需要指定要加载的 PATH</translation>
    </message>
    <message>
        <source>profscope: nothing could be loaded from %1</source>
        <translation>profscope：无法从 %1 加载任何数据</translation>
    </message>
    <message>
        <source>Load PATH without showing a window, write the charts (PNG and SVG) and tables (CSV) of every page into DIR, print the files written and quit. Exit status 0 when everything was written, 1 when nothing could be loaded or a file could not be written, 2 for a wrong command line.</source>
        <translation>不显示窗口加载 PATH，将每个页面的图表（PNG 和 SVG）和表格（CSV）写入 DIR，打印已写入的文件后退出。全部写入成功时退出状态为 0，无法加载任何数据或有文件无法写入时为 1，命令行有误时为 2。</translation>
    </message>
    <message>
        <source>profscope: unknown page &quot;%1&quot;</source>
        <translation>profscope：未知页面 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Profiles to open: a rank folder, a folder of ranks, a cluster root or a profiler file (trace_view.json, CSV, .db). Without PATH the first start opens a generated demo cluster, later starts the welcome page.</source>
        <translation>要打开的性能数据：rank 文件夹、包含多个 rank 的文件夹、集群根目录或 profiler 文件（trace_view.json、CSV、.db）。未指定 PATH 时，首次启动打开生成的演示集群，之后启动显示欢迎页。</translation>
    </message>
    <message>
        <source>Stack these ranks in the timeline after loading: rank ids or ranges (&quot;0-7,12&quot;) or a host.</source>
        <translation>加载完成后在时间线中堆叠这些 rank：rank id 或范围（&quot;0-7,12&quot;）或主机名。</translation>
    </message>
    <message>
        <source>Show this page after loading: summary, overview, steptrace, timeline, operators, communication, marey, memory, dataprep, resources or strategy.</source>
        <translation>加载后显示此页面：summary、overview、steptrace、timeline、operators、communication、marey、memory、dataprep、resources 或 strategy。</translation>
    </message>
    <message>
        <source>Compare PATH with this second run (File → Compare With…): loaded after PATH, paired rank by rank id.</source>
        <translation>将 PATH 与这第二次运行对比（文件 → 与其他运行对比…）：在 PATH 之后加载，按 rank id 逐个配对 rank。</translation>
    </message>
    <message>
        <source>Load only steps A to B (or step N); events outside are skipped while reading.</source>
        <translation>只加载迭代 A 到 B（或迭代 N）；读取时跳过范围外的事件。</translation>
    </message>
    <message>
        <source>Load only these rank ids (&quot;0-7,12&quot;); the other ranks are not read.</source>
        <translation>只加载这些 rank id（&quot;0-7,12&quot;）；不读取其他 rank。</translation>
    </message>
    <message>
        <source>Wait until loading has finished and the window has settled (analyses done, no repaint for a moment), save a PNG of the main window (or of the import report with --report) to FILE, and quit.</source>
        <translation>等待加载完成且窗口稳定（分析完成，片刻内无重绘）后，将主窗口（使用 --report 时为导入报告）保存为 PNG 图像到 FILE，然后退出。</translation>
    </message>
    <message>
        <source>Parse every file: neither read parsed traces and tables from the cache folder nor write them there.</source>
        <translation>解析每个文件：既不从缓存文件夹读取已解析的 trace 和表，也不写入缓存。</translation>
    </message>
</context>
<context>
    <name>profscope::MainWindow</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 等 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Folder…</source>
        <translation>打开文件夹(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a rank folder or a folder holding several ranks</source>
        <translation>打开一个 rank 文件夹或包含多个 rank 的文件夹</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Import &amp;Report…</source>
        <translation>导入报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Every file that was found, with its status, counts and problems</source>
        <translation>找到的全部文件及其状态、计数和问题</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Project Panel</source>
        <translation>项目面板(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Applies after a restart</source>
        <translation>重启后生效</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Profscope</source>
        <translation>关于 Profscope(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>Stop loading (Esc)</source>
        <translation>停止加载 (Esc)</translation>
    </message>
    <message>
        <source>Open Profile Folder</source>
        <translation>打开性能数据文件夹</translation>
    </message>
    <message>
        <source>No recent folders</source>
        <translation>没有最近打开的文件夹</translation>
    </message>
    <message>
        <source>&amp;Clear Recent</source>
        <translation>清除最近记录(&amp;C)</translation>
    </message>
    <message>
        <source>Profscope</source>
        <translation>Profscope</translation>
    </message>
    <message>
        <source>%1 — Profscope</source>
        <translation>%1 — Profscope</translation>
    </message>
    <message>
        <source>Loading %1</source>
        <translation>正在加载 %1</translation>
    </message>
    <message>
        <source>Nothing could be loaded from %1.</source>
        <translation>无法从 %1 加载任何数据。</translation>
    </message>
    <message>
        <source>No profiler output was found there.</source>
        <translation>该位置没有找到性能数据。</translation>
    </message>
    <message>
        <source>Loading failed</source>
        <translation>加载失败</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be read completely</source>
        <translation>
            <numerusform>%n 个文件未能完整读取</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) skipped</source>
        <translation>
            <numerusform>跳过 %n 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Loaded %n rank(s); %1.</source>
        <translation>
            <numerusform>已加载 %n 个 rank；%1。</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <comment>list separator</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>Loading canceled</source>
        <translation>加载已取消</translation>
    </message>
    <message>
        <source>Import Report — %1</source>
        <translation>导入报告 — %1</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The new language is used the next time Profscope starts.</source>
        <translation>新的语言将在下次启动 Profscope 时生效。</translation>
    </message>
    <message>
        <source>About Profscope</source>
        <translation>关于 Profscope</translation>
    </message>
    <message>
        <source>A native viewer for the output of the MindSpore and Ascend PyTorch (torch_npu) profilers: traces, kernels, steps, communication and memory of every rank of a training job.</source>
        <translation>MindSpore 与 Ascend PyTorch（torch_npu）性能分析工具输出的原生查看器：训练作业每个 rank 的 trace、算子、迭代、通信与内存。</translation>
    </message>
    <message>
        <source>Built with Qt %1, running on Qt %2.</source>
        <translation>基于 Qt %1 构建，运行于 Qt %2。</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>总览</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Marey</source>
        <translation>Marey</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>页面</translation>
    </message>
    <message>
        <source>Step:</source>
        <translation>迭代：</translation>
    </message>
    <message>
        <source>The step all pages show; &quot;All steps&quot; averages the overview over the steps</source>
        <translation>所有页面显示的迭代；选择“全部迭代”时，总览取各迭代的平均值</translation>
    </message>
    <message>
        <source>All steps</source>
        <translation>全部迭代</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>Cannot clear %1.</source>
        <translation>无法清除 %1。</translation>
    </message>
    <message>
        <source>The demo cluster could not be written: %1</source>
        <translation>无法写入演示集群：%1</translation>
    </message>
    <message>
        <source>Export Page Into Folder</source>
        <translation>将页面导出到文件夹</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) written to %1</source>
        <translation>
            <numerusform>已将 %n 个文件写入 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>Close the profile and show the welcome page</source>
        <translation>关闭性能数据并显示欢迎页</translation>
    </message>
    <message>
        <source>&amp;Export Page…</source>
        <translation>导出页面(&amp;E)…</translation>
    </message>
    <message>
        <source>Write the charts (PNG, SVG) and tables (CSV) of the page shown into a folder</source>
        <translation>将当前页面的图表（PNG、SVG）和表格（CSV）写入文件夹</translation>
    </message>
    <message>
        <source>&amp;Welcome Page</source>
        <translation>欢迎页(&amp;W)</translation>
    </message>
    <message>
        <source>Open &amp;Demo Cluster</source>
        <translation>打开演示集群(&amp;D)</translation>
    </message>
    <message>
        <source>A generated 8-rank cluster with a slow rank, a slow link and a host-bound rank</source>
        <translation>生成的 8 rank 集群，包含一个慢卡、一条慢链路和一个受 Host 侧限制（host-bound）的 rank</translation>
    </message>
    <message>
        <source>Demo cluster — Profscope</source>
        <translation>演示集群 — Profscope</translation>
    </message>
    <message>
        <source>This is a generated demo cluster - File &gt; Open to load your own profile.</source>
        <translation>这是生成的演示集群 - 使用“文件 &gt; 打开”加载您自己的性能数据。</translation>
    </message>
    <message>
        <source>Profscope&apos;s own source files are licensed under the Apache License, Version 2.0. This program links the QCustomPlot library, which is licensed under the GNU General Public License, version 3 or later, so the program as a whole is distributed under the GNU General Public License, version 3 or later (GPL-3.0-or-later).</source>
        <translation>Profscope 自身的源文件采用 Apache License 2.0 许可。本程序链接了 QCustomPlot 库，该库采用 GNU 通用公共许可证第 3 版或更高版本，因此本程序整体按 GNU 通用公共许可证第 3 版或更高版本（GPL-3.0-or-later）分发。</translation>
    </message>
    <message>
        <source>This program comes with ABSOLUTELY NO WARRANTY. See &lt;a href=&quot;https://www.gnu.org/licenses/gpl-3.0.html&quot;&gt;the GNU General Public License&lt;/a&gt; for details.</source>
        <translation>本程序不提供任何担保。详情请参阅&lt;a href=&quot;https://www.gnu.org/licenses/gpl-3.0.html&quot;&gt;GNU 通用公共许可证&lt;/a&gt;。</translation>
    </message>
    <message>
        <source>Open &amp;File…</source>
        <translation>打开文件(&amp;F)…</translation>
    </message>
    <message>
        <source>Data Preparation</source>
        <translation>数据准备</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>Step Trace</source>
        <translation>迭代轨迹</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Partial profile: %1.</source>
        <translation>部分性能数据：%1。</translation>
    </message>
    <message>
        <source>Partial profile: %1</source>
        <translation>部分性能数据：%1</translation>
    </message>
    <message>
        <source>Loaded with a step window or a rank subset (File &gt; Open Part of a Profile); what is outside was not read.</source>
        <translation>已按迭代范围或 rank 子集加载（文件 &gt; 打开部分性能数据）；范围之外的内容未读取。</translation>
    </message>
    <message>
        <source>Open &amp;Part of a Profile…</source>
        <translation>打开部分性能数据(&amp;P)…</translation>
    </message>
    <message>
        <source>Clear Cache</source>
        <translation>清除缓存</translation>
    </message>
    <message>
        <source>The trace cache is empty.

Parsed traces are kept in %1 so that a profile opened again loads at once.</source>
        <translation>trace 缓存为空。

已解析的 trace 保存在 %1 中，以便再次打开性能数据时立即加载。</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n parsed trace(s) (%1) from the cache in %2?

Profiles opened again are parsed from their files, and cached again.</source>
        <translation>
            <numerusform>从 %2 中的缓存删除 %n 个已解析的 trace（%1）？

再次打开的性能数据将从文件解析，并重新缓存。</numerusform>
        </translation>
    </message>
    <message>
        <source>Some cache entries in %1 could not be removed.</source>
        <translation>%1 中的部分缓存条目无法删除。</translation>
    </message>
    <message>
        <source>Clear &amp;Cache…</source>
        <translation>清除缓存(&amp;C)…</translation>
    </message>
    <message>
        <source>Remove the parsed traces kept for instant re-opening</source>
        <translation>删除为即时重新打开而保存的已解析 trace</translation>
    </message>
</context>
<context>
    <name>profscope::Marey</name>
    <message>
        <source>no ranks were loaded</source>
        <translation>未加载任何 rank</translation>
    </message>
    <message>
        <source>no device is in the selected stage and rank filter</source>
        <translation>所选阶段和 rank 筛选条件下没有设备</translation>
    </message>
    <message>
        <source>the timelines have no device compute or communication ops (Ascend Hardware / HCCL)</source>
        <translation>时间线中没有设备上的计算或通信算子（Ascend Hardware / HCCL）</translation>
    </message>
    <message>
        <source>no device ops in step %1</source>
        <translation>迭代 %1 中没有设备算子</translation>
    </message>
</context>
<context>
    <name>profscope::MareyCanvas</name>
    <message>
        <source>Stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n 个设备</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stage %1 · %n device(s), ranks %2–%3</source>
        <translation>
            <numerusform>阶段 %1 · %n 个设备，rank %2–%3</numerusform>
        </translation>
    </message>
    <message>
        <source>No device ops to show.</source>
        <translation>没有可显示的设备算子。</translation>
    </message>
    <message>
        <source>Open a profile to see how the ops of every device line up in time.</source>
        <translation>打开性能数据，查看每个设备的算子在时间上如何对应。</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Free (gaps)</source>
        <translation>空闲（间隙）</translation>
    </message>
    <message>
        <source>Allocated memory</source>
        <translation>已分配内存</translation>
    </message>
    <message>
        <source>clocks aligned</source>
        <translation>时钟已对齐</translation>
    </message>
    <message>
        <source>Comm.</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>(largest of the stage)</source>
        <translation>（该阶段最大值）</translation>
    </message>
    <message>
        <source>Compute: %1</source>
        <translation>计算：%1</translation>
    </message>
    <message>
        <source>Communication: %1</source>
        <translation>通信：%1</translation>
    </message>
    <message>
        <source>Peak memory: %1</source>
        <translation>内存峰值：%1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n ops merged</source>
        <translation>
            <numerusform>已合并 %n 个算子</numerusform>
        </translation>
    </message>
    <message>
        <source>occurrence %1</source>
        <translation>第 %1 次出现</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Duration min %1 · avg %2 · max %3</source>
        <translation>耗时 最小 %1 · 平均 %2 · 最大 %3</translation>
    </message>
    <message numerus="yes">
        <source>missing on %n device(s)</source>
        <translation>
            <numerusform>在 %n 个设备上缺失</numerusform>
        </translation>
    </message>
    <message>
        <source>Click to open in the timeline; drag to zoom; double-click to zoom out</source>
        <translation>单击在时间线中打开；拖动以缩放；双击以缩小</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <source>FLOPS</source>
        <translation>FLOPS</translation>
    </message>
    <message>
        <source>Capacity: %1 (the bar is peak / capacity)</source>
        <translation>容量：%1（条形为峰值 / 容量）</translation>
    </message>
    <message>
        <source>FLOPs: %1</source>
        <translation>FLOPs：%1</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 M</translation>
    </message>
    <message>
        <source>FLOPS: %1</source>
        <translation>FLOPS：%1</translation>
    </message>
    <message>
        <source>%1 G/s</source>
        <translation>%1 G/s</translation>
    </message>
    <message>
        <source>Median device %1 → %2; all devices %3 → %4 (skew: start %5, end %6)</source>
        <translation>中位设备 %1 → %2；所有设备 %3 → %4（偏差：开始 %5，结束 %6）</translation>
    </message>
</context>
<context>
    <name>profscope::MareyOpsModel</name>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Merged ops</source>
        <translation>合并的算子</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备数</translation>
    </message>
    <message>
        <source>First start (ms)</source>
        <translation>首次开始 (ms)</translation>
    </message>
    <message>
        <source>Last start (ms)</source>
        <translation>最后开始 (ms)</translation>
    </message>
    <message>
        <source>Min duration (µs)</source>
        <translation>最小耗时 (µs)</translation>
    </message>
    <message>
        <source>Avg duration (µs)</source>
        <translation>平均耗时 (µs)</translation>
    </message>
    <message>
        <source>Max duration (µs)</source>
        <translation>最大耗时 (µs)</translation>
    </message>
    <message>
        <source>Slowest rank</source>
        <translation>最慢 Rank</translation>
    </message>
    <message>
        <source>Rank %1 start (ms)</source>
        <translation>Rank %1 开始 (ms)</translation>
    </message>
    <message>
        <source>Rank %1 end (ms)</source>
        <translation>Rank %1 结束 (ms)</translation>
    </message>
</context>
<context>
    <name>profscope::MareyPage</name>
    <message>
        <source>Show every pipeline stage or one</source>
        <translation>显示全部流水线阶段或其中一个</translation>
    </message>
    <message>
        <source>Align clocks</source>
        <translation>对齐时钟</translation>
    </message>
    <message>
        <source>Shift each host&apos;s timestamps so that the collectives end together on every rank</source>
        <translation>平移每台主机的时间戳，使集合通信在每个 rank 上同时结束</translation>
    </message>
    <message>
        <source>Memory curve</source>
        <translation>内存曲线</translation>
    </message>
    <message>
        <source>Draw each device&apos;s allocated memory over its time axis</source>
        <translation>在每个设备的时间轴上绘制其已分配内存</translation>
    </message>
    <message>
        <source>Expand All</source>
        <translation>全部展开</translation>
    </message>
    <message>
        <source>Show every device of every stage</source>
        <translation>显示每个阶段的每个设备</translation>
    </message>
    <message>
        <source>Collapse All</source>
        <translation>全部折叠</translation>
    </message>
    <message>
        <source>Show one row per stage (earliest start to latest end over its devices)</source>
        <translation>每个阶段显示一行（从其设备的最早开始到最晚结束）</translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>Show the whole step again (double-click the chart to zoom out one step)</source>
        <translation>重新显示整个迭代（双击图表可逐级缩小）</translation>
    </message>
    <message>
        <source>Save the ops of the zoomed window as CSV</source>
        <translation>将缩放窗口中的算子保存为 CSV</translation>
    </message>
    <message>
        <source>Stage:</source>
        <translation>阶段：</translation>
    </message>
    <message>
        <source>The ops of the zoomed window; double-click one to open it in the timeline</source>
        <translation>缩放窗口中的算子；双击某个算子可在时间线中打开</translation>
    </message>
    <message>
        <source>All stages</source>
        <translation>全部阶段</translation>
    </message>
    <message numerus="yes">
        <source>Matching the ops of %n device(s)…</source>
        <translation>
            <numerusform>正在匹配 %n 个设备的算子…</numerusform>
        </translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>No profile loaded.</source>
        <translation>未加载性能数据。</translation>
    </message>
    <message>
        <source>No device ops to show.</source>
        <translation>没有可显示的设备算子。</translation>
    </message>
    <message>
        <source>All steps</source>
        <translation>全部迭代</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n 个设备</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stage(s)</source>
        <translation>
            <numerusform>%n 个阶段</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n op(s)</source>
        <translation>
            <numerusform>%n 个算子</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) of short ops merged</source>
        <translation>
            <numerusform>已合并 %n 段短算子</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n short op(s) not drawn</source>
        <translation>
            <numerusform>%n 个短算子未绘制</numerusform>
        </translation>
    </message>
    <message>
        <source>window %1 of %2</source>
        <translation>窗口 %1/%2</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>缩小</translation>
    </message>
</context>
<context>
    <name>profscope::MemoryPage</name>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>已预留</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>活跃</translation>
    </message>
    <message>
        <source>CANN modules</source>
        <translation>CANN 模块</translation>
    </message>
    <message>
        <source>Memory held by tensors (Total Allocated of memory_record.csv)</source>
        <translation>张量占用的内存（memory_record.csv 的 Total Allocated）</translation>
    </message>
    <message>
        <source>Memory the caching allocator reserved from the device (Total Reserved)</source>
        <translation>缓存分配器从设备预留的内存（Total Reserved）</translation>
    </message>
    <message>
        <source>Allocated memory plus blocks still in use by streams (Total Active)</source>
        <translation>已分配内存加上仍被流使用的内存块（Total Active）</translation>
    </message>
    <message>
        <source>Reserved memory of CANN modules with memory (npu_module_mem.csv)</source>
        <translation>有内存占用的 CANN 模块的预留内存（npu_module_mem.csv）</translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>Save the plot as PNG, SVG or PDF</source>
        <translation>将图表保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Save the allocation table as shown (filtered and sorted) as CSV</source>
        <translation>将当前显示（已筛选和排序）的分配表保存为 CSV</translation>
    </message>
    <message>
        <source>Time since profile start (ms)</source>
        <translation>距采集开始的时间 (ms)</translation>
    </message>
    <message>
        <source>Memory (MB)</source>
        <translation>内存 (MB)</translation>
    </message>
    <message>
        <source>Operator allocations</source>
        <translation>算子内存分配</translation>
    </message>
    <message>
        <source>Filter by operator name</source>
        <translation>按算子名称筛选</translation>
    </message>
    <message>
        <source>Biggest live allocations at the peak</source>
        <translation>峰值时最大的存活分配</translation>
    </message>
    <message>
        <source>rank ?</source>
        <translation>rank ?</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>rank #%1</source>
        <translation>rank #%1</translation>
    </message>
    <message>
        <source>No profile loaded.

Open a profiler output folder to see its device memory over time.</source>
        <translation>未加载性能数据。

打开性能数据文件夹，查看其设备内存随时间的变化。</translation>
    </message>
    <message>
        <source>No rank selected.</source>
        <translation>未选择 rank。</translation>
    </message>
    <message>
        <source>%1 has no memory data.

The Memory page reads ASCEND_PROFILER_OUTPUT/memory_record.csv (memory curves), operator_memory.csv (operator allocations) and npu_module_mem.csv (CANN modules). The profiler writes them when profiling with profile_memory=True.</source>
        <translation>%1 没有内存数据。

内存页面读取 ASCEND_PROFILER_OUTPUT/memory_record.csv（内存曲线）、operator_memory.csv（算子内存分配）和 npu_module_mem.csv（CANN 模块）。使用 profile_memory=True 采集时，profiler 会写入这些文件。</translation>
    </message>
    <message>
        <source>Biggest live allocations at the peak (%1 ms, top %2: %3 MB)</source>
        <translation>峰值时最大的存活分配（%1 ms，前 %2 个：%3 MB）</translation>
    </message>
    <message>
        <source>%1 has no operator allocations: operator_memory.csv is missing or empty (torch_npu writes it with profile_memory=True).</source>
        <translation>%1 没有算子内存分配：operator_memory.csv 缺失或为空（torch_npu 在 profile_memory=True 时写入该文件）。</translation>
    </message>
    <message>
        <source>module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>No memory_record.csv or npu_module_mem.csv: no memory curves</source>
        <translation>没有 memory_record.csv 或 npu_module_mem.csv：无内存曲线</translation>
    </message>
    <message>
        <source>No curve selected: tick Allocated, Reserved, Active or CANN modules</source>
        <translation>未选择曲线：请勾选“已分配”、“已预留”、“活跃”或“CANN 模块”</translation>
    </message>
    <message>
        <source>Peak %1 MB at %2 ms (%3)</source>
        <translation>峰值 %1 MB，位于 %2 ms（%3）</translation>
    </message>
    <message>
        <source>%1 · %2 KB</source>
        <translation>%1 · %2 KB</translation>
    </message>
    <message>
        <source>Memory · %1 (solid) vs %2 (dashed)</source>
        <translation>内存 · %1（实线）对比 %2（虚线）</translation>
    </message>
    <message>
        <source>Memory · %1</source>
        <translation>内存 · %1</translation>
    </message>
    <message>
        <source>%1 allocations</source>
        <translation>%1 次分配</translation>
    </message>
    <message>
        <source>%1 of %2 allocations</source>
        <translation>%2 次分配中的 %1 次</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1: %2 MB</source>
        <translation>%1：%2 MB</translation>
    </message>
    <message>
        <source>Operator allocations of %1</source>
        <translation>%1 的算子内存分配</translation>
    </message>
    <message>
        <source>Show the whole capture, or the selected step. Drag the plot to pan, Ctrl+wheel zooms the time axis</source>
        <translation>显示整个采集范围或所选迭代。拖动图表可平移，Ctrl+滚轮缩放时间轴</translation>
    </message>
    <message>
        <source>B · rank ?</source>
        <translation>B · rank ?</translation>
    </message>
    <message>
        <source>B · rank %1</source>
        <translation>B · rank %1</translation>
    </message>
    <message>
        <source>B · %1</source>
        <translation>B · %1</translation>
    </message>
    <message>
        <source>%1%2%</source>
        <translation>%1%2%</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>Solid: base, dashed: B.</source>
        <translation>实线：基准，虚线：B。</translation>
    </message>
    <message>
        <source>Peak %1: %2 %3 MB · %4 %5 MB · Δ %6%7 MB (%8)</source>
        <translation>峰值 %1：%2 %3 MB · %4 %5 MB · Δ %6%7 MB（%8）</translation>
    </message>
    <message>
        <source>(the comparison has no such curve: its own peak curve)</source>
        <translation>（对比运行没有该曲线：使用其自身的峰值曲线）</translation>
    </message>
    <message>
        <source>B&apos;s step %1 aligned with step %2 (shifted by %3 s)</source>
        <translation>B 的迭代 %1 与迭代 %2 对齐（平移 %3 s）</translation>
    </message>
    <message>
        <source>aligned on the first event (shifted by %1 s)</source>
        <translation>按第一个事件对齐（平移 %1 s）</translation>
    </message>
    <message>
        <source>Memory · %1 vs %2</source>
        <translation>内存 · %1 对比 %2</translation>
    </message>
</context>
<context>
    <name>profscope::MindDataParsers</name>
    <message>
        <source>%1 is a directory, not a text file</source>
        <translation>%1 是文件夹，不是文本文件</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2 bytes is more than a MindData trace can be; not read</source>
        <translation>%1：%2 字节超出了 MindData 跟踪文件可能的大小；未读取</translation>
    </message>
    <message>
        <source>%1: binary data (NUL byte) at byte %2: not a text file</source>
        <translation>%1：第 %2 字节处有二进制数据（NUL 字节）：不是文本文件</translation>
    </message>
    <message>
        <source>%1:%2: %3</source>
        <translation>%1:%2：%3</translation>
    </message>
    <message>
        <source>%1: no usable record</source>
        <translation>%1：没有可用的记录</translation>
    </message>
    <message>
        <source>%1: no &quot;op_info&quot; list: not a MindData pipeline file</source>
        <translation>%1：没有 &quot;op_info&quot; 列表：不是 MindData 流水线文件</translation>
    </message>
    <message>
        <source>%1: op_info entry %2 has no integer op_id; skipped</source>
        <translation>%1：op_info 条目 %2 没有整数 op_id；已跳过</translation>
    </message>
    <message>
        <source>%1: op %2: &quot;children&quot; is not a list of ids; ignored</source>
        <translation>%1：算子 %2：&quot;children&quot; 不是 id 列表；已忽略</translation>
    </message>
    <message>
        <source>%1: op %2: output_queue.size is not a list of integers; ignored</source>
        <translation>%1：算子 %2：output_queue.size 不是整数列表；已忽略</translation>
    </message>
    <message>
        <source>%1: op %2: output_queue.throughput is not a list of numbers; ignored</source>
        <translation>%1：算子 %2：output_queue.throughput 不是数字列表；已忽略</translation>
    </message>
    <message>
        <source>%1: no &quot;op_ids&quot; key: not a MindData pipeline summary</source>
        <translation>%1：没有 &quot;op_ids&quot; 键：不是 MindData 流水线汇总</translation>
    </message>
    <message>
        <source>no key in the first cell; line skipped</source>
        <translation>第一个单元格中没有键；已跳过该行</translation>
    </message>
    <message>
        <source>no &quot;op_ids&quot; row: not a MindData pipeline summary</source>
        <translation>没有 &quot;op_ids&quot; 行：不是 MindData 流水线汇总</translation>
    </message>
    <message>
        <source>expected 4 or 5 numbers &quot;type extra step value [timestamp]&quot;, got %1 fields; line skipped</source>
        <translation>应为 4 或 5 个数字 &quot;type extra step value [timestamp]&quot;，实际为 %1 个字段；已跳过该行</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a queue record (type 0 or 1 and integers); line skipped</source>
        <translation>&quot;%1&quot; 不是队列记录（type 为 0 或 1，且均为整数）；已跳过该行</translation>
    </message>
    <message>
        <source>expected &quot;GetNext... start end queue_size&quot; with integers; line skipped</source>
        <translation>应为整数形式的 &quot;GetNext... start end queue_size&quot;；已跳过该行</translation>
    </message>
    <message>
        <source>%1: &quot;time_stamp&quot; is missing or not a list of integers: not a MindData CPU file</source>
        <translation>%1：&quot;time_stamp&quot; 缺失或不是整数列表：不是 MindData CPU 文件</translation>
    </message>
    <message>
        <source>%1: %2.%3 is not a list of numbers; ignored</source>
        <translation>%1：%2.%3 不是数字列表；已忽略</translation>
    </message>
    <message>
        <source>%1: an op_info entry has no integer op_id; skipped</source>
        <translation>%1：某个 op_info 条目没有整数 op_id；已跳过</translation>
    </message>
</context>
<context>
    <name>profscope::OpenFiles</name>
    <message>
        <source>Profiler files (trace_view.json *.json *.csv *.db)</source>
        <translation>Profiler 文件 (trace_view.json *.json *.csv *.db)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Open Profile File</source>
        <translation>打开性能数据文件</translation>
    </message>
</context>
<context>
    <name>profscope::OperatorCompareModel</name>
    <message>
        <source>only in baseline</source>
        <translation>仅在基准中</translation>
    </message>
    <message>
        <source>only in comparison</source>
        <translation>仅在比较对象中</translation>
    </message>
    <message>
        <source>%1 unpaired kernels</source>
        <translation>%1 个未配对的算子</translation>
    </message>
    <message>
        <source>Type: %1</source>
        <translation>类型：%1</translation>
    </message>
    <message>
        <source>%1 of %2 baseline and %3 comparison kernels paired by the alignment</source>
        <translation>基准的 %2 个算子与比较对象的 %3 个算子中，有 %1 个通过比对完成配对</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Baseline count</source>
        <translation>基准次数</translation>
    </message>
    <message>
        <source>Comparison count</source>
        <translation>比较次数</translation>
    </message>
    <message>
        <source>Baseline total (us)</source>
        <translation>基准总耗时 (us)</translation>
    </message>
    <message>
        <source>Comparison total (us)</source>
        <translation>比较总耗时 (us)</translation>
    </message>
    <message>
        <source>Delta (us)</source>
        <translation>差值 (us)</translation>
    </message>
    <message>
        <source>Delta (%)</source>
        <translation>差值 (%)</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>profscope::OperatorStatModel</name>
    <message>
        <source>Communication op: share of all kernel time (compute ops: share of compute time)</source>
        <translation>通信算子：占全部算子耗时的比例（计算算子：占计算时间的比例）</translation>
    </message>
    <message>
        <source>Share of the compute time (communication ops: of all kernel time)</source>
        <translation>占计算时间的比例（通信算子：占全部算子耗时的比例）</translation>
    </message>
    <message>
        <source>Sum of the kernels&apos; Wait Time: the device idled before them on their stream</source>
        <translation>各算子 Wait Time 之和：设备在其所在流上执行它们之前的空闲时间</translation>
    </message>
    <message>
        <source>Accelerator core (task type) the kernels ran on</source>
        <translation>算子运行所在的加速器核（任务类型）</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Input Shapes</source>
        <translation>输入形状</translation>
    </message>
    <message>
        <source>Core</source>
        <translation>核类型</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total (us)</source>
        <translation>总耗时 (us)</translation>
    </message>
    <message>
        <source>Avg (us)</source>
        <translation>平均耗时 (us)</translation>
    </message>
    <message>
        <source>Min (us)</source>
        <translation>最小耗时 (us)</translation>
    </message>
    <message>
        <source>Max (us)</source>
        <translation>最大耗时 (us)</translation>
    </message>
    <message>
        <source>Ratio (%)</source>
        <translation>占比 (%)</translation>
    </message>
    <message>
        <source>Wait (us)</source>
        <translation>等待 (us)</translation>
    </message>
</context>
<context>
    <name>profscope::OperatorsPage</name>
    <message>
        <source>Op type</source>
        <translation>算子类型</translation>
    </message>
    <message>
        <source>Op name</source>
        <translation>算子名称</translation>
    </message>
    <message>
        <source>Op name + input shapes</source>
        <translation>算子名称 + 输入形状</translation>
    </message>
    <message>
        <source>Group the kernels by op type and core, by op name, or by op name and input shapes</source>
        <translation>按算子类型和核类型、按算子名称，或按算子名称和输入形状对算子分组</translation>
    </message>
    <message>
        <source>Compare by op type</source>
        <translation>按算子类型比较</translation>
    </message>
    <message>
        <source>Compare by op name</source>
        <translation>按算子名称比较</translation>
    </message>
    <message>
        <source>Kernels are paired by aligning each stream&apos;s kernel sequence (op type + input shapes)</source>
        <translation>通过比对每个流的算子序列（算子类型 + 输入形状）来配对算子</translation>
    </message>
    <message>
        <source>Group by:</source>
        <translation>分组方式：</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Top </source>
        <translation>前 </translation>
    </message>
    <message>
        <source>Show only the N groups with the most device time (the chart shows at most %1 bars)</source>
        <translation>只显示设备耗时最多的 N 组（图表最多显示 %1 个柱）</translation>
    </message>
    <message>
        <source>Communication in charts</source>
        <translation>图表中包含通信</translation>
    </message>
    <message>
        <source>Include communication (HCCL) ops in the charts; without them the compute ops and their shares of the compute time are easier to read</source>
        <translation>在图表中包含通信（HCCL）算子；不包含时，计算算子及其占计算时间的比例更易读</translation>
    </message>
    <message>
        <source>Filter by name, type or core</source>
        <translation>按名称、类型或核类型筛选</translation>
    </message>
    <message>
        <source>Save the charts as PNG, SVG or PDF</source>
        <translation>将图表保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>rank ?</source>
        <translation>rank ?</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>rank #%1</source>
        <translation>rank #%1</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>No profile loaded.

Open a profiler output folder (a rank&apos;s *_ascend_pt / *_ascend_ms folder or a cluster) to see where the device time goes by operator.</source>
        <translation>未加载性能数据。

打开性能数据文件夹（某个 rank 的 *_ascend_pt / *_ascend_ms 文件夹或集群），按算子查看设备时间花在哪里。</translation>
    </message>
    <message>
        <source>%1 has no kernel table.

Operator statistics are read from ASCEND_PROFILER_OUTPUT/kernel_details.csv (or op_summary_*.csv in a CANN PROF_ folder); profile with activities=[NPU] to get it.</source>
        <translation>%1 没有算子表。

算子统计读取自 ASCEND_PROFILER_OUTPUT/kernel_details.csv（或 CANN PROF_ 文件夹中的 op_summary_*.csv）；请使用 activities=[NPU] 采集以获取该文件。</translation>
    </message>
    <message>
        <source>(unknown)</source>
        <translation>（未知）</translation>
    </message>
    <message>
        <source> · step %1</source>
        <translation> · 迭代 %1</translation>
    </message>
    <message>
        <source>Device time by op type</source>
        <translation>按算子类型统计的设备耗时</translation>
    </message>
    <message>
        <source>Compute time by op type</source>
        <translation>按算子类型统计的计算耗时</translation>
    </message>
    <message>
        <source>Total time</source>
        <translation>总耗时</translation>
    </message>
    <message>
        <source>No kernels in this step</source>
        <translation>该迭代中没有算子</translation>
    </message>
    <message>
        <source>Others (%1 types)</source>
        <translation>其他（%1 种类型）</translation>
    </message>
    <message>
        <source>Device time by accelerator core</source>
        <translation>按加速器核统计的设备耗时</translation>
    </message>
    <message>
        <source>Compute time by accelerator core</source>
        <translation>按加速器核统计的计算耗时</translation>
    </message>
    <message>
        <source>Others (%1 cores)</source>
        <translation>其他（%1 种核）</translation>
    </message>
    <message>
        <source>%1 kernels, %2 of device time%3</source>
        <translation>%1 个算子，设备耗时 %2%3</translation>
    </message>
    <message>
        <source> without communication</source>
        <translation>（不含通信）</translation>
    </message>
    <message>
        <source> · kernel_details.csv has no Step Id: showing all steps</source>
        <translation> · kernel_details.csv 没有 Step Id：显示全部迭代</translation>
    </message>
    <message>
        <source> · double-click a row to show its longest kernel in the timeline</source>
        <translation> · 双击某行可在时间线中显示其耗时最长的算子</translation>
    </message>
    <message>
        <source>%1 − %2</source>
        <translation>%1 − %2</translation>
    </message>
    <message>
        <source>Change of device time by op type (%1)</source>
        <translation>按算子类型统计的设备耗时变化（%1）</translation>
    </message>
    <message>
        <source>Delta</source>
        <translation>差值</translation>
    </message>
    <message>
        <source>No difference</source>
        <translation>无差异</translation>
    </message>
    <message>
        <source>By accelerator core (%1)</source>
        <translation>按加速器核（%1）</translation>
    </message>
    <message>
        <source>Baseline %1: %2 in %3 kernels · Comparison %4: %5 in %6 kernels · Delta %7%8 (%9) · %10 kernels paired</source>
        <translation>基准 %1：%3 个算子共 %2 · 比较 %4：%6 个算子共 %5 · 差值 %7%8（%9）· 已配对 %10 个算子</translation>
    </message>
    <message>
        <source> · %1 only in baseline, %2 only in comparison</source>
        <translation> · 仅在基准中 %1 个，仅在比较对象中 %2 个</translation>
    </message>
    <message>
        <source> · stream ids differ: streams paired by order</source>
        <translation> · 流 id 不同：按顺序配对流</translation>
    </message>
    <message>
        <source> · alignment cut short (very different kernel sequences): pairs are approximate</source>
        <translation> · 比对提前终止（算子序列差异很大）：配对结果为近似值</translation>
    </message>
    <message>
        <source>all steps</source>
        <translation>全部迭代</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>Operators · %1 (baseline) vs %2 (comparison) · %3</source>
        <translation>算子 · %1（基准）对比 %2（比较）· %3</translation>
    </message>
    <message>
        <source>Operators · %1 · %2</source>
        <translation>算子 · %1 · %2</translation>
    </message>
    <message>
        <source> · %1 of %2 rows</source>
        <translation> · 显示 %2 行中的 %1 行</translation>
    </message>
    <message>
        <source>%1 has no partner in the comparison run.

Pair it with one of the comparison run&apos;s ranks in File → Edit Rank Mapping.</source>
        <translation>%1 在对比运行中没有配对的 rank。

请在“文件 → 编辑 Rank 映射”中将其与对比运行的某个 rank 配对。</translation>
    </message>
    <message>
        <source>Double-click: the baseline&apos;s longest kernel of this row in the timeline; right-click for the comparison&apos;s</source>
        <translation>双击：在时间线中显示此行在基准运行中耗时最长的算子；右键单击：显示对比运行中的对应算子</translation>
    </message>
    <message>
        <source>Operators · base run %1 vs comparison run %2 · %3</source>
        <translation>算子 · 基准运行 %1 与对比运行 %2 · %3</translation>
    </message>
    <message>
        <source> (comparison: step %1)</source>
        <translation> （对比：迭代 %1）</translation>
    </message>
    <message>
        <source>comparison − base run</source>
        <translation>对比运行 − 基准运行</translation>
    </message>
    <message>
        <source>comparison %1 − base %2</source>
        <translation>对比 %1 − 基准 %2</translation>
    </message>
    <message>
        <source>This op only runs in the baseline.</source>
        <translation>该算子只在基准运行中执行。</translation>
    </message>
    <message>
        <source>The timeline shows the base run only: the comparison run&apos;s kernels cannot be shown there.</source>
        <translation>时间线只显示基准运行：无法在其中显示对比运行的算子。</translation>
    </message>
    <message>
        <source>Baseline Kernel in &amp;Timeline</source>
        <translation>在时间线中显示基准算子(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Comparison Kernel in Timeline</source>
        <translation>在时间线中显示对比算子(&amp;C)</translation>
    </message>
    <message>
        <source>Comparison Kernel in Timeline (not available)</source>
        <translation>在时间线中显示对比算子（不可用）</translation>
    </message>
    <message>
        <source> · from the rank&apos;s Profscope summary: the whole run by op type and core (no kernel table)</source>
        <translation> · 来自该 rank 的 Profscope 摘要：整个运行按算子类型和核统计（无 kernel 表）</translation>
    </message>
    <message>
        <source> · from op_statistic.csv: the whole run by op type and core (no kernel_details.csv)</source>
        <translation> · 来自 op_statistic.csv：整个运行按算子类型和核统计（无 kernel_details.csv）</translation>
    </message>
</context>
<context>
    <name>profscope::Overview</name>
    <message>
        <source>the timeline has no device compute or communication tasks (Ascend Hardware / HCCL)</source>
        <translation>时间线中没有设备上的计算或通信任务（Ascend Hardware / HCCL）</translation>
    </message>
    <message>
        <source>from the profiler&apos;s summary (step_trace_time.csv / StepTraceTime), not recomputed: %1</source>
        <translation>来自 profiler 的汇总（step_trace_time.csv / StepTraceTime），未重新计算：%1</translation>
    </message>
    <message>
        <source>no timeline (trace_view.json or profiler database) was loaded for this rank</source>
        <translation>该 rank 未加载时间线（trace_view.json 或 profiler 数据库）</translation>
    </message>
    <message>
        <source>Overlap Analysis lanes</source>
        <translation>Overlap Analysis 泳道</translation>
    </message>
    <message>
        <source>step_trace_time.csv / StepTraceTime</source>
        <translation>step_trace_time.csv / StepTraceTime</translation>
    </message>
    <message>
        <source>step %1 %2</source>
        <translation>迭代 %1 %2</translation>
    </message>
    <message>
        <source>%1: %2 µs recomputed, %3 µs in the profiler&apos;s %4</source>
        <translation>%1：重新计算为 %2 µs，profiler 的 %4 中为 %3 µs</translation>
    </message>
    <message>
        <source>recomputed from the timeline next to the data by %1 on %2 (%3); the timeline itself was not copied</source>
        <translation>由 %1 在 %2 上于数据所在处根据时间线重新计算（%3）；时间线本身未被复制</translation>
    </message>
</context>
<context>
    <name>profscope::OverviewBarsModel</name>
    <message>
        <source>Computing (not overlapped)</source>
        <translation>计算（未重叠）</translation>
    </message>
    <message>
        <source>Overlapped</source>
        <translation>重叠</translation>
    </message>
    <message>
        <source>Communication (not overlapped)</source>
        <translation>通信（未重叠）</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Preparing</source>
        <translation>准备</translation>
    </message>
    <message>
        <source>Compute only</source>
        <translation>仅计算</translation>
    </message>
    <message>
        <source>Comm. only</source>
        <translation>仅通信</translation>
    </message>
    <message>
        <source>Computing − Overlapped: kernels run while no communication does</source>
        <translation>计算 − 重叠：没有通信时运行的算子</translation>
    </message>
    <message>
        <source>Computing and communication at the same time</source>
        <translation>计算与通信同时进行</translation>
    </message>
    <message>
        <source>Communication(Not Overlapped): communication with no kernel running</source>
        <translation>通信（未重叠）：没有算子运行时的通信</translation>
    </message>
    <message>
        <source>The device does neither inside the step</source>
        <translation>迭代内设备既未计算也未通信</translation>
    </message>
    <message>
        <source>From the host&apos;s step start to the first device task</source>
        <translation>从 Host 侧迭代开始到第一个设备任务</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Pipeline stage</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <source>Step time (us)</source>
        <translation>迭代耗时 (us)</translation>
    </message>
    <message>
        <source>%1 (us)</source>
        <translation>%1 (us)</translation>
    </message>
</context>
<context>
    <name>profscope::OverviewCompareModel</name>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>This rank has no figures for the step.</source>
        <translation>该 rank 没有此迭代的数据。</translation>
    </message>
    <message>
        <source>No rank of the comparison run is mapped to this rank (File → Edit Rank Mapping).</source>
        <translation>对比运行中没有映射到此 rank 的 rank（文件 → 编辑 Rank 映射）。</translation>
    </message>
    <message>
        <source>The comparison rank has no figures for the step.</source>
        <translation>对比 rank 没有此迭代的数据。</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Comparison rank</source>
        <translation>对比 rank</translation>
    </message>
    <message>
        <source>Step time (µs)</source>
        <translation>迭代耗时 (µs)</translation>
    </message>
    <message>
        <source>Comparison step time (µs)</source>
        <translation>对比迭代耗时 (µs)</translation>
    </message>
    <message>
        <source>Δ step time (µs)</source>
        <translation>Δ 迭代耗时 (µs)</translation>
    </message>
    <message>
        <source>Δ step time (%)</source>
        <translation>Δ 迭代耗时 (%)</translation>
    </message>
    <message>
        <source>%1 (µs)</source>
        <translation>%1 (µs)</translation>
    </message>
    <message>
        <source>Comparison %1 (µs)</source>
        <translation>对比%1 (µs)</translation>
    </message>
    <message>
        <source>Δ %1 (µs)</source>
        <translation>Δ %1 (µs)</translation>
    </message>
</context>
<context>
    <name>profscope::OverviewComparePane</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Delta by Category</source>
        <translation>各类别差值</translation>
    </message>
    <message>
        <source>Per Rank</source>
        <translation>逐 rank</translation>
    </message>
    <message>
        <source>Step time per rank, base and comparison (mean over steps)</source>
        <translation>各 rank 的迭代耗时，基准与对比（各迭代平均）</translation>
    </message>
    <message>
        <source>Step %1 per rank, base and comparison</source>
        <translation>各 rank 的迭代 %1，基准与对比</translation>
    </message>
    <message>
        <source>Step %1 (comparison: step %2) per rank</source>
        <translation>各 rank 的迭代 %1（对比：迭代 %2）</translation>
    </message>
    <message>
        <source>No rank of %1 is paired with a rank of %2 that has this step: pick another step or edit the rank mapping (File → Edit Rank Mapping).</source>
        <translation>%1 中没有任何 rank 与 %2 中包含该迭代的 rank 配对：请选择其他迭代，或编辑 rank 映射（文件 → 编辑 Rank 映射）。</translation>
    </message>
    <message>
        <source>about the same</source>
        <translation>与基准基本相同</translation>
    </message>
    <message>
        <source>&lt;b&gt;slower&lt;/b&gt;</source>
        <translation>&lt;b&gt;更慢&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;faster&lt;/b&gt;</source>
        <translation>&lt;b&gt;更快&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>Mean step time over %n paired rank(s): %1 → %2 (%3, %4%5 %): the comparison run is %6.</source>
        <translation>
            <numerusform>%n 个已配对 rank 的平均迭代耗时：%1 → %2（%3，%4%5 %）：对比运行%6。</numerusform>
        </translation>
    </message>
    <message>
        <source>Most of it: %1 (%2).</source>
        <translation>主要来自：%1（%2）。</translation>
    </message>
    <message numerus="yes">
        <source>%n base rank(s) without a comparison.</source>
        <translation>
            <numerusform>%n 个基准 rank 没有对比 rank。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s) of the comparison run not paired with any base rank.</source>
        <translation>
            <numerusform>对比运行中有 %n 个 rank 未与任何基准 rank 配对。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>profscope::OverviewExplainModel</name>
    <message>
        <source>The step time: the sum of the parts above</source>
        <translation>迭代耗时：以上各部分之和</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>迭代耗时</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Base, mean (µs)</source>
        <translation>基准，平均 (µs)</translation>
    </message>
    <message>
        <source>Comparison, mean (µs)</source>
        <translation>对比，平均 (µs)</translation>
    </message>
    <message>
        <source>Δ (µs)</source>
        <translation>Δ (µs)</translation>
    </message>
    <message>
        <source>Share of Δ step time</source>
        <translation>占 Δ 迭代耗时的比例</translation>
    </message>
</context>
<context>
    <name>profscope::OverviewPage</name>
    <message>
        <source>Overview</source>
        <translation>总览</translation>
    </message>
    <message>
        <source>Sort bars by:</source>
        <translation>柱排序依据：</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>迭代耗时</translation>
    </message>
    <message>
        <source>Pipeline stage</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <source>Largest first</source>
        <translation>从大到小</translation>
    </message>
    <message>
        <source>Sort order of the bars</source>
        <translation>柱的排序方式</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Save the charts as PNG, SVG or PDF and the tables as CSV</source>
        <translation>将图表保存为 PNG、SVG 或 PDF，将表格保存为 CSV</translation>
    </message>
    <message>
        <source>Rank Chart…</source>
        <translation>Rank 图表…</translation>
    </message>
    <message>
        <source>Step Trend Chart…</source>
        <translation>迭代趋势图表…</translation>
    </message>
    <message>
        <source>Rank Values (CSV)…</source>
        <translation>Rank 数值 (CSV)…</translation>
    </message>
    <message>
        <source>Step Trend (CSV)…</source>
        <translation>迭代趋势 (CSV)…</translation>
    </message>
    <message>
        <source>Step Table (CSV)…</source>
        <translation>迭代表 (CSV)…</translation>
    </message>
    <message>
        <source>Advice (CSV)…</source>
        <translation>建议 (CSV)…</translation>
    </message>
    <message>
        <source>Export Chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>Advice</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Step Table</source>
        <translation>迭代表</translation>
    </message>
    <message>
        <source>Open a profile to see where each rank&apos;s step time goes.</source>
        <translation>打开性能数据，查看每个 rank 的迭代时间花在哪里。</translation>
    </message>
    <message>
        <source>No step overview could be computed for this profile.</source>
        <translation>无法为该性能数据计算迭代总览。</translation>
    </message>
    <message>
        <source>The overview needs the device tasks of a trace (trace_view.json or msprof_*.json) or a step_trace_time.csv.</source>
        <translation>总览需要 trace 中的设备任务（trace_view.json 或 msprof_*.json）或 step_trace_time.csv。</translation>
    </message>
    <message>
        <source>No findings: no rule of the advice engine fired for this step.</source>
        <translation>没有发现问题：此迭代未触发建议引擎的任何规则。</translation>
    </message>
    <message>
        <source>Double-click a finding (or press Enter) to go to the rank, operator, link or time range it is about.</source>
        <translation>双击某条问题（或按回车键）可跳转到其涉及的 rank、算子、链路或时间范围。</translation>
    </message>
    <message>
        <source>Advice (%1)</source>
        <translation>建议（%1）</translation>
    </message>
    <message numerus="yes">
        <source>average over %n step(s)</source>
        <translation>
            <numerusform>%n 个迭代的平均值</numerusform>
        </translation>
    </message>
    <message>
        <source>whole profile</source>
        <translation>整个性能数据</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n 个 rank</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pipeline stage(s)</source>
        <translation>
            <numerusform>%n 个流水线阶段</numerusform>
        </translation>
    </message>
    <message>
        <source>Where each rank&apos;s step time goes (average)</source>
        <translation>每个 rank 的迭代时间分布（平均）</translation>
    </message>
    <message>
        <source>Where each rank&apos;s time goes in step %1</source>
        <translation>迭代 %1 中每个 rank 的时间分布</translation>
    </message>
    <message>
        <source>%1 of %2 ranks with device step data</source>
        <translation>%2 个 rank 中有 %1 个具有设备迭代数据</translation>
    </message>
    <message numerus="yes">
        <source>%n old-format rank(s): iteration times in the step table</source>
        <translation>
            <numerusform>%n 个旧格式 rank：迭代时间见迭代表</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s) from the profiler&apos;s summary, not recomputed</source>
        <translation>
            <numerusform>%n 个 rank 来自 profiler 的汇总，未重新计算</numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1, %2</source>
        <translation>rank %1，%2</translation>
    </message>
    <message numerus="yes">
        <source>The recomputed figures differ from the profiler&apos;s own by more than 1% of the step on %n rank(s); the charts show the recomputed ones. %1%2</source>
        <translation>
            <numerusform>%n 个 rank 上重新计算的数值与 profiler 自身的数值相差超过迭代耗时的 1%；图表显示的是重新计算的数值。%1%2</numerusform>
        </translation>
    </message>
    <message>
        <source> (more in the import report)</source>
        <translation>（更多内容见导入报告）</translation>
    </message>
    <message>
        <source>%1. &lt;a href=&quot;finding:%2&quot;&gt;%3&lt;/a&gt; — &lt;b&gt;%4 µs&lt;/b&gt; per step (%5%)</source>
        <translation>%1. &lt;a href=&quot;finding:%2&quot;&gt;%3&lt;/a&gt; — 每个迭代 &lt;b&gt;%4 µs&lt;/b&gt;（%5%）</translation>
    </message>
    <message>
        <source>Why are the steps slow?</source>
        <translation>迭代为什么慢？</translation>
    </message>
    <message>
        <source>Why is step %1 slow?</source>
        <translation>迭代 %1 为什么慢？</translation>
    </message>
    <message>
        <source>No rank, link or pipeline stage costs the step more than its peers do: see the step table and the Info findings for where the time goes.</source>
        <translation>没有哪个 rank、链路或流水线阶段比同组的其他成员造成更多的迭代耗时：时间花在哪里请查看迭代表和信息级别的问题。</translation>
    </message>
    <message numerus="yes">
        <source>%n old-format rank(s): MindInsight step trace below</source>
        <translation>
            <numerusform>%n 个旧格式 rank：下方为 MindInsight 迭代轨迹</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Open Target</source>
        <translation>打开目标(&amp;O)</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Stack Its %n Ranks in the Timeline</source>
        <translation>
            <numerusform>在时间线中堆叠其 %n 个 rank(&amp;S)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Computing the step overview of %n rank(s)…</source>
        <translation>
            <numerusform>正在计算 %n 个 rank 的迭代总览…</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing the advice for this step…</source>
        <translation>正在计算此迭代的建议…</translation>
    </message>
    <message>
        <source>Compare Runs</source>
        <translation>运行对比</translation>
    </message>
    <message>
        <source>Show the base and the comparison run side by side (off: the base run only)</source>
        <translation>并排显示基准运行和对比运行（关闭时只显示基准运行）</translation>
    </message>
    <message>
        <source>Run Comparison Chart…</source>
        <translation>运行对比图表…</translation>
    </message>
    <message>
        <source>Delta by Category Chart…</source>
        <translation>各类别差值图表…</translation>
    </message>
    <message>
        <source>Run Comparison per Rank (CSV)…</source>
        <translation>逐 rank 运行对比 (CSV)…</translation>
    </message>
    <message>
        <source>Delta by Category (CSV)…</source>
        <translation>各类别差值 (CSV)…</translation>
    </message>
    <message>
        <source>the base run</source>
        <translation>基准运行</translation>
    </message>
    <message>
        <source>the comparison run</source>
        <translation>对比运行</translation>
    </message>
    <message numerus="yes">
        <source>compared with %1 (%n rank(s))</source>
        <translation>
            <numerusform>与 %1 对比（%n 个 rank）</numerusform>
        </translation>
    </message>
    <message>
        <source>its step %1</source>
        <translation>对比运行的迭代 %1</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Every rank</source>
        <translation>每个 rank</translation>
    </message>
    <message>
        <source>Distribution</source>
        <translation>分布</translation>
    </message>
    <message>
        <source>Every rank: a bar per rank, scrolled and sorted as you choose. Distribution: all ranks at once, sorted by step time, with the p10–p90 band, the median and the outliers named.</source>
        <translation>每个 rank：每个 rank 一根柱，可滚动并按所选方式排序。分布：一次显示所有 rank，按迭代时间排序，带 p10–p90 区间、中位数，并标出离群 rank。</translation>
    </message>
    <message>
        <source>Distribution Chart…</source>
        <translation>分布图…</translation>
    </message>
    <message>
        <source>Sort ranks by:</source>
        <translation>rank 排序依据：</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s) from summaries computed next to the data</source>
        <translation>
            <numerusform>%n 个 rank 来自在数据所在处计算的摘要</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>profscope::PartialImport</name>
    <message numerus="yes">
        <source>%n table row(s) outside the step window were left out</source>
        <translation>
            <numerusform>已略去迭代范围外的 %n 个表格行</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: no times or steps in these summaries, they cover the whole run</source>
        <translation>%1：这些汇总中没有时间或迭代信息，其数据涵盖整个运行</translation>
    </message>
</context>
<context>
    <name>profscope::PartialOpenDialog</name>
    <message>
        <source>All steps</source>
        <translation>全部迭代</translation>
    </message>
    <message>
        <source>Open Part of a Profile</source>
        <translation>打开部分性能数据</translation>
    </message>
    <message>
        <source>Load only some steps and ranks of a large run: events outside them are skipped while reading. Folder: %1</source>
        <translation>只加载大型运行中的部分迭代和 rank：读取时跳过范围之外的事件。文件夹：%1</translation>
    </message>
    <message>
        <source>Scanning the folder for ranks and step markers…</source>
        <translation>正在扫描文件夹中的 rank 和迭代标记…</translation>
    </message>
    <message>
        <source>Steps from</source>
        <translation>迭代：从</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>Ranks:</source>
        <translation>Rank：</translation>
    </message>
    <message>
        <source>Check All</source>
        <translation>全选</translation>
    </message>
    <message>
        <source>Check None</source>
        <translation>全不选</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>加载</translation>
    </message>
    <message>
        <source>No profiler output found in this folder.</source>
        <translation>此文件夹中未找到性能数据输出。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s) found; no step markers (ProfilerStep#N, STEP_TIME): only ranks can be chosen.</source>
        <translation>
            <numerusform>找到 %n 个 rank；没有迭代标记（ProfilerStep#N、STEP_TIME）：只能选择 rank。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s) found, steps %1.</source>
        <translation>
            <numerusform>找到 %n 个 rank，迭代 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>no step markers</source>
        <translation>无迭代标记</translation>
    </message>
    <message>
        <source>steps %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>rank %1  —  %2  (%3)</source>
        <translation>rank %1  —  %2  (%3)</translation>
    </message>
    <message>
        <source>%1  —  rank id unknown before loading, always loaded (%2)</source>
        <translation>%1  —  加载前无法得知 rank id，总是加载  (%2)</translation>
    </message>
    <message>
        <source>Check at least one rank.</source>
        <translation>请至少勾选一个 rank。</translation>
    </message>
    <message>
        <source>Will load %1.</source>
        <translation>将加载 %1。</translation>
    </message>
    <message numerus="yes">
        <source>Will load the whole profile (%n rank(s)).</source>
        <translation>
            <numerusform>将加载全部性能数据（%n 个 rank）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>profscope::PipelineGraph</name>
    <message>
        <source>No pipeline: minddata_pipeline_raw_*.csv or pipeline_profiling_*.json would draw it.</source>
        <translation>没有流水线：流水线图的数据来自 minddata_pipeline_raw_*.csv 或 pipeline_profiling_*.json。</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>no queue</source>
        <translation>无队列</translation>
    </message>
    <message numerus="yes">
        <source>%n worker(s)</source>
        <translation>
            <numerusform>%n 个工作线程</numerusform>
        </translation>
    </message>
    <message>
        <source> · CPU %1%</source>
        <translation> · CPU %1%</translation>
    </message>
    <message>
        <source>bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>slow (queue filter)</source>
        <translation>慢（队列筛选）</translation>
    </message>
    <message>
        <source>workers: %1</source>
        <translation>工作线程：%1</translation>
    </message>
    <message>
        <source>output queue: %1% used, average %2 of %3</source>
        <translation>输出队列：已使用 %1%，平均 %2 / %3</translation>
    </message>
    <message>
        <source>empty in %1% of the samples</source>
        <translation>在 %1% 的采样中为空</translation>
    </message>
    <message>
        <source>sampled depths: %1</source>
        <translation>采样深度：%1</translation>
    </message>
    <message>
        <source>CPU %1% (%2% per worker)</source>
        <translation>CPU %1%（每工作线程 %2%）</translation>
    </message>
</context>
<context>
    <name>profscope::ProfileLoader</name>
    <message>
        <source>canceled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>rank id %1 in the file differs from %2 found before</source>
        <translation>文件中的 rank id %1 与之前找到的 %2 不一致</translation>
    </message>
    <message>
        <source>a kernel table was already read for this rank</source>
        <translation>该 rank 已读取过一个算子表</translation>
    </message>
    <message>
        <source>raw profiler data folder: not read, the exported deliverables are used</source>
        <translation>profiler 原始数据文件夹：未读取，使用导出的结果文件</translation>
    </message>
    <message>
        <source>recognised profiler output, not read by this version of Profscope</source>
        <translation>已识别的 profiler 输出，但当前版本的 Profscope 不读取</translation>
    </message>
    <message>
        <source>not a file Profscope knows</source>
        <translation>不是 Profscope 可识别的文件</translation>
    </message>
    <message>
        <source>%1 flow starts without a finish</source>
        <translation>%1 个连线起点没有终点</translation>
    </message>
    <message>
        <source>%1 flow finishes without a start</source>
        <translation>%1 个连线终点没有起点</translation>
    </message>
    <message>
        <source>%1 E events without a B</source>
        <translation>%1 个 E 事件没有对应的 B</translation>
    </message>
    <message>
        <source>%1 B events without an E, closed at the thread&apos;s last event</source>
        <translation>%1 个 B 事件没有对应的 E，已在该线程的最后一个事件处结束</translation>
    </message>
    <message>
        <source>%1 events without a usable ph or ts were skipped</source>
        <translation>已跳过 %1 个缺少可用 ph 或 ts 的事件</translation>
    </message>
    <message>
        <source>the rank folder is empty: the profiler wrote nothing here (still running, or it failed?)</source>
        <translation>rank 文件夹为空：profiler 未在此写入任何内容（仍在运行，还是已失败？）</translation>
    </message>
    <message>
        <source>Scanning %1</source>
        <translation>正在扫描 %1</translation>
    </message>
    <message numerus="yes">
        <source>Found %n rank(s)</source>
        <translation>
            <numerusform>找到 %n 个 rank</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading %1 (%2 of %3 ranks done)</source>
        <translation>正在加载 %1（已完成 %2/%3 个 rank）</translation>
    </message>
    <message>
        <source>Finishing</source>
        <translation>正在收尾</translation>
    </message>
    <message numerus="yes">
        <source>%n folders claim rank %1: %2. They are all kept as separate ranks; open one job at a time if this is a mix-up.</source>
        <translation>
            <numerusform>%n 个文件夹都声称是 rank %1：%2。它们均作为独立的 rank 保留；如果这是混入了多个作业，请每次只打开一个作业。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>loading was canceled: %n rank(s) loaded</source>
        <translation>
            <numerusform>加载已取消：已加载 %n 个 rank</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Loaded %n rank(s) in %1 s</source>
        <translation>
            <numerusform>已加载 %n 个 rank，耗时 %1 秒</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Loaded %n rank(s) in %1 ms</source>
        <translation>
            <numerusform>已加载 %n 个 rank，耗时 %1 毫秒</numerusform>
        </translation>
    </message>
    <message>
        <source>timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>kernel table</source>
        <translation>算子表</translation>
    </message>
    <message>
        <source>memory data</source>
        <translation>内存数据</translation>
    </message>
    <message>
        <source>step trace summary</source>
        <translation>迭代轨迹汇总</translation>
    </message>
    <message>
        <source>communication statistics</source>
        <translation>通信统计</translation>
    </message>
    <message>
        <source>communication matrix</source>
        <translation>通信矩阵</translation>
    </message>
    <message>
        <source>MindStudio Insight&apos;s own cache, not profiler output: ignored</source>
        <translation>MindStudio Insight 自己的缓存，不是性能数据：已忽略</translation>
    </message>
    <message>
        <source>msprof intermediate database: not read, the exports are used</source>
        <translation>msprof 中间数据库：未读取，使用导出文件</translation>
    </message>
    <message>
        <source>SQLite file without any table Profscope knows (%1)</source>
        <translation>SQLite 文件中没有 Profscope 认识的表（%1）</translation>
    </message>
    <message>
        <source>msprof-analyze cluster output inside a rank folder: not read here</source>
        <translation>rank 文件夹中的 msprof-analyze 集群输出：此处不读取</translation>
    </message>
    <message>
        <source>not read: every kind of data it holds comes from another file of this rank</source>
        <translation>未读取：其中的每类数据都来自该 rank 的其他文件</translation>
    </message>
    <message>
        <source>an unfinished write-ahead log (-wal) lies beside it: read from a private copy of both</source>
        <translation>旁边有未完成的预写日志（-wal）：从两者的私有副本读取</translation>
    </message>
    <message>
        <source>modified by MindStudio Insight (extra tables and columns): those are ignored</source>
        <translation>已被 MindStudio Insight 修改（额外的表和列）：这些内容已忽略</translation>
    </message>
    <message>
        <source>feeds: %1</source>
        <translation>提供：%1</translation>
    </message>
    <message>
        <source>not read: %2 supplies this rank&apos;s %1 (one source per kind of data)</source>
        <translation>未读取：该 rank 的%1由 %2 提供（每类数据只取一个来源）</translation>
    </message>
    <message>
        <source>operator and API statistics, operator details and L2 cache (text-only deliverables: op_statistic, api_statistic, operator_details, l2_cache)</source>
        <translation>算子与 API 统计、算子详情和 L2 缓存（仅文本导出提供：op_statistic、api_statistic、operator_details、l2_cache）</translation>
    </message>
    <message>
        <source>async_npu arrows to copy tasks (torch_npu links framework ops to kernel launches only)</source>
        <translation>指向拷贝任务的 async_npu 连线（torch_npu 只把框架算子关联到 kernel 下发）</translation>
    </message>
    <message>
        <source>tables not shown yet: %1</source>
        <translation>暂未显示的表：%1</translation>
    </message>
    <message>
        <source>not in this database or not read from it: %1</source>
        <translation>该数据库中没有或未读取的内容：%1</translation>
    </message>
    <message numerus="yes">
        <source>%1: the recomputed step figures differ from the profiler&apos;s own by more than 1% of the step in %n place(s), the largest %2. The Overview shows the recomputed values; `profscope-cli export --what overview-check` lists both for every step.</source>
        <translation>
            <numerusform>%1：重新计算的迭代数值与 profiler 自身的数值在 %n 处相差超过迭代耗时的 1%，最大的一处为 %2。总览显示重新计算的数值；`profscope-cli export --what overview-check` 会列出每个迭代的两组数值。</numerusform>
        </translation>
    </message>
    <message>
        <source>a file of this kind was already read for this rank</source>
        <translation>已为该 rank 读取过此类文件</translation>
    </message>
    <message>
        <source>the same summary is read from %1</source>
        <translation>已从 %1 读取相同的汇总</translation>
    </message>
    <message>
        <source>the host queue is read from %1</source>
        <translation>主机队列读取自 %1</translation>
    </message>
    <message>
        <source>the device GetNext queue is read from %1</source>
        <translation>设备 GetNext 队列读取自 %1</translation>
    </message>
    <message>
        <source>the raw HWTS task log MindSpore turns into output_timeline_data: not read</source>
        <translation>MindSpore 转换为 output_timeline_data 的原始 HWTS 任务日志：未读取</translation>
    </message>
    <message>
        <source>config.rankId %1 differs from rank %2 found before</source>
        <translation>config.rankId %1 与之前找到的 rank %2 不同</translation>
    </message>
    <message>
        <source>rank %1 from the database&apos;s RANK_DEVICE_MAP</source>
        <translation>rank %1，来自数据库的 RANK_DEVICE_MAP</translation>
    </message>
    <message>
        <source>no rank id in the database (no RANK_DEVICE_MAP rank)</source>
        <translation>数据库中没有 rank id（RANK_DEVICE_MAP 中没有 rank）</translation>
    </message>
    <message>
        <source>%1: rank unknown, device %2 from the database (its file name says %3)</source>
        <translation>%1：rank 未知，设备 %2 来自数据库（其文件名显示为 %3）</translation>
    </message>
    <message>
        <source>%1: rank unknown, device %2 from the database</source>
        <translation>%1：rank 未知，设备 %2 来自数据库</translation>
    </message>
    <message>
        <source>%1: rank unknown, device %2 from the file name</source>
        <translation>%1：rank 未知，设备 %2 来自文件名</translation>
    </message>
    <message>
        <source>%1: rank and device unknown</source>
        <translation>%1：rank 和设备均未知</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>steps %1–%2</source>
        <translation>迭代 %1–%2</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>%1: %2 not found (this rank has steps %3): nothing of its timeline or its timed tables is kept</source>
        <translation>%1：未找到%2（该 rank 的迭代为 %3）：其时间线和带时间的表均未保留</translation>
    </message>
    <message numerus="yes">
        <source>%1: partial import of steps %2 of %3 (%4 ms of the run); %n event(s) outside the window skipped</source>
        <translation>
            <numerusform>%1：部分导入，迭代 %3 中的 %2（运行中的 %4 ms）；已跳过范围外的 %n 个事件</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 not found in any rank: the profile has steps %2. Nothing of the timelines was kept; choose steps in that range.</source>
        <translation>所有 rank 中均未找到%1：该性能数据的迭代为 %2。未保留任何时间线；请选择该范围内的迭代。</translation>
    </message>
    <message>
        <source>not read: none of the steps asked for is in this rank</source>
        <translation>未读取：该 rank 中没有所请求的任何迭代</translation>
    </message>
    <message>
        <source>%1 events outside the step window were skipped (partial import)</source>
        <translation>已跳过迭代范围外的 %1 个事件（部分导入）</translation>
    </message>
    <message>
        <source>rank %1: not in --ranks %2</source>
        <translation>rank %1：不在 --ranks %2 中</translation>
    </message>
    <message>
        <source>%1 events had times outside the representable range (beyond ±%2 years) and were skipped</source>
        <translation>%1 个事件的时间超出可表示范围（超过 ±%2 年），已跳过</translation>
    </message>
    <message>
        <source>read when first used, not at load: TASK_PMU_INFO (the kernels&apos; PMU metrics)</source>
        <translation>首次使用时读取，加载时不读取：TASK_PMU_INFO（算子的 PMU 指标）</translation>
    </message>
    <message>
        <source>not read: its events are in %1, msprof&apos;s merged timeline of the iteration</source>
        <translation>未读取：其事件已包含在 %1（msprof 该迭代的合并时间线）中</translation>
    </message>
    <message>
        <source>not read: the same bytes as %1, already read (its events would be on the timeline twice)</source>
        <translation>未读取：与已读取的 %1 内容完全相同（否则其事件会在时间线上出现两次）</translation>
    </message>
    <message>
        <source>%1: %2 not found (its step trace has steps %3): none of its step trace rows is kept</source>
        <translation>%1：未找到%2（其迭代轨迹包含迭代 %3）：未保留任何迭代轨迹行</translation>
    </message>
    <message>
        <source>%1: no step markers on a timeline (a timeline, if any, is loaded whole); the step trace rows of steps %2 of %3 are kept</source>
        <translation>%1：时间线上没有迭代标记（如有时间线，则完整加载）；保留迭代 %3 中迭代 %2 的迭代轨迹行</translation>
    </message>
    <message>
        <source>%1: no step markers found (ProfilerStep#N or Iteration N events, STEP_TIME rows), so the step window could not be applied: the whole rank is loaded</source>
        <translation>%1：未找到迭代标记（ProfilerStep#N 或 Iteration N 事件、STEP_TIME 行），因此无法应用迭代窗口：已加载整个 rank</translation>
    </message>
    <message>
        <source>the step markers were sought in the trace, not read whole: the steps listed are those met on the way</source>
        <translation>步骤标记是在 trace 中跳跃查找的，未完整读取：列出的步骤仅为查找途中遇到的步骤</translation>
    </message>
</context>
<context>
    <name>profscope::ProjectDock</name>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Click a rank to show it; Ctrl/Shift+click several to stack them in the timeline</source>
        <translation>单击 rank 可显示它；按住 Ctrl/Shift 单击多个 rank 可在时间线中堆叠显示</translation>
    </message>
    <message>
        <source>At least one rank stays shown</source>
        <translation>至少保留显示一个 rank</translation>
    </message>
    <message>
        <source>Filter ranks: 0-7, 12 or a host</source>
        <translation>筛选 rank：0-7、12 或主机名</translation>
    </message>
    <message>
        <source>Open a profile folder to see its hosts and ranks here.</source>
        <translation>打开性能数据文件夹后，这里会显示其主机和 rank。</translation>
    </message>
    <message>
        <source>No rank matches</source>
        <translation>没有匹配的 rank</translation>
    </message>
    <message numerus="yes">
        <source>Stack the %n Selected Ranks in the Timeline</source>
        <translation>
            <numerusform>在时间线中堆叠所选的 %n 个 rank</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Timeline of All %n Ranks of This Host</source>
        <translation>
            <numerusform>此主机全部 %n 个 rank 的时间线</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Timeline of Its Pipeline Stage (%n Ranks)</source>
        <translation>
            <numerusform>其流水线阶段的时间线（%n 个 rank）</numerusform>
        </translation>
    </message>
    <message>
        <source>Set as &amp;Baseline</source>
        <translation>设为基准(&amp;B)</translation>
    </message>
    <message>
        <source>Set as &amp;Comparison</source>
        <translation>设为比较对象(&amp;C)</translation>
    </message>
    <message>
        <source>Show &amp;Only This Rank</source>
        <translation>仅显示此 Rank(&amp;O)</translation>
    </message>
    <message>
        <source>Open &amp;Timeline</source>
        <translation>打开时间线(&amp;T)</translation>
    </message>
    <message>
        <source>Clear Baseline and Comparison</source>
        <translation>清除基准和比较对象</translation>
    </message>
    <message>
        <source>Show &amp;All Ranks</source>
        <translation>显示全部 Rank(&amp;A)</translation>
    </message>
</context>
<context>
    <name>profscope::ProjectTreeModel</name>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>database only</source>
        <translation>仅数据库</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n 个 rank</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown host</source>
        <translation>未知主机</translation>
    </message>
    <message>
        <source>The profiler output does not name the host</source>
        <translation>性能数据中没有记录主机名</translation>
    </message>
    <message>
        <source>Profiler level: %1</source>
        <translation>采集级别：%1</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基准</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>比较对象</translation>
    </message>
    <message>
        <source>Read from the profiler&apos;s SQLite exports (.db)</source>
        <translation>从 profiler 的 SQLite 导出（.db）读取</translation>
    </message>
</context>
<context>
    <name>profscope::RangeCategoryModel</name>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Device time</source>
        <translation>设备耗时</translation>
    </message>
    <message>
        <source>Recomputed (us)</source>
        <translation>重新计算值 (us)</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Profiler lanes (us)</source>
        <translation>Profiler 泳道 (us)</translation>
    </message>
    <message>
        <source>From the device tasks, as the Overview defines them: Computing + Communication(Not Overlapped) + Free = the range</source>
        <translation>根据设备任务计算，定义同总览页面：计算 + 通信（未重叠）+ 空闲 = 范围</translation>
    </message>
    <message>
        <source>The profiler&apos;s own Overlap Analysis lanes, each slice clipped to the range</source>
        <translation>profiler 自身的 Overlap Analysis 泳道，每个切片均裁剪到范围内</translation>
    </message>
</context>
<context>
    <name>profscope::RangePanel</name>
    <message>
        <source>Shift+drag on the lanes or drag on the ruler to select a range.</source>
        <translation>在泳道上按住 Shift 拖动，或在标尺上拖动，以选择范围。</translation>
    </message>
    <message>
        <source>Group:</source>
        <translation>分组：</translation>
    </message>
    <message>
        <source>By name</source>
        <translation>按名称</translation>
    </message>
    <message>
        <source>By lane and name</source>
        <translation>按泳道和名称</translation>
    </message>
    <message>
        <source>Export CSV...</source>
        <translation>导出 CSV...</translation>
    </message>
    <message>
        <source>Computing + Communication(Not Overlapped) + Free = the range; Overlapped is the part of Communication hidden under Computing</source>
        <translation>计算 + 通信（未重叠）+ 空闲 = 范围；重叠是被计算掩盖的那部分通信</translation>
    </message>
    <message numerus="yes">
        <source>%1 to %2 (%3): %n slices</source>
        <translation>
            <numerusform>%1 至 %2（%3）：%n 个切片</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n partly inside (counted with their part in the range)</source>
        <translation>
            <numerusform>%n 个部分位于范围内（只计入其在范围内的部分）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ranks</source>
        <translation>
            <numerusform>%n 个 rank</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>profscope::RangeStats</name>
    <message>
        <source>Thread %1</source>
        <translation>线程 %1</translation>
    </message>
</context>
<context>
    <name>profscope::RangeStatsModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total (us)</source>
        <translation>总耗时 (us)</translation>
    </message>
    <message>
        <source>Avg (us)</source>
        <translation>平均耗时 (us)</translation>
    </message>
    <message>
        <source>Min (us)</source>
        <translation>最小耗时 (us)</translation>
    </message>
    <message>
        <source>Max (us)</source>
        <translation>最大耗时 (us)</translation>
    </message>
    <message numerus="yes">
        <source>%n slice(s) overlap the range</source>
        <translation>
            <numerusform>%n 个切片与范围重叠</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them stick out of the range and count only their part inside</source>
        <translation>
            <numerusform>其中 %n 个超出范围，只计入其在范围内的部分</numerusform>
        </translation>
    </message>
    <message>
        <source>Lane</source>
        <translation>泳道</translation>
    </message>
    <message>
        <source>Partial</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Slices that start before or end after the range: they count only their part inside it</source>
        <translation>在范围开始之前开始或在范围结束之后结束的切片：只计入其在范围内的部分</translation>
    </message>
    <message>
        <source>Total inside the range / length of the range (x ranks shown); nested slices add up beyond 100%</source>
        <translation>范围内的总耗时 / 范围长度（× 显示的 rank 数）；嵌套切片累加后可能超过 100%</translation>
    </message>
    <message>
        <source>Slices of the shown lanes that overlap the selected range; each counts only its part inside the range. The Overlap Analysis lanes are summarised below, not counted as ops</source>
        <translation>所显示泳道中与所选范围重叠的切片；每个切片只计入其在范围内的部分。Overlap Analysis 泳道在下方汇总，不计为算子</translation>
    </message>
    <message>
        <source>B · </source>
        <translation>B · </translation>
    </message>
</context>
<context>
    <name>profscope::RankBarsChart</name>
    <message>
        <source>Time per step (%1)</source>
        <translation>每迭代耗时 (%1)</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Rank, sorted by %1 (%2)</source>
        <translation>Rank，按%1排序（%2）</translation>
    </message>
    <message>
        <source>largest first</source>
        <translation>从大到小</translation>
    </message>
    <message>
        <source>smallest first</source>
        <translation>从小到大</translation>
    </message>
    <message>
        <source>No rank has step data to show.</source>
        <translation>没有 rank 有可显示的迭代数据。</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>迭代耗时</translation>
    </message>
    <message>
        <source>Double-click: open this rank</source>
        <translation>双击：打开此 rank</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
</context>
<context>
    <name>profscope::RankMappingDialog</name>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>rank #%1</source>
        <translation>rank #%1</translation>
    </message>
    <message>
        <source>By Rank Id</source>
        <translation>按 Rank Id</translation>
    </message>
    <message>
        <source>Rank Mapping</source>
        <translation>Rank 映射</translation>
    </message>
    <message>
        <source>Base rank</source>
        <translation>基准 rank</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Comparison rank</source>
        <translation>对比 rank</translation>
    </message>
    <message>
        <source>As text (base rank id:comparison rank id, comma-separated):</source>
        <translation>文本形式（基准 rank id:对比 rank id，以逗号分隔）：</translation>
    </message>
    <message>
        <source>e.g. 0:0,1:0</source>
        <translation>例如 0:0,1:0</translation>
    </message>
    <message>
        <source>Pair equal rank ids; ranks left over in order, round-robin when the comparison run is smaller</source>
        <translation>将 rank id 相同的 rank 配对；其余 rank 按顺序配对，对比运行的 rank 较少时循环分配</translation>
    </message>
    <message numerus="yes">
        <source>Base run: %1 (%n rank(s))</source>
        <translation>
            <numerusform>基准运行：%1（%n 个 rank）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Comparison run: %1 (%n rank(s))</source>
        <translation>
            <numerusform>对比运行：%1（%n 个 rank）</numerusform>
        </translation>
    </message>
    <message>
        <source>No comparison run is loaded (File → Compare With…).</source>
        <translation>未加载对比运行（文件 → 与其他运行对比…）。</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>profscope::RankSpreadChart</name>
    <message>
        <source>Step time</source>
        <translation>迭代时间</translation>
    </message>
    <message>
        <source>%1 over the cluster, ranks sorted (average)</source>
        <translation>集群内的%1，rank 已排序（平均）</translation>
    </message>
    <message>
        <source>%1 over the cluster in step %2, ranks sorted</source>
        <translation>迭代 %2 中集群内的%1，rank 已排序</translation>
    </message>
    <message>
        <source>1 rank</source>
        <translation>1 个 rank</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s), sorted by step time (fastest left)</source>
        <translation>
            <numerusform>%n 个 rank，按迭代时间排序（最快在左）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s), sorted by %1 (smallest left)</source>
        <translation>
            <numerusform>%n 个 rank，按%1排序（最小在左）</numerusform>
        </translation>
    </message>
    <message>
        <source>Time per step (%1)</source>
        <translation>每迭代时间（%1）</translation>
    </message>
    <message>
        <source>%1 per step (%2)</source>
        <translation>每迭代%1（%2）</translation>
    </message>
    <message>
        <source>No rank has step data to show.</source>
        <translation>没有可显示迭代数据的 rank。</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>p10</source>
        <translation>p10</translation>
    </message>
    <message>
        <source>rank %1 · %2%3</source>
        <translation>rank %1 · %2%3</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>迭代时间</translation>
    </message>
    <message>
        <source>%1 of %2 by %3, smallest first (%4 of the ranks have more)</source>
        <translation>按%3第 %1/%2（从小到大；%4 的 rank 更大）</translation>
    </message>
</context>
<context>
    <name>profscope::RankSummaryModel</name>
    <message>
        <source>?</source>
        <comment>unknown rank or device id</comment>
        <translation>?</translation>
    </message>
    <message>
        <source>—</source>
        <comment>profiler level not recorded</comment>
        <translation>—</translation>
    </message>
    <message>
        <source>—</source>
        <comment>host not recorded</comment>
        <translation>—</translation>
    </message>
    <message>
        <source>Framework: %1</source>
        <translation>框架：%1</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>目录结构</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Slices</source>
        <translation>切片</translation>
    </message>
    <message>
        <source>Flows</source>
        <translation>连线</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Memory records</source>
        <translation>内存记录</translation>
    </message>
    <message>
        <source>Used</source>
        <translation>已使用</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>Broken</source>
        <translation>已损坏</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Duration events on the timeline (all processes and threads)</source>
        <translation>时间线上的持续事件（所有进程和线程）</translation>
    </message>
    <message>
        <source>Flow arrows (e.g. host launch → device kernel)</source>
        <translation>连线箭头（如 host 下发 → device 算子）</translation>
    </message>
    <message>
        <source>Rows of kernel_details.csv / op_summary</source>
        <translation>kernel_details.csv / op_summary 的行数</translation>
    </message>
    <message>
        <source>Training steps in the step trace</source>
        <translation>step trace 中的训练迭代</translation>
    </message>
    <message>
        <source>Rows of memory_record.csv</source>
        <translation>memory_record.csv 的行数</translation>
    </message>
    <message>
        <source>Files of this rank that were read</source>
        <translation>该 rank 已读取的文件</translation>
    </message>
    <message>
        <source>Files of this rank that were deliberately not read</source>
        <translation>该 rank 有意未读取的文件</translation>
    </message>
    <message>
        <source>Files of this rank that could not be read completely</source>
        <translation>该 rank 未能完整读取的文件</translation>
    </message>
    <message>
        <source>Read from the profiler&apos;s SQLite exports (.db)</source>
        <translation>从 profiler 的 SQLite 导出（.db）读取</translation>
    </message>
</context>
<context>
    <name>profscope::Report</name>
    <message>
        <source>Compute only</source>
        <translation>仅计算</translation>
    </message>
    <message>
        <source>Overlapped</source>
        <translation>重叠</translation>
    </message>
    <message>
        <source>Communication only</source>
        <translation>仅通信</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Preparing</source>
        <translation>准备</translation>
    </message>
    <message>
        <source>broken: %1 — %2</source>
        <translation>损坏：%1 — %2</translation>
    </message>
    <message>
        <source>rank %1 · %2: %3 ms</source>
        <translation>rank %1 · %2：%3 ms</translation>
    </message>
    <message>
        <source>Rank (time per step in ms)</source>
        <translation>Rank（每个迭代的时间，ms）</translation>
    </message>
    <message>
        <source>%1 — %2 ms per step (%3 of the step)</source>
        <translation>%1 — 每个迭代 %2 ms（占迭代耗时的 %3）</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>No rule of the advice engine fired.</source>
        <translation>建议引擎没有触发任何规则。</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重级别</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Cost per step (ms)</source>
        <translation>每迭代损失 (ms)</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测值</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Mean step time: base %1 ms, comparison %2 ms (%3).</source>
        <translation>平均迭代耗时：基准 %1 ms，对比 %2 ms（%3）。</translation>
    </message>
    <message>
        <source>Part (mean over ranks)</source>
        <translation>组成部分（各 rank 平均）</translation>
    </message>
    <message>
        <source>Base (ms)</source>
        <translation>基准 (ms)</translation>
    </message>
    <message>
        <source>Comparison (ms)</source>
        <translation>对比 (ms)</translation>
    </message>
    <message>
        <source>Delta (ms)</source>
        <translation>差值 (ms)</translation>
    </message>
    <message>
        <source>Base step (ms)</source>
        <translation>基准迭代 (ms)</translation>
    </message>
    <message>
        <source>Comparison step (ms)</source>
        <translation>对比迭代 (ms)</translation>
    </message>
    <message>
        <source>Delta</source>
        <translation>差值</translation>
    </message>
    <message>
        <source>%1 · %2 rank(s) · %3 step(s) · mean step time %4 ms</source>
        <translation>%1 · %2 个 rank · %3 个迭代 · 平均迭代耗时 %4 ms</translation>
    </message>
    <message>
        <source>Why is the step slow?</source>
        <translation>迭代为什么慢？</translation>
    </message>
    <message>
        <source>No rank, link or pipeline stage costs the step more than its peers do.</source>
        <translation>没有哪个 rank、链路或流水线阶段比同组的其他成员造成更多的迭代耗时。</translation>
    </message>
    <message>
        <source>Where each rank&apos;s step time goes</source>
        <translation>各 rank 的迭代时间去向</translation>
    </message>
    <message>
        <source>Advice</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Import report</source>
        <translation>导入报告</translation>
    </message>
    <message>
        <source>%1 file(s) used, %2 skipped, %3 broken.</source>
        <translation>已使用 %1 个文件，跳过 %2 个，损坏 %3 个。</translation>
    </message>
    <message>
        <source>Profscope report</source>
        <translation>Profscope 报告</translation>
    </message>
    <message>
        <source>Profscope regression report</source>
        <translation>Profscope 性能回归报告</translation>
    </message>
    <message>
        <source>Written %1 · %2</source>
        <translation>生成于 %1 · %2</translation>
    </message>
    <message>
        <source>average over the steps</source>
        <translation>各迭代平均</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>Base run</source>
        <translation>基准运行</translation>
    </message>
    <message>
        <source>Comparison run</source>
        <translation>对比运行</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
</context>
<context>
    <name>profscope::ReportActions</name>
    <message>
        <source>Export Re&amp;port…</source>
        <translation>导出报告(&amp;P)…</translation>
    </message>
    <message>
        <source>One self-contained HTML (or Markdown) report: overview, causes, advice with its evidence, import report</source>
        <translation>一个自包含的 HTML（或 Markdown）报告：总览、原因、建议及其依据、导入报告</translation>
    </message>
    <message>
        <source>Export &amp;Trace…</source>
        <translation>导出 Trace(&amp;T)…</translation>
    </message>
    <message>
        <source>The ranks shown as Chrome Trace JSON for the Perfetto UI or chrome://tracing (the step chosen, or everything)</source>
        <translation>将所显示的 rank 导出为 Chrome Trace JSON，供 Perfetto UI 或 chrome://tracing 使用（所选迭代或全部）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>HTML report (*.html);;Markdown report (*.md)</source>
        <translation>HTML 报告 (*.html);;Markdown 报告 (*.md)</translation>
    </message>
    <message>
        <source>Export Trace</source>
        <translation>导出 Trace</translation>
    </message>
    <message>
        <source>Chrome Trace JSON (*.json)</source>
        <translation>Chrome Trace JSON (*.json)</translation>
    </message>
</context>
<context>
    <name>profscope::Resources</name>
    <message>
        <source>Rank %1 computes at %2 GFLOPS, %3% below the cluster mean of %4 GFLOPS (threshold %5%): check its operators for slow kernels or a lower clock.</source>
        <translation>Rank %1 的算力为 %2 GFLOPS，比集群均值 %4 GFLOPS 低 %3%（阈值 %5%）：请检查其算子中是否有慢算子或较低的时钟频率。</translation>
    </message>
    <message>
        <source>Pipeline stage %1 computes %2 MFLOPs per device, %3% above the mean of the stages (threshold %4%): the stages are unbalanced; move layers from stage %1 to the others.</source>
        <translation>流水线阶段 %1 每个设备的计算量为 %2 MFLOPs，比各阶段均值高 %3%（阈值 %4%）：各阶段负载不均衡；请将阶段 %1 的部分层移到其他阶段。</translation>
    </message>
</context>
<context>
    <name>profscope::ResourcesPage</name>
    <message>
        <source>FLOPs per device (M)</source>
        <translation>每个设备的 FLOPs (M)</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>FLOPs (M)</source>
        <translation>FLOPs (M)</translation>
    </message>
    <message>
        <source>MFLOPs</source>
        <translation>MFLOPs</translation>
    </message>
    <message>
        <source>Peak memory and capacity per device (MB)</source>
        <translation>每个设备的内存峰值和容量 (MB)</translation>
    </message>
    <message>
        <source>Peak memory per device (MB)</source>
        <translation>每个设备的内存峰值 (MB)</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>Free up to the capacity</source>
        <translation>剩余容量</translation>
    </message>
    <message>
        <source>MB</source>
        <translation>MB</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>Colour step:</source>
        <translation>颜色步长：</translation>
    </message>
    <message>
        <source>The ratio range each colour of the heatmaps stands for (MindInsight&apos;s granularity)</source>
        <translation>热力图中每种颜色代表的比例范围（MindInsight 的粒度）</translation>
    </message>
    <message>
        <source>Save the FLOPs heatmap as PNG, SVG or PDF</source>
        <translation>将 FLOPs 热力图保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Save the FLOPs table as CSV</source>
        <translation>将 FLOPs 表保存为 CSV</translation>
    </message>
    <message>
        <source>FLOPs / max FLOPs</source>
        <translation>FLOPs / 最大 FLOPs</translation>
    </message>
    <message>
        <source>Save the cluster memory heatmap as PNG, SVG or PDF</source>
        <translation>将集群内存热力图保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Save the cluster memory table as CSV</source>
        <translation>将集群内存表保存为 CSV</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <source>Cluster Memory</source>
        <translation>集群内存</translation>
    </message>
    <message>
        <source>API Statistics</source>
        <translation>API 统计</translation>
    </message>
    <message>
        <source>No resource data in this profile.

flops_summary_{rank}.json (MindSpore profiler/ folders) fills the FLOPs heatmap; memory_record.csv, a database&apos;s memory records or memory_usage_summary_{rank}.json the cluster memory overview; api_statistic.csv or the CANN API calls of a timeline the API statistics.</source>
        <translation>此性能数据中没有资源数据。

FLOPs 热力图的数据来自 flops_summary_{rank}.json（MindSpore profiler/ 文件夹）；集群内存总览的数据来自 memory_record.csv、数据库中的内存记录或 memory_usage_summary_{rank}.json；API 统计的数据来自 api_statistic.csv 或时间线中的 CANN API 调用。</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>FLOPs / Max</source>
        <translation>FLOPs / 最大值</translation>
    </message>
    <message>
        <source>FLOPS (G/s)</source>
        <translation>FLOPS (G/s)</translation>
    </message>
    <message>
        <source>Utilization (%)</source>
        <translation>利用率 (%)</translation>
    </message>
    <message>
        <source>%1%2
FLOPs: %3 M (%4 of the largest)
FLOPS: %5 G/s
Click: its FLOPs per operator; double click: its operators</source>
        <translation>%1%2
FLOPs：%3 M（为最大值的 %4）
FLOPS：%5 G/s
单击：查看其各算子的 FLOPs；双击：查看其算子</translation>
    </message>
    <message>
        <source> · stage %1</source>
        <translation> · 阶段 %1</translation>
    </message>
    <message>
        <source>No proposal: no rank computes more than 20% below the mean FLOPS%1.</source>
        <translation>没有建议：没有 rank 的 FLOPS 低于均值 20% 以上%1。</translation>
    </message>
    <message>
        <source> and no pipeline stage more than 20% above the mean of the stages</source>
        <translation>，也没有流水线阶段高于各阶段均值 20% 以上</translation>
    </message>
    <message>
        <source>Layout from the ascend_cluster_analyse file names: %1, %2 stage(s) over %3 ranks.</source>
        <translation>根据 ascend_cluster_analyse 文件名得到的布局：%1，%3 个 rank 上有 %2 个阶段。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s) (%1) with flops_{rank}.txt but no flops_summary_{rank}.json: not in the heatmap; click the rank in the project tree for its FLOPs per operator.</source>
        <translation>
            <numerusform>%n 个 rank（%1）有 flops_{rank}.txt 但没有 flops_summary_{rank}.json：未显示在热力图中；在项目树中单击该 rank 可查看其各算子的 FLOPs。</numerusform>
        </translation>
    </message>
    <message>
        <source>Peak (MB)</source>
        <translation>峰值 (MB)</translation>
    </message>
    <message>
        <source>Capacity (MB)</source>
        <translation>容量 (MB)</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>比例</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>memory_usage_summary</source>
        <translation>memory_usage_summary</translation>
    </message>
    <message>
        <source>%1 reserved (memory_record)</source>
        <translation>%1 已预留（memory_record）</translation>
    </message>
    <message>
        <source>%1
Peak: %2 MB (%3)
%4
Click to open its memory curves</source>
        <translation>%1
峰值：%2 MB（%3）
%4
单击可打开其内存曲线</translation>
    </message>
    <message>
        <source>%1 of the device capacity %2 MB</source>
        <translation>占设备容量 %2 MB 的 %1</translation>
    </message>
    <message>
        <source>%1 of the largest peak of the cluster</source>
        <translation>占集群最大峰值的 %1</translation>
    </message>
    <message>
        <source>peak / capacity</source>
        <translation>峰值 / 容量</translation>
    </message>
    <message>
        <source>peak / largest peak</source>
        <translation>峰值 / 最大峰值</translation>
    </message>
    <message>
        <source>Each device&apos;s memory peak against its capacity (memory_usage_summary).</source>
        <translation>每个设备的内存峰值与其容量之比（memory_usage_summary）。</translation>
    </message>
    <message>
        <source>Each device&apos;s peak reserved memory against the largest peak of the cluster (%1 MB): memory_record does not state the device capacity. Click a device to open its memory curves at the peak.</source>
        <translation>每个设备的预留内存峰值与集群最大峰值（%1 MB）之比：memory_record 没有给出设备容量。单击设备可在峰值处打开其内存曲线。</translation>
    </message>
    <message>
        <source>%1 has no flops_{rank}.txt: no FLOPs per operator. Click a device to see its operators&apos; FLOPs.</source>
        <translation>%1 没有 flops_{rank}.txt：没有各算子的 FLOPs。单击设备可查看其算子的 FLOPs。</translation>
    </message>
    <message numerus="yes">
        <source>FLOPs per operator of %1 (%n op(s), flops_{rank}.txt)</source>
        <translation>
            <numerusform>%1 各算子的 FLOPs（%n 个算子，flops_{rank}.txt）</numerusform>
        </translation>
    </message>
    <message>
        <source>Peak at (ms)</source>
        <translation>峰值时刻 (ms)</translation>
    </message>
</context>
<context>
    <name>profscope::RunCompare</name>
    <message>
        <source>&quot;%1&quot; is not a pair of rank ids (base:comparison)</source>
        <translation>&quot;%1&quot; 不是一对 rank id（基准:对比）</translation>
    </message>
    <message>
        <source>the base run has no rank %1</source>
        <translation>基准运行中没有 rank %1</translation>
    </message>
    <message>
        <source>the comparison run has no rank %1</source>
        <translation>对比运行中没有 rank %1</translation>
    </message>
</context>
<context>
    <name>profscope::SearchHitsModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Lane</source>
        <translation>泳道</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
</context>
<context>
    <name>profscope::SqliteDb</name>
    <message>
        <source>cannot open the database: %1</source>
        <translation>无法打开数据库：%1</translation>
    </message>
    <message>
        <source>the database file is empty (0 bytes): the profiler did not finish writing it</source>
        <translation>数据库文件为空（0 字节）：profiler 未完成写入</translation>
    </message>
    <message>
        <source>not an SQLite database (no SQLite header at byte 0; encrypted or another format?)</source>
        <translation>不是 SQLite 数据库（第 0 字节处没有 SQLite 文件头；已加密或是其他格式？）</translation>
    </message>
    <message>
        <source>the database is truncated: %1 bytes, shorter than the 100-byte SQLite header</source>
        <translation>数据库已截断：%1 字节，短于 100 字节的 SQLite 文件头</translation>
    </message>
    <message>
        <source>the database has an unfinished write-ahead log (-wal) and no private copy could be made</source>
        <translation>数据库有未完成的预写日志（-wal），且无法创建私有副本</translation>
    </message>
    <message>
        <source>the database cannot be read: %1</source>
        <translation>无法读取数据库：%1</translation>
    </message>
    <message>
        <source>database not open</source>
        <translation>数据库未打开</translation>
    </message>
    <message>
        <source>database page %1 is malformed (%2)</source>
        <translation>数据库第 %1 页格式错误（%2）</translation>
    </message>
    <message>
        <source>record header of row %1</source>
        <translation>第 %1 行的记录头</translation>
    </message>
    <message>
        <source>record of row %1 is longer than its payload</source>
        <translation>第 %1 行的记录长于其负载</translation>
    </message>
    <message>
        <source>cell %1 points outside the page</source>
        <translation>单元 %1 指向页外</translation>
    </message>
    <message>
        <source>cell %1</source>
        <translation>单元 %1</translation>
    </message>
    <message>
        <source>cell %1 runs past the page</source>
        <translation>单元 %1 超出页尾</translation>
    </message>
    <message>
        <source>overflow page %1 of row %2</source>
        <translation>第 %2 行的溢出页 %1</translation>
    </message>
    <message>
        <source>child page %1 does not exist</source>
        <translation>子页 %1 不存在</translation>
    </message>
    <message>
        <source>the tree is too deep or has a cycle</source>
        <translation>B 树过深或存在环</translation>
    </message>
    <message>
        <source>%1 cells do not fit</source>
        <translation>%1 个单元放不下</translation>
    </message>
    <message>
        <source>type %1 is no table page</source>
        <translation>类型 %1 不是表页</translation>
    </message>
</context>
<context>
    <name>profscope::StackedBarsChart</name>
    <message>
        <source>Time (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <source>Nothing to show.</source>
        <translation>没有可显示的内容。</translation>
    </message>
    <message>
        <source>%1: %2 ms</source>
        <translation>%1：%2 ms</translation>
    </message>
    <message>
        <source>Sum: %1 ms</source>
        <translation>总计：%1 ms</translation>
    </message>
</context>
<context>
    <name>profscope::StageChart</name>
    <message>
        <source>Stages of the step</source>
        <translation>迭代的各阶段</translation>
    </message>
    <message>
        <source>Time from the step&apos;s start (ms)</source>
        <translation>距迭代开始的时间 (ms)</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>%1 ops</source>
        <translation>%1 个算子</translation>
    </message>
    <message numerus="yes">
        <source>%1 ms in %n op(s)</source>
        <translation>
            <numerusform>%n 个算子共 %1 ms</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 ms (position unknown)</source>
        <translation>%1 ms（位置未知）</translation>
    </message>
    <message>
        <source>No step trace for this rank and step.</source>
        <translation>该 rank 和迭代没有迭代轨迹。</translation>
    </message>
</context>
<context>
    <name>profscope::StepScan</name>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
</context>
<context>
    <name>profscope::StepTrace</name>
    <message>
        <source>Step Gap</source>
        <translation>迭代间隙</translation>
    </message>
    <message>
        <source>FP+BP</source>
        <translation>FP+BP</translation>
    </message>
    <message>
        <source>Tail</source>
        <translation>迭代拖尾</translation>
    </message>
    <message>
        <source>Stream op</source>
        <translation>流算子</translation>
    </message>
    <message>
        <source>Preparing</source>
        <translation>准备</translation>
    </message>
    <message>
        <source>Computing</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication (not overlapped)</source>
        <translation>通信（未重叠）</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>no such rank</source>
        <translation>没有该 rank</translation>
    </message>
    <message>
        <source>no step trace (step_trace_raw_*_detail_time.csv), no step table (step_trace_time.csv) and no timeline were loaded for this rank</source>
        <translation>该 rank 没有加载迭代轨迹（step_trace_raw_*_detail_time.csv）、迭代表（step_trace_time.csv），也没有加载时间线</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Receive Alone</source>
        <translation>纯接收</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Communication Alone</source>
        <translation>纯通信</translation>
    </message>
    <message>
        <source>Computation</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Collective Communication Alone</source>
        <translation>纯集合通信</translation>
    </message>
    <message>
        <source>HCCL Communication</source>
        <translation>HCCL 通信</translation>
    </message>
    <message>
        <source>HCCL Wait</source>
        <translation>HCCL 等待</translation>
    </message>
    <message>
        <source>No rank has a step trace, a step table or a timeline with steps.</source>
        <translation>没有任何 rank 具有迭代轨迹、迭代表或带迭代的时间线。</translation>
    </message>
</context>
<context>
    <name>profscope::StepTraceChart</name>
    <message>
        <source>Iteration Interval</source>
        <translation>迭代间隙</translation>
    </message>
    <message>
        <source>FP+BP</source>
        <translation>FP+BP</translation>
    </message>
    <message>
        <source>Tail</source>
        <translation>迭代拖尾</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <source>Step trace of rank %1 (MindInsight)</source>
        <translation>rank %1 的迭代轨迹（MindInsight）</translation>
    </message>
    <message>
        <source>Step trace</source>
        <translation>迭代轨迹</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s); average Iteration Interval %1 ms, FP+BP %2 ms, Tail %3 ms</source>
        <translation>
            <numerusform>%n 个迭代；平均迭代间隙 %1 ms，FP+BP %2 ms，迭代拖尾 %3 ms</numerusform>
        </translation>
    </message>
    <message>
        <source>No old-format step trace to show.</source>
        <translation>没有可显示的旧格式迭代轨迹。</translation>
    </message>
    <message>
        <source>Step %1
Iteration Interval %2 ms
FP+BP %3 ms
Tail %4 ms</source>
        <translation>迭代 %1
迭代间隙 %2 ms
FP+BP %3 ms
迭代拖尾 %4 ms</translation>
    </message>
</context>
<context>
    <name>profscope::StepTracePage</name>
    <message>
        <source>Step Trace</source>
        <translation>迭代轨迹</translation>
    </message>
    <message>
        <source>Rank:</source>
        <translation>Rank：</translation>
    </message>
    <message>
        <source>Step:</source>
        <translation>迭代：</translation>
    </message>
    <message>
        <source>The average over all steps, or one step</source>
        <translation>所有迭代的平均值，或单个迭代</translation>
    </message>
    <message>
        <source>Show in Timeline</source>
        <translation>在时间线中显示</translation>
    </message>
    <message>
        <source>Open the step shown on the Timeline, its range marked (double-click a stage row for the stage)</source>
        <translation>在时间线中打开所显示的迭代并标记其范围（双击阶段行可查看该阶段）</translation>
    </message>
    <message>
        <source>Save the stage chart (or the cluster chart) as PNG, SVG or PDF</source>
        <translation>将阶段图（或集群图）保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Save the stage table (or the cluster table) as CSV</source>
        <translation>将阶段表（或集群表）保存为 CSV</translation>
    </message>
    <message>
        <source>Stages per step</source>
        <translation>每个迭代的阶段</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Cluster Iteration Trajectory</source>
        <translation>集群迭代轨迹</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Average of all steps</source>
        <translation>所有迭代的平均值</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>No step figures in this profile. They come from step_trace_raw_*_detail_time.csv (MindInsight profiles), step_trace_time.csv or a timeline with step markers.</source>
        <translation>此性能数据中没有迭代数据。这些数据来自 step_trace_raw_*_detail_time.csv（MindInsight 性能数据）、step_trace_time.csv 或带迭代标记的时间线。</translation>
    </message>
    <message>
        <source>No step figures for this rank: %1.</source>
        <translation>该 rank 没有迭代数据：%1。</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Step Trace · rank %1</source>
        <translation>迭代轨迹 · rank %1</translation>
    </message>
    <message>
        <source>Step Trace · %1</source>
        <translation>迭代轨迹 · %1</translation>
    </message>
    <message numerus="yes">
        <source>Stages of the average step (%n step(s))</source>
        <translation>
            <numerusform>平均迭代的各阶段（%n 个迭代）</numerusform>
        </translation>
    </message>
    <message>
        <source>Stages of step %1</source>
        <translation>迭代 %1 的各阶段</translation>
    </message>
    <message>
        <source>From step_trace_raw (MindInsight step trace): Step Gap = previous step&apos;s end → forward start, FP+BP = forward start → backward end, Tail = backward end → step end (gradient reduction, parameter update).</source>
        <translation>来自 step_trace_raw（MindInsight 迭代轨迹）：迭代间隙 = 上一迭代结束 → 前向开始，FP+BP = 前向开始 → 反向结束，迭代拖尾 = 反向结束 → 迭代结束（梯度规约、参数更新）。</translation>
    </message>
    <message>
        <source>FP start point: &lt;b&gt;%1&lt;/b&gt; · BP end point: &lt;b&gt;%2&lt;/b&gt; (step_trace_point_info.json).</source>
        <translation>FP 起始点：&lt;b&gt;%1&lt;/b&gt; · BP 结束点：&lt;b&gt;%2&lt;/b&gt;（step_trace_point_info.json）。</translation>
    </message>
    <message>
        <source>The FP/BP points are not known (no step_trace_point_info.json).</source>
        <translation>FP/BP 点未知（没有 step_trace_point_info.json）。</translation>
    </message>
    <message>
        <source>From the step table (step_trace_time.csv or recomputed from the timeline): this format has no FP/BP points, so the step is split into Preparing, Computing, Communication (not overlapped) and Free; only Preparing has a known position in the step.</source>
        <translation>来自迭代表（step_trace_time.csv 或由时间线重新计算）：此格式没有 FP/BP 点，因此迭代被分为准备、计算、通信（未重叠）和空闲；只有准备在迭代中的位置是已知的。</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s); shown: %1, %2 ms.</source>
        <translation>
            <numerusform>%n 个迭代；显示：%1，%2 ms。</numerusform>
        </translation>
    </message>
    <message>
        <source>the average</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Start (ms)</source>
        <translation>开始 (ms)</translation>
    </message>
    <message>
        <source>Finish (ms)</source>
        <translation>结束 (ms)</translation>
    </message>
    <message>
        <source>Duration (ms)</source>
        <translation>耗时 (ms)</translation>
    </message>
    <message>
        <source>Share of Step</source>
        <translation>占迭代比例</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>From the timeline&apos;s step trace (CANN msprof: Iteration and FP_BP Time slices): Step Gap = previous iteration&apos;s end → forward start (data preparation, Data_aug Bound), FP+BP = forward start → backward end, Tail = backward end → iteration end (gradient reduction, parameter update).</source>
        <translation>来自时间线的迭代轨迹（CANN msprof：Iteration 与 FP_BP Time 切片）：迭代间隙 = 上一迭代结束 → 前向开始（数据准备，Data_aug Bound），FP+BP = 前向开始 → 反向结束，迭代拖尾 = 反向结束 → 迭代结束（梯度规约、参数更新）。</translation>
    </message>
</context>
<context>
    <name>profscope::StepTrendChart</name>
    <message>
        <source>Step trend</source>
        <translation>迭代趋势</translation>
    </message>
    <message>
        <source>Slowest rank</source>
        <translation>最慢 rank</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Time (%1)</source>
        <translation>时间 (%1)</translation>
    </message>
    <message>
        <source>No steps to show.</source>
        <translation>没有可显示的迭代。</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n 个 rank</numerusform>
        </translation>
    </message>
    <message>
        <source>Slowest rank (%1)</source>
        <translation>最慢 rank（%1）</translation>
    </message>
    <message>
        <source>Mean step time</source>
        <translation>平均迭代耗时</translation>
    </message>
</context>
<context>
    <name>profscope::StepTrendModel</name>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 数</translation>
    </message>
    <message>
        <source>Slowest step time (us)</source>
        <translation>最慢迭代耗时 (us)</translation>
    </message>
    <message>
        <source>Mean step time (us)</source>
        <translation>平均迭代耗时 (us)</translation>
    </message>
    <message>
        <source>Slowest rank</source>
        <translation>最慢 rank</translation>
    </message>
    <message>
        <source>Mean %1 (us)</source>
        <translation>平均%1 (us)</translation>
    </message>
</context>
<context>
    <name>profscope::Strategy</name>
    <message>
        <source>%1 states rank %2 like %3; only the first is used</source>
        <translation>%1 与 %3 都声明为 rank %2；仅使用第一个</translation>
    </message>
    <message>
        <source>the ranks state different parallel types: %1</source>
        <translation>各 rank 声明的并行类型不同：%1</translation>
    </message>
    <message>
        <source>parallel type %1 is not one MindSpore writes strategies for</source>
        <translation>并行类型 %1 不是 MindSpore 会写出策略的类型</translation>
    </message>
    <message>
        <source>stage %1: no parallel_strategy file for rank(s) %2</source>
        <translation>阶段 %1：rank %2 没有 parallel_strategy 文件</translation>
    </message>
</context>
<context>
    <name>profscope::StrategyGraph</name>
    <message>
        <source>Sharding strategy</source>
        <translation>切分策略</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Gradient aggregation</source>
        <translation>梯度聚合</translation>
    </message>
    <message>
        <source>Redistribution</source>
        <translation>重排布</translation>
    </message>
    <message>
        <source>No strategy</source>
        <translation>无策略</translation>
    </message>
    <message>
        <source>Scope (double-click opens)</source>
        <translation>作用域（双击展开）</translation>
    </message>
    <message>
        <source>This stage has no operators.</source>
        <translation>该阶段没有算子。</translation>
    </message>
    <message numerus="yes">
        <source>%n op(s)</source>
        <translation>
            <numerusform>%n 个算子</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 with strategy · %2 communication</source>
        <translation>%1 个有策略 · %2 个通信</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%n op(s); double-click to open</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%n 个算子；双击展开</numerusform>
        </translation>
    </message>
    <message>
        <source>Strategy (%1): %2</source>
        <translation>策略（%1）：%2</translation>
    </message>
    <message>
        <source>Output: %1</source>
        <translation>输出：%1</translation>
    </message>
</context>
<context>
    <name>profscope::StrategyPage</name>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Stage:</source>
        <translation>阶段：</translation>
    </message>
    <message>
        <source>The pipeline stage whose graph is shown</source>
        <translation>显示其图的流水线阶段</translation>
    </message>
    <message>
        <source>Find operator by name or type…</source>
        <translation>按名称或类型查找算子…</translation>
    </message>
    <message>
        <source>Enter finds the next match, in every stage</source>
        <translation>按 Enter 查找下一个匹配项（在所有阶段中）</translation>
    </message>
    <message>
        <source>Group by scope</source>
        <translation>按作用域分组</translation>
    </message>
    <message>
        <source>Large graphs: draw the ops of a scope as one box until it is opened (double-click)</source>
        <translation>大图：作用域在展开（双击）之前，其算子绘制为一个方框</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>全览</translation>
    </message>
    <message>
        <source>Zoom the graph to fit the view (Ctrl+wheel zooms)</source>
        <translation>缩放图以适应视图（Ctrl+滚轮缩放）</translation>
    </message>
    <message>
        <source>Save the stage graph as PNG, SVG or PDF</source>
        <translation>将阶段图保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Save the operator table as CSV</source>
        <translation>将算子表保存为 CSV</translation>
    </message>
    <message>
        <source>Select an operator</source>
        <translation>选择一个算子</translation>
    </message>
    <message>
        <source>The other end of this pipeline transfer, in its stage&apos;s graph</source>
        <translation>此流水线传输的另一端，位于其所在阶段的图中</translation>
    </message>
    <message>
        <source>Strategy matrix (slices per tensor dimension)</source>
        <translation>策略矩阵（每个张量维度的切分数）</translation>
    </message>
    <message>
        <source>Kernels on the stage&apos;s ranks</source>
        <translation>该阶段各 rank 上的 kernel</translation>
    </message>
    <message>
        <source>Show in Timeline</source>
        <translation>在时间线中显示</translation>
    </message>
    <message>
        <source>Show in Operators</source>
        <translation>在算子页面中显示</translation>
    </message>
    <message>
        <source>No parallel strategy in this profile. It comes from parallel_strategy_{rank}.json, which MindSpore writes in auto_parallel, semi_auto_parallel and data_parallel mode when profiling with parallel_strategy=True (the default up to MindSpore 2.3).</source>
        <translation>此性能数据中没有并行策略。该数据来自 parallel_strategy_{rank}.json，MindSpore 在 auto_parallel、semi_auto_parallel 和 data_parallel 模式下使用 parallel_strategy=True 采集性能数据时写出（MindSpore 2.3 及之前版本默认开启）。</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es) in this stage</source>
        <translation>
            <numerusform>此阶段中有 %n 个匹配项</numerusform>
        </translation>
    </message>
    <message>
        <source>Stage %1 · ranks %2</source>
        <translation>阶段 %1 · rank %2</translation>
    </message>
    <message>
        <source>parallel type unknown</source>
        <translation>并行类型未知</translation>
    </message>
    <message>
        <source>ranks %1</source>
        <translation>rank %1</translation>
    </message>
    <message numerus="yes">
        <source>%n op(s)</source>
        <translation>
            <numerusform>%n 个算子</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 with a strategy</source>
        <translation>%1 个有策略</translation>
    </message>
    <message>
        <source>%1 communication</source>
        <translation>%1 个通信</translation>
    </message>
    <message numerus="yes">
        <source>%n parameter(s) and constant(s)</source>
        <translation>
            <numerusform>%n 个参数和常量</numerusform>
        </translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Instance Type</source>
        <translation>实例类型</translation>
    </message>
    <message>
        <source>Strategy Source</source>
        <translation>策略来源</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Output Shape</source>
        <translation>输出形状</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Click an operator in the graph or the table, or find it by name.</source>
        <translation>在图或表中单击一个算子，或按名称查找。</translation>
    </message>
    <message>
        <source>Node id</source>
        <translation>节点 ID</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>作用域</translation>
    </message>
    <message>
        <source>Instance type</source>
        <translation>实例类型</translation>
    </message>
    <message>
        <source>Output shape</source>
        <translation>输出形状</translation>
    </message>
    <message>
        <source>Output type</source>
        <translation>输出类型</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>通信域</translation>
    </message>
    <message>
        <source>Group ranks</source>
        <translation>通信域 rank</translation>
    </message>
    <message>
        <source>Go to %1 in stage %2</source>
        <translation>转到阶段 %2 中的 %1</translation>
    </message>
    <message>
        <source>No in_strategy or gen_strategy attribute: the op is not sharded by a strategy.</source>
        <translation>没有 in_strategy 或 gen_strategy 属性：该算子未按策略切分。</translation>
    </message>
    <message>
        <source>From gen_strategy (no in_strategy). The product of a row is the number of devices sharing that input.</source>
        <translation>来自 gen_strategy（没有 in_strategy）。每行的乘积是共享该输入的设备数。</translation>
    </message>
    <message>
        <source>From in_strategy. The product of a row is the number of devices sharing that input.</source>
        <translation>来自 in_strategy。每行的乘积是共享该输入的设备数。</translation>
    </message>
    <message>
        <source>Dim %1</source>
        <translation>维度 %1</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备数</translation>
    </message>
    <message>
        <source>Input %1</source>
        <translation>输入 %1</translation>
    </message>
    <message>
        <source>No kernel of the stage&apos;s ranks carries this op&apos;s name (kernel_details.csv or aicore_intermediate_*_detail.csv would give them).</source>
        <translation>该阶段各 rank 上没有 kernel 带有此算子的名称（kernel_details.csv 或 aicore_intermediate_*_detail.csv 可提供这些 kernel）。</translation>
    </message>
    <message>
        <source>Double-click a kernel to see its first run in the timeline.</source>
        <translation>双击某个 kernel 可在时间线中查看其首次运行。</translation>
    </message>
    <message>
        <source>From the aggregated AI Core table (no start times): Show in Operators opens the rank&apos;s statistics.</source>
        <translation>来自聚合的 AI Core 表（没有开始时间）：“在算子页面中显示”会打开该 rank 的统计数据。</translation>
    </message>
    <message>
        <source>%1 in stage %2</source>
        <translation>阶段 %2 中的 %1</translation>
    </message>
    <message>
        <source>no operator matches</source>
        <translation>没有匹配的算子</translation>
    </message>
</context>
<context>
    <name>profscope::SummaryPage</name>
    <message>
        <source>Import report…</source>
        <translation>导入报告…</translation>
    </message>
    <message>
        <source>Every file that was found, with its status (Ctrl+R)</source>
        <translation>找到的全部文件及其状态 (Ctrl+R)</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 列表</translation>
    </message>
    <message>
        <source>Files by kind</source>
        <translation>按类型统计文件</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n 个 rank</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n host(s)</source>
        <translation>
            <numerusform>%n 台主机</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 files used, %2 skipped, %3 broken</source>
        <translation>已使用 %1 个文件，跳过 %2 个，损坏 %3 个</translation>
    </message>
    <message>
        <source>loaded in %1 s</source>
        <translation>加载耗时 %1 秒</translation>
    </message>
    <message>
        <source>loaded in %1 ms</source>
        <translation>加载耗时 %1 毫秒</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件数</translation>
    </message>
    <message>
        <source>Used</source>
        <translation>已使用</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>Broken</source>
        <translation>已损坏</translation>
    </message>
    <message>
        <source>Total size</source>
        <translation>总大小</translation>
    </message>
    <message>
        <source>Parse time</source>
        <translation>解析耗时</translation>
    </message>
    <message>
        <source>(not recognised)</source>
        <translation>（未识别）</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
</context>
<context>
    <name>profscope::SummaryParser</name>
    <message>
        <source>&quot;%1&quot; is not an array, skipped</source>
        <translation>“%1”不是数组，已跳过</translation>
    </message>
    <message>
        <source>a step is not an object, skipped</source>
        <translation>某个迭代不是对象，已跳过</translation>
    </message>
    <message>
        <source>step &quot;%1&quot; has no &quot;valuesNs&quot; object, skipped</source>
        <translation>迭代“%1”没有“valuesNs”对象，已跳过</translation>
    </message>
    <message>
        <source>%1 is a directory, not a summary file</source>
        <translation>%1 是文件夹，不是摘要文件</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2 bytes, far larger than any summary: not read</source>
        <translation>%1：%2 字节，远大于任何摘要：未读取</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1: empty file</source>
        <translation>%1：空文件</translation>
    </message>
    <message>
        <source>%1: not valid JSON (%2)</source>
        <translation>%1：不是有效的 JSON（%2）</translation>
    </message>
    <message>
        <source>%1: expected a JSON object at the top level</source>
        <translation>%1：顶层应为 JSON 对象</translation>
    </message>
    <message>
        <source>not a Profscope summary: &quot;format&quot; is &quot;%1&quot;, expected &quot;%2&quot;</source>
        <translation>不是 Profscope 摘要：“format”为“%1”，应为“%2”</translation>
    </message>
    <message>
        <source>no valid &quot;version&quot; (a positive integer)</source>
        <translation>没有有效的“version”（正整数）</translation>
    </message>
    <message>
        <source>written by a newer Profscope (summary format version %1; this build reads version %2): open it with a newer Profscope, or run its summarize again with this one</source>
        <translation>由更新版本的 Profscope 写入（摘要格式版本 %1；本版本读取版本 %2）：请用更新版本的 Profscope 打开，或用本版本重新运行 summarize</translation>
    </message>
    <message>
        <source>no &quot;rank&quot; object: the rank id comes from the file name</source>
        <translation>没有“rank”对象：rank 编号取自文件名</translation>
    </message>
</context>
<context>
    <name>profscope::SummaryWriter</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>profscope::TableParsers</name>
    <message>
        <source>%1 is a directory, not a JSON file</source>
        <translation>%1 是文件夹，不是 JSON 文件</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1: empty file</source>
        <translation>%1：空文件</translation>
    </message>
    <message>
        <source>%1: binary data (NUL byte) at byte %2: not a JSON file</source>
        <translation>%1：第 %2 字节处有二进制数据（NUL 字节）：不是 JSON 文件</translation>
    </message>
    <message>
        <source>%1: invalid JSON at byte %2: %3</source>
        <translation>%1：第 %2 字节处的 JSON 无效：%3</translation>
    </message>
    <message>
        <source>%1: expected a JSON object at the top level</source>
        <translation>%1：顶层应为 JSON 对象</translation>
    </message>
    <message numerus="yes">
        <source>... %n more warning(s)</source>
        <translation>
            <numerusform>... 另有 %n 条警告</numerusform>
        </translation>
    </message>
    <message>
        <source>step &quot;%1&quot; is not an object, skipped</source>
        <translation>迭代 &quot;%1&quot; 不是对象，已跳过</translation>
    </message>
    <message>
        <source>%1/%2 is not an object, skipped</source>
        <translation>%1/%2 不是对象，已跳过</translation>
    </message>
    <message>
        <source>%1/%2/%3 is not an object, skipped</source>
        <translation>%1/%2/%3 不是对象，已跳过</translation>
    </message>
    <message>
        <source>%1/%2: no valid &quot;Start Timestamp(us)&quot;</source>
        <translation>%1/%2：没有有效的 &quot;Start Timestamp(us)&quot;</translation>
    </message>
    <message>
        <source>%1/%2: no &quot;Communication Time Info&quot;</source>
        <translation>%1/%2：没有 &quot;Communication Time Info&quot;</translation>
    </message>
    <message>
        <source>%1/%2/%3: bad &quot;Size Distribution&quot; entry &quot;%4&quot;</source>
        <translation>%1/%2/%3：&quot;Size Distribution&quot; 中的条目 &quot;%4&quot; 无效</translation>
    </message>
    <message>
        <source>%1/%2 link &quot;%3&quot; is not an object, skipped</source>
        <translation>%1/%2 的链路 &quot;%3&quot; 不是对象，已跳过</translation>
    </message>
    <message>
        <source>%1/%2: link &quot;%3&quot; is not &quot;src-dst&quot;; ranks unknown</source>
        <translation>%1/%2：链路 &quot;%3&quot; 不是 &quot;src-dst&quot; 格式；rank 未知</translation>
    </message>
    <message>
        <source>&quot;collectionTimeEnd&quot; is not an integer: %1</source>
        <translation>&quot;collectionTimeEnd&quot; 不是整数：%1</translation>
    </message>
    <message>
        <source>&quot;rank_id&quot; is not an integer: %1</source>
        <translation>&quot;rank_id&quot; 不是整数：%1</translation>
    </message>
    <message>
        <source>no known profiler_info keys (config, profiler_parameters, rank_id, end_info)</source>
        <translation>没有已知的 profiler_info 键（config、profiler_parameters、rank_id、end_info）</translation>
    </message>
    <message>
        <source>&quot;parallel_group_info&quot; is not an object, ignored</source>
        <translation>&quot;parallel_group_info&quot; 不是对象，已忽略</translation>
    </message>
    <message>
        <source>group &quot;%1&quot; is not an object, skipped</source>
        <translation>通信组 &quot;%1&quot; 不是对象，已跳过</translation>
    </message>
    <message>
        <source>group &quot;%1&quot;: rank %2 is not an integer</source>
        <translation>通信组 &quot;%1&quot;：rank %2 不是整数</translation>
    </message>
    <message>
        <source>%1: required column %2 is missing</source>
        <translation>%1：缺少必需的列 %2</translation>
    </message>
    <message>
        <source>%1: required columns %2 are missing</source>
        <translation>%1：缺少必需的列 %2</translation>
    </message>
    <message>
        <source>%1 cells where the header has %2 columns</source>
        <translation>有 %1 个单元格，而表头有 %2 列</translation>
    </message>
    <message>
        <source>line %1: row skipped: %2</source>
        <translation>第 %1 行：已跳过该行：%2</translation>
    </message>
    <message>
        <source>column &quot;%1&quot; is missing in this row</source>
        <translation>该行缺少列 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>column &quot;%1&quot; is empty or N/A</source>
        <translation>列 &quot;%1&quot; 为空或为 N/A</translation>
    </message>
    <message>
        <source>column &quot;%1&quot;: &quot;%2&quot; is not a valid number</source>
        <translation>列 &quot;%1&quot;：&quot;%2&quot; 不是有效的数字</translation>
    </message>
    <message>
        <source>line %1: column &quot;%2&quot;: &quot;%3&quot; is not a valid number, ignored</source>
        <translation>第 %1 行：列 &quot;%2&quot;：&quot;%3&quot; 不是有效的数字，已忽略</translation>
    </message>
    <message>
        <source>profiler metadata is not a JSON object</source>
        <translation>profiler 元数据不是 JSON 对象</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a FIFO, socket or device): not read</source>
        <translation>%1 不是普通文件（FIFO、套接字或设备）：未读取</translation>
    </message>
    <message>
        <source>%1: JSON nested deeper than %2 levels at byte %3</source>
        <translation>%1：第 %3 字节处 JSON 嵌套超过 %2 层</translation>
    </message>
    <message>
        <source>profiler metadata: JSON nested deeper than %1 levels at byte %2</source>
        <translation>profiler 元数据：第 %2 字节处 JSON 嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>column &quot;%1&quot; is outside the representable range of times</source>
        <translation>列 &quot;%1&quot; 超出可表示的时间范围</translation>
    </message>
    <message>
        <source>%1: %2 rows hold times outside the representable range (beyond ±%3 years), first at line %4: those times were skipped</source>
        <translation>%1：%2 行的时间超出可表示范围（超过 ±%3 年），首个位于第 %4 行：这些时间已跳过</translation>
    </message>
    <message>
        <source>&quot;collectionTimeEnd&quot; is outside the representable range of times: %1</source>
        <translation>&quot;collectionTimeEnd&quot; 超出可表示的时间范围：%1</translation>
    </message>
</context>
<context>
    <name>profscope::ThemeMenu</name>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
</context>
<context>
    <name>profscope::TimelineLegend</name>
    <message>
        <source>Click a colour to change it; your colours are kept for the next session.</source>
        <translation>单击颜色可更改；自定义的颜色会保留到下次会话。</translation>
    </message>
    <message>
        <source>Reset colours</source>
        <translation>重置颜色</translation>
    </message>
    <message>
        <source>Colour of %1</source>
        <translation>%1 的颜色</translation>
    </message>
    <message>
        <source>%1 flows are drawn; click to hide them</source>
        <translation>%1 连线已绘制；单击可隐藏</translation>
    </message>
    <message>
        <source>%1 flows are hidden; click to draw them</source>
        <translation>%1 连线已隐藏；单击可绘制</translation>
    </message>
    <message>
        <source>Rules:</source>
        <translation>规则：</translation>
    </message>
    <message>
        <source>all %1</source>
        <translation>全部%1</translation>
    </message>
    <message>
        <source>Rule %1: every %2 slice; click to edit the rules</source>
        <translation>规则 %1：所有%2切片；单击可编辑规则</translation>
    </message>
    <message>
        <source>Rule %1: slices whose name matches %2 (case-insensitive); click to edit the rules</source>
        <translation>规则 %1：名称匹配 %2 的切片（不区分大小写）；单击可编辑规则</translation>
    </message>
    <message>
        <source>Colour rules...</source>
        <translation>颜色规则...</translation>
    </message>
    <message>
        <source>Edit rules...</source>
        <translation>编辑规则...</translation>
    </message>
    <message>
        <source>Colour slices by name pattern or category; rules are kept for the next session.</source>
        <translation>按名称模式或类别为切片着色；规则会保留到下次会话。</translation>
    </message>
</context>
<context>
    <name>profscope::TimelinePage</name>
    <message>
        <source>Fit</source>
        <translation>全览</translation>
    </message>
    <message>
        <source>Show the whole trace (F)</source>
        <translation>显示整个 trace (F)</translation>
    </message>
    <message>
        <source>Zoom In</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom in (W, Ctrl+wheel)</source>
        <translation>放大 (W, Ctrl+滚轮)</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Zoom out (S, Ctrl+wheel)</source>
        <translation>缩小 (S, Ctrl+滚轮)</translation>
    </message>
    <message>
        <source>Undo Zoom</source>
        <translation>撤销缩放</translation>
    </message>
    <message>
        <source>Back to the previous zoom (Backspace)</source>
        <translation>返回上一次缩放 (Backspace)</translation>
    </message>
    <message>
        <source>Align clocks</source>
        <translation>对齐时钟</translation>
    </message>
    <message>
        <source>Shift every rank by its clock offset, estimated from collectives that end together</source>
        <translation>按时钟偏移平移每个 rank，偏移量由同时结束的集合通信估算</translation>
    </message>
    <message>
        <source>Flows</source>
        <translation>连线</translation>
    </message>
    <message>
        <source>Flow arrows by category</source>
        <translation>按类别显示连线箭头</translation>
    </message>
    <message>
        <source>Lanes</source>
        <translation>泳道</translation>
    </message>
    <message>
        <source>Collapse, expand and show hidden lanes</source>
        <translation>折叠、展开和显示隐藏的泳道</translation>
    </message>
    <message>
        <source>Collapse All Processes</source>
        <translation>折叠所有进程</translation>
    </message>
    <message>
        <source>Expand All</source>
        <translation>全部展开</translation>
    </message>
    <message>
        <source>Show Hidden Lanes</source>
        <translation>显示隐藏的泳道</translation>
    </message>
    <message>
        <source>Search slices by name</source>
        <translation>按名称搜索切片</translation>
    </message>
    <message>
        <source>Aa</source>
        <translation>Aa</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>上一个匹配 (Shift+Enter)</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>下一个匹配 (Enter)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Export the visible timeline or the range statistics</source>
        <translation>导出可见的时间线或范围统计</translation>
    </message>
    <message>
        <source>Timeline as PNG...</source>
        <translation>时间线导出为 PNG...</translation>
    </message>
    <message>
        <source>Timeline as SVG...</source>
        <translation>时间线导出为 SVG...</translation>
    </message>
    <message>
        <source>Range Statistics as CSV...</source>
        <translation>范围统计导出为 CSV...</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>方向</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Other end</source>
        <translation>另一端</translation>
    </message>
    <message>
        <source>At</source>
        <translation>位于</translation>
    </message>
    <message>
        <source>Jump to Other End</source>
        <translation>跳转到另一端</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message numerus="yes">
        <source>%n ranks</source>
        <translation>
            <numerusform>%n 个 rank</numerusform>
        </translation>
    </message>
    <message>
        <source>The rank filter (or the current rank) decides the ranks shown</source>
        <translation>由 rank 筛选（或当前 rank）决定显示哪些 rank</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>(no category)</source>
        <translation>（无类别）</translation>
    </message>
    <message>
        <source>No flow events in the ranks shown</source>
        <translation>所显示的 rank 中没有连线事件</translation>
    </message>
    <message>
        <source>All Flows of the Selected Slice</source>
        <translation>所选切片的全部连线</translation>
    </message>
    <message>
        <source>Clocks aligned to the reference rank from matched collectives</source>
        <translation>已根据匹配的集合通信将时钟对齐到参考 rank</translation>
    </message>
    <message>
        <source>No collectives could be matched: clocks are not shifted</source>
        <translation>无法匹配任何集合通信：时钟未平移</translation>
    </message>
    <message>
        <source>Lane</source>
        <translation>泳道</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Self time</source>
        <translation>自身耗时</translation>
    </message>
    <message>
        <source>Depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <source>Task type</source>
        <translation>任务类型</translation>
    </message>
    <message>
        <source>Timestamp</source>
        <translation>时间戳</translation>
    </message>
    <message>
        <source>%1 ns (trace clock)</source>
        <translation>%1 ns（trace 时钟）</translation>
    </message>
    <message>
        <source>(no arguments)</source>
        <translation>（无参数）</translation>
    </message>
    <message>
        <source>outgoing</source>
        <translation>流出</translation>
    </message>
    <message>
        <source>incoming</source>
        <translation>流入</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message numerus="yes">
        <source>first %n</source>
        <translation>
            <numerusform>前 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n matches</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>Export Timeline</source>
        <translation>导出时间线</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Click a slice to see its details and flows. Shift+drag or drag on the ruler to get statistics of a range. W/S zoom, A/D pan, F fits all, Z zooms to the selection, Backspace undoes a zoom.</source>
        <translation>单击切片可查看其详情和连线。按住 Shift 拖动或在标尺上拖动可获取范围统计。W/S 缩放，A/D 平移，F 全览，Z 缩放到所选范围，Backspace 撤销缩放。</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>Keyboard and mouse shortcuts (?)</source>
        <translation>键盘和鼠标快捷操作 (?)</translation>
    </message>
    <message>
        <source>Search slices by name (%1)</source>
        <translation>按名称搜索切片 (%1)</translation>
    </message>
    <message>
        <source>Panel</source>
        <translation>面板</translation>
    </message>
    <message>
        <source>Show or hide the details panel (slice details, range, search)</source>
        <translation>显示或隐藏详情面板（切片详情、范围、搜索）</translation>
    </message>
    <message>
        <source>Trace for Perfetto (Chrome JSON)...</source>
        <translation>Perfetto 用的 Trace（Chrome JSON）...</translation>
    </message>
    <message>
        <source>The ranks shown, limited to the step chosen, as Chrome Trace JSON (File → Export Trace)</source>
        <translation>所显示的 rank（限于所选迭代），导出为 Chrome Trace JSON（文件 → 导出 Trace）</translation>
    </message>
    <message>
        <source>Colours...</source>
        <translation>颜色...</translation>
    </message>
    <message>
        <source>Colour rules: colour slices by name pattern or category</source>
        <translation>颜色规则：按名称模式或类别为切片着色</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>B (comparison): %1</source>
        <translation>B（对比）：%1</translation>
    </message>
    <message>
        <source>%1 ns (B&apos;s trace clock, shown shifted by %2)</source>
        <translation>%1 ns（B 的 trace 时钟，显示时已平移 %2）</translation>
    </message>
    <message>
        <source>Run B lanes</source>
        <translation>B 运行的泳道</translation>
    </message>
    <message>
        <source>Show the comparison run&apos;s lanes (B) under the base run&apos;s, aligned on the step&apos;s start</source>
        <translation>在基准运行的泳道下方显示对比运行（B）的泳道，按迭代开始时间对齐</translation>
    </message>
</context>
<context>
    <name>profscope::TimelineShortcutSheet</name>
    <message>
        <source>Timeline Shortcuts</source>
        <translation>时间线快捷操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
</context>
<context>
    <name>profscope::TimelineShortcuts</name>
    <message>
        <source>Search slices by name</source>
        <translation>按名称搜索切片</translation>
    </message>
    <message>
        <source>Enter / Shift+Enter</source>
        <translation>Enter / Shift+Enter</translation>
    </message>
    <message>
        <source>Next / previous search match</source>
        <translation>下一个 / 上一个搜索结果</translation>
    </message>
    <message>
        <source>Reset the zoom: show the whole trace</source>
        <translation>重置缩放：显示整个 trace</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Fit all (like Ctrl+0)</source>
        <translation>全部适配（同 Ctrl+0）</translation>
    </message>
    <message>
        <source>W / S, + / −</source>
        <translation>W / S，+ / −</translation>
    </message>
    <message>
        <source>Zoom in / out at the mouse pointer</source>
        <translation>在鼠标指针处放大 / 缩小</translation>
    </message>
    <message>
        <source>A / D, ← / →</source>
        <translation>A / D，← / →</translation>
    </message>
    <message>
        <source>Pan left / right</source>
        <translation>向左 / 向右平移</translation>
    </message>
    <message>
        <source>↑ / ↓</source>
        <translation>↑ / ↓</translation>
    </message>
    <message>
        <source>Scroll the lanes</source>
        <translation>滚动泳道</translation>
    </message>
    <message>
        <source>Z</source>
        <translation>Z</translation>
    </message>
    <message>
        <source>Zoom to the selected range or slice</source>
        <translation>缩放到所选范围或切片</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>Backspace</translation>
    </message>
    <message>
        <source>Undo the last zoom</source>
        <translation>撤销上一次缩放</translation>
    </message>
    <message>
        <source>M</source>
        <translation>M</translation>
    </message>
    <message>
        <source>Set a marker at the mouse pointer (or at the selection); again to remove it</source>
        <translation>在鼠标指针处（或所选位置）设置标记；再按一次移除</translation>
    </message>
    <message>
        <source>Shift+M</source>
        <translation>Shift+M</translation>
    </message>
    <message>
        <source>Remove all markers</source>
        <translation>移除所有标记</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Clear the selected range, then the selected slice</source>
        <translation>先清除所选范围，再清除所选切片</translation>
    </message>
    <message>
        <source>Ctrl+wheel, pinch</source>
        <translation>Ctrl+滚轮，双指捏合</translation>
    </message>
    <message>
        <source>Zoom at the pointer (touchpads zoom smoothly)</source>
        <translation>在指针处缩放（触控板平滑缩放）</translation>
    </message>
    <message>
        <source>Wheel, two-finger swipe</source>
        <translation>滚轮，双指滑动</translation>
    </message>
    <message>
        <source>Scroll the lanes; sideways or with Shift: pan</source>
        <translation>滚动泳道；横向滑动或按住 Shift：平移</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>拖动</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>平移</translation>
    </message>
    <message>
        <source>Shift+drag, drag on the ruler</source>
        <translation>Shift+拖动，在标尺上拖动</translation>
    </message>
    <message>
        <source>Select a range and see its statistics</source>
        <translation>选择范围并查看其统计</translation>
    </message>
    <message>
        <source>Click a lane header</source>
        <translation>单击泳道标题</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>Show this list</source>
        <translation>显示此列表</translation>
    </message>
    <message>
        <source>Collapse or expand it (a deep call stack: show all its levels); drag to reorder</source>
        <translation>折叠或展开（较深的调用栈：显示全部层级）；拖动以重新排序</translation>
    </message>
</context>
<context>
    <name>profscope::TimelineWidget</name>
    <message>
        <source>Expand</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>Collapse</source>
        <translation>折叠</translation>
    </message>
    <message>
        <source>Unpin from Top</source>
        <translation>取消置顶</translation>
    </message>
    <message>
        <source>Pin to Top</source>
        <translation>置顶</translation>
    </message>
    <message>
        <source>Hide Lane</source>
        <translation>隐藏泳道</translation>
    </message>
    <message>
        <source>Collapse All Processes</source>
        <translation>折叠所有进程</translation>
    </message>
    <message>
        <source>Expand All</source>
        <translation>全部展开</translation>
    </message>
    <message>
        <source>Show Hidden Lanes (%1)</source>
        <translation>显示隐藏的泳道（%1）</translation>
    </message>
    <message>
        <source>Zoom to Selected Range</source>
        <translation>缩放到所选范围</translation>
    </message>
    <message>
        <source>Clear Selected Range</source>
        <translation>清除所选范围</translation>
    </message>
    <message>
        <source>Fit All</source>
        <translation>全览</translation>
    </message>
    <message>
        <source>Undo Zoom</source>
        <translation>撤销缩放</translation>
    </message>
    <message>
        <source>Hide Lane &quot;%1&quot;</source>
        <translation>隐藏泳道 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message numerus="yes">
        <source>%n slices merged here; zoom in to separate them</source>
        <translation>
            <numerusform>此处合并了 %n 个切片；放大可分开查看</numerusform>
        </translation>
    </message>
    <message>
        <source>Show All %1 Levels</source>
        <translation>显示全部 %1 层</translation>
    </message>
    <message>
        <source>Show the Top %1 Levels</source>
        <translation>只显示前 %1 层</translation>
    </message>
    <message>
        <source>range %1 – %2</source>
        <translation>范围 %1 – %2</translation>
    </message>
</context>
<context>
    <name>profscope::TraceExport</name>
    <message>
        <source>no rank at index %1</source>
        <translation>索引 %1 处没有 rank</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Thread %1</source>
        <translation>线程 %1</translation>
    </message>
</context>
<context>
    <name>profscope::TraceParser</name>
    <message>
        <source>is a directory, not a trace file</source>
        <translation>是文件夹，不是 trace 文件</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>empty file</source>
        <translation>空文件</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>not a JSON trace: expected &apos;[&apos; or &apos;{&apos; at byte %1</source>
        <translation>不是 JSON trace：第 %1 字节处应为 &apos;[&apos; 或 &apos;{&apos;</translation>
    </message>
    <message>
        <source>no &quot;traceEvents&quot; array in the top-level object</source>
        <translation>顶层对象中没有 &quot;traceEvents&quot; 数组</translation>
    </message>
    <message>
        <source>invalid JSON (%1) at byte %2; %3 events before it were loaded</source>
        <translation>第 %2 字节处的 JSON 无效（%1）；已加载此前的 %3 个事件</translation>
    </message>
    <message>
        <source>file ends before the events array is closed (truncated?) at byte %1; %2 complete events before it were loaded</source>
        <translation>文件在第 %1 字节处结束，事件数组尚未闭合（文件被截断？）；已加载此前的 %2 个完整事件</translation>
    </message>
    <message>
        <source>canceled</source>
        <translation>已取消</translation>
    </message>
</context>
<context>
    <name>profscope::TrajectoryPanel</name>
    <message>
        <source>Stage:</source>
        <translation>阶段：</translation>
    </message>
    <message>
        <source>Show the devices of one pipeline stage: within a stage, compare devices as in a model-parallel run</source>
        <translation>显示一个流水线阶段的设备：在阶段内，像模型并行运行那样比较各设备</translation>
    </message>
    <message>
        <source>Iteration trajectory per device</source>
        <translation>每个设备的迭代轨迹</translation>
    </message>
    <message>
        <source>Double-click a device (or press Enter) to open its step trace</source>
        <translation>双击设备（或按 Enter）可打开其迭代轨迹</translation>
    </message>
    <message>
        <source>All stages</source>
        <translation>全部阶段</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>Parallel mode: %1</source>
        <translation>并行模式：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n pipeline stage(s)</source>
        <translation>
            <numerusform>%n 个流水线阶段</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n 个设备</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n slow device(s)&lt;/b&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%n 个慢卡&lt;/b&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;slow host(s): %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;慢主机：%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>%1 (ms)</source>
        <translation>%1 (ms)</translation>
    </message>
    <message>
        <source>Slow device: %1 is at least %2% over the median of its stage</source>
        <translation>慢卡：%1 比其所在阶段的中位数高出至少 %2%</translation>
    </message>
    <message>
        <source>Slow host: its devices&apos; mean step gap is at least %1% over the hosts&apos; median</source>
        <translation>慢主机：其设备的平均迭代间隙比各主机的中位数高出至少 %1%</translation>
    </message>
    <message>
        <source>Step Gap: previous step&apos;s end to the forward start (data reading, host); FP+BP: forward and backward (device compute); Tail: backward end to the step&apos;s end (gradient reduction, update). Receive Alone, Communication Alone and Collective Communication Alone: only those communication ops run, no computation; Stage: the step minus its receive ops. Slow device: %1 at least %2% over the median of its stage; slow host: mean step gap at least %2% over the hosts&apos; median. Double-click a device for its step trace.</source>
        <translation>迭代间隙：上一迭代结束到前向开始（数据读取、主机）；FP+BP：前向和反向（设备计算）；迭代拖尾：反向结束到迭代结束（梯度规约、参数更新）。纯接收、纯通信和纯集合通信：只有这些通信算子在运行，没有计算；阶段：迭代减去其接收算子。慢卡：%1 比其所在阶段的中位数高出至少 %2%；慢主机：平均迭代间隙比各主机的中位数高出至少 %2%。双击设备可查看其迭代轨迹。</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Open ›</source>
        <translation>打开 ›</translation>
    </message>
    <message>
        <source>Open this device&apos;s step trace</source>
        <translation>打开该设备的迭代轨迹</translation>
    </message>
</context>
<context>
    <name>profscope::TrendChart</name>
    <message>
        <source>Step</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>%1 per step (mean %2 ms)</source>
        <translation>每个迭代的 %1（均值 %2 ms）</translation>
    </message>
    <message>
        <source>No values.</source>
        <translation>没有数值。</translation>
    </message>
</context>
<context>
    <name>profscope::VectorPlot</name>
    <message>
        <source>Ctrl+wheel zooms</source>
        <translation>Ctrl+滚轮缩放</translation>
    </message>
</context>
<context>
    <name>profscope::WelcomePage</name>
    <message>
        <source>Open a profile folder…</source>
        <translation>打开性能数据文件夹…</translation>
    </message>
    <message>
        <source>No recent folders yet.</source>
        <translation>还没有最近打开的文件夹。</translation>
    </message>
    <message>
        <source>Profscope</source>
        <translation>Profscope</translation>
    </message>
    <message>
        <source>A native viewer for MindSpore and Ascend PyTorch (torch_npu) profiler output.</source>
        <translation>MindSpore 与 Ascend PyTorch（torch_npu）性能数据的原生查看器。</translation>
    </message>
    <message>
        <source>Recent folders</source>
        <translation>最近打开</translation>
    </message>
    <message>
        <source>Double-click or press Enter to open</source>
        <translation>双击或按回车键打开</translation>
    </message>
    <message>
        <source>Supported folders</source>
        <translation>支持的文件夹</translation>
    </message>
    <message>
        <source>MindSpore 2.x profiler output</source>
        <translation>MindSpore 2.x 性能数据</translation>
    </message>
    <message>
        <source>Ascend PyTorch (torch_npu) profiler output</source>
        <translation>Ascend PyTorch（torch_npu）性能数据</translation>
    </message>
    <message>
        <source>MindInsight-era MindSpore profiler folder</source>
        <translation>MindInsight 时期的 MindSpore profiler 文件夹</translation>
    </message>
    <message>
        <source>legacy MindSpore cluster layout (one folder per host)</source>
        <translation>旧版 MindSpore 集群目录（每台主机一个文件夹）</translation>
    </message>
    <message>
        <source>CANN msprof output with timeline JSON</source>
        <translation>带 timeline JSON 的 CANN msprof 输出</translation>
    </message>
    <message>
        <source>Open one rank folder, or a parent folder of many: every rank below it is found, and each file read or skipped is listed in the import report.</source>
        <translation>可以打开单个 rank 文件夹，也可以打开包含多个 rank 的上级文件夹：其下所有 rank 都会被找到，每个读取或跳过的文件都会列在导入报告中。</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 等 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>or drop a folder or a profiler file onto this window  ·  %1</source>
        <translation>或将文件夹或 profiler 文件拖放到此窗口  ·  %1</translation>
    </message>
    <message>
        <source>Open the Demo Cluster</source>
        <translation>打开演示集群</translation>
    </message>
    <message>
        <source>A generated 8-rank cluster with a slow rank, a slow link and a host-bound rank to find</source>
        <translation>生成的 8 rank 集群，其中有一个慢卡、一条慢链路和一个受主机限制的 rank 等待发现</translation>
    </message>
</context>
<context>
    <name>profscope::cli::Collect</name>
    <message>
        <source>
Copies every profiler rank folder (*_ascend_ms, *_ascend_pt, renamed folders with
ASCEND_PROFILER_OUTPUT, MindInsight profiler/ folders, CANN PROF_* output) from every
host into OUT_DIR/&lt;host alias&gt;/&lt;rank folder&gt;, checks each copy with the same loader as
`inspect`, and writes OUT_DIR/profscope_manifest.json (hosts, rank ids, files with size
and SHA-256). Open OUT_DIR in Profscope afterwards.

HOSTS_FILE, one host per line (# starts a comment):
  node01                      ssh defaults (~/.ssh/config, current user, port 22)
  root@node02                 user
  root@node03:2222            user and port
  node04 2222                 port as a second column
  root@10.0.0.5:22 worker5    an alias: the folder name under OUT_DIR
  [fe80::1%eth0]:22           IPv6 in brackets

PATTERN is a folder on the remote hosts (absolute, or relative to the login folder;
~/ works). Its last component may contain * ? [...] wildcards, matched by find -name on
the host (e.g. /data/prof/job_*). Rank folders are searched up to --max-depth levels below.

Security: authentication is your ssh keys or agent only (BatchMode=yes: never a password
prompt, never a stored password); host keys are always checked against known_hosts
(StrictHostKeyChecking=no is refused). Programs are started with argument lists, remote
arguments are single-quoted for the remote shell, so no host or path name can run a
command. The remote login shell must be a POSIX shell (sh, bash, dash, ksh, zsh).

Resume: run the same command again after an interruption. Rank folders the manifest marks
complete (copied and verified, files still present with their sizes) are skipped; partial
ones are synced again.

Exit codes: 0 every host succeeded, 3 some host or rank folder failed (see the table),
2 usage error, 1 the output folder or the manifest could not be written.
</source>
        <translation>
将每台主机上的所有 profiler rank 文件夹（*_ascend_ms、*_ascend_pt、含有
ASCEND_PROFILER_OUTPUT 的重命名文件夹、MindInsight profiler/ 文件夹、CANN PROF_* 输出）
复制到 OUT_DIR/&lt;主机别名&gt;/&lt;rank 文件夹&gt;，用与 `inspect` 相同的加载器校验每份副本，
并写入 OUT_DIR/profscope_manifest.json（主机、rank id、文件及其大小
和 SHA-256）。完成后在 Profscope 中打开 OUT_DIR 即可。

HOSTS_FILE 每行一台主机（# 之后为注释）：
  node01                      ssh 默认设置（~/.ssh/config、当前用户、端口 22）
  root@node02                 用户
  root@node03:2222            用户和端口
  node04 2222                 端口写在第二列
  root@10.0.0.5:22 worker5    别名：即 OUT_DIR 下的文件夹名
  [fe80::1%eth0]:22           IPv6 地址写在方括号中

PATTERN 是远程主机上的文件夹（绝对路径，或相对于登录目录的路径；
支持 ~/）。其最后一级可以包含 * ? [...] 通配符，由主机上的 find -name 匹配
（例如 /data/prof/job_*）。在其下最多 --max-depth 层内查找 rank 文件夹。

安全性：认证只使用 ssh 密钥或 agent（BatchMode=yes：从不提示输入密码，
也从不保存密码）；始终根据 known_hosts 检查主机密钥
（拒绝 StrictHostKeyChecking=no）。程序以参数列表方式启动，远程参数
经单引号转义后交给远程 shell，因此任何主机名或路径名都无法执行
命令。远程登录 shell 必须是 POSIX shell（sh、bash、dash、ksh、zsh）。

续传：中断后再次运行同一命令即可。清单中标记为已完成的 rank 文件夹
（已复制并校验，文件仍在且大小不变）会被跳过；未完成的
会重新同步。

退出码：0 所有主机均成功，3 部分主机或 rank 文件夹失败（见表格），
2 用法错误，1 无法写入输出文件夹或清单。
</translation>
    </message>
    <message>
        <source>Collects the profile folders of a multi-host job into one cluster folder, over ssh or from local folders.</source>
        <translation>通过 ssh 或从本地文件夹，将多主机作业的性能数据文件夹收集到一个集群文件夹中。</translation>
    </message>
    <message>
        <source>Remote hosts, one per line (see below).</source>
        <translation>远程主机列表，每行一台（见下文）。</translation>
    </message>
    <message>
        <source>Folder holding the rank folders on every host; wildcards allowed in the last component.</source>
        <translation>各主机上存放 rank 文件夹的文件夹；最后一级可以使用通配符。</translation>
    </message>
    <message>
        <source>A folder on this machine or a mounted share, collected as one host named after the folder (repeatable).</source>
        <translation>本机上的文件夹或已挂载的共享目录，作为一台以该文件夹命名的主机收集（可重复指定）。</translation>
    </message>
    <message>
        <source>Name the host folders host1, host2, ... and write the real names only to OUT_DIR/host_ips_mapping.txt (not to the manifest).</source>
        <translation>将主机文件夹命名为 host1、host2、...，真实名称只写入 OUT_DIR/host_ips_mapping.txt（不写入清单）。</translation>
    </message>
    <message>
        <source>Copy only the small files: step_trace_time, communication*, analysis.db, communication_analyzer.db, op_statistic, api_statistic, profiler_info*, profiler_metadata, step_trace_raw_*, hccl_raw_* (no traces, no per-rank profiler databases, no raw PROF_* data).</source>
        <translation>只复制小文件：step_trace_time、communication*、analysis.db、communication_analyzer.db、op_statistic、api_statistic、profiler_info*、profiler_metadata、step_trace_raw_*、hccl_raw_*（不含 trace、每个 rank 的 profiler 数据库和 PROF_* 原始数据）。</translation>
    </message>
    <message>
        <source>With --summary-only, skip files larger than SIZE (default 64M; K, M, G).</source>
        <translation>配合 --summary-only 使用时，跳过大于 SIZE 的文件（默认 64M；单位 K、M、G）。</translation>
    </message>
    <message>
        <source>List the rank folders that would be copied; write nothing.</source>
        <translation>列出将要复制的 rank 文件夹，不写入任何内容。</translation>
    </message>
    <message>
        <source>Sync every rank folder again, also those the manifest marks complete.</source>
        <translation>重新同步所有 rank 文件夹，包括清单中标记为已完成的文件夹。</translation>
    </message>
    <message>
        <source>Extra ssh option, passed as -o KEY=VALUE (repeatable), e.g. ProxyJump=bastion or StrictHostKeyChecking=accept-new.</source>
        <translation>额外的 ssh 选项，以 -o KEY=VALUE 形式传递（可重复指定），例如 ProxyJump=bastion 或 StrictHostKeyChecking=accept-new。</translation>
    </message>
    <message>
        <source>known_hosts file to check host keys against (default: ssh&apos;s own).</source>
        <translation>用于检查主机密钥的 known_hosts 文件（默认：ssh 自身的设置）。</translation>
    </message>
    <message>
        <source>Private key to log in with (default: ssh&apos;s own keys and agent).</source>
        <translation>用于登录的私钥（默认：ssh 自身的密钥和 agent）。</translation>
    </message>
    <message>
        <source>Seconds to wait for a host to answer (default 10).</source>
        <translation>等待主机响应的秒数（默认 10）。</translation>
    </message>
    <message>
        <source>auto (rsync when both sides have it, else scp), rsync or scp.</source>
        <translation>auto（两端都有 rsync 时使用 rsync，否则使用 scp）、rsync 或 scp。</translation>
    </message>
    <message>
        <source>Folder levels searched below PATTERN or DIR (default 8).</source>
        <translation>在 PATTERN 或 DIR 下搜索的文件夹层数（默认 8）。</translation>
    </message>
    <message>
        <source>Hosts collected in parallel (default 2).</source>
        <translation>并行收集的主机数（默认 2）。</translation>
    </message>
    <message>
        <source>The cluster folder to write.</source>
        <translation>要写入的集群文件夹。</translation>
    </message>
    <message>
        <source>see: profscope-cli collect --help</source>
        <translation>参见：profscope-cli collect --help</translation>
    </message>
    <message>
        <source>Usage: profscope-cli collect [options] OUT_DIR</source>
        <translation>用法：profscope-cli collect [选项] OUT_DIR</translation>
    </message>
    <message>
        <source>collect: %1</source>
        <translation>collect：%1</translation>
    </message>
    <message>
        <source>give the output folder OUT_DIR (see --help)</source>
        <translation>请指定输出文件夹 OUT_DIR（参见 --help）</translation>
    </message>
    <message>
        <source>one OUT_DIR only; use --from for local folders</source>
        <translation>只能指定一个 OUT_DIR；本地文件夹请使用 --from</translation>
    </message>
    <message>
        <source>%1 lists no hosts</source>
        <translation>%1 中没有列出任何主机</translation>
    </message>
    <message>
        <source>--summary-max-size: &quot;%1&quot; is not a size</source>
        <translation>--summary-max-size：&quot;%1&quot; 不是有效的大小</translation>
    </message>
    <message>
        <source>--connect-timeout expects a number of seconds</source>
        <translation>--connect-timeout 应为秒数</translation>
    </message>
    <message>
        <source>--max-depth expects a number</source>
        <translation>--max-depth 应为数字</translation>
    </message>
    <message>
        <source>--jobs expects a number</source>
        <translation>--jobs 应为数字</translation>
    </message>
    <message>
        <source>--transfer expects auto, rsync or scp</source>
        <translation>--transfer 应为 auto、rsync 或 scp</translation>
    </message>
    <message>
        <source>HOST</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>STATUS</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>RANK FOLDERS</source>
        <translation>RANK 文件夹</translation>
    </message>
    <message>
        <source>TO COPY</source>
        <translation>待复制</translation>
    </message>
    <message>
        <source>COPIED</source>
        <translation>已复制</translation>
    </message>
    <message>
        <source>SKIPPED</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>SIZE</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Dry run: nothing was written.</source>
        <translation>试运行：未写入任何内容。</translation>
    </message>
    <message>
        <source>Manifest: %1</source>
        <translation>清单：%1</translation>
    </message>
    <message>
        <source>Run profscope-cli summarize next to the data (on each host over ssh; here for --from) and copy back only the summaries: kilobytes per rank, opened as a cluster.</source>
        <translation>在数据所在处运行 profscope-cli summarize（远程主机经 ssh 运行；--from 的文件夹在本机运行），只复制回摘要：每个 rank 仅数 KB，可作为集群打开。</translation>
    </message>
    <message>
        <source>With --summarize: profscope-cli on the hosts (default: profscope-cli on the remote PATH).</source>
        <translation>与 --summarize 一起使用：主机上的 profscope-cli（默认：远程 PATH 中的 profscope-cli）。</translation>
    </message>
</context>
<context>
    <name>profscope::cli::Export</name>
    <message>
        <source>Writes an analysis of the profile under PATH as CSV or JSON.</source>
        <translation>将 PATH 下性能数据的分析结果写为 CSV 或 JSON。</translation>
    </message>
    <message>
        <source>Only this rank id.</source>
        <translation>只导出此 rank id。</translation>
    </message>
    <message>
        <source>Only this step (e.g. 50).</source>
        <translation>只导出此迭代（例如 50）。</translation>
    </message>
    <message>
        <source>csv (default) or json.</source>
        <translation>csv（默认）或 json。</translation>
    </message>
    <message>
        <source>Write to FILE instead of standard output.</source>
        <translation>写入 FILE，而不是标准输出。</translation>
    </message>
    <message>
        <source>Rank folder, folder of ranks or cluster root.</source>
        <translation>rank 文件夹、包含多个 rank 的文件夹或集群根目录。</translation>
    </message>
    <message>
        <source>export: --rank takes a number</source>
        <translation>export：--rank 应为数字</translation>
    </message>
    <message>
        <source>error: nothing could be loaded from %1</source>
        <translation>错误：无法从 %1 加载任何数据</translation>
    </message>
    <message>
        <source>note: rank %1 (%2): %3</source>
        <translation>提示：rank %1（%2）：%3</translation>
    </message>
    <message>
        <source>compare: the rank compared with --rank (default: the second rank).</source>
        <translation>compare：与 --rank 比较的 rank（默认：第二个 rank）。</translation>
    </message>
    <message>
        <source>operators: type (default), name or name-shape.</source>
        <translation>operators：type（默认）、name 或 name-shape。</translation>
    </message>
    <message>
        <source>operators: only the N longest (0: all).</source>
        <translation>operators：只输出耗时最长的 N 个（0：全部）。</translation>
    </message>
    <message>
        <source>matrix: total (default), top1, middle, bottom1..bottom3 or an op name.</source>
        <translation>matrix：total（默认）、top1、middle、bottom1..bottom3 或算子名称。</translation>
    </message>
    <message>
        <source>matrix: only this communication group id.</source>
        <translation>matrix：只输出此通信域 id。</translation>
    </message>
    <message>
        <source>advice: JSON file of thresholds to override (keys as in the README, e.g. {&quot;freeRatio&quot;: 0.2}).</source>
        <translation>advice：用于覆盖阈值的 JSON 文件（键名见 README，例如 {&quot;freeRatio&quot;: 0.2}）。</translation>
    </message>
    <message>
        <source>export: give a PATH, --what %1 and --format csv|json (see --help)</source>
        <translation>export：请指定 PATH、--what %1 和 --format csv|json（参见 --help）</translation>
    </message>
    <message>
        <source>export: --group-by takes type, name or name-shape</source>
        <translation>export：--group-by 只能为 type、name 或 name-shape</translation>
    </message>
    <message>
        <source>export: --top takes a non-negative number</source>
        <translation>export：--top 应为非负数</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>per rank and step: computing, communication, overlap, free, preparing, bubble, stage</source>
        <translation>按 rank 和迭代：计算、通信、重叠、空闲、准备、bubble、阶段</translation>
    </message>
    <message>
        <source>each overview value against the profiler&apos;s step_trace_time.csv</source>
        <translation>将每个总览值与 profiler 的 step_trace_time.csv 对照</translation>
    </message>
    <message>
        <source>the cluster step table with stage and DP/PP/TP index</source>
        <translation>集群迭代表，含阶段和 DP/PP/TP 索引</translation>
    </message>
    <message>
        <source>statistics per op type, name or name+shape</source>
        <translation>按算子类型、名称或名称+形状统计</translation>
    </message>
    <message>
        <source>two ranks: --rank and --with</source>
        <translation>两个 rank：--rank 与 --with</translation>
    </message>
    <message>
        <source>per rank and communication group</source>
        <translation>按 rank 和通信域</translation>
    </message>
    <message>
        <source>src x dst links</source>
        <translation>src x dst 链路</translation>
    </message>
    <message>
        <source>peaks per component</source>
        <translation>各组件的峰值</translation>
    </message>
    <message>
        <source>findings with rule, threshold and measured value</source>
        <translation>问题及其规则、阈值和实测值</translation>
    </message>
    <message>
        <source>per-rank clock offsets</source>
        <translation>各 rank 的时钟偏移</translation>
    </message>
    <message>
        <source>the timelines as Chrome Trace Event JSON for Perfetto / chrome://tracing (--rank R[,R...], --steps A-B, --with-args)</source>
        <translation>将时间线导出为 Chrome Trace Event JSON，供 Perfetto / chrome://tracing 使用（--rank R[,R...]、--steps A-B、--with-args）</translation>
    </message>
    <message>
        <source>What to export: %1.</source>
        <translation>要导出的内容：%1。</translation>
    </message>
    <message>
        <source>trace: include each event&apos;s args (read back from the source files; slow on big traces).</source>
        <translation>trace：包含每个事件的 args（从源文件读回；大 trace 上较慢）。</translation>
    </message>
    <message>
        <source>export: --steps takes a step or a range A-B, not &quot;%1&quot;</source>
        <translation>export：--steps 应为一个迭代或范围 A-B，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>export: no rank %1 in %2</source>
        <translation>export：%2 中没有 rank %1</translation>
    </message>
    <message>
        <source>export: rank %1 marks no step %2</source>
        <translation>export：rank %1 没有标记迭代 %2</translation>
    </message>
    <message>
        <source>error: %1: %2</source>
        <translation>错误：%1：%2</translation>
    </message>
    <message>
        <source>wrote %1: %2 slices, %3 flows, %4 counter points, %5 instants</source>
        <translation>已写入 %1：%2 个切片、%3 条连线、%4 个计数器点、%5 个瞬时事件</translation>
    </message>
    <message>
        <source>the slices of one rank inside --start-ns A --end-ns B (or --step S), each counting only its part inside, per lane (--group-by name: per name), and the time by overlap category</source>
        <translation>单个 rank 在 --start-ns A --end-ns B（或 --step S）范围内的切片，每个切片只计入其在范围内的部分，按泳道统计（--group-by name：按名称），以及按重叠类别统计的时间</translation>
    </message>
    <message>
        <source>MindData pipeline ops: workers, queue usage, empty frequency, throughput, CPU, bottleneck</source>
        <translation>MindData 流水线算子：工作线程、队列使用率、为空频率、吞吐量、CPU、瓶颈</translation>
    </message>
    <message>
        <source>MindData CPU utilization samples: machine, process and per op</source>
        <translation>MindData CPU 利用率采样：整机、进程和各算子</translation>
    </message>
    <message>
        <source>per rank: FLOPs from flops_summary, normalised by the largest, pipeline stage and proposals</source>
        <translation>每个 rank：来自 flops_summary 的 FLOPs、按最大值归一化的比例、流水线阶段及建议</translation>
    </message>
    <message>
        <source>per rank: memory peak against the device capacity (else the largest peak)</source>
        <translation>每个 rank：内存峰值与设备容量之比（无容量时与最大峰值之比）</translation>
    </message>
    <message>
        <source>api_statistic.csv per API: one rank with --rank, else merged over ranks</source>
        <translation>按 API 统计的 api_statistic.csv：使用 --rank 时为单个 rank，否则合并全部 rank</translation>
    </message>
    <message>
        <source>export: rank %1 has no step %2</source>
        <translation>export：rank %1 没有迭代 %2</translation>
    </message>
    <message>
        <source>export: --what range needs --start-ns A --end-ns B (integers, A &lt; B, in the trace&apos;s own clock) or --step S</source>
        <translation>export：--what range 需要 --start-ns A --end-ns B（整数，A &lt; B，使用 trace 自身的时钟）或 --step S</translation>
    </message>
    <message>
        <source>range: start of the range in the trace&apos;s own clock (ns, as trace_view.json&apos;s ts x 1000).</source>
        <translation>range：范围的起点，使用 trace 自身的时钟（ns，即 trace_view.json 的 ts × 1000）。</translation>
    </message>
    <message>
        <source>range: end of the range (ns, exclusive).</source>
        <translation>range：范围的终点（ns，不含）。</translation>
    </message>
    <message>
        <source>export: --what range groups by lane (default) or name</source>
        <translation>export：--what range 按泳道（默认）或名称分组</translation>
    </message>
    <message>
        <source>per rank and step (and the average): each stage&apos;s start, finish and duration (Step Gap, FP+BP, Tail, stream ops; or the step table&apos;s parts)</source>
        <translation>每个 rank 和迭代（以及平均值）：各阶段的开始、结束和耗时（迭代间隙、FP+BP、迭代拖尾、流算子；或迭代表的各部分）</translation>
    </message>
    <message>
        <source>cluster iteration trajectory per rank: the parallel mode&apos;s columns, slow device and slow host</source>
        <translation>每个 rank 的集群迭代轨迹：并行模式对应的列、慢卡和慢主机</translation>
    </message>
    <message>
        <source>parallel strategy graph per pipeline stage: one row per op and rank, with its sharding strategy, inputs, outputs and matched kernels</source>
        <translation>每个流水线阶段的并行策略图：每个算子和 rank 一行，包含其切分策略、输入、输出和匹配的 kernel</translation>
    </message>
    <message>
        <source>Load only steps A to B (or step N): events outside are skipped while reading (trace: only what overlaps those steps of the first exported rank).</source>
        <translation>只加载迭代 A 到 B（或迭代 N）：读取时跳过范围外的事件（trace：只导出与第一个导出 rank 的这些迭代重叠的部分）。</translation>
    </message>
</context>
<context>
    <name>profscope::cli::Generate</name>
    <message>
        <source>--%1 expects a whole number, not &quot;%2&quot;</source>
        <translation>--%1 应为整数，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>Number of ranks (default 8).</source>
        <translation>rank 数（默认 8）。</translation>
    </message>
    <message>
        <source>Profiled steps per rank (default 3).</source>
        <translation>每个 rank 采集的迭代数（默认 3）。</translation>
    </message>
    <message>
        <source>Compute kernels per step (default 20).</source>
        <translation>每个迭代的计算算子数（默认 20）。</translation>
    </message>
    <message>
        <source>Random seed (default 1).</source>
        <translation>随机种子（默认 1）。</translation>
    </message>
    <message>
        <source>This rank&apos;s kernels run 30% longer; the others wait for it.</source>
        <translation>该 rank 的算子运行时间延长 30%；其他 rank 需等待它。</translation>
    </message>
    <message>
        <source>The link between ranks A and B runs at ~0.4x bandwidth.</source>
        <translation>rank A 与 B 之间的链路只有约 0.4 倍的带宽。</translation>
    </message>
    <message>
        <source>Write into OUT even when it is not empty.</source>
        <translation>即使 OUT 不为空也写入。</translation>
    </message>
    <message>
        <source>Folder to create the rank folders in.</source>
        <translation>在其中创建 rank 文件夹的文件夹。</translation>
    </message>
    <message>
        <source>generate needs exactly one OUT folder</source>
        <translation>generate 需要且只需要一个 OUT 文件夹</translation>
    </message>
    <message>
        <source>--seed expects a whole number, not &quot;%1&quot;</source>
        <translation>--seed 应为整数，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--slow-link expects two ranks as A-B, not &quot;%1&quot;</source>
        <translation>--slow-link 应为 A-B 形式的两个 rank，实际为 &quot;%1&quot;</translation>
    </message>
    <message numerus="yes">
        <source>wrote %n rank folder(s) to %1</source>
        <translation>
            <numerusform>已将 %n 个 rank 文件夹写入 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Writes a synthetic MindSpore-style cluster (one *_ascend_ms folder per rank, 8 ranks per host) for demos and tests: data parallel, or with --pp a 1F1B pipeline and with --tp tensor-parallel groups (Megatron rank order). The same seed gives the same files.</source>
        <translation>写出一个合成的 MindSpore 风格集群（每个 rank 一个 *_ascend_ms 文件夹，每台主机 8 个 rank），用于演示和测试：默认为数据并行；使用 --pp 时为 1F1B 流水线，使用 --tp 时带张量并行组（Megatron rank 顺序）。相同的种子生成相同的文件。</translation>
    </message>
    <message>
        <source>Pipeline stages (default 1); --ranks must be divisible by --pp × --tp. --ops then counts the kernels per micro-batch.</source>
        <translation>流水线阶段数（默认 1）；--ranks 必须能被 --pp × --tp 整除。此时 --ops 表示每个 micro-batch 的算子数。</translation>
    </message>
    <message>
        <source>Tensor-parallel group size (default 1).</source>
        <translation>张量并行组大小（默认 1）。</translation>
    </message>
    <message>
        <source>What each rank folder gets: text (trace_view.json and the CSV / JSON files, the default), db (ascend_mindspore_profiler_{rank}.db and analysis.db of the same run instead) or both.</source>
        <translation>每个 rank 文件夹写出的内容：text（trace_view.json 及 CSV / JSON 文件，默认）、db（改为写出同一次运行的 ascend_mindspore_profiler_{rank}.db 和 analysis.db）或 both。</translation>
    </message>
    <message>
        <source>--format expects text, db or both, not &quot;%1&quot;</source>
        <translation>--format 应为 text、db 或 both，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>This rank&apos;s host launches each kernel just in time and stalls for 0.3–0.9 ms every few ops; its device idles.</source>
        <translation>该 rank 的主机恰好及时下发每个算子，并且每隔几个算子停顿 0.3–0.9 ms；其设备处于空闲。</translation>
    </message>
    <message>
        <source>This rank&apos;s data loading delivers each batch 1.5–2.5 ms late; the others wait for it.</source>
        <translation>该 rank 的数据加载使每个 batch 晚到 1.5–2.5 ms；其他 rank 需等待它。</translation>
    </message>
    <message>
        <source>With --pp: this pipeline stage&apos;s layers take 30% longer (an unbalanced pipeline).</source>
        <translation>配合 --pp 使用：该流水线阶段的层耗时延长 30%（流水线不均衡）。</translation>
    </message>
    <message>
        <source>Per-rank speed spread: each rank&apos;s kernels run up to ±X longer or shorter (0.05 = 5%), and steps differ by up to ±15% (default 0).</source>
        <translation>各 rank 的速度差异：每个 rank 的算子耗时最多增减 ±X（0.05 = 5%），各迭代之间最多相差 ±15%（默认 0）。</translation>
    </message>
    <message>
        <source>Folder and database names as MindSpore (ms: *_ascend_ms, the default) or torch_npu (pt: *_ascend_pt) writes them.</source>
        <translation>按 MindSpore（ms：*_ascend_ms，默认）或 torch_npu（pt：*_ascend_pt）的方式命名文件夹和数据库。</translation>
    </message>
    <message>
        <source>--jitter expects a number, not &quot;%1&quot;</source>
        <translation>--jitter 应为数字，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--style expects ms or pt, not &quot;%1&quot;</source>
        <translation>--style 应为 ms 或 pt，实际为 &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>profscope::cli::Inspect</name>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>rank ?</source>
        <translation>rank ?</translation>
    </message>
    <message>
        <source>device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>host %1</source>
        <translation>主机 %1</translation>
    </message>
    <message>
        <source>database export only</source>
        <translation>仅数据库导出</translation>
    </message>
    <message>
        <source>Profile: %1</source>
        <translation>性能数据：%1</translation>
    </message>
    <message>
        <source>Ranks: %1</source>
        <translation>Rank 数：%1</translation>
    </message>
    <message>
        <source>events by phase: %1</source>
        <translation>按阶段统计的事件：%1</translation>
    </message>
    <message>
        <source>slices: %1, counter points: %2, flows: %3</source>
        <translation>切片：%1，计数器点：%2，连线：%3</translation>
    </message>
    <message>
        <source>slices in %1: %2</source>
        <translation>%1 中的切片：%2</translation>
    </message>
    <message>
        <source>flows %1: %2</source>
        <translation>连线 %1：%2</translation>
    </message>
    <message>
        <source>kernels %1</source>
        <translation>算子 %1</translation>
    </message>
    <message>
        <source>steps %1</source>
        <translation>迭代 %1</translation>
    </message>
    <message>
        <source>legacy steps %1</source>
        <translation>旧版迭代 %1</translation>
    </message>
    <message>
        <source>memory records %1</source>
        <translation>内存记录 %1</translation>
    </message>
    <message>
        <source>operator allocations %1</source>
        <translation>算子内存分配 %1</translation>
    </message>
    <message>
        <source>communication ops %1</source>
        <translation>通信算子 %1</translation>
    </message>
    <message>
        <source>matrix links %1</source>
        <translation>通信矩阵链路 %1</translation>
    </message>
    <message>
        <source>files:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source> (line %1)</source>
        <translation> (第 %1 行)</translation>
    </message>
    <message>
        <source>Other files:</source>
        <translation>其他文件：</translation>
    </message>
    <message>
        <source>Import report:</source>
        <translation>导入报告：</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Files: %1 used, %2 skipped, %3 broken</source>
        <translation>文件：已使用 %1，已跳过 %2，已损坏 %3</translation>
    </message>
    <message>
        <source>Lists the ranks found under PATH and, per rank, every file with its status and counts, then the import report.</source>
        <translation>列出 PATH 下找到的 rank，以及每个 rank 的全部文件及其状态和计数，最后输出导入报告。</translation>
    </message>
    <message>
        <source>Print the result as JSON.</source>
        <translation>以 JSON 格式输出结果。</translation>
    </message>
    <message>
        <source>Ranks loaded in parallel (default: cores).</source>
        <translation>并行加载的 rank 数（默认：CPU 核数）。</translation>
    </message>
    <message>
        <source>Folder levels scanned below PATH (default 8).</source>
        <translation>在 PATH 下扫描的文件夹层数（默认 8）。</translation>
    </message>
    <message>
        <source>Rank folder, folder of ranks or cluster root.</source>
        <translation>rank 文件夹、包含多个 rank 的文件夹或集群根目录。</translation>
    </message>
    <message>
        <source>inspect: give a PATH (see --help)</source>
        <translation>inspect：请指定 PATH（参见 --help）</translation>
    </message>
    <message>
        <source>Loaded in %1 s (trace parser: simdjson %2)</source>
        <translation>加载耗时 %1 秒（trace 解析器：simdjson %2）</translation>
    </message>
    <message>
        <source>error: nothing could be loaded from %1</source>
        <translation>错误：无法从 %1 加载任何数据</translation>
    </message>
    <message>
        <source>step trace points: FP starts at %1, BP ends at %2</source>
        <translation>迭代轨迹点：FP 开始于 %1，BP 结束于 %2</translation>
    </message>
    <message>
        <source>device counter at trace time 0: %1 ticks</source>
        <translation>轨迹时间 0 处的设备计数器：%1 tick</translation>
    </message>
    <message>
        <source>timeline summary: %1 op executions, %2 streams, %3 ops, %4 ms of op time</source>
        <translation>时间线汇总：%1 次算子执行，%2 个流，%3 个算子，算子耗时 %4 ms</translation>
    </message>
    <message>
        <source>op compute time: %1 ops, %2 op types, %3 ms in total per step</source>
        <translation>算子计算时间：%1 个算子，%2 种算子类型，每迭代共 %3 ms</translation>
    </message>
    <message>
        <source>Partial import: %1</source>
        <translation>部分导入：%1</translation>
    </message>
</context>
<context>
    <name>profscope::cli::Main</name>
    <message>
        <source>unknown command &quot;%1&quot;</source>
        <translation>未知命令 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>list the ranks and files found, with counts and the import report</source>
        <translation>列出找到的 rank 和文件，包括计数和导入报告</translation>
    </message>
    <message>
        <source>write an analysis as CSV or JSON (KIND: %1)</source>
        <translation>将分析结果写为 CSV 或 JSON（KIND：%1）</translation>
    </message>
    <message>
        <source>compare the ops of two ranks or runs (sequence-aligned deltas)</source>
        <translation>比较两个 rank 或两次运行的算子（按序列对齐的差值）</translation>
    </message>
    <message>
        <source>write a synthetic MindSpore-style demo cluster</source>
        <translation>写出一个合成的 MindSpore 风格演示集群</translation>
    </message>
    <message>
        <source>copy the rank folders of a multi-host job into one folder (ssh)</source>
        <translation>将多主机作业的 rank 文件夹复制到一个文件夹中（ssh）</translation>
    </message>
    <message>
        <source>one self-contained HTML (or Markdown) report; a regression report with --compare</source>
        <translation>一个自包含的 HTML（或 Markdown）报告；配合 --compare 为回归报告</translation>
    </message>
    <message>
        <source>Usage: profscope-cli COMMAND [options]</source>
        <translation>用法：profscope-cli COMMAND [选项]</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>选项：</translation>
    </message>
    <message>
        <source>this help; COMMAND --help for a command&apos;s options</source>
        <translation>本帮助；COMMAND --help 查看某个命令的选项</translation>
    </message>
    <message>
        <source>the version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>compact per-rank summaries, computed next to the data, that open as a cluster</source>
        <translation>在数据所在处计算的紧凑的逐 rank 摘要，可作为集群打开</translation>
    </message>
</context>
<context>
    <name>profscope::cli::Output</name>
    <message>
        <source>error: cannot write %1: %2</source>
        <translation>错误：无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Where a rank has both text exports and databases, read each kind of data from: auto (the databases, measured faster), text or db. Never both.</source>
        <translation>当一个 rank 同时有文本导出和数据库时，每类数据从何处读取：auto（数据库，实测更快）、text 或 db。不会同时读取两者。</translation>
    </message>
    <message>
        <source>--prefer takes auto, text or db, not &quot;%1&quot;</source>
        <translation>--prefer 应为 auto、text 或 db，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Load only steps A to B (or step N): a quick scan finds the step markers, and events outside the window are skipped while reading.</source>
        <translation>只加载迭代 A 到 B（或迭代 N）：先快速扫描找到迭代标记，读取时跳过范围外的事件。</translation>
    </message>
    <message>
        <source>Load only these rank ids, e.g. 0-7,12; the other ranks are not read.</source>
        <translation>只加载这些 rank id，例如 0-7,12；不读取其他 rank。</translation>
    </message>
    <message>
        <source>--steps: %1</source>
        <translation>--steps：%1</translation>
    </message>
    <message>
        <source>--ranks: %1</source>
        <translation>--ranks：%1</translation>
    </message>
    <message>
        <source>partial import: %1</source>
        <translation>部分导入：%1</translation>
    </message>
    <message>
        <source>error: %1 is a file the profile was read from: not overwritten; choose another -o</source>
        <translation>错误：%1 是读取性能数据时使用的文件：不会覆盖；请另选 -o</translation>
    </message>
    <message>
        <source>Parse every file: neither read parsed traces and tables from the cache folder nor write them there.</source>
        <translation>解析每个文件：既不从缓存文件夹读取已解析的 trace 和表，也不写入缓存。</translation>
    </message>
    <message>
        <source>With --steps: read every byte of the trace and every row of the timed CSV tables (kernel_details, memory_record, npu_module_mem), and scan the whole trace for the step markers, instead of only the parts that their time order places around the window.</source>
        <translation>与 --steps 一起使用：读取 trace 的每个字节和带时间的 CSV 表（kernel_details、memory_record、npu_module_mem）的每一行，并在整个 trace 中扫描步骤标记，而不是只读取按时间顺序位于窗口附近的部分。</translation>
    </message>
</context>
<context>
    <name>profscope::cli::Report</name>
    <message>
        <source>Writes a report of the profile under PATH: one self-contained HTML file (inline charts, sortable tables, the advice with its evidence, the import report; nothing loaded from the network) or Markdown. With --compare it is a regression report of PATH_B against PATH.</source>
        <translation>为 PATH 下的性能数据写出报告：一个自包含的 HTML 文件（内嵌图表、可排序的表格、建议及其依据、导入报告；不从网络加载任何内容）或 Markdown。使用 --compare 时为 PATH_B 相对于 PATH 的回归报告。</translation>
    </message>
    <message>
        <source>A second run to compare with PATH (the base).</source>
        <translation>要与 PATH（基准）比较的第二次运行。</translation>
    </message>
    <message>
        <source>Write to FILE instead of standard output; a .md name selects Markdown.</source>
        <translation>写入 FILE，而不是标准输出；以 .md 结尾的文件名选择 Markdown。</translation>
    </message>
    <message>
        <source>html (default) or md.</source>
        <translation>html（默认）或 md。</translation>
    </message>
    <message>
        <source>Only this step (e.g. 50); default: the average over the steps.</source>
        <translation>只统计此迭代（例如 50）；默认：各迭代平均。</translation>
    </message>
    <message>
        <source>JSON file of advice thresholds to override (as for export --what advice).</source>
        <translation>用于覆盖建议阈值的 JSON 文件（同 export --what advice）。</translation>
    </message>
    <message>
        <source>With --compare: exit with status 3 when the mean step time got worse by more than PCT percent.</source>
        <translation>配合 --compare：当平均迭代耗时变差超过 PCT% 时以状态 3 退出。</translation>
    </message>
    <message>
        <source>Rank folder, folder of ranks or cluster root.</source>
        <translation>rank 文件夹、包含多个 rank 的文件夹或集群根目录。</translation>
    </message>
    <message>
        <source>report: give one PATH and --format html|md (see --help)</source>
        <translation>report：请指定一个 PATH 和 --format html|md（参见 --help）</translation>
    </message>
    <message>
        <source>report: --fail-above takes a non-negative percentage and needs --compare</source>
        <translation>report：--fail-above 应为非负百分比，且需要 --compare</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>error: nothing could be loaded from %1</source>
        <translation>错误：无法从 %1 加载任何数据</translation>
    </message>
    <message>
        <source>report: the mean step time got worse by %1% (limit %2%)</source>
        <translation>report：平均迭代耗时变差了 %1%（上限 %2%）</translation>
    </message>
</context>
<context>
    <name>profscope::cli::Summarize</name>
    <message>
        <source>Computes a compact Profscope summary of every rank found under the paths (overview per step, operator statistics, communication and its matrix, memory curves, advice inputs; no timeline) and writes one *.profscope-summary.json per rank into OUT. Run it where the data is, on every host, and copy only OUT: Profscope opens a folder of summaries as a cluster.</source>
        <translation>为路径下找到的每个 rank 计算紧凑的 Profscope 摘要（逐迭代概览、算子统计、通信及其矩阵、内存曲线、建议所需的输入；不含时间线），并为每个 rank 在 OUT 中写入一个 *.profscope-summary.json。请在数据所在的每台主机上运行，只复制 OUT：Profscope 会把摘要文件夹作为集群打开。</translation>
    </message>
    <message>
        <source>Folder the summaries are written to (created when missing).</source>
        <translation>摘要写入的文件夹（不存在时创建）。</translation>
    </message>
    <message>
        <source>Ranks summarized at the same time (default: one per core).</source>
        <translation>同时汇总的 rank 数（默认：每个核一个）。</translation>
    </message>
    <message>
        <source>Rank folders, or folders holding them.</source>
        <translation>rank 文件夹，或包含它们的文件夹。</translation>
    </message>
    <message>
        <source>usage: profscope-cli summarize PATH... -o OUT [-j N]</source>
        <translation>用法：profscope-cli summarize PATH... -o OUT [-j N]</translation>
    </message>
    <message>
        <source>-j expects a positive whole number, not &quot;%1&quot;</source>
        <translation>-j 需要正整数，而不是“%1”</translation>
    </message>
    <message>
        <source>no rank folders found under %1</source>
        <translation>在 %1 下未找到 rank 文件夹</translation>
    </message>
    <message numerus="yes">
        <source>%1: nothing could be loaded (%n broken file(s))</source>
        <translation>
            <numerusform>%1：无法加载任何内容（%n 个损坏文件）</numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1: %2 -&gt; %3 (%4 from %5, %6 s)</source>
        <translation>rank %1：%2 -&gt; %3（%4，源数据 %5，%6 秒）</translation>
    </message>
    <message numerus="yes">
        <source>%n broken file(s) left out</source>
        <translation>
            <numerusform>略过 %n 个损坏文件</numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1: %2</source>
        <translation>rank %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n summary file(s) written to %1: %2 from %3 of profiler data, in %4 s</source>
        <translation>
            <numerusform>已向 %1 写入 %n 个摘要文件：%2，源自 %3 的 profiler 数据，用时 %4 秒</numerusform>
        </translation>
    </message>
</context>
</TS>
