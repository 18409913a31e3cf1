<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>LedgerVerifier</name>
    <message>
        <source>No ledger file was given.</source>
        <translation>Es wurde keine Ledger-Datei angegeben.</translation>
    </message>
    <message>
        <source>%1: no such file.</source>
        <translation>%1: Datei nicht vorhanden.</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n entries chain</source>
        <translation>
            <numerusform>%1: %n Eintrag ist verkettet</numerusform>
            <numerusform>%1: %n Einträge sind verkettet</numerusform>
        </translation>
    </message>
    <message>
        <source>skipped torn lines (not JSON): %1</source>
        <translation>übersprungene abgerissene Zeilen (kein JSON): %1</translation>
    </message>
    <message>
        <source>first entry that does not chain: seq %1 (line %2)</source>
        <translation>erster nicht verketteter Eintrag: seq %1 (Zeile %2)</translation>
    </message>
    <message>
        <source>first line that does not chain: line %1</source>
        <translation>erste nicht verkettete Zeile: Zeile %1</translation>
    </message>
    <message>
        <source>%1: the ledger does not verify; %2 entries chain before the break.</source>
        <translation>%1: Das Ledger lässt sich nicht verifizieren; %2 Einträge sind vor dem Bruch verkettet.</translation>
    </message>
    <message>
        <source>No remembered end beside it (%1): only the chain was checked.</source>
        <translation>Kein gemerktes Ende daneben (%1): Nur die Kette wurde geprüft.</translation>
    </message>
    <message>
        <source>It ends where kosa8 Desk left it (entry %1 as recorded in %2).</source>
        <translation>Es endet dort, wo kosa8 Desk es verlassen hat (Eintrag %1, wie in %2 vermerkt).</translation>
    </message>
</context>
<context>
    <name>PeerCredentials</name>
    <message>
        <source>the connection has no socket descriptor</source>
        <translation>die Verbindung hat keinen Socket-Deskriptor</translation>
    </message>
    <message>
        <source>SO_PEERCRED failed: %1</source>
        <translation>SO_PEERCRED fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>getpeereid failed: %1</source>
        <translation>getpeereid fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>cannot identify the peer (%1)</source>
        <translation>die Gegenseite lässt sich nicht identifizieren (%1)</translation>
    </message>
    <message>
        <source>peer runs as user id %1 (process %2), not as this app&apos;s user id %3</source>
        <translation>die Gegenseite läuft unter der Benutzer-ID %1 (Prozess %2), nicht unter der Benutzer-ID %3 dieser App</translation>
    </message>
</context>
<context>
    <name>ReviewState</name>
    <message>
        <source>Your edits were discarded: the action is shown as the agent sent it.</source>
        <translation>Ihre Änderungen wurden verworfen: Die Aktion wird so gezeigt, wie der Agent sie gesendet hat.</translation>
    </message>
    <message>
        <source>Choose a sandbox to run in.</source>
        <translation>Wählen Sie eine Sandbox für die Ausführung.</translation>
    </message>
    <message>
        <source>Choose an image to run with.</source>
        <translation>Wählen Sie ein Image für die Ausführung.</translation>
    </message>
    <message>
        <source>No checkpoint: the agent asked for none. The run cannot be rewound.</source>
        <translation>Kein Checkpoint: Der Agent hat keinen angefordert. Die Ausführung lässt sich nicht zurückspulen.</translation>
    </message>
    <message>
        <source>Checkpoint &quot;%1&quot; is taken in %2 before the run, so it can be rewound.</source>
        <translation>Checkpoint „%1“ wird vor der Ausführung in %2 angelegt, sodass sie sich zurückspulen lässt.</translation>
    </message>
    <message>
        <source>There is no such action to approve.</source>
        <translation>Eine solche Aktion zum Freigeben gibt es nicht.</translation>
    </message>
    <message>
        <source>This action cannot be approved as it is; the agent allows only other decisions.</source>
        <translation>Diese Aktion kann so nicht freigegeben werden; der Agent erlaubt nur andere Entscheidungen.</translation>
    </message>
    <message>
        <source>The agent does not accept edits to this action: revert your edits to approve it.</source>
        <translation>Der Agent akzeptiert keine Änderungen an dieser Aktion: Nehmen Sie Ihre Änderungen zurück, um sie freizugeben.</translation>
    </message>
    <message>
        <source>The arguments are not valid JSON (%1 at character %2); nothing was sent.</source>
        <translation>Die Argumente sind kein gültiges JSON (%1 bei Zeichen %2); es wurde nichts gesendet.</translation>
    </message>
    <message>
        <source>The arguments must be a JSON object; nothing was sent.</source>
        <translation>Die Argumente müssen ein JSON-Objekt sein; es wurde nichts gesendet.</translation>
    </message>
    <message>
        <source>The other arguments must not hold &quot;%1&quot;: edit the code in the code editor.</source>
        <translation>Die übrigen Argumente dürfen „%1“ nicht enthalten: Bearbeiten Sie den Code im Code-Editor.</translation>
    </message>
    <message>
        <source>The agent does not accept a rejection of this action.</source>
        <translation>Der Agent akzeptiert keine Ablehnung dieser Aktion.</translation>
    </message>
    <message>
        <source>The agent does not accept a response to this action.</source>
        <translation>Der Agent akzeptiert keine Antwort auf diese Aktion.</translation>
    </message>
    <message>
        <source>Type the response to send to the agent first.</source>
        <translation>Geben Sie zuerst die Antwort an den Agenten ein.</translation>
    </message>
    <message>
        <source>The request has no action to decide on.</source>
        <translation>Die Anfrage enthält keine Aktion, über die zu entscheiden wäre.</translation>
    </message>
    <message>
        <source>Action %1 of %2 is not decided yet.</source>
        <translation>Über Aktion %1 von %2 ist noch nicht entschieden.</translation>
    </message>
    <message>
        <source>Action %1 changed after you decided it; decide it again.</source>
        <translation>Aktion %1 hat sich nach Ihrer Entscheidung geändert; entscheiden Sie erneut.</translation>
    </message>
    <message>
        <source>The agent does not accept a rejection of action %1.</source>
        <translation>Der Agent akzeptiert keine Ablehnung von Aktion %1.</translation>
    </message>
    <message>
        <source>Action %1 has no response to send.</source>
        <translation>Aktion %1 hat keine Antwort zum Senden.</translation>
    </message>
    <message>
        <source>The request has no action to approve.</source>
        <translation>Die Anfrage enthält keine Aktion zum Freigeben.</translation>
    </message>
    <message>
        <source>Action %1: %2</source>
        <translation>Aktion %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>the whole run: this %1 code exactly (%n line(s)%2), in sandbox %3, with image %4, %5.</source>
        <translation>
            <numerusform>die gesamte Ausführung: genau diesen %1-Code (%n Zeile%2), in der Sandbox %3, mit dem Image %4, %5.</numerusform>
            <numerusform>die gesamte Ausführung: genau diesen %1-Code (%n Zeilen%2), in der Sandbox %3, mit dem Image %4, %5.</numerusform>
        </translation>
    </message>
    <message>
        <source>, as you edited it</source>
        <translation>, wie von Ihnen bearbeitet</translation>
    </message>
    <message>
        <source>with a checkpoint taken first</source>
        <translation>mit vorher angelegtem Checkpoint</translation>
    </message>
    <message>
        <source>without a checkpoint</source>
        <translation>ohne Checkpoint</translation>
    </message>
    <message>
        <source>this whole request exactly: the code and every other field the agent sent.</source>
        <translation>genau diese gesamte Anfrage: den Code und jedes weitere Feld, das der Agent gesendet hat.</translation>
    </message>
    <message>
        <source>the tool &quot;%1&quot; with all of its arguments exactly as shown%2</source>
        <translation>das Werkzeug „%1“ mit allen Argumenten genau wie gezeigt%2</translation>
    </message>
    <message>
        <source> (with your edits)</source>
        <translation> (mit Ihren Änderungen)</translation>
    </message>
    <message numerus="yes">
        <source>all %n actions together: </source>
        <translation>
            <numerusform>die %n Aktion zusammen: </numerusform>
            <numerusform>alle %n Aktionen zusammen: </numerusform>
        </translation>
    </message>
    <message>
        <source>The sandbox &quot;%1&quot; does not exist: choose another sandbox.</source>
        <translation>Die Sandbox „%1“ existiert nicht: Wählen Sie eine andere Sandbox.</translation>
    </message>
    <message>
        <source>The image &quot;%1&quot; is not pulled in %2: choose another image or sandbox (or pull it there first).</source>
        <translation>Das Image „%1“ ist in %2 nicht geladen: Wählen Sie ein anderes Image oder eine andere Sandbox (oder laden Sie es zuerst dort).</translation>
    </message>
    <message>
        <source>This request has ended: nothing can be decided on it any more.</source>
        <translation>Diese Anfrage ist beendet: Über sie kann nichts mehr entschieden werden.</translation>
    </message>
    <message>
        <source>The sandbox list has not been read yet (checking sandboxes…), so the run cannot be approved.</source>
        <translation>Die Sandbox-Liste wurde noch nicht gelesen (Sandboxes werden geprüft …), daher kann die Ausführung nicht freigegeben werden.</translation>
    </message>
</context>
<context>
    <name>ShownText</name>
    <message>
        <source>Showing the first %L1 of %L2 lines: the rest is not shown.</source>
        <extracomment>%1 and %2 are numbers of lines, e.g. &quot;Showing the first 5,000 of 3,879,702 lines&quot;</extracomment>
        <translation>Gezeigt werden die ersten %L1 von %L2 Zeilen: der Rest wird nicht gezeigt.</translation>
    </message>
    <message>
        <source>Showing the first %L1 of %L2 characters (line %L3 of %L4): the rest is not shown.</source>
        <extracomment>%1 and %2 are numbers of characters; %3 and %4 numbers of lines</extracomment>
        <translation>Gezeigt werden die ersten %L1 von %L2 Zeichen (Zeile %L3 von %L4): der Rest wird nicht gezeigt.</translation>
    </message>
</context>
<context>
    <name>SocketPath</name>
    <message>
        <source>Cannot inspect the socket folder %1: %2</source>
        <translation>Der Socket-Ordner %1 lässt sich nicht untersuchen: %2</translation>
    </message>
    <message>
        <source>Cannot create the socket folder %1: %2</source>
        <translation>Der Socket-Ordner %1 lässt sich nicht anlegen: %2</translation>
    </message>
    <message>
        <source>Refusing the socket folder %1: it is a symbolic link; use a real folder that only you can enter (mode 0700).</source>
        <translation>Der Socket-Ordner %1 wird abgelehnt: Er ist ein symbolischer Link; verwenden Sie einen echten Ordner, den nur Sie betreten können (Modus 0700).</translation>
    </message>
    <message>
        <source>Refusing the socket folder %1: it is not a folder.</source>
        <translation>Der Socket-Ordner %1 wird abgelehnt: Er ist kein Ordner.</translation>
    </message>
    <message>
        <source>Refusing the socket folder %1: it belongs to user id %2, not to you (user id %3); another user could replace the socket.</source>
        <translation>Der Socket-Ordner %1 wird abgelehnt: Er gehört der Benutzer-ID %2, nicht Ihnen (Benutzer-ID %3); ein anderer Benutzer könnte den Socket ersetzen.</translation>
    </message>
    <message>
        <source>Refusing the socket folder %1: its mode is %2, so other users can enter it; it must be 0700 (run: chmod 700 %1).</source>
        <translation>Der Socket-Ordner %1 wird abgelehnt: Sein Modus ist %2, andere Benutzer können ihn also betreten; er muss 0700 sein (ausführen: chmod 700 %1).</translation>
    </message>
    <message>
        <source>the path is too long for a socket</source>
        <translation>der Pfad ist für einen Socket zu lang</translation>
    </message>
    <message>
        <source>No socket path was given.</source>
        <translation>Es wurde kein Socket-Pfad angegeben.</translation>
    </message>
    <message>
        <source>The socket path %1 is %2 bytes long; a Unix socket path must be shorter than %3 bytes.</source>
        <translation>Der Socket-Pfad %1 ist %2 Bytes lang; ein Unix-Socket-Pfad muss kürzer als %3 Bytes sein.</translation>
    </message>
    <message>
        <source>Another kosa8 Desk is already listening on %1.</source>
        <translation>Ein anderes kosa8 Desk lauscht bereits auf %1.</translation>
    </message>
    <message>
        <source>Cannot remove the stale socket %1: %2</source>
        <translation>Der veraltete Socket %1 lässt sich nicht entfernen: %2</translation>
    </message>
    <message>
        <source>%1 exists and is not a socket; refusing to replace it.</source>
        <translation>%1 existiert und ist kein Socket; es wird nicht ersetzt.</translation>
    </message>
    <message>
        <source>Cannot check the socket %1: %2</source>
        <translation>Der Socket %1 lässt sich nicht prüfen: %2</translation>
    </message>
    <message>
        <source>Cannot set mode 0600 on the socket %1: %2</source>
        <translation>Modus 0600 lässt sich für den Socket %1 nicht setzen: %2</translation>
    </message>
    <message>
        <source>Listening for agents on %1</source>
        <translation>Bereit für Agenten auf %1</translation>
    </message>
    <message>
        <source>Not listening for agents: the agent service has not started.</source>
        <translation>Nicht bereit für Agenten: Der Agenten-Dienst wurde nicht gestartet.</translation>
    </message>
    <message>
        <source>Not listening for agents on %1: the agent service has stopped.</source>
        <translation>Nicht mehr bereit für Agenten auf %1: Der Agenten-Dienst wurde beendet.</translation>
    </message>
    <message>
        <source>Agents cannot connect: %1</source>
        <translation>Agenten können sich nicht verbinden: %1</translation>
    </message>
</context>
<context>
    <name>k8::agent::ActionBinding</name>
    <message>
        <source>a string holds a lone UTF-16 surrogate, which has no UTF-8 form</source>
        <translation>ein String enthält ein einzelnes UTF-16-Surrogat, das keine UTF-8-Form hat</translation>
    </message>
    <message>
        <source>a number is an integer of 2^53 or more, which JSON readers do not all read alike</source>
        <translation>eine Zahl ist eine Ganzzahl von 2^53 oder mehr, die nicht alle JSON-Leser gleich lesen</translation>
    </message>
    <message>
        <source>the text holds a bidirectional control%1</source>
        <translation>der Text enthält ein bidirektionales Steuerzeichen%1</translation>
    </message>
    <message>
        <source>the text holds an invisible character%1</source>
        <translation>der Text enthält ein unsichtbares Zeichen%1</translation>
    </message>
    <message>
        <source>the text holds a control character%1</source>
        <translation>der Text enthält ein Steuerzeichen%1</translation>
    </message>
    <message>
        <source>the text holds a lone carriage return, a line end for some interpreters only</source>
        <translation>der Text enthält ein einzelnes Wagenrücklaufzeichen (CR), das nur manche Interpreter als Zeilenende lesen</translation>
    </message>
    <message>
        <source>the text holds a Unicode line or paragraph separator%1</source>
        <translation>der Text enthält einen Unicode-Zeilen- oder -Absatztrenner%1</translation>
    </message>
    <message>
        <source>the text declares a source encoding other than UTF-8 (&quot;%1&quot;), so Python can read other code than the one shown</source>
        <translation>der Text deklariert eine andere Quellkodierung als UTF-8 („%1“), sodass Python anderen Code lesen kann als den gezeigten</translation>
    </message>
    <message>
        <source>the text holds characters that can hide code</source>
        <translation>der Text enthält Zeichen, die Code verbergen können</translation>
    </message>
</context>
<context>
    <name>k8::agent::AgentServer</name>
    <message>
        <source>The agent socket is already listening on %1.</source>
        <translation>Der Agenten-Socket lauscht bereits auf %1.</translation>
    </message>
    <message>
        <source>Cannot listen on %1: %2</source>
        <translation>Lauschen auf %1 nicht möglich: %2</translation>
    </message>
    <message>
        <source>Refused an agent connection: %1</source>
        <translation>Agenten-Verbindung abgewiesen: %1</translation>
    </message>
    <message>
        <source>Too many connections: the limit is %1 connections</source>
        <translation>Zu viele Verbindungen: Die Grenze liegt bei %1 Verbindungen</translation>
    </message>
    <message>
        <source>Unknown method &apos;%1&apos;; the methods are %2</source>
        <translation>Unbekannte Methode &apos;%1&apos;; die Methoden sind %2</translation>
    </message>
    <message>
        <source>&apos;params&apos; must be an object with the fields of &apos;%1&apos;</source>
        <translation>&apos;params&apos; muss ein Objekt mit den Feldern von &apos;%1&apos; sein</translation>
    </message>
    <message>
        <source>The id %1 is already used by a pending request on this connection</source>
        <translation>Die ID %1 wird auf dieser Verbindung bereits von einer offenen Anfrage verwendet</translation>
    </message>
    <message>
        <source>Too many pending requests: the limit is %1 pending requests in all</source>
        <translation>Zu viele offene Anfragen: Die Grenze liegt bei insgesamt %1 offenen Anfragen</translation>
    </message>
    <message>
        <source>&apos;params&apos; of hello must be an object</source>
        <translation>&apos;params&apos; von hello muss ein Objekt sein</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be a string</source>
        <translation>&apos;%1&apos; muss ein String sein</translation>
    </message>
    <message>
        <source>&apos;id&apos; must be the string or number id of a pending request on this connection</source>
        <translation>&apos;id&apos; muss die String- oder Zahl-ID einer offenen Anfrage auf dieser Verbindung sein</translation>
    </message>
    <message>
        <source>Too many pending requests on this connection: the limit is %1 pending requests per connection</source>
        <translation>Zu viele offene Anfragen auf dieser Verbindung: Die Grenze liegt bei %1 offenen Anfragen je Verbindung</translation>
    </message>
</context>
<context>
    <name>k8::agent::AgentService</name>
    <message>
        <source>The agent service is already running.</source>
        <translation>Der Agenten-Dienst läuft bereits.</translation>
    </message>
    <message>
        <source>No data folder was given for the agent service.</source>
        <translation>Für den Agenten-Dienst wurde kein Datenordner angegeben.</translation>
    </message>
    <message>
        <source>Cannot create the data folder %1.</source>
        <translation>Der Datenordner %1 lässt sich nicht anlegen.</translation>
    </message>
    <message>
        <source>Cannot open the decision ledger %1: %2</source>
        <translation>Das Entscheidungs-Ledger %1 lässt sich nicht öffnen: %2</translation>
    </message>
    <message>
        <source>kosa8 Desk is quitting.</source>
        <translation>kosa8 Desk wird beendet.</translation>
    </message>
    <message>
        <source>Rejected by the standing rule &apos;%1&apos;.</source>
        <translation>Abgelehnt durch die Dauerregel &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>The standing rule &apos;%1&apos; could not be applied.</source>
        <translation>Die Dauerregel &apos;%1&apos; konnte nicht angewendet werden.</translation>
    </message>
    <message>
        <source>The decision could not be recorded: %1</source>
        <translation>Die Entscheidung konnte nicht aufgezeichnet werden: %1</translation>
    </message>
    <message>
        <source>No decision within %1 s; the request timed out.</source>
        <translation>Keine Entscheidung innerhalb von %1 s; die Anfrage ist abgelaufen.</translation>
    </message>
    <message>
        <source>The agent withdrew the request.</source>
        <translation>Der Agent hat die Anfrage zurückgezogen.</translation>
    </message>
    <message>
        <source>The agent disconnected.</source>
        <translation>Der Agent hat die Verbindung getrennt.</translation>
    </message>
    <message>
        <source>This request is no longer waiting for a decision.</source>
        <translation>Diese Anfrage wartet nicht mehr auf eine Entscheidung.</translation>
    </message>
    <message>
        <source>There is no code to run.</source>
        <translation>Es gibt keinen Code zum Ausführen.</translation>
    </message>
    <message>
        <source>Choose a sandbox to run the code in.</source>
        <translation>Wählen Sie eine Sandbox, in der der Code laufen soll.</translation>
    </message>
    <message>
        <source>%1 Command: %2</source>
        <translation>%1 Befehl: %2</translation>
    </message>
    <message>
        <source>There is no code to approve.</source>
        <translation>Es gibt keinen Code zum Freigeben.</translation>
    </message>
    <message>
        <source>There is no agent name to reject.</source>
        <translation>Es gibt keinen Agentennamen zum Ablehnen.</translation>
    </message>
    <message>
        <source>kosa8 Desk quit while the code was running; the run was stopped.</source>
        <translation>kosa8 Desk wurde beendet, während der Code lief; die Ausführung wurde angehalten.</translation>
    </message>
    <message>
        <source>kosa8 Desk quit before a decision was made.</source>
        <translation>kosa8 Desk wurde beendet, bevor eine Entscheidung fiel.</translation>
    </message>
    <message>
        <source>This action cannot be approved by a standing rule: %1.</source>
        <translation>Diese Aktion kann nicht durch eine Dauerregel freigegeben werden: %1.</translation>
    </message>
    <message>
        <source>The decision approves no action, so there is nothing to always approve.</source>
        <translation>Die Entscheidung gibt keine Aktion frei, es gibt also nichts, das immer freizugeben wäre.</translation>
    </message>
    <message>
        <source>The agent service has shut down.</source>
        <translation>Der Agent-Dienst wurde beendet.</translation>
    </message>
    <message>
        <source>The agent withdrew the run while its checkpoint was being taken; the checkpoint was stopped and the code was not run.</source>
        <translation>Der Agent hat die Ausführung zurückgezogen, während ihr Checkpoint angelegt wurde; der Checkpoint wurde abgebrochen und der Code nicht ausgeführt.</translation>
    </message>
    <message>
        <source>This code cannot be approved by a standing rule: %1.</source>
        <translation>Dieser Code kann nicht durch eine dauerhafte Regel genehmigt werden: %1.</translation>
    </message>
    <message>
        <source>A decision you made could not be recorded, so nothing was sent to the agent. The request is back in the inbox, to be decided again.</source>
        <translation>Eine Entscheidung von Ihnen konnte nicht aufgezeichnet werden, daher wurde dem Agenten nichts gesendet. Die Anfrage ist wieder im Posteingang und kann erneut entschieden werden.</translation>
    </message>
    <message>
        <source>kosa8 Desk quit before the approved code started; it was not run.</source>
        <translation>kosa8 Desk wurde beendet, bevor der genehmigte Code startete; er wurde nicht ausgeführt.</translation>
    </message>
    <message>
        <source>The source of the request was removed.</source>
        <translation>Die Quelle der Anfrage wurde entfernt.</translation>
    </message>
    <message>
        <source>The request came from a source kosa8 Desk does not know.</source>
        <translation>Die Anfrage kam aus einer Quelle, die kosa8 Desk nicht kennt.</translation>
    </message>
    <message>
        <source>The LangGraph server %1 cannot be reached now, so no decision can be sent to it. The interrupt waits there: decide once the server answers again (kosa8 Desk tries every few seconds).</source>
        <translation>Der LangGraph-Server %1 ist gerade nicht erreichbar, daher kann ihm keine Entscheidung gesendet werden. Der Interrupt wartet dort: Entscheiden Sie, sobald der Server wieder antwortet (kosa8 Desk versucht es alle paar Sekunden).</translation>
    </message>
    <message>
        <source>This request did not come from the server %1.</source>
        <translation>Diese Anfrage kam nicht vom Server %1.</translation>
    </message>
</context>
<context>
    <name>k8::agent::CanonicalNumbers</name>
    <message>
        <source>the number %1 is not one that JSON readers agree on</source>
        <translation>über die Zahl %1 sind sich JSON-Leser nicht einig</translation>
    </message>
    <message>
        <source>the number %1 is not written in its canonical form %2, and a rule&apos;s hash cannot tell the two apart while the agent&apos;s JSON reader may (an integer and a float, say)</source>
        <translation>die Zahl %1 ist nicht in ihrer kanonischen Form %2 geschrieben, und der Hash einer Regel unterscheidet die beiden nicht, der JSON-Leser des Agenten aber vielleicht (etwa eine Ganzzahl und eine Gleitkommazahl)</translation>
    </message>
</context>
<context>
    <name>k8::agent::DecisionNotice</name>
    <message>
        <source>run</source>
        <translation>Ausführung</translation>
    </message>
    <message>
        <source>run in %1</source>
        <translation>Ausführung in %1</translation>
    </message>
    <message>
        <source>review</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Approved by rule %1: %2</source>
        <translation>Freigegeben durch Regel %1: %2</translation>
    </message>
    <message>
        <source>Rejected by rule %1: %2</source>
        <translation>Abgelehnt durch Regel %1: %2</translation>
    </message>
    <message>
        <source>Rejected: timed out after %1 s</source>
        <translation>Abgelehnt: Zeitlimit nach %1 s überschritten</translation>
    </message>
    <message>
        <source>Rejected: timed out</source>
        <translation>Abgelehnt: Zeitlimit überschritten</translation>
    </message>
    <message>
        <source>Withdrawn by %1</source>
        <translation>Zurückgezogen von %1</translation>
    </message>
    <message>
        <source>Rejected: kosa8 Desk quit before a decision</source>
        <translation>Abgelehnt: kosa8 Desk wurde vor einer Entscheidung beendet</translation>
    </message>
    <message>
        <source>Sent to %1: %2</source>
        <translation>An %1 gesendet: %2</translation>
    </message>
    <message>
        <source>Decided outside kosa8 Desk: %1</source>
        <translation>Außerhalb von kosa8 Desk entschieden: %1</translation>
    </message>
</context>
<context>
    <name>k8::agent::DurableAnswers</name>
    <message>
        <source>The decision could not be recorded: %1</source>
        <translation>Die Entscheidung konnte nicht aufgezeichnet werden: %1</translation>
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
            <numerusform>%n T.</numerusform>
            <numerusform>%n T.</numerusform>
        </translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Wartet</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>sandbox run</source>
        <translation>Sandbox-Ausführung</translation>
    </message>
    <message>
        <source>Agent Inbox interrupt</source>
        <translation>Agent-Inbox-Interrupt</translation>
    </message>
    <message>
        <source>question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>answer to the agent</source>
        <translation>Antwort an den Agenten</translation>
    </message>
    <message>
        <source>Approved code ran in a kosa8 sandbox, checkpointed first.</source>
        <translation>Freigegebener Code lief in einer kosa8-Sandbox, nach einem Checkpoint.</translation>
    </message>
    <message>
        <source>The answer went back to the agent, which acted on it itself, outside kosa8.</source>
        <translation>Die Antwort ging an den Agenten zurück, der selbst danach handelte, außerhalb von kosa8.</translation>
    </message>
    <message numerus="yes">
        <source>%n LangChain tool calls</source>
        <translation>
            <numerusform>%n LangChain-Werkzeugaufruf</numerusform>
            <numerusform>%n LangChain-Werkzeugaufrufe</numerusform>
        </translation>
    </message>
    <message>
        <source>LangChain tool call</source>
        <translation>LangChain-Werkzeugaufruf</translation>
    </message>
    <message>
        <source>%1, server unreachable</source>
        <extracomment>The Waiting column of a request whose LangGraph server cannot be reached now; %1 is how long it has waited (&quot;2 min&quot;).</extracomment>
        <translation>%1, Server nicht erreichbar</translation>
    </message>
    <message>
        <source>%1. Its server cannot be reached now: it can be decided once the server answers again.</source>
        <translation>%1. Sein Server ist gerade nicht erreichbar: Die Anfrage lässt sich entscheiden, sobald der Server wieder antwortet.</translation>
    </message>
</context>
<context>
    <name>k8::agent::JsonRpc</name>
    <message>
        <source>%1 at offset %2</source>
        <translation>%1 bei Offset %2</translation>
    </message>
    <message>
        <source>Parse error: the line is not valid UTF-8.</source>
        <translation>Parse-Fehler: Die Zeile ist kein gültiges UTF-8.</translation>
    </message>
    <message>
        <source>Parse error: the line is not JSON (%1).</source>
        <translation>Parse-Fehler: Die Zeile ist kein JSON (%1).</translation>
    </message>
    <message>
        <source>Invalid request: a JSON-RPC 2.0 request must be a JSON object.</source>
        <translation>Ungültige Anfrage: Eine JSON-RPC-2.0-Anfrage muss ein JSON-Objekt sein.</translation>
    </message>
    <message>
        <source>Invalid request: &quot;jsonrpc&quot; must be the string &quot;2.0&quot;.</source>
        <translation>Ungültige Anfrage: &quot;jsonrpc&quot; muss der String &quot;2.0&quot; sein.</translation>
    </message>
    <message>
        <source>Invalid request: &quot;id&quot; must be a string or an integer.</source>
        <translation>Ungültige Anfrage: &quot;id&quot; muss ein String oder eine Ganzzahl sein.</translation>
    </message>
    <message>
        <source>Invalid request: &quot;method&quot; must be a string.</source>
        <translation>Ungültige Anfrage: &quot;method&quot; muss ein String sein.</translation>
    </message>
    <message>
        <source>Invalid request: &quot;params&quot; must be an object or an array.</source>
        <translation>Ungültige Anfrage: &quot;params&quot; muss ein Objekt oder ein Array sein.</translation>
    </message>
</context>
<context>
    <name>k8::agent::Ledger</name>
    <message>
        <source>The ledger %1 cannot be read: %2</source>
        <translation>Das Ledger %1 lässt sich nicht lesen: %2</translation>
    </message>
    <message>
        <source>The ledger %1 has no readable entry near its end; it is damaged. Check it with --verify-ledger and move it away to start a new one.</source>
        <translation>Das Ledger %1 hat nahe seinem Ende keinen lesbaren Eintrag; es ist beschädigt. Prüfen Sie es mit --verify-ledger und verschieben Sie es, um ein neues zu beginnen.</translation>
    </message>
    <message>
        <source>The last line of the ledger %1 is incomplete (%2 bytes without a line end, probably cut off by a crash); it is kept as it is and new entries start on the next line.</source>
        <translation>Die letzte Zeile des Ledgers %1 ist unvollständig (%2 Bytes ohne Zeilenende, vermutlich durch einen Absturz abgeschnitten); sie bleibt unverändert, und neue Einträge beginnen in der nächsten Zeile.</translation>
    </message>
    <message>
        <source>The ledger %1 has unreadable lines after its last good entry (seq %2).</source>
        <translation>Das Ledger %1 hat nach seinem letzten gültigen Eintrag (seq %2) unlesbare Zeilen.</translation>
    </message>
    <message>
        <source>The ledger %1 cannot be opened for writing: %2</source>
        <translation>Das Ledger %1 lässt sich nicht zum Schreiben öffnen: %2</translation>
    </message>
    <message>
        <source>The ledger is not open.</source>
        <translation>Das Ledger ist nicht geöffnet.</translation>
    </message>
    <message>
        <source>The ledger entry could not be written to %1: %2</source>
        <translation>Der Ledger-Eintrag konnte nicht in %1 geschrieben werden: %2</translation>
    </message>
    <message>
        <source>The ledger %1 could not be flushed to disk.</source>
        <translation>Das Ledger %1 konnte nicht auf die Festplatte geschrieben werden.</translation>
    </message>
    <message>
        <source>kosa8 Desk has no record of where the decision ledger %1 ended (%2 is missing), so it cannot tell whether entries were lost or changed before entry %3. It records the end again with the next decision.</source>
        <translation>kosa8 Desk hat keinen Vermerk, wo das Entscheidungs-Ledger %1 endete (%2 fehlt), und kann daher nicht erkennen, ob vor Eintrag %3 Einträge verloren gingen oder geändert wurden. Mit der nächsten Entscheidung wird das Ende erneut vermerkt.</translation>
    </message>
    <message>
        <source>The record of where the decision ledger %1 ended (%2) is damaged or unreadable%3, so lost or changed entries cannot be detected. Something other than kosa8 Desk changed it; check the ledger with --verify-ledger.</source>
        <translation>Der Vermerk, wo das Entscheidungs-Ledger %1 endete (%2), ist beschädigt oder unlesbar%3; verlorene oder geänderte Einträge lassen sich daher nicht erkennen. Etwas anderes als kosa8 Desk hat ihn geändert; prüfen Sie das Ledger mit --verify-ledger.</translation>
    </message>
    <message>
        <source>The decision ledger %1 is missing or empty, but kosa8 Desk had recorded %2 entries in it. The file was deleted, cut or replaced.</source>
        <translation>Das Entscheidungs-Ledger %1 fehlt oder ist leer, obwohl kosa8 Desk %2 Einträge darin vermerkt hatte. Die Datei wurde gelöscht, gekürzt oder ersetzt.</translation>
    </message>
    <message>
        <source>The decision ledger %1 is shorter than kosa8 Desk left it: it ends at entry %2, but the app had recorded up to entry %3, so %4 missing. The file was cut, or replaced by an older copy.</source>
        <translation>Das Entscheidungs-Ledger %1 ist kürzer, als kosa8 Desk es hinterlassen hat: Es endet bei Eintrag %2, die App hatte aber bis Eintrag %3 vermerkt (fehlend: %4). Die Datei wurde gekürzt oder durch eine ältere Kopie ersetzt.</translation>
    </message>
    <message>
        <source>entry %1 is</source>
        <translation>Eintrag %1</translation>
    </message>
    <message>
        <source>entries %1 to %2 are</source>
        <translation>Einträge %1 bis %2</translation>
    </message>
    <message>
        <source>The decision ledger %1 was changed after kosa8 Desk wrote it: entry %2 has the hash %3…, but the app recorded %4… for it. The file was rewritten or replaced.</source>
        <translation>Das Entscheidungs-Ledger %1 wurde geändert, nachdem kosa8 Desk es geschrieben hatte: Eintrag %2 hat den Hash %3 …, die App hatte aber %4 … dafür vermerkt. Die Datei wurde neu geschrieben oder ersetzt.</translation>
    </message>
    <message>
        <source>The decision ledger %1 was changed after kosa8 Desk wrote it: entry %2, which the app recorded, cannot be found in it. The file was rewritten or replaced.</source>
        <translation>Das Entscheidungs-Ledger %1 wurde geändert, nachdem kosa8 Desk es geschrieben hatte: Eintrag %2, den die App vermerkt hatte, ist darin nicht zu finden. Die Datei wurde neu geschrieben oder ersetzt.</translation>
    </message>
    <message>
        <source>The ledger %1 is still flushing entries to disk.</source>
        <translation>Das Ledger %1 schreibt noch Einträge auf die Festplatte.</translation>
    </message>
</context>
<context>
    <name>k8::agent::LedgerReader</name>
    <message>
        <source>The ledger %1 cannot be read: %2</source>
        <translation>Das Ledger %1 lässt sich nicht lesen: %2</translation>
    </message>
    <message>
        <source>it has no valid &quot;seq&quot;</source>
        <translation>es hat kein gültiges &quot;seq&quot;</translation>
    </message>
    <message>
        <source>its seq should be %1</source>
        <translation>sein seq müsste %1 sein</translation>
    </message>
    <message>
        <source>its &quot;prev&quot; is not the hash of the entry before it</source>
        <translation>sein &quot;prev&quot; ist nicht der Hash des vorigen Eintrags</translation>
    </message>
    <message>
        <source>its &quot;hash&quot; does not match its content</source>
        <translation>sein &quot;hash&quot; passt nicht zu seinem Inhalt</translation>
    </message>
    <message>
        <source>%1 entries chain; entry seq %2 (line %3) does not: %4.</source>
        <translation>%1 Einträge sind verkettet; Eintrag seq %2 (Zeile %3) nicht: %4.</translation>
    </message>
    <message>
        <source>%1 entries chain.</source>
        <translation>%1 Einträge sind verkettet.</translation>
    </message>
    <message>
        <source>Skipped incomplete line(s) %1 (cut off by a crash).</source>
        <translation>Unvollständige Zeile(n) %1 übersprungen (durch einen Absturz abgeschnitten).</translation>
    </message>
    <message>
        <source>%1 unreadable line(s) in the ledger %2 were skipped.</source>
        <translation>%1 unlesbare Zeile(n) im Ledger %2 wurden übersprungen.</translation>
    </message>
    <message>
        <source>%1 entries chain; entry seq %2 (line %3) was changed: its line is not byte for byte the canonical JSON of its content, as kosa8 Desk writes it.</source>
        <translation>%1 Einträge sind verkettet; Eintrag seq %2 (Zeile %3) wurde verändert: seine Zeile ist nicht Byte für Byte das kanonische JSON seines Inhalts, wie kosa8 Desk es schreibt.</translation>
    </message>
</context>
<context>
    <name>k8::agent::LineFramer</name>
    <message>
        <source>Line too long: at least %1 bytes without a line end; the limit is %2 bytes</source>
        <translation>Zeile zu lang: mindestens %1 Bytes ohne Zeilenende; die Grenze liegt bei %2 Bytes</translation>
    </message>
    <message>
        <source>Line too long: %1 bytes; the limit is %2 bytes</source>
        <translation>Zeile zu lang: %1 Bytes; die Grenze liegt bei %2 Bytes</translation>
    </message>
</context>
<context>
    <name>k8::agent::PayloadShapes</name>
    <message>
        <source>Invalid params: &quot;%1&quot; must be a string.</source>
        <translation>Ungültige Parameter: &quot;%1&quot; muss ein String sein.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;timeout_s&quot; must be a number from 1 to %1 (seconds).</source>
        <translation>Ungültige Parameter: &quot;timeout_s&quot; muss eine Zahl von 1 bis %1 (Sekunden) sein.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;%1&quot; must be a list of decision names.</source>
        <translation>Ungültige Parameter: &quot;%1&quot; muss eine Liste von Entscheidungsnamen sein.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;%1&quot; must hold strings.</source>
        <translation>Ungültige Parameter: &quot;%1&quot; muss Strings enthalten.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;%1&quot; names none of approve, edit, reject, respond.</source>
        <translation>Ungültige Parameter: &quot;%1&quot; nennt keines von approve, edit, reject, respond.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;payload.action_requests&quot; must be a non-empty list of {name, args, description?}.</source>
        <translation>Ungültige Parameter: &quot;payload.action_requests&quot; muss eine nicht leere Liste von {name, args, description?} sein.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;payload.review_configs&quot; must be a list of {action_name, allowed_decisions}.</source>
        <translation>Ungültige Parameter: &quot;payload.review_configs&quot; muss eine Liste von {action_name, allowed_decisions} sein.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;payload.review_configs[%1]&quot; must be an object with a string &quot;action_name&quot;.</source>
        <translation>Ungültige Parameter: &quot;payload.review_configs[%1]&quot; muss ein Objekt mit einem String &quot;action_name&quot; sein.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;%1&quot; must be an object with a string &quot;name&quot;.</source>
        <translation>Ungültige Parameter: &quot;%1&quot; muss ein Objekt mit einem String &quot;name&quot; sein.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;%1.args&quot; must be an object.</source>
        <translation>Ungültige Parameter: &quot;%1.args&quot; muss ein Objekt sein.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;payload.review_configs&quot; has no entry with action_name &quot;%1&quot; (for %2).</source>
        <translation>Ungültige Parameter: &quot;payload.review_configs&quot; hat keinen Eintrag mit action_name &quot;%1&quot; (für %2).</translation>
    </message>
    <message>
        <source>Invalid params: &quot;%1&quot; must be an object {action_request, config, description?}.</source>
        <translation>Ungültige Parameter: &quot;%1&quot; muss ein Objekt {action_request, config, description?} sein.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;%1.action_request&quot; must be an object with a string &quot;action&quot;.</source>
        <translation>Ungültige Parameter: &quot;%1.action_request&quot; muss ein Objekt mit einem String &quot;action&quot; sein.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;%1.action_request.args&quot; must be an object.</source>
        <translation>Ungültige Parameter: &quot;%1.action_request.args&quot; muss ein Objekt sein.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;%1.config&quot; must be an object {allow_accept, allow_edit, allow_respond, allow_ignore}.</source>
        <translation>Ungültige Parameter: &quot;%1.config&quot; muss ein Objekt {allow_accept, allow_edit, allow_respond, allow_ignore} sein.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;%1.config.%2&quot; must be true or false.</source>
        <translation>Ungültige Parameter: &quot;%1.config.%2&quot; muss true oder false sein.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;%1.config&quot; allows nothing (set at least one of allow_accept, allow_edit, allow_respond, allow_ignore).</source>
        <translation>Ungültige Parameter: &quot;%1.config&quot; erlaubt nichts (setzen Sie mindestens eines von allow_accept, allow_edit, allow_respond, allow_ignore).</translation>
    </message>
    <message>
        <source>Review request</source>
        <translation>Prüfanfrage</translation>
    </message>
    <message>
        <source>Review %1</source>
        <translation>%1 prüfen</translation>
    </message>
    <message numerus="yes">
        <source>Review %n actions: %1</source>
        <translation>
            <numerusform>%n Aktion prüfen: %1</numerusform>
            <numerusform>%n Aktionen prüfen: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Invalid params: &quot;payload&quot; is required (the value the interrupt raised, any JSON value).</source>
        <translation>Ungültige Parameter: &quot;payload&quot; ist erforderlich (der Wert, den der Interrupt ausgelöst hat, ein beliebiger JSON-Wert).</translation>
    </message>
    <message>
        <source>Invalid params: &quot;code&quot; is required and must be a string.</source>
        <translation>Ungültige Parameter: &quot;code&quot; ist erforderlich und muss ein String sein.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;code&quot; is %1 bytes; at most %2 bytes (4 MiB) are accepted.</source>
        <translation>Ungültige Parameter: &quot;code&quot; hat %1 Bytes; höchstens %2 Bytes (4 MiB) werden angenommen.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;language&quot; must be &quot;python&quot;, &quot;bash&quot; or &quot;node&quot;, not &quot;%1&quot;.</source>
        <translation>Ungültige Parameter: &quot;language&quot; muss &quot;python&quot;, &quot;bash&quot; oder &quot;node&quot; sein, nicht &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;sandbox&quot;: %1</source>
        <translation>Ungültige Parameter: &quot;sandbox&quot;: %1</translation>
    </message>
    <message>
        <source>No sandbox is configured and none was named: pass &quot;sandbox&quot; or choose a sandbox in the app&apos;s settings.</source>
        <translation>Es ist keine Sandbox eingestellt und keine angegeben: Übergeben Sie &quot;sandbox&quot; oder wählen Sie eine Sandbox in den Einstellungen der App.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;image&quot;: %1</source>
        <translation>Ungültige Parameter: &quot;image&quot;: %1</translation>
    </message>
    <message>
        <source>Invalid params: &quot;checkpoint&quot; must be true or false.</source>
        <translation>Ungültige Parameter: &quot;checkpoint&quot; muss true oder false sein.</translation>
    </message>
    <message>
        <source>Run %1 code in %2</source>
        <translation>%1-Code in %2 ausführen</translation>
    </message>
    <message>
        <source>The decision covers %1 action(s) but the request has %2.</source>
        <translation>Die Entscheidung umfasst %1 Aktion(en), die Anfrage hat aber %2.</translation>
    </message>
    <message>
        <source>The request has no action to decide on.</source>
        <translation>Die Anfrage enthält keine Aktion, über die zu entscheiden wäre.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not allowed for action %2 (%3).</source>
        <translation>&quot;%1&quot; ist für Aktion %2 nicht erlaubt (%3).</translation>
    </message>
    <message>
        <source>An edited run needs the edited code.</source>
        <translation>Eine bearbeitete Ausführung braucht den bearbeiteten Code.</translation>
    </message>
    <message>
        <source>Rejected by a person.</source>
        <translation>Von einer Person abgelehnt.</translation>
    </message>
    <message>
        <source>A run is only approved, edited or rejected.</source>
        <translation>Eine Ausführung wird nur freigegeben, bearbeitet oder abgelehnt.</translation>
    </message>
    <message>
        <source>Unknown payload shape.</source>
        <translation>Unbekannte Form der Nutzlast.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;code&quot; holds a lone UTF-16 surrogate (\uD800 to \uDFFF without its pair), which is not valid Unicode; send the code as valid UTF-8.</source>
        <translation>Ungültige Parameter: &quot;code&quot; enthält ein einzelnes UTF-16-Surrogat (\uD800 bis \uDFFF ohne sein Gegenstück), das kein gültiges Unicode ist; senden Sie den Code als gültiges UTF-8.</translation>
    </message>
    <message>
        <source>unnamed</source>
        <translation>unbenannt</translation>
    </message>
    <message>
        <source>A plain question can only be approved or rejected.</source>
        <translation>Eine einfache Frage kann nur freigegeben oder abgelehnt werden.</translation>
    </message>
    <message>
        <source>Invalid params: &quot;response_schema&quot; must be the interrupt&apos;s response schema (a JSON object).</source>
        <translation>Ungültige Parameter: „response_schema“ muss das Antwortschema des Interrupts sein (ein JSON-Objekt).</translation>
    </message>
    <message>
        <source>Invalid params: &quot;response_schema&quot; allows none of approve, edit, reject, respond.</source>
        <translation>Ungültige Parameter: „response_schema“ erlaubt keine der Entscheidungen approve, edit, reject, respond.</translation>
    </message>
</context>
<context>
    <name>k8::agent::ReviewCoordinator</name>
    <message>
        <source>Standing rules are not available.</source>
        <translation>Dauerregeln sind nicht verfügbar.</translation>
    </message>
    <message>
        <source>The ledger is not available.</source>
        <translation>Das Ledger ist nicht verfügbar.</translation>
    </message>
</context>
<context>
    <name>k8::agent::RuleStore</name>
    <message>
        <source>%1 is invalid; fix or remove it before changing rules, so that nothing in it is lost.</source>
        <translation>%1 ist ungültig; korrigieren oder entfernen Sie die Datei, bevor Sie Regeln ändern, damit nichts darin verloren geht.</translation>
    </message>
    <message>
        <source>There is no rule &apos;%1&apos; that the app may change (rules from a --rules file are read-only).</source>
        <translation>Es gibt keine Regel &apos;%1&apos;, die die App ändern darf (Regeln aus einer --rules-Datei sind schreibgeschützt).</translation>
    </message>
    <message>
        <source>There is no rule &apos;%1&apos; that the app may remove (rules from a --rules file are read-only).</source>
        <translation>Es gibt keine Regel &apos;%1&apos;, die die App entfernen darf (Regeln aus einer --rules-Datei sind schreibgeschützt).</translation>
    </message>
    <message>
        <source>Rules file %1, rule &quot;%2&quot;: %3.</source>
        <translation>Regeldatei %1, Regel &quot;%2&quot;: %3.</translation>
    </message>
</context>
<context>
    <name>k8::agent::Rules</name>
    <message>
        <source>a rule must be a JSON object</source>
        <translation>eine Regel muss ein JSON-Objekt sein</translation>
    </message>
    <message>
        <source>unknown field &quot;%1&quot; (known: %2)</source>
        <translation>unbekanntes Feld &quot;%1&quot; (bekannt: %2)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>&quot;%1&quot; muss ein String sein</translation>
    </message>
    <message>
        <source>&quot;enabled&quot; must be true or false</source>
        <translation>&quot;enabled&quot; muss true oder false sein</translation>
    </message>
    <message>
        <source>&quot;decision&quot; is missing (&quot;approve&quot; or &quot;reject&quot;)</source>
        <translation>&quot;decision&quot; fehlt (&quot;approve&quot; oder &quot;reject&quot;)</translation>
    </message>
    <message>
        <source>unknown decision &quot;%1&quot; (&quot;approve&quot; or &quot;reject&quot;)</source>
        <translation>unbekannte Entscheidung &quot;%1&quot; (&quot;approve&quot; oder &quot;reject&quot;)</translation>
    </message>
    <message>
        <source>&quot;name&quot; is missing or empty</source>
        <translation>&quot;name&quot; fehlt oder ist leer</translation>
    </message>
    <message>
        <source>&quot;code_sha256&quot; must be 64 hex digits</source>
        <translation>&quot;code_sha256&quot; muss aus 64 Hexziffern bestehen</translation>
    </message>
    <message>
        <source>&quot;method&quot; must be &quot;review&quot; or &quot;run&quot;, not &quot;%1&quot;</source>
        <translation>&quot;method&quot; muss &quot;review&quot; oder &quot;run&quot; sein, nicht &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Rules file %1, line %2: %3. None of its rules apply.</source>
        <translation>Regeldatei %1, Zeile %2: %3. Keine ihrer Regeln gilt.</translation>
    </message>
    <message>
        <source>Rules file %1 cannot be read: %2. None of its rules apply.</source>
        <translation>Regeldatei %1 lässt sich nicht lesen: %2. Keine ihrer Regeln gilt.</translation>
    </message>
    <message>
        <source>the file must hold an object {&quot;rules&quot;: [...]}</source>
        <translation>die Datei muss ein Objekt {&quot;rules&quot;: [...]} enthalten</translation>
    </message>
    <message>
        <source>unknown top-level field &quot;%1&quot; (only &quot;rules&quot;)</source>
        <translation>unbekanntes Feld &quot;%1&quot; auf oberster Ebene (nur &quot;rules&quot;)</translation>
    </message>
    <message>
        <source>&quot;rules&quot; must be a list</source>
        <translation>&quot;rules&quot; muss eine Liste sein</translation>
    </message>
    <message>
        <source>rule %1: %2</source>
        <translation>Regel %1: %2</translation>
    </message>
    <message>
        <source>rule %1: the name &quot;%2&quot; is used twice</source>
        <translation>Regel %1: Der Name &quot;%2&quot; wird zweimal verwendet</translation>
    </message>
    <message>
        <source>The rules cannot be saved to %1: %2</source>
        <translation>Die Regeln lassen sich nicht in %1 speichern: %2</translation>
    </message>
    <message>
        <source>A read-only rule cannot be added.</source>
        <translation>Eine schreibgeschützte Regel kann nicht hinzugefügt werden.</translation>
    </message>
    <message>
        <source>The rule is not valid: %1.</source>
        <translation>Die Regel ist ungültig: %1.</translation>
    </message>
    <message>
        <source>A rule named &quot;%1&quot; exists already.</source>
        <translation>Eine Regel namens &quot;%1&quot; gibt es schon.</translation>
    </message>
    <message>
        <source>&quot;action_sha256&quot; must be 64 hex digits</source>
        <translation>&quot;action_sha256&quot; muss aus 64 Hexziffern bestehen</translation>
    </message>
    <message>
        <source>an approve rule must name &quot;action_sha256&quot; (the SHA-256 of the whole action) or &quot;code_sha256&quot; (the SHA-256 of the exact code)</source>
        <translation>eine Freigaberegel muss &quot;action_sha256&quot; (den SHA-256 der ganzen Aktion) oder &quot;code_sha256&quot; (den SHA-256 des genauen Codes) nennen</translation>
    </message>
    <message>
        <source>&quot;action&quot; must be an object (what &quot;action_sha256&quot; binds)</source>
        <translation>&quot;action&quot; muss ein Objekt sein (was &quot;action_sha256&quot; bindet)</translation>
    </message>
    <message>
        <source>&quot;action&quot; needs the &quot;action_sha256&quot; it shows</source>
        <translation>&quot;action&quot; braucht das &quot;action_sha256&quot;, das es zeigt</translation>
    </message>
    <message>
        <source>&quot;earlier_names&quot; must be a list of names</source>
        <translation>&quot;earlier_names&quot; muss eine Liste von Namen sein</translation>
    </message>
    <message>
        <source>&quot;earlier_names&quot; must hold only names (non-empty strings)</source>
        <translation>&quot;earlier_names&quot; darf nur Namen enthalten (nicht leere Zeichenketten)</translation>
    </message>
    <message>
        <source>its &quot;action&quot; does not hash to its &quot;action_sha256&quot; (one of them was edited), so it is off until that is fixed</source>
        <translation>ihr &quot;action&quot; ergibt nicht ihr &quot;action_sha256&quot; (eines davon wurde bearbeitet), daher ist sie aus, bis das behoben ist</translation>
    </message>
    <message>
        <source>A rule needs a name.</source>
        <translation>Eine Regel braucht einen Namen.</translation>
    </message>
    <message>
        <source>There is no rule &quot;%1&quot; that the app may rename (rules from a --rules file are read-only).</source>
        <translation>Es gibt keine Regel &quot;%1&quot;, die die App umbenennen darf (Regeln aus einer --rules-Datei sind schreibgeschützt).</translation>
    </message>
    <message>
        <source>A rule name cannot hold a comma, a line end or a control or format character.</source>
        <translation>Ein Regelname darf kein Komma, kein Zeilenende und kein Steuer- oder Formatzeichen enthalten.</translation>
    </message>
    <message>
        <source>&quot;server&quot; is empty (leave it out for a rule that matches every source)</source>
        <translation>„server“ ist leer (lassen Sie es weg für eine Regel, die für jede Quelle gilt)</translation>
    </message>
    <message>
        <source>&quot;server&quot; must be an http or https URL with a host and without a user name, a query or a fragment, such as http://127.0.0.1:2024, not &quot;%1&quot;</source>
        <translation>„server“ muss eine http- oder https-URL mit einem Host und ohne Benutzernamen, Abfrage oder Fragment sein, etwa http://127.0.0.1:2024, nicht „%1“</translation>
    </message>
    <message>
        <source>a reject rule must name at least one of &quot;agent&quot;, &quot;method&quot;, &quot;server&quot;, &quot;code_sha256&quot; or &quot;action_sha256&quot;</source>
        <translation>eine Ablehnungsregel muss mindestens eines von „agent“, „method“, „server“, „code_sha256“ oder „action_sha256“ nennen</translation>
    </message>
    <message>
        <source>&quot;%1&quot; holds half a character (a lone surrogate such as \ud800), which no file can keep</source>
        <translation>„%1“ enthält ein halbes Zeichen (ein einzelnes Surrogat wie \ud800), das keine Datei speichern kann</translation>
    </message>
</context>
<context>
    <name>k8::agent::RunExecutor</name>
    <message>
        <source>No kosa8 runner is available.</source>
        <translation>Kein kosa8-Runner verfügbar.</translation>
    </message>
    <message>
        <source>The checkpoint before the run failed, so the code was not run.</source>
        <translation>Der Checkpoint vor der Ausführung ist fehlgeschlagen, daher wurde der Code nicht ausgeführt.</translation>
    </message>
    <message>
        <source>The command profile has no interpreter for the language &apos;%1&apos;.</source>
        <translation>Das Befehlsprofil hat keinen Interpreter für die Sprache &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>kosa8 could not run the code.</source>
        <translation>kosa8 konnte den Code nicht ausführen.</translation>
    </message>
    <message>
        <source>The code holds a lone UTF-16 surrogate, which has no UTF-8 form: what would run differs from what was approved, so it was not run.</source>
        <translation>Der Code enthält ein einzelnes UTF-16-Surrogat, das keine UTF-8-Form hat: Was laufen würde, weicht vom Freigegebenen ab, daher wurde er nicht ausgeführt.</translation>
    </message>
    <message>
        <source>This code cannot be passed intact as one argument (it is large, holds a NUL byte or characters outside ASCII, or starts with &apos;-&apos;), and the command profile has no standard-input form (&quot;%1.stdin&quot;) for the language &apos;%1&apos;, so it was not run.</source>
        <translation>Dieser Code lässt sich nicht unversehrt als ein Argument übergeben (er ist groß, enthält ein NUL-Byte oder Zeichen außerhalb von ASCII oder beginnt mit &apos;-&apos;), und das Befehlsprofil hat keine Standardeingabe-Form (&quot;%1.stdin&quot;) für die Sprache &apos;%1&apos;, daher wurde er nicht ausgeführt.</translation>
    </message>
    <message>
        <source>%1 resets after every run, but has no base checkpoint.</source>
        <translation>%1 wird nach jeder Ausführung zurückgesetzt, hat aber keinen Basis-Checkpoint.</translation>
    </message>
    <message>
        <source>The run waited for another run in %1 until its time limit of %2 s (timeout_s, counted from its approval) ran out, so the code was not run.</source>
        <translation>Die Ausführung hat auf eine andere Ausführung in %1 gewartet, bis ihr Zeitlimit von %2 s (timeout_s, ab der Genehmigung gezählt) abgelaufen war; der Code wurde daher nicht ausgeführt.</translation>
    </message>
    <message>
        <source>The run&apos;s time limit of %1 s (timeout_s, counted from its approval) ran out before its checkpoint could start, so the code was not run.</source>
        <translation>Das Zeitlimit der Ausführung von %1 s (timeout_s, ab der Genehmigung gezählt) ist abgelaufen, bevor ihr Checkpoint beginnen konnte; der Code wurde daher nicht ausgeführt.</translation>
    </message>
    <message>
        <source>The checkpoint before the run did not finish within the run&apos;s time limit of %1 s (timeout_s, counted from its approval); it was stopped, and the code was not run.</source>
        <translation>Der Checkpoint vor der Ausführung ist nicht innerhalb des Zeitlimits der Ausführung von %1 s (timeout_s, ab der Genehmigung gezählt) fertig geworden; er wurde abgebrochen und der Code nicht ausgeführt.</translation>
    </message>
    <message>
        <source>The checkpoint before the run did not finish within %1 s (the checkpoint and reset time limit in Settings); it was stopped, and the code was not run.</source>
        <translation>Der Checkpoint vor der Ausführung ist nicht innerhalb von %1 s (dem Zeitlimit für Checkpoint und Zurücksetzen in den Einstellungen) fertig geworden; er wurde abgebrochen und der Code nicht ausgeführt.</translation>
    </message>
    <message>
        <source>The run&apos;s time limit of %1 s (timeout_s, counted from its approval) ran out before the code could start, so it was not run.</source>
        <translation>Das Zeitlimit der Ausführung von %1 s (timeout_s, ab der Genehmigung gezählt) ist abgelaufen, bevor der Code starten konnte; er wurde daher nicht ausgeführt.</translation>
    </message>
    <message>
        <source>The code did not finish within the run&apos;s time limit of %1 s (timeout_s, counted from its approval); it and its child processes were stopped.</source>
        <translation>Der Code ist nicht innerhalb des Zeitlimits der Ausführung von %1 s (timeout_s, ab der Genehmigung gezählt) fertig geworden; er und seine Kindprozesse wurden beendet.</translation>
    </message>
    <message>
        <source>still going when the run&apos;s time limit of %1 s (timeout_s) ran out; the next run in %2 waits for it</source>
        <translation>lief noch, als das Zeitlimit der Ausführung von %1 s (timeout_s) ablief; die nächste Ausführung in %2 wartet darauf</translation>
    </message>
</context>
<context>
    <name>k8::agent::langgraph::LangGraphApi</name>
    <message>
        <source>the server refused the API key</source>
        <translation>der Server hat den API-Schlüssel abgelehnt</translation>
    </message>
    <message>
        <source>the server has no such thread or path</source>
        <translation>der Server kennt diesen Thread oder Pfad nicht</translation>
    </message>
    <message>
        <source>the thread is busy with another run</source>
        <translation>der Thread ist mit einem anderen Lauf beschäftigt</translation>
    </message>
    <message>
        <source>the server refused the request as invalid</source>
        <translation>der Server hat die Anfrage als ungültig abgelehnt</translation>
    </message>
    <message>
        <source>the server redirected elsewhere, which is not followed</source>
        <translation>der Server leitet woandershin um, was nicht befolgt wird</translation>
    </message>
    <message>
        <source>the server failed</source>
        <translation>auf dem Server trat ein Fehler auf</translation>
    </message>
    <message>
        <source>the server answered with an error</source>
        <translation>der Server hat mit einem Fehler geantwortet</translation>
    </message>
    <message>
        <source>%1 (HTTP %2)</source>
        <translation>%1 (HTTP %2)</translation>
    </message>
    <message>
        <source>the server did not answer in time</source>
        <translation>der Server hat nicht rechtzeitig geantwortet</translation>
    </message>
    <message>
        <source>the server&apos;s answer is larger than %1 bytes</source>
        <translation>die Antwort des Servers ist größer als %1 Bytes</translation>
    </message>
    <message>
        <source>the server cannot be reached: %1</source>
        <translation>der Server ist nicht erreichbar: %1</translation>
    </message>
    <message>
        <source>the server&apos;s answer broke off: %1</source>
        <translation>die Antwort des Servers brach ab: %1</translation>
    </message>
</context>
<context>
    <name>k8::agent::langgraph::LangGraphServerConfig</name>
    <message>
        <source>the server has no name</source>
        <translation>der Server hat keinen Namen</translation>
    </message>
    <message>
        <source>the server&apos;s URL has a query or fragment</source>
        <translation>die URL des Servers hat eine Abfrage oder ein Fragment</translation>
    </message>
    <message>
        <source>the API key holds a control character</source>
        <translation>der API-Schlüssel enthält ein Steuerzeichen</translation>
    </message>
    <message>
        <source>the server&apos;s URL is not an http or https URL with a host</source>
        <translation>die URL des Servers ist keine http- oder https-URL mit Host</translation>
    </message>
    <message>
        <source>the server&apos;s URL holds a user name or password</source>
        <translation>die URL des Servers enthält einen Benutzernamen oder ein Passwort</translation>
    </message>
</context>
<context>
    <name>k8::agent::langgraph::LangGraphSource</name>
    <message>
        <source>Your decision on thread %1 (%2) was not sent: the interrupt was resumed elsewhere first.</source>
        <translation>Ihre Entscheidung zu Thread %1 (%2) wurde nicht gesendet: Der Interrupt wurde zuvor anderswo fortgesetzt.</translation>
    </message>
    <message>
        <source>An interrupt of thread %1 on %2 cannot be reviewed here: %3</source>
        <translation>Ein Interrupt von Thread %1 auf %2 kann hier nicht geprüft werden: %3</translation>
    </message>
    <message>
        <source>Your decision on thread %1 (%2) was not sent: the interrupt is no longer pending there (it was resumed elsewhere first).</source>
        <translation>Ihre Entscheidung zu Thread %1 (%2) wurde nicht gesendet: Der Interrupt wartet dort nicht mehr (er wurde zuvor anderswo fortgesetzt).</translation>
    </message>
</context>
<context>
    <name>k8::agent::langgraph::LangGraphThreads</name>
    <message>
        <source>the response is not JSON (%1 at byte %2)</source>
        <translation>die Antwort ist kein JSON (%1 bei Byte %2)</translation>
    </message>
    <message>
        <source>the response is not a list of threads</source>
        <translation>die Antwort ist keine Liste von Threads</translation>
    </message>
    <message>
        <source>the response is not a thread</source>
        <translation>die Antwort ist kein Thread</translation>
    </message>
    <message>
        <source>the server&apos;s /info has no version</source>
        <translation>das /info des Servers nennt keine Version</translation>
    </message>
    <message>
        <source>the server&apos;s answer names no run</source>
        <translation>die Antwort des Servers nennt keinen Lauf</translation>
    </message>
</context>
<context>
    <name>k8::agent::langgraph::SavedLangGraphServers</name>
    <message>
        <source>A LangGraph server needs a name.</source>
        <translation>Ein LangGraph-Server braucht einen Namen.</translation>
    </message>
    <message>
        <source>The name &quot;%1…&quot; is longer than %2 characters.</source>
        <translation>Der Name „%1…“ ist länger als %2 Zeichen.</translation>
    </message>
    <message>
        <source>The name of server &quot;%1&quot; holds a control or invisible character.</source>
        <translation>Der Name des Servers „%1“ enthält ein Steuer- oder unsichtbares Zeichen.</translation>
    </message>
    <message>
        <source>Two LangGraph servers are named &quot;%1&quot;.</source>
        <translation>Zwei LangGraph-Server heißen „%1“.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; and &quot;%2&quot; are the same server (%3).</source>
        <translation>„%1“ und „%2“ sind derselbe Server (%3).</translation>
    </message>
    <message>
        <source>The URL of &quot;%1&quot; is not an http:// or https:// address with a host.</source>
        <translation>Die URL von „%1“ ist keine http://- oder https://-Adresse mit einem Host.</translation>
    </message>
    <message>
        <source>The URL of &quot;%1&quot; has a query, a fragment or a user name; give the server&apos;s address alone (its API key goes in the API key field).</source>
        <translation>Die URL von „%1“ enthält eine Abfrage, ein Fragment oder einen Benutzernamen; geben Sie nur die Adresse des Servers an (sein API-Schlüssel gehört in das Feld API-Schlüssel).</translation>
    </message>
    <message>
        <source>A graph of &quot;%1&quot; holds a control or invisible character.</source>
        <translation>Ein Graph von „%1“ enthält ein Steuer- oder unsichtbares Zeichen.</translation>
    </message>
</context>
<context>
    <name>k8::app::AboutDialog</name>
    <message>
        <source>About kosa8 Desk</source>
        <translation>Über kosa8 Desk</translation>
    </message>
    <message>
        <source>kosa8 Desk %1</source>
        <translation>kosa8 Desk %1</translation>
    </message>
    <message>
        <source>Review AI agents&apos; code and run it in kosa8 sandboxes.</source>
        <translation>Code von KI-Agenten prüfen und in kosa8-Sandboxes ausführen.</translation>
    </message>
    <message>
        <source>Qt: %1 (built with %2)</source>
        <translation>Qt: %1 (gebaut mit %2)</translation>
    </message>
    <message>
        <source>Code highlighting: %1</source>
        <translation>Syntaxhervorhebung: %1</translation>
    </message>
    <message>
        <source>kosa8: %1</source>
        <translation>kosa8: %1</translation>
    </message>
    <message>
        <source>not checked yet</source>
        <translation>noch nicht geprüft</translation>
    </message>
    <message>
        <source>Data folder: %1</source>
        <translation>Datenordner: %1</translation>
    </message>
    <message>
        <source>Log file: %1</source>
        <translation>Protokolldatei: %1</translation>
    </message>
    <message>
        <source>Version information</source>
        <translation>Versionsinformationen</translation>
    </message>
    <message>
        <source>Agent socket: %1</source>
        <translation>Agenten-Socket: %1</translation>
    </message>
</context>
<context>
    <name>k8::app::ActionCard</name>
    <message>
        <source>deciding now</source>
        <translation>wird jetzt entschieden</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Decision on this action</source>
        <translation>Entscheidung über diese Aktion</translation>
    </message>
    <message>
        <source>What the agent says about this action</source>
        <translation>Was der Agent zu dieser Aktion sagt</translation>
    </message>
    <message>
        <source>Code to review</source>
        <translation>Zu prüfender Code</translation>
    </message>
    <message>
        <source>Changes to the code</source>
        <translation>Änderungen am Code</translation>
    </message>
    <message>
        <source>Arguments as JSON</source>
        <translation>Argumente als JSON</translation>
    </message>
    <message>
        <source>Code not shown</source>
        <translation>Nicht gezeigter Code</translation>
    </message>
    <message>
        <source>Arguments not shown</source>
        <translation>Nicht gezeigte Argumente</translation>
    </message>
    <message>
        <source>The middleware&apos;s own text of the call</source>
        <translation>Der eigene Text der Middleware zum Aufruf</translation>
    </message>
    <message>
        <source>Show the middleware&apos;s own text of the call</source>
        <translation>Den eigenen Text der Middleware zum Aufruf zeigen</translation>
    </message>
    <message>
        <source>LangChain&apos;s middleware wrote the tool and its arguments into the description; the arguments are shown formatted below</source>
        <translation>Die Middleware von LangChain hat das Werkzeug und seine Argumente in die Beschreibung geschrieben; die Argumente stehen formatiert darunter</translation>
    </message>
    <message>
        <source>Hide the middleware&apos;s own text of the call</source>
        <translation>Den eigenen Text der Middleware zum Aufruf ausblenden</translation>
    </message>
</context>
<context>
    <name>k8::app::AgentUnavailableBanner</name>
    <message>
        <source>&amp;Retry</source>
        <translation>&amp;Erneut versuchen</translation>
    </message>
    <message>
        <source>Agents cannot connect</source>
        <translation>Agenten können sich nicht verbinden</translation>
    </message>
    <message>
        <source>Why agents cannot connect</source>
        <translation>Warum sich Agenten nicht verbinden können</translation>
    </message>
    <message>
        <source>How to fix it</source>
        <translation>So beheben Sie das Problem</translation>
    </message>
    <message>
        <source>Retry the agent socket</source>
        <translation>Agent-Socket erneut versuchen</translation>
    </message>
    <message>
        <source>Try to listen for agents again</source>
        <translation>Erneut versuchen, auf Agenten zu warten</translation>
    </message>
    <message>
        <source>Agents cannot connect: %1</source>
        <translation>Agenten können sich nicht verbinden: %1</translation>
    </message>
</context>
<context>
    <name>k8::app::AppComposition</name>
    <message>
        <source>Removing throwaway copies left by earlier trials</source>
        <translation>Wegwerfkopien früherer Probeläufe werden entfernt</translation>
    </message>
    <message>
        <source>kosa8 Desk made these copies for trials and could not remove them then: %1.</source>
        <translation>kosa8 Desk hat diese Kopien für Probeläufe angelegt und konnte sie damals nicht entfernen: %1.</translation>
    </message>
    <message>
        <source>Throwaway copies removed</source>
        <translation>Wegwerfkopien entfernt</translation>
    </message>
    <message>
        <source>Removed the copies left by earlier trials: %1.</source>
        <translation>Die von früheren Probeläufen übrig gebliebenen Kopien wurden entfernt: %1.</translation>
    </message>
    <message>
        <source>Throwaway copies could not be removed</source>
        <translation>Wegwerfkopien konnten nicht entfernt werden</translation>
    </message>
    <message>
        <source>A throwaway copy kosa8 Desk made for a trial of code under review; it is removed when the trial ends, or else at the next start.</source>
        <translation>Eine Wegwerfkopie, die kosa8 Desk für einen Probelauf von zu prüfendem Code angelegt hat; sie wird entfernt, wenn der Probelauf endet, sonst beim nächsten Start.</translation>
    </message>
</context>
<context>
    <name>k8::app::AppContext</name>
    <message>
        <source>The command profile %1 could not be read.</source>
        <translation>Das Befehlsprofil %1 konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>The command profile file is invalid; the built-in commands are used</source>
        <translation>Die Befehlsprofil-Datei ist ungültig; es gelten die eingebauten Befehle</translation>
    </message>
    <message>
        <source>Command: %1</source>
        <translation>Befehl: %1</translation>
    </message>
    <message>
        <source>Standard error:</source>
        <translation>Standardfehlerausgabe:</translation>
    </message>
    <message>
        <source>Standard output:</source>
        <translation>Standardausgabe:</translation>
    </message>
    <message>
        <source>Connected to the profile &quot;%1&quot;</source>
        <translation>Mit dem Profil „%1“ verbunden</translation>
    </message>
    <message>
        <source>kosa8 commands now go to the remote worker %1.</source>
        <translation>kosa8-Befehle gehen jetzt an den Remote-Worker %1.</translation>
    </message>
    <message>
        <source>kosa8 commands now go to the local daemon.</source>
        <translation>kosa8-Befehle gehen jetzt an den lokalen Daemon.</translation>
    </message>
</context>
<context>
    <name>k8::app::AppOptionsParser</name>
    <message>
        <source>kosa8 Desk: review AI agents&apos; code and run it in kosa8 sandboxes.</source>
        <translation>kosa8 Desk: Code von KI-Agenten prüfen und in kosa8-Sandboxes ausführen.</translation>
    </message>
    <message>
        <source>The kosa8 executable (default: $KOSA8_DESK_KOSA8, else kosa8 on PATH).</source>
        <translation>Das kosa8-Programm (Standard: $KOSA8_DESK_KOSA8, sonst kosa8 im PATH).</translation>
    </message>
    <message>
        <source>PATH</source>
        <translation>PFAD</translation>
    </message>
    <message>
        <source>Folder for settings, rules, ledger and logs.</source>
        <translation>Ordner für Einstellungen, Regeln, Ledger und Protokolle.</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>ORDNER</translation>
    </message>
    <message>
        <source>Path of the agent socket.</source>
        <translation>Pfad des Agenten-Sockets.</translation>
    </message>
    <message>
        <source>An extra, read-only standing rules file.</source>
        <translation>Eine zusätzliche, schreibgeschützte Datei mit Dauerregeln.</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>DATEI</translation>
    </message>
    <message>
        <source>Log to standard error as well.</source>
        <translation>Auch auf die Standardfehlerausgabe protokollieren.</translation>
    </message>
    <message>
        <source>Print the version and exit.</source>
        <translation>Version ausgeben und beenden.</translation>
    </message>
    <message>
        <source>Print this help and exit.</source>
        <translation>Diese Hilfe ausgeben und beenden.</translation>
    </message>
    <message>
        <source>--data-dir needs a folder.</source>
        <translation>--data-dir braucht einen Ordner.</translation>
    </message>
    <message>
        <source>--verify-ledger takes at most one file.</source>
        <translation>--verify-ledger nimmt höchstens eine Datei.</translation>
    </message>
    <message>
        <source>Unexpected argument: %1</source>
        <translation>Unerwartetes Argument: %1</translation>
    </message>
    <message>
        <source>Verify the hash chain of a decision ledger (a file, or a data folder; default: the data folder), compare its end with the one the app remembers, and exit.</source>
        <translation>Die Hash-Kette eines Entscheidungs-Ledgers prüfen (eine Datei oder ein Datenordner; Standard: der Datenordner), sein Ende mit dem von der App gemerkten vergleichen und beenden.</translation>
    </message>
    <message>
        <source>With --verify-ledger: the ledger file or the data folder.</source>
        <translation>Mit --verify-ledger: die Ledger-Datei oder der Datenordner.</translation>
    </message>
    <message>
        <source>[FILE|FOLDER]</source>
        <translation>[DATEI|ORDNER]</translation>
    </message>
    <message>
        <source>kosa8-desk mcp [--agent NAME] [--socket PATH] serves MCP on standard input and output for the running app (no window; see kosa8-desk mcp --help).</source>
        <translation>kosa8-desk mcp [--agent NAME] [--socket PFAD] stellt MCP auf Standardein- und -ausgabe für die laufende App bereit (ohne Fenster; siehe kosa8-desk mcp --help).</translation>
    </message>
    <message>
        <source>Watch the LangGraph server at URL for interrupts to review, for this run only (repeatable).</source>
        <translation>Den LangGraph-Server unter URL auf zu prüfende Interrupts beobachten, nur für diesen Start (wiederholbar).</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>--langgraph needs an http or https URL with a host, such as http://127.0.0.1:2024: %1</source>
        <translation>--langgraph braucht eine http- oder https-URL mit Host, etwa http://127.0.0.1:2024: %1</translation>
    </message>
    <message>
        <source>--langgraph takes the server&apos;s address without a user name or password (an API key is set in Settings): %1</source>
        <translation>--langgraph nimmt die Adresse des Servers ohne Benutzernamen oder Passwort (ein API-Schlüssel wird in den Einstellungen festgelegt): %1</translation>
    </message>
</context>
<context>
    <name>k8::app::CheckpointLabelDialog</name>
    <message>
        <source>Checkpoint %1 now</source>
        <translation>Checkpoint von %1 jetzt anlegen</translation>
    </message>
    <message>
        <source>A checkpoint captures the sandbox&apos;s memory, processes and disk, so that you can rewind to this moment later.</source>
        <translation>Ein Checkpoint hält Speicher, Prozesse und Festplatte der Sandbox fest, sodass Sie später zu diesem Moment zurückspulen können.</translation>
    </message>
    <message>
        <source>Checkpoint label</source>
        <translation>Checkpoint-Name</translation>
    </message>
    <message>
        <source>&amp;Label:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Label problem</source>
        <translation>Problem mit dem Namen</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Take checkpoint</source>
        <translation>Checkpoint anlegen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>%1 already has a checkpoint named &quot;%2&quot;; kosa8 refuses a label twice.</source>
        <translation>%1 hat bereits einen Checkpoint namens „%2“; kosa8 lehnt einen Namen doppelt ab.</translation>
    </message>
    <message>
        <source>Enter a valid label to see the command.</source>
        <translation>Geben Sie einen gültigen Namen ein, um den Befehl zu sehen.</translation>
    </message>
</context>
<context>
    <name>k8::app::ClearButton</name>
    <message>
        <source>Clear the text</source>
        <translation>Den Text löschen</translation>
    </message>
</context>
<context>
    <name>k8::app::CodeEditor</name>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
</context>
<context>
    <name>k8::app::CodeSandboxSetup</name>
    <message>
        <source>Create the sandbox %1 with no network</source>
        <translation>Die Sandbox %1 ohne Netzwerk anlegen</translation>
    </message>
    <message>
        <source>Pull the image %1</source>
        <translation>Das Image %1 laden</translation>
    </message>
    <message>
        <source>Take the checkpoint %1 to rewind to</source>
        <translation>Den Checkpoint %1 zum Zurückspulen anlegen</translation>
    </message>
    <message>
        <source>The setup was cancelled.</source>
        <translation>Die Einrichtung wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Step %1 of %2 failed: %3</source>
        <translation>Schritt %1 von %2 ist fehlgeschlagen: %3</translation>
    </message>
</context>
<context>
    <name>k8::app::CommandLogModel</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>läuft …</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>Exit %1</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>abgestürzt</translation>
    </message>
    <message>
        <source>failed to start</source>
        <translation>Start fehlgeschlagen</translation>
    </message>
    <message>
        <source>not run (invalid)</source>
        <translation>nicht ausgeführt (ungültig)</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeitlimit überschritten</translation>
    </message>
    <message>
        <source>Started: %1</source>
        <translation>Gestartet: %1</translation>
    </message>
    <message>
        <source>Still running.</source>
        <translation>Läuft noch.</translation>
    </message>
    <message>
        <source>Result: %1</source>
        <translation>Ergebnis: %1</translation>
    </message>
    <message>
        <source>Duration: %1 ms</source>
        <translation>Dauer: %1 ms</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>(leer)</translation>
    </message>
    <message>
        <source>standard output</source>
        <translation>Standardausgabe</translation>
    </message>
    <message>
        <source>standard error</source>
        <translation>Standardfehlerausgabe</translation>
    </message>
    <message>
        <source>[output truncated: %1 more bytes were not kept]</source>
        <translation>[Ausgabe gekürzt: %1 weitere Bytes wurden nicht aufbewahrt]</translation>
    </message>
</context>
<context>
    <name>k8::app::CommandLogPage</name>
    <message>
        <source>Copy command</source>
        <translation>Befehl kopieren</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>Command log</source>
        <translation>Befehlsprotokoll</translation>
    </message>
    <message>
        <source>Every kosa8 command kosa8 Desk ran, with its exit code and output.</source>
        <translation>Jeder kosa8-Befehl, den kosa8 Desk ausgeführt hat, mit Exit-Code und Ausgabe.</translation>
    </message>
    <message>
        <source>Filter commands</source>
        <translation>Befehle filtern</translation>
    </message>
    <message>
        <source>Copy selected command</source>
        <translation>Ausgewählten Befehl kopieren</translation>
    </message>
    <message>
        <source>Copy the selected command so it can be pasted into a terminal</source>
        <translation>Den ausgewählten Befehl kopieren, um ihn in ein Terminal einzufügen</translation>
    </message>
    <message>
        <source>Clear the command log</source>
        <translation>Befehlsprotokoll leeren</translation>
    </message>
    <message>
        <source>Commands run</source>
        <translation>Ausgeführte Befehle</translation>
    </message>
    <message>
        <source>Command output</source>
        <translation>Ausgabe des Befehls</translation>
    </message>
    <message>
        <source>Select a command to see its output.</source>
        <translation>Wählen Sie einen Befehl, um seine Ausgabe zu sehen.</translation>
    </message>
    <message>
        <source>Show list refreshes</source>
        <translation>Listen-Aktualisierungen zeigen</translation>
    </message>
    <message>
        <source>Also show the list and status reads that succeeded (sandbox ls, sandbox images, checkpoint ls, snapshot ls, audit ls, version); failed ones are always shown</source>
        <translation>Auch erfolgreiche Listen- und Statusabfragen zeigen (sandbox ls, sandbox images, checkpoint ls, snapshot ls, audit ls, version); fehlgeschlagene werden immer gezeigt</translation>
    </message>
</context>
<context>
    <name>k8::app::CommandPreviewField</name>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>The exact kosa8 command this action runs</source>
        <translation>Der genaue kosa8-Befehl, den diese Aktion ausführt</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the command to the clipboard</source>
        <translation>Den Befehl in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Copy command</source>
        <translation>Befehl kopieren</translation>
    </message>
</context>
<context>
    <name>k8::app::CommandProfileDialog</name>
    <message>
        <source>Command profile</source>
        <translation>Befehlsprofil</translation>
    </message>
    <message>
        <source>The app runs every kosa8 operation with the words below. Select an entry to change its words; the app fills in the {placeholders}. Saved to:</source>
        <translation>Die App führt jede kosa8-Operation mit den folgenden Wörtern aus. Wählen Sie einen Eintrag aus, um seine Wörter zu ändern; die App füllt die {placeholders} aus. Gespeichert in:</translation>
    </message>
    <message>
        <source>&amp;Leave out the unreadable parts</source>
        <translation>Unlesbare Teile weg&amp;lassen</translation>
    </message>
    <message>
        <source>Leave out the parts of the file that cannot be read</source>
        <translation>Die Teile der Datei weglassen, die nicht gelesen werden können</translation>
    </message>
    <message>
        <source>&amp;Entries:</source>
        <translation>&amp;Einträge:</translation>
    </message>
    <message>
        <source>Command profile entries</source>
        <translation>Einträge des Befehlsprofils</translation>
    </message>
    <message>
        <source>Built-in:</source>
        <translation>Integriert:</translation>
    </message>
    <message>
        <source>One word of the argv per line</source>
        <translation>Ein Wort der argv pro Zeile</translation>
    </message>
    <message>
        <source>&amp;Words, one per line:</source>
        <translation>&amp;Wörter, eines pro Zeile:</translation>
    </message>
    <message>
        <source>Argv:</source>
        <translation>Argv:</translation>
    </message>
    <message>
        <source>Command with sample values</source>
        <translation>Befehl mit Beispielwerten</translation>
    </message>
    <message>
        <source>Command with sample values:</source>
        <translation>Befehl mit Beispielwerten:</translation>
    </message>
    <message>
        <source>Reset &amp;all to the defaults</source>
        <translation>&amp;Alle auf die Standardwerte zurücksetzen</translation>
    </message>
    <message>
        <source>Reset every entry to the default</source>
        <translation>Jeden Eintrag auf den Standardwert zurücksetzen</translation>
    </message>
    <message>
        <source>None: the file adds this entry.</source>
        <translation>Keiner: Diesen Eintrag fügt die Datei hinzu.</translation>
    </message>
    <message>
        <source>Words of %1, one per line</source>
        <translation>Wörter von %1, eines pro Zeile</translation>
    </message>
    <message>
        <source>&amp;Reset this entry to the default</source>
        <translation>Diesen Eintrag auf den &amp;Standardwert zurücksetzen</translation>
    </message>
    <message>
        <source>Invalid: %1</source>
        <translation>Ungültig: %1</translation>
    </message>
    <message>
        <source>No command: %1</source>
        <translation>Kein Befehl: %1</translation>
    </message>
    <message>
        <source>&amp;Remove this entry</source>
        <translation>Diesen Eintrag ent&amp;fernen</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>Reset %1 to the default</source>
        <translation>%1 auf den Standardwert zurücksetzen</translation>
    </message>
    <message>
        <source>Part of the file cannot be read: %1. The entries that could be read are listed. Save stays off until you leave the unreadable parts out (Save then replaces the file without them) or reset all.</source>
        <translation>Ein Teil der Datei kann nicht gelesen werden: %1. Die lesbaren Einträge werden aufgeführt. „Speichern“ bleibt deaktiviert, bis Sie die unlesbaren Teile weglassen („Speichern“ ersetzt die Datei dann ohne sie) oder alles zurücksetzen.</translation>
    </message>
    <message numerus="yes">
        <source>Save is off while %n problems remain. First: %1</source>
        <translation>
            <numerusform>„Speichern“ ist deaktiviert, solange noch %n Problem besteht. Erstes: %1</numerusform>
            <numerusform>„Speichern“ ist deaktiviert, solange noch %n Probleme bestehen. Erstes: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Discard changes?</source>
        <translation>Änderungen verwerfen?</translation>
    </message>
    <message>
        <source>Your changes to the command profile are not saved. Discard them?</source>
        <translation>Ihre Änderungen am Befehlsprofil sind nicht gespeichert. Möchten Sie sie verwerfen?</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Saved, but the app did not load it: %1</source>
        <translation>Gespeichert, aber die App hat es nicht geladen: %1</translation>
    </message>
</context>
<context>
    <name>k8::app::CommandProfileEntriesModel</name>
    <message>
        <source>Invalid: %1</source>
        <translation>Ungültig: %1</translation>
    </message>
    <message>
        <source>Added by the file</source>
        <translation>Von der Datei hinzugefügt</translation>
    </message>
    <message>
        <source>Overridden</source>
        <translation>Überschrieben</translation>
    </message>
    <message>
        <source>Built-in</source>
        <translation>Integriert</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>What it is for</source>
        <translation>Wofür er dient</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>Aktuell</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>k8::app::ConfirmCommandDialog</name>
    <message>
        <source>Command:</source>
        <translation>Befehl:</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>k8::app::CountdownLabel</name>
    <message>
        <source>Time left before the request is rejected automatically</source>
        <translation>Verbleibende Zeit, bis die Anfrage automatisch abgelehnt wird</translation>
    </message>
    <message>
        <source>Rejected automatically in %1</source>
        <translation>Automatische Ablehnung in %1</translation>
    </message>
    <message>
        <source>Rejected automatically now</source>
        <translation>Wird jetzt automatisch abgelehnt</translation>
    </message>
</context>
<context>
    <name>k8::app::CreateSandboxDialog</name>
    <message>
        <source>Create sandbox</source>
        <translation>Sandbox anlegen</translation>
    </message>
    <message>
        <source>A sandbox is a microVM with its own kernel. Its network access (egress) is enforced on the host, outside the VM.</source>
        <translation>Eine Sandbox ist eine MicroVM mit eigenem Kernel. Ihr Netzwerkzugang (Egress) wird auf dem Host durchgesetzt, außerhalb der VM.</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>e.g. code-runner</source>
        <translation>z. B. code-runner</translation>
    </message>
    <message>
        <source>Sandbox name</source>
        <translation>Name der Sandbox</translation>
    </message>
    <message>
        <source>Name problem</source>
        <translation>Problem mit dem Namen</translation>
    </message>
    <message>
        <source>Network access (egress)</source>
        <translation>Netzwerkzugang (Egress)</translation>
    </message>
    <message>
        <source>&amp;No network (deny, DNS included) — recommended for agent code</source>
        <translation>&amp;Kein Netzwerk (deny, auch kein DNS) — empfohlen für Agenten-Code</translation>
    </message>
    <message>
        <source>Egress: deny</source>
        <translation>Egress: keiner</translation>
    </message>
    <message>
        <source>Only these &amp;hosts (allow-list):</source>
        <translation>Nur diese &amp;Hosts (Freigabeliste):</translation>
    </message>
    <message>
        <source>Egress: allow-list</source>
        <translation>Egress: Freigabeliste</translation>
    </message>
    <message>
        <source>&amp;Any host (unrestricted)</source>
        <translation>&amp;Alle Hosts (uneingeschränkt)</translation>
    </message>
    <message>
        <source>Egress: any</source>
        <translation>Egress: alle</translation>
    </message>
    <message>
        <source>Host folders (HOST:GUEST, both absolute)</source>
        <translation>Host-Ordner (HOST:GAST, beide absolut)</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>Befehl:</translation>
    </message>
    <message>
        <source>&amp;Fakenet (simulated network: nothing reaches a real host)</source>
        <translation>&amp;Fakenet (simuliertes Netzwerk: nichts erreicht einen echten Host)</translation>
    </message>
    <message>
        <source>Egress: fakenet</source>
        <translation>Egress: Fakenet</translation>
    </message>
    <message>
        <source>&amp;Policy editor… (presets, notes, CIDR, test a host)</source>
        <translation>&amp;Richtlinien-Editor … (Vorlagen, Notizen, CIDR, Host testen)</translation>
    </message>
    <message>
        <source>Open the egress policy editor</source>
        <translation>Den Egress-Richtlinien-Editor öffnen</translation>
    </message>
    <message>
        <source>Allowed host formats</source>
        <translation>Erlaubte Host-Formate</translation>
    </message>
    <message>
        <source>allowed host</source>
        <translation>erlaubter Host</translation>
    </message>
    <message>
        <source>/home/me/project:/work</source>
        <translation>/home/ich/projekt:/work</translation>
    </message>
    <message>
        <source>host folder</source>
        <translation>Host-Ordner</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Anlegen</translation>
    </message>
    <message>
        <source>Enter a name for the sandbox.</source>
        <translation>Geben Sie einen Namen für die Sandbox ein.</translation>
    </message>
    <message>
        <source>A sandbox named %1 already exists.</source>
        <translation>Eine Sandbox namens %1 gibt es schon.</translation>
    </message>
    <message>
        <source>Add at least one host to the allow-list, or choose another network option.</source>
        <translation>Fügen Sie der Freigabeliste mindestens einen Host hinzu oder wählen Sie eine andere Netzwerkoption.</translation>
    </message>
    <message>
        <source>The command could not be built.</source>
        <translation>Der Befehl konnte nicht zusammengesetzt werden.</translation>
    </message>
    <message>
        <source>one host per entry: pypi.org</source>
        <translation>ein Host pro Eintrag: pypi.org</translation>
    </message>
    <message>
        <source>One host per entry: type it, then Enter or Add. Allowed: a name (pypi.org), a wildcard for its subdomains (*.githubusercontent.com), an IP address (10.0.0.5), an address block in CIDR (10.0.0.0/8), each optionally with a port (api.example.com:443, [2001:db8::1]:443).</source>
        <translation>Ein Host pro Eintrag: eingeben, dann Enter oder „Hinzufügen“. Erlaubt sind: ein Name (pypi.org), ein Platzhalter für dessen Subdomains (*.githubusercontent.com), eine IP-Adresse (10.0.0.5), ein Adressblock in CIDR-Notation (10.0.0.0/8), jeweils optional mit Port (api.example.com:443, [2001:db8::1]:443).</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a host kosa8 accepts.</source>
        <translation>„%1“ ist kein Host, den kosa8 akzeptiert.</translation>
    </message>
    <message numerus="yes">
        <source>One entry holds %n hosts: add them one at a time (%1, then Enter, and so on).</source>
        <translation>
            <numerusform>Ein Eintrag enthält %n Host: Fügen Sie die Hosts einzeln hinzu (%1, dann Enter usw.).</numerusform>
            <numerusform>Ein Eintrag enthält %n Hosts: Fügen Sie sie einzeln hinzu (%1, dann Enter usw.).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::DecisionHistoryView</name>
    <message>
        <source>Show on &amp;timeline</source>
        <translation>Auf der &amp;Zeitleiste zeigen</translation>
    </message>
    <message>
        <source>Decided requests</source>
        <translation>Entschiedene Anfragen</translation>
    </message>
    <message>
        <source>History status</source>
        <translation>Status des Verlaufs</translation>
    </message>
    <message>
        <source>No ledger yet.</source>
        <translation>Noch kein Ledger.</translation>
    </message>
    <message>
        <source>No decisions recorded yet.</source>
        <translation>Noch keine Entscheidungen aufgezeichnet.</translation>
    </message>
    <message numerus="yes">
        <source>%n decision(s), newest first.</source>
        <translation>
            <numerusform>%n Entscheidung, neueste zuerst.</numerusform>
            <numerusform>%n Entscheidungen, neueste zuerst.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ledger line(s) could not be read.</source>
        <translation>
            <numerusform>%n Ledger-Zeile konnte nicht gelesen werden.</numerusform>
            <numerusform>%n Ledger-Zeilen konnten nicht gelesen werden.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::DecisionNotices</name>
    <message>
        <source>Decided without you</source>
        <translation>Ohne Sie entschieden</translation>
    </message>
    <message>
        <source>Decisions made without you</source>
        <translation>Ohne Sie getroffene Entscheidungen</translation>
    </message>
    <message>
        <source>Sh&amp;ow in History</source>
        <translation>Im Verlauf &amp;zeigen</translation>
    </message>
    <message>
        <source>Show the selected notice&apos;s decision in History</source>
        <translation>Die Entscheidung des ausgewählten Hinweises im Verlauf zeigen</translation>
    </message>
    <message>
        <source>Select this decision in the History tab</source>
        <translation>Diese Entscheidung im Tab „Verlauf“ auswählen</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>L&amp;eeren</translation>
    </message>
    <message>
        <source>Clear the notices</source>
        <translation>Die Hinweise leeren</translation>
    </message>
    <message>
        <source>Remove these notices (the ledger and History keep every decision)</source>
        <translation>Diese Hinweise entfernen (Ledger und Verlauf behalten jede Entscheidung)</translation>
    </message>
    <message>
        <source>%1
%2 · %3</source>
        <translation>%1
%2 · %3</translation>
    </message>
    <message>
        <source>%1
%2 · %3: %4</source>
        <translation>%1
%2 · %3: %4</translation>
    </message>
    <message>
        <source>%1
Agent: %2
Request: %3</source>
        <translation>%1
Agent: %2
Anfrage: %3</translation>
    </message>
    <message>
        <source>Decided on arrival: it never waited in the inbox.</source>
        <translation>Bei Eingang entschieden: Die Anfrage hat nie im Posteingang gewartet.</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n request(s)
%2 · newest: %3</source>
        <translation>
            <numerusform>%1: %n Anfrage
%2 · neueste: %3</numerusform>
            <numerusform>%1: %n Anfragen
%2 · neueste: %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) withdrawn by this agent; History has each of them.</source>
        <translation>
            <numerusform>%n Anfrage von diesem Agenten zurückgezogen; der Verlauf enthält jede davon.</numerusform>
            <numerusform>%n Anfragen von diesem Agenten zurückgezogen; der Verlauf enthält jede davon.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::DiffView</name>
    <message>
        <source>Changes, unified</source>
        <translation>Änderungen, vereinheitlicht</translation>
    </message>
    <message>
        <source>Original code</source>
        <translation>Ursprünglicher Code</translation>
    </message>
    <message>
        <source>Edited code</source>
        <translation>Bearbeiteter Code</translation>
    </message>
    <message>
        <source>Change summary</source>
        <translation>Zusammenfassung der Änderungen</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>Nebeneinander</translation>
    </message>
    <message>
        <source>Show changes side by side</source>
        <translation>Änderungen nebeneinander zeigen</translation>
    </message>
    <message>
        <source>Show the original and the edited code side by side</source>
        <translation>Ursprünglichen und bearbeiteten Code nebeneinander zeigen</translation>
    </message>
    <message>
        <source>Changes:</source>
        <translation>Änderungen:</translation>
    </message>
    <message>
        <source>no changes</source>
        <translation>keine Änderungen</translation>
    </message>
    <message>
        <source>+%1 −%2</source>
        <extracomment>Lines added and removed by the edit, e.g. &quot;+3 −1&quot;</extracomment>
        <translation>+%1 −%2</translation>
    </message>
</context>
<context>
    <name>k8::app::EgressEditor</name>
    <message>
        <source>&amp;No network (deny)</source>
        <translation>&amp;Kein Netzwerk (deny)</translation>
    </message>
    <message>
        <source>A&amp;llow-list: only these hosts</source>
        <translation>&amp;Freigabeliste: nur diese Hosts</translation>
    </message>
    <message>
        <source>An&amp;y host</source>
        <translation>&amp;Alle Hosts</translation>
    </message>
    <message>
        <source>&amp;Fakenet (simulated network)</source>
        <translation>Fa&amp;kenet (simuliertes Netzwerk)</translation>
    </message>
    <message>
        <source>A&amp;dd</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>Re&amp;move</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Add &amp;preset</source>
        <translation>&amp;Vorlage hinzufügen</translation>
    </message>
    <message>
        <source>Sa&amp;ve list as preset</source>
        <translation>Liste als Vorlage &amp;speichern</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importieren …</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>E&amp;xportieren …</translation>
    </message>
    <message>
        <source>Egress policy editor</source>
        <translation>Egress-Richtlinien-Editor</translation>
    </message>
    <message>
        <source>Network access</source>
        <translation>Netzwerkzugang</translation>
    </message>
    <message>
        <source>Egress mode: %1</source>
        <translation>Egress-Modus: %1</translation>
    </message>
    <message>
        <source>Allow-list entries</source>
        <translation>Einträge der Freigabeliste</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>New allow-list entry</source>
        <translation>Neuer Eintrag der Freigabeliste</translation>
    </message>
    <message>
        <source>pypi.org, *.example.com, 10.0.0.0/8, [::1]:8080</source>
        <translation>pypi.org, *.example.com, 10.0.0.0/8, [::1]:8080</translation>
    </message>
    <message>
        <source>Note for the new entry</source>
        <translation>Notiz zum neuen Eintrag</translation>
    </message>
    <message>
        <source>note (optional)</source>
        <translation>Notiz (optional)</translation>
    </message>
    <message>
        <source>Add entry</source>
        <translation>Eintrag hinzufügen</translation>
    </message>
    <message>
        <source>Remove selected entries</source>
        <translation>Ausgewählte Einträge entfernen</translation>
    </message>
    <message>
        <source>New entry check</source>
        <translation>Prüfung des neuen Eintrags</translation>
    </message>
    <message>
        <source>Pre&amp;set:</source>
        <translation>V&amp;orlage:</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <source>Add the chosen preset&apos;s entries</source>
        <translation>Die Einträge der gewählten Vorlage hinzufügen</translation>
    </message>
    <message>
        <source>Name for a new preset</source>
        <translation>Name für eine neue Vorlage</translation>
    </message>
    <message>
        <source>name for your preset</source>
        <translation>Name Ihrer Vorlage</translation>
    </message>
    <message>
        <source>Save the list as a preset</source>
        <translation>Die Liste als Vorlage speichern</translation>
    </message>
    <message>
        <source>Entries of the chosen preset</source>
        <translation>Einträge der gewählten Vorlage</translation>
    </message>
    <message>
        <source>Test a host</source>
        <translation>Host testen</translation>
    </message>
    <message>
        <source>host or host:port, e.g. files.pythonhosted.org:443</source>
        <translation>Host oder Host:Port, z. B. files.pythonhosted.org:443</translation>
    </message>
    <message>
        <source>Test result</source>
        <translation>Testergebnis</translation>
    </message>
    <message>
        <source>&amp;Test a host:</source>
        <translation>Host &amp;testen:</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>Befehl:</translation>
    </message>
    <message>
        <source>Policy problem</source>
        <translation>Problem mit der Richtlinie</translation>
    </message>
    <message>
        <source>Import a policy file</source>
        <translation>Eine Richtliniendatei importieren</translation>
    </message>
    <message>
        <source>Export the policy to a file</source>
        <translation>Die Richtlinie in eine Datei exportieren</translation>
    </message>
    <message>
        <source>Only a valid, non-empty allow-list can be saved as a preset.</source>
        <translation>Nur eine gültige, nicht leere Freigabeliste kann als Vorlage gespeichert werden.</translation>
    </message>
    <message>
        <source>There is no data folder to save presets in.</source>
        <translation>Es gibt keinen Datenordner zum Speichern von Vorlagen.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 lässt sich nicht lesen: %2</translation>
    </message>
    <message>
        <source>%1 was not imported, %2</source>
        <translation>%1 wurde nicht importiert, %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 lässt sich nicht schreiben: %2</translation>
    </message>
    <message>
        <source>Import egress policy</source>
        <translation>Egress-Richtlinie importieren</translation>
    </message>
    <message>
        <source>Egress policy (*.json)</source>
        <translation>Egress-Richtlinie (*.json)</translation>
    </message>
    <message>
        <source>Export egress policy</source>
        <translation>Egress-Richtlinie exportieren</translation>
    </message>
    <message>
        <source>OK; sent to kosa8 as %1</source>
        <translation>OK; an kosa8 gesendet als %1</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Adds: %1</source>
        <translation>Fügt hinzu: %1</translation>
    </message>
    <message>
        <source>Your preset</source>
        <translation>Ihre Vorlage</translation>
    </message>
    <message>
        <source>OK; sent as %1</source>
        <translation>OK; gesendet als %1</translation>
    </message>
</context>
<context>
    <name>k8::app::EgressEditorDialog</name>
    <message>
        <source>Network policy of %1</source>
        <translation>Netzwerkrichtlinie von %1</translation>
    </message>
    <message>
        <source>Network policy for the new sandbox</source>
        <translation>Netzwerkrichtlinie für die neue Sandbox</translation>
    </message>
    <message>
        <source>&quot;%1&quot; (not understood; shown as no network)</source>
        <translation>„%1“ (nicht verstanden; als kein Netzwerk gezeigt)</translation>
    </message>
    <message>
        <source>Now: %1. Changes apply to the running sandbox after you confirm them.</source>
        <translation>Aktuell: %1. Änderungen gelten für die laufende Sandbox, nachdem Sie sie bestätigt haben.</translation>
    </message>
    <message>
        <source>The sandbox is created with this policy.</source>
        <translation>Die Sandbox wird mit dieser Richtlinie angelegt.</translation>
    </message>
    <message>
        <source>Apply status</source>
        <translation>Status der Anwendung</translation>
    </message>
    <message>
        <source>What kosa8 said</source>
        <translation>Was kosa8 gemeldet hat</translation>
    </message>
    <message>
        <source>&amp;Recreate with this policy…</source>
        <translation>Mit dieser Richtlinie &amp;neu anlegen …</translation>
    </message>
    <message>
        <source>Recreate the sandbox with this policy</source>
        <translation>Die Sandbox mit dieser Richtlinie neu anlegen</translation>
    </message>
    <message>
        <source>&amp;Apply to %1…</source>
        <translation>Auf %1 an&amp;wenden …</translation>
    </message>
    <message>
        <source>&amp;Use this policy</source>
        <translation>&amp;Diese Richtlinie verwenden</translation>
    </message>
    <message>
        <source>Apply the policy to %1</source>
        <translation>Die Richtlinie auf %1 anwenden</translation>
    </message>
    <message>
        <source>Use this policy</source>
        <translation>Diese Richtlinie verwenden</translation>
    </message>
    <message>
        <source>Close without applying</source>
        <translation>Schließen, ohne anzuwenden</translation>
    </message>
    <message>
        <source>Save n&amp;otes</source>
        <translation>Noti&amp;zen speichern</translation>
    </message>
    <message>
        <source>kosa8 already has this policy; only the notes are saved.</source>
        <translation>kosa8 hat diese Richtlinie bereits; nur die Notizen werden gespeichert.</translation>
    </message>
    <message>
        <source>Nothing to apply: kosa8 already has this policy.</source>
        <translation>Nichts anzuwenden: kosa8 hat diese Richtlinie bereits.</translation>
    </message>
    <message>
        <source>The notes could not be saved in the data folder.</source>
        <translation>Die Notizen konnten nicht im Datenordner gespeichert werden.</translation>
    </message>
    <message>
        <source>Change the network policy</source>
        <translation>Netzwerkrichtlinie ändern</translation>
    </message>
    <message>
        <source>Change the network policy of the running sandbox %1?

%2

(+ added, - removed; the sandbox keeps running, open connections may be cut.)</source>
        <translation>Die Netzwerkrichtlinie der laufenden Sandbox %1 ändern?

%2

(+ hinzugefügt, - entfernt; die Sandbox läuft weiter, offene Verbindungen können abbrechen.)</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <source>(The dialog closes once kosa8 has answered.)</source>
        <translation>(Der Dialog schließt sich, sobald kosa8 geantwortet hat.)</translation>
    </message>
    <message>
        <source>Applying the policy to %1…</source>
        <translation>Die Richtlinie wird auf %1 angewendet …</translation>
    </message>
    <message>
        <source>kosa8 refused the new policy for %1; your edits are kept.</source>
        <translation>kosa8 hat die neue Richtlinie für %1 abgelehnt; Ihre Änderungen bleiben erhalten.</translation>
    </message>
    <message>
        <source>It names entry %1 (%2): this kosa8 may not accept that form of entry; change or remove it, or recreate the sandbox.</source>
        <translation>Genannt wird Eintrag %1 (%2): Dieses kosa8 akzeptiert diese Form von Eintrag womöglich nicht; ändern oder entfernen Sie ihn oder legen Sie die Sandbox neu an.</translation>
    </message>
    <message>
        <source>Applied.</source>
        <translation>Angewendet.</translation>
    </message>
    <message>
        <source>Recreate the sandbox</source>
        <translation>Sandbox neu anlegen</translation>
    </message>
    <message>
        <source>Delete %1 and create it again with the new policy?

This loses everything inside it: its checkpoints and snapshots, the images pulled into it, files written in it and running processes. Host folders mounted when it was created are not mounted again. This cannot be undone.

Then: %2</source>
        <translation>%1 löschen und mit der neuen Richtlinie neu anlegen?

Dabei geht alles darin verloren: ihre Checkpoints und Snapshots, die in sie geladenen Images, darin geschriebene Dateien und laufende Prozesse. Host-Ordner, die beim Anlegen eingebunden wurden, werden nicht erneut eingebunden. Das lässt sich nicht rückgängig machen.

Danach: %2</translation>
    </message>
    <message>
        <source>Delete and recreate %1</source>
        <translation>%1 löschen und neu anlegen</translation>
    </message>
    <message>
        <source>Deleting %1…</source>
        <translation>%1 wird gelöscht …</translation>
    </message>
    <message>
        <source>Could not delete %1; nothing was changed.</source>
        <translation>%1 konnte nicht gelöscht werden; es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>Creating %1 with the new policy…</source>
        <translation>%1 wird mit der neuen Richtlinie angelegt …</translation>
    </message>
    <message>
        <source>%1 was deleted but could not be created again; your policy is kept.</source>
        <translation>%1 wurde gelöscht, konnte aber nicht neu angelegt werden; Ihre Richtlinie bleibt erhalten.</translation>
    </message>
    <message>
        <source>Discard your changes?</source>
        <translation>Ihre Änderungen verwerfen?</translation>
    </message>
    <message>
        <source>The allow-list has changes that are not applied to %1. Close and discard them?</source>
        <translation>Die Erlaubnisliste hat Änderungen, die noch nicht auf %1 angewendet sind. Schließen und verwerfen?</translation>
    </message>
    <message>
        <source>The allow-list has changes that are not used yet. Close and discard them?</source>
        <translation>Die Erlaubnisliste hat Änderungen, die noch nicht übernommen sind. Schließen und verwerfen?</translation>
    </message>
    <message>
        <source>&amp;Discard changes</source>
        <translation>Änderungen &amp;verwerfen</translation>
    </message>
</context>
<context>
    <name>k8::app::ExecutableCard</name>
    <message>
        <source>Use a kosa8 on this computer</source>
        <translation>kosa8 auf diesem Computer verwenden</translation>
    </message>
    <message>
        <source>On a Mac with Apple silicon, kosa8 runs the sandboxes here with its daemon, kosa8d. On Linux and Intel Macs, point at the kosa8 client, then add a remote worker.</source>
        <translation>Auf einem Mac mit Apple Silicon führt kosa8 die Sandboxes hier mit seinem Daemon kosa8d aus. Unter Linux und auf Intel-Macs geben Sie den kosa8-Client an und fügen dann einen Remote-Worker hinzu.</translation>
    </message>
    <message>
        <source>Use an executable…</source>
        <translation>Ausführbare Datei verwenden…</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Use this executable</source>
        <translation>Diese ausführbare Datei verwenden</translation>
    </message>
    <message>
        <source>Use a kosa8 executable on this computer</source>
        <translation>Eine ausführbare kosa8-Datei auf diesem Computer verwenden</translation>
    </message>
    <message>
        <source>Path of the kosa8 executable</source>
        <translation>Pfad der ausführbaren kosa8-Datei</translation>
    </message>
    <message>
        <source>Choose the kosa8 executable in a file dialog</source>
        <translation>Die ausführbare kosa8-Datei in einem Dateidialog auswählen</translation>
    </message>
    <message>
        <source>Check this executable with kosa8 version</source>
        <translation>Diese ausführbare Datei mit kosa8 version prüfen</translation>
    </message>
    <message>
        <source>The command the check runs</source>
        <translation>Der Befehl, den die Prüfung ausführt</translation>
    </message>
    <message>
        <source>Result of the check</source>
        <translation>Ergebnis der Prüfung</translation>
    </message>
    <message>
        <source>Use this kosa8 executable</source>
        <translation>Diese ausführbare kosa8-Datei verwenden</translation>
    </message>
    <message>
        <source>Choose the kosa8 executable</source>
        <translation>Ausführbare kosa8-Datei auswählen</translation>
    </message>
    <message>
        <source>The check&apos;s command appears here.</source>
        <translation>Hier erscheint der Befehl der Prüfung.</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Wird geprüft…</translation>
    </message>
</context>
<context>
    <name>k8::app::FirstStartPage</name>
    <message>
        <source>Get started</source>
        <translation>Erste Schritte</translation>
    </message>
    <message>
        <source>Connect kosa8 Desk to kosa8</source>
        <translation>kosa8 Desk mit kosa8 verbinden</translation>
    </message>
    <message>
        <source>kosa8 runs code in sandboxes: small virtual machines with no network unless you allow it, checkpointed so that a run can be rewound. kosa8 Desk runs what you approve through the kosa8 command line.</source>
        <translation>kosa8 führt Code in Sandboxes aus: kleine virtuelle Maschinen ohne Netzwerk, sofern Sie es nicht erlauben, mit Checkpoints, damit sich eine Ausführung zurückspulen lässt. kosa8 Desk führt das, was Sie freigeben, über die kosa8-Befehlszeile aus.</translation>
    </message>
    <message>
        <source>Set up the code sandbox…</source>
        <translation>Code-Sandbox einrichten…</translation>
    </message>
    <message>
        <source>Set up the code sandbox</source>
        <translation>Code-Sandbox einrichten</translation>
    </message>
    <message>
        <source>Creates a sandbox with no network, pulls the Python image and checkpoints it, once kosa8 works.</source>
        <translation>Erstellt eine Sandbox ohne Netzwerk, lädt das Python-Image herunter und erstellt einen Checkpoint davon, sobald kosa8 funktioniert.</translation>
    </message>
    <message>
        <source>Go to Sandboxes</source>
        <translation>Zu den Sandboxes</translation>
    </message>
    <message>
        <source>Once kosa8 works: a sandbox with no network for agents&apos; code.</source>
        <translation>Sobald kosa8 funktioniert: eine Sandbox ohne Netzwerk für den Code von Agenten.</translation>
    </message>
    <message>
        <source>Open the inbox</source>
        <translation>Posteingang öffnen</translation>
    </message>
    <message>
        <source>kosa8 was not found on this computer.</source>
        <translation>kosa8 wurde auf diesem Computer nicht gefunden.</translation>
    </message>
    <message>
        <source>Looked for: %1</source>
        <translation>Gesucht in: %1</translation>
    </message>
    <message>
        <source>kosa8 found: %1. You are ready to go.</source>
        <translation>kosa8 gefunden: %1. Sie können loslegen.</translation>
    </message>
    <message>
        <source>kosa8 found: %1. Start its daemon (kosa8 daemon start) or add a remote worker.</source>
        <translation>kosa8 gefunden: %1. Starten Sie seinen Daemon (kosa8 daemon start) oder fügen Sie einen Remote-Worker hinzu.</translation>
    </message>
    <message>
        <source>%1. What went wrong is shown above.</source>
        <translation>%1. Was schiefgelaufen ist, wird oben angezeigt.</translation>
    </message>
    <message>
        <source>The inbox already works: agents can connect and you review their requests. Until kosa8 is there, an approved run fails at once and its agent is told why.</source>
        <translation>Der Posteingang funktioniert schon: Agenten können sich verbinden, und Sie prüfen ihre Anfragen. Solange kosa8 fehlt, schlägt eine genehmigte Ausführung sofort fehl, und ihr Agent erfährt den Grund.</translation>
    </message>
</context>
<context>
    <name>k8::app::ForkDialog</name>
    <message>
        <source>Fork %1</source>
        <translation>%1 abzweigen</translation>
    </message>
    <message>
        <source>Each copy is a new sandbox that starts from %1 as it is now.</source>
        <translation>Jede Kopie ist eine neue Sandbox, die von %1 im jetzigen Zustand ausgeht.</translation>
    </message>
    <message>
        <source>Number of copies</source>
        <translation>Anzahl der Kopien</translation>
    </message>
    <message>
        <source>&amp;Copies:</source>
        <translation>&amp;Kopien:</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Fork</source>
        <translation>Abzweigen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>k8::app::HealthIndicator</name>
    <message>
        <source>kosa8 status: %1</source>
        <translation>kosa8-Status: %1</translation>
    </message>
</context>
<context>
    <name>k8::app::HealthMonitor</name>
    <message>
        <source>Checking kosa8…</source>
        <translation>kosa8 wird geprüft …</translation>
    </message>
    <message>
        <source>daemon</source>
        <translation>Daemon</translation>
    </message>
    <message>
        <source>kosa8 %1 · %2 %3</source>
        <translation>kosa8 %1 · %2 %3</translation>
    </message>
    <message>
        <source>kosa8 %1 · no daemon or worker answered</source>
        <translation>kosa8 %1 · kein Daemon oder Worker antwortet</translation>
    </message>
    <message>
        <source>kosa8 not found</source>
        <translation>kosa8 nicht gefunden</translation>
    </message>
    <message>
        <source>kosa8 is not answering</source>
        <translation>kosa8 antwortet nicht</translation>
    </message>
    <message>
        <source>kosa8 was not found</source>
        <translation>kosa8 wurde nicht gefunden</translation>
    </message>
    <message>
        <source>No kosa8 daemon or worker answered</source>
        <translation>Kein kosa8-Daemon oder -Worker hat geantwortet</translation>
    </message>
    <message>
        <source>Tried: %1</source>
        <translation>Versucht: %1</translation>
    </message>
    <message>
        <source>Tried: %1 (%2)</source>
        <translation>Versucht: %1 (%2)</translation>
    </message>
    <message>
        <source>— not found on PATH.</source>
        <translation>— nicht im PATH gefunden.</translation>
    </message>
    <message>
        <source>kosa8 Desk runs every sandbox action through the kosa8 command line, so those actions are unavailable until it is found. The rest of the app works.</source>
        <translation>kosa8 Desk führt jede Sandbox-Aktion über die kosa8-Kommandozeile aus; diese Aktionen stehen also erst zur Verfügung, wenn kosa8 gefunden wird. Der Rest der App funktioniert.</translation>
    </message>
    <message>
        <source>How to fix it:
• On an Apple-silicon Mac, install kosa8; it runs sandboxes locally with its daemon kosa8d.
• On Linux or an Intel Mac, kosa8 is a remote client: install it, then set the remote worker (KOSA8_HOST and KOSA8_TOKEN) in Settings.
• If kosa8 is installed elsewhere, start kosa8 Desk with --kosa8 PATH or set KOSA8_DESK_KOSA8.</source>
        <translation>So beheben Sie das:
• Auf einem Mac mit Apple Silicon installieren Sie kosa8; es betreibt Sandboxes lokal mit seinem Daemon kosa8d.
• Unter Linux oder auf einem Intel-Mac ist kosa8 ein entfernter Client: Installieren Sie es und tragen Sie den entfernten Worker (KOSA8_HOST und KOSA8_TOKEN) in den Einstellungen ein.
• Liegt kosa8 woanders, starten Sie kosa8 Desk mit --kosa8 PFAD oder setzen Sie KOSA8_DESK_KOSA8.</translation>
    </message>
    <message>
        <source>How to fix it:
• Check the daemon with `kosa8 daemon status` and start it with `kosa8 daemon start`.
• For a remote worker, check the host and token in Settings.
• Run `kosa8 doctor` in a terminal for more.</source>
        <translation>So beheben Sie das:
• Prüfen Sie den Daemon mit `kosa8 daemon status` und starten Sie ihn mit `kosa8 daemon start`.
• Bei einem entfernten Worker prüfen Sie Host und Token in den Einstellungen.
• Mehr verrät `kosa8 doctor` in einem Terminal.</translation>
    </message>
    <message>
        <source>kosa8 %1 answered, but no daemon or worker version was printed. Sandbox actions may fail; check `kosa8 daemon status`, or the remote worker in Settings.</source>
        <translation>kosa8 %1 hat geantwortet, aber keine Daemon- oder Worker-Version ausgegeben. Sandbox-Aktionen können fehlschlagen; prüfen Sie `kosa8 daemon status` oder den entfernten Worker in den Einstellungen.</translation>
    </message>
    <message>
        <source>Command: %1</source>
        <translation>Befehl: %1</translation>
    </message>
    <message>
        <source>Result: %1</source>
        <translation>Ergebnis: %1</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>Exit-Code %1</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>Standard error:</source>
        <translation>Standardfehlerausgabe:</translation>
    </message>
</context>
<context>
    <name>k8::app::HealthPanel</name>
    <message>
        <source>Retry</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Einstellungen …</translation>
    </message>
    <message>
        <source>kosa8 health</source>
        <translation>Zustand von kosa8</translation>
    </message>
    <message>
        <source>Check kosa8 again</source>
        <translation>kosa8 erneut prüfen</translation>
    </message>
    <message>
        <source>Open settings</source>
        <translation>Einstellungen öffnen</translation>
    </message>
    <message>
        <source>Command and error</source>
        <translation>Befehl und Fehler</translation>
    </message>
</context>
<context>
    <name>k8::app::HistoryDetailsPane</name>
    <message>
        <source>Show on timeline</source>
        <translation>In der Zeitleiste zeigen</translation>
    </message>
    <message>
        <source>Show request in the inbox</source>
        <translation>Anfrage im Posteingang zeigen</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Details of the selected entry</source>
        <translation>Details des ausgewählten Eintrags</translation>
    </message>
    <message>
        <source>Select an entry to see every field, its hash and the hash before it.</source>
        <translation>Wählen Sie einen Eintrag, um jedes Feld, seinen Hash und den Hash davor zu sehen.</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>desk (the app&apos;s ledger of decisions)</source>
        <translation>desk (das Entscheidungs-Ledger der App)</translation>
    </message>
    <message>
        <source>kosa8 (audit log)</source>
        <translation>kosa8 (Audit-Protokoll)</translation>
    </message>
    <message>
        <source>Ledger seq</source>
        <translation>Ledger-Nr.</translation>
    </message>
    <message>
        <source>SEQ</source>
        <translation>SEQ</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source> (not a time the app can read)</source>
        <translation> (keine Zeitangabe, die die App lesen kann)</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Akteur</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Decided by</source>
        <translation>Entschieden von</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>Hash</translation>
    </message>
    <message>
        <source>Previous hash</source>
        <translation>Vorheriger Hash</translation>
    </message>
    <message>
        <source>(none: the first entry, or the one before is not loaded)</source>
        <translation>(keiner: der erste Eintrag, oder der davor ist nicht geladen)</translation>
    </message>
    <message>
        <source>Ledger line</source>
        <translation>Ledger-Zeile</translation>
    </message>
    <message>
        <source>Output line</source>
        <translation>Ausgabezeile</translation>
    </message>
    <message>
        <source>The ledger entry as recorded:</source>
        <translation>Der Ledger-Eintrag, wie er aufgezeichnet wurde:</translation>
    </message>
    <message>
        <source>Other fields kosa8 printed:</source>
        <translation>Weitere Felder, die kosa8 ausgegeben hat:</translation>
    </message>
    <message>
        <source>Open the thread on its server</source>
        <translation>Thread auf seinem Server öffnen</translation>
    </message>
    <message>
        <source>Request from</source>
        <translation>Anfrage von</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>Only for an interrupt of a LangGraph server.</source>
        <translation>Nur für einen Interrupt eines LangGraph-Servers.</translation>
    </message>
</context>
<context>
    <name>k8::app::HistoryFilterBar</name>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Bis</translation>
    </message>
    <message>
        <source>Filter: words in the detail, a sandbox, an action, a SEQ or a hash</source>
        <translation>Filter: Wörter im Detail, eine Sandbox, eine Aktion, eine SEQ oder ein Hash</translation>
    </message>
    <message>
        <source>Filter text</source>
        <translation>Filtertext</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Akteur</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Decided by</source>
        <translation>Entschieden von</translation>
    </message>
    <message>
        <source>Any actor</source>
        <translation>Jeder Akteur</translation>
    </message>
    <message>
        <source>Any action</source>
        <translation>Jede Aktion</translation>
    </message>
    <message>
        <source>Any sandbox</source>
        <translation>Jede Sandbox</translation>
    </message>
    <message>
        <source>Decided by anyone</source>
        <translation>Von allen entschieden</translation>
    </message>
    <message>
        <source>kosa8 and desk</source>
        <translation>kosa8 und desk</translation>
    </message>
    <message>
        <source>kosa8 only</source>
        <translation>nur kosa8</translation>
    </message>
    <message>
        <source>desk only (decisions)</source>
        <translation>nur desk (Entscheidungen)</translation>
    </message>
    <message>
        <source>From time (UTC)</source>
        <translation>Ab Zeitpunkt (UTC)</translation>
    </message>
    <message>
        <source>To time (UTC)</source>
        <translation>Bis Zeitpunkt (UTC)</translation>
    </message>
</context>
<context>
    <name>k8::app::HistoryPage</name>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>kosa8&apos;s audit log and this app&apos;s decisions, as one story. Hashes chain each entry to the one before.</source>
        <translation>Das Audit-Protokoll von kosa8 und die Entscheidungen dieser App als eine Geschichte. Hashes verketten jeden Eintrag mit dem vorherigen.</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Export the rows shown</source>
        <translation>Die angezeigten Zeilen exportieren</translation>
    </message>
    <message>
        <source>As CSV…</source>
        <translation>Als CSV …</translation>
    </message>
    <message>
        <source>As JSON lines…</source>
        <translation>Als JSON-Zeilen …</translation>
    </message>
    <message>
        <source>History entries</source>
        <translation>Verlaufseinträge</translation>
    </message>
    <message>
        <source>Lines that could not be read</source>
        <translation>Nicht lesbare Zeilen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Stop reading; the entries read so far stay shown</source>
        <translation>Lesen anhalten; die bisher gelesenen Einträge bleiben sichtbar</translation>
    </message>
    <message>
        <source>SEQ %1 is not among the entries loaded; refresh to read them.</source>
        <translation>SEQ %1 ist nicht unter den geladenen Einträgen; aktualisieren Sie, um sie zu lesen.</translation>
    </message>
    <message>
        <source>Verifying the app&apos;s ledger…</source>
        <translation>Das Entscheidungs-Ledger der App wird geprüft …</translation>
    </message>
    <message>
        <source>Reading kosa8&apos;s audit log failed</source>
        <translation>Das Audit-Protokoll von kosa8 konnte nicht gelesen werden</translation>
    </message>
    <message numerus="yes">
        <source>%n entries shown</source>
        <translation>
            <numerusform>%n Eintrag angezeigt</numerusform>
            <numerusform>%n Einträge angezeigt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n loaded</source>
        <translation>
            <numerusform>%n geladen</numerusform>
            <numerusform>%n geladen</numerusform>
        </translation>
    </message>
    <message>
        <source>reading `%1`…</source>
        <translation>`%1` wird gelesen …</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) could not be read</source>
        <translation>
            <numerusform>%n Zeile konnte nicht gelesen werden</numerusform>
            <numerusform>%n Zeilen konnten nicht gelesen werden</numerusform>
        </translation>
    </message>
    <message>
        <source>ledger line %1</source>
        <translation>Ledger-Zeile %1</translation>
    </message>
    <message>
        <source>kosa8 line %1</source>
        <translation>kosa8-Zeile %1</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (only the first ones are kept)</source>
        <translation>
            <numerusform>… und %n weitere (nur die ersten werden behalten)</numerusform>
            <numerusform>… und %n weitere (nur die ersten werden behalten)</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the history</source>
        <translation>Verlauf exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>JSON lines (*.jsonl)</source>
        <translation>JSON-Zeilen (*.jsonl)</translation>
    </message>
    <message numerus="yes">
        <source>%n entries exported to %1.</source>
        <translation>
            <numerusform>%n Eintrag nach %1 exportiert.</numerusform>
            <numerusform>%n Einträge nach %1 exportiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>The export to %1 failed: %2</source>
        <translation>Der Export nach %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1 · `%2`</source>
        <translation>%1 · `%2`</translation>
    </message>
    <message>
        <source>Read the audit log and the ledger again (F5)
%1</source>
        <translation>Audit-Protokoll und Ledger neu lesen (F5)
%1</translation>
    </message>
    <message>
        <source>Check both hash chains: kosa8&apos;s audit log and the app&apos;s ledger
%1</source>
        <translation>Beide Hash-Ketten prüfen: das Audit-Protokoll von kosa8 und das Ledger der App
%1</translation>
    </message>
    <message>
        <source>Verifying…</source>
        <translation>Wird geprüft …</translation>
    </message>
    <message>
        <source>Verifying kosa8&apos;s audit log: running `%1`…</source>
        <translation>Das Audit-Protokoll von kosa8 wird geprüft: `%1` läuft …</translation>
    </message>
</context>
<context>
    <name>k8::app::ImagesDialog</name>
    <message>
        <source>Images in %1</source>
        <translation>Images in %1</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>Befehl:</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>Images</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>Repository</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Reload images</source>
        <translation>Images neu laden</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen …</translation>
    </message>
    <message>
        <source>No images in %1 yet. Use Pull image to add one.</source>
        <translation>Noch keine Images in %1. Mit „Image laden“ fügen Sie eines hinzu.</translation>
    </message>
    <message>
        <source>line %1: %2 (%3)</source>
        <translation>Zeile %1: %2 (%3)</translation>
    </message>
    <message>
        <source>Images: %1</source>
        <translation>Images: %1</translation>
    </message>
    <message>
        <source>Lines that could not be read: %1</source>
        <translation>Nicht lesbare Zeilen: %1</translation>
    </message>
</context>
<context>
    <name>k8::app::InboxNotifier</name>
    <message>
        <source>(%1) %2</source>
        <extracomment>Window title with the number of pending requests, e.g. &quot;(3) kosa8 Desk&quot;</extracomment>
        <translation>(%1) %2</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n request(s) waiting for you</source>
        <translation>
            <numerusform>%1: %n Anfrage wartet auf Sie</numerusform>
            <numerusform>%1: %n Anfragen warten auf Sie</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: no requests waiting</source>
        <translation>%1: keine wartenden Anfragen</translation>
    </message>
    <message>
        <source>%1 asks for a decision</source>
        <translation>%1 bittet um eine Entscheidung</translation>
    </message>
    <message>
        <source>A new request is waiting in the inbox.</source>
        <translation>Eine neue Anfrage wartet im Posteingang.</translation>
    </message>
</context>
<context>
    <name>k8::app::InboxPage</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>Pending requests</source>
        <translation>Offene Anfragen</translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation>&amp;Nächste</translation>
    </message>
    <message>
        <source>Next request</source>
        <translation>Nächste Anfrage</translation>
    </message>
    <message>
        <source>&amp;Previous</source>
        <translation>&amp;Vorige</translation>
    </message>
    <message>
        <source>Previous request</source>
        <translation>Vorige Anfrage</translation>
    </message>
    <message>
        <source>&amp;Pending</source>
        <translation>&amp;Offen</translation>
    </message>
    <message>
        <source>Request lists</source>
        <translation>Anfragelisten</translation>
    </message>
    <message>
        <source>Inbox</source>
        <translation>Posteingang</translation>
    </message>
    <message>
        <source>Requests from agents waiting for your decision.</source>
        <translation>Anfragen von Agenten, die auf Ihre Entscheidung warten.</translation>
    </message>
    <message>
        <source>Last decision sent</source>
        <translation>Zuletzt gesendete Entscheidung</translation>
    </message>
    <message>
        <source>Recent runs</source>
        <translation>Letzte Ausführungen</translation>
    </message>
    <message>
        <source>Recent runs (newest first):</source>
        <translation>Letzte Ausführungen (neueste zuerst):</translation>
    </message>
    <message>
        <source>Request list</source>
        <translation>Anfrageliste</translation>
    </message>
    <message>
        <source>Show or hide the request list</source>
        <translation>Die Anfrageliste ein- oder ausblenden</translation>
    </message>
    <message>
        <source>His&amp;tory</source>
        <translation>Ver&amp;lauf</translation>
    </message>
    <message>
        <source>Not sent: the decision could not be recorded; the request is back in the list.</source>
        <translation>Nicht gesendet: Die Entscheidung konnte nicht aufgezeichnet werden; die Anfrage ist wieder in der Liste.</translation>
    </message>
</context>
<context>
    <name>k8::app::LangGraphHealthText</name>
    <message>
        <source>reachable</source>
        <translation>erreichbar</translation>
    </message>
    <message>
        <source>reachable, LangGraph API %1</source>
        <translation>erreichbar, LangGraph API %1</translation>
    </message>
    <message numerus="yes">
        <source>, %n interrupted thread(s)</source>
        <translation>
            <numerusform>, %n unterbrochener Thread</numerusform>
            <numerusform>, %n unterbrochene Threads</numerusform>
        </translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>wird geprüft…</translation>
    </message>
    <message>
        <source>unreachable: %1</source>
        <translation>nicht erreichbar: %1</translation>
    </message>
</context>
<context>
    <name>k8::app::LangGraphServersEditor</name>
    <message>
        <source>LangGraph servers</source>
        <translation>LangGraph-Server</translation>
    </message>
    <message>
        <source>Add server</source>
        <translation>Server hinzufügen</translation>
    </message>
    <message>
        <source>Add a LangGraph server</source>
        <translation>Einen LangGraph-Server hinzufügen</translation>
    </message>
    <message>
        <source>Remove server</source>
        <translation>Server entfernen</translation>
    </message>
    <message>
        <source>Remove the selected LangGraph server</source>
        <translation>Den ausgewählten LangGraph-Server entfernen</translation>
    </message>
    <message>
        <source>LangGraph server name</source>
        <translation>Name des LangGraph-Servers</translation>
    </message>
    <message>
        <source>e.g. staging</source>
        <translation>z. B. staging</translation>
    </message>
    <message>
        <source>Server name:</source>
        <translation>Servername:</translation>
    </message>
    <message>
        <source>LangGraph server URL</source>
        <translation>URL des LangGraph-Servers</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL:</translation>
    </message>
    <message>
        <source>LangGraph server API key (x-api-key)</source>
        <translation>API-Schlüssel des LangGraph-Servers (x-api-key)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>Show the API key</source>
        <translation>API-Schlüssel anzeigen</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>API-Schlüssel:</translation>
    </message>
    <message>
        <source>Graphs to watch, separated by commas (empty: all)</source>
        <translation>Zu beobachtende Graphen, durch Kommas getrennt (leer: alle)</translation>
    </message>
    <message>
        <source>all graphs</source>
        <translation>alle Graphen</translation>
    </message>
    <message>
        <source>Graphs:</source>
        <translation>Graphen:</translation>
    </message>
    <message>
        <source>Watch this server for interrupts</source>
        <translation>Diesen Server auf Interrupts beobachten</translation>
    </message>
    <message>
        <source>Health of the selected LangGraph server</source>
        <translation>Zustand des ausgewählten LangGraph-Servers</translation>
    </message>
    <message>
        <source>Health:</source>
        <translation>Zustand:</translation>
    </message>
    <message>
        <source>not saved yet: watched once you save</source>
        <translation>noch nicht gespeichert: wird beobachtet, sobald Sie speichern</translation>
    </message>
    <message>
        <source>changed: watched with these settings once you save</source>
        <translation>geändert: wird mit diesen Einstellungen beobachtet, sobald Sie speichern</translation>
    </message>
    <message>
        <source>off: not watched</source>
        <translation>aus: nicht beobachtet</translation>
    </message>
    <message>
        <source>not watched</source>
        <translation>nicht beobachtet</translation>
    </message>
    <message>
        <source>not watched: a saved server has the same address</source>
        <translation>nicht beobachtet: ein gespeicherter Server hat dieselbe Adresse</translation>
    </message>
    <message>
        <source>not saved yet</source>
        <translation>noch nicht gespeichert</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>reachable</source>
        <translation>erreichbar</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>wird geprüft…</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>nicht erreichbar</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>(kein Name)</translation>
    </message>
    <message>
        <source>%1 (this run only)</source>
        <translation>%1 (nur für diesen Start)</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>The API key is removed when you save.</source>
        <translation>Der API-Schlüssel wird beim Speichern entfernt.</translation>
    </message>
    <message>
        <source>The API key goes to %1 when you save.</source>
        <translation>Der API-Schlüssel kommt beim Speichern in %1.</translation>
    </message>
    <message>
        <source>Given on the command line for this run: not saved, no API key.</source>
        <translation>Für diesen Start auf der Kommandozeile angegeben: nicht gespeichert, kein API-Schlüssel.</translation>
    </message>
    <message>
        <source>LangGraph server %1</source>
        <translation>LangGraph-Server %1</translation>
    </message>
    <message>
        <source>LangGraph servers: %1</source>
        <translation>LangGraph-Server: %1</translation>
    </message>
    <message>
        <source>LangGraph servers: the API key of &quot;%1&quot; holds a control character.</source>
        <translation>LangGraph-Server: Der API-Schlüssel von „%1“ enthält ein Steuerzeichen.</translation>
    </message>
</context>
<context>
    <name>k8::app::LangGraphStatusButton</name>
    <message numerus="yes">
        <source>LangGraph: %1 of %n unreachable</source>
        <translation>
            <numerusform>LangGraph: %1 von %n nicht erreichbar</numerusform>
            <numerusform>LangGraph: %1 von %n nicht erreichbar</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>LangGraph: %n server(s)</source>
        <translation>
            <numerusform>LangGraph: %n Server</numerusform>
            <numerusform>LangGraph: %n Server</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1. Open the LangGraph servers in Settings</source>
        <translation>%1. Die LangGraph-Server in den Einstellungen öffnen</translation>
    </message>
</context>
<context>
    <name>k8::app::MainWindow</name>
    <message>
        <source>kosa8 Desk</source>
        <translation>kosa8 Desk</translation>
    </message>
    <message>
        <source>Navigation</source>
        <translation>Navigation</translation>
    </message>
    <message>
        <source>Inbox</source>
        <translation>Posteingang</translation>
    </message>
    <message>
        <source>Sandboxes</source>
        <translation>Sandboxes</translation>
    </message>
    <message>
        <source>Command log</source>
        <translation>Befehlsprotokoll</translation>
    </message>
    <message>
        <source>Requests from agents wait here for your decision.</source>
        <translation>Anfragen von Agenten warten hier auf Ihre Entscheidung.</translation>
    </message>
    <message>
        <source>No agent requests. When an agent asks to run code, it appears here for you to review, edit, approve or reject.</source>
        <translation>Keine Anfragen von Agenten. Wenn ein Agent Code ausführen möchte, erscheint er hier, damit Sie ihn prüfen, bearbeiten, freigeben oder ablehnen.</translation>
    </message>
    <message>
        <source>Inbox (%1)</source>
        <translation>Posteingang (%1)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen …</translation>
    </message>
    <message>
        <source>Open &amp;data folder</source>
        <translation>&amp;Datenordner öffnen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Inbox</source>
        <translation>&amp;Posteingang</translation>
    </message>
    <message>
        <source>&amp;Sandboxes</source>
        <translation>&amp;Sandboxes</translation>
    </message>
    <message>
        <source>&amp;Command log</source>
        <translation>&amp;Befehlsprotokoll</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Open &amp;log folder</source>
        <translation>&amp;Protokollordner öffnen</translation>
    </message>
    <message>
        <source>Check &amp;kosa8 again</source>
        <translation>&amp;kosa8 erneut prüfen</translation>
    </message>
    <message>
        <source>&amp;About kosa8 Desk</source>
        <translation>Über kosa8 &amp;Desk</translation>
    </message>
    <message>
        <source>Inbox, waiting requests: %1</source>
        <translation>Posteingang, wartende Anfragen: %1</translation>
    </message>
    <message>
        <source>kosa8 Desk (%1 waiting)</source>
        <translation>kosa8 Desk (%1 wartend)</translation>
    </message>
    <message>
        <source>kosa8 commands running: %1</source>
        <translation>Laufende kosa8-Befehle: %1</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>&amp;Zeitleiste</translation>
    </message>
    <message>
        <source>The base checkpoint could not be saved</source>
        <translation>Der Basis-Checkpoint konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Standing &amp;rules…</source>
        <translation>Dauer&amp;regeln …</translation>
    </message>
    <message>
        <source>See, switch off and delete the rules that decide without asking you</source>
        <translation>Die Regeln ansehen, abschalten und löschen, die ohne Rückfrage bei Ihnen entscheiden</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;Verlauf</translation>
    </message>
    <message>
        <source>The pages of kosa8 Desk; selecting one shows it.</source>
        <translation>Die Seiten von kosa8 Desk; eine Auswahl zeigt die Seite an.</translation>
    </message>
    <message>
        <source>Requests from agents waiting for your decision</source>
        <translation>Anfragen von Agenten, die auf Ihre Entscheidung warten</translation>
    </message>
    <message>
        <source>The kosa8 sandboxes, their state and egress</source>
        <translation>Die kosa8-Sandboxes, ihr Zustand und ihr Egress</translation>
    </message>
    <message>
        <source>Every kosa8 command the app ran</source>
        <translation>Jeder kosa8-Befehl, den die App ausgeführt hat</translation>
    </message>
    <message>
        <source>A sandbox&apos;s checkpoints and runs</source>
        <translation>Checkpoints und Ausführungen einer Sandbox</translation>
    </message>
    <message>
        <source>Every decision in the ledger</source>
        <translation>Jede Entscheidung im Entscheidungs-Ledger</translation>
    </message>
    <message>
        <source>Remote worker “%1” added</source>
        <translation>Remote-Worker „%1“ hinzugefügt</translation>
    </message>
    <message>
        <source>kosa8 now connects to %1.</source>
        <translation>kosa8 verbindet sich jetzt mit %1.</translation>
    </message>
    <message>
        <source>The remote worker “%1” was not added</source>
        <translation>Der Remote-Worker „%1“ wurde nicht hinzugefügt</translation>
    </message>
    <message>
        <source>Get started</source>
        <translation>Erste Schritte</translation>
    </message>
    <message>
        <source>Get started: connect kosa8</source>
        <translation>Erste Schritte: kosa8 verbinden</translation>
    </message>
    <message>
        <source>How to connect kosa8: an executable or a remote worker</source>
        <translation>So verbinden Sie kosa8: über eine ausführbare Datei oder einen Remote-Worker</translation>
    </message>
    <message>
        <source>Agents cannot connect</source>
        <translation>Agenten können sich nicht verbinden</translation>
    </message>
    <message>
        <source>&amp;Appearance</source>
        <translation>&amp;Erscheinungsbild</translation>
    </message>
    <message>
        <source>Follow the &amp;system</source>
        <translation>Dem &amp;System folgen</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>Quit with requests waiting?</source>
        <translation>Beenden, während Anfragen warten?</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) from agents wait for your decision. If you quit now, each is rejected and its agent is told so (the ledger records it as decided by the shutdown).</source>
        <translation>
            <numerusform>%n Anfrage von einem Agenten wartet auf Ihre Entscheidung. Wenn Sie jetzt beenden, wird sie abgelehnt und ihr Agent erfährt es (das Journal verzeichnet sie als durch das Beenden entschieden).</numerusform>
            <numerusform>%n Anfragen von Agenten warten auf Ihre Entscheidung. Wenn Sie jetzt beenden, wird jede abgelehnt und ihr Agent erfährt es (das Journal verzeichnet sie als durch das Beenden entschieden).</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Quit and reject them</source>
        <translation>&amp;Beenden und ablehnen</translation>
    </message>
    <message numerus="yes">
        <source>%n interrupt(s) of LangGraph servers wait for your decision. They are not answered: they stay pending on their servers and are back in the inbox at the next start.</source>
        <translation>
            <numerusform>%n Interrupt eines LangGraph-Servers wartet auf Ihre Entscheidung. Er wird nicht beantwortet: Er bleibt auf seinem Server offen und ist beim nächsten Start wieder im Posteingang.</numerusform>
            <numerusform>%n Interrupts von LangGraph-Servern warten auf Ihre Entscheidung. Sie werden nicht beantwortet: Sie bleiben auf ihren Servern offen und sind beim nächsten Start wieder im Posteingang.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::MessageArea</name>
    <message>
        <source>Messages</source>
        <translation>Meldungen</translation>
    </message>
</context>
<context>
    <name>k8::app::MessageBox</name>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
</context>
<context>
    <name>k8::app::MessageCard</name>
    <message>
        <source>Information</source>
        <translation>Information</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Show details</source>
        <translation>Details zeigen</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy message</source>
        <translation>Meldung kopieren</translation>
    </message>
    <message>
        <source>Copy the message and its details</source>
        <translation>Die Meldung und ihre Details kopieren</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Dismiss message</source>
        <translation>Meldung schließen</translation>
    </message>
    <message>
        <source>Message details</source>
        <translation>Details der Meldung</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n times)</source>
        <translation>
            <numerusform>%1 (%n-mal)</numerusform>
            <numerusform>%1 (%n-mal)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::ProfileHealthCheck</name>
    <message>
        <source>Not checked yet.</source>
        <translation>Noch nicht geprüft.</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Wird geprüft…</translation>
    </message>
    <message>
        <source>daemon</source>
        <translation>Daemon</translation>
    </message>
    <message>
        <source>kosa8 %1 · %2 %3 reachable</source>
        <translation>kosa8 %1 · %2 %3 erreichbar</translation>
    </message>
    <message>
        <source>kosa8 %1 · no daemon or worker answered</source>
        <translation>kosa8 %1 · kein Daemon oder Worker hat geantwortet</translation>
    </message>
    <message>
        <source>kosa8 not found: %1</source>
        <translation>kosa8 nicht gefunden: %1</translation>
    </message>
    <message>
        <source>kosa8 is not answering: %1</source>
        <translation>kosa8 antwortet nicht: %1</translation>
    </message>
</context>
<context>
    <name>k8::app::ProfileSwitcher</name>
    <message>
        <source>Profile: %1</source>
        <translation>Profil: %1</translation>
    </message>
    <message>
        <source>Connection profile: %1. Choose another</source>
        <translation>Verbindungsprofil: %1. Ein anderes auswählen</translation>
    </message>
    <message>
        <source>%1: remote worker %2</source>
        <translation>%1: Remote-Worker %2</translation>
    </message>
    <message>
        <source>%1: local daemon</source>
        <translation>%1: lokaler Daemon</translation>
    </message>
    <message>
        <source>kosa8 for this run: %1 (command line)</source>
        <translation>kosa8 für diesen Programmstart: %1 (Befehlszeile)</translation>
    </message>
    <message>
        <source>Edit profiles…</source>
        <translation>Profile bearbeiten…</translation>
    </message>
</context>
<context>
    <name>k8::app::ProfilesEditor</name>
    <message>
        <source>Connection profiles</source>
        <translation>Verbindungsprofile</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>Hin&amp;zufügen</translation>
    </message>
    <message>
        <source>Add a connection profile</source>
        <translation>Verbindungsprofil hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation>&amp;Entfernen…</translation>
    </message>
    <message>
        <source>Remove the selected connection profile</source>
        <translation>Ausgewähltes Verbindungsprofil entfernen</translation>
    </message>
    <message>
        <source>Make a&amp;ctive</source>
        <translation>&amp;Aktivieren</translation>
    </message>
    <message>
        <source>Make the selected profile the active connection</source>
        <translation>Ausgewähltes Profil zur aktiven Verbindung machen</translation>
    </message>
    <message>
        <source>Profile name</source>
        <translation>Profilname</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Connection kind</source>
        <translation>Verbindungsart</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>Ver&amp;bindungsart:</translation>
    </message>
    <message>
        <source>kosa8 executable</source>
        <translation>Ausführbare kosa8-Datei</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>Durch&amp;suchen…</translation>
    </message>
    <message>
        <source>Choose the kosa8 executable</source>
        <translation>Ausführbare kosa8-Datei auswählen</translation>
    </message>
    <message>
        <source>E&amp;xecutable:</source>
        <translation>Ausführbare &amp;Datei:</translation>
    </message>
    <message>
        <source>Remote worker host (KOSA8_HOST)</source>
        <translation>Host des Remote-Workers (KOSA8_HOST)</translation>
    </message>
    <message>
        <source>&amp;Host (KOSA8_HOST):</source>
        <translation>&amp;Host (KOSA8_HOST):</translation>
    </message>
    <message>
        <source>Remote worker token (KOSA8_TOKEN)</source>
        <translation>Token des Remote-Workers (KOSA8_TOKEN)</translation>
    </message>
    <message>
        <source>Show the token</source>
        <translation>Token anzeigen</translation>
    </message>
    <message>
        <source>&amp;Token (KOSA8_TOKEN):</source>
        <translation>&amp;Token (KOSA8_TOKEN):</translation>
    </message>
    <message>
        <source>Health of the selected profile</source>
        <translation>Zustand des ausgewählten Profils</translation>
    </message>
    <message>
        <source>C&amp;heck</source>
        <translation>&amp;Prüfen</translation>
    </message>
    <message>
        <source>Check the selected profile with kosa8 version</source>
        <translation>Ausgewähltes Profil mit kosa8 version prüfen</translation>
    </message>
    <message>
        <source>Health:</source>
        <translation>Zustand:</translation>
    </message>
    <message>
        <source>The command of the health check</source>
        <translation>Der Befehl der Zustandsprüfung</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>Befehl:</translation>
    </message>
    <message>
        <source>%1 (active)</source>
        <translation>%1 (aktiv)</translation>
    </message>
    <message>
        <source>%1, active</source>
        <translation>%1, aktiv</translation>
    </message>
    <message>
        <source>A local daemon needs no token.</source>
        <translation>Ein lokaler Daemon braucht kein Token.</translation>
    </message>
    <message>
        <source>The new token is saved to the keychain with Save.</source>
        <translation>Das neue Token wird beim Speichern im Schlüsselbund abgelegt.</translation>
    </message>
    <message>
        <source>For this run kosa8 Desk uses %1, given on its command line (--kosa8 or KOSA8_DESK_KOSA8), instead of this executable.</source>
        <translation>Für diese Sitzung verwendet kosa8 Desk statt dieser ausführbaren Datei %1, angegeben auf seiner Befehlszeile (--kosa8 oder KOSA8_DESK_KOSA8).</translation>
    </message>
    <message>
        <source>Select a profile.</source>
        <translation>Wählen Sie ein Profil aus.</translation>
    </message>
    <message>
        <source>The profile is not complete yet.</source>
        <translation>Das Profil ist noch nicht vollständig.</translation>
    </message>
    <message>
        <source>Remote</source>
        <translation>Remote</translation>
    </message>
    <message>
        <source>Remote %1</source>
        <translation>Remote %1</translation>
    </message>
    <message>
        <source>Remove the profile?</source>
        <translation>Profil entfernen?</translation>
    </message>
    <message>
        <source>Remove the connection profile &quot;%1&quot; and its token? This happens when you save the settings.</source>
        <translation>Das Verbindungsprofil „%1“ und sein Token entfernen? Dies geschieht, wenn Sie die Einstellungen speichern.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>There is already a profile named &quot;%1&quot;.</source>
        <translation>Es gibt bereits ein Profil namens „%1“.</translation>
    </message>
    <message>
        <source>Connection profile %1: %2</source>
        <translation>Verbindungsprofil %1: %2</translation>
    </message>
</context>
<context>
    <name>k8::app::PullImageDialog</name>
    <message>
        <source>Pull image</source>
        <translation>Image laden</translation>
    </message>
    <message>
        <source>Sandbox:</source>
        <translation>Sandbox:</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation>&amp;Image:</translation>
    </message>
    <message>
        <source>Image to pull</source>
        <translation>Zu ladendes Image</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>Befehl:</translation>
    </message>
    <message>
        <source>Pull progress</source>
        <translation>Ladefortschritt</translation>
    </message>
    <message>
        <source>kosa8 output</source>
        <translation>Ausgabe von kosa8</translation>
    </message>
    <message>
        <source>Pull image into %1</source>
        <translation>Image in %1 laden</translation>
    </message>
    <message>
        <source>kosa8&apos;s output appears here.</source>
        <translation>Die Ausgabe von kosa8 erscheint hier.</translation>
    </message>
    <message>
        <source>Pull</source>
        <translation>Laden</translation>
    </message>
    <message>
        <source>Cancel pull</source>
        <translation>Laden abbrechen</translation>
    </message>
    <message>
        <source>Cancel the pull</source>
        <translation>Das Laden abbrechen</translation>
    </message>
    <message>
        <source>Enter an image, e.g. python:3.12-slim.</source>
        <translation>Geben Sie ein Image ein, z. B. python:3.12-slim.</translation>
    </message>
    <message>
        <source>Pulling %1 into %2…</source>
        <translation>%1 wird in %2 geladen …</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen …</translation>
    </message>
    <message>
        <source>[stderr] %1</source>
        <translation>[stderr] %1</translation>
    </message>
    <message>
        <source>Pulled %1 into %2.</source>
        <translation>%1 wurde in %2 geladen.</translation>
    </message>
    <message>
        <source>The pull was cancelled.</source>
        <translation>Das Laden wurde abgebrochen.</translation>
    </message>
</context>
<context>
    <name>k8::app::ReachPanel</name>
    <message>
        <source>What the code would reach</source>
        <translation>Was der Code erreichen würde</translation>
    </message>
    <message>
        <source>Summary of what the code would reach</source>
        <translation>Zusammenfassung dessen, was der Code erreichen würde</translation>
    </message>
    <message>
        <source>Destinations and risky operations</source>
        <translation>Ziele und riskante Operationen</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>Gefunden</translation>
    </message>
    <message>
        <source>Host or operation</source>
        <translation>Host oder Operation</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>A hint from patterns, not a guarantee: code can build hosts at run time.</source>
        <translation>Ein Hinweis anhand von Mustern, keine Garantie: Code kann Hosts zur Laufzeit zusammensetzen.</translation>
    </message>
    <message>
        <source>Allow this host for this sandbox</source>
        <translation>Diesen Host für diese Sandbox erlauben</translation>
    </message>
    <message>
        <source>Edit the chosen sandbox&apos;s network policy</source>
        <translation>Die Netzwerkrichtlinie der gewählten Sandbox bearbeiten</translation>
    </message>
    <message>
        <source>allowed from a review (line %1: %2)</source>
        <translation>aus einer Prüfung erlaubt (Zeile %1: %2)</translation>
    </message>
    <message>
        <source>Allow %1 (every subdomain of %2)</source>
        <translation>%1 erlauben (jede Subdomain von %2)</translation>
    </message>
    <message>
        <source>Allow %1 (exactly this host)</source>
        <translation>%1 erlauben (genau diesen Host)</translation>
    </message>
    <message>
        <source>risky: read this line</source>
        <translation>riskant: diese Zeile lesen</translation>
    </message>
    <message>
        <source>No network destinations or risky operations found.</source>
        <translation>Keine Netzwerkziele oder riskanten Operationen gefunden.</translation>
    </message>
    <message>
        <source>Only the first %1 KiB of the code were scanned.</source>
        <translation>Nur die ersten %1 KiB des Codes wurden untersucht.</translation>
    </message>
    <message>
        <source>Select a blocked host in the list</source>
        <translation>Wählen Sie einen blockierten Host in der Liste</translation>
    </message>
    <message>
        <source>Offers %1; you see the change before it is applied</source>
        <translation>Bietet %1 an; Sie sehen die Änderung, bevor sie angewendet wird</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>no sandbox policy</source>
        <translation>keine Sandbox-Richtlinie</translation>
    </message>
    <message>
        <source>Destinations: %1; risky operations: %2. No sandbox policy applies to them.</source>
        <translation>Ziele: %1; riskante Operationen: %2. Keine Sandbox-Richtlinie gilt für sie.</translation>
    </message>
    <message>
        <source>Destinations: %1, %2 blocked by the policy of %3; risky operations: %4.</source>
        <translation>Ziele: %1, davon %2 durch die Richtlinie von %3 blockiert; riskante Operationen: %4.</translation>
    </message>
    <message>
        <source>Allo&amp;w this host for this sandbox…</source>
        <translation>Diesen Host für diese Sandbox erla&amp;uben …</translation>
    </message>
    <message>
        <source>Edit this sandbox&apos;s poli&amp;cy…</source>
        <translation>&amp;Richtlinie dieser Sandbox bearbeiten …</translation>
    </message>
</context>
<context>
    <name>k8::app::RemoteWorkerCard</name>
    <message>
        <source>Add a remote worker</source>
        <translation>Remote-Worker hinzufügen</translation>
    </message>
    <message>
        <source>On Linux and Intel Macs, kosa8 is a client: the sandboxes run on a Mac with Apple silicon, the worker, reached with its host and a token.</source>
        <translation>Unter Linux und auf Intel-Macs ist kosa8 ein Client: Die Sandboxes laufen auf einem Mac mit Apple Silicon, dem Worker, der über seinen Host und ein Token erreicht wird.</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Testen</translation>
    </message>
    <message>
        <source>Add this worker</source>
        <translation>Diesen Worker hinzufügen</translation>
    </message>
    <message>
        <source>Connect to a remote kosa8 worker</source>
        <translation>Mit einem Remote-kosa8-Worker verbinden</translation>
    </message>
    <message>
        <source>Name of the worker</source>
        <translation>Name des Workers</translation>
    </message>
    <message>
        <source>worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Host of the worker (KOSA8_HOST)</source>
        <translation>Host des Workers (KOSA8_HOST)</translation>
    </message>
    <message>
        <source>Token of the worker (KOSA8_TOKEN)</source>
        <translation>Token des Workers (KOSA8_TOKEN)</translation>
    </message>
    <message>
        <source>Show the token</source>
        <translation>Token anzeigen</translation>
    </message>
    <message>
        <source>Show the token (Ctrl+R)</source>
        <translation>Token anzeigen (Strg+R)</translation>
    </message>
    <message>
        <source>Hide the token</source>
        <translation>Token verbergen</translation>
    </message>
    <message>
        <source>Hide the token (Ctrl+R)</source>
        <translation>Token verbergen (Strg+R)</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>&amp;Host:</translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation>&amp;Token:</translation>
    </message>
    <message>
        <source>The command the test runs (token hidden)</source>
        <translation>Der Befehl, den der Test ausführt (Token verborgen)</translation>
    </message>
    <message>
        <source>Result of the test</source>
        <translation>Ergebnis des Tests</translation>
    </message>
    <message>
        <source>Test the connection to the worker with kosa8 version</source>
        <translation>Verbindung zum Worker mit kosa8 version testen</translation>
    </message>
    <message>
        <source>Add this remote worker</source>
        <translation>Diesen Remote-Worker hinzufügen</translation>
    </message>
    <message>
        <source>The test&apos;s command appears here.</source>
        <translation>Hier erscheint der Befehl des Tests.</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Wird getestet…</translation>
    </message>
</context>
<context>
    <name>k8::app::RemoteWorkerInput</name>
    <message>
        <source>Give the worker a name, such as “studio mac”.</source>
        <translation>Geben Sie dem Worker einen Namen, etwa „Studio-Mac“.</translation>
    </message>
    <message numerus="yes">
        <source>The name is too long: at most %n characters.</source>
        <translation>
            <numerusform>Der Name ist zu lang: höchstens %n Zeichen.</numerusform>
            <numerusform>Der Name ist zu lang: höchstens %n Zeichen.</numerusform>
        </translation>
    </message>
    <message>
        <source>The name must not contain control or invisible characters.</source>
        <translation>Der Name darf keine Steuer- oder unsichtbaren Zeichen enthalten.</translation>
    </message>
    <message>
        <source>Enter the worker&apos;s host, such as worker.example.com or worker.example.com:7443.</source>
        <translation>Geben Sie den Host des Workers ein, etwa worker.example.com oder worker.example.com:7443.</translation>
    </message>
    <message>
        <source>The host must not contain spaces.</source>
        <translation>Der Host darf keine Leerzeichen enthalten.</translation>
    </message>
    <message>
        <source>The host must not contain control or invisible characters.</source>
        <translation>Der Host darf keine Steuer- oder unsichtbaren Zeichen enthalten.</translation>
    </message>
    <message numerus="yes">
        <source>The host is too long: at most %n characters.</source>
        <translation>
            <numerusform>Der Host ist zu lang: höchstens %n Zeichen.</numerusform>
            <numerusform>Der Host ist zu lang: höchstens %n Zeichen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Enter the worker&apos;s token (its owner gives it to you).</source>
        <translation>Geben Sie das Token des Workers ein (Sie erhalten es von seinem Besitzer).</translation>
    </message>
    <message>
        <source>The token must not contain spaces, line breaks or invisible characters; paste it again without them.</source>
        <translation>Das Token darf keine Leerzeichen, Zeilenumbrüche oder unsichtbaren Zeichen enthalten; fügen Sie es ohne diese erneut ein.</translation>
    </message>
</context>
<context>
    <name>k8::app::RequestEndBanner</name>
    <message>
        <source>&amp;Next request</source>
        <translation>&amp;Nächste Anfrage</translation>
    </message>
    <message>
        <source>Request ended</source>
        <translation>Anfrage beendet</translation>
    </message>
    <message>
        <source>Why the request ended</source>
        <translation>Warum die Anfrage beendet wurde</translation>
    </message>
    <message>
        <source>Next request</source>
        <translation>Nächste Anfrage</translation>
    </message>
    <message>
        <source>Show the next waiting request (J or Enter)</source>
        <translation>Die nächste wartende Anfrage zeigen (J oder Enter)</translation>
    </message>
    <message>
        <source>Nothing can be decided on it any more.</source>
        <translation>Über sie kann nichts mehr entschieden werden.</translation>
    </message>
    <message numerus="yes">
        <source>This request timed out after %n s and was rejected automatically.</source>
        <translation>
            <numerusform>Diese Anfrage hat nach %n s das Zeitlimit überschritten und wurde automatisch abgelehnt.</numerusform>
            <numerusform>Diese Anfrage hat nach %n s das Zeitlimit überschritten und wurde automatisch abgelehnt.</numerusform>
        </translation>
    </message>
    <message>
        <source>This request timed out and was rejected automatically.</source>
        <translation>Diese Anfrage hat das Zeitlimit überschritten und wurde automatisch abgelehnt.</translation>
    </message>
    <message>
        <source>The agent withdrew this request (it cancelled it or disconnected). Nothing was run.</source>
        <translation>Der Agent hat diese Anfrage zurückgezogen (er hat sie abgebrochen oder die Verbindung getrennt). Es wurde nichts ausgeführt.</translation>
    </message>
    <message>
        <source>This request was rejected because kosa8 Desk is quitting.</source>
        <translation>Diese Anfrage wurde abgelehnt, weil kosa8 Desk beendet wird.</translation>
    </message>
    <message>
        <source>The standing rule &quot;%1&quot; decided this request. %2</source>
        <translation>Die Dauerregel „%1“ hat über diese Anfrage entschieden. %2</translation>
    </message>
    <message>
        <source>You decided this request.</source>
        <translation>Sie haben über diese Anfrage entschieden.</translation>
    </message>
    <message>
        <source>This request ended without your decision (%1). %2</source>
        <translation>Diese Anfrage wurde ohne Ihre Entscheidung beendet (%1). %2</translation>
    </message>
    <message>
        <source>Someone resumed this interrupt outside kosa8 Desk (LangGraph Studio, another reviewer or the SDK) while you had it in view. %1</source>
        <translation>Jemand hat diesen Interrupt außerhalb von kosa8 Desk fortgesetzt (LangGraph Studio, eine andere prüfende Person oder das SDK), während Sie ihn angesehen haben. %1</translation>
    </message>
</context>
<context>
    <name>k8::app::RevealBar</name>
    <message>
        <source>Hidden text warning</source>
        <translation>Warnung vor verstecktem Text</translation>
    </message>
    <message>
        <source>Check the marked characters before you approve</source>
        <translation>Prüfen Sie die markierten Zeichen, bevor Sie freigeben</translation>
    </message>
    <message>
        <source>What the code holds that can hide code</source>
        <translation>Was der Code enthält, das Code verstecken kann</translation>
    </message>
    <message>
        <source>1 bidirectional control</source>
        <translation>1 bidirektionales Steuerzeichen</translation>
    </message>
    <message>
        <source>1 zero-width or invisible character</source>
        <translation>1 Zeichen ohne Breite oder unsichtbares Zeichen</translation>
    </message>
    <message>
        <source>1 control character</source>
        <translation>1 Steuerzeichen</translation>
    </message>
    <message>
        <source>non-ASCII letters inside a word in 1 place (look-alikes)</source>
        <translation>Nicht-ASCII-Buchstaben in einem Wort an 1 Stelle (Doppelgänger)</translation>
    </message>
    <message>
        <source>right-to-left text in 1 place (it can reorder the code around it)</source>
        <translation>Rechts-nach-links-Text an 1 Stelle (er kann den Code um ihn herum umordnen)</translation>
    </message>
    <message>
        <source>1 lone carriage return (CR)</source>
        <translation>1 einzelner Wagenrücklauf (CR)</translation>
    </message>
    <message>
        <source>1 Unicode line or paragraph separator</source>
        <translation>1 Unicode-Zeilen- oder -Absatztrenner</translation>
    </message>
    <message>
        <source>1 non-breaking or unusual space</source>
        <translation>1 geschütztes oder ungewöhnliches Leerzeichen</translation>
    </message>
    <message>
        <source>1 line longer than %1 characters (%2 characters)</source>
        <translation>1 Zeile länger als %1 Zeichen (%2 Zeichen)</translation>
    </message>
    <message>
        <source>1 Windows line end (CRLF)</source>
        <translation>1 Windows-Zeilenende (CRLF)</translation>
    </message>
    <message>
        <source>This code holds %1. They are drawn as boxed markers or underlined in the code, and long lines wrap: read them before you approve.</source>
        <extracomment>%1 is a list such as &quot;2 bidirectional controls, 1 line longer than 200 characters (5000 characters)&quot;</extracomment>
        <translation>Dieser Code enthält %1. Sie werden im Code als umrahmte Markierungen gezeichnet oder unterstrichen, und lange Zeilen werden umbrochen: Lesen Sie sie, bevor Sie freigeben.</translation>
    </message>
    <message numerus="yes">
        <source>%n bidirectional controls</source>
        <translation>
            <numerusform>%n bidirektionales Steuerzeichen</numerusform>
            <numerusform>%n bidirektionale Steuerzeichen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n zero-width or invisible characters</source>
        <translation>
            <numerusform>%n Zeichen ohne Breite oder unsichtbares Zeichen</numerusform>
            <numerusform>%n Zeichen ohne Breite oder unsichtbare Zeichen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n control characters</source>
        <translation>
            <numerusform>%n Steuerzeichen</numerusform>
            <numerusform>%n Steuerzeichen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>non-ASCII letters inside words in %n places (look-alikes)</source>
        <translation>
            <numerusform>Nicht-ASCII-Buchstaben in Wörtern an %n Stelle (Doppelgänger)</numerusform>
            <numerusform>Nicht-ASCII-Buchstaben in Wörtern an %n Stellen (Doppelgänger)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>right-to-left text in %n places (it can reorder the code around it)</source>
        <translation>
            <numerusform>Rechts-nach-links-Text an %n Stelle (er kann den Code um ihn herum umordnen)</numerusform>
            <numerusform>Rechts-nach-links-Text an %n Stellen (er kann den Code um ihn herum umordnen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lone carriage returns (CR)</source>
        <translation>
            <numerusform>%n einzelner Wagenrücklauf (CR)</numerusform>
            <numerusform>%n einzelne Wagenrückläufe (CR)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n Unicode line or paragraph separators</source>
        <translation>
            <numerusform>%n Unicode-Zeilen- oder -Absatztrenner</numerusform>
            <numerusform>%n Unicode-Zeilen- oder -Absatztrenner</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n non-breaking or unusual spaces</source>
        <translation>
            <numerusform>%n geschütztes oder ungewöhnliches Leerzeichen</numerusform>
            <numerusform>%n geschützte oder ungewöhnliche Leerzeichen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lines longer than %1 characters (the longest has %2)</source>
        <translation>
            <numerusform>%n Zeile länger als %1 Zeichen (die längste hat %2)</numerusform>
            <numerusform>%n Zeilen länger als %1 Zeichen (die längste hat %2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n Windows line ends (CRLF)</source>
        <translation>
            <numerusform>%n Windows-Zeilenende (CRLF)</numerusform>
            <numerusform>%n Windows-Zeilenenden (CRLF)</numerusform>
        </translation>
    </message>
    <message>
        <source>1 source-encoding declaration other than UTF-8 (Python that reads the code from a file decodes it in that encoding, so what runs can differ from what you read)</source>
        <translation>1 Deklaration einer anderen Quellkodierung als UTF-8 (ein Python, das den Code aus einer Datei liest, dekodiert ihn in dieser Kodierung, sodass das Ausgeführte vom Gelesenen abweichen kann)</translation>
    </message>
    <message numerus="yes">
        <source>%n source-encoding declarations other than UTF-8 (Python that reads the code from a file decodes it in that encoding, so what runs can differ from what you read)</source>
        <translation>
            <numerusform>%n Deklaration einer anderen Quellkodierung als UTF-8 (ein Python, das den Code aus einer Datei liest, dekodiert ihn in dieser Kodierung, sodass das Ausgeführte vom Gelesenen abweichen kann)</numerusform>
            <numerusform>%n Deklarationen einer anderen Quellkodierung als UTF-8 (ein Python, das den Code aus einer Datei liest, dekodiert ihn in dieser Kodierung, sodass das Ausgeführte vom Gelesenen abweichen kann)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::ReviewView</name>
    <message>
        <source>Review</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>No request selected. Requests from agents appear in the list on the left.</source>
        <translation>Keine Anfrage ausgewählt. Anfragen von Agenten erscheinen in der Liste links.</translation>
    </message>
    <message>
        <source>Request title</source>
        <translation>Titel der Anfrage</translation>
    </message>
    <message>
        <source>Request details</source>
        <translation>Details der Anfrage</translation>
    </message>
    <message>
        <source>Decisions so far</source>
        <translation>Bisherige Entscheidungen</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>Reason for rejecting</source>
        <translation>Grund der Ablehnung</translation>
    </message>
    <message>
        <source>Reason for rejecting (optional); Enter rejects</source>
        <translation>Grund der Ablehnung (optional); Enter lehnt ab</translation>
    </message>
    <message>
        <source>Response to the agent</source>
        <translation>Antwort an den Agenten</translation>
    </message>
    <message>
        <source>Response to the agent; Enter sends</source>
        <translation>Antwort an den Agenten; Enter sendet</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>Freigeben</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Respond</source>
        <translation>Antworten</translation>
    </message>
    <message>
        <source>Standing rules for this request</source>
        <translation>Dauerregeln für diese Anfrage</translation>
    </message>
    <message>
        <source>Always…</source>
        <translation>Immer …</translation>
    </message>
    <message>
        <source>What the agent asks</source>
        <translation>Was der Agent anfragt</translation>
    </message>
    <message>
        <source>Note on the edits</source>
        <translation>Hinweis zu den Änderungen</translation>
    </message>
    <message>
        <source>Discard edits</source>
        <translation>Änderungen verwerfen</translation>
    </message>
    <message>
        <source>Approval arming</source>
        <translation>Aktivierung von „Freigeben“</translation>
    </message>
    <message>
        <source>Save a standing rule: always approve this action exactly as shown, or always reject this agent</source>
        <translation>Eine Dauerregel speichern: diese Aktion immer genau wie gezeigt freigeben oder diesen Agenten immer ablehnen</translation>
    </message>
    <message>
        <source>Agent socket</source>
        <translation>Agenten-Socket</translation>
    </message>
    <message>
        <source>Request under review</source>
        <translation>Zu prüfende Anfrage</translation>
    </message>
    <message>
        <source>What happens with your answer</source>
        <translation>Was mit Ihrer Antwort geschieht</translation>
    </message>
    <message>
        <source>Where it runs</source>
        <translation>Wo der Code ausgeführt wird</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>gerade eben</translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>vor %n min</numerusform>
            <numerusform>vor %n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>vor %n h</numerusform>
            <numerusform>vor %n h</numerusform>
        </translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>&amp;Approve</source>
        <translation>&amp;Freigeben</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>Edit the code before approving</source>
        <translation>Den Code vor dem Freigeben bearbeiten</translation>
    </message>
    <message>
        <source>Reject…</source>
        <translation>Ablehnen …</translation>
    </message>
    <message>
        <source>Type a reason and press Enter to reject</source>
        <translation>Geben Sie einen Grund ein und drücken Sie Enter, um abzulehnen</translation>
    </message>
    <message>
        <source>&amp;Reject</source>
        <translation>&amp;Ablehnen</translation>
    </message>
    <message>
        <source>Reject now, with the reason typed beside (%1 to type a reason, Enter rejects)</source>
        <translation>Jetzt ablehnen, mit dem daneben eingegebenen Grund (%1, um einen Grund einzugeben; Enter lehnt ab)</translation>
    </message>
    <message>
        <source>Respond…</source>
        <translation>Antworten …</translation>
    </message>
    <message>
        <source>Type a response to the agent and press Enter</source>
        <translation>Geben Sie eine Antwort an den Agenten ein und drücken Sie Enter</translation>
    </message>
    <message>
        <source>Re&amp;spond</source>
        <translation>An&amp;tworten</translation>
    </message>
    <message>
        <source>Send the response typed beside to the agent instead of running the action (%1)</source>
        <translation>Die daneben eingegebene Antwort an den Agenten senden, statt die Aktion auszuführen (%1)</translation>
    </message>
    <message>
        <source>Always reject this agent…</source>
        <translation>Diesen Agenten immer ablehnen …</translation>
    </message>
    <message>
        <source>This request holds no action that can be approved.</source>
        <translation>Diese Anfrage enthält keine Aktion, die freigegeben werden kann.</translation>
    </message>
    <message>
        <source>(untitled request)</source>
        <translation>(Anfrage ohne Titel)</translation>
    </message>
    <message>
        <source>From %1</source>
        <translation>Von %1</translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation>Thread %1</translation>
    </message>
    <message>
        <source>received %1 (%2)</source>
        <translation>empfangen %1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>rejected automatically after %n s</source>
        <translation>
            <numerusform>automatisch abgelehnt nach %n s</numerusform>
            <numerusform>automatisch abgelehnt nach %n s</numerusform>
        </translation>
    </message>
    <message>
        <source>Other arguments:</source>
        <translation>Weitere Argumente:</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>Argumente:</translation>
    </message>
    <message>
        <source>&amp;Approve edited and run</source>
        <translation>Bearbeitet &amp;freigeben und ausführen</translation>
    </message>
    <message>
        <source>&amp;Approve edited</source>
        <translation>Bearbeitet &amp;freigeben</translation>
    </message>
    <message>
        <source>&amp;Approve and run</source>
        <translation>&amp;Freigeben und ausführen</translation>
    </message>
    <message>
        <source>%1 of %2 decided</source>
        <translation>%1 von %2 entschieden</translation>
    </message>
    <message>
        <source>Type the response to send to the agent first.</source>
        <translation>Geben Sie zuerst die Antwort an den Agenten ein.</translation>
    </message>
    <message>
        <source>Action %1: %2. Now decide action %3 of %4.</source>
        <translation>Aktion %1: %2. Entscheiden Sie jetzt Aktion %3 von %4.</translation>
    </message>
    <message>
        <source>The decision could not be applied.</source>
        <translation>Die Entscheidung konnte nicht angewendet werden.</translation>
    </message>
    <message>
        <source>The rule was not saved: %1</source>
        <translation>Die Regel wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Always reject this agent?</source>
        <translation>Diesen Agenten immer ablehnen?</translation>
    </message>
    <message>
        <source>Save a standing rule that rejects every request from the agent &quot;%1&quot; without asking you? This request still waits for your decision.</source>
        <translation>Eine Dauerregel speichern, die jede Anfrage des Agenten „%1“ ablehnt, ohne Sie zu fragen? Diese Anfrage wartet weiterhin auf Ihre Entscheidung.</translation>
    </message>
    <message>
        <source>Saved: requests from &quot;%1&quot; are rejected from now on.</source>
        <translation>Gespeichert: Anfragen von „%1“ werden ab jetzt abgelehnt.</translation>
    </message>
    <message>
        <source>Nothing was sent: the agent service has stopped.</source>
        <translation>Nichts wurde gesendet: Der Agenten-Dienst wurde beendet.</translation>
    </message>
    <message>
        <source>&amp;Discard edits</source>
        <translation>Änderungen &amp;verwerfen</translation>
    </message>
    <message>
        <source>Put back the code and arguments as the agent sent them</source>
        <translation>Code und Argumente so wiederherstellen, wie der Agent sie gesendet hat</translation>
    </message>
    <message>
        <source>Always approve this action as shown…</source>
        <translation>Diese Aktion immer wie gezeigt freigeben …</translation>
    </message>
    <message>
        <source>Approve is armed in %1 s</source>
        <translation>„Freigeben“ wird in %1 s aktiv</translation>
    </message>
    <message>
        <source>action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Edit is off, and your edits are kept: they are what will be sent. &quot;Discard edits&quot; puts the agent&apos;s original back.</source>
        <translation>Bearbeiten ist aus, Ihre Änderungen bleiben aber erhalten: Sie werden gesendet. „Änderungen verwerfen“ stellt das Original des Agenten wieder her.</translation>
    </message>
    <message>
        <source>Not approved: this request has only just come into view. %1.</source>
        <translation>Nicht freigegeben: Diese Anfrage ist gerade erst erschienen. %1.</translation>
    </message>
    <message>
        <source>Not approved: the code is still being put on screen. Approve once all of it is shown.</source>
        <translation>Nicht freigegeben: Der Code wird noch angezeigt. Geben Sie ihn frei, sobald er ganz zu sehen ist.</translation>
    </message>
    <message>
        <source>No rule was saved: the code is still being put on screen.</source>
        <translation>Es wurde keine Regel gespeichert: Der Code wird noch angezeigt.</translation>
    </message>
    <message>
        <source>Nothing was sent: the request in view changed.</source>
        <translation>Nichts wurde gesendet: Die angezeigte Anfrage hat sich geändert.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>No rule was saved: %1</source>
        <translation>Es wurde keine Regel gespeichert: %1</translation>
    </message>
    <message>
        <source>Save a standing rule that approves, without asking you, any request from any agent that holds %1

It binds the whole action, not only its code: a single changed character, argument, sandbox, image or checkpoint makes it ask you again. This request still waits for your decision.</source>
        <translation>Eine Dauerregel speichern, die ohne Rückfrage jede Anfrage jedes Agenten freigibt, die %1 enthält

Sie bindet die ganze Aktion, nicht nur deren Code: Ein einziges geändertes Zeichen, Argument, eine andere Sandbox, ein anderes Image oder ein anderer Checkpoint führt zu einer erneuten Rückfrage. Diese Anfrage wartet weiterhin auf Ihre Entscheidung.</translation>
    </message>
    <message>
        <source>Always approve this action?</source>
        <translation>Diese Aktion immer freigeben?</translation>
    </message>
    <message>
        <source>No rule was saved: the request in view changed.</source>
        <translation>Es wurde keine Regel gespeichert: Die angezeigte Anfrage hat sich geändert.</translation>
    </message>
    <message>
        <source>Saved: this action, exactly as shown, is approved from now on.</source>
        <translation>Gespeichert: Diese Aktion wird ab jetzt genau wie gezeigt freigegeben.</translation>
    </message>
    <message>
        <source>Next request</source>
        <translation>Nächste Anfrage</translation>
    </message>
    <message>
        <source>Leave the ended request for the next one</source>
        <translation>Die beendete Anfrage verlassen und zur nächsten wechseln</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>approved</source>
        <translation>freigegeben</translation>
    </message>
    <message>
        <source>approved with edits</source>
        <translation>mit Änderungen freigegeben</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>rejected: %1</source>
        <translation>abgelehnt: %1</translation>
    </message>
    <message>
        <source>responded</source>
        <translation>beantwortet</translation>
    </message>
    <message>
        <source>Action %1 of %2 · %3</source>
        <translation>Aktion %1 von %2 · %3</translation>
    </message>
    <message>
        <source>Approving runs this %1 code in the kosa8 sandbox below.</source>
        <translation>Die Freigabe führt diesen %1-Code in der kosa8-Sandbox unten aus.</translation>
    </message>
    <message>
        <source>Your answer goes back to the agent, which acts on it itself, outside kosa8: no sandbox, no checkpoint.</source>
        <translation>Ihre Antwort geht an den Agenten zurück, der selbst danach handelt, außerhalb von kosa8: keine Sandbox, kein Checkpoint.</translation>
    </message>
    <message>
        <source>Your answer goes back to the agent, which then runs %1 itself, outside kosa8: no sandbox, no checkpoint.</source>
        <translation>Ihre Antwort geht an den Agenten zurück, der %1 dann selbst ausführt, außerhalb von kosa8: keine Sandbox, kein Checkpoint.</translation>
    </message>
    <message>
        <source>This agent&apos;s request format has no place for a reason; Enter rejects</source>
        <translation>Das Anfrageformat dieses Agenten sieht keinen Grund vor; Enter lehnt ab</translation>
    </message>
    <message>
        <source>The agent would not receive a reason, so none is asked for.</source>
        <translation>Der Agent würde keinen Grund erhalten, daher wird keiner abgefragt.</translation>
    </message>
    <message>
        <source>Open &amp;rules…</source>
        <translation>&amp;Regeln öffnen …</translation>
    </message>
    <message>
        <source>Approve what you have not all seen?</source>
        <translation>Genehmigen, was Sie nicht ganz gesehen haben?</translation>
    </message>
    <message>
        <source>This action is too long to show in full. %1

Approving approves all of it, the part not shown included.</source>
        <translation>Diese Aktion ist zu lang, um sie ganz zu zeigen. %1

Die Genehmigung gilt für alles, auch für den nicht gezeigten Teil.</translation>
    </message>
    <message>
        <source>Approve all of it</source>
        <translation>Alles genehmigen</translation>
    </message>
    <message>
        <source>Not approved.</source>
        <translation>Nicht genehmigt.</translation>
    </message>
    <message>
        <source>How to connect an agent</source>
        <translation>So verbinden Sie einen Agenten</translation>
    </message>
    <message>
        <source># Python (pip install kosa8-desk; clients/python):
from kosa8_desk import DeskClient
with DeskClient() as desk:
    print(desk.review({&quot;question&quot;: &quot;OK?&quot;, &quot;code&quot;: &quot;print(1)&quot;}, title=&quot;Hello&quot;))

# Any process or client: where this app listens
export KOSA8_DESK_SOCKET=%1

# MCP clients (standard input and output):
%2 mcp --agent my-agent</source>
        <translation># Python (pip install kosa8-desk; clients/python):
from kosa8_desk import DeskClient
with DeskClient() as desk:
    print(desk.review({&quot;question&quot;: &quot;OK?&quot;, &quot;code&quot;: &quot;print(1)&quot;}, title=&quot;Hello&quot;))

# Jeder Prozess oder Client: wo diese App lauscht
export KOSA8_DESK_SOCKET=%1

# MCP-Clients (Standardein- und -ausgabe):
%2 mcp --agent my-agent</translation>
    </message>
    <message>
        <source>How to &amp;connect an agent:</source>
        <translation>So &amp;verbinden Sie einen Agenten:</translation>
    </message>
    <message>
        <source>on LangGraph server %1</source>
        <translation>auf dem LangGraph-Server %1</translation>
    </message>
    <message>
        <source>assistant %1</source>
        <translation>Assistent %1</translation>
    </message>
    <message>
        <source>&amp;Only for requests from the LangGraph server %1</source>
        <translation>&amp;Nur für Anfragen vom LangGraph-Server %1</translation>
    </message>
    <message>
        <source>Limit the rule to requests from the LangGraph server %1</source>
        <translation>Die Regel auf Anfragen vom LangGraph-Server %1 beschränken</translation>
    </message>
    <message>
        <source>Saved: this action, exactly as shown, is approved from now on when it comes from the LangGraph server %1.</source>
        <translation>Gespeichert: Diese Aktion, genau wie gezeigt, wird von nun an genehmigt, wenn sie vom LangGraph-Server %1 kommt.</translation>
    </message>
    <message>
        <source>Saved: requests from &quot;%1&quot; on the LangGraph server %2 are rejected from now on.</source>
        <translation>Gespeichert: Anfragen von „%1“ auf dem LangGraph-Server %2 werden von nun an abgelehnt.</translation>
    </message>
    <message>
        <source>the request has ended.</source>
        <translation>die Anfrage ist beendet.</translation>
    </message>
    <message>
        <source>the code is still being put on screen.</source>
        <translation>der Code wird noch angezeigt.</translation>
    </message>
    <message>
        <source>Not approved: a trial of this code is running. Approve once it has ended, or stop it.</source>
        <translation>Nicht freigegeben: Ein Probelauf dieses Codes läuft. Geben Sie frei, sobald er beendet ist, oder halten Sie ihn an.</translation>
    </message>
</context>
<context>
    <name>k8::app::RuleActionView</name>
    <message>
        <source>Code it approves:</source>
        <translation>Code, den sie genehmigt:</translation>
    </message>
    <message>
        <source>Arguments it approves:</source>
        <translation>Argumente, die sie genehmigt:</translation>
    </message>
    <message>
        <source>Where and how the approved action runs</source>
        <translation>Wo und wie die genehmigte Aktion läuft</translation>
    </message>
    <message>
        <source>Code the rule approves</source>
        <translation>Code, den die Regel genehmigt</translation>
    </message>
    <message>
        <source>Arguments the rule approves, as JSON</source>
        <translation>Argumente, die die Regel genehmigt, als JSON</translation>
    </message>
    <message>
        <source>This rule names no single action (see what it matches above).</source>
        <translation>Diese Regel nennt keine einzelne Aktion (siehe oben, worauf sie passt).</translation>
    </message>
    <message>
        <source>This rule does not carry the action it binds (an older rules file, or one written by hand): only its hash is known.</source>
        <translation>Diese Regel trägt die Aktion nicht, die sie bindet (eine ältere oder von Hand geschriebene Regeldatei): nur ihr Hash ist bekannt.</translation>
    </message>
    <message>
        <source>A run of %1 code in the sandbox %2, image %3, %4.</source>
        <translation>Ein Lauf von %1-Code in der Sandbox %2, Image %3, %4.</translation>
    </message>
    <message>
        <source>with a checkpoint first</source>
        <translation>mit Checkpoint vorher</translation>
    </message>
    <message>
        <source>without a checkpoint</source>
        <translation>ohne Checkpoint</translation>
    </message>
    <message>
        <source>A call of the tool &quot;%1&quot; with exactly these arguments.</source>
        <translation>Ein Aufruf des Werkzeugs &quot;%1&quot; mit genau diesen Argumenten.</translation>
    </message>
    <message>
        <source>A request with exactly this payload.</source>
        <translation>Eine Anfrage mit genau diesem Payload.</translation>
    </message>
</context>
<context>
    <name>k8::app::RulesDialog</name>
    <message>
        <source>Standing rules</source>
        <translation>Dauerregeln</translation>
    </message>
    <message>
        <source>No standing rules yet. Save one from a request with “Always…”.</source>
        <translation>Noch keine Dauerregeln. Speichern Sie eine aus einer Anfrage mit „Immer …“.</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>&amp;Delete rule</source>
        <translation>Regel &amp;löschen</translation>
    </message>
    <message>
        <source>Delete the selected rule</source>
        <translation>Die ausgewählte Regel löschen</translation>
    </message>
    <message>
        <source>Rules decide requests without asking you. Reject rules win over approve rules. An approve rule binds one exact action (every argument; for a run also its sandbox, image, language and checkpoint), or exact code that comes with nothing else. Agent names are chosen by the agent and prove nothing. Rules from a file given with --rules are shown but cannot be changed here.</source>
        <translation>Regeln entscheiden Anfragen, ohne Sie zu fragen. Ablehnungsregeln haben Vorrang vor Freigaberegeln. Eine Freigaberegel bindet genau eine Aktion (jedes Argument; bei einer Ausführung auch Sandbox, Image, Sprache und Checkpoint) oder genau einen Code, zu dem nichts weiter gehört. Agentennamen wählt der Agent selbst; sie beweisen nichts. Regeln aus einer mit --rules angegebenen Datei werden gezeigt, lassen sich hier aber nicht ändern.</translation>
    </message>
    <message>
        <source>What the selected rule binds</source>
        <translation>Was die ausgewählte Regel bindet</translation>
    </message>
    <message>
        <source>Delete the selected rule (%1)</source>
        <translation>Die ausgewählte Regel löschen (%1)</translation>
    </message>
    <message>
        <source>The rule &quot;%1&quot; comes from %2 and is read-only here.</source>
        <translation>Die Regel „%1“ stammt aus %2 und ist hier schreibgeschützt.</translation>
    </message>
    <message>
        <source>Delete rule?</source>
        <translation>Regel löschen?</translation>
    </message>
    <message>
        <source>Delete the standing rule &quot;%1&quot;? Matching requests will ask you again.</source>
        <translation>Die Dauerregel „%1“ löschen? Passende Anfragen werden Sie wieder fragen.</translation>
    </message>
    <message>
        <source>Re&amp;name</source>
        <translation>Umbe&amp;nennen</translation>
    </message>
    <message>
        <source>N&amp;ame:</source>
        <translation>N&amp;ame:</translation>
    </message>
    <message>
        <source>Name of the selected rule</source>
        <translation>Name der gewählten Regel</translation>
    </message>
    <message>
        <source>Rename the selected rule</source>
        <translation>Die gewählte Regel umbenennen</translation>
    </message>
    <message>
        <source>Earlier names of the selected rule</source>
        <translation>Frühere Namen der gewählten Regel</translation>
    </message>
    <message>
        <source>Earlier names (the ledger keeps the name that decided): %1</source>
        <translation>Frühere Namen (das Journal behält den Namen, der entschied): %1</translation>
    </message>
</context>
<context>
    <name>k8::app::RulesTableModel</name>
    <message>
        <source>agent &quot;%1&quot;</source>
        <translation>Agent „%1“</translation>
    </message>
    <message>
        <source>method %1</source>
        <translation>Methode %1</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>From %1, given with --rules: read-only here. Edit that file to change it.</source>
        <translation>Aus %1, angegeben mit --rules: hier schreibgeschützt. Bearbeiten Sie diese Datei, um sie zu ändern.</translation>
    </message>
    <message>
        <source>approve</source>
        <translation>freigeben</translation>
    </message>
    <message>
        <source>reject</source>
        <translation>ablehnen</translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <translation>%1 (schreibgeschützt)</translation>
    </message>
    <message>
        <source>this app</source>
        <translation>diese App</translation>
    </message>
    <message>
        <source>On</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>Trifft zu auf</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>The rule &quot;%1&quot; comes from %2 and is read-only here.</source>
        <translation>Die Regel „%1“ stammt aus %2 und ist hier schreibgeschützt.</translation>
    </message>
    <message>
        <source>The rule &quot;%1&quot; was not changed: %2</source>
        <translation>Die Regel „%1“ wurde nicht geändert: %2</translation>
    </message>
    <message>
        <source>There is no such rule.</source>
        <translation>Eine solche Regel gibt es nicht.</translation>
    </message>
    <message>
        <source>The rule &quot;%1&quot; was not deleted: %2</source>
        <translation>Die Regel „%1“ wurde nicht gelöscht: %2</translation>
    </message>
    <message>
        <source>exact action %1…</source>
        <translation>genau die Aktion %1 …</translation>
    </message>
    <message>
        <source>exact code %1…, nothing else</source>
        <translation>genau der Code %1 …, sonst nichts</translation>
    </message>
    <message>
        <source>code %1…</source>
        <translation>Code %1 …</translation>
    </message>
    <message>
        <source>agent &quot;%1&quot; (a name the agent chooses: proves nothing)</source>
        <translation>Agent „%1“ (einen Namen wählt der Agent selbst: beweist nichts)</translation>
    </message>
    <message>
        <source>Rule &quot;%1&quot;: %2, %3.</source>
        <translation>Regel „%1“: %2, %3.</translation>
    </message>
    <message>
        <source>approves without asking</source>
        <translation>gibt frei ohne Rückfrage</translation>
    </message>
    <message>
        <source>rejects without asking</source>
        <translation>lehnt ab ohne Rückfrage</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Action SHA-256: %1</source>
        <translation>Aktions-SHA-256: %1</translation>
    </message>
    <message>
        <source>It approves exactly one action: a tool call with this very name and all of its arguments, a question with this very payload, or a run of this very code in this language, sandbox and image, with or without a checkpoint as when you approved it. Anything that differs in one byte goes to you.</source>
        <translation>Sie gibt genau eine Aktion frei: einen Werkzeugaufruf mit genau diesem Namen und allen seinen Argumenten, eine Frage mit genau dieser Nutzlast oder eine Ausführung genau dieses Codes in dieser Sprache, Sandbox und diesem Image, mit oder ohne Checkpoint wie bei Ihrer Freigabe. Alles, was in einem Byte abweicht, geht an Sie.</translation>
    </message>
    <message>
        <source>It rejects exactly this action (a tool call with this name and arguments, a payload, or a run with this code, language, sandbox, image and checkpoint).</source>
        <translation>Sie lehnt genau diese Aktion ab (einen Werkzeugaufruf mit diesem Namen und diesen Argumenten, eine Nutzlast oder eine Ausführung mit diesem Code, dieser Sprache, Sandbox, diesem Image und Checkpoint).</translation>
    </message>
    <message>
        <source>Code SHA-256: %1</source>
        <translation>Code-SHA-256: %1</translation>
    </message>
    <message>
        <source>It approves this exact code only when nothing else comes with it: a question whose other fields are only its text, a tool call whose only argument is this code, or a python run in the default sandbox with the default image and a checkpoint. Any other sandbox, image, language or argument goes to you.</source>
        <translation>Sie gibt genau diesen Code nur frei, wenn nichts anderes dazugehört: eine Frage, deren übrige Felder nur ihr Text sind, ein Werkzeugaufruf, dessen einziges Argument dieser Code ist, oder eine Python-Ausführung in der Standard-Sandbox mit dem Standard-Image und einem Checkpoint. Jede andere Sandbox, jedes andere Image, jede andere Sprache oder jedes andere Argument geht an Sie.</translation>
    </message>
    <message>
        <source>The action must also hold this exact code.</source>
        <translation>Die Aktion muss außerdem genau diesen Code enthalten.</translation>
    </message>
    <message>
        <source>It rejects any request with an action holding this exact code.</source>
        <translation>Sie lehnt jede Anfrage mit einer Aktion ab, die genau diesen Code enthält.</translation>
    </message>
    <message>
        <source>Agent: &quot;%1&quot;</source>
        <translation>Agent: „%1“</translation>
    </message>
    <message>
        <source>Agent names are chosen by the agent and prove nothing: any program on this computer can call itself &quot;%1&quot;. The name only narrows the rule.</source>
        <translation>Agentennamen wählt der Agent selbst, sie beweisen nichts: Jedes Programm auf diesem Computer kann sich „%1“ nennen. Der Name schränkt die Regel nur ein.</translation>
    </message>
    <message>
        <source>Agent names are chosen by the agent: an agent can avoid this rule by calling itself something else.</source>
        <translation>Agentennamen wählt der Agent selbst: Ein Agent kann dieser Regel ausweichen, indem er sich anders nennt.</translation>
    </message>
    <message>
        <source>Method: %1</source>
        <translation>Methode: %1</translation>
    </message>
    <message>
        <source>From %1, given with --rules: read-only here.</source>
        <translation>Aus %1, angegeben mit --rules: hier schreibgeschützt.</translation>
    </message>
    <message>
        <source>From %1 (this app&apos;s own rules).</source>
        <translation>Aus %1 (die eigenen Regeln dieser App).</translation>
    </message>
    <message>
        <source>Added in this app.</source>
        <translation>In dieser App hinzugefügt.</translation>
    </message>
    <message>
        <source>run %1 in %2: %3</source>
        <translation>Lauf %1 in %2: %3</translation>
    </message>
    <message>
        <source>tool %1: %2</source>
        <translation>Werkzeug %1: %2</translation>
    </message>
    <message>
        <source>tool %1</source>
        <translation>Werkzeug %1</translation>
    </message>
    <message>
        <source>payload with code: %1</source>
        <translation>Payload mit Code: %1</translation>
    </message>
    <message>
        <source>a payload</source>
        <translation>ein Payload</translation>
    </message>
    <message>
        <source>NOT APPLIED (its action does not match its hash)</source>
        <translation>NICHT ANGEWENDET (ihre Aktion passt nicht zu ihrem Hash)</translation>
    </message>
    <message>
        <source>Not applied: %1.</source>
        <translation>Nicht angewendet: %1.</translation>
    </message>
    <message>
        <source>The rule &quot;%1&quot; was not renamed: %2</source>
        <translation>Die Regel &quot;%1&quot; wurde nicht umbenannt: %2</translation>
    </message>
    <message>
        <source>no rules here</source>
        <translation>hier gibt es keine Regeln</translation>
    </message>
    <message>
        <source>only from LangGraph server %1</source>
        <translation>nur vom LangGraph-Server %1</translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation>Server: %1</translation>
    </message>
    <message>
        <source>It applies only to requests from this LangGraph server, never to those of another server or of the socket.</source>
        <translation>Sie gilt nur für Anfragen von diesem LangGraph-Server, nie für die eines anderen Servers oder des Sockets.</translation>
    </message>
    <message>
        <source>Server: any. It applies to requests from the socket and from every LangGraph server.</source>
        <translation>Server: beliebig. Sie gilt für Anfragen vom Socket und von jedem LangGraph-Server.</translation>
    </message>
</context>
<context>
    <name>k8::app::RunConsole</name>
    <message numerus="yes">
        <source>… %n lines skipped here: printed faster than the console can show them
</source>
        <translation>
            <numerusform>… %n Zeile hier übersprungen: schneller ausgegeben, als die Konsole sie anzeigen kann
</numerusform>
            <numerusform>… %n Zeilen hier übersprungen: schneller ausgegeben, als die Konsole sie anzeigen kann
</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::RunPane</name>
    <message>
        <source>Rewind to before this run…</source>
        <translation>Auf den Stand vor dieser Ausführung zurückspulen …</translation>
    </message>
    <message>
        <source>Run title</source>
        <translation>Titel der Ausführung</translation>
    </message>
    <message>
        <source>Run details</source>
        <translation>Details der Ausführung</translation>
    </message>
    <message>
        <source>Code that ran</source>
        <translation>Ausgeführter Code</translation>
    </message>
    <message>
        <source>Run output</source>
        <translation>Ausgabe der Ausführung</translation>
    </message>
    <message>
        <source>Code that ran:</source>
        <translation>Ausgeführter Code:</translation>
    </message>
    <message>
        <source>Commands and output:</source>
        <translation>Befehle und Ausgabe:</translation>
    </message>
    <message>
        <source>Open the sandbox&apos;s timeline and rewind it to the checkpoint taken just before this run (you confirm there)</source>
        <translation>Die Zeitleiste der Sandbox öffnen und sie zum Checkpoint zurückspulen, der direkt vor dieser Ausführung angelegt wurde (Sie bestätigen dort)</translation>
    </message>
    <message>
        <source>Rewind to before this run</source>
        <translation>Auf den Stand vor dieser Ausführung zurückspulen</translation>
    </message>
    <message>
        <source>The run&apos;s output appears here as it streams.</source>
        <translation>Die Ausgabe der Ausführung erscheint hier, sobald sie eintrifft.</translation>
    </message>
    <message>
        <source>%1 …</source>
        <translation>%1 …</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>■ kosa8 failed: %1</source>
        <translation>■ kosa8 fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>Exit-Code %1</translation>
    </message>
    <message>
        <source>output truncated</source>
        <translation>Ausgabe gekürzt</translation>
    </message>
    <message>
        <source>checkpoint %1</source>
        <translation>Checkpoint %1</translation>
    </message>
    <message>
        <source>■ %1</source>
        <translation>■ %1</translation>
    </message>
    <message>
        <source>■ not run: %1</source>
        <translation>■ nicht ausgeführt: %1</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>läuft …</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>run</source>
        <translation>Ausführung</translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation>Noch keine Ausführung</translation>
    </message>
    <message>
        <source>From %1</source>
        <translation>Von %1</translation>
    </message>
    <message>
        <source>in sandbox %1</source>
        <translation>in Sandbox %1</translation>
    </message>
    <message>
        <source>image %1</source>
        <translation>Image %1</translation>
    </message>
    <message>
        <source>not reset: %1</source>
        <translation>nicht zurückgesetzt: %1</translation>
    </message>
    <message>
        <source>Reset to base &apos;%1&apos; after the run</source>
        <translation>Nach der Ausführung auf die Basis „%1“ zurückgesetzt</translation>
    </message>
    <message>
        <source>reset to base &apos;%1&apos; failed: %2</source>
        <translation>Zurücksetzen auf die Basis „%1“ fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>an agent</source>
        <translation>ein Agent</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 (%4)</source>
        <translation>%1 · %2 · %3 (%4)</translation>
    </message>
</context>
<context>
    <name>k8::app::RunPlacePanel</name>
    <message>
        <source>No network: the code reaches no host (DNS included).</source>
        <translation>Kein Netzwerk: Der Code erreicht keinen Host (auch kein DNS).</translation>
    </message>
    <message>
        <source>Any host: the code can reach the whole internet.</source>
        <translation>Alle Hosts: Der Code kann das gesamte Internet erreichen.</translation>
    </message>
    <message>
        <source>Fake network: connections are answered inside kosa8 and reach no real host.</source>
        <translation>Simuliertes Netzwerk (Fakenet): Verbindungen werden innerhalb von kosa8 beantwortet und erreichen keinen echten Host.</translation>
    </message>
    <message>
        <source>Only these hosts: none (no network).</source>
        <translation>Nur diese Hosts: keine (kein Netzwerk).</translation>
    </message>
    <message>
        <source>Only this host: %1</source>
        <translation>Nur dieser Host: %1</translation>
    </message>
    <message numerus="yes">
        <source>Only these %n hosts: %1</source>
        <translation>
            <numerusform>Nur dieser %n Host: %1</numerusform>
            <numerusform>Nur diese %n Hosts: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Unknown policy &quot;%1&quot;: treat it as any host.</source>
        <translation>Unbekannte Richtlinie „%1“: Gehen Sie davon aus, dass jeder Host erreichbar ist.</translation>
    </message>
    <message>
        <source>Sandbox status</source>
        <translation>Status der Sandbox</translation>
    </message>
    <message>
        <source>Sandbox network policy</source>
        <translation>Netzwerkrichtlinie der Sandbox</translation>
    </message>
    <message>
        <source>Whether the image is pulled</source>
        <translation>Ob das Image geladen ist</translation>
    </message>
    <message>
        <source>Checkpoint taken before the run</source>
        <translation>Vor der Ausführung angelegter Checkpoint</translation>
    </message>
    <message>
        <source>Problem with the run settings</source>
        <translation>Problem mit den Ausführungseinstellungen</translation>
    </message>
    <message>
        <source>Sandbox to run in</source>
        <translation>Sandbox für die Ausführung</translation>
    </message>
    <message>
        <source>Container image</source>
        <translation>Container-Image</translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation>&amp;Image:</translation>
    </message>
    <message>
        <source>Network:</source>
        <translation>Netzwerk:</translation>
    </message>
    <message>
        <source>Checkpoint:</source>
        <translation>Checkpoint:</translation>
    </message>
    <message>
        <source>Checking sandboxes…</source>
        <translation>Sandboxes werden geprüft …</translation>
    </message>
    <message>
        <source>No sandbox chosen.</source>
        <translation>Keine Sandbox gewählt.</translation>
    </message>
    <message>
        <source>Unknown sandbox: &quot;%1&quot; is not in the sandbox list.</source>
        <translation>Unbekannte Sandbox: „%1“ steht nicht in der Sandbox-Liste.</translation>
    </message>
    <message>
        <source>checking sandboxes…</source>
        <translation>Sandboxes werden geprüft …</translation>
    </message>
    <message>
        <source>unknown sandbox</source>
        <translation>unbekannte Sandbox</translation>
    </message>
    <message>
        <source>no image chosen</source>
        <translation>kein Image gewählt</translation>
    </message>
    <message>
        <source>pulled in %1</source>
        <translation>in %1 geladen</translation>
    </message>
    <message>
        <source>not pulled in %1</source>
        <translation>in %1 nicht geladen</translation>
    </message>
    <message>
        <source>Sand&amp;box:</source>
        <translation>Sand&amp;box:</translation>
    </message>
</context>
<context>
    <name>k8::app::SandboxRefresher</name>
    <message>
        <source>The sandboxes that could be read are shown. Click Details for the lines and why.</source>
        <translation>Die lesbaren Sandboxes werden gezeigt. Unter „Details“ stehen die Zeilen und der Grund.</translation>
    </message>
    <message>
        <source>line %1: %2
    %3</source>
        <translation>Zeile %1: %2
    %3</translation>
    </message>
    <message>
        <source>Could not list sandboxes</source>
        <translation>Sandboxes konnten nicht aufgelistet werden</translation>
    </message>
    <message>
        <source>1 line of `%1` could not be read</source>
        <translation>1 Zeile von `%1` konnte nicht gelesen werden</translation>
    </message>
    <message numerus="yes">
        <source>%n lines of `%1` could not be read</source>
        <translation>
            <numerusform>%n Zeile von `%1` konnte nicht gelesen werden</numerusform>
            <numerusform>%n Zeilen von `%1` konnten nicht gelesen werden</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>k8::app::SandboxesPage</name>
    <message>
        <source>Sandboxes</source>
        <translation>Sandboxes</translation>
    </message>
    <message>
        <source>&amp;Create…</source>
        <translation>&amp;Anlegen …</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>St&amp;op</source>
        <translation>An&amp;halten</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen …</translation>
    </message>
    <message>
        <source>&amp;Pull image…</source>
        <translation>Image &amp;laden …</translation>
    </message>
    <message>
        <source>&amp;Images…</source>
        <translation>&amp;Images …</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>Set up a &amp;code sandbox…</source>
        <translation>&amp;Code-Sandbox einrichten …</translation>
    </message>
    <message>
        <source>Copy &amp;name</source>
        <translation>&amp;Namen kopieren</translation>
    </message>
    <message>
        <source>Create a sandbox (shows the command before running it)</source>
        <translation>Eine Sandbox anlegen (zeigt den Befehl, bevor er läuft)</translation>
    </message>
    <message>
        <source>Refresh the list now</source>
        <translation>Die Liste jetzt aktualisieren</translation>
    </message>
    <message>
        <source>Create code-runner with no network, pull python:3.12-slim and checkpoint it as clean</source>
        <translation>code-runner ohne Netzwerk anlegen, python:3.12-slim laden und als clean sichern</translation>
    </message>
    <message>
        <source>kosa8 microVMs that run agent code. Network access is enforced on the host.</source>
        <translation>kosa8-MicroVMs, in denen Agenten-Code läuft. Der Netzwerkzugang wird auf dem Host durchgesetzt.</translation>
    </message>
    <message>
        <source>Filter sandboxes</source>
        <translation>Sandboxes filtern</translation>
    </message>
    <message>
        <source>Sandbox actions</source>
        <translation>Sandbox-Aktionen</translation>
    </message>
    <message>
        <source>Sandbox list</source>
        <translation>Sandbox-Liste</translation>
    </message>
    <message>
        <source>No sandboxes yet</source>
        <translation>Noch keine Sandboxes</translation>
    </message>
    <message>
        <source>A code sandbox is a kosa8 microVM with no network access, a Python image and a clean checkpoint to rewind to. Agents&apos; code runs there, after you approve it.</source>
        <translation>Eine Code-Sandbox ist eine kosa8-MicroVM ohne Netzwerkzugang, mit einem Python-Image und einem sauberen Checkpoint, zu dem zurückgespult werden kann. Der Code von Agenten läuft dort, nachdem Sie ihn freigegeben haben.</translation>
    </message>
    <message>
        <source>Set up a code sandbox</source>
        <translation>Code-Sandbox einrichten</translation>
    </message>
    <message>
        <source>Create a sandbox…</source>
        <translation>Eine Sandbox anlegen …</translation>
    </message>
    <message>
        <source>Create a sandbox</source>
        <translation>Eine Sandbox anlegen</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>%1 (select a sandbox first)</source>
        <translation>%1 (zuerst eine Sandbox auswählen)</translation>
    </message>
    <message>
        <source>Start the selected sandbox</source>
        <translation>Die ausgewählte Sandbox starten</translation>
    </message>
    <message>
        <source>Stop the selected sandbox</source>
        <translation>Die ausgewählte Sandbox anhalten</translation>
    </message>
    <message>
        <source>Delete the selected sandbox (asks first)</source>
        <translation>Die ausgewählte Sandbox löschen (mit Rückfrage)</translation>
    </message>
    <message>
        <source>List the images in the selected sandbox</source>
        <translation>Die Images der ausgewählten Sandbox auflisten</translation>
    </message>
    <message>
        <source>Pull an image into %1 (shows the command before running it)</source>
        <translation>Ein Image in %1 laden (zeigt den Befehl, bevor er läuft)</translation>
    </message>
    <message>
        <source>Pull an image (select a sandbox first)</source>
        <translation>Ein Image laden (zuerst eine Sandbox auswählen)</translation>
    </message>
    <message>
        <source>Refresh the list now
%1</source>
        <translation>Die Liste jetzt aktualisieren
%1</translation>
    </message>
    <message>
        <source>Asking kosa8 for the sandboxes…</source>
        <translation>kosa8 wird nach den Sandboxes gefragt …</translation>
    </message>
    <message>
        <source>kosa8 could not list the sandboxes (see the message above).
The list refreshes by itself, or press Refresh.</source>
        <translation>kosa8 konnte die Sandboxes nicht auflisten (siehe Meldung oben).
Die Liste aktualisiert sich selbst, oder drücken Sie „Aktualisieren“.</translation>
    </message>
    <message>
        <source>updated %1</source>
        <translation>aktualisiert %1</translation>
    </message>
    <message>
        <source>refreshing…</source>
        <translation>wird aktualisiert …</translation>
    </message>
    <message>
        <source>%1: %2…</source>
        <translation>%1: %2 …</translation>
    </message>
    <message>
        <source>Could not create the sandbox %1</source>
        <translation>Die Sandbox %1 konnte nicht angelegt werden</translation>
    </message>
    <message>
        <source>Could not start the sandbox %1</source>
        <translation>Die Sandbox %1 konnte nicht gestartet werden</translation>
    </message>
    <message>
        <source>Could not stop the sandbox %1</source>
        <translation>Die Sandbox %1 konnte nicht angehalten werden</translation>
    </message>
    <message>
        <source>Delete sandbox</source>
        <translation>Sandbox löschen</translation>
    </message>
    <message>
        <source>Delete the sandbox %1? Its checkpoints, snapshots and images go with it. This cannot be undone.</source>
        <translation>Die Sandbox %1 löschen? Ihre Checkpoints, Snapshots und Images werden mit gelöscht. Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>%1 löschen</translation>
    </message>
    <message>
        <source>Could not delete the sandbox %1</source>
        <translation>Die Sandbox %1 konnte nicht gelöscht werden</translation>
    </message>
    <message>
        <source>listing failed; retrying in %1 s</source>
        <translation>Auflisten fehlgeschlagen; neuer Versuch in %1 s</translation>
    </message>
    <message>
        <source>&amp;Timeline…</source>
        <translation>&amp;Zeitleiste …</translation>
    </message>
    <message>
        <source>&amp;Network policy…</source>
        <translation>&amp;Netzwerkrichtlinie …</translation>
    </message>
    <message>
        <source>Show the checkpoint timeline of the selected sandbox</source>
        <translation>Die Checkpoint-Zeitleiste der ausgewählten Sandbox zeigen</translation>
    </message>
    <message>
        <source>Edit the network policy of %1 (shows the change and the command first)</source>
        <translation>Die Netzwerkrichtlinie von %1 bearbeiten (zeigt zuerst die Änderung und den Befehl)</translation>
    </message>
    <message>
        <source>Edit a sandbox&apos;s network policy (select a sandbox first)</source>
        <translation>Die Netzwerkrichtlinie einer Sandbox bearbeiten (zuerst eine Sandbox auswählen)</translation>
    </message>
    <message>
        <source>kosa8 refused to create %1 (exit code %2): %3
Your choices are kept below; change what it named and try again.</source>
        <translation>kosa8 hat das Anlegen von %1 abgelehnt (Exit-Code %2): %3
Ihre Auswahl bleibt unten erhalten; ändern Sie, was genannt wurde, und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>kein Grund angegeben</translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es)</source>
        <translation>
            <numerusform>%n Sandbox</numerusform>
            <numerusform>%n Sandboxes</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete the selected sandbox</source>
        <translation>Die gewählte Sandbox löschen</translation>
    </message>
    <message>
        <source>More sandbox actions</source>
        <translation>Weitere Sandbox-Aktionen</translation>
    </message>
    <message>
        <source>Refresh the list</source>
        <translation>Die Liste neu laden</translation>
    </message>
</context>
<context>
    <name>k8::app::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Agent runs</source>
        <translation>Ausführungen für Agenten</translation>
    </message>
    <message>
        <source>Default sandbox</source>
        <translation>Standard-Sandbox</translation>
    </message>
    <message>
        <source>The sandbox that `run` requests go to when the agent names none.</source>
        <translation>Die Sandbox, in der `run`-Anfragen laufen, wenn der Agent keine nennt.</translation>
    </message>
    <message>
        <source>Default &amp;sandbox:</source>
        <translation>Standard-&amp;Sandbox:</translation>
    </message>
    <message>
        <source>Image for %1</source>
        <translation>Image für %1</translation>
    </message>
    <message>
        <source>Image for %1:</source>
        <translation>Image für %1:</translation>
    </message>
    <message>
        <source>kosa8</source>
        <translation>kosa8</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Output kept per stream</source>
        <translation>Aufbewahrte Ausgabe je Kanal</translation>
    </message>
    <message>
        <source>&amp;Output kept per stream:</source>
        <translation>&amp;Aufbewahrte Ausgabe je Kanal:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Sandbox list refresh interval</source>
        <translation>Aktualisierungsintervall der Sandbox-Liste</translation>
    </message>
    <message>
        <source>&amp;Refresh the sandbox list every:</source>
        <translation>Sandbox-Liste &amp;aktualisieren alle:</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>Ordner öffnen</translation>
    </message>
    <message>
        <source>Open the folder of the command profile</source>
        <translation>Den Ordner des Befehlsprofils öffnen</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Reload the command profile</source>
        <translation>Das Befehlsprofil neu laden</translation>
    </message>
    <message>
        <source>Command profile:</source>
        <translation>Befehlsprofil:</translation>
    </message>
    <message>
        <source>Not used, the built-in commands apply: %1</source>
        <translation>Nicht verwendet, es gelten die eingebauten Befehle: %1</translation>
    </message>
    <message>
        <source>No profile file: the built-in commands apply. Create this file to override the argv of any kosa8 operation.</source>
        <translation>Keine Profildatei: Es gelten die eingebauten Befehle. Legen Sie diese Datei an, um die Argumente jeder kosa8-Operation zu überschreiben.</translation>
    </message>
    <message>
        <source>Loaded; it overrides nothing.</source>
        <translation>Geladen; es überschreibt nichts.</translation>
    </message>
    <message>
        <source>Loaded; it overrides: %1</source>
        <translation>Geladen; es überschreibt: %1</translation>
    </message>
    <message>
        <source>Default sandbox: %1</source>
        <translation>Standard-Sandbox: %1</translation>
    </message>
    <message>
        <source>Image for %1: %2</source>
        <translation>Image für %1: %2</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Approve is armed after</source>
        <translation>Freigeben wird aktiv nach</translation>
    </message>
    <message>
        <source>After the request in view changes, approving waits this long, so a key meant for one request never approves another. 0 switches the wait off.</source>
        <translation>Nachdem die angezeigte Anfrage gewechselt hat, wartet die Freigabe so lange, damit eine für eine Anfrage gedachte Taste nie eine andere freigibt. 0 schaltet die Wartezeit ab.</translation>
    </message>
    <message>
        <source>&amp;Approve is armed after:</source>
        <translation>&amp;Freigeben wird aktiv nach:</translation>
    </message>
    <message>
        <source>There are no sandboxes yet: runs will fail until a sandbox named &quot;%1&quot; is created.</source>
        <translation>Es gibt noch keine Sandboxes: Ausführungen schlagen fehl, bis eine Sandbox namens „%1“ angelegt wird.</translation>
    </message>
    <message>
        <source>There is no sandbox named &quot;%1&quot; now: runs will fail until it is created. It is kept as typed.</source>
        <translation>Derzeit gibt es keine Sandbox namens „%1“: Ausführungen schlagen fehl, bis sie angelegt wird. Der Name bleibt wie eingegeben erhalten.</translation>
    </message>
    <message>
        <source>Connection profiles</source>
        <translation>Verbindungsprofile</translation>
    </message>
    <message>
        <source>Each profile is one kosa8 connection: the local daemon (Apple-silicon Macs), or a macOS worker reached through KOSA8_HOST (Linux and Intel Macs). The active one runs every command; switch from the status bar too. Tokens are kept in the system keychain, never in the settings file, logs or shown commands.</source>
        <translation>Jedes Profil ist eine kosa8-Verbindung: der lokale Daemon (Macs mit Apple Silicon) oder ein macOS-Worker, erreicht über KOSA8_HOST (Linux und Intel-Macs). Das aktive Profil führt jeden Befehl aus; wechseln können Sie auch über die Statusleiste. Tokens werden im Schlüsselbund des Systems aufbewahrt, nie in der Einstellungsdatei, in Logs oder in angezeigten Befehlen.</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Bearbeiten…</translation>
    </message>
    <message>
        <source>Edit the command profile</source>
        <translation>Befehlsprofil bearbeiten</translation>
    </message>
    <message>
        <source>Checkpoint and reset time &amp;limit:</source>
        <translation>Zeit&amp;limit für Checkpoint und Zurücksetzen:</translation>
    </message>
    <message>
        <source>Checkpoint and reset time limit</source>
        <translation>Zeitlimit für Checkpoint und Zurücksetzen</translation>
    </message>
    <message>
        <source>The longest the checkpoint before an approved run and the reset to its base after it may take, also for runs without timeout_s; a step that takes longer is stopped and reported. A run&apos;s timeout_s limits everything from its approval to its answer.</source>
        <translation>Wie lange der Checkpoint vor einer genehmigten Ausführung und das Zurücksetzen auf die Basis danach höchstens dauern dürfen, auch für Ausführungen ohne timeout_s; ein Schritt, der länger dauert, wird abgebrochen und gemeldet. Das timeout_s einer Ausführung begrenzt alles von ihrer Genehmigung bis zu ihrer Antwort.</translation>
    </message>
    <message>
        <source>LangGraph servers</source>
        <translation>LangGraph-Server</translation>
    </message>
    <message>
        <source>kosa8 Desk watches these LangGraph servers (langgraph dev, or a deployed LangGraph API) and shows each pending interrupt in the inbox, to be decided like an agent&apos;s request on this machine. API keys are kept in the system keychain, never in the settings file, logs or shown commands.</source>
        <translation>kosa8 Desk beobachtet diese LangGraph-Server (langgraph dev oder eine bereitgestellte LangGraph API) und zeigt jeden wartenden Interrupt im Posteingang, zu entscheiden wie die Anfrage eines Agenten auf diesem Rechner. API-Schlüssel liegen im Schlüsselbund des Systems, nie in der Einstellungsdatei, in Protokollen oder angezeigten Befehlen.</translation>
    </message>
    <message>
        <source>Tr&amp;ial time limit:</source>
        <translation>&amp;Zeitlimit für Probeläufe:</translation>
    </message>
    <message>
        <source>Trial time limit</source>
        <translation>Zeitlimit für Probeläufe</translation>
    </message>
    <message>
        <source>The longest the code of a trial in a throwaway copy may run before it is stopped; the copy is then removed.</source>
        <translation>Wie lange der Code eines Probelaufs in einer Wegwerfkopie höchstens laufen darf, bevor er angehalten wird; die Kopie wird dann entfernt.</translation>
    </message>
</context>
<context>
    <name>k8::app::SetupDialog</name>
    <message>
        <source>Set up a code sandbox</source>
        <translation>Code-Sandbox einrichten</translation>
    </message>
    <message>
        <source>kosa8 Desk will run these commands, one after the other, and stop at the first that fails. The sandbox has no network access at all (DNS included).</source>
        <translation>kosa8 Desk führt diese Befehle nacheinander aus und hält beim ersten an, der fehlschlägt. Die Sandbox hat keinerlei Netzwerkzugang (auch kein DNS).</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Command of step %1</source>
        <translation>Befehl von Schritt %1</translation>
    </message>
    <message>
        <source>Progress of step %1</source>
        <translation>Fortschritt von Schritt %1</translation>
    </message>
    <message>
        <source>kosa8 output</source>
        <translation>Ausgabe von kosa8</translation>
    </message>
    <message>
        <source>kosa8&apos;s output appears here.</source>
        <translation>Die Ausgabe von kosa8 erscheint hier.</translation>
    </message>
    <message>
        <source>Set up</source>
        <translation>Einrichten</translation>
    </message>
    <message>
        <source>Run the setup</source>
        <translation>Die Einrichtung ausführen</translation>
    </message>
    <message>
        <source>Cancel setup</source>
        <translation>Einrichtung abbrechen</translation>
    </message>
    <message>
        <source>[stderr] %1</source>
        <translation>[stderr] %1</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>running… %1%</source>
        <translation>läuft … %1 %</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>läuft …</translation>
    </message>
    <message>
        <source>done</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source>already exists, skipped</source>
        <translation>existiert schon, übersprungen</translation>
    </message>
    <message>
        <source>failed (exit code %1)</source>
        <translation>fehlgeschlagen (Exit-Code %1)</translation>
    </message>
    <message>
        <source>failed (%1)</source>
        <translation>fehlgeschlagen (%1)</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Step %1: %2, %3</source>
        <translation>Schritt %1: %2, %3</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>%1 is ready: no network, %2 pulled, checkpoint %3 taken.</source>
        <translation>%1 ist bereit: kein Netzwerk, %2 geladen, Checkpoint %3 angelegt.</translation>
    </message>
</context>
<context>
    <name>k8::app::SingleInstance</name>
    <message>
        <source>Another program holds %1 and did not answer as kosa8 Desk does.</source>
        <translation>Ein anderes Programm belegt %1 und hat nicht wie kosa8 Desk geantwortet.</translation>
    </message>
    <message>
        <source>Cannot listen on %1: %2</source>
        <translation>Lauschen auf %1 nicht möglich: %2</translation>
    </message>
    <message>
        <source>A program sent something other than the activation line.</source>
        <translation>Ein Programm hat etwas anderes als die Aktivierungszeile gesendet.</translation>
    </message>
</context>
<context>
    <name>k8::app::SyntaxRepository</name>
    <message>
        <source>KSyntaxHighlighting %1 (built in)</source>
        <translation>KSyntaxHighlighting %1 (eingebaut)</translation>
    </message>
    <message>
        <source>KSyntaxHighlighting %1 (system)</source>
        <translation>KSyntaxHighlighting %1 (System)</translation>
    </message>
</context>
<context>
    <name>k8::app::TimelinePage</name>
    <message>
        <source>Timeline settings could not be read</source>
        <translation>Die Zeitleisten-Einstellungen konnten nicht gelesen werden</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>&amp;Checkpoint now…</source>
        <translation>&amp;Checkpoint jetzt anlegen …</translation>
    </message>
    <message>
        <source>Re&amp;wind…</source>
        <translation>&amp;Zurückspulen …</translation>
    </message>
    <message>
        <source>Take &amp;snapshot</source>
        <translation>&amp;Snapshot anlegen</translation>
    </message>
    <message>
        <source>Restore snapshot…</source>
        <translation>Snapshot wiederherstellen …</translation>
    </message>
    <message>
        <source>Delete snapshot…</source>
        <translation>Snapshot löschen …</translation>
    </message>
    <message>
        <source>&amp;Fork…</source>
        <translation>Abz&amp;weigen …</translation>
    </message>
    <message>
        <source>Reset to &amp;base…</source>
        <translation>Auf &amp;Basis zurücksetzen …</translation>
    </message>
    <message>
        <source>Use as base</source>
        <translation>Als Basis verwenden</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>S&amp;andbox:</source>
        <translation>Sa&amp;ndbox:</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Base checkpoint</source>
        <translation>Basis-Checkpoint</translation>
    </message>
    <message>
        <source>Rewind to base after every approved run</source>
        <translation>Nach jeder freigegebenen Ausführung zur Basis zurückspulen</translation>
    </message>
    <message>
        <source>Every task starts from a clean machine: after each approved run in this sandbox, kosa8 Desk rewinds it to its base checkpoint.</source>
        <translation>Jede Aufgabe beginnt auf einer sauberen Maschine: Nach jeder freigegebenen Ausführung in dieser Sandbox spult kosa8 Desk sie zu ihrem Basis-Checkpoint zurück.</translation>
    </message>
    <message>
        <source>The option could not be saved</source>
        <translation>Die Option konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Timeline actions</source>
        <translation>Zeitleisten-Aktionen</translation>
    </message>
    <message>
        <source>Timeline is stale</source>
        <translation>Zeitleiste ist veraltet</translation>
    </message>
    <message>
        <source>Details of the selected item</source>
        <translation>Details des ausgewählten Elements</translation>
    </message>
    <message>
        <source>Select a checkpoint, snapshot, run or fork to see its details.</source>
        <translation>Wählen Sie einen Checkpoint, einen Snapshot, eine Ausführung oder eine Abzweigung, um die Details zu sehen.</translation>
    </message>
    <message>
        <source>Problems reading the timeline</source>
        <translation>Probleme beim Lesen der Zeitleiste</translation>
    </message>
    <message>
        <source>Running command</source>
        <translation>Laufender Befehl</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cancel the running command</source>
        <translation>Den laufenden Befehl abbrechen</translation>
    </message>
    <message>
        <source>Last failure</source>
        <translation>Letzter Fehler</translation>
    </message>
    <message>
        <source>%1 The timeline below is the last one read (%2) and may be out of date. Refresh (F5) to try again.</source>
        <translation>%1 Die Zeitleiste unten ist die zuletzt gelesene (%2) und womöglich veraltet. Aktualisieren (F5), um es erneut zu versuchen.</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>Select a checkpoint or a run first.</source>
        <translation>Wählen Sie zuerst einen Checkpoint oder eine Ausführung.</translation>
    </message>
    <message>
        <source>No checkpoint before this run is listed.</source>
        <translation>Vor dieser Ausführung ist kein Checkpoint aufgeführt.</translation>
    </message>
    <message>
        <source>Only checkpoints and runs can be rewound to.</source>
        <translation>Zurückspulen ist nur zu Checkpoints und Ausführungen möglich.</translation>
    </message>
    <message>
        <source>No base checkpoint</source>
        <translation>Kein Basis-Checkpoint</translation>
    </message>
    <message>
        <source>Base: %1</source>
        <translation>Basis: %1</translation>
    </message>
    <message>
        <source>Take a checkpoint of %1 now (Ctrl+K)</source>
        <translation>Jetzt einen Checkpoint von %1 anlegen (Ctrl+K)</translation>
    </message>
    <message>
        <source>Choose a checkpoint and &quot;Use as base&quot; first.</source>
        <translation>Wählen Sie zuerst einen Checkpoint und „Als Basis verwenden“.</translation>
    </message>
    <message>
        <source>Could not checkpoint %1</source>
        <translation>Checkpoint von %1 konnte nicht angelegt werden</translation>
    </message>
    <message numerus="yes">
        <source>• … and %n more</source>
        <translation>
            <numerusform>• … und %n weiterer Eintrag</numerusform>
            <numerusform>• … und %n weitere Einträge</numerusform>
        </translation>
    </message>
    <message>
        <source>Rewind %1 to the checkpoint %2? Its memory, processes and disk go back to that moment.</source>
        <translation>%1 zum Checkpoint %2 zurückspulen? Speicher, Prozesse und Festplatte kehren zu diesem Moment zurück.</translation>
    </message>
    <message>
        <source>The timeline does not list this checkpoint; kosa8 will say whether it exists.</source>
        <translation>Die Zeitleiste führt diesen Checkpoint nicht auf; kosa8 wird melden, ob es ihn gibt.</translation>
    </message>
    <message>
        <source>Nothing after this checkpoint is on the timeline.</source>
        <translation>Nach diesem Checkpoint steht nichts auf der Zeitleiste.</translation>
    </message>
    <message numerus="yes">
        <source>Lost: what %n run(s)</source>
        <translation>
            <numerusform>Verloren geht, was %n Ausführung</numerusform>
            <numerusform>Verloren geht, was %n Ausführungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %n later checkpoint(s) captured:</source>
        <translation>
            <numerusform> und %n späterer Checkpoint festgehalten haben:</numerusform>
            <numerusform> und %n spätere Checkpoints festgehalten haben:</numerusform>
        </translation>
    </message>
    <message>
        <source>Rewind sandbox</source>
        <translation>Sandbox zurückspulen</translation>
    </message>
    <message>
        <source>Rewind to %1</source>
        <translation>Zu %1 zurückspulen</translation>
    </message>
    <message>
        <source>Could not rewind %1 to %2</source>
        <translation>%1 konnte nicht zu %2 zurückgespult werden</translation>
    </message>
    <message>
        <source>Could not snapshot %1</source>
        <translation>Snapshot von %1 konnte nicht angelegt werden</translation>
    </message>
    <message>
        <source>Restore snapshot</source>
        <translation>Snapshot wiederherstellen</translation>
    </message>
    <message>
        <source>Restore %1 from the snapshot %2? The whole machine goes back to it; its current state is lost.</source>
        <translation>%1 aus dem Snapshot %2 wiederherstellen? Die ganze Maschine kehrt zu diesem Stand zurück; ihr aktueller Zustand geht verloren.</translation>
    </message>
    <message>
        <source>Restore %1</source>
        <translation>%1 wiederherstellen</translation>
    </message>
    <message>
        <source>Could not restore %1 from %2</source>
        <translation>%1 konnte nicht aus %2 wiederhergestellt werden</translation>
    </message>
    <message>
        <source>Delete snapshot</source>
        <translation>Snapshot löschen</translation>
    </message>
    <message>
        <source>Delete the snapshot %1 of %2? This cannot be undone.</source>
        <translation>Den Snapshot %1 von %2 löschen? Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>%1 löschen</translation>
    </message>
    <message>
        <source>Could not delete the snapshot %1</source>
        <translation>Der Snapshot %1 konnte nicht gelöscht werden</translation>
    </message>
    <message>
        <source>Could not fork %1</source>
        <translation>%1 konnte nicht abgezweigt werden</translation>
    </message>
    <message>
        <source>The base checkpoint could not be saved</source>
        <translation>Der Basis-Checkpoint konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Timeline item</source>
        <translation>Zeitleisten-Element</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Rewind to before this run…</source>
        <translation>Auf den Stand vor dieser Ausführung zurückspulen …</translation>
    </message>
    <message>
        <source>Rewind here…</source>
        <translation>Hierher zurückspulen …</translation>
    </message>
</context>
<context>
    <name>k8::app::TimelineView</name>
    <message>
        <source>Checkpoint timeline</source>
        <translation>Checkpoint-Zeitleiste</translation>
    </message>
    <message>
        <source>Scroll the timeline</source>
        <translation>Die Zeitleiste scrollen</translation>
    </message>
    <message>
        <source>No item selected</source>
        <translation>Kein Element ausgewählt</translation>
    </message>
    <message>
        <source>snapshots</source>
        <translation>Snapshots</translation>
    </message>
    <message>
        <source>No checkpoints, snapshots or runs yet.</source>
        <translation>Noch keine Checkpoints, Snapshots oder Ausführungen.</translation>
    </message>
    <message>
        <source>Choose a sandbox to see its timeline.</source>
        <translation>Wählen Sie eine Sandbox, um ihre Zeitleiste zu sehen.</translation>
    </message>
    <message>
        <source> (base)</source>
        <translation> (Basis)</translation>
    </message>
    <message>
        <source>%1 ago · %2</source>
        <translation>vor %1 · %2</translation>
    </message>
    <message>
        <source>You are here</source>
        <translation>Sie sind hier</translation>
    </message>
    <message>
        <source>fork</source>
        <translation>Abzweigung</translation>
    </message>
    <message numerus="yes">
        <source>… %n more</source>
        <translation>
            <numerusform>… %n weiterer</numerusform>
            <numerusform>… %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>forked from %1</source>
        <translation>abgezweigt von %1</translation>
    </message>
    <message>
        <source>Stale: the last refresh failed; this is the view from %1</source>
        <translation>Veraltet: Die letzte Aktualisierung ist fehlgeschlagen; dies ist die Ansicht von %1</translation>
    </message>
</context>
<context>
    <name>k8::app::TrialPane</name>
    <message>
        <source>Trial run</source>
        <translation>Probelauf</translation>
    </message>
    <message>
        <source>Tr&amp;y in a throwaway copy</source>
        <translation>In einer &amp;Wegwerfkopie ausprobieren</translation>
    </message>
    <message>
        <source>Stop the trial</source>
        <translation>Probelauf anhalten</translation>
    </message>
    <message>
        <source>Try in a throwaway copy</source>
        <translation>In einer Wegwerfkopie ausprobieren</translation>
    </message>
    <message>
        <source>Commands of the trial</source>
        <translation>Befehle des Probelaufs</translation>
    </message>
    <message>
        <source>Output of the trial</source>
        <translation>Ausgabe des Probelaufs</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1 …</translation>
    </message>
    <message>
        <source>The trial could not be recorded in the ledger: %1</source>
        <translation>Der Probelauf konnte nicht im Ledger aufgezeichnet werden: %1</translation>
    </message>
    <message>
        <source>Trial running. The real sandbox %1 is not touched; Approve waits until the trial ends.</source>
        <translation>Probelauf läuft. Die echte Sandbox %1 bleibt unberührt; Freigeben wartet, bis der Probelauf endet.</translation>
    </message>
    <message>
        <source>Tried before your edit: this is what the earlier code did.</source>
        <translation>Vor Ihrer Änderung ausprobiert: So verhielt sich der frühere Code.</translation>
    </message>
    <message>
        <source>Exit code %1 after %2 s in the throwaway copy %3.</source>
        <translation>Exit-Code %1 nach %2 s in der Wegwerfkopie %3.</translation>
    </message>
    <message>
        <source>The output was cut at the run&apos;s limit.</source>
        <translation>Die Ausgabe wurde an der Grenze der Ausführung abgeschnitten.</translation>
    </message>
    <message>
        <source>The copy %1 was removed.</source>
        <translation>Die Kopie %1 wurde entfernt.</translation>
    </message>
    <message>
        <source>The real sandbox %1 was not touched, and the agent was told nothing.</source>
        <translation>Die echte Sandbox %1 blieb unberührt, und der Agent erfuhr nichts davon.</translation>
    </message>
    <message>
        <source>A trial is not possible: %1</source>
        <translation>Ein Probelauf ist nicht möglich: %1</translation>
    </message>
    <message>
        <source>Run this code first in a throwaway copy of %1 with no network, and see what it does (%2). Nothing is approved.</source>
        <translation>Diesen Code zuerst in einer Wegwerfkopie von %1 ohne Netzwerk ausführen und sehen, was er tut (%2). Nichts wird freigegeben.</translation>
    </message>
</context>
<context>
    <name>k8::app::ValidatedListEditor</name>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>entry</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>New %1</source>
        <translation>Neu: %1</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>%1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove selected %1</source>
        <translation>Ausgewählte entfernen: %1</translation>
    </message>
    <message>
        <source>List of %1</source>
        <translation>Liste: %1</translation>
    </message>
    <message>
        <source>%1 is already in the list.</source>
        <translation>%1 steht schon in der Liste.</translation>
    </message>
</context>
<context>
    <name>k8::app::VersionCheck</name>
    <message>
        <source>It ran, but printed no kosa8 version. Is this the kosa8 executable?</source>
        <translation>Es lief, hat aber keine kosa8-Version ausgegeben. Ist dies die ausführbare Datei von kosa8?</translation>
    </message>
    <message>
        <source>It works: %1</source>
        <translation>Es funktioniert: %1</translation>
    </message>
    <message>
        <source>No daemon or worker answered yet; sandbox actions need one.</source>
        <translation>Noch hat kein Daemon oder Worker geantwortet; Sandbox-Aktionen brauchen einen.</translation>
    </message>
</context>
<context>
    <name>k8::history::AuditExport</name>
    <message>
        <source>The export was cancelled.</source>
        <translation>Der Export wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Cannot write the export: %1</source>
        <translation>Der Export kann nicht geschrieben werden: %1</translation>
    </message>
</context>
<context>
    <name>k8::history::AuditHistory</name>
    <message>
        <source>Cancelled; the entries read before stay shown.</source>
        <translation>Abgebrochen; die zuvor gelesenen Einträge bleiben sichtbar.</translation>
    </message>
</context>
<context>
    <name>k8::history::AuditStreamParser</name>
    <message>
        <source>the output ended inside this JSON object</source>
        <translation>die Ausgabe endete innerhalb dieses JSON-Objekts</translation>
    </message>
    <message>
        <source>not JSON, and no table header (upper-case column names separated by two or more spaces) before it</source>
        <translation>kein JSON, und davor keine Tabellenkopfzeile (Spaltennamen in Großbuchstaben, getrennt durch zwei oder mehr Leerzeichen)</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>kein JSON-Objekt</translation>
    </message>
    <message>
        <source>the JSON object does not end on its line</source>
        <translation>das JSON-Objekt endet nicht in seiner Zeile</translation>
    </message>
    <message>
        <source>a JSON object longer than 4 MiB (is a quote missing?)</source>
        <translation>ein JSON-Objekt länger als 4 MiB (fehlt ein Anführungszeichen?)</translation>
    </message>
    <message>
        <source>invalid JSON: %1</source>
        <translation>ungültiges JSON: %1</translation>
    </message>
    <message>
        <source>the SEQ column is empty or missing</source>
        <translation>die Spalte SEQ ist leer oder fehlt</translation>
    </message>
    <message>
        <source>SEQ &quot;%1&quot; is not a whole number</source>
        <translation>SEQ „%1“ ist keine ganze Zahl</translation>
    </message>
    <message>
        <source>SANDBOX &quot;%1&quot; is not a sandbox name</source>
        <translation>SANDBOX „%1“ ist kein Sandbox-Name</translation>
    </message>
</context>
<context>
    <name>k8::history::AuditTableModel</name>
    <message>
        <source>Time (UTC)</source>
        <translation>Zeit (UTC)</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Akteur</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <source>Decided by</source>
        <translation>Entschieden von</translation>
    </message>
    <message>
        <source>Seq</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>Hash</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <source>Where it ran</source>
        <translation>Wo es lief</translation>
    </message>
    <message>
        <source>Reason sent</source>
        <translation>Gesendeter Grund</translation>
    </message>
</context>
<context>
    <name>k8::history::AuditVerifier</name>
    <message>
        <source>kosa8&apos;s audit log could not be verified: %1</source>
        <translation>Das Audit-Protokoll von kosa8 konnte nicht geprüft werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>kosa8&apos;s audit log chains: %n entries verified.</source>
        <translation>
            <numerusform>Das Audit-Protokoll von kosa8 ist lückenlos verkettet: %n Eintrag geprüft.</numerusform>
            <numerusform>Das Audit-Protokoll von kosa8 ist lückenlos verkettet: %n Einträge geprüft.</numerusform>
        </translation>
    </message>
    <message>
        <source>kosa8&apos;s audit log chains (%1).</source>
        <translation>Das Audit-Protokoll von kosa8 ist lückenlos verkettet (%1).</translation>
    </message>
    <message>
        <source>kosa8&apos;s audit log does NOT chain: the first entry that does not is SEQ %1 (%2).</source>
        <translation>Das Audit-Protokoll von kosa8 ist NICHT lückenlos verkettet: der erste nicht verkettete Eintrag ist SEQ %1 (%2).</translation>
    </message>
    <message>
        <source>kosa8&apos;s audit log does NOT chain (exit code %1): %2</source>
        <translation>Das Audit-Protokoll von kosa8 ist NICHT lückenlos verkettet (Exit-Code %1): %2</translation>
    </message>
    <message numerus="yes">
        <source>The app&apos;s ledger chains: %n entries verified.</source>
        <translation>
            <numerusform>Das Entscheidungs-Ledger der App ist lückenlos verkettet: %n Eintrag geprüft.</numerusform>
            <numerusform>Das Entscheidungs-Ledger der App ist lückenlos verkettet: %n Einträge geprüft.</numerusform>
        </translation>
    </message>
    <message>
        <source>The app&apos;s ledger does NOT chain: the first entry that does not is seq %1 (line %2). %3</source>
        <translation>Das Entscheidungs-Ledger der App ist NICHT lückenlos verkettet: der erste nicht verkettete Eintrag ist Nr. %1 (Zeile %2). %3</translation>
    </message>
    <message>
        <source>The app&apos;s ledger does NOT chain: %1</source>
        <translation>Das Entscheidungs-Ledger der App ist NICHT lückenlos verkettet: %1</translation>
    </message>
</context>
<context>
    <name>k8::history::DecisionFields</name>
    <message>
        <source>you</source>
        <translation>Sie</translation>
    </message>
    <message>
        <source>rule &quot;%1&quot;</source>
        <translation>Regel „%1“</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeitlimit überschritten</translation>
    </message>
    <message>
        <source>withdrawn by the agent</source>
        <translation>vom Agenten zurückgezogen</translation>
    </message>
    <message>
        <source>app shut down</source>
        <translation>App beendet</translation>
    </message>
    <message>
        <source>%1 in %2 (%3), %4</source>
        <translation>%1 in %2 (%3), %4</translation>
    </message>
    <message>
        <source>no checkpoint</source>
        <translation>kein Checkpoint</translation>
    </message>
    <message>
        <source>checkpoint %1</source>
        <translation>Checkpoint %1</translation>
    </message>
    <message>
        <source>Request %1, payload SHA-256 %2</source>
        <translation>Anfrage %1, Nutzlast-SHA-256 %2</translation>
    </message>
    <message>
        <source>outside kosa8 Desk</source>
        <translation>außerhalb von kosa8 Desk</translation>
    </message>
    <message>
        <source>thread %1 on %2, interrupt %3</source>
        <translation>Thread %1 auf %2, Interrupt %3</translation>
    </message>
    <message>
        <source>an agent on this machine&apos;s socket</source>
        <translation>ein Agent am Socket dieses Rechners</translation>
    </message>
    <message>
        <source>LangGraph server %1</source>
        <translation>LangGraph-Server %1</translation>
    </message>
    <message>
        <source>%1 in %2, a throwaway copy of %3 (%4)</source>
        <translation>%1 in %2, einer Wegwerfkopie von %3 (%4)</translation>
    </message>
</context>
<context>
    <name>k8::history::LedgerSource</name>
    <message>
        <source>Cannot read the ledger %1: %2</source>
        <translation>Das Entscheidungs-Ledger %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>not a ledger entry (a write cut off by a crash?)</source>
        <translation>kein Ledger-Eintrag (ein Schreibvorgang, den ein Absturz abgeschnitten hat?)</translation>
    </message>
    <message>
        <source>%1 by agent %2 (request %3)</source>
        <translation>%1 von Agent %2 (Anfrage %3)</translation>
    </message>
    <message>
        <source>cut off: kosa8 Desk ended while the run was going on, its result is unknown</source>
        <translation>abgebrochen: kosa8 Desk wurde während der Ausführung beendet, ihr Ergebnis ist unbekannt</translation>
    </message>
    <message>
        <source>trial of agent %1&apos;s code (request %2), no copy made</source>
        <translation>Probelauf des Codes von Agent %1 (Anfrage %2), keine Kopie angelegt</translation>
    </message>
    <message>
        <source>trial of agent %1&apos;s code (request %2) in the throwaway copy %3</source>
        <translation>Probelauf des Codes von Agent %1 (Anfrage %2) in der Wegwerfkopie %3</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>Exit-Code %1</translation>
    </message>
</context>
<context>
    <name>k8::kosa8::CommandProfile</name>
    <message>
        <source>Cannot read the command profile %1: %2</source>
        <translation>Das Befehlsprofil %1 lässt sich nicht lesen: %2</translation>
    </message>
    <message>
        <source>The command profile %1 is larger than 4 MiB.</source>
        <translation>Das Befehlsprofil %1 ist größer als 4 MiB.</translation>
    </message>
    <message>
        <source>Command profile %1: %2</source>
        <translation>Befehlsprofil %1: %2</translation>
    </message>
    <message>
        <source>not valid JSON at offset %1: %2</source>
        <translation>kein gültiges JSON bei Offset %1: %2</translation>
    </message>
    <message>
        <source>the top level must be a JSON object with &quot;operations&quot;, &quot;fragments&quot; and/or &quot;interpreters&quot;</source>
        <translation>die oberste Ebene muss ein JSON-Objekt mit &quot;operations&quot;, &quot;fragments&quot; und/oder &quot;interpreters&quot; sein</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; (allowed: operations, fragments, interpreters)</source>
        <translation>unbekannter Schlüssel &quot;%1&quot; (erlaubt: operations, fragments, interpreters)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an object of key: [words]</source>
        <translation>&quot;%1&quot; muss ein Objekt aus Schlüssel: [Wörter] sein</translation>
    </message>
    <message>
        <source>unknown operation &quot;%1&quot; (known: %2)</source>
        <translation>unbekannte Operation &quot;%1&quot; (bekannt: %2)</translation>
    </message>
    <message>
        <source>unknown fragment &quot;%1&quot; (known: %2)</source>
        <translation>unbekanntes Fragment &quot;%1&quot; (bekannt: %2)</translation>
    </message>
    <message>
        <source>interpreter key &quot;%1&quot; must be a language name like &quot;python&quot; or &quot;python.stdin&quot;</source>
        <translation>Interpreter-Schlüssel &quot;%1&quot; muss ein Sprachname wie &quot;python&quot; oder &quot;python.stdin&quot; sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an array of strings</source>
        <translation>&quot;%1&quot; muss ein Array von Strings sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; element %2 is not a string</source>
        <translation>&quot;%1&quot; Element %2 ist kein String</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: %2</source>
        <translation>&quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>the command profile has no entry for &quot;%1&quot;</source>
        <translation>das Befehlsprofil hat keinen Eintrag für &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Cannot build the command for &quot;%1&quot;: %2</source>
        <translation>Der Befehl für &quot;%1&quot; lässt sich nicht zusammensetzen: %2</translation>
    </message>
    <message>
        <source>unknown list placeholder &quot;{%1...}&quot;</source>
        <translation>unbekannter Listen-Platzhalter &quot;{%1...}&quot;</translation>
    </message>
    <message>
        <source>list placeholder &quot;%1&quot; must be a word of its own</source>
        <translation>Listen-Platzhalter &quot;%1&quot; muss ein eigenes Wort sein</translation>
    </message>
    <message>
        <source>placeholder &quot;{%1}&quot; holds a list: write &quot;{%1...}&quot;</source>
        <translation>Platzhalter &quot;{%1}&quot; enthält eine Liste: schreiben Sie &quot;{%1...}&quot;</translation>
    </message>
    <message>
        <source>unknown placeholder &quot;{%1}&quot;</source>
        <translation>unbekannter Platzhalter &quot;{%1}&quot;</translation>
    </message>
    <message>
        <source>no value for the list &quot;{%1...}&quot;</source>
        <translation>kein Wert für die Liste &quot;{%1...}&quot;</translation>
    </message>
    <message>
        <source>no value for &quot;{%1}&quot;</source>
        <translation>kein Wert für &quot;{%1}&quot;</translation>
    </message>
    <message>
        <source>word %1 is empty</source>
        <translation>Wort %1 ist leer</translation>
    </message>
    <message>
        <source>word %1 holds an invisible or control character (U+%2)</source>
        <translation>Wort %1 enthält ein unsichtbares oder Steuerzeichen (U+%2)</translation>
    </message>
    <message>
        <source>it is empty; it needs at least one word</source>
        <translation>es ist leer; es braucht mindestens ein Wort</translation>
    </message>
    <message>
        <source>&quot;{code}&quot; has no value here: a &quot;.stdin&quot; interpreter reads the code from standard input</source>
        <translation>„{code}“ hat hier keinen Wert: Ein „.stdin“-Interpreter liest den Code von der Standardeingabe</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has no value here: this entry takes no placeholders</source>
        <translation>„%1“ hat hier keinen Wert: Dieser Eintrag nimmt keine Platzhalter an</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has no value here (this entry can use: %2)</source>
        <translation>„%1“ hat hier keinen Wert (dieser Eintrag kann verwenden: %2)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is missing: the app passes it for this entry, and leaving it out would drop it silently</source>
        <translation>„%1“ fehlt: Die App übergibt es für diesen Eintrag, und ohne es würde es stillschweigend entfallen</translation>
    </message>
    <message>
        <source>Line %1 of the code declares the source encoding &quot;%2&quot;. The command profile&apos;s &quot;%3.stdin&quot; (%4) may be a Python that reads the code itself and decodes it with that encoding, so what would run differs from what was shown; it was not run. Reset &quot;%3.stdin&quot; to its built-in entry, which ignores such declarations.</source>
        <translation>Zeile %1 des Codes deklariert die Quellkodierung „%2“. Der Eintrag „%3.stdin“ des Befehlsprofils (%4) kann ein Python sein, das den Code selbst liest und mit dieser Kodierung dekodiert, sodass anderes ausgeführt würde als gezeigt; er wurde nicht ausgeführt. Setzen Sie „%3.stdin“ auf den eingebauten Eintrag zurück, der solche Deklarationen nicht beachtet.</translation>
    </message>
</context>
<context>
    <name>k8::kosa8::CommandProfileDocument</name>
    <message>
        <source>it cannot be read: %1</source>
        <translation>sie kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the file is larger than 4 MiB</source>
        <translation>die Datei ist größer als 4 MiB</translation>
    </message>
    <message>
        <source>the file holds %1 here, not an array of strings</source>
        <translation>die Datei enthält hier %1, kein Array von Strings</translation>
    </message>
    <message>
        <source>word %1 is %2 in the file, not a string</source>
        <translation>Wort %1 ist in der Datei %2, kein String</translation>
    </message>
    <message>
        <source>Not an operation of the app: remove it</source>
        <translation>Keine Operation der App: entfernen Sie sie</translation>
    </message>
    <message>
        <source>The egress mode ({mode}: deny, any or fakenet), inside {egress...}</source>
        <translation>Der Egress-Modus ({mode}: deny, any oder fakenet), innerhalb von {egress...}</translation>
    </message>
    <message>
        <source>One allowed host ({host}), repeated per host inside {egress...}</source>
        <translation>Ein erlaubter Host ({host}), pro Host wiederholt innerhalb von {egress...}</translation>
    </message>
    <message>
        <source>One host folder mount ({mount}: HOST:GUEST), repeated per mount inside {mounts...}</source>
        <translation>Ein Mount eines Host-Ordners ({mount}: HOST:GUEST), pro Mount wiederholt innerhalb von {mounts...}</translation>
    </message>
    <message>
        <source>Not a fragment of the app: remove it</source>
        <translation>Kein Fragment der App: entfernen Sie es</translation>
    </message>
    <message>
        <source>Runs %1 code read from standard input, inside {interpreter...}</source>
        <translation>Führt %1-Code aus, der von der Standardeingabe gelesen wird, innerhalb von {interpreter...}</translation>
    </message>
    <message>
        <source>Runs %1 code given as one argument ({code}), inside {interpreter...}</source>
        <translation>Führt %1-Code aus, der als ein Argument ({code}) übergeben wird, innerhalb von {interpreter...}</translation>
    </message>
    <message>
        <source>The file: %1</source>
        <translation>Die Datei: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>(as edited)</source>
        <translation>(wie bearbeitet)</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 lässt sich nicht schreiben: %2</translation>
    </message>
</context>
<context>
    <name>k8::kosa8::ConnectionProfiles</name>
    <message>
        <source>%1 (active)</source>
        <translation>%1 (aktiv)</translation>
    </message>
    <message>
        <source>%1, active</source>
        <translation>%1, aktiv</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>There is already a profile named &quot;%1&quot;.</source>
        <translation>Es gibt bereits ein Profil namens „%1“.</translation>
    </message>
    <message>
        <source>A profile needs a name.</source>
        <translation>Ein Profil braucht einen Namen.</translation>
    </message>
    <message numerus="yes">
        <source>A profile name can have at most %n characters.</source>
        <translation>
            <numerusform>Ein Profilname darf höchstens %n Zeichen haben.</numerusform>
            <numerusform>Ein Profilname darf höchstens %n Zeichen haben.</numerusform>
        </translation>
    </message>
    <message>
        <source>A profile name can only have visible characters and spaces.</source>
        <translation>Ein Profilname darf nur sichtbare Zeichen und Leerzeichen enthalten.</translation>
    </message>
    <message>
        <source>The kosa8 executable of &quot;%1&quot; is empty: give a path or a name on PATH.</source>
        <translation>Die ausführbare kosa8-Datei von „%1“ ist leer: Geben Sie einen Pfad oder einen Namen im PATH an.</translation>
    </message>
    <message>
        <source>The remote profile &quot;%1&quot; needs a host (KOSA8_HOST).</source>
        <translation>Das Remote-Profil „%1“ braucht einen Host (KOSA8_HOST).</translation>
    </message>
    <message>
        <source>The host of &quot;%1&quot; must not contain spaces or invisible characters.</source>
        <translation>Der Host von „%1“ darf keine Leerzeichen oder unsichtbaren Zeichen enthalten.</translation>
    </message>
    <message>
        <source>There is no such profile.</source>
        <translation>Dieses Profil gibt es nicht.</translation>
    </message>
    <message>
        <source>The last profile cannot be removed: kosa8 Desk needs one connection.</source>
        <translation>Das letzte Profil kann nicht entfernt werden: kosa8 Desk braucht eine Verbindung.</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>Local</source>
        <translation>Lokal</translation>
    </message>
    <message>
        <source>Remote</source>
        <translation>Remote</translation>
    </message>
</context>
<context>
    <name>k8::kosa8::EgressPolicy</name>
    <message>
        <source>No network</source>
        <translation>Kein Netzwerk</translation>
    </message>
    <message>
        <source>Any network</source>
        <translation>Beliebiges Netzwerk</translation>
    </message>
    <message>
        <source>Simulated network</source>
        <translation>Simuliertes Netzwerk</translation>
    </message>
    <message>
        <source>Allow: nothing</source>
        <translation>Erlaubt: nichts</translation>
    </message>
    <message>
        <source>Allow: %1</source>
        <translation>Erlaubt: %1</translation>
    </message>
    <message numerus="yes">
        <source>Allow: %1 and %n more</source>
        <translation>
            <numerusform>Erlaubt: %1 und %n weiterer</numerusform>
            <numerusform>Erlaubt: %1 und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
</context>
<context>
    <name>k8::kosa8::JobResult</name>
    <message>
        <source>finished</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>abgestürzt</translation>
    </message>
    <message>
        <source>failed to start</source>
        <translation>Start fehlgeschlagen</translation>
    </message>
    <message>
        <source>not started (invalid input)</source>
        <translation>nicht gestartet (ungültige Eingabe)</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeitlimit überschritten</translation>
    </message>
    <message>
        <source>Command: %1</source>
        <translation>Befehl: %1</translation>
    </message>
    <message>
        <source>It finished successfully.</source>
        <translation>Er wurde erfolgreich beendet.</translation>
    </message>
    <message>
        <source>It exited with code %1.</source>
        <translation>Er endete mit Code %1.</translation>
    </message>
    <message>
        <source>It timed out after %1 s and was stopped.</source>
        <translation>Er hat nach %1 s das Zeitlimit überschritten und wurde angehalten.</translation>
    </message>
    <message>
        <source>It was cancelled.</source>
        <translation>Er wurde abgebrochen.</translation>
    </message>
    <message>
        <source>It %1.</source>
        <translation>Er ist %1.</translation>
    </message>
    <message>
        <source>Standard error:
%1</source>
        <translation>Standardfehlerausgabe:
%1</translation>
    </message>
    <message>
        <source>(%1 more bytes of standard error were not kept)</source>
        <translation>(%1 weitere Bytes der Standardfehlerausgabe wurden nicht aufbewahrt)</translation>
    </message>
</context>
<context>
    <name>k8::kosa8::Kosa8Job</name>
    <message>
        <source>It did not finish within %1 s; it and its child processes were stopped.</source>
        <translation>Er wurde nicht innerhalb von %1 s beendet; er und seine Kindprozesse wurden angehalten.</translation>
    </message>
    <message>
        <source>Cancelled; it and its child processes were stopped.</source>
        <translation>Abgebrochen; er und seine Kindprozesse wurden angehalten.</translation>
    </message>
    <message>
        <source>kosa8 could not be started: %1. Check the kosa8 executable in the connection settings.</source>
        <translation>kosa8 konnte nicht gestartet werden: %1. Prüfen Sie das kosa8-Programm in den Verbindungseinstellungen.</translation>
    </message>
    <message>
        <source>kosa8 stopped unexpectedly (killed by signal %1) before it finished.</source>
        <translation>kosa8 wurde unerwartet beendet (durch Signal %1), bevor es fertig war.</translation>
    </message>
    <message>
        <source>kosa8 stopped unexpectedly (killed by signal %1, %2) before it finished; the output up to then is kept.</source>
        <translation>kosa8 wurde unerwartet beendet (durch Signal %1, %2), bevor es fertig war; die Ausgabe bis dahin bleibt erhalten.</translation>
    </message>
</context>
<context>
    <name>k8::kosa8::Kosa8Runner</name>
    <message>
        <source>The egress &quot;%1&quot; is not understood: use deny, any, fakenet or allow:HOST,HOST.</source>
        <translation>Der Egress &quot;%1&quot; wird nicht verstanden: Verwenden Sie deny, any, fakenet oder allow:HOST,HOST.</translation>
    </message>
    <message>
        <source>The egress mode &quot;%1&quot; is not allowed: use deny, any or fakenet, or a list of hosts.</source>
        <translation>Der Egress-Modus &quot;%1&quot; ist nicht erlaubt: Verwenden Sie deny, any oder fakenet oder eine Liste von Hosts.</translation>
    </message>
    <message>
        <source>Give either an egress mode or a list of allowed hosts, not both.</source>
        <translation>Geben Sie entweder einen Egress-Modus oder eine Liste erlaubter Hosts an, nicht beides.</translation>
    </message>
    <message>
        <source>The number of forks must be a whole number from 1 to 64.</source>
        <translation>Die Anzahl der Abzweigungen muss eine ganze Zahl von 1 bis 64 sein.</translation>
    </message>
    <message>
        <source>Choose an egress: deny, any, fakenet or a list of allowed hosts.</source>
        <translation>Wählen Sie einen Egress: deny, any, fakenet oder eine Liste erlaubter Hosts.</translation>
    </message>
    <message>
        <source>No interpreter is configured for the language &quot;%1&quot; (known: %2).</source>
        <translation>Für die Sprache &quot;%1&quot; ist kein Interpreter eingestellt (bekannt: %2).</translation>
    </message>
    <message>
        <source>kosa8 was not found at %1 (no executable file there).</source>
        <translation>kosa8 wurde unter %1 nicht gefunden (dort ist keine ausführbare Datei).</translation>
    </message>
    <message>
        <source>kosa8 (&quot;%1&quot;) was not found on the PATH.</source>
        <translation>kosa8 (&quot;%1&quot;) wurde nicht im PATH gefunden.</translation>
    </message>
    <message>
        <source>Install kosa8, or set the full path to the kosa8 executable in Settings &gt; Connection.</source>
        <translation>Installieren Sie kosa8 oder tragen Sie den vollständigen Pfad zum kosa8-Programm unter Einstellungen &gt; Verbindung ein.</translation>
    </message>
    <message>
        <source>The code holds a lone UTF-16 surrogate, which has no UTF-8 form; it cannot be run exactly as written.</source>
        <translation>Der Code enthält ein einzelnes UTF-16-Surrogat, das keine UTF-8-Form hat; er lässt sich nicht genau wie geschrieben ausführen.</translation>
    </message>
</context>
<context>
    <name>k8::kosa8::ListParser</name>
    <message>
        <source>SEQ &quot;%1&quot; is not a whole number</source>
        <translation>SEQ &quot;%1&quot; ist keine ganze Zahl</translation>
    </message>
    <message>
        <source>not a sandbox name: %1</source>
        <translation>kein Sandbox-Name: %1</translation>
    </message>
    <message>
        <source>not JSON, and no table header (upper-case column names separated by two or more spaces) before it</source>
        <translation>kein JSON und keine Tabellenkopfzeile (Spaltennamen in Großbuchstaben, getrennt durch zwei oder mehr Leerzeichen) davor</translation>
    </message>
    <message>
        <source>%1 cells, but the header has %2 columns</source>
        <translation>%1 Zellen, aber die Kopfzeile hat %2 Spalten</translation>
    </message>
    <message>
        <source>the cells do not line up with the header&apos;s columns</source>
        <translation>die Zellen passen nicht zu den Spalten der Kopfzeile</translation>
    </message>
    <message>
        <source>element %1 of the JSON array is not an object</source>
        <translation>Element %1 des JSON-Arrays ist kein Objekt</translation>
    </message>
    <message>
        <source>invalid JSON: %1</source>
        <translation>ungültiges JSON: %1</translation>
    </message>
    <message>
        <source>a JSON value that is not an object</source>
        <translation>ein JSON-Wert, der kein Objekt ist</translation>
    </message>
    <message>
        <source>the %1 column is empty or missing</source>
        <translation>die Spalte %1 ist leer oder fehlt</translation>
    </message>
    <message>
        <source>not a checkpoint label: %1</source>
        <translation>kein Checkpoint-Name: %1</translation>
    </message>
    <message>
        <source>not a snapshot id: %1</source>
        <translation>keine Snapshot-ID: %1</translation>
    </message>
    <message>
        <source>not an image reference: %1</source>
        <translation>keine Image-Referenz: %1</translation>
    </message>
    <message>
        <source>not a sandbox status: &quot;%1&quot;</source>
        <translation>kein Sandbox-Status: „%1“</translation>
    </message>
    <message>
        <source>not an egress policy: &quot;%1&quot;</source>
        <translation>keine Egress-Richtlinie: „%1“</translation>
    </message>
</context>
<context>
    <name>k8::kosa8::Names</name>
    <message>
        <source>Sandbox names have 1 to 63 characters: lower-case letters, digits, &apos;_&apos;, &apos;.&apos; and &apos;-&apos;, starting with a letter or digit.</source>
        <translation>Sandbox-Namen haben 1 bis 63 Zeichen: Kleinbuchstaben, Ziffern, „_“, „.“ und „-“, beginnend mit einem Buchstaben oder einer Ziffer.</translation>
    </message>
    <message>
        <source>The sandbox name is empty.</source>
        <translation>Der Sandbox-Name ist leer.</translation>
    </message>
    <message>
        <source>The sandbox name is %1 characters long.</source>
        <translation>Der Sandbox-Name ist %1 Zeichen lang.</translation>
    </message>
    <message>
        <source>The sandbox name %1 is not allowed.</source>
        <translation>Der Sandbox-Name %1 ist nicht erlaubt.</translation>
    </message>
    <message>
        <source>Checkpoint labels have 1 to 128 characters: letters, digits, &apos;_&apos;, &apos;.&apos; and &apos;-&apos;, starting with a letter or digit.</source>
        <translation>Checkpoint-Namen haben 1 bis 128 Zeichen: Buchstaben, Ziffern, „_“, „.“ und „-“, beginnend mit einem Buchstaben oder einer Ziffer.</translation>
    </message>
    <message>
        <source>The checkpoint label is empty.</source>
        <translation>Der Checkpoint-Name ist leer.</translation>
    </message>
    <message>
        <source>The checkpoint label is %1 characters long.</source>
        <translation>Der Checkpoint-Name ist %1 Zeichen lang.</translation>
    </message>
    <message>
        <source>The checkpoint label %1 is not allowed.</source>
        <translation>Der Checkpoint-Name %1 ist nicht erlaubt.</translation>
    </message>
    <message>
        <source>Use an image reference like python:3.12-slim or registry.example.com/team/tool:1.0 (lower-case repository, optional :tag and @sha256:digest, no spaces).</source>
        <translation>Verwenden Sie eine Image-Referenz wie python:3.12-slim oder registry.example.com/team/tool:1.0 (Repository in Kleinbuchstaben, optional :tag und @sha256:digest, keine Leerzeichen).</translation>
    </message>
    <message>
        <source>The image name is empty.</source>
        <translation>Der Image-Name ist leer.</translation>
    </message>
    <message>
        <source>The image name is %1 characters long (at most 255).</source>
        <translation>Der Image-Name ist %1 Zeichen lang (höchstens 255).</translation>
    </message>
    <message>
        <source>The image name %1 is not allowed.</source>
        <translation>Der Image-Name %1 ist nicht erlaubt.</translation>
    </message>
    <message>
        <source>Use a host name (pypi.org, *.example.com) or an IP address, optionally with :port; IPv6 with a port goes in brackets ([::1]:443).</source>
        <translation>Verwenden Sie einen Hostnamen (pypi.org, *.example.com) oder eine IP-Adresse, optional mit :port; IPv6 mit Port steht in eckigen Klammern ([::1]:443).</translation>
    </message>
    <message>
        <source>The host is empty.</source>
        <translation>Der Host ist leer.</translation>
    </message>
    <message>
        <source>The host is %1 characters long.</source>
        <translation>Der Host ist %1 Zeichen lang.</translation>
    </message>
    <message>
        <source>The host %1 is not allowed.</source>
        <translation>Der Host %1 ist nicht erlaubt.</translation>
    </message>
    <message>
        <source>Use HOSTPATH:GUESTPATH with two absolute paths, for example /home/me/data:/data (no &apos;:&apos; inside a path, no line breaks).</source>
        <translation>Verwenden Sie HOSTPFAD:GASTPFAD mit zwei absoluten Pfaden, zum Beispiel /home/ich/daten:/data (kein „:“ innerhalb eines Pfads, keine Zeilenumbrüche).</translation>
    </message>
    <message>
        <source>The mount is empty.</source>
        <translation>Die Einbindung ist leer.</translation>
    </message>
    <message>
        <source>The mount is %1 characters long.</source>
        <translation>Die Einbindung ist %1 Zeichen lang.</translation>
    </message>
    <message>
        <source>The mount %1 is not allowed.</source>
        <translation>Die Einbindung %1 ist nicht erlaubt.</translation>
    </message>
    <message>
        <source>Snapshot ids have 1 to 128 characters: letters, digits, &apos;_&apos;, &apos;.&apos;, &apos;:&apos; and &apos;-&apos;, starting with a letter or digit.</source>
        <translation>Snapshot-IDs haben 1 bis 128 Zeichen: Buchstaben, Ziffern, „_“, „.“, „:“ und „-“, beginnend mit einem Buchstaben oder einer Ziffer.</translation>
    </message>
    <message>
        <source>The snapshot id is empty.</source>
        <translation>Die Snapshot-ID ist leer.</translation>
    </message>
    <message>
        <source>The snapshot id is %1 characters long.</source>
        <translation>Die Snapshot-ID ist %1 Zeichen lang.</translation>
    </message>
    <message>
        <source>The snapshot id %1 is not allowed.</source>
        <translation>Die Snapshot-ID %1 ist nicht erlaubt.</translation>
    </message>
</context>
<context>
    <name>k8::kosa8::Operation</name>
    <message>
        <source>Show version</source>
        <translation>Version anzeigen</translation>
    </message>
    <message>
        <source>Check installation</source>
        <translation>Installation prüfen</translation>
    </message>
    <message>
        <source>Daemon status</source>
        <translation>Daemon-Status</translation>
    </message>
    <message>
        <source>List sandboxes</source>
        <translation>Sandboxes auflisten</translation>
    </message>
    <message>
        <source>Create sandbox</source>
        <translation>Sandbox anlegen</translation>
    </message>
    <message>
        <source>Start sandbox</source>
        <translation>Sandbox starten</translation>
    </message>
    <message>
        <source>Stop sandbox</source>
        <translation>Sandbox anhalten</translation>
    </message>
    <message>
        <source>Delete sandbox</source>
        <translation>Sandbox löschen</translation>
    </message>
    <message>
        <source>Pull image</source>
        <translation>Image laden</translation>
    </message>
    <message>
        <source>List images</source>
        <translation>Images auflisten</translation>
    </message>
    <message>
        <source>Run code</source>
        <translation>Code ausführen</translation>
    </message>
    <message>
        <source>Run code from standard input</source>
        <translation>Code von der Standardeingabe ausführen</translation>
    </message>
    <message>
        <source>Change egress</source>
        <translation>Egress ändern</translation>
    </message>
    <message>
        <source>Create checkpoint</source>
        <translation>Checkpoint anlegen</translation>
    </message>
    <message>
        <source>List checkpoints</source>
        <translation>Checkpoints auflisten</translation>
    </message>
    <message>
        <source>Rewind to checkpoint</source>
        <translation>Zum Checkpoint zurückspulen</translation>
    </message>
    <message>
        <source>Create snapshot</source>
        <translation>Snapshot anlegen</translation>
    </message>
    <message>
        <source>List snapshots</source>
        <translation>Snapshots auflisten</translation>
    </message>
    <message>
        <source>Restore snapshot</source>
        <translation>Snapshot wiederherstellen</translation>
    </message>
    <message>
        <source>Delete snapshot</source>
        <translation>Snapshot löschen</translation>
    </message>
    <message>
        <source>List audit log</source>
        <translation>Audit-Log auflisten</translation>
    </message>
    <message>
        <source>Verify audit log</source>
        <translation>Audit-Log prüfen</translation>
    </message>
    <message>
        <source>Start daemon</source>
        <translation>Daemon starten</translation>
    </message>
    <message>
        <source>Stop daemon</source>
        <translation>Daemon anhalten</translation>
    </message>
    <message>
        <source>Fork sandbox</source>
        <translation>Sandbox abzweigen</translation>
    </message>
    <message>
        <source>List agent tools</source>
        <translation>Agenten-Werkzeuge auflisten</translation>
    </message>
</context>
<context>
    <name>k8::kosa8::SandboxListModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Egress</source>
        <translation>Egress</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>Images</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Angelegt</translation>
    </message>
</context>
<context>
    <name>k8::kosa8::SavedProfile</name>
    <message>
        <source>Remote worker (KOSA8_HOST)</source>
        <translation>Remote-Worker (KOSA8_HOST)</translation>
    </message>
    <message>
        <source>Local daemon</source>
        <translation>Lokaler Daemon</translation>
    </message>
    <message>
        <source>no token</source>
        <translation>kein Token</translation>
    </message>
    <message>
        <source>reading the token from the keychain…</source>
        <translation>Token wird aus dem Schlüsselbund gelesen…</translation>
    </message>
    <message>
        <source>saving the token to the keychain…</source>
        <translation>Token wird im Schlüsselbund gespeichert…</translation>
    </message>
    <message>
        <source>token in the keychain</source>
        <translation>Token im Schlüsselbund</translation>
    </message>
    <message>
        <source>token in the keychain, which cannot be read now</source>
        <translation>Token im Schlüsselbund, derzeit nicht lesbar</translation>
    </message>
    <message>
        <source>token in memory for this session only</source>
        <translation>Token nur für diese Sitzung im Arbeitsspeicher</translation>
    </message>
    <message>
        <source>token not stored</source>
        <translation>Token nicht gespeichert</translation>
    </message>
    <message>
        <source>token still in the settings file (no keychain yet)</source>
        <translation>Token noch in der Einstellungsdatei (noch kein Schlüsselbund)</translation>
    </message>
</context>
<context>
    <name>k8::mcp::DeskClient</name>
    <message>
        <source>it accepted the connection but did not answer.</source>
        <translation>sie hat die Verbindung angenommen, aber nicht geantwortet.</translation>
    </message>
    <message>
        <source>kosa8 Desk is not running or not answering on %1: %2 Nothing was run. Start the app with `kosa8-desk` (the same user, the same KOSA8_DESK_SOCKET), then call the tool again.</source>
        <translation>kosa8 Desk läuft nicht oder antwortet nicht auf %1: %2 Es wurde nichts ausgeführt. Starten Sie die App mit `kosa8-desk` (derselbe Benutzer, derselbe KOSA8_DESK_SOCKET) und rufen Sie das Werkzeug dann erneut auf.</translation>
    </message>
    <message>
        <source>Cancelled before it reached kosa8 Desk.</source>
        <translation>Abgebrochen, bevor es kosa8 Desk erreichte.</translation>
    </message>
    <message>
        <source>its answer was too long to read.</source>
        <translation>ihre Antwort war zu lang zum Lesen.</translation>
    </message>
    <message>
        <source>it refused the connection: %1</source>
        <translation>sie hat die Verbindung abgelehnt: %1</translation>
    </message>
    <message>
        <source>no socket there.</source>
        <translation>dort ist kein Socket.</translation>
    </message>
    <message>
        <source>nobody accepts connections there.</source>
        <translation>dort nimmt niemand Verbindungen an.</translation>
    </message>
    <message>
        <source>the app closed the connection before it answered.</source>
        <translation>die App hat die Verbindung geschlossen, bevor sie antwortete.</translation>
    </message>
    <message>
        <source>the program listening there is not run by your user (%1), so nothing was sent to it.</source>
        <translation>das Programm, das dort lauscht, läuft nicht unter Ihrem Benutzer (%1), daher wurde ihm nichts gesendet.</translation>
    </message>
</context>
<context>
    <name>k8::mcp::McpCommand</name>
    <message>
        <source>An MCP server on standard input and output: its tools run code only after a person approves it in the running kosa8 Desk.</source>
        <translation>Ein MCP-Server auf Standardein- und -ausgabe: Seine Werkzeuge führen Code erst aus, nachdem eine Person ihn im laufenden kosa8 Desk freigegeben hat.</translation>
    </message>
    <message>
        <source>The label kosa8 Desk shows for this client&apos;s requests (default: the MCP client&apos;s name).</source>
        <translation>Die Bezeichnung, die kosa8 Desk für die Anfragen dieses Clients zeigt (Standard: der Name des MCP-Clients).</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NAME</translation>
    </message>
    <message>
        <source>The app&apos;s agent socket (default: KOSA8_DESK_SOCKET, then the usual path).</source>
        <translation>Der Agenten-Socket der App (Standard: KOSA8_DESK_SOCKET, dann der übliche Pfad).</translation>
    </message>
    <message>
        <source>PATH</source>
        <translation>PFAD</translation>
    </message>
    <message>
        <source>Serve MCP on standard input and output.</source>
        <translation>MCP auf Standardein- und -ausgabe bereitstellen.</translation>
    </message>
    <message>
        <source>Usage: kosa8-desk mcp [--agent NAME] [--socket PATH]</source>
        <translation>Aufruf: kosa8-desk mcp [--agent NAME] [--socket PFAD]</translation>
    </message>
    <message>
        <source>Unexpected arguments: %1</source>
        <translation>Unerwartete Argumente: %1</translation>
    </message>
</context>
<context>
    <name>k8::mcp::McpSession</name>
    <message>
        <source>The message is too long: at least %1 bytes, the limit is %2 bytes. It was dropped.</source>
        <translation>Die Nachricht ist zu lang: mindestens %1 Bytes, die Grenze ist %2 Bytes. Sie wurde verworfen.</translation>
    </message>
    <message>
        <source>Unknown method &quot;%1&quot;.</source>
        <translation>Unbekannte Methode „%1“.</translation>
    </message>
    <message>
        <source>The session is not initialized: send &quot;initialize&quot; first, then &quot;%1&quot;.</source>
        <translation>Die Sitzung ist nicht initialisiert: Senden Sie zuerst „initialize“, dann „%1“.</translation>
    </message>
    <message>
        <source>&quot;params&quot; of %1 must be an object.</source>
        <translation>„params“ von %1 muss ein Objekt sein.</translation>
    </message>
    <message>
        <source>The session is already initialized.</source>
        <translation>Die Sitzung ist bereits initialisiert.</translation>
    </message>
    <message>
        <source>&quot;params&quot; of initialize must be an object with protocolVersion, capabilities and clientInfo.</source>
        <translation>„params“ von initialize muss ein Objekt mit protocolVersion, capabilities und clientInfo sein.</translation>
    </message>
    <message>
        <source>&quot;protocolVersion&quot; must be a string.</source>
        <translation>„protocolVersion“ muss eine Zeichenkette sein.</translation>
    </message>
    <message>
        <source>&quot;name&quot; must be the name of a tool (a string).</source>
        <translation>„name“ muss der Name eines Werkzeugs sein (eine Zeichenkette).</translation>
    </message>
    <message>
        <source>Unknown tool &quot;%1&quot;; the tools are run_python, run_bash and request_review.</source>
        <translation>Unbekanntes Werkzeug „%1“; die Werkzeuge sind run_python, run_bash und request_review.</translation>
    </message>
    <message>
        <source>&quot;arguments&quot; must be an object.</source>
        <translation>„arguments“ muss ein Objekt sein.</translation>
    </message>
    <message>
        <source>The id is already used by a call in progress.</source>
        <translation>Die ID wird bereits von einem laufenden Aufruf verwendet.</translation>
    </message>
    <message>
        <source>Invalid arguments for %1: %2</source>
        <translation>Ungültige Argumente für %1: %2</translation>
    </message>
    <message>
        <source>&quot;uri&quot; must be the URI of a resource (a string).</source>
        <translation>„uri“ muss die URI einer Ressource sein (eine Zeichenkette).</translation>
    </message>
    <message>
        <source>No resource &quot;%1&quot;; the resource is %2.</source>
        <translation>Keine Ressource „%1“; die Ressource ist %2.</translation>
    </message>
    <message>
        <source>kosa8 Desk did not list its sandboxes: %1</source>
        <translation>kosa8 Desk hat seine Sandboxen nicht aufgelistet: %1</translation>
    </message>
    <message numerus="yes">
        <source>Running in kosa8 Desk: %n byte(s) of output so far</source>
        <translation>
            <numerusform>Läuft in kosa8 Desk: bisher %n Byte Ausgabe</numerusform>
            <numerusform>Läuft in kosa8 Desk: bisher %n Bytes Ausgabe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Waiting for approval in kosa8 Desk (%n s so far)</source>
        <translation>
            <numerusform>Wartet auf Freigabe in kosa8 Desk (bisher %n s)</numerusform>
            <numerusform>Wartet auf Freigabe in kosa8 Desk (bisher %n s)</numerusform>
        </translation>
    </message>
    <message>
        <source>Waiting for approval in kosa8 Desk</source>
        <translation>Wartet auf Freigabe in kosa8 Desk</translation>
    </message>
</context>
<context>
    <name>k8::mcp::ToolCatalogue</name>
    <message>
        <source>Unknown argument &quot;%1&quot;; the arguments are %2.</source>
        <translation>Unbekanntes Argument „%1“; die Argumente sind %2.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string.</source>
        <translation>„%1“ muss eine Zeichenkette sein.</translation>
    </message>
    <message>
        <source>&quot;timeout_s&quot; must be a number of seconds from 1 to %1.</source>
        <translation>„timeout_s“ muss eine Anzahl Sekunden von 1 bis %1 sein.</translation>
    </message>
    <message>
        <source>&quot;code&quot; is required: the source to run, as a string.</source>
        <translation>„code“ ist erforderlich: der auszuführende Quelltext, als Zeichenkette.</translation>
    </message>
    <message>
        <source>&quot;code&quot; must be a string.</source>
        <translation>„code“ muss eine Zeichenkette sein.</translation>
    </message>
    <message>
        <source>&quot;code&quot; is empty; give the source to run.</source>
        <translation>„code“ ist leer; geben Sie den auszuführenden Quelltext an.</translation>
    </message>
    <message>
        <source>&quot;code&quot; is longer than %1 MiB.</source>
        <translation>„code“ ist länger als %1 MiB.</translation>
    </message>
    <message>
        <source>&quot;payload&quot; is required: the JSON value the person decides on.</source>
        <translation>„payload“ ist erforderlich: der JSON-Wert, über den die Person entscheidet.</translation>
    </message>
    <message>
        <source>Unknown tool &quot;%1&quot;.</source>
        <translation>Unbekanntes Werkzeug „%1“.</translation>
    </message>
</context>
<context>
    <name>k8::mcp::ToolResults</name>
    <message>
        <source>no reason given</source>
        <translation>kein Grund angegeben</translation>
    </message>
    <message>
        <source>The person at kosa8 Desk rejected this run; nothing ran. Reason: %1</source>
        <translation>Die Person an kosa8 Desk hat diese Ausführung abgelehnt; es wurde nichts ausgeführt. Grund: %1</translation>
    </message>
    <message>
        <source>Exit code %1 (sandbox %2, checkpoint %3).</source>
        <translation>Exit-Code %1 (Sandbox %2, Checkpoint %3).</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>The person edited the code before approving it; this code ran:</source>
        <translation>Die Person hat den Code vor der Freigabe bearbeitet; dieser Code wurde ausgeführt:</translation>
    </message>
    <message>
        <source>(The output was longer than kosa8 Desk keeps; it was cut.)</source>
        <translation>(Die Ausgabe war länger, als kosa8 Desk aufbewahrt; sie wurde gekürzt.)</translation>
    </message>
    <message>
        <source>kosa8 Desk could not do this: %1</source>
        <translation>kosa8 Desk konnte das nicht tun: %1</translation>
    </message>
</context>
<context>
    <name>k8::policy::CodeReach</name>
    <message>
        <source>runs another program (%1)</source>
        <translation>führt ein anderes Programm aus (%1)</translation>
    </message>
    <message>
        <source>runs code built at run time (%1)</source>
        <translation>führt zur Laufzeit erzeugten Code aus (%1)</translation>
    </message>
    <message>
        <source>deletes files at a path decided at run time (%1)</source>
        <translation>löscht Dateien unter einem zur Laufzeit bestimmten Pfad (%1)</translation>
    </message>
    <message>
        <source>deletes %1, outside the working folder</source>
        <translation>löscht %1, außerhalb des Arbeitsordners</translation>
    </message>
    <message>
        <source>runs another program (child_process)</source>
        <translation>führt ein anderes Programm aus (child_process)</translation>
    </message>
    <message>
        <source>runs a downloaded script (piped into a shell)</source>
        <translation>führt ein heruntergeladenes Skript aus (an eine Shell weitergeleitet)</translation>
    </message>
    <message>
        <source>reads credentials (%1)</source>
        <translation>liest Zugangsdaten (%1)</translation>
    </message>
    <message>
        <source>declares the source encoding %1: Python that reads the code from a file decodes it into other code than the one shown, which this scan does not see</source>
        <translation>deklariert die Quellkodierung %1: ein Python, das den Code aus einer Datei liest, dekodiert ihn zu anderem Code als dem gezeigten, den diese Prüfung nicht sieht</translation>
    </message>
    <message>
        <source>%1: no port from 0 to 65535, so no host to judge</source>
        <translation>%1: kein Port von 0 bis 65535, also kein Host zu beurteilen</translation>
    </message>
</context>
<context>
    <name>k8::policy::EgressEntry</name>
    <message>
        <source>The entry is empty: type a host name, *.domain, an IP address or a CIDR block.</source>
        <translation>Der Eintrag ist leer: Geben Sie einen Hostnamen, *.domain, eine IP-Adresse oder einen CIDR-Block ein.</translation>
    </message>
    <message>
        <source>%1 contains a space or control character; one entry is one host.</source>
        <translation>%1 enthält ein Leer- oder Steuerzeichen; ein Eintrag ist ein Host.</translation>
    </message>
    <message>
        <source>%1 contains a comma; put each host in its own entry.</source>
        <translation>%1 enthält ein Komma; setzen Sie jeden Host in einen eigenen Eintrag.</translation>
    </message>
    <message>
        <source>%1 is a URL; type only its host, e.g. %2.</source>
        <translation>%1 ist eine URL; geben Sie nur ihren Host ein, z. B. %2.</translation>
    </message>
    <message>
        <source>A lone wildcard would allow every host; choose &quot;Any host&quot; instead.</source>
        <translation>Ein alleinstehender Platzhalter würde jeden Host erlauben; wählen Sie stattdessen „Alle Hosts“.</translation>
    </message>
    <message>
        <source>%1 opens a bracket but does not close it; write [IPv6]:port.</source>
        <translation>%1 öffnet eine Klammer, schließt sie aber nicht; schreiben Sie [IPv6]:Port.</translation>
    </message>
    <message>
        <source>After the closing bracket only :port may follow, not %1.</source>
        <translation>Nach der schließenden Klammer darf nur :Port folgen, nicht %1.</translation>
    </message>
    <message>
        <source>Brackets are only for IPv6 addresses; write %1 without them.</source>
        <translation>Klammern gibt es nur für IPv6-Adressen; schreiben Sie %1 ohne sie.</translation>
    </message>
    <message>
        <source>%1 has a port but no host before it.</source>
        <translation>%1 hat einen Port, aber keinen Host davor.</translation>
    </message>
    <message>
        <source>To give an IPv6 address a port, write it as [ADDRESS]:PORT.</source>
        <translation>Um einer IPv6-Adresse einen Port zu geben, schreiben Sie sie als [ADRESSE]:PORT.</translation>
    </message>
    <message>
        <source>%1 has bits set after the prefix; the block is %2/%3.</source>
        <translation>%1 hat gesetzte Bits nach dem Präfix; der Block ist %2/%3.</translation>
    </message>
    <message>
        <source>A wildcard is allowed only as the whole leftmost label, as in *.example.com.</source>
        <translation>Ein Platzhalter ist nur als ganzes Label ganz links erlaubt, wie in *.example.com.</translation>
    </message>
    <message>
        <source>%1 has a &quot;/&quot;: a CIDR block needs an IP address, e.g. 10.0.0.0/8.</source>
        <translation>%1 enthält ein „/“: Ein CIDR-Block braucht eine IP-Adresse, z. B. 10.0.0.0/8.</translation>
    </message>
    <message>
        <source>%1 would allow every name under a top-level domain; use at least two labels after &quot;*.&quot;.</source>
        <translation>%1 würde jeden Namen unter einer Top-Level-Domain erlauben; verwenden Sie mindestens zwei Labels nach „*.“.</translation>
    </message>
    <message>
        <source>The port after &quot;:&quot; is missing: use a number from 1 to 65535.</source>
        <translation>Der Port nach &quot;:&quot; fehlt: Verwenden Sie eine Zahl von 1 bis 65535.</translation>
    </message>
    <message>
        <source>The port %1 is not a number: use a number from 1 to 65535.</source>
        <translation>Der Port %1 ist keine Zahl: Verwenden Sie eine Zahl von 1 bis 65535.</translation>
    </message>
    <message>
        <source>The port %1 is out of range: use a number from 1 to 65535.</source>
        <translation>Der Port %1 liegt außerhalb des Bereichs: Verwenden Sie eine Zahl von 1 bis 65535.</translation>
    </message>
    <message>
        <source>An IPv4 address is four numbers from 0 to 255 separated by dots.</source>
        <translation>Eine IPv4-Adresse besteht aus vier durch Punkte getrennten Zahlen von 0 bis 255.</translation>
    </message>
    <message>
        <source>%1 is not an IPv4 address.</source>
        <translation>%1 ist keine IPv4-Adresse.</translation>
    </message>
    <message>
        <source>%1 is not an IPv4 address: %2 is more than 255.</source>
        <translation>%1 ist keine IPv4-Adresse: %2 ist größer als 255.</translation>
    </message>
    <message>
        <source>%1 is not an IPv4 address: %2 has a leading zero (it could be read as octal).</source>
        <translation>%1 ist keine IPv4-Adresse: %2 hat eine führende Null (sie könnte als oktal gelesen werden).</translation>
    </message>
    <message>
        <source>%1 is not a valid IPv6 address.</source>
        <translation>%1 ist keine gültige IPv6-Adresse.</translation>
    </message>
    <message>
        <source>The prefix length /%1 is out of range for IPv6: use /0 to /128.</source>
        <translation>Die Präfixlänge /%1 liegt für IPv6 außerhalb des Bereichs: Verwenden Sie /0 bis /128.</translation>
    </message>
    <message>
        <source>The prefix length /%1 is out of range for IPv4: use /0 to /32.</source>
        <translation>Die Präfixlänge /%1 liegt für IPv4 außerhalb des Bereichs: Verwenden Sie /0 bis /32.</translation>
    </message>
    <message>
        <source>The name %1 is %2 characters long; names have at most 253.</source>
        <translation>Der Name %1 ist %2 Zeichen lang; Namen haben höchstens 253.</translation>
    </message>
    <message>
        <source>The name %1 has an empty label (two dots in a row, or a dot at the start).</source>
        <translation>Der Name %1 hat ein leeres Label (zwei Punkte hintereinander oder ein Punkt am Anfang).</translation>
    </message>
    <message>
        <source>The label %1 is %2 characters long; labels have at most 63.</source>
        <translation>Das Label %1 ist %2 Zeichen lang; Labels haben höchstens 63.</translation>
    </message>
    <message>
        <source>The label %1 starts with a hyphen; labels start with a letter or digit.</source>
        <translation>Das Label %1 beginnt mit einem Bindestrich; Labels beginnen mit einem Buchstaben oder einer Ziffer.</translation>
    </message>
    <message>
        <source>The label %1 ends with a hyphen; labels end with a letter or digit.</source>
        <translation>Das Label %1 endet mit einem Bindestrich; Labels enden mit einem Buchstaben oder einer Ziffer.</translation>
    </message>
    <message>
        <source>The name %1 contains %2; host names have letters, digits and hyphens.</source>
        <translation>Der Name %1 enthält %2; Hostnamen bestehen aus Buchstaben, Ziffern und Bindestrichen.</translation>
    </message>
    <message>
        <source>%1 is not a valid internationalised name.</source>
        <translation>%1 ist kein gültiger internationalisierter Name.</translation>
    </message>
    <message>
        <source>Type one host to test, not a wildcard or a block.</source>
        <translation>Geben Sie einen einzelnen Host zum Testen ein, keinen Platzhalter und keinen Block.</translation>
    </message>
</context>
<context>
    <name>k8::policy::EgressPresets</name>
    <message>
        <source>Python packages</source>
        <translation>Python-Pakete</translation>
    </message>
    <message>
        <source>package index (pip, uv)</source>
        <translation>Paketindex (pip, uv)</translation>
    </message>
    <message>
        <source>package downloads</source>
        <translation>Paket-Downloads</translation>
    </message>
    <message>
        <source>npm</source>
        <translation>npm</translation>
    </message>
    <message>
        <source>npm registry</source>
        <translation>npm-Registry</translation>
    </message>
    <message>
        <source>GitHub</source>
        <translation>GitHub</translation>
    </message>
    <message>
        <source>git clone over HTTPS</source>
        <translation>git clone über HTTPS</translation>
    </message>
    <message>
        <source>REST API</source>
        <translation>REST-API</translation>
    </message>
    <message>
        <source>release downloads</source>
        <translation>Release-Downloads</translation>
    </message>
    <message>
        <source>archive downloads</source>
        <translation>Archiv-Downloads</translation>
    </message>
    <message>
        <source>Hugging Face</source>
        <translation>Hugging Face</translation>
    </message>
    <message>
        <source>models and datasets</source>
        <translation>Modelle und Datensätze</translation>
    </message>
    <message>
        <source>large files</source>
        <translation>große Dateien</translation>
    </message>
    <message>
        <source>Debian packages</source>
        <translation>Debian-Pakete</translation>
    </message>
    <message>
        <source>apt mirror</source>
        <translation>apt-Spiegel</translation>
    </message>
    <message>
        <source>Give the preset a name.</source>
        <translation>Geben Sie der Vorlage einen Namen.</translation>
    </message>
    <message>
        <source>The preset name is %1 characters long; at most 80.</source>
        <translation>Der Vorlagenname ist %1 Zeichen lang; höchstens 80.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a built-in preset; choose another name.</source>
        <translation>„%1“ ist eine eingebaute Vorlage; wählen Sie einen anderen Namen.</translation>
    </message>
    <message>
        <source>Cannot read the presets file %1: %2</source>
        <translation>Die Vorlagendatei %1 lässt sich nicht lesen: %2</translation>
    </message>
    <message>
        <source>The presets file %1 is not usable: %2</source>
        <translation>Die Vorlagendatei %1 ist nicht verwendbar: %2</translation>
    </message>
    <message>
        <source>it is larger than 1 MiB</source>
        <translation>sie ist größer als 1 MiB</translation>
    </message>
    <message>
        <source>line %1: not valid JSON (%2)</source>
        <translation>Zeile %1: kein gültiges JSON (%2)</translation>
    </message>
    <message>
        <source>it needs {&quot;version&quot;: 1, &quot;presets&quot;: [...]}</source>
        <translation>sie braucht {&quot;version&quot;: 1, &quot;presets&quot;: [...]}</translation>
    </message>
    <message>
        <source>every preset needs a &quot;name&quot; and &quot;entries&quot;</source>
        <translation>jede Vorlage braucht &quot;name&quot; und &quot;entries&quot;</translation>
    </message>
    <message>
        <source>preset &quot;%1&quot;: %2</source>
        <translation>Vorlage &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>Cannot save the presets to %1: %2</source>
        <translation>Die Vorlagen lassen sich nicht in %1 speichern: %2</translation>
    </message>
</context>
<context>
    <name>k8::policy::EgressRules</name>
    <message>
        <source>Nothing leaves the sandbox, not even DNS lookups. The safe choice for agent code.</source>
        <translation>Nichts verlässt die Sandbox, nicht einmal DNS-Abfragen. Die sichere Wahl für Agenten-Code.</translation>
    </message>
    <message>
        <source>Only the hosts in the list below can be reached; everything else is blocked. *.example.com means its subdomains, not example.com itself.</source>
        <translation>Nur die Hosts in der Liste unten sind erreichbar; alles andere wird blockiert. *.example.com meint die Subdomains, nicht example.com selbst.</translation>
    </message>
    <message>
        <source>The sandbox can reach every host on the internet and your network. Use only for code you trust.</source>
        <translation>Die Sandbox kann jeden Host im Internet und in Ihrem Netzwerk erreichen. Nur für Code verwenden, dem Sie vertrauen.</translation>
    </message>
    <message>
        <source>Connections are answered by a simulated network inside kosa8; nothing reaches a real host. Useful to see what code tries to contact.</source>
        <translation>Verbindungen beantwortet ein simuliertes Netzwerk innerhalb von kosa8; nichts erreicht einen echten Host. Nützlich, um zu sehen, was Code zu kontaktieren versucht.</translation>
    </message>
    <message>
        <source>no network</source>
        <translation>kein Netzwerk</translation>
    </message>
    <message>
        <source>any</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>fakenet</source>
        <translation>Fakenet</translation>
    </message>
    <message>
        <source>no hosts</source>
        <translation>keine Hosts</translation>
    </message>
    <message numerus="yes">
        <source>%n hosts</source>
        <translation>
            <numerusform>%n Host</numerusform>
            <numerusform>%n Hosts</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Duplicate of entry %1 (%2); remove one of them.</source>
        <translation>Doppelt mit Eintrag %1 (%2); entfernen Sie einen davon.</translation>
    </message>
    <message>
        <source>Already allowed by entry %1 (%2); this entry changes nothing.</source>
        <translation>Bereits durch Eintrag %1 (%2) erlaubt; dieser Eintrag ändert nichts.</translation>
    </message>
    <message>
        <source>Choose a network mode: no network, allow-list, any or fakenet.</source>
        <translation>Wählen Sie einen Netzwerkmodus: kein Netzwerk, Freigabeliste, alle oder Fakenet.</translation>
    </message>
    <message>
        <source>The allow-list is empty: add at least one host, or choose &quot;No network&quot;.</source>
        <translation>Die Freigabeliste ist leer: Fügen Sie mindestens einen Host hinzu oder wählen Sie „Kein Netzwerk“.</translation>
    </message>
    <message>
        <source>Entry %1 (%2): %3</source>
        <translation>Eintrag %1 (%2): %3</translation>
    </message>
    <message>
        <source>not a host</source>
        <translation>kein Host</translation>
    </message>
    <message>
        <source>blocked: the sandbox has no network</source>
        <translation>blockiert: Die Sandbox hat kein Netzwerk</translation>
    </message>
    <message>
        <source>allowed: the sandbox may reach any host</source>
        <translation>erlaubt: Die Sandbox darf jeden Host erreichen</translation>
    </message>
    <message>
        <source>simulated: fakenet answers inside kosa8, nothing reaches the real host</source>
        <translation>simuliert: Fakenet antwortet innerhalb von kosa8, nichts erreicht den echten Host</translation>
    </message>
    <message>
        <source>allowed by %1</source>
        <translation>erlaubt durch %1</translation>
    </message>
    <message>
        <source>blocked: %1 allows only port %2</source>
        <translation>blockiert: %1 erlaubt nur Port %2</translation>
    </message>
    <message>
        <source>blocked: %1 allows only port %2, not %3</source>
        <translation>blockiert: %1 erlaubt nur Port %2, nicht %3</translation>
    </message>
    <message>
        <source>blocked: %1 covers subdomains only, not %2 itself; add %2</source>
        <translation>blockiert: %1 deckt nur Subdomains ab, nicht %2 selbst; fügen Sie %2 hinzu</translation>
    </message>
    <message>
        <source>blocked: not in the allow-list (names are not resolved to match address entries)</source>
        <translation>blockiert: nicht in der Freigabeliste (Namen werden für den Abgleich mit Adresseinträgen nicht aufgelöst)</translation>
    </message>
    <message>
        <source>blocked: not in the allow-list</source>
        <translation>blockiert: nicht in der Freigabeliste</translation>
    </message>
    <message>
        <source>mode: no network (deny)</source>
        <translation>Modus: kein Netzwerk (deny)</translation>
    </message>
    <message>
        <source>mode: any host</source>
        <translation>Modus: alle Hosts</translation>
    </message>
    <message>
        <source>mode: fakenet</source>
        <translation>Modus: Fakenet</translation>
    </message>
    <message>
        <source>mode: allow-list</source>
        <translation>Modus: Freigabeliste</translation>
    </message>
    <message>
        <source>mode: unknown</source>
        <translation>Modus: unbekannt</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>Zeile %1: %2</translation>
    </message>
    <message>
        <source>the file is larger than 1 MiB; a policy file is small</source>
        <translation>die Datei ist größer als 1 MiB; eine Richtliniendatei ist klein</translation>
    </message>
    <message>
        <source>not valid JSON (%1)</source>
        <translation>kein gültiges JSON (%1)</translation>
    </message>
    <message>
        <source>the file must hold one JSON object with &quot;version&quot;, &quot;mode&quot; and &quot;entries&quot;</source>
        <translation>die Datei muss ein JSON-Objekt mit &quot;version&quot;, &quot;mode&quot; und &quot;entries&quot; enthalten</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; (allowed: version, mode, entries)</source>
        <translation>unbekannter Schlüssel &quot;%1&quot; (erlaubt: version, mode, entries)</translation>
    </message>
    <message>
        <source>the &quot;version&quot; field is missing (this app writes version 1)</source>
        <translation>das Feld &quot;version&quot; fehlt (diese App schreibt Version 1)</translation>
    </message>
    <message>
        <source>version %1 is newer than this app understands (1)</source>
        <translation>Version %1 ist neuer, als diese App versteht (1)</translation>
    </message>
    <message>
        <source>&quot;version&quot; must be the number 1</source>
        <translation>&quot;version&quot; muss die Zahl 1 sein</translation>
    </message>
    <message>
        <source>&quot;mode&quot; must be one of &quot;deny&quot;, &quot;allow&quot;, &quot;any&quot;, &quot;fakenet&quot;</source>
        <translation>&quot;mode&quot; muss eines von &quot;deny&quot;, &quot;allow&quot;, &quot;any&quot;, &quot;fakenet&quot; sein</translation>
    </message>
    <message>
        <source>unknown mode &quot;%1&quot; (allowed: deny, allow, any, fakenet)</source>
        <translation>unbekannter Modus &quot;%1&quot; (erlaubt: deny, allow, any, fakenet)</translation>
    </message>
    <message>
        <source>&quot;entries&quot; must be a list of {&quot;entry&quot;: ..., &quot;note&quot;: ...}</source>
        <translation>&quot;entries&quot; muss eine Liste von {&quot;entry&quot;: ..., &quot;note&quot;: ...} sein</translation>
    </message>
    <message>
        <source>mode &quot;%1&quot; takes no entries; use mode &quot;allow&quot; for an allow-list</source>
        <translation>Modus &quot;%1&quot; nimmt keine Einträge; verwenden Sie Modus &quot;allow&quot; für eine Freigabeliste</translation>
    </message>
    <message>
        <source>entry %1 is not an object {&quot;entry&quot;: ..., &quot;note&quot;: ...}</source>
        <translation>Eintrag %1 ist kein Objekt {&quot;entry&quot;: ..., &quot;note&quot;: ...}</translation>
    </message>
    <message>
        <source>entry %1 has an unknown key &quot;%2&quot; (allowed: entry, note)</source>
        <translation>Eintrag %1 hat einen unbekannten Schlüssel &quot;%2&quot; (erlaubt: entry, note)</translation>
    </message>
    <message>
        <source>entry %1 has no &quot;entry&quot; text</source>
        <translation>Eintrag %1 hat keinen &quot;entry&quot;-Text</translation>
    </message>
    <message>
        <source>entry %1: &quot;note&quot; must be text</source>
        <translation>Eintrag %1: &quot;note&quot; muss Text sein</translation>
    </message>
    <message>
        <source>entry %1 (%2): %3</source>
        <translation>Eintrag %1 (%2): %3</translation>
    </message>
    <message>
        <source>mode &quot;allow&quot; needs at least one entry (an empty allow-list is &quot;deny&quot;)</source>
        <translation>Modus &quot;allow&quot; braucht mindestens einen Eintrag (eine leere Freigabeliste ist &quot;deny&quot;)</translation>
    </message>
</context>
<context>
    <name>k8::secrets::KeychainSecretStore</name>
    <message>
        <source>the system keychain</source>
        <translation>der Schlüsselbund des Systems</translation>
    </message>
</context>
<context>
    <name>k8::secrets::MemorySecretStore</name>
    <message>
        <source>the test keychain</source>
        <translation>der Test-Schlüsselbund</translation>
    </message>
    <message>
        <source>memory (this session only)</source>
        <translation>Arbeitsspeicher (nur diese Sitzung)</translation>
    </message>
</context>
<context>
    <name>k8::secrets::ProfileSecrets</name>
    <message>
        <source>The token of the profile &quot;%1&quot; is gone</source>
        <translation>Das Token des Profils „%1“ ist weg</translation>
    </message>
    <message>
        <source>The keychain holds no token for it any more. Enter it again in Settings → Connection profiles.</source>
        <translation>Der Schlüsselbund enthält dafür kein Token mehr. Geben Sie es unter Einstellungen → Verbindungsprofile erneut ein.</translation>
    </message>
    <message>
        <source>The token of the profile &quot;%1&quot; could not be read</source>
        <translation>Das Token des Profils „%1“ konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>%1 kosa8 runs without it until it can be read; enter it again in Settings → Connection profiles to use it for this session.</source>
        <translation>%1 kosa8 läuft ohne das Token, bis es gelesen werden kann; geben Sie es unter Einstellungen → Verbindungsprofile erneut ein, um es in dieser Sitzung zu verwenden.</translation>
    </message>
    <message>
        <source>The token cannot be moved to a keychain</source>
        <translation>Das Token kann nicht in einen Schlüsselbund verschoben werden</translation>
    </message>
    <message>
        <source>kosa8 Desk now keeps tokens in the system keychain, never in its settings file. The token of the profile &quot;%1&quot; could not be moved there: %2

Remove it from the settings file and keep it in memory for this session only? You will have to enter it again after quitting. Otherwise it stays in the settings file (readable by you only) until a keychain is available.</source>
        <translation>kosa8 Desk bewahrt Tokens jetzt im Schlüsselbund des Systems auf, nie in seiner Einstellungsdatei. Das Token des Profils „%1“ konnte nicht dorthin verschoben werden: %2

Aus der Einstellungsdatei entfernen und nur für diese Sitzung im Arbeitsspeicher behalten? Sie müssen es nach dem Beenden erneut eingeben. Andernfalls bleibt es in der Einstellungsdatei (nur für Sie lesbar), bis ein Schlüsselbund verfügbar ist.</translation>
    </message>
    <message>
        <source>Keep in memory only</source>
        <translation>Nur im Arbeitsspeicher behalten</translation>
    </message>
    <message>
        <source>The token of the profile &quot;%1&quot; is still in the settings file</source>
        <translation>Das Token des Profils „%1“ ist noch in der Einstellungsdatei</translation>
    </message>
    <message>
        <source>No keychain could take it. It is used as before and moved when a keychain answers at a later start.</source>
        <translation>Kein Schlüsselbund konnte es aufnehmen. Es wird wie bisher verwendet und verschoben, sobald bei einem späteren Start ein Schlüsselbund antwortet.</translation>
    </message>
    <message>
        <source>No keychain for the token</source>
        <translation>Kein Schlüsselbund für das Token</translation>
    </message>
    <message>
        <source>The token of the profile &quot;%1&quot; cannot be kept in a keychain: %2

Keep it in memory for this session only? It is never written to the settings file; you will have to enter it again after quitting.</source>
        <translation>Das Token des Profils „%1“ kann nicht in einem Schlüsselbund aufbewahrt werden: %2

Nur für diese Sitzung im Arbeitsspeicher behalten? Es wird nie in die Einstellungsdatei geschrieben; Sie müssen es nach dem Beenden erneut eingeben.</translation>
    </message>
</context>
<context>
    <name>k8::secrets::SecretStore</name>
    <message>
        <source>No keychain is available (no secret service answered).</source>
        <translation>Kein Schlüsselbund verfügbar (kein Secret Service hat geantwortet).</translation>
    </message>
    <message>
        <source>The keychain holds no token for this profile.</source>
        <translation>Der Schlüsselbund enthält kein Token für dieses Profil.</translation>
    </message>
    <message>
        <source>Access to the keychain was denied.</source>
        <translation>Der Zugriff auf den Schlüsselbund wurde verweigert.</translation>
    </message>
    <message>
        <source>The keychain reported an error.</source>
        <translation>Der Schlüsselbund hat einen Fehler gemeldet.</translation>
    </message>
</context>
<context>
    <name>k8::secrets::ServerApiKeys</name>
    <message>
        <source>no API key</source>
        <translation>kein API-Schlüssel</translation>
    </message>
    <message>
        <source>reading the API key from %1…</source>
        <translation>API-Schlüssel wird aus %1 gelesen…</translation>
    </message>
    <message>
        <source>saving the API key to %1…</source>
        <translation>API-Schlüssel wird in %1 gespeichert…</translation>
    </message>
    <message>
        <source>API key in %1</source>
        <translation>API-Schlüssel in %1</translation>
    </message>
    <message>
        <source>API key in %1: it is forgotten at quit</source>
        <translation>API-Schlüssel in %1: er wird beim Beenden vergessen</translation>
    </message>
    <message>
        <source>API key in memory for this session only: %1 could not keep it (%2)</source>
        <translation>API-Schlüssel nur für diese Sitzung im Speicher: %1 konnte ihn nicht aufbewahren (%2)</translation>
    </message>
    <message>
        <source>API key in %1, which cannot be read now (%2)</source>
        <translation>API-Schlüssel in %1, das gerade nicht gelesen werden kann (%2)</translation>
    </message>
</context>
<context>
    <name>k8::timeline::JsonLines</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 lässt sich nicht öffnen: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 lässt sich nicht schreiben: %2</translation>
    </message>
</context>
<context>
    <name>k8::timeline::RunJournal</name>
    <message>
        <source>kosa8 Desk ended while this run was going on, and kosa8 was stopped with it; its result is unknown.</source>
        <translation>kosa8 Desk wurde während dieser Ausführung beendet, und kosa8 wurde mit beendet; ihr Ergebnis ist unbekannt.</translation>
    </message>
    <message>
        <source>Cannot empty %1: %2</source>
        <translation>%1 lässt sich nicht leeren: %2</translation>
    </message>
</context>
<context>
    <name>k8::timeline::TimelineBuilder</name>
    <message>
        <source>kosa8 listed the checkpoint &quot;%1&quot; more than once.</source>
        <translation>kosa8 hat den Checkpoint „%1“ mehrfach aufgeführt.</translation>
    </message>
    <message numerus="yes">
        <source>kosa8 marked %n checkpoints as current; none is shown as current.</source>
        <translation>
            <numerusform>kosa8 hat %n Checkpoint als aktuell markiert; keiner wird als aktuell gezeigt.</numerusform>
            <numerusform>kosa8 hat %n Checkpoints als aktuell markiert; keiner wird als aktuell gezeigt.</numerusform>
        </translation>
    </message>
    <message>
        <source>The base checkpoint &quot;%1&quot; is no longer listed.</source>
        <translation>Der Basis-Checkpoint „%1“ wird nicht mehr aufgeführt.</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) name a checkpoint kosa8 no longer lists; they are marked &quot;checkpoint gone&quot;.</source>
        <translation>
            <numerusform>%n Ausführung nennt einen Checkpoint, den kosa8 nicht mehr aufführt; sie ist als „Checkpoint weg“ markiert.</numerusform>
            <numerusform>%n Ausführungen nennen einen Checkpoint, den kosa8 nicht mehr aufführt; sie sind als „Checkpoint weg“ markiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 T.</translation>
    </message>
    <message>
        <source>time unknown</source>
        <translation>Zeit unbekannt</translation>
    </message>
    <message>
        <source>Checkpoint %1, %2, %3</source>
        <translation>Checkpoint %1, %2, %3</translation>
    </message>
    <message>
        <source>size unknown</source>
        <translation>Größe unbekannt</translation>
    </message>
    <message>
        <source>, base</source>
        <translation>, Basis</translation>
    </message>
    <message>
        <source>, you are here</source>
        <translation>, Sie sind hier</translation>
    </message>
    <message>
        <source>Snapshot %1, %2, %3</source>
        <translation>Snapshot %1, %2, %3</translation>
    </message>
    <message>
        <source>result not recorded</source>
        <translation>Ergebnis nicht aufgezeichnet</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>Exit-Code %1</translation>
    </message>
    <message>
        <source>kosa8 failed</source>
        <translation>kosa8 fehlgeschlagen</translation>
    </message>
    <message>
        <source>, checkpoint %1 gone</source>
        <translation>, Checkpoint %1 weg</translation>
    </message>
    <message>
        <source>Forked into %1, %2</source>
        <translation>Abgezweigt nach %1, %2</translation>
    </message>
    <message>
        <source>Forked from %1, %2</source>
        <translation>Abgezweigt von %1, %2</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Angelegt</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <source>Decided by</source>
        <translation>Entschieden von</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Image</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Checkpoint before it</source>
        <translation>Checkpoint davor</translation>
    </message>
    <message>
        <source>none taken</source>
        <translation>keiner angelegt</translation>
    </message>
    <message>
        <source>Exit code</source>
        <translation>Exit-Code</translation>
    </message>
    <message>
        <source>kosa8 error</source>
        <translation>kosa8-Fehler</translation>
    </message>
    <message>
        <source>Forked sandbox</source>
        <translation>Abgezweigte Sandbox</translation>
    </message>
    <message>
        <source>Copies</source>
        <translation>Kopien</translation>
    </message>
    <message>
        <source>Running from checkpoint</source>
        <translation>Läuft ab Checkpoint</translation>
    </message>
    <message>
        <source>cut off</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Cut off</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Run: %1, by %2, %3, decided by %4, %5</source>
        <translation>Lauf: %1, von %2, %3, entschieden von %4, %5</translation>
    </message>
</context>
<context>
    <name>k8::timeline::TimelineLoader</name>
    <message>
        <source>The checkpoints of %1 could not be listed.</source>
        <translation>Die Checkpoints von %1 konnten nicht aufgelistet werden.</translation>
    </message>
    <message>
        <source>The snapshots of %1 could not be listed.</source>
        <translation>Die Snapshots von %1 konnten nicht aufgelistet werden.</translation>
    </message>
    <message>
        <source>checkpoint ls, line %1: %2 (%3)</source>
        <translation>checkpoint ls, Zeile %1: %2 (%3)</translation>
    </message>
    <message>
        <source>snapshot ls, line %1: %2 (%3)</source>
        <translation>snapshot ls, Zeile %1: %2 (%3)</translation>
    </message>
</context>
<context>
    <name>k8::timeline::TimelineStore</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 lässt sich nicht lesen: %2</translation>
    </message>
    <message>
        <source>%1 is not a JSON object (%2); timeline settings are not saved until it is fixed or removed.</source>
        <translation>%1 ist kein JSON-Objekt (%2); Zeitleisten-Einstellungen werden erst gespeichert, wenn die Datei korrigiert oder entfernt ist.</translation>
    </message>
    <message>
        <source>%1 could not be read, so it is not overwritten.</source>
        <translation>%1 konnte nicht gelesen werden und wird daher nicht überschrieben.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 lässt sich nicht schreiben: %2</translation>
    </message>
</context>
<context>
    <name>k8::trial::CopyRemoval</name>
    <message>
        <source>%1 was not removed: kosa8 is not available.</source>
        <translation>%1 wurde nicht entfernt: kosa8 ist nicht verfügbar.</translation>
    </message>
    <message>
        <source>Stopping the copy %1 so that it can be removed</source>
        <translation>Die Kopie %1 wird angehalten, damit sie entfernt werden kann</translation>
    </message>
    <message>
        <source>Removing the copy %1</source>
        <translation>Die Kopie %1 wird entfernt</translation>
    </message>
    <message>
        <source>kosa8 could not remove the copy %1; it stays on the list of leftover copies and is removed at the next start. %2</source>
        <translation>kosa8 konnte die Kopie %1 nicht entfernen; sie bleibt auf der Liste übrig gebliebener Kopien und wird beim nächsten Start entfernt. %2</translation>
    </message>
</context>
<context>
    <name>k8::trial::HostMountRecord</name>
    <message>
        <source>%1 has host folders mounted (-v); a copy could share them.</source>
        <translation>In %1 sind Host-Ordner eingehängt (-v); eine Kopie könnte sie teilen.</translation>
    </message>
    <message>
        <source>%1 was created again outside kosa8 Desk, so it is not known whether host folders are mounted in it.</source>
        <translation>%1 wurde außerhalb von kosa8 Desk neu angelegt, daher ist nicht bekannt, ob Host-Ordner darin eingehängt sind.</translation>
    </message>
    <message>
        <source>kosa8 Desk has no record of creating %1 (it records the sandboxes it creates, and whether with host folders), so it is not known whether host folders are mounted in it; a copy could share them.</source>
        <translation>kosa8 Desk hat keinen Vermerk, %1 angelegt zu haben (es vermerkt die Sandboxes, die es anlegt, und ob mit Host-Ordnern), daher ist nicht bekannt, ob Host-Ordner darin eingehängt sind; eine Kopie könnte sie teilen.</translation>
    </message>
</context>
<context>
    <name>k8::trial::TrialCopies</name>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>k8::trial::TrialKit</name>
    <message>
        <source>kosa8 is not available.</source>
        <translation>kosa8 ist nicht verfügbar.</translation>
    </message>
    <message>
        <source>No sandbox is chosen for this run.</source>
        <translation>Für diese Ausführung ist keine Sandbox gewählt.</translation>
    </message>
    <message>
        <source>%1 is itself a throwaway copy from an earlier trial.</source>
        <translation>%1 ist selbst eine Wegwerfkopie aus einem früheren Probelauf.</translation>
    </message>
    <message>
        <source>%1 is not in kosa8&apos;s sandbox list, so it cannot be forked.</source>
        <translation>%1 steht nicht in der Sandbox-Liste von kosa8 und lässt sich daher nicht forken.</translation>
    </message>
    <message>
        <source>%1 is %2; only a running sandbox can be forked.</source>
        <translation>%1 ist %2; nur eine laufende Sandbox lässt sich forken.</translation>
    </message>
</context>
<context>
    <name>k8::trial::TrialRun</name>
    <message>
        <source>kosa8 is not available.</source>
        <translation>kosa8 ist nicht verfügbar.</translation>
    </message>
    <message>
        <source>Making a throwaway copy of %1</source>
        <translation>Wegwerfkopie von %1 wird angelegt</translation>
    </message>
    <message>
        <source>kosa8 could not fork %1. %2</source>
        <translation>kosa8 konnte %1 nicht forken. %2</translation>
    </message>
    <message>
        <source>kosa8 forked %1 but printed no name for the copy, so the app cannot run the code in it or remove it. Check the sandbox list for a copy of %1.</source>
        <translation>kosa8 hat %1 geforkt, aber keinen Namen für die Kopie ausgegeben; die App kann den Code darin daher weder ausführen noch die Kopie entfernen. Prüfen Sie die Sandbox-Liste auf eine Kopie von %1.</translation>
    </message>
    <message>
        <source>The copy could not be written down, so it is removed at once. %1</source>
        <translation>Die Kopie konnte nicht vermerkt werden und wird daher sofort entfernt. %1</translation>
    </message>
    <message>
        <source>kosa8 made %1 copies where one was asked for; they are removed.</source>
        <translation>kosa8 hat %1 Kopien angelegt, wo eine verlangt war; sie werden entfernt.</translation>
    </message>
    <message>
        <source>The trial was stopped.</source>
        <translation>Der Probelauf wurde angehalten.</translation>
    </message>
    <message>
        <source>Cutting the copy&apos;s network</source>
        <translation>Das Netzwerk der Kopie wird getrennt</translation>
    </message>
    <message>
        <source>kosa8 could not cut the copy&apos;s network, so the code was not run. %1</source>
        <translation>kosa8 konnte das Netzwerk der Kopie nicht trennen, daher wurde der Code nicht ausgeführt. %1</translation>
    </message>
    <message>
        <source>Reading the copy&apos;s network back</source>
        <translation>Das Netzwerk der Kopie wird zurückgelesen</translation>
    </message>
    <message>
        <source>kosa8 could not list the sandboxes, so the copy&apos;s network could not be checked and the code was not run. %1</source>
        <translation>kosa8 konnte die Sandboxes nicht auflisten, daher ließ sich das Netzwerk der Kopie nicht prüfen und der Code wurde nicht ausgeführt. %1</translation>
    </message>
    <message>
        <source>the copy is not in the list</source>
        <translation>die Kopie steht nicht in der Liste</translation>
    </message>
    <message>
        <source>its egress reads &quot;%1&quot;</source>
        <translation>ihr Egress lautet „%1“</translation>
    </message>
    <message>
        <source>The copy&apos;s network could not be confirmed as cut (%1), so the code was not run.</source>
        <translation>Dass das Netzwerk der Kopie getrennt ist, ließ sich nicht bestätigen (%1), daher wurde der Code nicht ausgeführt.</translation>
    </message>
    <message>
        <source>Running the code in the copy</source>
        <translation>Der Code läuft in der Kopie</translation>
    </message>
    <message>
        <source>The code did not finish within the trial&apos;s time limit of %1 s; it was stopped.</source>
        <translation>Der Code endete nicht innerhalb des Zeitlimits des Probelaufs von %1 s; er wurde angehalten.</translation>
    </message>
    <message>
        <source>The trial was stopped while the code ran.</source>
        <translation>Der Probelauf wurde angehalten, während der Code lief.</translation>
    </message>
    <message>
        <source>Reading the sandbox list</source>
        <translation>Die Sandbox-Liste wird gelesen</translation>
    </message>
    <message>
        <source>kosa8 could not list the sandboxes, so nothing was forked. %1</source>
        <translation>kosa8 konnte die Sandboxes nicht auflisten, daher wurde nichts geforkt. %1</translation>
    </message>
    <message>
        <source>kosa8 does not list %1 as running, so it was not forked.</source>
        <translation>kosa8 führt %1 nicht als laufend, daher wurde es nicht geforkt.</translation>
    </message>
    <message>
        <source>kosa8 named %1 as the copy, but it existed before the fork; it was not touched, and nothing was run.</source>
        <translation>kosa8 hat %1 als Kopie genannt, das aber schon vor dem Fork existierte; es wurde nicht angerührt, und nichts wurde ausgeführt.</translation>
    </message>
    <message>
        <source>kosa8 also named %1, which existed before the fork and was not touched; the new copies are removed and nothing was run.</source>
        <translation>kosa8 hat auch %1 genannt, das schon vor dem Fork existierte und nicht angerührt wurde; die neuen Kopien werden entfernt, und nichts wurde ausgeführt.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Try kosa8-desk --help.</source>
        <translation>Siehe kosa8-desk --help.</translation>
    </message>
    <message>
        <source>Agent requests</source>
        <translation>Anfragen von Agenten</translation>
    </message>
    <message>
        <source>The decision ledger is not as kosa8 Desk left it</source>
        <translation>Das Entscheidungs-Ledger ist nicht so, wie kosa8 Desk es hinterlassen hat</translation>
    </message>
    <message>
        <source>Could not reset %1 to its base after a run</source>
        <translation>%1 konnte nach einer Ausführung nicht auf seine Basis zurückgesetzt werden</translation>
    </message>
    <message>
        <source>No reset after the run</source>
        <translation>Kein Zurücksetzen nach der Ausführung</translation>
    </message>
    <message>
        <source>Decisions cannot be recorded</source>
        <translation>Entscheidungen können nicht aufgezeichnet werden</translation>
    </message>
    <message>
        <source>Start kosa8 Desk with --socket and a shorter path.</source>
        <translation>Starten Sie kosa8 Desk mit --socket und einem kürzeren Pfad.</translation>
    </message>
    <message>
        <source>Stop the program that listens on %1 (another kosa8 Desk with another data folder?), or start kosa8 Desk with --socket and another path.</source>
        <translation>Beenden Sie das Programm, das auf %1 lauscht (ein anderes kosa8 Desk mit einem anderen Datenordner?), oder starten Sie kosa8 Desk mit --socket und einem anderen Pfad.</translation>
    </message>
    <message>
        <source>Move the file %1 away, or start kosa8 Desk with --socket and another path.</source>
        <translation>Verschieben Sie die Datei %1 an einen anderen Ort, oder starten Sie kosa8 Desk mit --socket und einem anderen Pfad.</translation>
    </message>
    <message>
        <source>Fix what is said above, or start kosa8 Desk with --socket and another path.</source>
        <translation>Beheben Sie das oben Genannte, oder starten Sie kosa8 Desk mit --socket und einem anderen Pfad.</translation>
    </message>
    <message>
        <source>Then choose Retry on the Inbox page. Sandboxes, the timeline, the history and the settings work meanwhile.</source>
        <translation>Wählen Sie dann auf der Seite „Posteingang“ „Wiederholen“. Sandboxes, Zeitleiste, Verlauf und Einstellungen funktionieren währenddessen.</translation>
    </message>
    <message>
        <source>Agents cannot connect</source>
        <translation>Agenten können sich nicht verbinden</translation>
    </message>
    <message>
        <source>kosa8 Desk is already running; its window was brought to the front</source>
        <translation>kosa8 Desk läuft bereits; sein Fenster wurde in den Vordergrund geholt</translation>
    </message>
    <message>
        <source>Agents cannot connect: %1</source>
        <translation>Agenten können sich nicht verbinden: %1</translation>
    </message>
    <message>
        <source>%1 Until the decision ledger can be written, nothing is approved: requests a standing rule would approve are answered with a rejection, and a decision you make stays in the inbox unsent. To fix it, free space on the disk that holds %2 (or raise the quota); the next decision is then recorded and this message goes away.</source>
        <translation>%1 Solange das Entscheidungsprotokoll nicht geschrieben werden kann, wird nichts genehmigt: Anfragen, die eine dauerhafte Regel genehmigen würde, werden abgelehnt, und eine Entscheidung, die Sie treffen, bleibt unversendet im Posteingang. Zur Abhilfe geben Sie Platz auf dem Datenträger frei, der %2 enthält (oder erhöhen Sie das Kontingent); die nächste Entscheidung wird dann aufgezeichnet, und diese Meldung verschwindet.</translation>
    </message>
    <message>
        <source>A run was cut off</source>
        <translation>Eine Ausführung wurde abgebrochen</translation>
    </message>
    <message>
        <source>The run of agent %1 in sandbox %2 (request %3), started %4, did not finish: kosa8 Desk ended while it ran, and kosa8 was stopped with it. Its result is unknown; the sandbox may hold what the run did until then. History and the sandbox&apos;s timeline list it as cut off.</source>
        <translation>Die Ausführung des Agenten %1 in der Sandbox %2 (Anfrage %3), gestartet %4, ist nicht fertig geworden: kosa8 Desk wurde beendet, während sie lief, und kosa8 wurde mit beendet. Ihr Ergebnis ist unbekannt; die Sandbox kann enthalten, was die Ausführung bis dahin getan hat. Der Verlauf und die Zeitleiste der Sandbox führen sie als abgebrochen.</translation>
    </message>
    <message>
        <source>LangGraph server unreachable</source>
        <translation>LangGraph-Server nicht erreichbar</translation>
    </message>
    <message>
        <source>%1 cannot be reached (%2). Its interrupts wait there; kosa8 Desk tries again every few seconds.</source>
        <translation>%1 ist nicht erreichbar (%2). Seine Interrupts warten dort; kosa8 Desk versucht es alle paar Sekunden erneut.</translation>
    </message>
    <message>
        <source>LangGraph server %1</source>
        <translation>LangGraph-Server %1</translation>
    </message>
</context>
</TS>
