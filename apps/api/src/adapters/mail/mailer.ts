import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { composeMail, type MailMessage, parseMailbox } from './compose';

/** The one way the API sends mail: the outbox by default, SMTP when SMTP_URL is set. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /** whether the mail server answers now (asked at most every half minute); null with no server */
  reachable(): Promise<boolean | null>;
  close(): void;
}

/** How long a mail server's answer to "are you there?" stands, and how long it is waited for. */
const REACHABLE_KEPT_MS = 30_000;
const REACHABLE_WAIT_MS = 2_000;

export interface MailerConfig {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
}

export function createMailer(config: MailerConfig): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.from)
    : outboxMailer(config.outboxDir, config.from);
}

/**
 * Writes each message as a real RFC 822 file into the outbox. The name starts with the time, so a
 * listing sorts oldest first; the random tail keeps two mails of one millisecond apart.
 */
export function outboxMailer(outboxDir: string, from: string): Mailer {
  const sender = parseMailbox(from);
  return {
    kind: 'outbox',
    // A folder is not a service: nothing to be down.
    reachable: async () => null,
    async send(message) {
      const { raw } = composeMail(sender, message);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
      // Written under a temporary name first, so a reader never sees half a message.
      const temporary = path.join(outboxDir, `.${name}.tmp`);
      // The folder is made when a write finds it missing, not checked before every mail.
      await writeFile(temporary, raw).catch(async (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(outboxDir, { recursive: true });
        await writeFile(temporary, raw);
      });
      await rename(temporary, path.join(outboxDir, name));
    },
    close() {},
  };
}

/** Connections a process keeps open to the SMTP server, each sending one mail at a time. */
const SMTP_CONNECTIONS = 3;

/**
 * Sends through an SMTP server on kept-open connections: a paid order's two mails, and the next
 * orders', do not each pay for a new connection and its TLS handshake.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const sender = parseMailbox(from);
  const transport: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  let checked: { at: number; answer: Promise<boolean> } | null = null;
  return {
    kind: 'smtp',
    reachable() {
      if (checked && Date.now() - checked.at < REACHABLE_KEPT_MS) return checked.answer;
      let timer: NodeJS.Timeout | undefined;
      const answer = Promise.race([
        transport.verify().then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), REACHABLE_WAIT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      checked = { at: Date.now(), answer };
      return answer;
    },
    async send(message) {
      // Composed here: nodemailer only carries the finished bytes over the connection.
      await transport.sendMail(composeMail(sender, message));
    },
    close() {
      transport.close();
    },
  };
}
