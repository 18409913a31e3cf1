// SPDX-License-Identifier: Apache-2.0
#include "inbox/RequestEndBanner.h"

#include "agent/payload/HiddenText.h"
#include "style/Style.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace k8::app {

RequestEndBanner::RequestEndBanner(QWidget* parent)
    : QFrame(parent)
    , m_text(new QLabel(this))
    , m_next(new QPushButton(tr("&Next request"), this))
{
    setObjectName(QStringLiteral("requestEndBanner"));
    setAccessibleName(tr("Request ended"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    // A tint of the warning colour over the window: reads on light and dark palettes alike, and
    // is mixed again when the theme changes.
    style::followPalette(this, [this] {
        QPalette tinted;
        const QColor window = QApplication::palette().color(QPalette::Window);
        const QColor warning = style::warningColor();
        tinted.setColor(QPalette::Window, QColor::fromRgbF(window.redF() * 0.75f + warning.redF() * 0.25f,
                                                           window.greenF() * 0.75f + warning.greenF() * 0.25f,
                                                           window.blueF() * 0.75f + warning.blueF() * 0.25f));
        setPalette(tinted);
    });

    m_text->setObjectName(QStringLiteral("requestEndText"));
    m_text->setAccessibleDescription(tr("Why the request ended"));
    m_text->setTextFormat(Qt::PlainText); // a rule name or reason can come from elsewhere
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    QFont bold = m_text->font();
    bold.setBold(true);
    m_text->setFont(bold);

    m_next->setObjectName(QStringLiteral("nextRequestButton"));
    m_next->setAccessibleName(tr("Next request"));
    m_next->setToolTip(tr("Show the next waiting request (J or Enter)"));
    m_next->setAutoDefault(false);
    connect(m_next, &QPushButton::clicked, this, &RequestEndBanner::nextRequested);

    auto* layout = new QHBoxLayout(this);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_next);
    hide();
}

QString RequestEndBanner::messageFor(agent::RequestEnd end, const agent::Request& request,
                                     const QString& decidedBy)
{
    using agent::RequestEnd;
    const QString closing = tr("Nothing can be decided on it any more.");
    switch (end) {
    case RequestEnd::TimedOut:
        return request.timeoutS > 0 ? tr("This request timed out after %n s and was rejected automatically.",
                                         nullptr, request.timeoutS)
                                    : tr("This request timed out and was rejected automatically.");
    case RequestEnd::Withdrawn:
        return tr("The agent withdrew this request (it cancelled it or disconnected). Nothing was run.");
    case RequestEnd::Shutdown:
        return tr("This request was rejected because kosa8 Desk is quitting.");
    case RequestEnd::Rule:
        return tr("The standing rule \"%1\" decided this request. %2")
            .arg(agent::HiddenText::revealedInline(agent::ruleNameFrom(decidedBy)), closing);
    case RequestEnd::Person:
        return tr("You decided this request.");
    case RequestEnd::Elsewhere:
        return tr("Someone resumed this interrupt outside kosa8 Desk (LangGraph Studio, another reviewer or "
                  "the SDK) while you had it in view. %1")
            .arg(closing);
    case RequestEnd::Other:
    case RequestEnd::Pending:
        break;
    }
    return tr("This request ended without your decision (%1). %2")
        .arg(agent::HiddenText::revealedInline(decidedBy), closing);
}

void RequestEndBanner::showEnd(agent::RequestEnd end, const agent::Request& request, const QString& decidedBy)
{
    if (end == agent::RequestEnd::Pending) {
        clear();
        return;
    }
    m_text->setText(messageFor(end, request, decidedBy));
    show();
}

void RequestEndBanner::clear()
{
    m_text->clear();
    hide();
}

QString RequestEndBanner::text() const
{
    return m_text->text();
}

} // namespace k8::app
