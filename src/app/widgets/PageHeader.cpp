// SPDX-License-Identifier: Apache-2.0
#include "widgets/PageHeader.h"

#include "style/Style.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace k8::app {

PageHeader::PageHeader(const QString& title, const QString& subtitle, QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(title, this))
    , m_subtitle(new QLabel(subtitle, this))
    , m_controls(new QHBoxLayout)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* texts = new QVBoxLayout;
    texts->setSpacing(2);
    m_title->setObjectName(QStringLiteral("pageTitle"));
    m_title->setFont(style::headerFont(font()));
    m_title->setAccessibleName(title);
    m_subtitle->setObjectName(QStringLiteral("pageSubtitle"));
    m_subtitle->setWordWrap(true);
    // Muted: the palette's placeholder colour reads on light and dark themes (and follows a switch).
    style::setForegroundTone(m_subtitle, style::Tone::Muted);
    texts->addWidget(m_title);
    texts->addWidget(m_subtitle);
    layout->addLayout(texts, 1);
    m_controls->setSpacing(6);
    layout->addLayout(m_controls);
}

void PageHeader::addWidget(QWidget* widget)
{
    m_controls->addWidget(widget, 0, Qt::AlignBottom);
}

void PageHeader::setSubtitle(const QString& subtitle)
{
    m_subtitle->setText(subtitle);
}

} // namespace k8::app
