// SPDX-License-Identifier: Apache-2.0
#include "export.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QImage>
#include <QLayout>
#include <QMessageBox>
#include <QPainter>
#include <QPdfWriter>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QStandardPaths>
#include <QSvgGenerator>
#include <QWidget>

namespace profscope {

namespace {

// Translation context for the free functions of this file.
struct Export
{
    Q_DECLARE_TR_FUNCTIONS(Export)
};

QString defaultExportDir()
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return dir.isEmpty() ? QDir::homePath() : dir;
}

// Lays the widget out at `size` for the time of a rendering, then restores it.
class SizeOverride
{
public:
    SizeOverride(QWidget* widget, QSize size)
        : m_widget(widget)
        , m_oldSize(widget->size())
    {
        m_widget->ensurePolished();
        if (!size.isValid())
            size = widget->testAttribute(Qt::WA_WState_Visible) || widget->size().width() > 100
                ? widget->size()
                : widget->sizeHint().expandedTo(QSize(800, 500));
        m_size = size;
        if (size != m_oldSize) {
            m_widget->resize(size);
            if (m_widget->layout())
                m_widget->layout()->activate();
        }
        // Let resize-dependent layout (chart geometry) settle.
        QCoreApplication::sendPostedEvents(m_widget, QEvent::LayoutRequest);
    }
    ~SizeOverride()
    {
        if (m_widget->size() != m_oldSize)
            m_widget->resize(m_oldSize);
    }
    QSize size() const
    {
        return m_size;
    }

private:
    QWidget* m_widget;
    QSize m_oldSize;
    QSize m_size;
};

bool fail(QString* error, const QString& message)
{
    if (error)
        *error = message;
    return false;
}

} // namespace

QString csvField(QString text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n'))
        && !text.contains(QLatin1Char('\r')))
        return text;
    text.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + text + QLatin1Char('"');
}

QString modelToCsv(const QAbstractItemModel& model, const QList<int>& columns)
{
    QList<int> cols = columns;
    if (cols.isEmpty())
        for (int c = 0; c < model.columnCount(); ++c)
            cols << c;
    QString out;
    const auto appendRecord = [&out](const QStringList& fields) {
        for (qsizetype i = 0; i < fields.size(); ++i) {
            if (i > 0)
                out += QLatin1Char(',');
            out += csvField(fields[i]);
        }
        out += QStringLiteral("\r\n");
    };
    QStringList header;
    for (const int c : cols)
        header << model.headerData(c, Qt::Horizontal).toString();
    appendRecord(header);
    for (int row = 0; row < model.rowCount(); ++row) {
        QStringList fields;
        for (const int c : cols)
            fields << model.index(row, c).data(Qt::DisplayRole).toString();
        appendRecord(fields);
    }
    return out;
}

bool writeModelCsv(const QAbstractItemModel& model, const QString& path, QString* error, const QList<int>& columns)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(error, file.errorString());
    file.write(modelToCsv(model, columns).toUtf8());
    if (!file.commit())
        return fail(error, file.errorString());
    return true;
}

bool exportWidgetImage(QWidget* widget, const QString& path, QSize size, QString* error)
{
    if (!widget)
        return fail(error, Export::tr("Nothing to export."));
    const QString suffix = QFileInfo(path).suffix().toLower();
    SizeOverride sized(widget, size);
    const QSize s = sized.size();
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(s);
        svg.setViewBox(QRect(QPoint(0, 0), s));
        svg.setTitle(QFileInfo(path).completeBaseName());
        svg.setDescription(Export::tr("Exported from Profscope"));
        QPainter painter;
        if (!painter.begin(&svg))
            return fail(error, Export::tr("Cannot write %1.").arg(QDir::toNativeSeparators(path)));
        widget->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
        painter.end();
        return QFileInfo(path).size() > 0
            || fail(error, Export::tr("Cannot write %1.").arg(QDir::toNativeSeparators(path)));
    }
    if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(path);
        pdf.setResolution(96);
        pdf.setPageSize(QPageSize(QSizeF(s), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setTitle(QFileInfo(path).completeBaseName());
        pdf.setCreator(QStringLiteral("Profscope"));
        QPainter painter;
        if (!painter.begin(&pdf))
            return fail(error, Export::tr("Cannot write %1.").arg(QDir::toNativeSeparators(path)));
        // Page in points at 96 dpi: scale the widget's pixels onto the page.
        const QRect page = painter.viewport();
        painter.scale(double(page.width()) / s.width(), double(page.height()) / s.height());
        widget->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
        painter.end();
        return true;
    }
    if (suffix == QLatin1String("png") || suffix.isEmpty()) {
        const qreal dpr = widget->devicePixelRatioF() > 1 ? widget->devicePixelRatioF() : 1.0;
        QImage image(s * dpr, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(dpr);
        image.fill(widget->palette().color(QPalette::Window));
        QPainter painter(&image);
        widget->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
        painter.end();
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit())
            return fail(
                error, Export::tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return true;
    }
    return fail(error, Export::tr("Unknown image format \"%1\": use .png, .svg or .pdf.").arg(suffix));
}

void exportWidgetInteractive(QWidget* parent, QWidget* widget, const QString& baseName)
{
    if (!widget)
        return;
    QDialog dialog(parent);
    dialog.setWindowTitle(Export::tr("Export Chart"));
    auto* form = new QFormLayout(&dialog);
    auto* width = new QSpinBox(&dialog);
    auto* height = new QSpinBox(&dialog);
    width->setRange(200, 8000);
    height->setRange(150, 8000);
    width->setSuffix(Export::tr(" px"));
    height->setSuffix(Export::tr(" px"));
    width->setValue(std::max(widget->width(), 800));
    height->setValue(std::max(widget->height(), 500));
    form->addRow(Export::tr("Width:"), width);
    form->addRow(Export::tr("Height:"), height);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString selected;
    const QString path = QFileDialog::getSaveFileName(parent, Export::tr("Export Chart"),
        QDir(defaultExportDir()).filePath(baseName + QStringLiteral(".png")),
        Export::tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)"), &selected);
    if (path.isEmpty())
        return;
    QString target = path;
    if (QFileInfo(target).suffix().isEmpty())
        target += selected.contains(QLatin1String("svg")) ? QStringLiteral(".svg")
            : selected.contains(QLatin1String("pdf"))     ? QStringLiteral(".pdf")
                                                          : QStringLiteral(".png");
    QString error;
    if (!exportWidgetImage(widget, target, QSize(width->value(), height->value()), &error))
        QMessageBox::warning(parent, Export::tr("Export Chart"), error);
}

void exportModelInteractive(QWidget* parent, const QAbstractItemModel& model, const QString& baseName)
{
    const QString path = QFileDialog::getSaveFileName(parent, Export::tr("Export Table"),
        QDir(defaultExportDir()).filePath(baseName + QStringLiteral(".csv")),
        Export::tr("CSV files (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!writeModelCsv(model, path, &error))
        QMessageBox::warning(parent, Export::tr("Export Table"),
            Export::tr("Could not write %1:\n%2").arg(QDir::toNativeSeparators(path), error));
}

QStringList exportPage(const Exportable& page, const QString& dir, QStringList* errors, QSize chartSize)
{
    QStringList written;
    QDir().mkpath(dir);
    for (const ExportItem& item : page.exportItems()) {
        QString error;
        if (item.chart) {
            for (const char* suffix : { ".png", ".svg" }) {
                const QString path = QDir(dir).filePath(item.name + QLatin1String(suffix));
                if (exportWidgetImage(item.chart, path, chartSize, &error))
                    written << path;
                else if (errors)
                    *errors << error;
            }
        }
        if (item.table) {
            const QString path = QDir(dir).filePath(item.name + QStringLiteral(".csv"));
            if (writeModelCsv(*item.table, path, &error))
                written << path;
            else if (errors)
                *errors << Export::tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), error);
        }
    }
    return written;
}

void setUpExportButton(
    QAbstractButton* button, ExportKind kind, const std::function<void()>& run, const QString& toolTip)
{
    const bool chart = kind == ExportKind::Chart;
    button->setText(chart ? Export::tr("Export Chart…") : Export::tr("Export Table…"));
    button->setToolTip(!toolTip.isEmpty() ? toolTip
            : chart                       ? Export::tr("Save the chart as PNG, SVG or PDF")
                                          : Export::tr("Save the table as shown (filtered and sorted) as CSV"));
    QObject::connect(button, &QAbstractButton::clicked, button, [run] { run(); });
}

QPushButton* makeExportButton(
    ExportKind kind, QWidget* parent, const std::function<void()>& run, const QString& toolTip)
{
    auto* button = new QPushButton(parent);
    setUpExportButton(button, kind, run, toolTip);
    return button;
}

QString exportActionText(ExportKind kind)
{
    return kind == ExportKind::Chart ? Export::tr("Export Chart…") : Export::tr("Export Table as CSV…");
}

QAction* addContextAction(QWidget* target, const QString& text, const std::function<void()>& run)
{
    auto* action = new QAction(text, target);
    QObject::connect(action, &QAction::triggered, target, [run] { run(); });
    target->addAction(action);
    target->setContextMenuPolicy(Qt::ActionsContextMenu);
    return action;
}

} // namespace profscope
