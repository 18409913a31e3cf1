// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QHBoxLayout;
class QLabel;

namespace k8::app {

// The header at the top of each page: a large title, a one-line explanation under it, and the
// page's main controls on the right. Keeps every page laid out the same way.
class PageHeader : public QWidget
{
    Q_OBJECT
public:
    PageHeader(const QString& title, const QString& subtitle, QWidget* parent = nullptr);

    void addWidget(QWidget* widget);
    void setSubtitle(const QString& subtitle);
    QLabel* titleLabel() const { return m_title; }
    QLabel* subtitleLabel() const { return m_subtitle; }

private:
    QLabel* m_title;
    QLabel* m_subtitle;
    QHBoxLayout* m_controls;
};

} // namespace k8::app
