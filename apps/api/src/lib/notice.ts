/**
 * A line for the person running the shop on their own machine: the address it serves, the owner's
 * development sign-in, each one-time code. Outside production these are printed apart from the
 * JSON log (kept at `warn` there unless LOG_LEVEL says otherwise), so they are not lost among
 * request lines.
 */
import { DEV_ADMIN_PASSWORD } from '../config/config';

export type Notice = (text: string) => void;

const BOLD_YELLOW = '\x1b[1;33m';
const RESET = '\x1b[0m';

/** Writes a notice on its own line, highlighted when standard output is a terminal. */
export function printNotice(text: string, out: NodeJS.WriteStream = process.stdout): void {
  out.write(out.isTTY ? `${BOLD_YELLOW}▸ ${text}${RESET}\n` : `▸ ${text}\n`);
}

/**
 * The first line of a shop started without NODE_ENV=production: it is for trying out, not for
 * customers. It listens on the loopback address unless HOST says otherwise.
 */
export function developmentWarning(config: {
  isProduction: boolean;
  host: string;
  payments: { provider: string };
  admin: { password: string };
}): string | null {
  if (config.isProduction) return null;
  const payments =
    config.payments.provider === 'simulated' ? 'payments are simulated' : 'payments are real';
  const password =
    config.admin.password === DEV_ADMIN_PASSWORD
      ? "the owner's password is the public development one"
      : "the owner's password is printed below";
  const reach = ['127.0.0.1', '::1', 'localhost'].includes(config.host)
    ? 'only this machine can reach it'
    : `it listens on ${config.host} (HOST)`;
  return `Development mode (NODE_ENV is not production): ${payments}, ${password}, and ${reach}. Set NODE_ENV=production to run a real shop.`;
}
