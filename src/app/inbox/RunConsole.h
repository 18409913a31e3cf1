// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QColor>
#include <QPlainTextEdit>
#include <QTextCharFormat>
#include <QTimer>

#include <deque>

namespace k8::app {

// The output of approved runs, as it streams in. Whatever the code prints, the console costs the
// same bounded work per piece and holds a bounded document: at most maxLines() lines (the oldest
// go first) of at most maxLineChars() characters. A longer line is cut into pieces of that length:
// each cut ends with continuationMark() and its continuation starts with continuationLead(), so the
// reader sees that it is one line.
//
// Streamed output (queueText) is shown in slices: at most SliceLines lines per event-loop tick of
// SliceIntervalMs, so a run printing faster than a person can read costs the UI thread a bounded
// share, not a document edit per piece. When more than MaxQueuedLines wait, the oldest of them are
// skipped and a line says how many. While lines are being skipped (a flood), the slices come every
// FloodSliceIntervalMs instead: what a person sees then is only the newest lines anyway, and
// showing and painting them less often leaves the UI thread to the output itself; the console
// still moves several times a second, and once the output stops, it ends as it would have.
//
// Output that comes as bytes (queueBytes, a run's output as kosa8 printed it) waits as bytes and is
// decoded only when a slice shows it: of a run printing 100 MB, the console only counts the line
// ends of what it skips, and decodes at most MaxQueuedLines lines (or MaxWaitingBytes) per slice.
class RunConsole : public QPlainTextEdit
{
    Q_OBJECT
public:
    static constexpr int DefaultMaxLines = 10000;
    static constexpr int DefaultMaxLineChars = 1000;
    static constexpr int SliceLines = 200;
    static constexpr int SliceIntervalMs = 20;
    static constexpr int FloodSliceIntervalMs = 50;
    static constexpr qsizetype MaxQueuedLines = 400;
    // Bytes waiting undecoded beyond this (lines far longer than maxLineChars()) are decoded at
    // once, so that the text queue cuts and bounds them as it does text.
    static constexpr qsizetype MaxWaitingBytes = 1024 * 1024;

    explicit RunConsole(QWidget* parent = nullptr);

    // At least one; lines beyond it go at once, the oldest first.
    void setMaxLines(int lines);
    int maxLines() const { return m_maxLines; }
    void setMaxLineChars(int chars) { m_maxLineChars = qMax(8, chars); }
    int maxLineChars() const { return m_maxLineChars; }

    // Appends `text` at the end now, after any queued text (any length, with or without line
    // ends), and follows the output when the view was at the bottom.
    void appendText(const QString& text, const QColor& colour = {}, bool bold = false);
    // Queues streamed output: shown within SliceIntervalMs, in slices (see the class comment).
    void queueText(const QString& text, const QColor& colour = {});
    // The same for UTF-8 bytes that end after a whole character (agent::RunExecutor::output). The
    // oldest lines beyond MaxQueuedLines are skipped as bytes, counted by their line ends (a line
    // longer than maxLineChars() counts once here, where queueText counts its cut pieces).
    void queueBytes(const QByteArray& bytes, const QColor& colour = {});
    // True when the next text starts a line (nothing shown or queued, or it ends with a line end).
    bool atLineStart() const;
    qsizetype queuedLines() const { return m_queuedLines + m_waitingLines; }
    // Bytes of queueBytes() output decoded so far (the rest was skipped undecoded).
    qint64 decodedBytes() const { return m_decodedBytes; }
    // Lines skipped so far because output came faster than they could be shown.
    qint64 skippedLines() const { return m_skippedLines; }
    // How long until the next slice: SliceIntervalMs, or FloodSliceIntervalMs after a slice that
    // found lines skipped since the one before.
    int sliceIntervalMs() const { return m_slice.interval(); }

    static QString continuationMark();
    static QString continuationLead();

private:
    struct Queued
    {
        QString text; // already cut to bounded lines
        QTextCharFormat format;
        qsizetype lines = 0;
    };
    struct Waiting
    {
        QByteArray bytes; // shared with the sender, not copied
        qsizetype from = 0;
        QTextCharFormat format;
        qsizetype lines = 0; // line ends in bytes from `from`
    };
    void queueDecoded(const QString& text, const QTextCharFormat& format);
    // The waiting bytes go into the text queue, decoded.
    void decodeWaiting();
    // Skips the oldest waiting lines beyond MaxQueuedLines (and all queued text: it is older).
    void dropOldestWaiting();
    void countSkipped(qsizetype lines);
    // `text` with every line cut to maxLineChars(), continuing the unfinished line of `column`
    // characters; `column` is left at the end's, `*lines` (when given) counts its line ends.
    QString bounded(const QString& text, qsizetype& column, qsizetype* lines = nullptr) const;
    qsizetype endColumn() const;
    void insert(const QString& text, const QTextCharFormat& format);
    // Removes the oldest lines beyond maxLines(), laying none of them out (see the definition).
    void dropOldestLines();
    void dropOldestQueued();
    // Shows at most `maxLines` queued lines (all when negative).
    void showQueued(qsizetype maxLines);

    int m_maxLines = DefaultMaxLines; // blocks of the document, kept by dropOldestLines()
    int m_maxLineChars = DefaultMaxLineChars;
    std::deque<Queued> m_queue;
    qsizetype m_queuedLines = 0;
    qsizetype m_queueColumn = 0; // characters of the unfinished line at the end of the queue
    std::deque<Waiting> m_waiting;
    qsizetype m_waitingLines = 0;
    qsizetype m_waitingBytes = 0;
    qint64 m_decodedBytes = 0;
    qint64 m_skippedLines = 0;
    qint64 m_skippedNotShown = 0; // skipped lines whose notice is not in the document yet
    QTimer m_slice;
};

} // namespace k8::app
