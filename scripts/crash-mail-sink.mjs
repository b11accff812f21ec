// The crash test's mail server: an SMTP server in the test's own process that keeps the envelope
// and subject of every message it accepts, so the test can say which order's mails arrived. A
// message whose sender died mid-transfer never ends its DATA and is not kept, as a real server
// would not deliver it. (scripts/bench-mail-sink.mjs keeps only sign-in codes and confirmations.)
//
//   startMailServer() → { url, mails, codeOf(email), stop() }
import { SMTPServer } from 'smtp-server';

/** The six-digit code of a sign-in mail: alone on an indented line (quoted-printable joined). */
const codeIn = (raw) => raw.replace(/=\r?\n/g, '').match(/^\s{2,}(\d{6})\s*$/m)?.[1];
/** The Subject header, its folded lines joined. */
const subjectIn = (raw) => {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
  return head.replace(/\r?\n[ \t]+/g, ' ').match(/^Subject: (.*)$/im)?.[1] ?? '';
};

export async function startMailServer() {
  /** every message accepted: { to: [addresses], subject } */
  const mails = [];
  const codes = new Map();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push({ to, subject: subjectIn(raw) });
        const code = codeIn(raw);
        if (code) for (const address of to) codes.set(address, code);
        callback();
      });
    },
  });
  // A sender that dies (the killed worker) resets its connection: its message is not kept, and
  // the server goes on serving the others.
  server.on('error', () => {});
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    mails,
    /** the newest sign-in code mailed to `email`, waited for up to 10 s */
    async codeOf(email) {
      for (let i = 0; i < 200; i++) {
        const code = codes.get(email.toLowerCase());
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no sign-in code mailed to ${email}`);
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
