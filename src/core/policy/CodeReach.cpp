// SPDX-License-Identifier: Apache-2.0
#include "policy/CodeReach.h"

#include "policy/EgressEntry.h"
#include "policy/ReachPatterns.h"

#include "kosa8/CodingDeclaration.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <algorithm>

namespace k8::policy {

// The context of this file's messages in the translations (scanCode is a free function).
class CodeReach
{
    Q_DECLARE_TR_FUNCTIONS(k8::policy::CodeReach)
};

namespace {

enum class Lang
{
    Python,
    Shell,
    JavaScript,
    Other
};

Lang languageOf(const QString& name)
{
    const QString lower = name.trimmed().toLower();
    if (lower == QLatin1String("python") || lower == QLatin1String("py") || lower == QLatin1String("python3"))
        return Lang::Python;
    if (lower == QLatin1String("bash") || lower == QLatin1String("sh") || lower == QLatin1String("shell") ||
        lower == QLatin1String("zsh"))
        return Lang::Shell;
    if (lower == QLatin1String("javascript") || lower == QLatin1String("js") ||
        lower == QLatin1String("node") || lower == QLatin1String("typescript") ||
        lower == QLatin1String("ts"))
        return Lang::JavaScript;
    return Lang::Other;
}

int defaultPort(const QString& scheme)
{
    const QString s = scheme.toLower();
    if (s == QLatin1String("https") || s == QLatin1String("wss"))
        return 443;
    if (s == QLatin1String("http") || s == QLatin1String("ws"))
        return 80;
    if (s == QLatin1String("ftp"))
        return 21;
    if (s == QLatin1String("ssh") || s == QLatin1String("git+ssh") || s == QLatin1String("sftp"))
        return 22;
    if (s == QLatin1String("git"))
        return 9418;
    return 0;
}

// A port the code writes that is no port: not digits, or past 65535 ("http://[::1]:80080/",
// socket.connect(("h", 70000))). curl, wget and Python refuse such an address, so it is not a
// destination; naming another port for it (the scheme's, or the number cut to 16 bits) would give
// the line the policy's verdict for a place it does not go. The review says it cannot read it.
constexpr int UnreadablePort = -1;

// The port in `text` (what follows the colon), `whenUnsaid` for none or 0.
int portOf(const QString& text, int whenUnsaid)
{
    if (text.isEmpty())
        return whenUnsaid;
    bool ok = false;
    const int port = text.toInt(&ok);
    if (!ok || !isAsciiDigits(text, text.size()) || port > 65535)
        return UnreadablePort;
    return port == 0 ? whenUnsaid : port;
}

class Scanner
{
public:
    Scanner(Lang lang)
        : m_lang(lang)
    {}

    void scanLine(int lineNumber, const QString& line);
    void encodingDeclarations(const QString& code);
    QList<ReachFinding> findings() const { return m_findings; }

private:
    void destination(int line, const QString& hostText, int port, const QString& source,
                     const QString& matched);
    void risk(int line, const QString& source, const QString& detail);
    void urls(int line, const ReachLine& code);
    void commands(int line, const ReachLine& code);
    void pythonRules(int line, const ReachLine& code);
    void javascriptRules(int line, const ReachLine& code);
    void shellRules(int line, const ReachLine& code);
    void secrets(int line, const ReachLine& code);
    QString callSource(const QString& text) const;

    Lang m_lang;
    const ReachPatterns& m_patterns = ReachPatterns::instance();
    QList<ReachFinding> m_findings;
    QSet<QString> m_seen; // "line|kind|what" so one line lists a thing once
};

QString Scanner::callSource(const QString& text) const
{
    static const char* const calls[] = {"requests", "httpx",    "aiohttp",   "urllib",    "urlopen",
                                        "fetch",    "axios",    "WebSocket", "git clone", "curl",
                                        "wget",     "http.get", "https.get"};
    for (const char* call : calls) {
        if (text.contains(QLatin1String(call)))
            return QString::fromLatin1(call);
    }
    return QStringLiteral("URL");
}

void Scanner::destination(int line, const QString& hostText, int port, const QString& source,
                          const QString& matched)
{
    QString host = hostText.trimmed();
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    // Hosts built at run time ("{host}", "$HOST", "${x}") are not destinations we can name.
    const Destination parsed = Destination::parse(host);
    if (!parsed.isValid())
        return;
    if (port < 0 || port > 65535) {
        // The address as written, cut: a port of thousands of digits must not widen the list.
        const QString quoted = matched.size() > 60 ? matched.left(59) + QChar(0x2026) : matched;
        risk(line, source, CodeReach::tr("%1: no port from 0 to 65535, so no host to judge").arg(quoted));
        return;
    }
    const QString key = QString::number(line) + QStringLiteral("|d|") + parsed.host + QLatin1Char(':') +
                        QString::number(port);
    if (m_seen.contains(key))
        return;
    m_seen.insert(key);
    ReachFinding finding;
    finding.kind = ReachFinding::Kind::Destination;
    finding.line = line;
    finding.host = parsed.host;
    finding.port = port;
    finding.source = source;
    finding.detail = matched;
    m_findings.append(finding);
}

void Scanner::risk(int line, const QString& source, const QString& detail)
{
    const QString key = QString::number(line) + QStringLiteral("|r|") + source;
    if (m_seen.contains(key))
        return;
    m_seen.insert(key);
    ReachFinding finding;
    finding.kind = ReachFinding::Kind::Risk;
    finding.line = line;
    finding.source = source;
    finding.detail = detail;
    m_findings.append(finding);
}

void Scanner::urls(int line, const ReachLine& code)
{
    const QString& text = code.text();
    auto it = m_patterns.url.globalMatch(code);
    const QString source = it.hasNext() ? callSource(text) : QString();
    while (it.hasNext()) {
        const auto m = it.next();
        QString authority = m.captured(2);
        const qsizetype at = authority.lastIndexOf(QLatin1Char('@'));
        if (at >= 0)
            authority = authority.mid(at + 1); // user:password@ is not part of the host
        QString host = authority;
        int port = defaultPort(m.captured(1));
        if (authority.startsWith(QLatin1Char('['))) {
            const qsizetype close = authority.indexOf(QLatin1Char(']'));
            if (close < 0)
                continue;
            host = authority.left(close + 1);
            const QString rest = authority.mid(close + 1);
            if (rest.startsWith(QLatin1Char(':')))
                port = portOf(rest.mid(1), port);
        } else if (authority.contains(QLatin1Char(':'))) {
            host = authority.section(QLatin1Char(':'), 0, 0);
            port = portOf(authority.section(QLatin1Char(':'), 1), port);
        }
        destination(line, host, port, source, m.captured(0));
    }
    // scp-like git addresses: git@github.com:owner/repo.git
    auto scp = m_patterns.scpLike.globalMatch(code);
    while (scp.hasNext()) {
        const auto m = scp.next();
        destination(line, m.captured(1), 22, QStringLiteral("git (ssh)"), m.captured(0));
    }
}

void Scanner::commands(int line, const ReachLine& code)
{
    const QString& text = code.text();
    const bool hasPipIndex =
        text.contains(QLatin1String("--index-url")) || text.contains(QLatin1String("-i http"));
    if (!hasPipIndex) {
        QRegularExpressionMatch python = m_patterns.pipInstall.match(code);
        if (!python.hasMatch())
            python = m_patterns.uvAdd.match(code);
        if (python.hasMatch()) {
            const QString what = python.captured(0);
            const QString source = what.startsWith(QLatin1String("uv")) ? QStringLiteral("uv pip install")
                                                                        : QStringLiteral("pip install");
            destination(line, QStringLiteral("pypi.org"), 443, source, what);
            destination(line, QStringLiteral("files.pythonhosted.org"), 443, source, what);
        }
    }
    if (!text.contains(QLatin1String("--registry"))) {
        if (const auto npm = m_patterns.npmInstall.match(code); npm.hasMatch())
            destination(line, QStringLiteral("registry.npmjs.org"), 443, QStringLiteral("npm install"),
                        npm.captured(0));
    }
    if (const auto apt = m_patterns.aptInstall.match(code); apt.hasMatch())
        destination(line, QStringLiteral("deb.debian.org"), 80, QStringLiteral("apt"), apt.captured(0));

    // curl/wget with a bare host (no scheme): "curl example.com/x"
    if (!text.contains(QStringLiteral("://"))) {
        if (const auto b = m_patterns.bareHost.match(code); b.hasMatch())
            destination(line, b.captured(2), portOf(b.captured(3), 0), b.captured(1),
                        b.captured(0).trimmed());
    }

    // ssh / scp / nc with a host
    if (const auto s = m_patterns.sshHost.match(code); s.hasMatch())
        destination(line, s.captured(2), 22, s.captured(1), s.captured(0));
    if (const auto n = m_patterns.netcat.match(code); n.hasMatch())
        destination(line, n.captured(2), n.captured(3).toInt(), n.captured(1), n.captured(0));
}

void Scanner::pythonRules(int line, const ReachLine& code)
{
    auto it = m_patterns.pySocket.globalMatch(code);
    while (it.hasNext()) {
        const auto m = it.next();
        destination(line, m.captured(1), m.captured(2).toInt(), QStringLiteral("socket"), m.captured(0));
    }
    it = m_patterns.pyHostClass.globalMatch(code);
    while (it.hasNext()) {
        const auto m = it.next();
        static const QHash<QString, int> defaults = {{QStringLiteral("HTTPSConnection"), 443},
                                                     {QStringLiteral("HTTPConnection"), 80},
                                                     {QStringLiteral("FTP"), 21},
                                                     {QStringLiteral("FTP_TLS"), 21},
                                                     {QStringLiteral("SMTP"), 25},
                                                     {QStringLiteral("SMTP_SSL"), 465},
                                                     {QStringLiteral("IMAP4"), 143},
                                                     {QStringLiteral("IMAP4_SSL"), 993},
                                                     {QStringLiteral("POP3"), 110},
                                                     {QStringLiteral("POP3_SSL"), 995},
                                                     {QStringLiteral("Redis"), 6379},
                                                     {QStringLiteral("MongoClient"), 27017}};
        const int port = m.captured(3).isEmpty() ? defaults.value(m.captured(1)) : m.captured(3).toInt();
        destination(line, m.captured(2), port, m.captured(1), m.captured(0));
    }

    if (const auto sh = m_patterns.pyShell.match(code); sh.hasMatch())
        risk(line, sh.captured(1), CodeReach::tr("runs another program (%1)").arg(sh.captured(1)));
    if (const auto dyn = m_patterns.pyDynamic.match(code); dyn.hasMatch())
        risk(line, dyn.captured(1), CodeReach::tr("runs code built at run time (%1)").arg(dyn.captured(1)));
    if (const auto rm = m_patterns.pyRemove.match(code); rm.hasMatch()) {
        const QString path = rm.captured(3);
        const bool literal = !rm.captured(2).isEmpty();
        if (!literal)
            risk(line, rm.captured(1),
                 CodeReach::tr("deletes files at a path decided at run time (%1)").arg(rm.captured(1)));
        else if (path.startsWith(QLatin1Char('/')) || path.startsWith(QLatin1Char('~')) ||
                 path.startsWith(QLatin1String("..")))
            risk(line, rm.captured(1), CodeReach::tr("deletes %1, outside the working folder").arg(path));
    }
}

void Scanner::javascriptRules(int line, const ReachLine& code)
{
    const QString& text = code.text();
    if (const auto h = m_patterns.jsHostKey.match(code); h.hasMatch())
        destination(line, h.captured(1), h.captured(2).toInt(), QStringLiteral("http/net options"),
                    h.captured(0));
    if (const auto n = m_patterns.jsNetConnect.match(code); n.hasMatch())
        destination(line, n.captured(2), n.captured(1).toInt(), QStringLiteral("net.connect"), n.captured(0));

    if (text.contains(QLatin1String("child_process")))
        risk(line, QStringLiteral("child_process"), CodeReach::tr("runs another program (child_process)"));
    else if (const auto c = m_patterns.jsChild.match(code); c.hasMatch())
        risk(line, c.captured(1), CodeReach::tr("runs another program (%1)").arg(c.captured(1)));
    if (const auto d = m_patterns.jsDynamic.match(code); d.hasMatch())
        risk(line, d.captured(1), CodeReach::tr("runs code built at run time (%1)").arg(d.captured(1)));
    if (const auto r = m_patterns.jsRemove.match(code); r.hasMatch()) {
        const QString path = r.captured(3);
        if (r.captured(2).isEmpty())
            risk(line, r.captured(1),
                 CodeReach::tr("deletes files at a path decided at run time (%1)").arg(r.captured(1)));
        else if (path.startsWith(QLatin1Char('/')) || path.startsWith(QLatin1Char('~')) ||
                 path.startsWith(QLatin1String("..")))
            risk(line, r.captured(1), CodeReach::tr("deletes %1, outside the working folder").arg(path));
    }
}

void Scanner::shellRules(int line, const ReachLine& code)
{
    if (const auto r = m_patterns.shRemove.match(code); r.hasMatch()) {
        const QString path = r.captured(2);
        if (path.startsWith(QLatin1Char('/')) || path.startsWith(QLatin1Char('~')) ||
            path.startsWith(QLatin1String("..")) || path.startsWith(QLatin1String("$HOME")) ||
            path == QLatin1String("*"))
            risk(line, QStringLiteral("rm"),
                 CodeReach::tr("deletes %1, outside the working folder").arg(path));
    }
    if (const auto d = m_patterns.shDynamic.match(code); d.hasMatch())
        risk(line, d.captured(1), CodeReach::tr("runs code built at run time (%1)").arg(d.captured(1)));
    if (m_patterns.shPipe.match(code).hasMatch())
        risk(line, QStringLiteral("| sh"), CodeReach::tr("runs a downloaded script (piped into a shell)"));
}

void Scanner::secrets(int line, const ReachLine& code)
{
    if (const auto s = m_patterns.secret.match(code); s.hasMatch())
        risk(line, QStringLiteral("secrets"), CodeReach::tr("reads credentials (%1)").arg(s.captured(1)));
}

void Scanner::scanLine(int lineNumber, const QString& line)
{
    const QString trimmed = line.trimmed();
    if (trimmed.isEmpty())
        return;
    // Whole-line comments: a URL in a comment is not a connection. Shebangs are comments too.
    if ((m_lang == Lang::Python || m_lang == Lang::Shell) && trimmed.startsWith(QLatin1Char('#')))
        return;
    if (m_lang == Lang::JavaScript &&
        (trimmed.startsWith(QLatin1String("//")) || trimmed.startsWith(QLatin1Char('*'))))
        return;
    const ReachLine code(line);
    urls(lineNumber, code);
    commands(lineNumber, code);
    secrets(lineNumber, code);
    if (m_lang == Lang::Python || m_lang == Lang::Other)
        pythonRules(lineNumber, code);
    if (m_lang == Lang::JavaScript || m_lang == Lang::Other)
        javascriptRules(lineNumber, code);
    // Shell commands also appear as strings in Python and JavaScript (os.system("rm -rf ~")).
    shellRules(lineNumber, code);
}

// A declaration is a comment, which the line rules skip; but it changes what Python reads, so that
// nothing this scan or the view shows may be what runs (issue 24).
void Scanner::encodingDeclarations(const QString& code)
{
    for (const kosa8::CodingDeclaration::Match& declaration : kosa8::CodingDeclaration::lookalikes(code))
        risk(declaration.line + 1, QStringLiteral("coding"),
             CodeReach::tr("declares the source encoding %1: Python that reads the code from a file decodes "
                           "it into other code than the one shown, which this scan does not see")
                 .arg(declaration.name));
}

} // namespace

QString ReachFinding::destination() const
{
    if (kind != Kind::Destination)
        return {};
    const bool v6 = host.contains(QLatin1Char(':'));
    if (port <= 0)
        return host;
    return (v6 ? QLatin1Char('[') + host + QLatin1Char(']') : host) + QLatin1Char(':') +
           QString::number(port);
}

QList<ReachFinding> scanCode(const QString& code, const QString& language)
{
    Scanner scanner(languageOf(language));
    const QStringList lines = code.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        QString line = lines.at(i);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (line.size() > 4000)
            line = line.left(4000); // minified blobs: the patterns need no more, and stay fast
        scanner.scanLine(i + 1, line);
    }
    scanner.encodingDeclarations(code);
    QList<ReachFinding> findings = scanner.findings();
    std::stable_sort(findings.begin(), findings.end(),
                     [](const ReachFinding& a, const ReachFinding& b) { return a.line < b.line; });
    return findings;
}

QList<ReachFinding> scanCodeForReview(const QString& code, const QString& language, bool* truncated)
{
    const bool longer = code.size() > ReviewScanChars;
    if (truncated)
        *truncated = longer;
    return scanCode(longer ? code.left(ReviewScanChars) : code, language);
}

} // namespace k8::policy
