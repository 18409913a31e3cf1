// SPDX-License-Identifier: Apache-2.0
#include "kosa8/CommandProfileDocument.h"

#include "kosa8/Kosa8Runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>

namespace k8::kosa8 {

namespace {

constexpr qint64 MaxFileBytes = 4 * 1024 * 1024; // as CommandProfile::loadOverrides reads

// Orders rows: operations, fragments, interpreters; keys sorted within each.
bool comesBefore(const CommandProfileDocument::Entry& a, const CommandProfileDocument::Entry& b)
{
    if (a.section != b.section)
        return int(a.section) < int(b.section);
    return a.key < b.key;
}

// A JSON value the file held where a list of words belongs, shortened for a message.
QString shownValue(const QJsonValue& value)
{
    QString text;
    if (value.isString())
        text = QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact))
                   .mid(1)
                   .chopped(1);
    else if (value.isArray())
        text = QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    else if (value.isObject())
        text = QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    else if (value.isBool())
        text = value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    else if (value.isDouble())
        text = QString::number(value.toDouble());
    else
        text = QStringLiteral("null");
    constexpr qsizetype MaxShown = 60;
    if (text.size() > MaxShown)
        text = text.left(MaxShown) + QStringLiteral("…");
    return text;
}

// Sample values for previews: plausible, and accepted by the runner's checks of names.
QVariantMap sampleParameters()
{
    return {{QStringLiteral("name"), QStringLiteral("code-runner")},
            {QStringLiteral("image"), QStringLiteral("python:3.12-slim")},
            {QStringLiteral("label"), QStringLiteral("before-run")},
            {QStringLiteral("id"), QStringLiteral("snap-1")},
            {QStringLiteral("count"), QStringLiteral("2")},
            {QStringLiteral("language"), QStringLiteral("python")},
            {QStringLiteral("code"), QStringLiteral("print('hello')")}};
}

const QStringList& sampleHosts()
{
    static const QStringList hosts{QStringLiteral("pypi.org"), QStringLiteral("files.pythonhosted.org")};
    return hosts;
}

const QStringList& sampleMounts()
{
    static const QStringList mounts{QStringLiteral("/home/me/data:/data")};
    return mounts;
}

} // namespace

CommandProfileDocument::CommandProfileDocument()
{
    const CommandProfile defaults = CommandProfile::builtIn();
    for (ProfileSection section : CommandProfile::allSections()) {
        for (const QString& key : defaults.entryKeys(section)) {
            Entry entry;
            entry.section = section;
            entry.key = key;
            entry.builtIn = defaults.entryTemplate(section, key);
            entry.words = entry.builtIn;
            m_entries.append(entry);
        }
    }
    std::sort(m_entries.begin(), m_entries.end(), comesBefore);
}

bool CommandProfileDocument::load(const QString& path, QString* error)
{
    *this = CommandProfileDocument();
    QFile file(path);
    if (!file.exists())
        return true;
    if (!file.open(QIODevice::ReadOnly)) {
        // Kept as a problem of the file too: saving over a file nobody could read needs the
        // person to give it up first (dropUnreadableParts(), resetAll()).
        m_fileProblem = tr("it cannot be read: %1").arg(file.errorString());
        if (error)
            *error =
                CommandProfile::tr("Cannot read the command profile %1: %2").arg(path, file.errorString());
        return false;
    }
    const QByteArray data = file.read(MaxFileBytes + 1);
    if (data.size() > MaxFileBytes) {
        m_fileProblem = tr("the file is larger than 4 MiB");
        return true;
    }
    loadJson(data);
    return true;
}

void CommandProfileDocument::loadJson(const QByteArray& json)
{
    *this = CommandProfileDocument();
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        m_fileProblem = CommandProfile::tr("not valid JSON at offset %1: %2")
                            .arg(parseError.offset)
                            .arg(parseError.errorString());
        return;
    }
    if (!doc.isObject()) {
        m_fileProblem = CommandProfile::tr(
            "the top level must be a JSON object with \"operations\", \"fragments\" and/or \"interpreters\"");
        return;
    }
    QStringList fileProblems;
    const QJsonObject root = doc.object();
    for (auto section = root.begin(); section != root.end(); ++section) {
        ProfileSection which = ProfileSection::Operations;
        bool known = false;
        for (ProfileSection candidate : CommandProfile::allSections()) {
            if (CommandProfile::sectionName(candidate) == section.key()) {
                which = candidate;
                known = true;
            }
        }
        if (!known) {
            fileProblems.append(
                CommandProfile::tr("unknown key \"%1\" (allowed: operations, fragments, interpreters)")
                    .arg(section.key()));
            continue;
        }
        if (!section.value().isObject()) {
            fileProblems.append(
                CommandProfile::tr("\"%1\" must be an object of key: [words]").arg(section.key()));
            continue;
        }
        const QJsonObject entries = section.value().toObject();
        for (auto it = entries.begin(); it != entries.end(); ++it) {
            const int row = indexOf(which, it.key());
            Entry entry;
            if (row >= 0) {
                entry = m_entries.at(row);
            } else {
                entry.section = which;
                entry.key = it.key();
            }
            entry.words.clear();
            if (!it.value().isArray()) {
                entry.loadProblem =
                    tr("the file holds %1 here, not an array of strings").arg(shownValue(it.value()));
            } else {
                const QJsonArray array = it.value().toArray();
                for (qsizetype i = 0; i < array.size(); ++i) {
                    const QJsonValue element = array.at(i);
                    if (element.isString()) {
                        entry.words.append(element.toString());
                    } else {
                        entry.words.append(shownValue(element));
                        if (entry.loadProblem.isEmpty())
                            entry.loadProblem = tr("word %1 is %2 in the file, not a string")
                                                    .arg(i + 1)
                                                    .arg(shownValue(element));
                    }
                }
            }
            if (row >= 0)
                m_entries[row] = entry;
            else
                insertSorted(entry);
        }
    }
    m_fileProblem = fileProblems.join(QStringLiteral("; "));
}

int CommandProfileDocument::indexOf(ProfileSection section, const QString& key) const
{
    for (int row = 0; row < count(); ++row) {
        if (m_entries.at(row).section == section && m_entries.at(row).key == key)
            return row;
    }
    return -1;
}

QString CommandProfileDocument::qualifiedKey(const Entry& entry)
{
    return CommandProfile::sectionName(entry.section) + QLatin1Char('.') + entry.key;
}

QString CommandProfileDocument::purpose(const Entry& entry)
{
    switch (entry.section) {
    case ProfileSection::Operations: {
        Operation op = Operation::Version;
        if (!operationFromKey(entry.key, &op))
            return tr("Not an operation of the app: remove it");
        return operationTitle(op);
    }
    case ProfileSection::Fragments:
        if (entry.key == QLatin1String("egress.mode"))
            return tr("The egress mode ({mode}: deny, any or fakenet), inside {egress...}");
        if (entry.key == QLatin1String("egress.allow"))
            return tr("One allowed host ({host}), repeated per host inside {egress...}");
        if (entry.key == QLatin1String("mount"))
            return tr("One host folder mount ({mount}: HOST:GUEST), repeated per mount inside {mounts...}");
        return tr("Not a fragment of the app: remove it");
    case ProfileSection::Interpreters:
        if (entry.key.endsWith(QLatin1String(".stdin")))
            return tr("Runs %1 code read from standard input, inside {interpreter...}")
                .arg(entry.key.chopped(int(qstrlen(".stdin"))));
        return tr("Runs %1 code given as one argument ({code}), inside {interpreter...}").arg(entry.key);
    }
    return {};
}

bool CommandProfileDocument::isOverridden(const Entry& entry)
{
    return entry.builtIn.isEmpty() || !entry.loadProblem.isEmpty() || entry.words != entry.builtIn;
}

QString CommandProfileDocument::problem(int row) const
{
    const Entry& entry = m_entries.at(row);
    if (!entry.loadProblem.isEmpty())
        return entry.loadProblem;
    return CommandProfile::checkEntry(entry.section, entry.key, entry.words);
}

bool CommandProfileDocument::isValid() const
{
    return problems().isEmpty();
}

QStringList CommandProfileDocument::problems() const
{
    QStringList result;
    if (!m_fileProblem.isEmpty())
        result.append(tr("The file: %1").arg(m_fileProblem));
    for (int row = 0; row < count(); ++row) {
        const QString what = problem(row);
        if (!what.isEmpty())
            result.append(tr("%1: %2").arg(qualifiedKey(m_entries.at(row)), what));
    }
    return result;
}

void CommandProfileDocument::setWords(int row, const QStringList& words)
{
    Entry& entry = m_entries[row];
    entry.words = words;
    entry.loadProblem.clear();
}

bool CommandProfileDocument::reset(int row)
{
    if (m_entries.at(row).builtIn.isEmpty()) {
        m_entries.removeAt(row);
        return true;
    }
    Entry& entry = m_entries[row];
    entry.words = entry.builtIn;
    entry.loadProblem.clear();
    return false;
}

void CommandProfileDocument::resetAll()
{
    *this = CommandProfileDocument();
}

QByteArray CommandProfileDocument::toJson() const
{
    QJsonObject root;
    for (ProfileSection section : CommandProfile::allSections()) {
        QJsonObject entries;
        for (const Entry& entry : m_entries) {
            if (entry.section == section && isOverridden(entry))
                entries.insert(entry.key, QJsonArray::fromStringList(entry.words));
        }
        // QJsonObject keeps its keys sorted, so the file's order is stable and diffs stay small.
        if (!entries.isEmpty())
            root.insert(CommandProfile::sectionName(section), entries);
    }
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool CommandProfileDocument::toProfile(CommandProfile* profile, QString* error) const
{
    CommandProfile loaded = CommandProfile::builtIn();
    if (!loaded.loadOverridesFromJson(toJson(), tr("(as edited)"), error))
        return false;
    *profile = loaded;
    return true;
}

bool CommandProfileDocument::save(const QString& path, QString* error) const
{
    auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    const QStringList wrong = problems();
    if (!wrong.isEmpty())
        return fail(tr("Not saved: %1").arg(wrong.first()));
    // The loader is the judge: what it would refuse is never written.
    CommandProfile check;
    QString refused;
    if (!toProfile(&check, &refused))
        return fail(tr("Not saved: %1").arg(refused));

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(tr("Cannot write %1: %2").arg(path, file.errorString()));
    const QByteArray json = toJson();
    // The temporary file keeps an existing file's permissions; the profile decides what runs, so
    // only its owner may read or change it.
    if (file.write(json) != json.size() ||
        !file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)) {
        const QString why = file.errorString();
        file.cancelWriting();
        return fail(tr("Cannot write %1: %2").arg(path, why));
    }
    if (!file.commit())
        return fail(tr("Cannot write %1: %2").arg(path, file.errorString()));
    return true;
}

CommandProfile CommandProfileDocument::validProfile() const
{
    CommandProfileDocument valid;
    for (int row = 0; row < count(); ++row) {
        if (problem(row).isEmpty()) {
            const Entry& entry = m_entries.at(row);
            const int at = valid.indexOf(entry.section, entry.key);
            if (at >= 0)
                valid.m_entries[at] = entry;
            else
                valid.insertSorted(entry);
        }
    }
    CommandProfile profile = CommandProfile::builtIn();
    if (!valid.toProfile(&profile, nullptr))
        return CommandProfile::builtIn();
    return profile;
}

QString CommandProfileDocument::samplePreview(int row, const ConnectionProfile& connection,
                                              QString* error) const
{
    const QString wrong = problem(row);
    if (!wrong.isEmpty()) {
        if (error)
            *error = wrong;
        return {};
    }
    const Entry& entry = m_entries.at(row);
    QVariantMap params = sampleParameters();
    Operation op = Operation::Version;
    switch (entry.section) {
    case ProfileSection::Operations:
        operationFromKey(entry.key, &op);
        break;
    case ProfileSection::Fragments:
        op = entry.key == QLatin1String("egress.allow") ? Operation::SandboxEgress : Operation::SandboxCreate;
        break;
    case ProfileSection::Interpreters: {
        const bool viaStdin = entry.key.endsWith(QLatin1String(".stdin"));
        op = viaStdin ? Operation::SandboxRunStdin : Operation::SandboxRun;
        params.insert(QStringLiteral("language"),
                      viaStdin ? entry.key.chopped(int(qstrlen(".stdin"))) : entry.key);
        break;
    }
    }
    // Egress: "sandbox egress" and an "egress.allow" preview show an allow-list, "sandbox create"
    // the mode it gets by default; mounts appear wherever they can.
    if (op == Operation::SandboxEgress)
        params.insert(QStringLiteral("hosts"), sampleHosts());
    else
        params.insert(QStringLiteral("mode"), QStringLiteral("deny"));
    params.insert(QStringLiteral("mount_list"), sampleMounts());

    Kosa8Runner runner;
    runner.setProfile(validProfile());
    runner.setConnection(connection);
    return runner.preview(op, params, error);
}

QString CommandProfileDocument::argvText(const QStringList& words)
{
    QStringList quoted;
    for (const QString& word : words) {
        const QString json = QString::fromUtf8(QJsonDocument(QJsonArray{word}).toJson(QJsonDocument::Compact))
                                 .mid(1)
                                 .chopped(1);
        // JSON leaves format characters (bidi overrides, zero-width spaces) as they are; spelled
        // out, they cannot reorder or hide what is shown.
        QString shown;
        for (const QChar c : json) {
            if (c.category() == QChar::Other_Format || c.category() == QChar::Other_Control)
                shown += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
            else
                shown += c;
        }
        quoted.append(shown);
    }
    return QLatin1Char('[') + quoted.join(QStringLiteral(", ")) + QLatin1Char(']');
}

QStringList CommandProfileDocument::wordsFromLines(const QString& text)
{
    QStringList words = text.split(QLatin1Char('\n'));
    if (!words.isEmpty() && words.last().isEmpty())
        words.removeLast();
    return words;
}

QString CommandProfileDocument::linesFromWords(const QStringList& words)
{
    return words.join(QLatin1Char('\n'));
}

void CommandProfileDocument::insertSorted(const Entry& entry)
{
    const auto at = std::lower_bound(m_entries.begin(), m_entries.end(), entry, comesBefore);
    m_entries.insert(at, entry);
}

} // namespace k8::kosa8
