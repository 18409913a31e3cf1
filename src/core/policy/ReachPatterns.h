// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QRegularExpression>
#include <QString>

#include <array>
#include <bitset>
#include <initializer_list>

namespace k8::policy {

// Which of the scan's words a line holds, one bit each (ReachPatterns numbers them).
using ReachWords = std::bitset<128>;

// A line of code and the words of the scan's patterns it holds, found in one pass over it: asking
// each pattern's words of the line in turn was more than half of the scan's time.
class ReachLine
{
public:
    explicit ReachLine(const QString& text); // refers to `text`, which must outlive it
    const QString& text() const { return m_text; }
    bool holdsAny(const ReachWords& words) const { return (m_words & words).any(); }

private:
    const QString& m_text;
    ReachWords m_words;
};

// One pattern of the code-reach scan (CodeReach.cpp) with the words that any match of it holds
// literally, in the pattern's own case ("://" for a URL, "curl" or "wget" for a bare host). A line
// that holds none of them is not given to the expression at all. Most lines of most code hold
// none, and each match call costs the engine's set-up and several allocations whether it finds
// anything or not: with about twenty patterns a line, that was most of the scan's time.
class ReachPattern
{
public:
    ReachPattern(const QString& pattern, std::initializer_list<const char*> words,
                 QRegularExpression::PatternOptions options = QRegularExpression::NoPatternOption);

    // The expression's first match, or no match without asking it when the line holds none of
    // the words.
    QRegularExpressionMatch match(const ReachLine& line) const;
    // Every match, or none without asking the expression when the line holds none of the words.
    QRegularExpressionMatchIterator globalMatch(const ReachLine& line) const;

    // The promise behind the words, for tests and the code_reach fuzz harness: false when the
    // expression matches the line although it holds none of the words (the words are wrong, or
    // ReachLine missed one).
    bool wordsHoldFor(const ReachLine& line) const;
    QString pattern() const { return m_expression.pattern(); }

private:
    friend class ReachPatterns;
    bool caseBlind() const;

    QRegularExpression m_expression;
    QList<QLatin1String> m_words;
    ReachWords m_wordBits; // this pattern's words, numbered by ReachPatterns
};

// Every pattern of the scan, made once (QRegularExpression compiles on first use).
class ReachPatterns
{
public:
    // Anywhere
    ReachPattern url;        // scheme://authority
    ReachPattern scpLike;    // git@host:owner/repo
    ReachPattern pipInstall; // pip install, uv pip install, python -m pip install
    ReachPattern uvAdd;      // uv add, uv sync
    ReachPattern npmInstall; // npm install, yarn add, pnpm add, npx
    ReachPattern aptInstall; // apt(-get) install/update
    ReachPattern bareHost;   // curl/wget with a host and no scheme
    ReachPattern sshHost;    // ssh, scp, sftp with a host
    ReachPattern netcat;     // nc, ncat, netcat, telnet with host and port
    ReachPattern secret;     // paths of credentials
    // Python
    ReachPattern pySocket;    // socket connect/sendto/create_connection with a literal address
    ReachPattern pyHostClass; // HTTPSConnection("h"), SMTP("h", 25), Redis(...), ...
    ReachPattern pyShell;     // subprocess, os.system, os.exec*, ...
    ReachPattern pyDynamic;   // eval, exec, compile, __import__
    ReachPattern pyRemove;    // shutil.rmtree, os.remove, .unlink, ...
    // JavaScript
    ReachPattern jsHostKey;    // { host: "h", port: n }
    ReachPattern jsNetConnect; // net.connect(port, "h")
    ReachPattern jsChild;      // exec, spawn, ... (child_process is found by its name)
    ReachPattern jsDynamic;    // eval, new Function
    ReachPattern jsRemove;     // fs.rm, fs.unlink, ...
    // Shell, in any language (shell commands appear as strings too)
    ReachPattern shRemove;  // rm with a path
    ReachPattern shDynamic; // eval, source, bash -c
    ReachPattern shPipe;    // | sh

    static const ReachPatterns& instance();
    // All of them, for tests and the fuzz harness that check every pattern's words.
    QList<const ReachPattern*> all() const;
    // The words of every pattern that `text` holds.
    ReachWords wordsIn(QStringView text) const;

private:
    ReachPatterns();
    // Every member pattern, as const or not as `self` is (one list for all() and the constructor).
    template <typename Self> static auto patternsOf(Self& self) -> QList<decltype(&self.url)>;

    struct Word
    {
        QLatin1String text;
        int bit = 0;
    };
    static constexpr qsizetype pairOf(char16_t first, char16_t second) { return first * 128 + second; }
    // Every word is ASCII. Words of two characters or more by their first two (the slot of that
    // pair, 1-based, 0 for none), words of one character by it (its bit, -1 for none).
    std::array<quint8, 128 * 128> m_pairSlot{};
    QList<QList<Word>> m_wordsByPair;
    std::array<int, 128> m_oneCharacterBit{};
};

} // namespace k8::policy
