// SPDX-License-Identifier: Apache-2.0
#include "widgets/MessageArea.h"

#include "style/Style.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QToolButton>
#include <QVBoxLayout>

namespace k8::app {

namespace {

style::Tone severityTone(UserMessage::Severity severity)
{
    switch (severity) {
    case UserMessage::Severity::Info:
        return style::Tone::Accent;
    case UserMessage::Severity::Warning:
        return style::Tone::Warning;
    case UserMessage::Severity::Error:
        break;
    }
    return style::Tone::Error;
}

QString severityName(UserMessage::Severity severity)
{
    switch (severity) {
    case UserMessage::Severity::Info:
        return MessageCard::tr("Information");
    case UserMessage::Severity::Warning:
        return MessageCard::tr("Warning");
    case UserMessage::Severity::Error:
        break;
    }
    return MessageCard::tr("Error");
}

} // namespace

MessageCard::MessageCard(const UserMessage& message, QWidget* parent)
    : QFrame(parent)
    , m_message(message)
    , m_title(new QLabel(this))
    , m_text(new QLabel(this))
    , m_detailsButton(new QToolButton(this))
    , m_copyButton(new QToolButton(this))
    , m_details(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("messageCard"));
    setFrameShape(QFrame::StyledPanel);
    const style::Tone tone = severityTone(message.severity);
    // A tinted card with a strong left stripe: readable on light and dark palettes alike, in the
    // colours of the theme of the moment.
    style::followPalette(this, [this, tone] {
        const QColor accent = style::toneColour(tone);
        QColor tint = accent;
        tint.setAlpha(36);
        setStyleSheet(
            QStringLiteral("QFrame#messageCard { background: rgba(%1,%2,%3,%4); border: 1px solid %5;"
                           " border-left: 4px solid %5; border-radius: 4px; }")
                .arg(tint.red())
                .arg(tint.green())
                .arg(tint.blue())
                .arg(tint.alpha())
                .arg(accent.name()));
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 6, 8);
    layout->setSpacing(4);
    auto* top = new QHBoxLayout;
    top->setSpacing(6);
    auto* dot = new QLabel(this);
    style::showIcon(dot, style::toneDot(tone, 12), 12);
    top->addWidget(dot);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setObjectName(QStringLiteral("messageTitle"));
    top->addWidget(m_title, 1);

    m_detailsButton->setObjectName(QStringLiteral("messageDetailsButton"));
    m_detailsButton->setText(tr("Details"));
    m_detailsButton->setCheckable(true);
    m_detailsButton->setAccessibleName(tr("Show details"));
    m_detailsButton->setVisible(!message.details.isEmpty());
    connect(m_detailsButton, &QToolButton::toggled, this, &MessageCard::setDetailsVisible);
    top->addWidget(m_detailsButton);

    m_copyButton->setText(tr("Copy"));
    m_copyButton->setAccessibleName(tr("Copy message"));
    m_copyButton->setToolTip(tr("Copy the message and its details"));
    connect(m_copyButton, &QToolButton::clicked, this, [this] {
        QString all = titleText() + QLatin1Char('\n') + bodyText();
        if (!m_message.details.isEmpty())
            all += QStringLiteral("\n\n") + m_message.details;
        QApplication::clipboard()->setText(all);
    });
    top->addWidget(m_copyButton);

    auto* close = new QToolButton(this);
    close->setObjectName(QStringLiteral("messageDismissButton"));
    close->setText(QStringLiteral("✕"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Dismiss"));
    close->setAccessibleName(tr("Dismiss message"));
    connect(close, &QToolButton::clicked, this, [this] { Q_EMIT dismissed(this); });
    top->addWidget(close);
    layout->addLayout(top);

    m_text->setObjectName(QStringLiteral("messageText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_text);

    m_details->setObjectName(QStringLiteral("messageDetails"));
    m_details->setReadOnly(true);
    m_details->setAccessibleName(tr("Message details"));
    m_details->setMaximumHeight(160);
    style::makeMonospace(m_details);
    m_details->setVisible(false);
    layout->addWidget(m_details);

    setAccessibleName(severityName(message.severity) + QStringLiteral(": ") + message.title);
    render();
}

void MessageCard::repeat(const UserMessage& message)
{
    m_message = message;
    ++m_repeats;
    render();
}

QString MessageCard::titleText() const
{
    return m_title->text();
}
QString MessageCard::bodyText() const
{
    return m_text->text();
}
QString MessageCard::detailsText() const
{
    return m_details->toPlainText();
}
bool MessageCard::detailsVisible() const
{
    return !m_details->isHidden();
}

void MessageCard::setDetailsVisible(bool visible)
{
    m_details->setVisible(visible);
    if (m_detailsButton->isChecked() != visible)
        m_detailsButton->setChecked(visible);
}

void MessageCard::render()
{
    m_title->setText(m_repeats > 1 ? tr("%1 (%n times)", nullptr, m_repeats).arg(m_message.title)
                                   : m_message.title);
    m_text->setText(m_message.text);
    m_text->setVisible(!m_message.text.isEmpty());
    m_details->setPlainText(m_message.details);
    m_detailsButton->setVisible(!m_message.details.isEmpty());
}

MessageArea::MessageArea(QWidget* parent)
    : QWidget(parent)
    , m_layout(new QVBoxLayout(this))
{
    setObjectName(QStringLiteral("messageArea"));
    setAccessibleName(tr("Messages"));
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(6);
    setVisible(false);
}

void MessageArea::post(const UserMessage& message)
{
    if (!message.key.isEmpty()) {
        for (MessageCard* card : std::as_const(m_cards)) {
            if (card->message().key == message.key) {
                card->repeat(message);
                return;
            }
        }
    }
    auto* card = new MessageCard(message, this);
    connect(card, &MessageCard::dismissed, this, &MessageArea::remove);
    m_layout->insertWidget(0, card);
    m_cards.prepend(card);
    while (m_cards.size() > MaxCards)
        remove(m_cards.last());
    setVisible(true);
}

void MessageArea::clearKey(const QString& key)
{
    if (key.isEmpty())
        return;
    const QList<MessageCard*> copy = m_cards;
    for (MessageCard* card : copy) {
        if (card->message().key == key)
            remove(card);
    }
}

void MessageArea::clearAll()
{
    const QList<MessageCard*> copy = m_cards;
    for (MessageCard* card : copy)
        remove(card);
}

void MessageArea::remove(MessageCard* card)
{
    if (!m_cards.removeOne(card))
        return;
    card->hide();
    card->deleteLater();
    setVisible(!m_cards.isEmpty());
}

} // namespace k8::app
