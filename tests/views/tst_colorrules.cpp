// SPDX-License-Identifier: Apache-2.0
// Colour rules of the timeline: the first enabled rule that matches a slice
// (name regex or family) gives its colour; bad rules and bad JSON are
// refused with a message; rules survive a restart (QSettings) and a JSON
// round trip; the renderer draws a matching slice in the rule's colour and
// runs each regex once per interned name, again only after the rules change.
#include "common/settingswriter.h"
#include "common/export.h"
#include "common/viewstate.h"
#include "load/profileloader.h"
#include "testsupport.h"
#include "timeline/colorrules.h"
#include "timeline/colorrulesdialog.h"
#include "timeline/timelinelegend.h"
#include "timeline/timelinepage.h"
#include "timeline/timelinewidget.h"
#include "viewtestsupport.h"

#include <QDir>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace profscope;

Q_DECLARE_METATYPE(std::vector<profscope::ColorRule>)

namespace {

ColorRule regex(const QString& pattern, QRgb color, bool enabled = true)
{
    return { ColorRule::Kind::Regex, pattern, QColor::fromRgb(color), enabled };
}

ColorRule category(const QString& key, QRgb color, bool enabled = true)
{
    return { ColorRule::Kind::Category, key, QColor::fromRgb(color), enabled };
}

// One host thread (pid 1) with three slices side by side, each 100 µs:
// MatMulV2 at 0, hcom_allReduce_1 at 100, Cast at 200 (µs from the first).
QString writeSmallTrace(const QTemporaryDir& dir)
{
    return test::writeFile(dir, QStringLiteral("r_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"),
        R"([{"ph": "M", "name": "process_name", "pid": 1, "tid": 0, "args": {"name": "Worker"}},
            {"ph": "M", "name": "thread_name", "pid": 1, "tid": 7, "args": {"name": "Thread 7"}},
            {"ph": "X", "name": "MatMulV2", "pid": 1, "tid": 7, "ts": "1000.000", "dur": 100},
            {"ph": "X", "name": "hcom_allReduce_1", "pid": 1, "tid": 7, "ts": "1100.000", "dur": 100},
            {"ph": "X", "name": "Cast", "pid": 1, "tid": 7, "ts": "1200.000", "dur": 100}])");
}

QImage frame(QWidget& w)
{
    QImage image(w.size(), QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    w.render(&p);
    return image;
}

} // namespace

class TestColorRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void matching_data();
    void matching();
    void invalidRulesRefused();
    void jsonRoundTrip();
    void malformedJson_data();
    void malformedJson();
    void settingsRestored();
    void rendererDrawsRuleColour();
    void dialogEdits();
    void dialogImportExport();
    void legendShowsRules();
    void screenshots();
};

void TestColorRules::initTestCase()
{
    QVERIFY(test::isolateUserLocations(QStringLiteral("tst_colorrules")));
    flushSettings(); // no queued write lands after the clear
    QSettings().clear();
}

void TestColorRules::matching_data()
{
    QTest::addColumn<std::vector<ColorRule>>("rules");
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("family");
    QTest::addColumn<int>("expected"); // rule index, -1: none

    const int compute = int(SliceClass::Compute);
    const int comm = int(SliceClass::Communication);
    const std::vector<ColorRule> two = { regex(QStringLiteral("MatMul"), 0xff0000),
        regex(QStringLiteral("Mat"), 0x00ff00) };
    QTest::newRow("first wins") << two << QStringLiteral("MatMulV2") << compute << 0;
    QTest::newRow("second when first fails") << two << QStringLiteral("MatAdd") << compute << 1;
    QTest::newRow("none") << two << QStringLiteral("Cast") << compute << -1;
    QTest::newRow("case-insensitive") << two << QStringLiteral("aclnnMATMUL") << compute << 0;
    QTest::newRow("disabled skipped") << std::vector<ColorRule> { regex(QStringLiteral("MatMul"), 0xff0000, false),
        regex(QStringLiteral("Mat"), 0x00ff00) }
                                      << QStringLiteral("MatMulV2") << compute << 1;
    QTest::newRow("anchored") << std::vector<ColorRule> { regex(QStringLiteral("^Add$"), 0xff0000) }
                              << QStringLiteral("Addmm") << compute << -1;
    QTest::newRow("anchored hit") << std::vector<ColorRule> { regex(QStringLiteral("^Add$"), 0xff0000) }
                                  << QStringLiteral("add") << compute << 0;
    const std::vector<ColorRule> catFirst = { category(QStringLiteral("communication"), 0x0000ff),
        regex(QStringLiteral("hcom"), 0xff0000) };
    QTest::newRow("category before regex") << catFirst << QStringLiteral("hcom_allReduce") << comm << 0;
    QTest::newRow("regex when category differs") << catFirst << QStringLiteral("hcom_allReduce") << compute << 1;
    const std::vector<ColorRule> regexFirst = { regex(QStringLiteral("hcom"), 0xff0000),
        category(QStringLiteral("communication"), 0x0000ff) };
    QTest::newRow("regex before category") << regexFirst << QStringLiteral("hcom_allReduce") << comm << 0;
    QTest::newRow("category after regex") << regexFirst << QStringLiteral("Notify_Wait") << comm << 1;
    QTest::newRow("category disabled") << std::vector<ColorRule> { category(
        QStringLiteral("compute"), 0x0000ff, false) }
                                       << QStringLiteral("Cast") << compute << -1;
    QTest::newRow("two categories") << std::vector<ColorRule> { category(QStringLiteral("host"), 0x0000ff),
        category(QStringLiteral("compute"), 0x00ff00) }
                                    << QStringLiteral("Cast") << compute << 1;
    QTest::newRow("utf-8 name") << std::vector<ColorRule> { regex(QStringLiteral("µs"), 0x0000ff) }
                                << QStringLiteral("wait µs") << compute << 0;
}

void TestColorRules::matching()
{
    QFETCH(std::vector<ColorRule>, rules);
    QFETCH(QString, name);
    QFETCH(int, family);
    QFETCH(int, expected);
    ColorRules r;
    QString error;
    QVERIFY2(r.setRules(rules, &error), qPrintable(error));
    const QByteArray utf8 = name.toUtf8();
    QCOMPARE(r.match(std::string_view(utf8.constData(), std::size_t(utf8.size())), SliceClass(family)), expected);
    if (expected >= 0)
        QCOMPARE(r.colorOf(expected), rules[std::size_t(expected)].color.rgb());
}

void TestColorRules::invalidRulesRefused()
{
    QVERIFY(ColorRules::problem(regex(QStringLiteral("MatMul"), 0xff0000)).isEmpty());
    QVERIFY(
        ColorRules::problem(regex(QStringLiteral("MatMul("), 0xff0000)).contains(QStringLiteral("regular expression")));
    QVERIFY(ColorRules::problem(regex(QString(), 0xff0000)).contains(QStringLiteral("empty")));
    // Patterns that match an empty name would silently colour every slice.
    QVERIFY(ColorRules::problem(regex(QStringLiteral("MatMul|"), 0xff0000)).contains(QStringLiteral("every name")));
    QVERIFY(ColorRules::problem(regex(QStringLiteral("x*"), 0xff0000)).contains(QStringLiteral("every name")));
    QVERIFY(ColorRules::problem(category(QStringLiteral("gpu"), 0xff0000)).contains(QStringLiteral("gpu")));
    QVERIFY(ColorRules::problem(category(QStringLiteral("counter"), 0xff0000)).contains(QStringLiteral("counter")));
    ColorRule noColour = regex(QStringLiteral("a"), 0);
    noColour.color = QColor();
    QVERIFY(!ColorRules::problem(noColour).isEmpty());

    ColorRules r;
    QVERIFY(r.setRules({ regex(QStringLiteral("MatMul"), 0xff0000) }));
    const std::uint64_t generation = r.generation();
    QString error;
    QVERIFY(!r.setRules({ regex(QStringLiteral("Cast"), 0x00ff00), regex(QStringLiteral("[a-"), 0x0000ff) }, &error));
    QVERIFY2(error.startsWith(QStringLiteral("Rule 2: ")), qPrintable(error));
    // The old rules stay, untouched.
    QCOMPARE(r.rules().size(), std::size_t(1));
    QCOMPARE(r.rules()[0].pattern, QStringLiteral("MatMul"));
    QCOMPARE(r.generation(), generation);
    QCOMPARE(r.match("Cast", SliceClass::Compute), -1);
}

void TestColorRules::jsonRoundTrip()
{
    const std::vector<ColorRule> rules = { regex(QStringLiteral("^MatMul|Conv2D$"), 0x123456),
        category(QStringLiteral("communication"), 0xabcdef, false),
        regex(QStringLiteral("\"quoted\" \\d+"), 0x00ff00) };
    const QByteArray json = ColorRules::toJson(rules);
    // The file as another program reads it.
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    QCOMPARE(root.value(QStringLiteral("version")).toInt(), 1);
    QCOMPARE(root.value(QStringLiteral("format")).toString(), QStringLiteral("profscope-color-rules"));
    const QJsonArray list = root.value(QStringLiteral("rules")).toArray();
    QCOMPARE(list.size(), 3);
    QCOMPARE(list[0].toObject().value(QStringLiteral("color")).toString(), QStringLiteral("#123456"));
    QCOMPARE(list[0].toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("regex"));
    QCOMPARE(list[1].toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("category"));
    QCOMPARE(list[1].toObject().value(QStringLiteral("pattern")).toString(), QStringLiteral("communication"));
    QCOMPARE(list[1].toObject().value(QStringLiteral("enabled")).toBool(true), false);
    std::vector<ColorRule> back;
    QString error;
    QVERIFY2(ColorRules::fromJson(json, &back, &error), qPrintable(error));
    QVERIFY(back == rules);
    // "enabled" may be left out (on); "format" too (hand-written files).
    QVERIFY(ColorRules::fromJson(
        R"({"version": 1, "rules": [{"kind": "regex", "pattern": "Cast", "color": "#FF0000"}]})", &back, &error));
    QCOMPARE(back.size(), std::size_t(1));
    QVERIFY(back[0].enabled);
    QCOMPARE(back[0].color, QColor(255, 0, 0));
    QVERIFY(ColorRules::fromJson(R"({"version": 1, "rules": []})", &back, &error));
    QVERIFY(back.empty());
}

void TestColorRules::malformedJson_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message"); // a part of the error

    auto rule = [](const QByteArray& fields) -> QByteArray { return R"({"version": 1, "rules": [)" + fields + "]}"; };
    QTest::newRow("not json") << QByteArray("{\"version\": 1,") << QStringLiteral("Not JSON");
    QTest::newRow("array") << QByteArray("[]") << QStringLiteral("no JSON object");
    QTest::newRow("other format") << QByteArray(R"({"format": "perfetto", "version": 1, "rules": []})")
                                  << QStringLiteral("\"format\"");
    QTest::newRow("no version") << QByteArray(R"({"rules": []})") << QStringLiteral("\"version\" must be the number 1");
    QTest::newRow("version string") << QByteArray(R"({"version": "1", "rules": []})")
                                    << QStringLiteral("found a string");
    QTest::newRow("version 2") << QByteArray(R"({"version": 2, "rules": []})") << QStringLiteral("version 2");
    QTest::newRow("rules object") << QByteArray(R"({"version": 1, "rules": {}})")
                                  << QStringLiteral("\"rules\" must be an array, found an object");
    QTest::newRow("rule number") << rule("3") << QStringLiteral("Rule 1: must be an object, found a number");
    QTest::newRow("kind") << rule(R"({"kind": "glob", "pattern": "a", "color": "#000000"})")
                          << QStringLiteral("Rule 1: \"kind\"");
    QTest::newRow("pattern number") << rule(R"({"kind": "regex", "pattern": 5, "color": "#000000"})")
                                    << QStringLiteral("Rule 1: \"pattern\" must be a string, found a number");
    QTest::newRow("colour name") << rule(R"({"kind": "regex", "pattern": "a", "color": "red"})")
                                 << QStringLiteral("Rule 1: \"color\"");
    QTest::newRow("colour short") << rule(R"({"kind": "regex", "pattern": "a", "color": "#12345"})")
                                  << QStringLiteral("Rule 1: \"color\"");
    QTest::newRow("enabled string") << rule(
        R"({"kind": "regex", "pattern": "a", "color": "#000000", "enabled": "yes"})")
                                    << QStringLiteral("Rule 1: \"enabled\" must be true or false, found a string");
    QTest::newRow("second rule regex") << rule(
        R"({"kind": "regex", "pattern": "a", "color": "#000000"}, {"kind": "regex", "pattern": "(", "color": "#000000"})")
                                       << QStringLiteral("Rule 2: \"(\" is no valid regular expression");
    QTest::newRow("category unknown") << rule(R"({"kind": "category", "pattern": "gpu", "color": "#000000"})")
                                      << QStringLiteral("Rule 1: unknown category \"gpu\"");
}

void TestColorRules::malformedJson()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    std::vector<ColorRule> rules = { regex(QStringLiteral("kept"), 0x010203) };
    QString error;
    QVERIFY(!ColorRules::fromJson(json, &rules, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
    // Nothing half read.
    QCOMPARE(rules.size(), std::size_t(1));
    QCOMPARE(rules[0].pattern, QStringLiteral("kept"));
}

void TestColorRules::settingsRestored()
{
    flushSettings(); // no queued write lands after this one
    QSettings().remove(ColorRules::settingsKey());
    {
        TimelineColors colors;
        colors.loadSettings();
        QVERIFY(colors.rules().rules().empty());
        QVERIFY(colors.rules().setRules(
            { regex(QStringLiteral("MatMul"), 0xc02020), category(QStringLiteral("free"), 0x202020) }));
        colors.rules().saveSettings();
    }
    TimelineColors restored;
    restored.loadSettings();
    QCOMPARE(restored.rules().rules().size(), std::size_t(2));
    QCOMPARE(restored.rules().rules()[0].pattern, QStringLiteral("MatMul"));
    QCOMPARE(restored.rules().rules()[0].color, QColor(0xc0, 0x20, 0x20));
    QCOMPARE(restored.rules().rules()[1].kind, ColorRule::Kind::Category);
    QCOMPARE(restored.rules().match("Idle", SliceClass::Free), 1);
    // Broken settings text: no rules, no crash.
    flushSettings(); // no queued write lands after this one
    QSettings().setValue(ColorRules::settingsKey(), QStringLiteral("{\"version\": 7}"));
    TimelineColors broken;
    broken.loadSettings();
    QVERIFY(broken.rules().rules().empty());
    // No rules: the key is removed rather than kept empty.
    broken.rules().saveSettings();
    flushSettings(); // the writes queued so far are in the file
    QVERIFY(!QSettings().contains(ColorRules::settingsKey()));
}

void TestColorRules::rendererDrawsRuleColour()
{
    flushSettings(); // no queued write lands after this one
    QSettings().remove(ColorRules::settingsKey());
    QTemporaryDir dir;
    writeSmallTrace(dir);
    const ProfilePtr profile = ProfileLoader::load({ dir.path() });
    QVERIFY(profile && !profile->ranks.empty());

    TimelineWidget w;
    w.resize(900, 300);
    w.setSummaryBuild(TimelineWidget::SummaryBuild::Immediate);
    w.setProfile(profile, { 0 });
    const TimelineModel& m = w.model();
    int lane = -1;
    for (std::size_t i = 0; i < m.lanes().size(); ++i)
        if (m.lane(int(i)).kind == LaneKind::Thread)
            lane = int(i);
    QVERIFY(lane >= 0);
    QCOMPARE(m.threadTrack(lane).slices.size(), std::size_t(3));
    // The three slices fill [0, 300] µs of view time; show [-50, 350].
    const double origin = double(m.threadTrack(lane).slices.startNs[0] - m.originNs());
    w.setVisibleRange(origin - 50000, origin + 350000, false);
    const TimelineViewport vp = w.viewport();
    const TimelineRow* row = m.rowOf(lane);
    QVERIFY(row);
    const int y = w.renderer().rowTop(*row, vp) + 2; // above any label text
    auto pixelAt = [&](const QImage& image, double startUs) {
        return image.pixel(int(vp.xOf(origin + startUs * 1000 + 5000)), y); // 5 µs into the slice
    };
    const QImage before = frame(w);
    const QRgb matmulBefore = pixelAt(before, 0);
    const QRgb castBefore = pixelAt(before, 200);

    const QRgb red = qRgb(0xd6, 0x27, 0x28);
    const QRgb green = qRgb(0x2c, 0xa0, 0x2c);
    ColorRules& rules = w.colors().rules();
    QVERIFY(rules.setRules({ regex(QStringLiteral("^matmul"), red), category(QStringLiteral("compute"), green) }));
    const std::int64_t evaluationsBefore = rules.regexEvaluations();
    // sliceFill knows the new rules before any frame.
    QCOMPARE(w.renderer().sliceFill(lane, 0), red);
    QImage image = frame(w);
    QCOMPARE(pixelAt(image, 0), red);
    QVERIFY(matmulBefore != red);
    // hcom_allReduce_1 is communication by name: neither rule.
    QVERIFY(pixelAt(image, 100) != red && pixelAt(image, 100) != green);
    // Cast is compute: the category rule.
    QCOMPARE(pixelAt(image, 200), green);
    QVERIFY(castBefore != green);
    QCOMPARE(w.renderer().sliceFill(lane, 0), red);
    QCOMPARE(w.renderer().sliceFill(lane, 2), green);

    // One regex evaluation per interned name at most, whatever the frames.
    const std::int64_t firstFrame = rules.regexEvaluations() - evaluationsBefore;
    QVERIFY(firstFrame > 0);
    QVERIFY(firstFrame <= qint64(m.trace(0)->strings.size()) + 2); // + the two sliceFill calls above
    frame(w);
    w.setVisibleRange(origin - 10000, origin + 310000, false);
    frame(w);
    QCOMPARE(rules.regexEvaluations() - evaluationsBefore, firstFrame);

    // A change of the rules is drawn at the next frame (cache dropped).
    const QRgb blue = qRgb(0x1f, 0x77, 0xb4);
    QVERIFY(rules.setRules({ regex(QStringLiteral("allreduce"), blue) }));
    w.setVisibleRange(origin - 50000, origin + 350000, false);
    image = frame(w);
    QCOMPARE(pixelAt(image, 100), blue);
    QCOMPARE(pixelAt(image, 0), matmulBefore); // back to its family colour
    QCOMPARE(pixelAt(image, 200), castBefore);
    QVERIFY(rules.regexEvaluations() - evaluationsBefore > firstFrame);

    // Collapsed, the summary row carries the rule colour too.
    w.model().setCollapsed(w.model().rankLane(0), true);
    w.relayoutLanes();
    image = frame(w);
    const TimelineRow* summary = m.rowOf(w.model().rankLane(0));
    QVERIFY(summary);
    QCOMPARE(image.pixel(int(vp.xOf(origin + 150000)), w.renderer().rowTop(*summary, w.viewport()) + 3), blue);
    rules.setRules({});
}

void TestColorRules::dialogEdits()
{
    flushSettings(); // no queued write lands after this one
    QSettings().remove(ColorRules::settingsKey());
    ColorRules rules;
    QVERIFY(rules.setRules({ regex(QStringLiteral("Cast"), 0x00ff00) }));
    const std::vector<ColorRule> original = rules.rules();
    {
        ColorRulesDialog dialog(rules);
        QSignalSpy applied(&dialog, &ColorRulesDialog::rulesApplied);
        QCOMPARE(dialog.table()->rowCount(), 1);
        QVERIFY(dialog.okButton()->isEnabled());
        dialog.addRule();
        QCOMPARE(dialog.table()->rowCount(), 2);
        // A new rule has no pattern yet: said, and OK is off.
        QVERIFY2(
            dialog.problems().contains(QStringLiteral("Rule 2: the pattern is empty")), qPrintable(dialog.problems()));
        QVERIFY(!dialog.okButton()->isEnabled());
        dialog.setRulePattern(1, QStringLiteral("MatMul("));
        QVERIFY(dialog.problems().contains(QStringLiteral("regular expression")));
        QVERIFY(!dialog.okButton()->isEnabled());
        QCOMPARE(dialog.tryName(QStringLiteral("Cast"), SliceClass::Compute), -2);
        QCOMPARE(applied.count(), 0);
        QVERIFY(rules.rules() == original); // the timeline kept the last valid rules
        dialog.setRulePattern(1, QStringLiteral("MatMul"));
        QVERIFY(dialog.problems().isEmpty());
        QVERIFY(dialog.okButton()->isEnabled());
        // Live preview: in effect at once.
        QCOMPARE(applied.count(), 1);
        QCOMPARE(rules.rules().size(), std::size_t(2));
        QCOMPARE(rules.match("MatMulV2", SliceClass::Compute), 1);
        // The tester: rule 1 (Cast) for Cast, rule 2 for MatMul, none for hcom.
        QCOMPARE(dialog.tryName(QStringLiteral("Cast"), SliceClass::Compute), 0);
        QCOMPARE(dialog.tryName(QStringLiteral("aclnnMatMulV2"), SliceClass::Compute), 1);
        QCOMPARE(dialog.tryName(QStringLiteral("hcom_allReduce"), SliceClass::Communication), -1);
        dialog.moveRule(1, -1);
        QCOMPARE(rules.rules()[0].pattern, QStringLiteral("MatMul"));
        dialog.setRuleKind(1, ColorRule::Kind::Category);
        QCOMPARE(rules.rules()[1].kind, ColorRule::Kind::Category);
        dialog.setRuleEnabled(1, false);
        QVERIFY(!rules.rules()[1].enabled);
        dialog.setRuleColor(0, QColor(0x11, 0x22, 0x33));
        QCOMPARE(rules.colorOf(0), qRgb(0x11, 0x22, 0x33));
        // Cancel: the rules are as before, and nothing was saved.
        dialog.reject();
        QVERIFY(rules.rules() == original);
        flushSettings(); // the writes queued so far are in the file
        QVERIFY(!QSettings().contains(ColorRules::settingsKey()));
    }
    {
        ColorRulesDialog dialog(rules);
        dialog.setLivePreview(false);
        dialog.removeRule(0);
        dialog.addRule();
        dialog.setRulePattern(0, QStringLiteral("hcom"));
        QVERIFY(rules.rules() == original); // no preview
        dialog.accept();
        QCOMPARE(rules.rules().size(), std::size_t(1));
        QCOMPARE(rules.rules()[0].pattern, QStringLiteral("hcom"));
    }
    // OK saved them for the next session.
    ColorRules next;
    next.loadSettings();
    QCOMPARE(next.rules().size(), std::size_t(1));
    QCOMPARE(next.rules()[0].pattern, QStringLiteral("hcom"));
    flushSettings(); // no queued write lands after this one
    QSettings().remove(ColorRules::settingsKey());
}

void TestColorRules::dialogImportExport()
{
    QTemporaryDir dir;
    ColorRules rules;
    const std::vector<ColorRule> mine = { regex(QStringLiteral("Conv"), 0x336699),
        category(QStringLiteral("host"), 0x996633) };
    QVERIFY(rules.setRules(mine));
    ColorRulesDialog dialog(rules);
    const QString path = dir.filePath(QStringLiteral("rules.json"));
    QString error;
    QVERIFY2(dialog.exportFile(path, &error), qPrintable(error));
    std::vector<ColorRule> read;
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(ColorRules::fromJson(f.readAll(), &read, &error));
    QVERIFY(read == mine);

    dialog.removeRule(0);
    dialog.removeRule(0);
    QCOMPARE(dialog.table()->rowCount(), 0);
    QVERIFY(dialog.importFile(path, &error));
    QVERIFY(dialog.editedRules() == mine);
    QCOMPARE(dialog.table()->rowCount(), 2);

    // A broken file: refused, named, the rules in the dialog unchanged.
    const QString bad = test::writeFile(dir, QStringLiteral("bad.json"), R"({"version": 3, "rules": []})");
    QVERIFY(!dialog.importFile(bad, &error));
    QVERIFY2(
        error.contains(QStringLiteral("bad.json")) && error.contains(QStringLiteral("version 3")), qPrintable(error));
    QVERIFY(dialog.editedRules() == mine);
    QVERIFY(!dialog.importFile(dir.filePath(QStringLiteral("missing.json")), &error));
    QVERIFY(error.contains(QStringLiteral("missing.json")));
    dialog.reject();
}

void TestColorRules::legendShowsRules()
{
    flushSettings(); // no queued write lands after this one
    QSettings().remove(ColorRules::settingsKey());
    ViewState state;
    TimelinePage page(&state);
    page.resize(1200, 600);
    page.show();
    TimelineLegend* legend = page.legend();
    QVERIFY(legend->ruleEntries().isEmpty());
    QVERIFY(page.findChild<QWidget*>(QStringLiteral("colorRulesButton")));
    ColorRules& rules = page.timeline()->colors().rules();
    QVERIFY(rules.setRules({ regex(QStringLiteral("MatMul"), 0xd62728), regex(QStringLiteral("Cast"), 0x00ff00, false),
        category(QStringLiteral("communication"), 0x2ca02c) }));
    const auto entries = legend->ruleEntries();
    QCOMPARE(entries.size(), 2); // the disabled rule is not in effect
    QCOMPARE(entries[0].first, QStringLiteral("MatMul"));
    QCOMPARE(entries[0].second, QColor(0xd6, 0x27, 0x28));
    QCOMPARE(entries[1].first, QStringLiteral("all Communication"));
    QCOMPARE(entries[1].second, QColor(0x2c, 0xa0, 0x2c));
    rules.setRules({});
}

void TestColorRules::screenshots()
{
    if (!qEnvironmentVariableIsSet("PROFSCOPE_SCREENSHOT_DIR"))
        QSKIP("PROFSCOPE_SCREENSHOT_DIR not set");
    const QString out = qEnvironmentVariable("PROFSCOPE_SCREENSHOT_DIR");
    QDir().mkpath(out);
    ViewState state;
    state.setProfile(ProfileLoader::load({ test::textRank(1, 0) }));
    state.setCurrentRank(0);
    TimelinePage page(&state);
    page.resize(1400, 800);
    page.show();
    ColorRules& rules = page.timeline()->colors().rules();
    QVERIFY(rules.setRules(
        { regex(QStringLiteral("MatMul"), 0xc51b8a), category(QStringLiteral("communication"), 0x2ca02c) }));
    page.legend()->update();
    // Around the device's MatMul kernels, without flow arrows over them.
    TimelineWidget* w = page.timeline();
    const TimelineModel& m = w->model();
    double fromNs = 1e300;
    double toNs = -1e300;
    for (std::size_t i = 0; i < m.lanes().size(); ++i) {
        if (m.lane(int(i)).kind != LaneKind::Thread)
            continue;
        const SliceColumns& s = m.threadTrack(int(i)).slices;
        for (std::size_t k = 0; k < s.size(); ++k)
            if (m.trace(0)->strings.string(s.name[k]).contains(QStringLiteral("MatMul"))) {
                fromNs = std::min(fromNs, double(s.startNs[k] - m.originNs()));
                toNs = std::max(toNs, double(s.startNs[k] + s.durNs[k] - m.originNs()));
            }
    }
    QVERIFY(fromNs < toNs);
    w->setEnabledFlowCategories({});
    w->setVisibleRange(fromNs - (toNs - fromNs) * 0.05, toNs + (toNs - fromNs) * 0.05, false);
    w->refresh();
    QCoreApplication::processEvents();
    QVERIFY(exportWidgetImage(&page, QDir(out).filePath(QStringLiteral("timeline-color-rules.png")), QSize(1400, 800)));
    ColorRulesDialog dialog(rules);
    dialog.addRule();
    dialog.setRulePattern(2, QStringLiteral("Cast("));
    dialog.setRulePattern(2, QStringLiteral("^Cast$"));
    if (auto* tryName = dialog.findChild<QLineEdit*>(QStringLiteral("colorRulesTryName")))
        QTest::keyClicks(tryName, QStringLiteral("aclnnMm_MatMulCommon_MatMulV2"));
    dialog.show();
    QTest::qWait(50); // the table places its cell widgets
    QVERIFY(exportWidgetImage(&dialog, QDir(out).filePath(QStringLiteral("color-rules-dialog.png")), dialog.size()));
    dialog.reject();
    rules.setRules({});
}

QTEST_MAIN(TestColorRules)
#include "tst_colorrules.moc"
