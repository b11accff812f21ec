/**
 * A small RFC 822 / MIME reader for tests and tools: headers, and the text and HTML parts of a
 * multipart/alternative message, decoded from quoted-printable or base64.
 */
export interface ParsedMail {
  headers: Map<string, string>;
  text: string | null;
  html: string | null;
}

function splitHead(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { head: raw, body: '' };
  const gap = raw.slice(at).match(/^\r?\n\r?\n/)?.[0].length ?? 2;
  return { head: raw.slice(0, at), body: raw.slice(at + gap) };
}

function readHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded lines continue the header above them.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decode(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
        .replace(/%(?![0-9A-F]{2})/gi, '%25');
      try {
        return decodeURIComponent(bytes);
      } catch {
        return bytes;
      }
    }
    default:
      return body;
  }
}

export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHead(raw);
  const headers = readHeaders(head);
  const result: ParsedMail = { headers, text: null, html: null };
  readParts(headers, body, result);
  return result;
}

/** The text and HTML of a body, looking inside nested multiparts (a mail with attachments). */
function readParts(headers: Map<string, string>, body: string, result: ParsedMail): void {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (!boundary) {
    const partType = type.toLowerCase();
    const content = decode(body, headers.get('content-transfer-encoding'));
    if (partType.startsWith('text/plain')) result.text ??= content;
    else if (partType.startsWith('text/html')) result.html ??= content;
    return;
  }
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) continue;
    const section = splitHead(part.replace(/^\r?\n/, ''));
    readParts(readHeaders(section.head), section.body.replace(/\r?\n$/, ''), result);
  }
}
