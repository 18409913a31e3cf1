// SPDX-License-Identifier: Apache-2.0
#include "style/Style.h"

#include "style/StateColours.h"

#include <QApplication>
#include <QFile>
#include <QFontDatabase>
#include <QHash>
#include <QIconEngine>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QPointer>
#include <QStyle>
#include <QStyleOption>
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

namespace {

// Draws one recoloured SVG at the size asked for, when it is first asked for, and keeps what it
// drew. Rendering every icon at six sizes up front, as icon() once did, took about a tenth of the
// app's start-up (bench/README.md, bench_startup) and kept pixmaps no widget ever showed.
class RecolouredSvgIconEngine : public QIconEngine
{
public:
    explicit RecolouredSvgIconEngine(QByteArray svg)
        : m_svg(std::move(svg))
    {}

    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State state) override
    {
        if (size.isEmpty())
            return {};
        const QString key = QStringLiteral("%1x%2/%3").arg(size.width()).arg(size.height()).arg(int(mode));
        auto cached = m_pixmaps.constFind(key);
        if (cached != m_pixmaps.constEnd())
            return *cached;
        QPixmap result;
        if (mode == QIcon::Normal || mode == QIcon::Active) {
            result = QPixmap(size);
            result.fill(Qt::transparent);
            QPainter painter(&result);
            QSvgRenderer(m_svg).render(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
        } else {
            // Disabled and selected: the style derives them from the normal pixmap, as it does
            // for an icon made of pixmaps.
            const QPixmap normal = pixmap(size, QIcon::Normal, state);
            QStyleOption option;
            option.palette = QApplication::palette();
            result = QApplication::style()->generatedIconPixmap(mode, normal, &option);
        }
        m_pixmaps.insert(key, result);
        return result;
    }

    void paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State state) override
    {
        const qreal ratio = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
        QPixmap drawn = pixmap(rect.size() * ratio, mode, state);
        drawn.setDevicePixelRatio(ratio);
        painter->drawPixmap(rect, drawn);
    }

    QSize actualSize(const QSize& size, QIcon::Mode, QIcon::State) override { return size; }
    QList<QSize> availableSizes(QIcon::Mode, QIcon::State) override
    {
        return {QSize(16, 16), QSize(20, 20), QSize(24, 24), QSize(32, 32), QSize(48, 48), QSize(64, 64)};
    }
    bool isNull() override { return m_svg.isEmpty(); }
    QString key() const override { return QStringLiteral("k8RecolouredSvg"); }
    QIconEngine* clone() const override { return new RecolouredSvgIconEngine(*this); }

private:
    QByteArray m_svg;
    QHash<QString, QPixmap> m_pixmaps;
};

// The icons made so far. A child of the application, so its pixmaps go before the application
// does (a static QHash would free them after it).
class IconCache : public QObject
{
public:
    using QObject::QObject;
    QHash<QString, QIcon> icons;
};

} // namespace

QIcon icon(const QString& name, const QString& themeFallback)
{
    // One icon (and one engine with its pixmaps) per name and colour, shared by every caller:
    // the navigation, the menus and the pages ask for the same few icons again and again.
    static QPointer<IconCache> cache;
    if (!cache && qApp)
        cache = new IconCache(qApp);
    const QString colour = QApplication::palette().color(QPalette::WindowText).name();
    const QString key = name + QLatin1Char('/') + colour;
    if (cache && cache->icons.contains(key))
        return cache->icons.value(key);
    QFile file(QStringLiteral(":/icons/%1.svg").arg(name));
    if (!file.open(QIODevice::ReadOnly))
        return themeFallback.isEmpty() ? QIcon() : QIcon::fromTheme(themeFallback);
    QByteArray svg = file.readAll();
    svg.replace("currentColor", colour.toLatin1());
    const QIcon result(new RecolouredSvgIconEngine(std::move(svg)));
    if (cache)
        cache->icons.insert(key, result);
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
