/** Requests through the real routes, and the signed-in customers they start from. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parseMail } from '../adapters/mail/parse-mail';
import type { Database } from '../db/client';
import { users } from '../db/schema';

export interface CallOptions {
  body?: unknown;
  token?: string;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
}

export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(options.cookies ? { cookies: options.cookies } : {}),
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

/** The cookies a response set, by name: value and attributes as sent. */
export function setCookies(response: LightMyRequestResponse) {
  const map = new Map<string, { value: string; raw: string }>();
  for (const cookie of response.cookies) {
    const raw = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith(`${cookie.name}=`));
    map.set(cookie.name, { value: cookie.value, raw: raw ?? '' });
  }
  return map;
}

let counter = 0;
export async function insertUser(db: Database, email?: string) {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: email ?? `shopper${counter}-${Date.now()}@example.com`,
      firstName: 'Asha',
      lastName: 'Kumari',
      phoneNumber: '9876543210',
    })
    .returning();
  return row!;
}

/** The mails in `outboxDir` (the outbox mailer's .eml files) to `email`, oldest first. */
export function mailsTo(outboxDir: string, email: string) {
  return readdirSync(outboxDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.eml'))
    .map((entry) => entry.name)
    .sort()
    .map((name) => parseMail(readFileSync(path.join(outboxDir, name), 'utf8')))
    .filter((mail) => mail.headers.get('to') === email);
}

/** The six-digit code in the newest mail to `email`. */
export function codeMailedTo(outboxDir: string, email: string): string {
  const code = mailsTo(outboxDir, email)
    .at(-1)
    ?.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** A customer signed in by the mailed code; `headers` go with the two calls (a browser's Origin). */
export async function signInCustomer(
  app: FastifyInstance,
  outboxDir: string,
  email: string,
  headers: Record<string, string> = {},
): Promise<{
  user: { _id: string; email: string };
  accessToken: string;
  refreshToken: string;
  response: LightMyRequestResponse;
}> {
  const registered = await call(app, 'POST', '/users/registerUser', {
    body: { firstName: 'Ravi', lastName: 'Jha', email, phoneNumber: '9123456780' },
  });
  if (registered.statusCode !== 200 && registered.statusCode !== 409) {
    throw new Error(`register failed: ${registered.body}`);
  }
  const sent = await call(app, 'POST', '/users/loginUser', { body: { email }, headers });
  if (sent.statusCode !== 200) throw new Error(`loginUser failed: ${sent.body}`);
  const code = codeMailedTo(outboxDir, email);
  const response = await call(app, 'POST', '/users/loginVerificationUser', {
    body: { email, otp: code },
    headers,
  });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.body}`);
  return { ...response.json().data, response };
}
