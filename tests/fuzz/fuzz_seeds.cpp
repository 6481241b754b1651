// SPDX-License-Identifier: Apache-2.0
// Writes the seed corpus of every fuzz target: small valid files of every
// kind, made by the project itself (core/generate's synthetic cluster, and
// here the formats the generator does not write), never copied fixtures.
//
//   profscope_fuzz_seeds OUTDIR   -> OUTDIR/<target>/<seed>
//
// Each seed starts with the selector byte its target reads (fuzzsupport.h).
#include "generate/clustergenerator.h"
#include "load/discovery.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <sqlite3.h>

#include <cstdio>
#include <map>

using namespace profscope;

namespace {

QString g_outDir;
int g_written = 0;

void writeSeed(const char* target, const QString& name, unsigned selector, const QByteArray& payload)
{
    const QString dir = g_outDir + QLatin1Char('/') + QLatin1String(target);
    QDir().mkpath(dir);
    QFile file(dir + QLatin1Char('/') + name);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        std::fprintf(stderr, "fuzz_seeds: cannot write %s\n", qPrintable(file.fileName()));
        std::exit(1);
    }
    file.write(QByteArray(1, char(selector)) + payload);
    ++g_written;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The first rows of every table of a database as an SQL script, for
// fuzz_db's script mode: the schema and values of a real export, in a form
// whose mutations stay meaningful.
QByteArray dumpDatabase(const QString& path, int rowsPerTable)
{
    QByteArray script;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return script;
    }
    std::vector<std::pair<QByteArray, QByteArray>> tables;
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL", -1, &st, nullptr);
    while (st && sqlite3_step(st) == SQLITE_ROW)
        tables.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)),
                            reinterpret_cast<const char*>(sqlite3_column_text(st, 1)));
    sqlite3_finalize(st);
    for (const auto& [name, sql] : tables) {
        script += sql + ";\n";
        const QByteArray select = "SELECT * FROM \"" + name + "\" LIMIT " + QByteArray::number(rowsPerTable);
        if (sqlite3_prepare_v2(db, select.constData(), -1, &st, nullptr) != SQLITE_OK)
            continue;
        while (sqlite3_step(st) == SQLITE_ROW) {
            QByteArray values;
            for (int c = 0; c < sqlite3_column_count(st); ++c) {
                if (c)
                    values += ',';
                switch (sqlite3_column_type(st, c)) {
                case SQLITE_NULL:
                    values += "NULL";
                    break;
                case SQLITE_INTEGER:
                    values += QByteArray::number(sqlite3_column_int64(st, c));
                    break;
                case SQLITE_FLOAT:
                    values += QByteArray::number(sqlite3_column_double(st, c), 'g', 17);
                    break;
                default: {
                    QByteArray text(reinterpret_cast<const char*>(sqlite3_column_text(st, c)), sqlite3_column_bytes(st, c));
                    values += '\'' + text.replace('\'', "''") + '\'';
                }
                }
            }
            script += "INSERT INTO \"" + name + "\" VALUES(" + values + ");\n";
        }
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return script;
}

// The synthetic cluster, text and databases: trace, CSV, small JSON and DB seeds.
void generatedSeeds(const QTemporaryDir& tmp)
{
    GeneratorOptions options;
    options.ranks = 2;
    options.steps = 2;
    options.ops = 3;
    options.format = GeneratorOptions::Format::Both;
    const QString root = tmp.path() + QStringLiteral("/cluster");
    QString error;
    if (!generateCluster(root, options, &error)) {
        std::fprintf(stderr, "fuzz_seeds: generator failed: %s\n", qPrintable(error));
        std::exit(1);
    }
    // Selector of each kind in its target (the tables of fuzz_csv.cpp and fuzz_smalljson.cpp).
    const std::map<FileKind, std::pair<const char*, unsigned>> targets {
        { FileKind::KernelDetails, { "fuzz_csv", 0 } },        { FileKind::OpStatistic, { "fuzz_csv", 1 } },
        { FileKind::ApiStatistic, { "fuzz_csv", 2 } },         { FileKind::StepTraceTime, { "fuzz_csv", 3 } },
        { FileKind::MemoryRecord, { "fuzz_csv", 4 } },         { FileKind::NpuModuleMem, { "fuzz_csv", 5 } },
        { FileKind::OperatorMemory, { "fuzz_csv", 6 } },       { FileKind::OperatorDetails, { "fuzz_csv", 7 } },
        { FileKind::L2Cache, { "fuzz_csv", 8 } },              { FileKind::Communication, { "fuzz_smalljson", 0 } },
        { FileKind::CommunicationMatrix, { "fuzz_smalljson", 1 } }, { FileKind::ProfilerInfo, { "fuzz_smalljson", 2 } },
        { FileKind::ProfilerMetadata, { "fuzz_smalljson", 3 } },
    };
    int n = 0;
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString name = QFileInfo(path).fileName();
        const FileKind kind = classifyFile(name);
        const QString seed = QStringLiteral("gen%1-%2").arg(n++).arg(name);
        QByteArray bytes = readAll(path);
        if (kind == FileKind::TraceView) {
            // Trace seeds are cut to a few hundred events (still valid JSON
            // up to the cut: the truncated path) so that an execution stays fast.
            if (bytes.size() > 64 * 1024)
                bytes.truncate(64 * 1024);
            writeSeed("fuzz_trace", seed + QStringLiteral("-whole"), 0, bytes);
            writeSeed("fuzz_trace", seed + QStringLiteral("-chunks"), 1u | 8u | (12u << 4), bytes);
            writeSeed("fuzz_trace", seed + QStringLiteral("-threads"), 2u | 4u, bytes);
            writeSeed("fuzz_smalljson", seed + QStringLiteral("-legacy"), 8, bytes.left(8 * 1024));
        } else if (kind == FileKind::ProfilerMetadata) {
            writeSeed("fuzz_smalljson", seed, 3, bytes);
            writeSeed("fuzz_smalljson", seed + QStringLiteral("-object"), 4, bytes);
        } else if (auto t = targets.find(kind); t != targets.end()) {
            writeSeed(t->second.first, seed, t->second.second, bytes.left(32 * 1024));
        } else if (kind == FileKind::Database) {
            const unsigned nameIndex = name.startsWith(QLatin1String("analysis")) ? 3 : 0;
            writeSeed("fuzz_db", seed + QStringLiteral("-file"), nameIndex, bytes);
            writeSeed("fuzz_db", seed + QStringLiteral("-sql"), nameIndex | 8u, dumpDatabase(path, 4));
        }
    }
}

// msprof-analyze's cluster_analysis_output/ (not generated): text and DB.
void clusterOutputSeeds()
{
    const QByteArray op = R"J({"Communication Time Info": {"Start Timestamp(us)": 1736414119518476.125, "Elapse Time(ms)": 1.5, )J"
                          R"J("Transit Time(ms)": 0.5, "Wait Time(ms)": 1.0, "Synchronization Time(ms)": 0.25, "Idle Time(ms)": 0.0, )J"
                          R"J("Wait Time Ratio": 0.6667, "Synchronization Time Ratio": 0.3333}, "Communication Bandwidth Info": )J"
                          R"J({"HCCS": {"Transit Size(MB)": 8.0, "Transit Time(ms)": 0.5, "Bandwidth(GB/s)": 16.0, )J"
                          R"J("Large Packet Ratio": 1.0, "Size Distribution": {"4.0": [2, 0.5]}}}})J";
    writeSeed("fuzz_smalljson", QStringLiteral("cluster_communication"), 5,
              R"J({"(0, 1)": {"step1": {"hcom_allReduce__1_0_1@123": {"0": )J" + op + R"J(, "1": )J" + op
                  + R"J(}, "Total Op Info@123": {"0": )J" + op + "}}}}");
    const QByteArray link = R"J({"Transport Type": "HCCS", "Transit Size(MB)": 1.0, "Transit Time(ms)": 0.5, )J"
                            R"J("Bandwidth(GB/s)": 2.0, "Op Name": ""})J";
    writeSeed("fuzz_smalljson", QStringLiteral("cluster_communication_matrix"), 6,
              R"J({"(0, 1)": {"step1": {"allreduce-total@123": {"0-1": )J" + link + R"J(, "1-0": )J" + link + "}}}}");
    writeSeed("fuzz_smalljson", QStringLiteral("communication_group"), 7,
              R"J({"collective": [[0, 1]], "p2p": [[0, 1]], "comm_group_parallel_info": [)J"
              R"J({"type": "collective", "rank_set": [0, 1], "group_name": "123", "group_id": "10.0.0.1%eth0_60000_0_1", )J"
              R"J("pg_name": "dp"}, {"type": "p2p", "rank_set": [0, 1], "group_name": "456", "group_id": "", "pg_name": ""}]})J");
    // A Profscope summary with every section (the writer is not in the fuzz build).
    writeSeed("fuzz_smalljson", QStringLiteral("profscope_summary"), 9,
              R"J({"format":"profscope-summary","version":1,"generator":"profscope-cli 0.1.0","createdUtc":"2026-11-26T00:00:00Z",)J"
              R"J("computedOn":"node0","source":{"path":"/data/rank0_ascend_pt","layout":"ascend_pt"},)J"
              R"J("rank":{"rankId":0,"deviceId":0,"host":"node0","ppSize":2,"parallelGroups":[{"groupId":"g","groupName":"dp",)J"
              R"J("groupRank":0,"globalRanks":[0,1]}]},"stepsSource":"recomputed","steps":[{"step":"1","hostStartNs":1000,)J"
              R"J("hostEndNs":9000,"spanStartNs":1200,"spanEndNs":8800,"computeTasks":4,"communicationOps":1,"kernelTimeNs":5000,)J"
              R"J("valuesNs":{"Computing":5000,"Communication(Not Overlapped)":1000,"Overlapped":500,"Communication":1500,)J"
              R"J("Free":1600,"Stage":7600,"Bubble":0,"Communication(Not Overlapped and Exclude Receive)":1000,"Preparing":200}}],)J"
              R"J("operators":[{"opType":"MatMul","coreType":"AI_CORE","count":4,"totalNs":5000,"minNs":1000,"avgNs":1250,)J"
              R"J("maxNs":1500,"ratioPercent":100}],"communication":[{"step":"step1","p2p":false,"opName":"hcom_allReduce__1_0_1",)J"
              R"J("groupId":"123","startNs":6000,"elapseMs":0.0015,"transitMs":0.001,"waitMs":0.0005,"synchronizationMs":0,)J"
              R"J("idleMs":0,"waitRatio":0.33,"synchronizationRatio":0,"bandwidth":[{"transport":"HCCS","transitSizeMB":8,)J"
              R"J("transitTimeMs":0.5,"bandwidthGBps":16,"largePacketRatio":1,"sizeDistribution":[[4,2,0.5]]}]}],)J"
              R"J("communicationMatrix":[{"step":"step1","p2p":false,"opKey":"allreduce-total@123","groupId":"123","srcRank":0,)J"
              R"J("dstRank":1,"transport":"HCCS","transitSizeMB":1,"transitTimeMs":0.5,"bandwidthGBps":2,"opName":""}],)J"
              R"J("memory":{"records":[{"component":"PTA","deviceType":"NPU:0","tsNs":[1000,2000],"allocatedMB":[1.5,null],)J"
              R"J("reservedMB":[2,4],"activeMB":[null,null]}],"modules":[{"component":"HCCL","device":"NPU:0","tsNs":[1000],)J"
              R"J("reservedMB":[3]}]},"advice":{"launchGapUs":20,"launchTasks":4,"launchPrompt":3,"launchStarved":1}})J");
    writeSeed("fuzz_csv", QStringLiteral("cluster_step_trace_time"), 9,
              "Step,Type,Index,Computing,Communication(Not Overlapped),Overlapped,Communication,Free,Stage,Bubble,"
              "Communication(Not Overlapped and Exclude Receive),Preparing,DP Index,PP Index,TP Index\n"
              "1,rank,0,1000.5,200.25,5,205.25,10,0,0,200.25,0,0,0,0\n"
              "1,rank,1,1001.5,200.25,5,205.25,11,0,0,200.25,0,0,0,1\n"
              "1,stage,\"(0, 1)\",1001.5,200.25,5,205.25,11,0,0,200.25,0,NA,NA,NA\n");
    writeSeed("fuzz_db", QStringLiteral("cluster_analysis-sql"), 5 | 8,
              "CREATE TABLE ClusterStepTraceTime (step TEXT, type TEXT, \"index\" TEXT, computing REAL, "
              "communication_not_overlapped REAL, overlapped REAL, communication REAL, free REAL, stage REAL, bubble REAL, "
              "communication_not_overlapped_and_exclude_receive REAL, preparing REAL, dp_index INTEGER, pp_index INTEGER, "
              "tp_index INTEGER);\n"
              "INSERT INTO ClusterStepTraceTime VALUES ('1', 'rank', '0', 1000.5, 200.25, 5, 205.25, 10, 0, 0, 200.25, 0, 0, 0, 0);\n"
              "INSERT INTO ClusterStepTraceTime VALUES ('1', 'stage', '(0,1)', 1001.5, 200.25, 5, 205.25, 11, 0, 0, 200.25, 0, NULL, NULL, NULL);\n"
              "CREATE TABLE CommunicationGroupMapping (type TEXT, rank_set TEXT, group_name TEXT, group_id TEXT, pg_name TEXT);\n"
              "INSERT INTO CommunicationGroupMapping VALUES ('collective', '(0,1)', '123', '10.0.0.1%eth0_60000_0_1', 'dp');\n"
              "CREATE TABLE ClusterCommunicationTime (step TEXT, rank_id INTEGER, hccl_op_name TEXT, group_name TEXT, "
              "start_timestamp REAL, elapsed_time REAL, transit_time REAL, wait_time REAL, synchronization_time REAL, "
              "idle_time REAL, synchronization_time_ratio REAL, wait_time_ratio REAL);\n"
              "INSERT INTO ClusterCommunicationTime VALUES ('step1', 0, 'hcom_allReduce__1_0_1', '123', 1736414119518476, 1.5, 0.5, 1.0, 0.25, 0, 0, 0);\n"
              "CREATE TABLE ClusterCommunicationBandwidth (step TEXT, rank_id INTEGER, hccl_op_name TEXT, group_name TEXT, "
              "band_type TEXT, transit_size REAL, transit_time REAL, bandwidth REAL, large_packet_ratio REAL, package_size REAL, "
              "count REAL, total_duration REAL);\n"
              "INSERT INTO ClusterCommunicationBandwidth VALUES ('step1', 0, 'hcom_allReduce__1_0_1', '123', 'HCCS', 8, 0.5, 16, 1, 4, 2, 0.5);\n"
              "CREATE TABLE ClusterCommunicationMatrix (step TEXT, hccl_op_name TEXT, group_name TEXT, src_rank INTEGER, "
              "dst_rank INTEGER, transport_type TEXT, transit_size REAL, transit_time REAL, bandwidth REAL, op_name TEXT);\n"
              "INSERT INTO ClusterCommunicationMatrix VALUES ('step1', 'allreduce-total', '123', 0, 1, 'HCCS', 1, 0.5, 2, '');\n");
}

// The CSV kinds the generator does not write (selectors of fuzz_csv.cpp).
void csvSeeds()
{
    writeSeed("fuzz_csv", QStringLiteral("api_statistic"), 2,
              "Device_id,Level,API Name,Time(us),Count,Avg(us),Min(us),Max(us),Variance\n"
              "0,node,aclnnMatmul,120.5,3,40.166,30.1,50.2,3.5\n0,runtime,launch,10,10,1,1,1,0\n");
    writeSeed("fuzz_csv", QStringLiteral("npu_module_mem"), 5,
              "Device_id,Component,Timestamp(us),Total Reserved(MB),Device\n"
              "0,SLOG,1736408883732241.500,2.5,NPU:0\n0,APP,1736408883732250.000,1024.0,NPU:0\n");
    writeSeed("fuzz_csv", QStringLiteral("operator_memory"), 6,
              "Name,Size(KB),Allocation Time(us),Release Time(us),Active Release Time(us),Duration(us),"
              "Active Duration(us),Allocation Total Allocated(MB),Allocation Total Reserved(MB),"
              "Allocation Total Active(MB),Release Total Allocated(MB),Release Total Reserved(MB),"
              "Release Total Active(MB),Stream Ptr,Device Type\n"
              "aten::empty,1024.0,1736408883732241.500,1736408883732300.250,,58.75,,10.0,20.0,10.0,9.0,20.0,9.0,"
              "187650,NPU:0\n");
    writeSeed("fuzz_csv", QStringLiteral("operator_details"), 7,
              "Name,Input Shapes,Call Stack,Host Self Duration(us),Host Total Duration(us),Device Self Duration(us),"
              "Device Total Duration(us),Device Self Duration With AICore(us),Device Total Duration With AICore(us)\n"
              "aten::matmul,\"[[2, 3], [3, 4]]\",\"a.py(1): f;\nb.py(2): g\",10.5,20.25,5,6,4,5\n");
    writeSeed("fuzz_csv", QStringLiteral("l2_cache"), 8,
              "Stream Id,Task Id,Hit Rate,Victim Rate,Op Name\n2,10,0.875,0.01,MatMul\n2,11,N/A,N/A,Add\n");
}

// The MindInsight profiler/ files (selectors of fuzz_legacy.cpp).
QByteArray legacyStepTrace()
{
    return "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,tail,"
           "stream_10_0_parallel_start_point,stream_10_0_parallel_end_point,stream_10_0_Default/AllReduce-op1\n"
           "1,1000000,1200000,200000,1010000,1150000,10000,140000,50000,1100000,1120000,20000\n"
           "2,1200000,1400000,200000,1210000,1350000,10000,140000,50000,1300000,1320000,20000\n"
           "-,-,-,200000,-,-,10000,140000,50000,-,-,20000\n";
}

// parallel_strategy_{rank}.json: config, an op with in_strategy and one with
// gen_strategy, nested tuples, a tuple output type, a parameter and a const.
QByteArray parallelStrategySeed()
{
    return R"J({"config": {"rankId": 1, "stageId": 0, "parallelType": "semi_auto_parallel", )J"
           R"J("stageDevices": [{"dim": [{}, {"size": "1"}]}]}, "graph": {"node": [)J"
           R"J({"name": "1", "opType": "GetNext", "scope": "Default", "fullName": "Default/GetNext-op1", )J"
           R"J("attribute": [{"name": "shapes", "value": {"dtype": "DT_TUPLE", "values": [{"dtype": "DT_TUPLE", )J"
           R"J("values": [{"dtype": "DT_INT64", "intVal": "32"}]}]}}], "outputType": {"dataType": "DT_TUPLE", )J"
           R"J("sequenceType": {"elemTypes": [{"dataType": "DT_TENSOR", "tensorType": {"elemType": "DT_FLOAT32", )J"
           R"J("shape": {"dim": [{"size": "32"}]}}}]}}}, )J"
           R"J({"name": "2", "opType": "MatMul", "scope": "Default/net", "fullName": "Default/net/MatMul-op2", )J"
           R"J("instanceName": "grad_mirror", "input": [{"name": "1"}, {"name": "w"}, {"name": "c"}], "attribute": [)J"
           R"J({"name": "in_strategy", "value": {"dtype": "DT_TUPLE", "values": [{"dtype": "DT_TUPLE", "values": [)J"
           R"J({"dtype": "DT_INT64", "intVal": "2"}, {"dtype": "DT_INT64", "intVal": "1"}]}]}}, )J"
           R"J({"name": "gen_strategy", "value": {"dtype": "DT_LIST", "values": []}}, )J"
           R"J({"name": "group", "value": {"dtype": "DT_STRING", "strVal": "hccl_world_group"}}, )J"
           R"J({"name": "flag", "value": {"dtype": "DT_BOOL", "boolVal": true}}]}], )J"
           R"J("parameters": [{"name": "w", "type": {"dataType": "DT_TENSOR", "tensorType": {"elemType": "DT_FLOAT16"}}}], )J"
           R"J("constVals": [{"key": "c", "value": {"dtype": "DT_FLOAT32", "floatVal": 0.5}}]}})J";
}

void legacySeeds()
{
    writeSeed("fuzz_legacy", QStringLiteral("step_trace_raw"), 0, legacyStepTrace());
    writeSeed("fuzz_legacy", QStringLiteral("framework_raw"), 1,
              "task_id,stream_id,block_dim,full_op_name,op_name,op_type,subgraph,op_info\n"
              "1,10,32,Default/network/Conv2D-op1,Conv2D-op1,Conv2D,Default,\"{\"\"input_0\"\": {\"\"format\"\": \"\"NCHW\"\", "
              "\"\"data_type\"\": \"\"NUMBER_TYPE_FLOAT16\"\", \"\"shape\"\": \"\"32,3,224,224\"\"}}\"\n"
              "2,10,16,Default/network/ReLU-op2,ReLU-op2,ReLU,Default,{}\n");
    writeSeed("fuzz_legacy", QStringLiteral("aicore_detail"), 2,
              "full_kernel_name,execution_time,execution_frequency\nDefault/network/Conv2D-op1,0.125,2\n"
              "Default/network/ReLU-op2,0.0125,2\n");
    writeSeed("fuzz_legacy", QStringLiteral("aicore_type"), 3,
              "kernel_type,total_time,execution_frequency,percent\nConv2D,0.25,2,90.9\nReLU,0.025,2,9.1\n");
    writeSeed("fuzz_legacy", QStringLiteral("aicpu"), 4,
              "serial_number,node_type_name,total_time(ms),dispatch_time(ms),execution_time(ms),run_start,run_end\n"
              "1,GetNext,0.5,0.1,0.4,1000,1500\n");
    writeSeed("fuzz_legacy", QStringLiteral("aicpu_op_type"), 4,
              "op_type,total_time,execution_frequency\nGetNext,0.5,1\n");
    writeSeed("fuzz_legacy", QStringLiteral("hccl_raw"), 5,
              "step_num,communication_cost,wait_cost,link_info,communication_operator_cost\n"
              "1,1.5,0.5,\"{'0-1': ['HCCS', 1.0, 0.5, 2.0]}\",\"[['hcom_allReduce_1', 1.5]]\"\n");
    writeSeed("fuzz_legacy", QStringLiteral("minddata_pipeline"), 6,
              "op_id,op_type,num_workers,output_queue_size,output_queue_average_size,output_queue_length,"
              "output_queue_usage_rate,sample_interval,parent_id,children_id\n"
              "0,Batch,4,\"[10, 12]\",11.0,64,0.17,10,-1,[1]\n1,Map,8,,,,,10,0,[]\n");
    // The step trace's companions, the op compute time reports, the AI CPU
    // preprocess file and output_timeline_data (selectors 11..17).
    writeSeed("fuzz_legacy", QStringLiteral("min_cycle_counter"), 11, "43806841592.0");
    writeSeed("fuzz_legacy", QStringLiteral("step_trace_point_info"), 12,
              "{\"fp_start\": \"Default/Cast-op6\", \"bp_end\": \"Default/TransData-op7\"}");
    writeSeed("fuzz_legacy", QStringLiteral("timeline_summary"), 13,
              "{\"total_time\": 1771382.849999995, \"num_of_streams\": 11, \"num_of_ops\": 199, \"op_exe_times\": 2817}");
    writeSeed("fuzz_legacy", QStringLiteral("op_compute_time"), 14,
              "====================op compute time====================\n"
              "op_name       compute_time(ms) stream_id\n------------  ---------------  ---------\n"
              "Default/AssignAdd-op414 0.001688  519\nDefault/network/Mul-op29 0.0012020000000000002  519\n"
              "total op  0.00289 0\n");
    writeSeed("fuzz_legacy", QStringLiteral("op_compute_time_detail"), 15,
              "====================op compute time====================\n"
              "optype_name compute_time(ms, per-step) called_times(per-step) percent\n"
              "AssignAdd 0.00492 3 0.02\nMul 0.0012 1 0.01\n\nDetail:\n"
              "op_name op_type avg_execution_time subgraph full_op_name\n"
              "AssignAdd-op142 AssignAdd 0.00219 Default Default/AssignAdd-op142\n"
              "Mul-op29 Mul 0.0012 Default\n");
    writeSeed("fuzz_legacy", QStringLiteral("data_preprocess_aicpu"), 16,
              "serial_number node_type_name total_time(ms) dispatch_time(ms) run_start run_end\n"
              "1 InitData 7.906 0.15 154901853050 154901853210\n2 GetNext 0.888 0.132 154907895189 154907895707\n"
              "AI CPU Total Time(ms): 8.794000\n");
    writeSeed("fuzz_legacy", QStringLiteral("output_timeline_data"), 17,
              "op_name, stream_id, start_time(ms), duration(ms)\n"
              "Default/AssignAdd-op414,519,0.00001,0.00266\nDefault/network/Mul-op29,520,0.0003,0.00215\n");
    writeSeed("fuzz_legacy", QStringLiteral("parallel_strategy"), 18, parallelStrategySeed());
}

// Folder trees for fuzz_discovery (its record format: "@D dir", "@F file"
// then the content, "@L link -> target", "@P fifo", "@U unreadable file").
void discoverySeeds()
{
    // A legacy cluster root: hccl.json, host_ips_mapping.txt, cluster_profiler/{host}/profiler/.
    const QByteArray profiler = "@D cluster_profiler/host0/profiler\n";
    writeSeed("fuzz_discovery", QStringLiteral("legacy_cluster"), 0,
              "@D \n@F hccl.json\n"
              R"J({"server_count": "1", "server_list": [{"server_id": "10.0.0.1", "device": [)J"
              R"J({"device_id": "0", "device_ip": "192.168.0.1", "rank_id": "0"}, )J"
              R"J({"device_id": "1", "device_ip": "192.168.0.2", "rank_id": "1"}]}], "status": "completed", "version": "1.0"})J"
              "\n@F host_ips_mapping.txt\n10.0.0.1 host0\n"
              + profiler + "@F cluster_profiler/host0/profiler/step_trace_raw_0_detail_time.csv\n" + legacyStepTrace()
              + "@F cluster_profiler/host0/profiler/step_trace_raw_1_detail_time.csv\n" + legacyStepTrace()
              + "@F cluster_profiler/host0/profiler/aicore_intermediate_1_type.csv\nkernel_type,total_time\nConv2D,0.25\n");
    // A rank folder of the new layout, a loop and things that are not files.
    writeSeed("fuzz_discovery", QStringLiteral("rank_folder"), 0,
              "@D \n@D node0_1_20250101_ascend_ms/ASCEND_PROFILER_OUTPUT\n"
              "@F node0_1_20250101_ascend_ms/profiler_info_0.json\n"
              R"J({"config": {"common_config": {"activities": ["ProfilerActivity.CPU", "ProfilerActivity.NPU"]}}, )J"
              R"J("rank_id": 0, "start_info": {"syscnt_enable": true}, "end_info": {"collectionTimeEnd": "1736408884023552840"}})J"
              "\n@F node0_1_20250101_ascend_ms/ASCEND_PROFILER_OUTPUT/trace_view.json\n"
              R"J([{"ph": "X", "name": "MatMul", "pid": 1, "tid": 2, "ts": "1736408883732241.500", "dur": 12.25}, )J"
              R"J({"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "Ascend Hardware"}}])J"
              "\n@F node0_1_20250101_ascend_ms/ASCEND_PROFILER_OUTPUT/step_trace_time.csv\n"
              "Step,Computing,Communication(Not Overlapped),Overlapped,Communication,Free,Stage,Bubble,"
              "Communication(Not Overlapped and Exclude Receive),Preparing\n1,100,20,5,25,3,0,0,20,0\n"
              "@L node0_1_20250101_ascend_ms/loop -> node0_1_20250101_ascend_ms\n"
              "@P node0_1_20250101_ascend_ms/ASCEND_PROFILER_OUTPUT/kernel_details.csv\n"
              "@U node0_1_20250101_ascend_ms/ASCEND_PROFILER_OUTPUT/op_statistic.csv\n"
              "@D node0_1_20250101_ascend_ms/ASCEND_PROFILER_OUTPUT/communication.json\n");
    writeSeed("fuzz_discovery", QStringLiteral("fifo_given"), 0, "@P trace_view.json\n");
    // Strategy files routed by the rank inside (the head is read by discovery).
    writeSeed("fuzz_discovery", QStringLiteral("parallel_strategy"), 0,
              "@D \n@D profiler\n@F profiler/parallel_strategy_0.json\n" + parallelStrategySeed()
                  + "\n@F profiler/parallel_strategy_1.json\n{\"config\": {}, \"graph\": {}}\n");
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: profscope_fuzz_seeds OUTDIR\n");
        return 2;
    }
    g_outDir = QFile::decodeName(argv[1]);
    QTemporaryDir tmp;
    if (!tmp.isValid()) {
        std::fprintf(stderr, "fuzz_seeds: no temporary folder\n");
        return 1;
    }
    generatedSeeds(tmp);
    clusterOutputSeeds();
    csvSeeds();
    legacySeeds();
    discoverySeeds();
    std::printf("fuzz_seeds: %d seeds in %s\n", g_written, qPrintable(g_outDir));
    return 0;
}
