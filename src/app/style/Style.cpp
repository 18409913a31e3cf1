// SPDX-License-Identifier: Apache-2.0
#include "style/Style.h"

#include "style/PaletteNotifier.h"
#include "style/PremadeIcons.h"
#include "style/StateColours.h"

#include <QApplication>
#include <QEvent>
#include <QFile>
#include <QFontDatabase>
#include <QHash>
#include <QIconEngine>
#include <QLabel>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QPointer>
#include <QStyle>
#include <QStyleOption>
#include <QSvgRenderer>
#include <QWidget>

#include <algorithm>

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

QColor textOn(const QColor& background)
{
    const QColor light(Qt::white);
    const QColor dark = QApplication::palette().color(QPalette::Active, QPalette::Base).lightness() < 128
                            ? QApplication::palette().color(QPalette::Active, QPalette::Base)
                            : QColor(0x1a, 0x1a, 0x1a);
    return StateColours::contrastRatio(light, background) >= StateColours::contrastRatio(dark, background)
               ? light
               : dark;
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

QColor iconColour(QIcon::Mode mode)
{
    // A selected entry lies on the accent (the sidebar's current page): drawn in the text colour
    // that reads on it, as the entry's text is, not the style's tint of the normal icon, which
    // left a light icon on the dark look's light accent.
    if (mode == QIcon::Selected)
        return textOn(accentColor());
    return QApplication::palette().color(QPalette::WindowText);
}

// Draws one SVG in the palette's text colour at the size asked for, when it is first asked for,
// and keeps what it drew per size, mode and colour. Rendering every icon at six sizes up front,
// as icon() once did, took about a tenth of the app's start-up (bench/README.md, bench_startup)
// and kept pixmaps no widget ever showed. The colour is looked up on every call, so a button or a
// list item repaints its icon in the new theme's text colour after a light/dark switch. Sizes
// drawn at build time (PremadeIcons.h) are copied from there instead of drawn.
class RecolouredSvgIconEngine : public QIconEngine
{
public:
    RecolouredSvgIconEngine(QString name, QByteArray svg)
        : m_name(std::move(name))
        , m_svg(std::move(svg))
    {}

    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State state) override
    {
        if (size.isEmpty())
            return {};
        const QColor colour = iconColour(mode);
        const QString key = QStringLiteral("%1x%2/%3/%4")
                                .arg(size.width())
                                .arg(size.height())
                                .arg(int(mode))
                                .arg(colour.rgba(), 0, 16);
        auto cached = m_pixmaps.constFind(key);
        if (cached != m_pixmaps.constEnd())
            return *cached;
        QPixmap result;
        const premade::Icon* made = mode != QIcon::Disabled && size.width() == size.height()
                                        ? premade::find(m_name, size.width())
                                        : nullptr;
        if (const QImage image = made ? premade::image(*made, colour) : QImage(); !image.isNull()) {
            result = QPixmap::fromImage(image);
        } else if (mode != QIcon::Disabled) {
            QByteArray svg = m_svg;
            svg.replace("currentColor", colour.name().toLatin1());
            result = QPixmap(size);
            result.fill(Qt::transparent);
            QPainter painter(&result);
            QSvgRenderer(svg).render(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
        } else {
            // Disabled: the style derives it from the normal pixmap, as it does for an icon made
            // of pixmaps.
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
    QString m_name; // the file's base name, which premade icons go by
    QByteArray m_svg;
    QHash<QString, QPixmap> m_pixmaps;
};

// A filled circle drawn at whatever pixel size is asked for: QIcon::pixmap(size, 2.0) asks for
// twice the size, so the dot stays round and sharp on a high-density screen.
class DotIconEngine : public QIconEngine
{
public:
    DotIconEngine(QColor colour, int size)
        : m_colour(std::move(colour))
        , m_size(size)
    {}
    // A dot in a tone's colour, looked up when drawn.
    DotIconEngine(Tone tone, int size)
        : m_tone(tone)
        , m_followsTone(true)
        , m_size(size)
    {}

    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State) override
    {
        if (size.isEmpty())
            return {};
        QPixmap result(size);
        result.fill(Qt::transparent);
        QPainter painter(&result);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(Qt::NoPen);
        painter.setBrush(mode == QIcon::Disabled
                             ? QApplication::palette().color(QPalette::Disabled, QPalette::WindowText)
                             : (m_followsTone ? toneColour(m_tone) : m_colour));
        const qreal side = std::min(size.width(), size.height());
        const qreal inset = side * 0.15;
        const QPointF centre = QRectF(QPointF(0, 0), QSizeF(size)).center();
        const qreal radius = side / 2 - inset;
        painter.drawEllipse(centre, radius, radius);
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
    QList<QSize> availableSizes(QIcon::Mode, QIcon::State) override { return {QSize(m_size, m_size)}; }
    QString key() const override { return QStringLiteral("k8Dot"); }
    QIconEngine* clone() const override { return new DotIconEngine(*this); }

private:
    QColor m_colour;
    Tone m_tone = Tone::None;
    bool m_followsTone = false;
    int m_size;
};

// The icons made so far. A child of the application, so its pixmaps go before the application
// does (a static QHash would free them after it).
class IconCache : public QObject
{
public:
    using QObject::QObject;
    QHash<QString, QIcon> icons;
};

// Runs a widget's `apply` after each change of the application palette, while the widget lives
// (a child of it). Never re-entered: a style sheet or palette that `apply` sets causes events of
// its own.
class PaletteFollower : public QObject
{
public:
    PaletteFollower(QWidget* widget, std::function<void()> apply)
        : QObject(widget)
        , m_apply(std::move(apply))
    {
        widget->setProperty(PaletteNotifier::FollowedProperty, true);
        if (PaletteNotifier* notifier = PaletteNotifier::instance())
            connect(notifier, &PaletteNotifier::applicationPaletteChanged, this, &PaletteFollower::run);
    }

    void run()
    {
        if (m_running)
            return;
        m_running = true;
        m_apply();
        m_running = false;
    }

private:
    std::function<void()> m_apply;
    bool m_running = false;
};

// Like followPalette(), but once per widget and job (`name`), however often the caller sets a new
// tone or icon: the follower reads what to apply from the widget's properties.
void followOnce(QWidget* widget, const char* name, std::function<void()> apply)
{
    if (widget->property(name).toBool())
        return;
    widget->setProperty(name, true);
    new PaletteFollower(widget, std::move(apply));
}

const char* const TonePropertyName = "k8TextTone";
const char* const ToneCssPropertyName = "k8TextToneCss";

void applyTextTone(QWidget* widget)
{
    const auto tone = Tone(widget->property(TonePropertyName).toInt());
    const QString extra = widget->property(ToneCssPropertyName).toString();
    if (tone == Tone::None) {
        widget->setStyleSheet(extra);
        return;
    }
    widget->setStyleSheet(
        QStringLiteral("color: %1;%2%3")
            .arg(toneColour(tone).name(), extra.isEmpty() ? QString() : QStringLiteral(" "), extra));
}

} // namespace

QIcon icon(const QString& name, const QString& themeFallback)
{
    // One icon (and one engine with its pixmaps) per name, shared by every caller: the
    // navigation, the menus and the pages ask for the same few icons again and again.
    static QPointer<IconCache> cache;
    if (!cache && qApp)
        cache = new IconCache(qApp);
    if (cache && cache->icons.contains(name))
        return cache->icons.value(name);
    QFile file(QStringLiteral(":/icons/%1.svg").arg(name));
    if (!file.open(QIODevice::ReadOnly))
        return themeFallback.isEmpty() ? QIcon() : QIcon::fromTheme(themeFallback);
    const QIcon result(new RecolouredSvgIconEngine(name, file.readAll()));
    if (cache)
        cache->icons.insert(name, result);
    return result;
}

QIcon dotIcon(const QColor& color, int size)
{
    return QIcon(new DotIconEngine(color, size));
}

void followPalette(QWidget* widget, std::function<void()> apply)
{
    (new PaletteFollower(widget, std::move(apply)))->run();
}

QIcon toneDot(Tone tone, int size)
{
    return QIcon(new DotIconEngine(tone, size));
}

QColor textOnAccent()
{
    const QPalette palette = QApplication::palette();
    return isDark(palette) ? palette.color(QPalette::Base) : QColor(Qt::white);
}

void showIcon(QLabel* label, const QIcon& icon, int size)
{
    label->setProperty("k8Icon", QVariant::fromValue(icon));
    label->setProperty("k8IconSize", size);
    auto draw = [label] {
        const int side = label->property("k8IconSize").toInt();
        label->setPixmap(
            label->property("k8Icon").value<QIcon>().pixmap(QSize(side, side), label->devicePixelRatioF()));
    };
    followOnce(label, "k8IconFollowed", draw);
    draw();
}

QColor toneColour(Tone tone)
{
    switch (tone) {
    case Tone::Success:
        return successColor();
    case Tone::Warning:
        return warningColor();
    case Tone::Error:
        return errorColor();
    case Tone::Accent:
        return accentColor();
    case Tone::Neutral:
        return StateColours(QApplication::palette()).neutral();
    case Tone::Muted:
        return QApplication::palette().color(QPalette::PlaceholderText);
    case Tone::None:
        break;
    }
    return QApplication::palette().color(QPalette::WindowText);
}

void setTextTone(QWidget* widget, Tone tone, const QString& extraCss)
{
    widget->setProperty(TonePropertyName, int(tone));
    widget->setProperty(ToneCssPropertyName, extraCss);
    followOnce(widget, "k8TextToneFollowed", [widget] { applyTextTone(widget); });
    applyTextTone(widget);
}

void makeMonospace(QWidget* widget)
{
    widget->setFont(monospaceFont());
}

void setForegroundTone(QWidget* widget, Tone tone)
{
    widget->setProperty("k8ForegroundTone", int(tone));
    auto apply = [widget] {
        const auto current = Tone(widget->property("k8ForegroundTone").toInt());
        // Only the text roles are set; the rest is inherited from the parent, so the widget keeps
        // following the theme in everything else.
        QPalette palette;
        if (current != Tone::None) {
            palette.setColor(QPalette::WindowText, toneColour(current));
            palette.setColor(QPalette::Text, toneColour(current));
        }
        widget->setPalette(palette);
    };
    followOnce(widget, "k8ForegroundToneFollowed", apply);
    apply();
}

} // namespace k8::app::style
