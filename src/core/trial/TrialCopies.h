// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>

namespace k8::trial {

// One throwaway copy the app made for a trial and has not seen deleted.
struct TrialCopy
{
    QString copy;    // the copy's sandbox name, as kosa8 printed it
    QString sandbox; // the sandbox it was forked from
    QDateTime madeAt;
};

// The app's record of the trial copies it made (`trial-copies.jsonl` in the data folder), so that
// none is left behind silently: a copy is written down the moment kosa8 names it, before anything
// else happens to it, and crossed out once `sandbox rm` removed it. Whatever is written down and
// not crossed out is a leftover (the app quit or crashed mid-trial, or kosa8 would not remove it),
// listed at the next start and removed then.
//
// One JSON object per line: {"made": COPY, "sandbox": NAME, "time": RFC 3339} or
// {"removed": COPY}. Appending a line is all a trial writes; the file is emptied when nothing is
// left in it. Lines that do not read are skipped (a write cut off by a crash). Nothing here is
// flushed to the disk: a copy outlives an app crash (the line is in the page cache), not a crash of
// the machine, after which kosa8's own sandbox list still shows the copy.
class TrialCopies
{
    Q_DECLARE_TR_FUNCTIONS(k8::trial::TrialCopies)
public:
    explicit TrialCopies(const QString& dataDir);

    QString path() const { return m_path; }
    // False with *error when the line could not be written: the caller must then not let the copy
    // live on unrecorded (the trial stops and removes it).
    bool recordMade(const QString& copy, const QString& sandbox, QString* error);
    bool recordRemoved(const QString& copy, QString* error);
    // Made and not removed, oldest first: as read when this record was made, and kept since.
    QList<TrialCopy> leftovers() const { return m_leftovers; }
    // Whether `name` is a copy the app made and has not seen removed.
    bool isLeftover(const QString& name) const;

private:
    bool appendLine(const QByteArray& line, QString* error);
    void read();

    QString m_path;
    QList<TrialCopy> m_leftovers;
};

} // namespace k8::trial
