// The mail server of the checkout bench: an SMTP server in a process of its own that accepts
// every message and tells the bench each sign-in code it carries. In production the shop hands
// its mail to an SMTP relay on another machine (production refuses to start without SMTP_URL
// unless told to dry-run into the outbox), so the bench sends its mail the same way; being a
// process of its own, the sink's CPU is counted apart from the shop's and the buyers'. It also
// notes when each order confirmation arrives, so the bench can say how long after the payment
// the customer's mail reached the mail server.
//
//   startMailSink() → { url, pid, codeOf(email), confirmedAt(orderNumber), stop() }
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The six-digit code of a sign-in mail: alone on an indented line (quoted-printable joined). */
const codeIn = (raw) => raw.replace(/=\r?\n/g, '').match(/^\s{2,}(\d{6})\s*$/m)?.[1];
/** The order number of an order confirmation, from its subject line. */
const confirmedIn = (raw) => raw.match(/^Subject: Order confirmed: (MM-[0-9A-Z-]{1,30})\r?$/m)?.[1];

async function serve() {
  const { SMTPServer } = await import('smtp-server');
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const at = Date.now();
        const raw = Buffer.concat(chunks).toString('utf8');
        const code = codeIn(raw);
        if (code) for (const to of session.envelope.rcptTo) process.send({ to: to.address, code });
        const order = confirmedIn(raw);
        if (order) process.send({ order, at });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1', () => {
    process.send({ url: `smtp://127.0.0.1:${server.server.address().port}` });
  });
  process.on('disconnect', () => process.exit(0));
}

/** Starts the sink in a child process; `codeOf` waits up to 10 s for a code mailed to `email`. */
export async function startMailSink() {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: 'ignore' });
  const url = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the mail sink stopped (${code})`)));
    child.once('message', (message) => resolve(message.url));
  });
  // Each recipient's newest code, and when each order's confirmation arrived.
  const codes = new Map();
  const confirmations = new Map();
  child.on('message', ({ to, code, order, at }) => {
    if (code) codes.set(to, code);
    if (order) confirmations.set(order, at);
  });
  return {
    url,
    pid: child.pid,
    async codeOf(email) {
      for (let i = 0; i < 200; i++) {
        const code = codes.get(email);
        if (code) return code;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no sign-in code mailed to ${email}`);
    },
    /** When the confirmation of `orderNumber` reached the sink (Date.now() time), if it did. */
    confirmedAt: (orderNumber) => confirmations.get(orderNumber),
    stop() {
      child.removeAllListeners('exit');
      child.kill();
    },
  };
}

if (process.argv[2] === '--serve') await serve();
