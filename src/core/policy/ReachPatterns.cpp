// SPDX-License-Identifier: Apache-2.0
#include "policy/ReachPatterns.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace k8::policy {

ReachPattern::ReachPattern(const QString& pattern, std::initializer_list<const char*> words,
                           QRegularExpression::PatternOptions options)
    : m_expression(pattern, options)
{
    for (const char* word : words)
        m_words.append(QLatin1String(word));
}

ReachLine::ReachLine(const QString& text)
    : m_text(text)
    , m_words(ReachPatterns::instance().wordsIn(text))
{}

bool ReachPattern::caseBlind() const
{
    return m_expression.patternOptions().testFlag(QRegularExpression::CaseInsensitiveOption);
}

QRegularExpressionMatch ReachPattern::match(const ReachLine& line) const
{
    // A copy of one empty result shares its data: no allocation for the lines skipped.
    static const QRegularExpressionMatch none;
    return line.holdsAny(m_wordBits) ? m_expression.match(line.text()) : none;
}

QRegularExpressionMatchIterator ReachPattern::globalMatch(const ReachLine& line) const
{
    static const QRegularExpressionMatchIterator none;
    return line.holdsAny(m_wordBits) ? m_expression.globalMatch(line.text()) : none;
}

bool ReachPattern::wordsHoldFor(const ReachLine& line) const
{
    return line.holdsAny(m_wordBits) || !m_expression.match(line.text()).hasMatch();
}

namespace {

// Words may be separated by spaces or, inside argv lists, by quotes and commas.
QString gap()
{
    return QStringLiteral("[\\s\"',]+");
}

} // namespace

template <typename Self> auto ReachPatterns::patternsOf(Self& self) -> QList<decltype(&self.url)>
{
    return {&self.url,        &self.scpLike,      &self.pipInstall, &self.uvAdd,     &self.npmInstall,
            &self.aptInstall, &self.bareHost,     &self.sshHost,    &self.netcat,    &self.secret,
            &self.pySocket,   &self.pyHostClass,  &self.pyShell,    &self.pyDynamic, &self.pyRemove,
            &self.jsHostKey,  &self.jsNetConnect, &self.jsChild,    &self.jsDynamic, &self.jsRemove,
            &self.shRemove,   &self.shDynamic,    &self.shPipe};
}

ReachPatterns::ReachPatterns()
    : url(QStringLiteral("\\b(https?|wss?|ftp|sftp|ssh|git\\+ssh|git)://([^\\s/'\"`<>(){}\\\\?#,;]+)"),
          {"://"}, QRegularExpression::CaseInsensitiveOption)
    , scpLike(QStringLiteral("\\bgit@([A-Za-z0-9.-]+\\.[A-Za-z]{2,}):"), {"git@"})
    , pipInstall(QStringLiteral("\\b(?:uv\\s+pip|pip3?|python3?\\s+-m\\s+pip)") + gap() +
                     QStringLiteral("install\\b"),
                 {"pip"})
    , uvAdd(QStringLiteral("\\buv\\s+(?:add|sync)\\b"), {"uv"})
    , npmInstall(QStringLiteral("\\b(?:npm") + gap() + QStringLiteral("(?:install|i|ci|add)|yarn") + gap() +
                     QStringLiteral("add|pnpm") + gap() + QStringLiteral("(?:add|install)|npx)\\b"),
                 {"npm", "yarn", "npx"}) // "pnpm" holds "npm"
    , aptInstall(QStringLiteral("\\bapt(?:-get)?") + gap() + QStringLiteral("(?:install|update)\\b"), {"apt"})
    , bareHost(
          QStringLiteral("\\b(curl|wget)\\b(?:\\s+-{1,2}[A-Za-z-]+(?:\\s+[^\\s-][^\\s]*)?)*?\\s+['\"]?([A-Za-"
                         "z0-9.-]+\\.[A-Za-z]{2,})(?::(\\d+))?(?:[/'\"\\s]|$)"),
          {"curl", "wget"})
    , sshHost(
          QStringLiteral("\\b(ssh|scp|sftp)\\s+(?:-\\w+\\s+)*(?:[\\w.-]+@)?([A-Za-z0-9.-]+\\.[A-Za-z]{2,})"),
          {"ssh", "scp", "sftp"})
    , netcat(QStringLiteral("\\b(nc|ncat|netcat|telnet)\\s+(?:-\\w+\\s+)*([A-Za-z0-9.:-]+)\\s+(\\d{1,5})\\b"),
             {"nc", "netcat", "telnet"}) // "ncat" holds "nc"
    , secret(
          QStringLiteral("(~/\\.ssh|\\.ssh/|id_rsa|id_ed25519|id_ecdsa|~/\\.aws|\\.aws/credentials|~/"
                         "\\.netrc|\\.netrc\\b|~/\\.gnupg|/etc/shadow|\\.kube/config|\\.docker/config\\.json|"
                         "\\.git-credentials|\\$HOME/\\.ssh|"
                         // a folder name on its own, as in os.path.join(home, ".ssh") or Path.home() / ".aws"
                         "['\"`]\\.(?:ssh|aws|gnupg)['\"`/])"),
          {".ssh", "id_rsa", "id_ed25519", "id_ecdsa", ".aws", ".netrc", ".gnupg", "/etc/shadow",
           ".kube/config", ".docker/config.json", ".git-credentials"})
    , pySocket(QStringLiteral("\\b(?:create_connection|connect|connect_ex|sendto)\\s*\\(\\s*(?:[^,()]*,\\s*)?"
                              "\\(\\s*['\"]([^'\"]+)['\"]\\s*,\\s*(\\d{1,5})"),
               {"connect", "sendto"})
    , pyHostClass(
          QStringLiteral("\\b(HTTPSConnection|HTTPConnection|FTP|FTP_TLS|SMTP|SMTP_SSL|IMAP4|IMAP4_SSL|POP3|"
                         "POP3_SSL|Redis|MongoClient)\\s*\\(\\s*(?:host\\s*=\\s*)?['\"]([^'\"]+)['\"](?:\\s*,"
                         "\\s*(?:port\\s*=\\s*)?(\\d{1,5}))?"),
          {"Connection", "FTP", "SMTP", "IMAP4", "POP3", "Redis", "MongoClient"})
    , pyShell(
          QStringLiteral("\\b(subprocess\\.\\w+|os\\.system|os\\.popen|os\\.exec\\w*|os\\.spawn\\w*|pty\\."
                         "spawn)\\s*\\("),
          {"subprocess.", "os.", "pty.spawn"})
    , pyDynamic(QStringLiteral("(?<![\\w.])(eval|exec|compile|__import__)\\s*\\("),
                {"eval", "exec", "compile", "__import__"})
    , pyRemove(
          // The methods' "\\b" stays out of ".unlink" and ".rmdir": before a dot it would need a
          // letter, and Path("/x").rmdir() has a ")" there.
          QStringLiteral(
              "(\\b(?:shutil\\.rmtree|os\\.remove|os\\.unlink|os\\.rmdir|os\\.removedirs)|\\.unlink|"
              "\\.rmdir)\\s*\\(\\s*(?:(?:Path|pathlib\\.Path)\\s*\\(\\s*)?(['\"]([^'\"]*)['\"])?"),
          {"rmtree", "os.remove", ".unlink", ".rmdir"})
    , jsHostKey(QStringLiteral(
                    "\\b(?:host|hostname)\\s*:\\s*['\"]([^'\"]+)['\"](?:[^}]*\\bport\\s*:\\s*(\\d{1,5}))?"),
                {"host"})
    , jsNetConnect(
          QStringLiteral("\\b(?:net|tls)\\.(?:connect|createConnection)\\s*\\(\\s*(\\d{1,5})\\s*,\\s*['"
                         "\"]([^'\"]+)['\"]"),
          {"net.", "tls."})
    , jsChild(QStringLiteral("\\b(child_process|execSync|spawnSync|execFile|spawn|exec)\\s*\\("),
              {"child_process", "exec", "spawn"})
    , jsDynamic(QStringLiteral("(?<![\\w.])(eval|new\\s+Function)\\s*\\("), {"eval", "Function"})
    , jsRemove(
          QStringLiteral("\\bfs(?:\\.promises)?\\.(rm|rmSync|rmdir|rmdirSync|unlink|unlinkSync)\\s*\\(\\s*(['"
                         "\"`]([^'\"`]*)['\"`])?"),
          {"fs."})
    , shRemove(QStringLiteral("(?:^|[;&|`(]\\s*|\\bsudo\\s+|\\s)rm\\s+((?:-[A-Za-z]+\\s+)*)([^\\s;&|]+)"),
               {"rm"})
    , shDynamic(QStringLiteral("(?:^|[;&|]\\s*)(eval|source|bash\\s+-c|sh\\s+-c)\\b"),
                {"eval", "source", "-c"})
    , shPipe(QStringLiteral("\\|\\s*(?:sudo\\s+)?(?:ba)?sh\\b"), {"|"})
{
    // Number the words, one bit for each different word, and file them by their first two
    // characters (a word of one character by that one).
    QList<Word> numbered;
    for (ReachPattern* pattern : patternsOf(*this)) {
        for (const QLatin1String word : std::as_const(pattern->m_words)) {
            // Words are found as written. A case-blind pattern would need its words found in any
            // case, and Unicode folds some characters outside ASCII into ASCII letters (the
            // Kelvin sign into "k"): its words hold no letters ("://"), so that they need not be.
            const bool ascii = std::all_of(word.begin(), word.end(), [](char c) { return uchar(c) < 128; });
            const bool hasLetter =
                std::any_of(word.begin(), word.end(), [](char c) { return std::isalpha(uchar(c)); });
            if (word.isEmpty() || !ascii || (pattern->caseBlind() && hasLetter))
                qFatal("ReachPatterns: the word \"%s\" of %s cannot be found as written", word.data(),
                       qPrintable(pattern->pattern()));
            auto same = std::find_if(numbered.cbegin(), numbered.cend(),
                                     [&](const Word& known) { return known.text == word; });
            if (same == numbered.cend()) {
                numbered.append({word, int(numbered.size())});
                same = numbered.cend() - 1;
            }
            pattern->m_wordBits.set(size_t(same->bit));
        }
    }
    if (size_t(numbered.size()) > ReachWords().size())
        qFatal("ReachPatterns: %d words, more than ReachWords holds", int(numbered.size()));
    m_oneCharacterBit.fill(-1);
    for (const Word& word : std::as_const(numbered)) {
        if (word.text.size() == 1) {
            m_oneCharacterBit[word.text.at(0).unicode()] = word.bit;
            continue;
        }
        const auto pair = pairOf(word.text.at(0).unicode(), word.text.at(1).unicode());
        if (m_pairSlot[pair] == 0) {
            m_wordsByPair.append(QList<Word>());
            m_pairSlot[pair] = quint8(m_wordsByPair.size()); // fewer than 128 words, so it fits
        }
        m_wordsByPair[m_pairSlot[pair] - 1].append(word);
    }
}

namespace {

bool holdsAt(QStringView text, qsizetype at, QLatin1String word)
{
    if (word.size() > text.size() - at)
        return false;
    for (qsizetype i = 0; i < word.size(); ++i) {
        if (text[at + i] != word.at(i))
            return false;
    }
    return true;
}

} // namespace

ReachWords ReachPatterns::wordsIn(QStringView text) const
{
    // One table look-up a character: most pairs of characters start no word.
    ReachWords found;
    const qsizetype size = text.size();
    for (qsizetype at = 0; at < size; ++at) {
        const char16_t first = text[at].unicode();
        if (first >= 128)
            continue;
        if (const int bit = m_oneCharacterBit[first]; bit >= 0)
            found.set(size_t(bit));
        if (at + 1 == size)
            break;
        const char16_t second = text[at + 1].unicode();
        if (second >= 128)
            continue;
        if (const quint8 slot = m_pairSlot[pairOf(first, second)]; slot != 0) {
            for (const Word& word : m_wordsByPair[slot - 1]) {
                if (!found.test(size_t(word.bit)) && holdsAt(text, at, word.text))
                    found.set(size_t(word.bit));
            }
        }
    }
    return found;
}

const ReachPatterns& ReachPatterns::instance()
{
    static const ReachPatterns patterns;
    return patterns;
}

QList<const ReachPattern*> ReachPatterns::all() const
{
    return patternsOf(*this);
}

} // namespace k8::policy
