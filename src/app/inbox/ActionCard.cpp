// SPDX-License-Identifier: Apache-2.0
#include "inbox/ActionCard.h"

#include "editor/CodeEditor.h"
#include "editor/DiffView.h"
#include "widgets/FitToLines.h"

#include <QAbstractTextDocumentLayout>
#include <QFocusEvent>
#include <QLabel>
#include <QPainter>
#include <QSplitter>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <utility>

namespace k8::app {

ActionCard::ActionCard(QWidget* parent)
    : QFrame(parent)
    , m_layout(new QVBoxLayout(this))
    , m_header(new QLabel(this))
    , m_state(new QLabel(this))
    , m_currentMark(new QLabel(tr("deciding now"), this))
    , m_prose(new QLabel(this))
    , m_foldedButton(new QToolButton(this))
    , m_foldedProse(new QLabel(this))
    // The diff goes under the code, at the card's full width: beside it, a side-by-side diff
    // would split a laptop screen into three narrow columns.
    , m_codeSplitter(new QSplitter(Qt::Vertical, this))
    , m_code(new CodeEditor(m_codeSplitter))
    , m_diff(new DiffView(m_codeSplitter))
    , m_codeNotShown(new QLabel(this))
    , m_argsLabel(new QLabel(this))
    , m_args(new CodeEditor(this))
    , m_argsNotShown(new QLabel(this))
{
    setAccessibleName(tr("Action"));
    setObjectName(QStringLiteral("actionCard"));
    // Everything here may be agent text: plain text only, never markup.
    for (QLabel* label : {m_header, m_state, m_currentMark, m_prose, m_foldedProse, m_argsLabel,
                          m_codeNotShown, m_argsNotShown})
        label->setTextFormat(Qt::PlainText);
    m_header->setObjectName(QStringLiteral("cardHeader"));
    m_header->setAccessibleDescription(tr("Action"));
    m_header->setWordWrap(true);
    QFont bold = m_header->font();
    bold.setBold(true);
    m_header->setFont(bold);
    m_state->setObjectName(QStringLiteral("cardState"));
    m_state->setAccessibleDescription(tr("Decision on this action"));
    m_state->setWordWrap(true);
    m_currentMark->setObjectName(QStringLiteral("cardCurrentMark"));
    m_currentMark->setFont(bold);
    m_currentMark->hide();
    m_prose->setObjectName(QStringLiteral("cardProse"));
    m_prose->setAccessibleDescription(tr("What the agent says about this action"));
    m_prose->setWordWrap(true);
    m_prose->setTextInteractionFlags(Qt::TextSelectableByKeyboard | Qt::TextSelectableByMouse);
    // The middleware's "Tool: … Args: {…}" repeats the arguments formatted below: folded, one
    // key press away, so that it is there to compare but does not read twice.
    m_foldedButton->setObjectName(QStringLiteral("foldedProseButton"));
    m_foldedButton->setCheckable(true);
    m_foldedButton->setArrowType(Qt::RightArrow);
    m_foldedButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_foldedButton->setText(tr("The middleware's own text of the call"));
    m_foldedButton->setAccessibleName(tr("Show the middleware's own text of the call"));
    m_foldedButton->setToolTip(
        tr("LangChain's middleware wrote the tool and its arguments into the description; "
           "the arguments are shown formatted below"));
    m_foldedButton->hide();
    m_foldedProse->setObjectName(QStringLiteral("foldedProse"));
    m_foldedProse->setAccessibleDescription(tr("The middleware's own text of the call"));
    m_foldedProse->setWordWrap(true);
    m_foldedProse->setTextInteractionFlags(Qt::TextSelectableByKeyboard | Qt::TextSelectableByMouse);
    m_foldedProse->hide();
    connect(m_foldedButton, &QToolButton::toggled, this, [this](bool open) {
        m_foldedButton->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_foldedButton->setAccessibleName(open ? tr("Hide the middleware's own text of the call")
                                               : tr("Show the middleware's own text of the call"));
        m_foldedProse->setVisible(open);
    });
    // A request's arrival puts its code in view: a piece at a time, so that a long code does not
    // hold the window for longer than a frame (CodeEditor::setLoadsInPieces()). The review does
    // not take an approval until both are in (ReviewView::updateDecisionState()).
    for (CodeEditor* editor : {m_code, m_args}) {
        editor->setLoadsInPieces(true);
        connect(editor, &CodeEditor::codeLoaded, this, [this] {
            if (!isLoading())
                Q_EMIT loaded();
        });
    }
    m_code->setObjectName(QStringLiteral("codeEditor"));
    m_code->setAccessibleName(tr("Code to review"));
    m_code->setEditable(false);
    m_diff->setObjectName(QStringLiteral("diffView"));
    m_diff->setAccessibleName(tr("Changes to the code"));
    m_diff->hide();
    m_codeSplitter->setChildrenCollapsible(false);
    m_codeSplitter->setStretchFactor(0, 1);
    m_codeSplitter->setStretchFactor(1, 1);
    // What of a very long text is not shown, right under it, in words a screen reader reads too.
    m_codeNotShown->setObjectName(QStringLiteral("codeNotShownLabel"));
    m_codeNotShown->setAccessibleDescription(tr("Code not shown"));
    m_argsNotShown->setObjectName(QStringLiteral("argsNotShownLabel"));
    m_argsNotShown->setAccessibleDescription(tr("Arguments not shown"));
    for (QLabel* note : {m_codeNotShown, m_argsNotShown}) {
        note->setWordWrap(true);
        note->setFont(bold);
        note->hide();
    }
    m_argsLabel->setObjectName(QStringLiteral("argsLabel"));
    m_args->setObjectName(QStringLiteral("argsEditor"));
    m_args->setAccessibleName(tr("Arguments as JSON"));
    m_args->setLanguage(QStringLiteral("json"));
    m_args->setEditable(false);

    auto* headerRow = new QHBoxLayout;
    headerRow->addWidget(m_header, 1);
    headerRow->addWidget(m_state);
    headerRow->addWidget(m_currentMark);

    m_layout->setContentsMargins(8, 6, 8, 8);
    m_layout->addLayout(headerRow);
    m_layout->addWidget(m_prose);
    m_layout->addWidget(m_foldedButton, 0, Qt::AlignLeft);
    m_layout->addWidget(m_foldedProse);
    m_layout->addWidget(m_codeSplitter);
    m_layout->addWidget(m_codeNotShown);
    m_layout->addWidget(m_argsLabel);
    m_layout->addWidget(m_args);
    m_layout->addWidget(m_argsNotShown);

    connect(m_diff, &DiffView::rowsLaidOut, this, &ActionCard::fitEditors);
    for (CodeEditor* editor : {m_code, m_args}) {
        connect(editor->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
                &ActionCard::fitEditors);
    }
    for (QWidget* widget : findChildren<QWidget*>())
        watch(widget);
    fitEditors();
}

void ActionCard::watch(QWidget* widget)
{
    widget->installEventFilter(this);
}

void ActionCard::setHeader(const QString& header, const QString& state)
{
    m_header->setText(header);
    m_state->setText(state);
    // A screen reader names the card as the eye reads it: "Action 2 of 3 · python_repl".
    setAccessibleName(header.isEmpty() ? tr("Action") : header);
    m_header->setVisible(!header.isEmpty());
    m_state->setVisible(!header.isEmpty() && !state.isEmpty());
    m_currentMark->setVisible(m_current && !header.isEmpty());
}

void ActionCard::setProse(const QString& prose, const QString& folded)
{
    m_prose->setText(prose);
    m_prose->setVisible(!prose.isEmpty());
    if (folded != m_foldedProse->text())
        m_foldedButton->setChecked(false); // another call's text starts folded
    m_foldedProse->setText(folded);
    m_foldedButton->setVisible(!folded.isEmpty());
    m_foldedProse->setVisible(!folded.isEmpty() && m_foldedButton->isChecked());
}

void ActionCard::setCodeVisible(bool visible)
{
    m_code->setVisible(visible);
    m_codeSplitter->setVisible(visible);
    updateNotShownNotes();
}

void ActionCard::setArgsVisible(bool visible, const QString& label)
{
    m_argsLabel->setText(label);
    m_argsLabel->setVisible(visible);
    m_args->setVisible(visible);
    updateNotShownNotes();
    fitEditors();
}

void ActionCard::updateNotShownNotes()
{
    const auto note = [](QLabel* label, const CodeEditor* editor, bool shown) {
        const QString text = shown ? editor->shownText().notShownText() : QString();
        label->setText(text);
        label->setVisible(!text.isEmpty());
    };
    note(m_codeNotShown, m_code, !m_code->isHidden());
    note(m_argsNotShown, m_args, !m_args->isHidden());
}

bool ActionCard::isPartlyShown() const
{
    return (!m_code->isHidden() && m_code->isPartlyShown()) ||
           (!m_args->isHidden() && m_args->isPartlyShown());
}

bool ActionCard::isLoading() const
{
    return m_code->isLoading() || m_args->isLoading();
}

void ActionCard::setDiffVisible(bool visible)
{
    if (visible && m_diffStale) {
        m_diffStale = false;
        m_diff->setTexts(std::exchange(m_diffOriginal, {}), std::exchange(m_diffEdited, {}));
    }
    if (visible == m_diff->isVisibleTo(this))
        return;
    m_diff->setVisible(visible);
    if (visible)
        fitEditors();
}

void ActionCard::setDiffTexts(const QString& original, const QString& edited)
{
    if (m_diff->isVisibleTo(this)) {
        m_diff->setTexts(original, edited);
        return;
    }
    // The last diff's documents go now (they may hold thousands of rows); cheap while they are
    // empty already.
    if (!m_diffStale)
        m_diff->setTexts(QString(), QString());
    m_diffOriginal = original;
    m_diffEdited = edited;
    m_diffStale = true;
}

void ActionCard::setDiffEdited(const QString& edited)
{
    if (m_diffStale)
        m_diffEdited = edited;
    else
        m_diff->setEdited(edited);
}

void ActionCard::placeBelowCode(QWidget* widget)
{
    if (widget->parentWidget() == this)
        return;
    m_layout->insertWidget(m_layout->indexOf(m_codeSplitter) + 1, widget);
    watch(widget);
}

void ActionCard::setCurrent(bool current)
{
    if (current == m_current)
        return;
    m_current = current;
    m_currentMark->setVisible(current && !m_header->isHidden());
    update();
}

bool ActionCard::eventFilter(QObject* watched, QEvent* event)
{
    // Clicking or tabbing into any part of the card makes it the one the decision buttons act on.
    // The focus coming back with the window (or from a popup) is not the person choosing a card.
    if (event->type() == QEvent::FocusIn) {
        const Qt::FocusReason reason = static_cast<QFocusEvent*>(event)->reason();
        if (reason != Qt::ActiveWindowFocusReason && reason != Qt::PopupFocusReason)
            Q_EMIT activated();
    } else if (event->type() == QEvent::MouseButtonPress) {
        Q_EMIT activated();
    }
    if (event->type() == QEvent::Resize && (watched == m_code || watched == m_args))
        QTimer::singleShot(0, this, &ActionCard::fitEditors); // wrapped lines follow the width
    return QFrame::eventFilter(watched, event);
}

void ActionCard::mousePressEvent(QMouseEvent* event)
{
    Q_EMIT activated();
    QFrame::mousePressEvent(event);
}

void ActionCard::paintEvent(QPaintEvent* event)
{
    QFrame::paintEvent(event);
    // The current card is framed in the highlight colour, the others faintly: which action the
    // buttons decide on is plain at a glance.
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const int width = m_current ? 3 : 1;
    QPen pen(m_current ? palette().color(QPalette::Highlight) : palette().color(QPalette::Mid), width);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    const qreal inset = width / 2.0;
    painter.drawRoundedRect(QRectF(rect()).adjusted(inset, inset, -inset, -inset), 4, 4);
}

void ActionCard::changeEvent(QEvent* event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        fitEditors();
}

void ActionCard::fitEditors()
{
    fitHeightToLines(m_code, MinCodeLines, MaxCodeLines);
    fitHeightToLines(m_args, 1, MaxArgsLines);
    // The diff under the code is as high as its rows (one line while nothing has changed), up to
    // as many lines as the code may take: a fixed minimum left an unchanged diff 300 px of nothing.
    m_diff->setFixedHeight(m_diff->fittingHeight(MaxCodeLines));
}

} // namespace k8::app
