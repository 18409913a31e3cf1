// SPDX-License-Identifier: Apache-2.0
#include "firststart/FirstStartCard.h"

#include "style/Style.h"

#include <QLabel>
#include <QVBoxLayout>

namespace k8::app {

FirstStartCard::FirstStartCard(const QString& title, const QString& text, QWidget* parent)
    : QFrame(parent)
    , m_title(new QLabel(title, this))
    , m_contents(new QVBoxLayout(this))
{
    setObjectName(QStringLiteral("firstStartCard"));
    setFrameShape(QFrame::StyledPanel);
    const QColor border = palette().color(QPalette::Mid);
    setStyleSheet(QStringLiteral("QFrame#firstStartCard { border: 1px solid %1; border-radius: 8px; }")
                      .arg(border.name()));
    m_contents->setContentsMargins(18, 16, 18, 16);
    m_contents->setSpacing(8);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    m_title->setTextFormat(Qt::PlainText);
    m_contents->addWidget(m_title);
    auto* body = new QLabel(text, this);
    body->setTextFormat(Qt::PlainText);
    body->setWordWrap(true);
    m_contents->addWidget(body);
}

void FirstStartCard::showResult(QLabel* label, const QString& text, bool ok)
{
    label->setTextFormat(Qt::PlainText);
    label->setText(text);
    label->setStyleSheet(
        QStringLiteral("color: %1;").arg((ok ? style::successColor() : style::errorColor()).name()));
    label->setVisible(!text.isEmpty());
}

} // namespace k8::app
