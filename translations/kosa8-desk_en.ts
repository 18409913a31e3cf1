<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>LedgerVerifier</name>
    <message numerus="yes">
        <source>%1: %n entries chain</source>
        <translation>
            <numerusform>%1: %n entries chain</numerusform>
            <numerusform>%1: %n entries chain</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReviewState</name>
    <message numerus="yes">
        <source>the whole run: this %1 code exactly (%n line(s)%2), in sandbox %3, with image %4, %5.</source>
        <translation>
            <numerusform>the whole run: this %1 code exactly (%n line%2), in sandbox %3, with image %4, %5.</numerusform>
            <numerusform>the whole run: this %1 code exactly (%n lines%2), in sandbox %3, with image %4, %5.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %n actions together: </source>
        <translation>
            <numerusform>the %n action: </numerusform>
            <numerusform>all %n actions together: </numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::agent::InboxModel</name>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n d</source>
        <translation>
            <numerusform>%n d</numerusform>
            <numerusform>%n d</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n LangChain tool calls</source>
        <translation>
            <numerusform>%n LangChain tool call</numerusform>
            <numerusform>%n LangChain tool calls</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::agent::PayloadShapes</name>
    <message numerus="yes">
        <source>Review %n actions: %1</source>
        <translation>
            <numerusform>Review %n action: %1</numerusform>
            <numerusform>Review %n actions: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::CommandProfileDialog</name>
    <message numerus="yes">
        <source>Save is off while %n problems remain. First: %1</source>
        <translation>
            <numerusform>Save is off while %n problem remains: %1</numerusform>
            <numerusform>Save is off while %n problems remain. First: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::CreateSandboxDialog</name>
    <message numerus="yes">
        <source>One entry holds %n hosts: add them one at a time (%1, then Enter, and so on).</source>
        <translation>
            <numerusform>One entry holds %n host: add it alone (%1, then Enter).</numerusform>
            <numerusform>One entry holds %n hosts: add them one at a time (%1, then Enter, and so on).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::DecisionHistoryView</name>
    <message numerus="yes">
        <source>%n decision(s), newest first.</source>
        <translation>
            <numerusform>%n decision, newest first.</numerusform>
            <numerusform>%n decisions, newest first.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ledger line(s) could not be read.</source>
        <translation>
            <numerusform>%n ledger line could not be read.</numerusform>
            <numerusform>%n ledger lines could not be read.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::DecisionNotices</name>
    <message numerus="yes">
        <source>%1: %n request(s)
%2 · newest: %3</source>
        <translation>
            <numerusform>%1: %n request
%2 · newest: %3</numerusform>
            <numerusform>%1: %n requests
%2 · newest: %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) withdrawn by this agent; History has each of them.</source>
        <translation>
            <numerusform>%n request withdrawn by this agent; History has it.</numerusform>
            <numerusform>%n requests withdrawn by this agent; History has each of them.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::HistoryPage</name>
    <message numerus="yes">
        <source>%n entries shown</source>
        <translation>
            <numerusform>%n entry shown</numerusform>
            <numerusform>%n entries shown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n loaded</source>
        <translation>
            <numerusform>%n loaded</numerusform>
            <numerusform>%n loaded</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) could not be read</source>
        <translation>
            <numerusform>%n line could not be read</numerusform>
            <numerusform>%n lines could not be read</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (only the first ones are kept)</source>
        <translation>
            <numerusform>… and %n more (only the first ones are kept)</numerusform>
            <numerusform>… and %n more (only the first ones are kept)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries exported to %1.</source>
        <translation>
            <numerusform>%n entry exported to %1.</numerusform>
            <numerusform>%n entries exported to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::InboxNotifier</name>
    <message numerus="yes">
        <source>%1: %n request(s) waiting for you</source>
        <translation>
            <numerusform>%1: %n request waiting for you</numerusform>
            <numerusform>%1: %n requests waiting for you</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::LangGraphHealthText</name>
    <message numerus="yes">
        <source>, %n interrupted thread(s)</source>
        <translation>
            <numerusform>, %n interrupted thread</numerusform>
            <numerusform>, %n interrupted threads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::LangGraphStatusButton</name>
    <message numerus="yes">
        <source>LangGraph: %1 of %n unreachable</source>
        <translation>
            <numerusform>LangGraph: %1 of %n unreachable</numerusform>
            <numerusform>LangGraph: %1 of %n unreachable</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>LangGraph: %n server(s)</source>
        <translation>
            <numerusform>LangGraph: %n server</numerusform>
            <numerusform>LangGraph: %n servers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::MainWindow</name>
    <message numerus="yes">
        <source>%n request(s) from agents wait for your decision. If you quit now, each is rejected and its agent is told so (the ledger records it as decided by the shutdown).</source>
        <translation>
            <numerusform>%n request from an agent waits for your decision. If you quit now, it is rejected and its agent is told so (the ledger records it as decided by the shutdown).</numerusform>
            <numerusform>%n requests from agents wait for your decision. If you quit now, each is rejected and its agent is told so (the ledger records it as decided by the shutdown).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n interrupt(s) of LangGraph servers wait for your decision. They are not answered: they stay pending on their servers and are back in the inbox at the next start.</source>
        <translation>
            <numerusform>%n interrupt of a LangGraph server waits for your decision. It is not answered: it stays pending on its server and is back in the inbox at the next start.</numerusform>
            <numerusform>%n interrupts of LangGraph servers wait for your decision. They are not answered: they stay pending on their servers and are back in the inbox at the next start.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::MessageCard</name>
    <message numerus="yes">
        <source>%1 (%n times)</source>
        <translation>
            <numerusform>%1 (%n time)</numerusform>
            <numerusform>%1 (%n times)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::RemoteWorkerInput</name>
    <message numerus="yes">
        <source>The name is too long: at most %n characters.</source>
        <translation>
            <numerusform>The name is too long: at most %n character.</numerusform>
            <numerusform>The name is too long: at most %n characters.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The host is too long: at most %n characters.</source>
        <translation>
            <numerusform>The host is too long: at most %n character.</numerusform>
            <numerusform>The host is too long: at most %n characters.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::RequestEndBanner</name>
    <message numerus="yes">
        <source>This request timed out after %n s and was rejected automatically.</source>
        <translation>
            <numerusform>This request timed out after %n s and was rejected automatically.</numerusform>
            <numerusform>This request timed out after %n s and was rejected automatically.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::RevealBar</name>
    <message numerus="yes">
        <source>%n source-encoding declarations other than UTF-8 (Python that reads the code from a file decodes it in that encoding, so what runs can differ from what you read)</source>
        <translation>
            <numerusform>%n source-encoding declaration other than UTF-8 (Python that reads the code from a file decodes it in that encoding, so what runs can differ from what you read)</numerusform>
            <numerusform>%n source-encoding declarations other than UTF-8 (Python that reads the code from a file decodes it in that encoding, so what runs can differ from what you read)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bidirectional controls</source>
        <translation>
            <numerusform>%n bidirectional control</numerusform>
            <numerusform>%n bidirectional controls</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n zero-width or invisible characters</source>
        <translation>
            <numerusform>%n zero-width or invisible character</numerusform>
            <numerusform>%n zero-width or invisible characters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n control characters</source>
        <translation>
            <numerusform>%n control character</numerusform>
            <numerusform>%n control characters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>non-ASCII letters inside words in %n places (look-alikes)</source>
        <translation>
            <numerusform>non-ASCII letters inside words in %n place (look-alikes)</numerusform>
            <numerusform>non-ASCII letters inside words in %n places (look-alikes)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>right-to-left text in %n places (it can reorder the code around it)</source>
        <translation>
            <numerusform>right-to-left text in %n place (it can reorder the code around it)</numerusform>
            <numerusform>right-to-left text in %n places (it can reorder the code around it)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lone carriage returns (CR)</source>
        <translation>
            <numerusform>%n lone carriage return (CR)</numerusform>
            <numerusform>%n lone carriage returns (CR)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n Unicode line or paragraph separators</source>
        <translation>
            <numerusform>%n Unicode line or paragraph separator</numerusform>
            <numerusform>%n Unicode line or paragraph separators</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n non-breaking or unusual spaces</source>
        <translation>
            <numerusform>%n non-breaking or unusual space</numerusform>
            <numerusform>%n non-breaking or unusual spaces</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lines longer than %1 characters (the longest has %2)</source>
        <translation>
            <numerusform>%n line longer than %1 characters (it has %2)</numerusform>
            <numerusform>%n lines longer than %1 characters (the longest has %2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n Windows line ends (CRLF)</source>
        <translation>
            <numerusform>%n Windows line end (CRLF)</numerusform>
            <numerusform>%n Windows line ends (CRLF)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::ReviewView</name>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n min ago</numerusform>
            <numerusform>%n min ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n h ago</numerusform>
            <numerusform>%n h ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>rejected automatically after %n s</source>
        <translation>
            <numerusform>rejected automatically after %n s</numerusform>
            <numerusform>rejected automatically after %n s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::RunConsole</name>
    <message numerus="yes">
        <source>… %n lines skipped here: printed faster than the console can show them
</source>
        <translation>
            <numerusform>… %n line skipped here: printed faster than the console can show it
</numerusform>
            <numerusform>… %n lines skipped here: printed faster than the console can show them
</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::RunPlacePanel</name>
    <message numerus="yes">
        <source>Only these %n hosts: %1</source>
        <translation>
            <numerusform>Only this %n host: %1</numerusform>
            <numerusform>Only these %n hosts: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::SandboxRefresher</name>
    <message numerus="yes">
        <source>%n lines of `%1` could not be read</source>
        <translation>
            <numerusform>%n line of `%1` could not be read</numerusform>
            <numerusform>%n lines of `%1` could not be read</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::SandboxesPage</name>
    <message numerus="yes">
        <source>%n sandbox(es)</source>
        <translation>
            <numerusform>%n sandbox</numerusform>
            <numerusform>%n sandboxes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::TimelinePage</name>
    <message numerus="yes">
        <source>• … and %n more</source>
        <translation>
            <numerusform>• … and %n more</numerusform>
            <numerusform>• … and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Lost: what %n run(s)</source>
        <translation>
            <numerusform>Lost: what %n run</numerusform>
            <numerusform>Lost: what %n runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %n later checkpoint(s) captured:</source>
        <translation>
            <numerusform> and %n later checkpoint captured:</numerusform>
            <numerusform> and %n later checkpoints captured:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::TimelineView</name>
    <message numerus="yes">
        <source>… %n more</source>
        <translation>
            <numerusform>… %n more</numerusform>
            <numerusform>… %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::history::AuditVerifier</name>
    <message numerus="yes">
        <source>kosa8&apos;s audit log chains: %n entries verified.</source>
        <translation>
            <numerusform>kosa8&apos;s audit log chains: %n entry verified.</numerusform>
            <numerusform>kosa8&apos;s audit log chains: %n entries verified.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The app&apos;s ledger chains: %n entries verified.</source>
        <translation>
            <numerusform>The app&apos;s ledger chains: %n entry verified.</numerusform>
            <numerusform>The app&apos;s ledger chains: %n entries verified.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::kosa8::ConnectionProfiles</name>
    <message numerus="yes">
        <source>A profile name can have at most %n characters.</source>
        <translation>
            <numerusform>A profile name can have at most %n character.</numerusform>
            <numerusform>A profile name can have at most %n characters.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::kosa8::EgressPolicy</name>
    <message numerus="yes">
        <source>Allow: %1 and %n more</source>
        <translation>
            <numerusform>Allow: %1 and %n more</numerusform>
            <numerusform>Allow: %1 and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::mcp::McpSession</name>
    <message numerus="yes">
        <source>Running in kosa8 Desk: %n byte(s) of output so far</source>
        <translation>
            <numerusform>Running in kosa8 Desk: %n byte of output so far</numerusform>
            <numerusform>Running in kosa8 Desk: %n bytes of output so far</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Waiting for approval in kosa8 Desk (%n s so far)</source>
        <translation>
            <numerusform>Waiting for approval in kosa8 Desk (%n s so far)</numerusform>
            <numerusform>Waiting for approval in kosa8 Desk (%n s so far)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::policy::EgressRules</name>
    <message numerus="yes">
        <source>%n hosts</source>
        <translation>
            <numerusform>%n host</numerusform>
            <numerusform>%n hosts</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::timeline::TimelineBuilder</name>
    <message numerus="yes">
        <source>kosa8 marked %n checkpoints as current; none is shown as current.</source>
        <translation>
            <numerusform>kosa8 marked %n checkpoint as current; none is shown as current.</numerusform>
            <numerusform>kosa8 marked %n checkpoints as current; none is shown as current.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) name a checkpoint kosa8 no longer lists; they are marked &quot;checkpoint gone&quot;.</source>
        <translation>
            <numerusform>%n run names a checkpoint kosa8 no longer lists; it is marked &quot;checkpoint gone&quot;.</numerusform>
            <numerusform>%n runs name a checkpoint kosa8 no longer lists; they are marked &quot;checkpoint gone&quot;.</numerusform>
        </translation>
    </message>
</context>
</TS>
