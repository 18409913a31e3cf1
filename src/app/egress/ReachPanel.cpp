// SPDX-License-Identifier: Apache-2.0
#include "egress/ReachPanel.h"

#include "style/Style.h"
#include "widgets/PlainText.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <numeric>

namespace k8::app {

using policy::MatchResult;
using policy::ReachFinding;

namespace {

// The domain a wildcard should cover: the last two labels, or three under a short second-level
// label of a two-letter country domain (example.co.uk). A heuristic, shown to the person before
// anything is added.
QString parentDomain(const QString& host)
{
    const QStringList labels = host.split(QLatin1Char('.'));
    if (labels.size() < 3)
        return labels.size() == 2 ? host : QString();
    int keep = 2;
    if (labels.last().size() == 2 && labels.at(labels.size() - 2).size() <= 3 && labels.size() >= 4)
        keep = 3;
    return labels.mid(labels.size() - keep).join(QLatin1Char('.'));
}

} // namespace

ReachPanel::ReachPanel(QWidget* parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_list(new QTreeWidget(this))
    , m_allow(new QPushButton(tr("Allo&w this host for this sandbox…"), this))
    // Mnemonics must not take the review's letters: Alt+A is Approve there.
    , m_editPolicy(new QPushButton(tr("Edit this sandbox's poli&cy…"), this))
    , m_allowMenu(new QMenu(this))
{
    setObjectName(QStringLiteral("reachPanel"));
    setAccessibleName(tr("What the code would reach"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_summary->setObjectName(QStringLiteral("reachSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setAccessibleDescription(tr("Summary of what the code would reach"));
    layout->addWidget(m_summary);
    m_list->setObjectName(QStringLiteral("reachList"));
    // The code's hosts and lines are the agent's text: the delegate shows tooltips as text.
    m_list->setItemDelegate(new PlainToolTipDelegate(m_list));
    m_list->setAccessibleName(tr("Destinations and risky operations"));
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setHeaderLabels({tr("Line"), tr("Found"), tr("Host or operation"), tr("Verdict")});
    m_list->header()->setStretchLastSection(true);
    m_list->setColumnWidth(LineColumn, 50);
    m_list->setColumnWidth(WhatColumn, 110);
    m_list->setColumnWidth(TargetColumn, 230);
    layout->addWidget(m_list, 1);
    auto* buttons = new QHBoxLayout;
    auto* hint =
        new QLabel(tr("A hint from patterns, not a guarantee: code can build hosts at run time."), this);
    hint->setObjectName(QStringLiteral("reachHint"));
    hint->setWordWrap(true);
    style::setForegroundTone(hint, style::Tone::Muted);
    m_allow->setObjectName(QStringLiteral("allowHostButton"));
    m_allow->setAccessibleName(tr("Allow this host for this sandbox"));
    m_editPolicy->setObjectName(QStringLiteral("editPolicyButton"));
    m_editPolicy->setAccessibleName(tr("Edit the chosen sandbox's network policy"));
    buttons->addWidget(hint, 1);
    buttons->addWidget(m_editPolicy);
    buttons->addWidget(m_allow);
    layout->addLayout(buttons);

    connect(m_list, &QTreeWidget::currentItemChanged, this, &ReachPanel::updateButton);
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        Q_EMIT lineActivated(item->data(LineColumn, Qt::UserRole).toInt());
    });
    connect(m_allow, &QPushButton::clicked, this, &ReachPanel::showAllowMenu);
    connect(m_editPolicy, &QPushButton::clicked, this, [this] {
        if (!m_sandbox.isEmpty())
            Q_EMIT editPolicyRequested(m_sandbox);
    });
    rebuild();
}

void ReachPanel::setInput(const QString& code, const QString& language, const QString& sandbox,
                          const policy::EgressRules& rules, const QList<policy::ReachFinding>* scanned)
{
    m_code = code;
    m_language = language;
    m_truncated = code.size() > MaxScannedChars;
    m_findings = scanned ? *scanned : policy::scanCodeForReview(code, language);
    setPolicy(sandbox, rules);
}

void ReachPanel::setPolicy(const QString& sandbox, const policy::EgressRules& rules)
{
    m_sandbox = sandbox;
    m_rules = rules;
    rebuild();
}

QStringList ReachPanel::verdicts() const
{
    QStringList result;
    for (int i = 0; i < m_findings.size(); ++i)
        result << (m_findings.at(i).kind == ReachFinding::Kind::Destination ? m_results.at(i).reason
                                                                            : QString());
    return result;
}

QList<int> ReachPanel::attentionLines() const
{
    QList<int> lines;
    for (int i = 0; i < m_findings.size(); ++i) {
        const bool attention = m_findings.at(i).kind == ReachFinding::Kind::Risk || m_sandbox.isEmpty() ||
                               !m_results.at(i).allowed();
        if (attention && !lines.contains(m_findings.at(i).line))
            lines << m_findings.at(i).line;
    }
    return lines;
}

QStringList ReachPanel::allowChoices(int index) const
{
    if (index < 0 || index >= m_findings.size() || m_sandbox.isEmpty())
        return {};
    const ReachFinding& finding = m_findings.at(index);
    if (finding.kind != ReachFinding::Kind::Destination || m_results.at(index).allowed() ||
        m_rules.mode == policy::EgressRules::Mode::Any)
        return {};
    QStringList choices{finding.host};
    const policy::EgressEntry asEntry = policy::EgressEntry::parse(finding.host);
    if (asEntry.kind == policy::EgressEntry::Kind::Name) {
        const QString domain = parentDomain(finding.host);
        if (!domain.isEmpty())
            choices << QStringLiteral("*.") + domain;
    }
    return choices;
}

int ReachPanel::selectedFinding() const
{
    const QTreeWidgetItem* item = m_list->currentItem();
    return item ? item->data(WhatColumn, Qt::UserRole).toInt() : -1;
}

void ReachPanel::selectFinding(int index)
{
    for (int row = 0; row < m_list->topLevelItemCount(); ++row) {
        if (m_list->topLevelItem(row)->data(WhatColumn, Qt::UserRole).toInt() == index)
            m_list->setCurrentItem(m_list->topLevelItem(row));
    }
}

void ReachPanel::requestAllow(const QString& entry)
{
    const int index = selectedFinding();
    if (!allowChoices(index).contains(entry))
        return;
    const ReachFinding& finding = m_findings.at(index);
    Q_EMIT allowHostRequested(
        m_sandbox, entry, tr("allowed from a review (line %1: %2)").arg(finding.line).arg(finding.source));
}

void ReachPanel::showAllowMenu()
{
    const QStringList choices = allowChoices(selectedFinding());
    if (choices.isEmpty())
        return;
    m_allowMenu->clear();
    for (const QString& choice : choices) {
        const QString text = choice.startsWith(QLatin1String("*."))
                                 ? tr("Allow %1 (every subdomain of %2)").arg(choice, choice.mid(2))
                                 : tr("Allow %1 (exactly this host)").arg(choice);
        QAction* action = m_allowMenu->addAction(text);
        connect(action, &QAction::triggered, this, [this, choice] { requestAllow(choice); });
    }
    m_allowMenu->popup(m_allow->mapToGlobal(QPoint(0, m_allow->height())));
}

void ReachPanel::rebuild()
{
    m_results.clear();
    m_list->clear();
    int blocked = 0;
    int destinations = 0;
    int risks = 0;
    const QList<policy::EntryCheck> checks = policy::checkEntries(m_rules.items);
    QList<QTreeWidgetItem*> items;
    QList<int> ranks; // 0: blocked, 1: risky or unchecked, 2: allowed; the list is sorted by it
    for (int i = 0; i < m_findings.size(); ++i) {
        const ReachFinding& finding = m_findings.at(i);
        auto* item = new QTreeWidgetItem;
        items << item;
        ranks << 1;
        item->setText(LineColumn, QString::number(finding.line));
        item->setData(LineColumn, Qt::UserRole, finding.line);
        item->setData(WhatColumn, Qt::UserRole, i);
        item->setText(WhatColumn, finding.source);
        MatchResult result;
        if (finding.kind == ReachFinding::Kind::Destination) {
            ++destinations;
            result = policy::match(m_rules, checks, policy::Destination::parse(finding.destination()));
            item->setText(TargetColumn, finding.destination());
            item->setToolTip(TargetColumn, finding.detail);
            if (m_sandbox.isEmpty()) {
                // A review's code runs in the agent, outside kosa8 (or a run's sandbox is not known yet):
                // nothing would stop the connection.
                item->setText(VerdictColumn, tr("no sandbox policy"));
            } else {
                item->setText(VerdictColumn, result.reason);
                QColor colour = style::errorColor();
                if (result.allowed())
                    colour = style::successColor();
                else if (result.verdict == MatchResult::Verdict::Simulated)
                    colour = style::warningColor();
                item->setForeground(VerdictColumn, colour);
                if (!result.allowed())
                    ++blocked;
                ranks.last() = result.allowed() ? 2 : 0;
            }
        } else {
            ++risks;
            item->setText(TargetColumn, finding.detail);
            item->setText(VerdictColumn, tr("risky: read this line"));
            item->setIcon(WhatColumn, style::icon(QStringLiteral("warning")));
            item->setForeground(VerdictColumn, style::warningColor());
        }
        item->setToolTip(VerdictColumn, item->text(VerdictColumn));
        if (finding.kind == ReachFinding::Kind::Risk)
            item->setToolTip(TargetColumn, finding.detail);
        m_results << result;
    }
    // What the person must see first comes first: a blocked host never waits below the fold.
    QList<int> order(items.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&ranks](int a, int b) { return ranks.at(a) < ranks.at(b); });
    for (int index : order)
        m_list->addTopLevelItem(items.at(index));
    fitList();
    // An empty table under "nothing found" only took the code's room.
    m_list->setVisible(!m_findings.isEmpty());
    if (m_findings.isEmpty()) {
        m_summary->setText(tr("No network destinations or risky operations found."));
    } else if (m_sandbox.isEmpty()) {
        m_summary->setText(tr("Destinations: %1; risky operations: %2. No sandbox policy applies to them.")
                               .arg(destinations)
                               .arg(risks));
    } else {
        m_summary->setText(tr("Destinations: %1, %2 blocked by the policy of %3; risky operations: %4.")
                               .arg(destinations)
                               .arg(blocked)
                               .arg(m_sandbox)
                               .arg(risks));
    }
    if (m_truncated)
        m_summary->setText(m_summary->text() + QLatin1Char(' ') +
                           tr("Only the first %1 KiB of the code were scanned.").arg(MaxScannedChars / 1024));
    updateButton();
}

void ReachPanel::fitList()
{
    // As tall as its rows, up to MaxShownRows (more scroll, the blocked ones on top): sized by
    // the layout, a card gave it about one row and left the space below it empty.
    const int rows = qBound(1, m_list->topLevelItemCount(), MaxShownRows);
    const int rowHeight =
        m_list->topLevelItemCount() > 0 ? m_list->sizeHintForRow(0) : m_list->fontMetrics().lineSpacing() + 4;
    m_list->setFixedHeight(m_list->header()->sizeHint().height() + rows * rowHeight +
                           2 * m_list->frameWidth() + (m_list->topLevelItemCount() > MaxShownRows ? 0 : 2));
    // The line, the kind and the host as wide as they are written, the verdict gets the rest
    // (its full text is in its tooltip, too).
    for (int column : {LineColumn, WhatColumn, TargetColumn})
        m_list->resizeColumnToContents(column);
}

void ReachPanel::updateButton()
{
    const QStringList choices = allowChoices(selectedFinding());
    m_editPolicy->setEnabled(!m_sandbox.isEmpty());
    m_allow->setEnabled(!choices.isEmpty());
    m_allow->setToolTip(
        choices.isEmpty()
            ? tr("Select a blocked host in the list")
            : tr("Offers %1; you see the change before it is applied").arg(choices.join(tr(" or "))));
}

} // namespace k8::app
