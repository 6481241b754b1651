// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>

class QAbstractButton;
class QAbstractItemModel;
class QAction;
class QPushButton;
class QWidget;

namespace profscope {

// RFC 4180: quotes a field when it holds a comma, a quote or a line break.
QString csvField(QString text);
// Header row + every row of `model` (display role, what the user sees after
// sorting and filtering when `model` is the view's proxy), CRLF line ends.
// `columns` empty = all columns.
QString modelToCsv(const QAbstractItemModel& model, const QList<int>& columns = {});
bool writeModelCsv(
    const QAbstractItemModel& model, const QString& path, QString* error = nullptr, const QList<int>& columns = {});

// Renders `widget` (a chart, plot or custom-painted view) into `path`; the
// format comes from the suffix: .png, .svg or .pdf. With a valid `size` the
// widget is laid out at that size for the rendering and restored afterwards;
// otherwise its current size (or size hint when never shown) is used.
bool exportWidgetImage(QWidget* widget, const QString& path, QSize size = {}, QString* error = nullptr);

// File dialogs with format and size choice; errors shown in a message box.
// `baseName` is the suggested file name without suffix.
void exportWidgetInteractive(QWidget* parent, QWidget* widget, const QString& baseName);
void exportModelInteractive(QWidget* parent, const QAbstractItemModel& model, const QString& baseName);

// The export buttons of the pages, the same everywhere: ExportKind::Chart is
// "Export Chart…" (PNG, SVG or PDF), ExportKind::Table "Export Table…" (CSV of
// the table as shown). A click runs `run`; an empty `toolTip` gives the
// common one. setUpExportButton dresses an existing (e.g. tool) button.
enum class ExportKind
{
    Chart,
    Table
};
void setUpExportButton(
    QAbstractButton* button, ExportKind kind, const std::function<void()>& run, const QString& toolTip = {});
QPushButton* makeExportButton(
    ExportKind kind, QWidget* parent, const std::function<void()>& run, const QString& toolTip = {});
// The text of the right-click entry for the same export.
QString exportActionText(ExportKind kind);
// Adds an entry to the right-click menu of `target` (an actions context
// menu): exports are offered where the chart or table is, too.
QAction* addContextAction(QWidget* target, const QString& text, const std::function<void()>& run);

// What a page offers for export: its charts and its tables. The main
// window's Export menu and `profscope PATH --export-views DIR` use it.
struct ExportItem
{
    QString name; // file base name: "overview-bars", "operators-table"
    QWidget* chart = nullptr; // rendered as PNG/SVG/PDF
    const QAbstractItemModel* table = nullptr; // written as CSV (the model as shown)
};

class Exportable
{
public:
    virtual ~Exportable() = default;
    virtual QList<ExportItem> exportItems() const = 0;
};

// Writes every item of `page` into `dir` (charts as PNG and SVG, tables as
// CSV); returns the files written, appends problems to `errors`.
QStringList exportPage(const Exportable& page, const QString& dir, QStringList* errors, QSize chartSize = {});

} // namespace profscope
