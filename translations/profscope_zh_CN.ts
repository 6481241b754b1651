<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
        <source>verification failed: only database exports, which this version cannot read</source>
        <translation>校验失败：只有数据库导出文件，当前版本无法读取</translation>
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
        <source>no profiler data found under %1: expected *_ascend_ms / *_ascend_pt folders, ASCEND_PROFILER_OUTPUT, a MindInsight profiler/ folder or PROF_*/device_N</source>
        <translation>%1 下未找到性能数据：应包含 *_ascend_ms / *_ascend_pt 文件夹、ASCEND_PROFILER_OUTPUT、MindInsight 的 profiler/ 文件夹或 PROF_*/device_N</translation>
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
        <source>--ranks must be between 1 and 4096</source>
        <translation>--ranks 必须在 1 到 4096 之间</translation>
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
</context>
<context>
    <name>profscope::LoadController</name>
    <message>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
</context>
<context>
    <name>profscope::Main</name>
    <message>
        <source>Profscope: a native viewer for MindSpore and Ascend PyTorch profiler output.</source>
        <translation>Profscope：MindSpore 与 Ascend PyTorch 性能数据的原生查看器。</translation>
    </message>
    <message>
        <source>Wait until loading has finished, save a PNG of the main window (or of the import report with --report) to FILE, and quit.</source>
        <translation>等待加载完成，将主窗口（配合 --report 时为导入报告）保存为 PNG 文件 FILE，然后退出。</translation>
    </message>
    <message>
        <source>Open the import report after loading.</source>
        <translation>加载完成后打开导入报告。</translation>
    </message>
    <message>
        <source>Profile folders to open: a rank folder, a folder of ranks or a cluster root.</source>
        <translation>要打开的性能数据文件夹：单个 rank 文件夹、包含多个 rank 的文件夹或集群根目录。</translation>
    </message>
    <message>
        <source>profscope: could not write %1</source>
        <translation>profscope：无法写入 %1</translation>
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
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Open a profile folder to see its hosts and ranks here.</source>
        <translation>打开性能数据文件夹后，这里会显示其主机和 rank。</translation>
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
        <source>Licensed under the Apache License, Version 2.0.</source>
        <translation>采用 Apache License 2.0 许可。</translation>
    </message>
</context>
<context>
    <name>profscope::Overview</name>
    <message>
        <source>no timeline (trace_view.json) was loaded for this rank</source>
        <translation>该 rank 未加载时间线（trace_view.json）</translation>
    </message>
    <message>
        <source>the timeline has no device compute or communication tasks (Ascend Hardware / HCCL)</source>
        <translation>时间线中没有设备上的计算或通信任务（Ascend Hardware / HCCL）</translation>
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
        <source>SQLite export: this rank has only database files, which this version of Profscope cannot read yet (export with export_type &quot;text&quot; to open it now)</source>
        <translation>SQLite 导出：该 rank 只有数据库文件，当前版本的 Profscope 尚不能读取（如需现在打开，请使用 export_type &quot;text&quot; 导出）</translation>
    </message>
    <message>
        <source>SQLite export: not read; the text files of this rank are used instead</source>
        <translation>SQLite 导出：未读取；改用该 rank 的文本文件</translation>
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
        <source>Only SQLite exports (.db) were found; this version cannot read them yet.</source>
        <translation>只找到 SQLite 导出文件（.db），当前版本尚不能读取。</translation>
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
        <source>Only database exports were found; their contents are not read yet.</source>
        <translation>只找到数据库导出文件，其内容尚未读取。</translation>
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
        <source>or drop a folder onto this window  ·  %1</source>
        <translation>或将文件夹拖放到此窗口  ·  %1</translation>
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
        <source>Copy only the small files: step_trace_time, communication*, op_statistic, api_statistic, profiler_info*, profiler_metadata, step_trace_raw_*, hccl_raw_* (no traces, no databases, no raw PROF_* data).</source>
        <translation>只复制小文件：step_trace_time、communication*、op_statistic、api_statistic、profiler_info*、profiler_metadata、step_trace_raw_*、hccl_raw_*（不含 trace、数据库和 PROF_* 原始数据）。</translation>
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
</context>
<context>
    <name>profscope::cli::Export</name>
    <message>
        <source>Writes an analysis of the profile under PATH as CSV or JSON.</source>
        <translation>将 PATH 下性能数据的分析结果写为 CSV 或 JSON。</translation>
    </message>
    <message>
        <source>What to export: overview (per rank and step: computing, communication, overlap, free, preparing, bubble, stage) or overview-check (each overview value against the profiler&apos;s step_trace_time.csv).</source>
        <translation>要导出的内容：overview（按 rank 和迭代统计 computing、communication、overlap、free、preparing、bubble、stage）或 overview-check（将每个 overview 值与 profiler 的 step_trace_time.csv 对照）。</translation>
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
        <source>export: give a PATH, --what overview|overview-check and --format csv|json (see --help)</source>
        <translation>export：请指定 PATH、--what overview|overview-check 和 --format csv|json（参见 --help）</translation>
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
</context>
<context>
    <name>profscope::cli::Generate</name>
    <message>
        <source>--%1 expects a whole number, not &quot;%2&quot;</source>
        <translation>--%1 应为整数，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>Writes a synthetic MindSpore-style data-parallel cluster (one *_ascend_ms folder per rank, 8 ranks per host) for demos and tests. The same seed gives the same files.</source>
        <translation>写入一个 MindSpore 风格的合成数据并行集群（每个 rank 一个 *_ascend_ms 文件夹，每台主机 8 个 rank），用于演示和测试。相同的随机种子生成相同的文件。</translation>
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
        <source>This rank&apos;s host launches late; its device idles.</source>
        <translation>该 rank 的主机下发滞后；其设备处于空闲。</translation>
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
</context>
<context>
    <name>profscope::cli::Main</name>
    <message>
        <source>unknown command &quot;%1&quot;</source>
        <translation>未知命令 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Usage: profscope-cli COMMAND [options]

Commands:
  inspect PATH... [--json]   list the ranks and files found, with counts and the import report
  collect --hosts FILE --remote-path PATTERN [--from DIR]... OUT_DIR
                             copy the rank folders of a multi-host job into one folder (ssh)
  export PATH --what WHAT    write an analysis as CSV or JSON (overview, overview-check)
  generate OUT --ranks N --steps S --ops K [--seed X] [--slow-rank R] [--slow-link A-B] [--host-bound-rank R]
                             write a synthetic MindSpore-style demo cluster
  compare PATH_A PATH_B      compare the ops of two ranks or runs (sequence-aligned deltas)

Options:
  -h, --help                 this help; COMMAND --help for a command&apos;s options
  -v, --version              the version
</source>
        <translation>用法：profscope-cli COMMAND [选项]

命令：
  inspect PATH... [--json]   列出找到的 rank 和文件，附带计数和导入报告
  collect --hosts FILE --remote-path PATTERN [--from DIR]... OUT_DIR
                             将多主机作业的 rank 文件夹复制到一个文件夹中（ssh）
  export PATH --what WHAT    将分析结果写为 CSV 或 JSON（overview、overview-check）
  generate OUT --ranks N --steps S --ops K [--seed X] [--slow-rank R] [--slow-link A-B] [--host-bound-rank R]
                             写入一个 MindSpore 风格的合成演示集群
  compare PATH_A PATH_B      比较两个 rank 或两次运行的算子（序列比对后的差值）

选项：
  -h, --help                 显示此帮助；COMMAND --help 显示该命令的选项
  -v, --version              显示版本
</translation>
    </message>
</context>
<context>
    <name>profscope::cli::Output</name>
    <message>
        <source>error: cannot write %1: %2</source>
        <translation>错误：无法写入 %1：%2</translation>
    </message>
</context>
</TS>
