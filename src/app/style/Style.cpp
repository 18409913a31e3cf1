// SPDX-License-Identifier: Apache-2.0
#include "style/Style.h"

#include "style/StateColours.h"

#include <QApplication>
#include <QFile>
#include <QFontDatabase>
#include <QHash>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QSvgRenderer>
#include <QWidget>

namespace k8::app::style {

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor statusColor(kosa8::SandboxState state)
{
    switch (state) {
    case kosa8::SandboxState::Running:
        return successColor();
    case kosa8::SandboxState::Changing:
        return warningColor();
    case kosa8::SandboxState::Failed:
        return errorColor();
    case kosa8::SandboxState::Stopped:
    case kosa8::SandboxState::Unknown:
        break;
    }
    return StateColours(QApplication::palette()).neutral(); // stopped and anything unknown
}

// The application palette's state colours (StateColours); asked on every call, so a widget that
// styles itself again after a palette change gets the colours of the new theme.
QColor successColor()
{
    return StateColours(QApplication::palette()).success();
}
QColor warningColor()
{
    return StateColours(QApplication::palette()).warning();
}
QColor errorColor()
{
    return StateColours(QApplication::palette()).error();
}
QColor accentColor()
{
    return StateColours(QApplication::palette()).accent();
}

QFont monospaceFont()
{
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font.setStyleHint(QFont::Monospace);
    return font;
}

QFont headerFont(const QFont& base)
{
    QFont font = base;
    font.setPointSizeF(base.pointSizeF() * 1.5);
    font.setBold(true);
    return font;
}

QIcon icon(const QString& name, const QString& themeFallback)
{
    const QString path = QStringLiteral(":/icons/%1.svg").arg(name);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return themeFallback.isEmpty() ? QIcon() : QIcon::fromTheme(themeFallback);
    QByteArray svg = file.readAll();
    const QPalette palette = QApplication::palette();
    svg.replace("currentColor", palette.color(QPalette::WindowText).name().toLatin1());
    QSvgRenderer renderer(svg);
    QIcon result;
    const qreal ratio = qApp ? qApp->devicePixelRatio() : 1.0;
    for (int size : {16, 20, 24, 32, 48, 64}) {
        QPixmap pixmap(QSize(size, size) * ratio);
        pixmap.setDevicePixelRatio(ratio);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        renderer.render(&painter, QRectF(0, 0, size, size));
        painter.end();
        result.addPixmap(pixmap);
    }
    return result;
}

QIcon dotIcon(const QColor& color, int size)
{
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    const qreal inset = size * 0.15;
    painter.drawEllipse(QRectF(inset, inset, size - 2 * inset, size - 2 * inset));
    painter.end();
    return QIcon(pixmap);
}

void makeMonospace(QWidget* widget)
{
    widget->setFont(monospaceFont());
}

} // namespace k8::app::style
