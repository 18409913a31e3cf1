// SPDX-License-Identifier: Apache-2.0
#include "agent/review/ReviewState.h"

#include "agent/payload/PreparedText.h"
#include "agent/review/DecisionNotice.h"

#include "kosa8/Names.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

namespace k8::agent {

namespace {

// Values per piece when a large array or object is formatted in pieces.
constexpr qsizetype FormatPieceSize = 64 * 1024;

// Appends the indented JSON of `piece` (an array or object of some of the values) without its
// brackets: exactly the lines those values take inside the whole at the first level of
// indentation, as QJsonDocument writes each value the same wherever it stands.
void appendPiece(const QJsonDocument& piece, QString* out)
{
    const QByteArray json = piece.toJson(QJsonDocument::Indented); // "[\n" ... "\n]\n"
    out->append(QString::fromUtf8(json.constData() + 2, json.size() - 5));
}

// QJsonDocument's indented form of a large array or object, written in pieces of
// FormatPieceSize values: the whole in UTF-8 and again in UTF-16 at once would cost three times
// the text (a payload of millions of small values formats to tens of megabytes).
template <typename Container, typename Add>
QString formatInPieces(const Container& container, QLatin1String open, QLatin1String close, Add add)
{
    QString out = open + QLatin1Char('\n');
    Container piece;
    qsizetype inPiece = 0;
    bool first = true;
    const auto flush = [&] {
        if (!first)
            out.append(QLatin1String(",\n"));
        appendPiece(QJsonDocument(piece), &out);
        first = false;
        piece = Container();
        inPiece = 0;
    };
    for (auto it = container.begin(); it != container.end(); ++it) {
        add(&piece, it);
        if (++inPiece == FormatPieceSize)
            flush();
    }
    if (inPiece > 0)
        flush();
    out.append(QLatin1Char('\n') + close);
    return out;
}

} // namespace

QString formatJsonForReview(const QJsonValue& value)
{
    if (value.isArray() && value.toArray().size() > FormatPieceSize) {
        return formatInPieces(value.toArray(), QLatin1String("["), QLatin1String("]"),
                              [](QJsonArray* piece, QJsonArray::const_iterator it) { piece->append(*it); });
    }
    if (value.isObject() && value.toObject().size() > FormatPieceSize) {
        return formatInPieces(
            value.toObject(), QLatin1String("{"), QLatin1String("}"),
            [](QJsonObject* piece, QJsonObject::const_iterator it) { piece->insert(it.key(), it.value()); });
    }
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented)).trimmed();
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented)).trimmed();
    if (value.isUndefined())
        return {};
    // A scalar: serialise it inside an array and drop the brackets.
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2));
}

bool RunPlaceFacts::hasImage(const QString& sandbox, const QString& image) const
{
    // kosa8 names an image without a tag as its "latest" (as container engines do).
    auto normalised = [](const QString& reference) {
        const qsizetype slash = reference.lastIndexOf(QLatin1Char('/'));
        const bool tagged =
            reference.indexOf(QLatin1Char(':'), slash + 1) >= 0 || reference.contains(QLatin1Char('@'));
        return tagged ? reference : reference + QLatin1String(":latest");
    };
    const auto it = imagesBySandbox.constFind(sandbox);
    if (it == imagesBySandbox.constEnd() || image.isEmpty())
        return false;
    const QString wanted = normalised(image);
    for (const QString& pulled : *it) {
        if (normalised(pulled.trimmed()) == wanted)
            return true;
    }
    return false;
}

ReviewState::ReviewState(const Request& request)
    : m_request(request)
{
    m_actions.reserve(request.actions.size());
    for (int i = 0; i < request.actions.size(); ++i) {
        ActionWork work;
        work.code = request.actions.at(i).code;
        m_actions.append(work);
        // Formatted once: a payload of millions of values takes a large fraction of a second to
        // format and as many megabytes to hold, and the text is asked for on every update. A large
        // request arrives with it formatted off the UI thread.
        const PreparedText* prepared = request.actions.at(i).preparedArgs.get();
        m_actions.last().originalArgsText = prepared ? prepared->text : formatArgsForReview(request, i);
        m_actions.last().argsText = m_actions.last().originalArgsText;
    }
    if (isRun()) {
        m_runSandbox = request.run.sandbox;
        m_runImage = request.run.image;
    }
}

void ReviewState::dropAgentTexts()
{
    if (!isEnded())
        return;
    m_request.payload = QJsonValue();
    m_request.payloadCanonical.clear();
    m_request.payloadCanonical.squeeze();
    m_request.run.code.clear();
    for (ReviewAction& action : m_request.actions) {
        action.args = QJsonObject();
        action.code.clear();
        action.preparedCode.reset();
        action.preparedArgs.reset();
    }
    for (ActionWork& work : m_actions) {
        work.code.clear();
        work.originalArgsText.clear();
        work.argsText.clear();
    }
}

bool ReviewState::allows(int index, DecisionKind kind) const
{
    return isValidAction(index) && m_request.actions.at(index).allowed.contains(kind);
}

bool ReviewState::hasCode(int index) const
{
    return isValidAction(index) && (isRun() || !m_request.actions.at(index).codeField.isEmpty());
}

QString ReviewState::originalCode(int index) const
{
    return isValidAction(index) ? m_request.actions.at(index).code : QString();
}

QString ReviewState::originalArgsText(int index) const
{
    return isValidAction(index) ? m_actions.at(index).originalArgsText : QString();
}

namespace {

QJsonObject argsWithoutCode(const ReviewAction& action)
{
    QJsonObject args = action.args;
    if (!action.codeField.isEmpty())
        args.remove(action.codeField);
    return args;
}

} // namespace

QJsonObject ReviewState::originalArgsWithoutCode(int index) const
{
    return argsWithoutCode(m_request.actions.at(index));
}

QString formatArgsForReview(const Request& request, int index)
{
    if (index < 0 || index >= request.actions.size() || request.method == Method::Run)
        return {}; // a run's args are its code and language, both shown elsewhere
    if (request.shape == PayloadShape::Generic && !request.payload.isObject())
        return formatJsonForReview(request.payload);
    const QJsonObject args = argsWithoutCode(request.actions.at(index));
    return args.isEmpty() ? QString() : formatJsonForReview(args);
}

void prepareReviewTexts(Request* request)
{
    for (int i = 0; i < request->actions.size(); ++i) {
        ReviewAction& action = request->actions[i];
        // What the review shows as code (ReviewState::hasCode) and as the other arguments.
        if (request->method == Method::Run || !action.codeField.isEmpty())
            action.preparedCode = std::make_shared<const PreparedText>(
                PreparedText::ofCode(action.code, codeLanguageFor(*request, i)));
        const QString args = formatArgsForReview(*request, i);
        if (!args.isEmpty())
            action.preparedArgs = std::make_shared<const PreparedText>(PreparedText::of(args));
    }
}

const PreparedText* ReviewState::preparedCode(int index) const
{
    if (!isValidAction(index))
        return nullptr;
    const PreparedText* prepared = m_request.actions.at(index).preparedCode.get();
    return prepared && prepared->isFor(m_actions.at(index).code) ? prepared : nullptr;
}

const PreparedText* ReviewState::preparedArgs(int index) const
{
    if (!isValidAction(index))
        return nullptr;
    const PreparedText* prepared = m_request.actions.at(index).preparedArgs.get();
    return prepared && prepared->isFor(m_actions.at(index).argsText) ? prepared : nullptr;
}

bool ReviewState::hasOtherArgs(int index) const
{
    // Edited arguments count too: they must stay in view once typed.
    return isValidAction(index) && (!originalArgsText(index).isEmpty() || !argsText(index).isEmpty());
}

QStringList ReviewState::argsFoldedIntoProse(int index) const
{
    // Only a small plain payload's: a large one's arguments were formatted off the UI thread and
    // are shown as they are (formatting them again here would stall the window).
    if (!isValidAction(index) || isEditing(index) || areArgsEdited(index) ||
        m_request.shape != PayloadShape::Generic || !m_request.payload.isObject() ||
        m_request.actions.at(index).preparedArgs)
        return {};
    const QJsonObject args = argsWithoutCode(m_request.actions.at(index));
    QStringList folded;
    for (const char* key : {"question", "description"}) { // as prose() reads them
        const QJsonValue value = args.value(QLatin1String(key));
        if (value.isString() && !value.toString().trimmed().isEmpty())
            folded.append(QLatin1String(key));
    }
    return folded;
}

QString ReviewState::argsTextShown(int index) const
{
    const QStringList folded = argsFoldedIntoProse(index);
    if (folded.isEmpty())
        return argsText(index);
    QJsonObject args = argsWithoutCode(m_request.actions.at(index));
    for (const QString& key : folded)
        args.remove(key);
    return args.isEmpty() ? QString() : formatJsonForReview(args);
}

QString ReviewState::codeLanguage(int index) const
{
    return codeLanguageFor(m_request, index);
}

QString codeLanguageFor(const Request& request, int index)
{
    if (request.method == Method::Run)
        return request.run.language;
    if (index < 0 || index >= request.actions.size())
        return QStringLiteral("python");
    const ReviewAction& action = request.actions.at(index);
    return codeLanguageFor(action.args, action.codeField);
}

QString codeLanguageFor(const QJsonObject& args, const QString& codeField)
{
    const QJsonValue language = args.value(QLatin1String("language"));
    if (language.isString())
        return language.toString().toLower();
    if (codeField == u"command")
        return QStringLiteral("bash");
    return QStringLiteral("python");
}

QString ReviewState::prose(int index) const
{
    if (!isValidAction(index))
        return {};
    if (m_request.shape == PayloadShape::Generic) {
        QStringList parts;
        const QJsonObject payload = m_request.payload.toObject();
        for (const char* key : {"question", "description"}) {
            const QString text = payload.value(QLatin1String(key)).toString();
            if (!text.trimmed().isEmpty() && !parts.contains(text))
                parts.append(text);
        }
        return parts.join(QStringLiteral("\n\n"));
    }
    return m_request.actions.at(index).description;
}

ReviewState::ProseParts ReviewState::proseParts(int index) const
{
    const QString whole = prose(index);
    if (!isValidAction(index) ||
        (m_request.shape != PayloadShape::HumanInTheLoop && m_request.shape != PayloadShape::ToolApproval))
        return {whole, {}};
    // The middleware's own text, exactly: "<prefix>\n\nTool: <name>\nArgs: <dict>", the dict on one
    // line (Python escapes line ends in a repr). Anything else is the agent's and is shown whole.
    const QString tool = QStringLiteral("Tool: %1\nArgs: {").arg(m_request.actions.at(index).name);
    const qsizetype at = whole.lastIndexOf(tool);
    if (at < 0 || (at > 0 && !QStringView(whole).first(at).endsWith(u"\n\n")) || !whole.endsWith(u'}') ||
        QStringView(whole).sliced(at + tool.size()).contains(u'\n'))
        return {whole, {}};
    return {whole.first(at > 0 ? at - 2 : 0), whole.sliced(at)};
}

bool ReviewState::isEditing(int index) const
{
    return isValidAction(index) && m_actions.at(index).editing;
}

bool ReviewState::setEditing(int index, bool editing)
{
    if (!isValidAction(index) || (editing && !allows(index, DecisionKind::Edit)))
        return false;
    ActionWork& work = m_actions[index];
    work.editing = editing;
    if (editing)
        work.note.clear();
    return true;
}

QString ReviewState::code(int index) const
{
    return isValidAction(index) ? m_actions.at(index).code : QString();
}

QString ReviewState::argsText(int index) const
{
    return isValidAction(index) ? m_actions.at(index).argsText : QString();
}

void ReviewState::touched(int index)
{
    m_actions[index].decided = false;
    m_actions[index].note.clear();
}

bool ReviewState::setCode(int index, const QString& code)
{
    if (!isEditing(index) || !hasCode(index))
        return false;
    if (m_actions.at(index).code != code) {
        m_actions[index].code = code;
        touched(index);
    }
    return true;
}

bool ReviewState::setArgsText(int index, const QString& text)
{
    // A run's arguments are not edited as JSON; neither is a plain payload that is not an object.
    if (!isEditing(index) || isRun())
        return false;
    if (m_actions.at(index).argsText != text) {
        m_actions[index].argsText = text;
        touched(index);
    }
    return true;
}

bool ReviewState::isCodeEdited(int index) const
{
    // Exactly: one changed character, line ending or invisible character is an edit.
    return hasCode(index) && m_actions.at(index).code != m_request.actions.at(index).code;
}

bool ReviewState::areArgsEdited(int index) const
{
    if (!isValidAction(index) || isRun())
        return false;
    const QString& text = m_actions.at(index).argsText;
    const QString& original = m_actions.at(index).originalArgsText;
    // The text as loaded is the very string formatted (shared, not copied): no need to compare.
    if ((text.constData() == original.constData() && text.size() == original.size()) || text == original)
        return false;
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return !originalArgsWithoutCode(index).isEmpty();
    const QJsonDocument parsed = QJsonDocument::fromJson(trimmed.toUtf8());
    return !parsed.isObject() || parsed.object() != originalArgsWithoutCode(index);
}

bool ReviewState::isEdited(int index) const
{
    return isCodeEdited(index) || areArgsEdited(index);
}

void ReviewState::revert(int index)
{
    if (!isValidAction(index))
        return;
    const bool wasEdited = isEdited(index);
    ActionWork& work = m_actions[index];
    work.code = m_request.actions.at(index).code;
    work.argsText = originalArgsText(index);
    work.editing = false;
    work.decided = false;
    work.note =
        wasEdited ? tr("Your edits were discarded: the action is shown as the agent sent it.") : QString();
}

QString ReviewState::note(int index) const
{
    return isValidAction(index) ? m_actions.at(index).note : QString();
}

bool ReviewState::canCarryReason(int index) const
{
    return isValidAction(index) && canCarryRejectReason(m_request.shape);
}

QString ReviewState::rejectReason(int index) const
{
    return isValidAction(index) ? m_actions.at(index).rejectReason : QString();
}

void ReviewState::setRejectReason(int index, const QString& reason)
{
    if (isValidAction(index))
        m_actions[index].rejectReason = reason;
}

QString ReviewState::responseText(int index) const
{
    return isValidAction(index) ? m_actions.at(index).responseText : QString();
}

void ReviewState::setResponseText(int index, const QString& text)
{
    if (isValidAction(index))
        m_actions[index].responseText = text;
}

void ReviewState::setRunSandbox(const QString& sandbox)
{
    if (!isRun() || sandbox == m_runSandbox)
        return;
    m_runSandbox = sandbox;
    if (!m_actions.isEmpty())
        m_actions[0].decided = false;
}

void ReviewState::setRunImage(const QString& image)
{
    if (!isRun() || image == m_runImage)
        return;
    m_runImage = image;
    if (!m_actions.isEmpty())
        m_actions[0].decided = false;
}

QString ReviewState::runProblem() const
{
    if (!isRun())
        return {};
    if (m_runSandbox.isEmpty())
        return tr("Choose a sandbox to run in.");
    QString problem = kosa8::Names::checkSandbox(m_runSandbox);
    if (!problem.isEmpty())
        return problem;
    // An empty image would run the one the agent asked for while showing none: refuse it.
    if (m_runImage.isEmpty())
        return tr("Choose an image to run with.");
    problem = kosa8::Names::checkImage(m_runImage);
    if (!problem.isEmpty())
        return problem;
    // Fail closed: a run goes only where the sandbox list says it can.
    if (!m_placeFacts.loaded)
        return tr("The sandbox list has not been read yet (checking sandboxes…), so the run cannot be "
                  "approved.");
    if (!m_placeFacts.knowsSandbox(m_runSandbox))
        return tr("The sandbox \"%1\" does not exist: choose another sandbox.").arg(m_runSandbox);
    if (!m_placeFacts.hasImage(m_runSandbox, m_runImage))
        return tr("The image \"%1\" is not pulled in %2: choose another image or sandbox (or pull it "
                  "there first).")
            .arg(m_runImage, m_runSandbox);
    return {};
}

bool ReviewState::willCheckpoint() const
{
    return isRun() && m_request.run.checkpoint;
}

QString ReviewState::checkpointLabel() const
{
    // AgentService fixes the label when the request arrives (unique per app run), so this is
    // exactly the label the checkpoint before the run gets.
    return willCheckpoint() ? m_request.run.checkpointLabel : QString();
}

QString ReviewState::checkpointText() const
{
    if (!isRun())
        return {};
    if (!willCheckpoint())
        return tr("No checkpoint: the agent asked for none. The run cannot be rewound.");
    return tr("Checkpoint \"%1\" is taken in %2 before the run, so it can be rewound.")
        .arg(checkpointLabel(), m_runSandbox);
}

bool ReviewState::approvalFor(int index, ActionDecision* out, QString* problem) const
{
    auto fail = [problem](const QString& message) {
        if (problem)
            *problem = message;
        return false;
    };
    if (!isValidAction(index))
        return fail(tr("There is no such action to approve."));
    if (isEnded())
        return fail(endedProblem());
    if (isRun()) {
        const QString why = runProblem();
        if (!why.isEmpty())
            return fail(why);
    }
    ActionDecision decision;
    if (!isEdited(index)) {
        if (!allows(index, DecisionKind::Approve))
            return fail(
                tr("This action cannot be approved as it is; the agent allows only other decisions."));
        decision.kind = DecisionKind::Approve;
        *out = decision;
        return true;
    }
    if (!allows(index, DecisionKind::Edit))
        return fail(tr("The agent does not accept edits to this action: revert your edits to approve it."));
    const ReviewAction& action = m_request.actions.at(index);
    const ActionWork& work = m_actions.at(index);
    QJsonObject args;
    if (isRun()) {
        args.insert(QLatin1String("code"), work.code);
    } else if (!areArgsEdited(index)) {
        // Only the code changed: the other arguments go back exactly as the agent sent them, not
        // as re-read from the JSON text shown, so no round trip through text can alter them.
        args = originalArgsWithoutCode(index);
        if (!action.codeField.isEmpty())
            args.insert(action.codeField, work.code);
    } else {
        const QString text = work.argsText.trimmed();
        QJsonParseError parseError{};
        const QJsonDocument parsed = text.isEmpty() ? QJsonDocument(QJsonObject())
                                                    : QJsonDocument::fromJson(text.toUtf8(), &parseError);
        if (parseError.error != QJsonParseError::NoError)
            return fail(tr("The arguments are not valid JSON (%1 at character %2); nothing was sent.")
                            .arg(parseError.errorString())
                            .arg(parseError.offset));
        if (!parsed.isObject())
            return fail(tr("The arguments must be a JSON object; nothing was sent."));
        args = parsed.object();
        if (!action.codeField.isEmpty()) {
            // Two places for the code would leave it unclear which one is sent.
            if (args.contains(action.codeField))
                return fail(tr("The other arguments must not hold \"%1\": edit the code in the code editor.")
                                .arg(action.codeField));
            args.insert(action.codeField, work.code);
        }
    }
    decision.kind = DecisionKind::Edit;
    decision.editedArgs = args;
    *out = decision;
    return true;
}

QString ReviewState::endedProblem()
{
    return tr("This request has ended: nothing can be decided on it any more.");
}

bool ReviewState::approve(int index, QString* problem)
{
    ActionDecision decision;
    if (!approvalFor(index, &decision, problem))
        return false;
    m_actions[index].decided = true;
    m_actions[index].kind = decision.kind;
    return true;
}

bool ReviewState::reject(int index, QString* problem)
{
    if (isEnded()) {
        if (problem)
            *problem = endedProblem();
        return false;
    }
    if (!allows(index, DecisionKind::Reject)) {
        if (problem)
            *problem = tr("The agent does not accept a rejection of this action.");
        return false;
    }
    m_actions[index].decided = true;
    m_actions[index].kind = DecisionKind::Reject;
    return true;
}

bool ReviewState::respond(int index, QString* problem)
{
    if (isEnded()) {
        if (problem)
            *problem = endedProblem();
        return false;
    }
    if (!allows(index, DecisionKind::Respond)) {
        if (problem)
            *problem = tr("The agent does not accept a response to this action.");
        return false;
    }
    if (m_actions.at(index).responseText.trimmed().isEmpty()) {
        if (problem)
            *problem = tr("Type the response to send to the agent first.");
        return false;
    }
    m_actions[index].decided = true;
    m_actions[index].kind = DecisionKind::Respond;
    return true;
}

void ReviewState::undecide(int index)
{
    if (isValidAction(index))
        m_actions[index].decided = false;
}

void ReviewState::undecideAll()
{
    for (ActionWork& work : m_actions)
        work.decided = false;
}

bool ReviewState::isDecided(int index) const
{
    return isValidAction(index) && m_actions.at(index).decided;
}

DecisionKind ReviewState::decidedKind(int index) const
{
    return isValidAction(index) ? m_actions.at(index).kind : DecisionKind::Reject;
}

int ReviewState::decidedCount() const
{
    int count = 0;
    for (const ActionWork& work : m_actions)
        count += work.decided ? 1 : 0;
    return count;
}

bool ReviewState::allDecided() const
{
    return !m_actions.isEmpty() && decidedCount() == m_actions.size();
}

int ReviewState::nextUndecided(int index) const
{
    const int count = actionCount();
    if (count == 0)
        return -1;
    for (int step = 1; step <= count; ++step) {
        const int next = ((index < 0 ? -1 : index) + step) % count;
        if (!m_actions.at(next).decided)
            return next;
    }
    return -1;
}

bool ReviewState::decisionToSend(PersonDecision* out, QString* problem) const
{
    auto fail = [problem](const QString& message) {
        if (problem)
            *problem = message;
        return false;
    };
    if (m_actions.isEmpty())
        return fail(tr("The request has no action to decide on."));
    if (isEnded())
        return fail(endedProblem());
    PersonDecision whole;
    bool runApproved = false;
    for (int i = 0; i < m_actions.size(); ++i) {
        const ActionWork& work = m_actions.at(i);
        if (!work.decided)
            return fail(tr("Action %1 of %2 is not decided yet.").arg(i + 1).arg(m_actions.size()));
        ActionDecision decision;
        switch (work.kind) {
        case DecisionKind::Approve:
        case DecisionKind::Edit: {
            QString why;
            if (!approvalFor(i, &decision, &why))
                return fail(why);
            // The approval is rebuilt from what is shown now; had it turned into another kind
            // since the person decided, they did not decide this one.
            if (decision.kind != work.kind)
                return fail(tr("Action %1 changed after you decided it; decide it again.").arg(i + 1));
            runApproved = isRun();
            break;
        }
        case DecisionKind::Reject:
            if (!allows(i, DecisionKind::Reject))
                return fail(tr("The agent does not accept a rejection of action %1.").arg(i + 1));
            decision.kind = DecisionKind::Reject;
            // A reason the shape cannot carry is not sent (nor recorded as if the agent had it).
            decision.message = canCarryReason(i) ? work.rejectReason.trimmed() : QString();
            break;
        case DecisionKind::Respond:
            if (!allows(i, DecisionKind::Respond) || work.responseText.trimmed().isEmpty())
                return fail(tr("Action %1 has no response to send.").arg(i + 1));
            decision.kind = DecisionKind::Respond;
            decision.message = work.responseText.trimmed();
            break;
        }
        whole.actions.append(decision);
    }
    if (runApproved) {
        if (m_runSandbox != m_request.run.sandbox)
            whole.runSandbox = m_runSandbox;
        if (m_runImage != m_request.run.image)
            whole.runImage = m_runImage;
    }
    *out = whole;
    return true;
}

bool ReviewState::approvalOfAll(PersonDecision* out, QString* problem) const
{
    if (m_actions.isEmpty()) {
        if (problem)
            *problem = tr("The request has no action to approve.");
        return false;
    }
    PersonDecision whole;
    for (int i = 0; i < m_actions.size(); ++i) {
        ActionDecision decision;
        QString why;
        if (!approvalFor(i, &decision, &why)) {
            if (problem)
                *problem = m_actions.size() > 1 ? tr("Action %1: %2").arg(i + 1).arg(why) : why;
            return false;
        }
        whole.actions.append(decision);
    }
    if (isRun()) {
        if (m_runSandbox != m_request.run.sandbox)
            whole.runSandbox = m_runSandbox;
        if (m_runImage != m_request.run.image)
            whole.runImage = m_runImage;
    }
    *out = whole;
    return true;
}

namespace {

// Lines as an editor counts them: a final line end closes the last line, it does not open one
// ("print(1)\n" is one line; it read "2 line(s)").
int lineCount(const QString& code)
{
    if (code.isEmpty())
        return 0;
    return int(code.count(QLatin1Char('\n'))) + (code.endsWith(QLatin1Char('\n')) ? 0 : 1);
}

} // namespace

QString ReviewState::ruleScopeText() const
{
    if (isRun()) {
        const QString code = m_actions.isEmpty() ? QString() : m_actions.first().code;
        return tr("the whole run: this %1 code exactly (%n line(s)%2), in sandbox %3, with image %4, %5.",
                  nullptr, lineCount(code))
            .arg(m_request.run.language, isCodeEdited(0) ? tr(", as you edited it") : QString(), m_runSandbox,
                 m_runImage,
                 willCheckpoint() ? tr("with a checkpoint taken first") : tr("without a checkpoint"));
    }
    if (m_request.shape == PayloadShape::Generic)
        return tr("this whole request exactly: the code and every other field the agent sent.");
    QStringList parts;
    for (int i = 0; i < m_actions.size(); ++i) {
        parts.append(
            tr("the tool \"%1\" with all of its arguments exactly as shown%2")
                .arg(m_request.actions.at(i).name, isEdited(i) ? tr(" (with your edits)") : QString()));
    }
    if (parts.size() == 1)
        return parts.first() + QLatin1Char('.');
    return tr("all %n actions together: ", nullptr, int(parts.size())) + parts.join(QStringLiteral("; ")) +
           QLatin1Char('.');
}

ReviewState ReviewDrafts::take(const Request& request) const
{
    const auto it = m_states.constFind(request.key);
    return it != m_states.constEnd() ? *it : ReviewState(request);
}

void ReviewDrafts::keep(const ReviewState& state)
{
    if (state.key() != 0)
        m_states.insert(state.key(), state);
}

} // namespace k8::agent
