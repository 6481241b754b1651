// SPDX-License-Identifier: Apache-2.0
#include "colorrules.h"
#include "common/settingswriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

namespace profscope {

namespace {

QRegularExpression compile(const QString& pattern)
{
    QRegularExpression re(pattern, QRegularExpression::CaseInsensitiveOption);
    re.optimize();
    return re;
}

bool isHexColor(const QString& text)
{
    static const QRegularExpression hex(QStringLiteral("^#[0-9a-fA-F]{6}$"));
    return hex.match(text).hasMatch();
}

QString jsonTypeName(const QJsonValue& v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QCoreApplication::translate("ColorRules", "null");
    case QJsonValue::Bool:
        return QCoreApplication::translate("ColorRules", "a boolean");
    case QJsonValue::Double:
        return QCoreApplication::translate("ColorRules", "a number");
    case QJsonValue::String:
        return QCoreApplication::translate("ColorRules", "a string");
    case QJsonValue::Array:
        return QCoreApplication::translate("ColorRules", "an array");
    case QJsonValue::Object:
        return QCoreApplication::translate("ColorRules", "an object");
    case QJsonValue::Undefined:
        break;
    }
    return QCoreApplication::translate("ColorRules", "missing");
}

} // namespace

std::vector<SliceClass> ColorRules::categories()
{
    return { SliceClass::Host, SliceClass::Compute, SliceClass::Communication, SliceClass::Free };
}

QString ColorRules::categoryKey(SliceClass c)
{
    switch (c) {
    case SliceClass::Host:
        return QStringLiteral("host");
    case SliceClass::Compute:
        return QStringLiteral("compute");
    case SliceClass::Communication:
        return QStringLiteral("communication");
    case SliceClass::Free:
        return QStringLiteral("free");
    case SliceClass::Counter:
        break;
    }
    return {};
}

int ColorRules::categoryFromKey(const QString& key)
{
    for (SliceClass c : categories())
        if (categoryKey(c) == key)
            return int(c);
    return -1;
}

QString ColorRules::problem(const ColorRule& rule)
{
    if (!rule.color.isValid())
        return tr("no colour");
    if (rule.kind == ColorRule::Kind::Category) {
        if (categoryFromKey(rule.pattern) < 0)
            return tr("unknown category \"%1\" (one of host, compute, communication, free)").arg(rule.pattern);
        return {};
    }
    if (rule.pattern.isEmpty())
        return tr("the pattern is empty");
    const QRegularExpression re = compile(rule.pattern);
    if (!re.isValid())
        return tr("\"%1\" is no valid regular expression: %2 at position %3")
            .arg(rule.pattern, re.errorString())
            .arg(re.patternErrorOffset());
    // "MatMul|" or "x*" would colour every slice: a slip, not a rule.
    if (re.match(QString()).hasMatch())
        return tr("\"%1\" matches every name (it matches an empty one); use a category rule to colour a whole family")
            .arg(rule.pattern);
    return {};
}

bool ColorRules::setRules(const std::vector<ColorRule>& rules, QString* error)
{
    for (std::size_t i = 0; i < rules.size(); ++i) {
        const QString p = problem(rules[i]);
        if (!p.isEmpty()) {
            if (error)
                *error = tr("Rule %1: %2").arg(i + 1).arg(p);
            return false;
        }
    }
    m_rules = rules;
    m_regex.assign(rules.size(), QRegularExpression());
    m_categoryRule.fill(-1);
    m_hasEnabledRegex = false;
    for (std::size_t i = 0; i < rules.size(); ++i) {
        const ColorRule& r = rules[i];
        if (r.kind == ColorRule::Kind::Regex) {
            m_regex[i] = compile(r.pattern);
            m_hasEnabledRegex = m_hasEnabledRegex || r.enabled;
        } else if (r.enabled) {
            int& first = m_categoryRule[std::size_t(categoryFromKey(r.pattern))];
            if (first < 0)
                first = int(i);
        }
    }
    ++m_generation;
    return true;
}

int ColorRules::firstRegexMatch(std::string_view name) const
{
    if (!m_hasEnabledRegex)
        return -1;
    const QString text = QString::fromUtf8(name.data(), qsizetype(name.size()));
    for (std::size_t i = 0; i < m_rules.size(); ++i) {
        if (!m_rules[i].enabled || m_rules[i].kind != ColorRule::Kind::Regex)
            continue;
        ++m_regexEvaluations;
        if (m_regex[i].match(text).hasMatch())
            return int(i);
    }
    return -1;
}

QByteArray ColorRules::toJson(const std::vector<ColorRule>& rules)
{
    QJsonArray list;
    for (const ColorRule& r : rules) {
        QJsonObject o;
        o.insert(QStringLiteral("kind"),
            r.kind == ColorRule::Kind::Regex ? QStringLiteral("regex") : QStringLiteral("category"));
        o.insert(QStringLiteral("pattern"), r.pattern);
        o.insert(QStringLiteral("color"), r.color.name(QColor::HexRgb));
        o.insert(QStringLiteral("enabled"), r.enabled);
        list.append(o);
    }
    QJsonObject root;
    root.insert(QStringLiteral("format"), QLatin1String(kFormat));
    root.insert(QStringLiteral("version"), kVersion);
    root.insert(QStringLiteral("rules"), list);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool ColorRules::fromJson(const QByteArray& json, std::vector<ColorRule>* rules, QString* error)
{
    auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parse);
    if (parse.error != QJsonParseError::NoError)
        return fail(tr("Not JSON: %1 at offset %2").arg(parse.errorString()).arg(parse.offset));
    if (!doc.isObject())
        return fail(tr("Not a colour rule list: the top level is no JSON object"));
    const QJsonObject root = doc.object();
    const QJsonValue format = root.value(QStringLiteral("format"));
    if (!format.isUndefined() && format.toString() != QLatin1String(kFormat))
        return fail(tr("Not a colour rule list: \"format\" is not \"%1\"").arg(QLatin1String(kFormat)));
    const QJsonValue version = root.value(QStringLiteral("version"));
    if (!version.isDouble())
        return fail(tr("\"version\" must be the number %1, found %2").arg(kVersion).arg(jsonTypeName(version)));
    if (version.toDouble() != kVersion)
        return fail(tr("Colour rules of version %1 cannot be read (this version of Profscope reads version %2)")
                        .arg(version.toDouble())
                        .arg(kVersion));
    const QJsonValue list = root.value(QStringLiteral("rules"));
    if (!list.isArray())
        return fail(tr("\"rules\" must be an array, found %1").arg(jsonTypeName(list)));
    std::vector<ColorRule> out;
    const QJsonArray array = list.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString where = tr("Rule %1").arg(i + 1);
        if (!array[i].isObject())
            return fail(tr("%1: must be an object, found %2").arg(where, jsonTypeName(array[i])));
        const QJsonObject o = array[i].toObject();
        ColorRule r;
        const QJsonValue kind = o.value(QStringLiteral("kind"));
        if (kind.toString() == QLatin1String("regex"))
            r.kind = ColorRule::Kind::Regex;
        else if (kind.toString() == QLatin1String("category"))
            r.kind = ColorRule::Kind::Category;
        else
            return fail(tr("%1: \"kind\" must be \"regex\" or \"category\"").arg(where));
        const QJsonValue pattern = o.value(QStringLiteral("pattern"));
        if (!pattern.isString())
            return fail(tr("%1: \"pattern\" must be a string, found %2").arg(where, jsonTypeName(pattern)));
        r.pattern = pattern.toString();
        const QJsonValue color = o.value(QStringLiteral("color"));
        if (!color.isString() || !isHexColor(color.toString()))
            return fail(tr("%1: \"color\" must be a string like \"#1f77b4\"").arg(where));
        r.color = QColor(color.toString());
        const QJsonValue enabled = o.value(QStringLiteral("enabled"));
        if (!enabled.isUndefined() && !enabled.isBool())
            return fail(tr("%1: \"enabled\" must be true or false, found %2").arg(where, jsonTypeName(enabled)));
        r.enabled = enabled.toBool(true);
        const QString p = problem(r);
        if (!p.isEmpty())
            return fail(tr("%1: %2").arg(where, p));
        out.push_back(std::move(r));
    }
    *rules = std::move(out);
    return true;
}

void ColorRules::loadSettings()
{
    const QString text = settingValue(settingsKey()).toString();
    std::vector<ColorRule> rules;
    QString error;
    if (text.isEmpty()) {
        setRules({});
        return;
    }
    if (!fromJson(text.toUtf8(), &rules, &error)) {
        qWarning("Colour rules in the settings ignored: %s", qPrintable(error));
        setRules({});
        return;
    }
    setRules(rules);
}

void ColorRules::saveSettings() const
{
    if (m_rules.empty())
        removeSetting(settingsKey());
    else
        setSettingValue(settingsKey(), QString::fromUtf8(toJson(m_rules)));
}

} // namespace profscope
