// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/CommandProfile.h"
#include "kosa8/ConnectionProfile.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace k8::kosa8 {

// The command profile file (`kosa8-profile.json`) as the settings editor holds it: every entry
// of the profile (the built-in ones and whatever else the file names), the override of each, and
// what is wrong with it. Unlike CommandProfile, which refuses a bad file as a whole, this keeps
// what a bad file holds so it can be shown and mended, never silently dropped; every entry is
// judged by CommandProfile::checkEntry(), the loader's own check, so what the editor accepts is
// exactly what the app loads.
//
// Entries the app does not know (an unknown operation or fragment, a malformed key) are kept as
// invalid entries, so Save stays refused until each is reset (removed); the written file never
// holds one. What cannot be read as entries (not JSON, not an object, an unknown section) is a
// problem of the whole file: Save stays refused until the person gives that part up
// (dropUnreadableParts(), or resetAll()).
class CommandProfileDocument
{
    Q_DECLARE_TR_FUNCTIONS(k8::kosa8::CommandProfileDocument)
public:
    struct Entry
    {
        ProfileSection section = ProfileSection::Operations;
        QString key;
        QStringList builtIn; // empty for an entry the built-in profile does not have
        QStringList words;   // the current template; equal to builtIn when not overridden
        // What the file held that is not a list of strings; cleared once the words are edited.
        QString loadProblem;
    };

    // The built-in entries, nothing overridden.
    CommandProfileDocument();

    // Reads the file. A missing file means no overrides. Returns false (with *error, and a
    // fileProblem()) only when the file exists and cannot be read; content that the app would
    // refuse is kept, with its problems (fileProblem(), problem()).
    bool load(const QString& path, QString* error);
    void loadJson(const QByteArray& json);

    // What is wrong with the file as a whole (not JSON, not an object, an unknown section);
    // empty when its entries could be read.
    QString fileProblem() const { return m_fileProblem; }

    int count() const { return int(m_entries.size()); }
    const Entry& entry(int row) const { return m_entries.at(row); }
    // -1 when there is no such entry.
    int indexOf(ProfileSection section, const QString& key) const;
    // "operations.sandbox.create", as the loader's messages and overriddenKeys() spell it.
    static QString qualifiedKey(const Entry& entry);
    // One line on what the entry is for.
    static QString purpose(const Entry& entry);
    // Whether the file (as it would be written) holds this entry.
    static bool isOverridden(const Entry& entry);
    // Empty when the entry is valid, else what is wrong with it.
    QString problem(int row) const;
    // No problem with the file and none with any entry.
    bool isValid() const;
    // Every problem, "key: what", the file's first.
    QStringList problems() const;

    void setWords(int row, const QStringList& words);
    // Removes the override of one entry. An entry without a built-in template (unknown, or an
    // added interpreter) leaves the document: returns true when the row was removed.
    bool reset(int row);
    // Removes every override, and with them a problem of the whole file.
    void resetAll();
    // Gives up what could not be read (the sections behind fileProblem()) and keeps the entries
    // that could: the person's explicit choice, since saving then leaves those parts out.
    void dropUnreadableParts() { m_fileProblem.clear(); }

    // The overrides as the file holds them: only overridden entries, keys sorted, indented.
    QByteArray toJson() const;
    // The profile the app would load from toJson(); false with *error when it would refuse it.
    bool toProfile(CommandProfile* profile, QString* error) const;
    // Writes toJson() to path atomically (QSaveFile), readable and writable by the owner only.
    // Refuses (false, *error) while the document is not valid.
    bool save(const QString& path, QString* error) const;

    // The full command the entry takes part in, with sample values, as the runner would build it
    // with the valid entries of this document (an operation as itself, a fragment inside
    // "sandbox create" or "sandbox egress", an interpreter inside "sandbox run"). Empty with
    // *error when the entry is invalid or the command cannot be built.
    QString samplePreview(int row, const ConnectionProfile& connection, QString* error) const;

    // An argv shown so that no word can be misread: ["sandbox", "create", "{name}"], each word
    // JSON-quoted.
    static QString argvText(const QStringList& words);
    // The editor's text form: one word per line. A final line break ends the last word; any
    // other empty line is an empty word (which checkEntry() refuses).
    static QStringList wordsFromLines(const QString& text);
    static QString linesFromWords(const QStringList& words);

private:
    void insertSorted(const Entry& entry);
    // Builds the profile from the valid overrides only (for previews while others are wrong).
    CommandProfile validProfile() const;

    QList<Entry> m_entries;
    QString m_fileProblem;
};

} // namespace k8::kosa8
