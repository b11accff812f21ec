/**
 * A line for the person running the shop on their own machine: the address it serves, the owner's
 * development sign-in, each one-time code. Outside production these are printed apart from the
 * JSON log (kept at `warn` there unless LOG_LEVEL says otherwise), so they are not lost among
 * request lines.
 */
export type Notice = (text: string) => void;

const BOLD_YELLOW = '\x1b[1;33m';
const RESET = '\x1b[0m';

/** Writes a notice on its own line, highlighted when standard output is a terminal. */
export function printNotice(text: string, out: NodeJS.WriteStream = process.stdout): void {
  out.write(out.isTTY ? `${BOLD_YELLOW}▸ ${text}${RESET}\n` : `▸ ${text}\n`);
}
