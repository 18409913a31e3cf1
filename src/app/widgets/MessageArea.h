// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "plumbing/UserMessage.h"

#include <QFrame>
#include <QList>

class QLabel;
class QPlainTextEdit;
class QToolButton;
class QVBoxLayout;

namespace k8::app {

// One message card: severity stripe, title, text, optional details on click, dismiss.
class MessageCard : public QFrame
{
    Q_OBJECT
public:
    explicit MessageCard(const UserMessage& message, QWidget* parent = nullptr);

    const UserMessage& message() const { return m_message; }
    // A repeat of the same key: new text, repeat counter in the title.
    void repeat(const UserMessage& message);
    int repeatCount() const { return m_repeats; }
    QString titleText() const;
    QString bodyText() const;
    QString detailsText() const;
    bool detailsVisible() const;

public Q_SLOTS:
    void setDetailsVisible(bool visible);

Q_SIGNALS:
    void dismissed(k8::app::MessageCard* card);

private:
    void render();
    UserMessage m_message;
    int m_repeats = 1;
    QLabel* m_title;
    QLabel* m_text;
    QToolButton* m_detailsButton;
    QToolButton* m_copyButton;
    QPlainTextEdit* m_details;
};

// The non-modal message area at the top of the main window: a short stack of cards, newest
// first, at most MaxCards (older ones drop off). Hidden when empty.
class MessageArea : public QWidget
{
    Q_OBJECT
public:
    explicit MessageArea(QWidget* parent = nullptr);

    static constexpr int MaxCards = 4;
    QList<MessageCard*> cards() const { return m_cards; }
    int count() const { return int(m_cards.size()); }

public Q_SLOTS:
    void post(const k8::app::UserMessage& message);
    // Removes the card with this key (e.g. when a refresh succeeds again).
    void clearKey(const QString& key);
    void clearAll();

private:
    void remove(MessageCard* card);
    QVBoxLayout* m_layout;
    QList<MessageCard*> m_cards;
};

} // namespace k8::app
