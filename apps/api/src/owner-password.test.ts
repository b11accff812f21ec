import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, DEV_AUTH_SECRET, REPO_ROOT } from './config/config';
import { admins, refreshSessions, signInFailures } from './db/schema';
import { verifyPassword } from './lib/password';
import {
  ownersWithDevelopmentPassword,
  refuseDevelopmentOwnerPassword,
  SESSIONS_TOPIC,
  SessionService,
} from './modules/accounts';
import { createCatalogueCache } from './modules/catalogue';
import { type OwnerPasswordDeps, runOwnerPassword } from './owner-password';
import { useTestDatabase } from './test/app';

// The database as a development start leaves it.
const api = useTestDatabase({ owner: true });

const NEW_PASSWORD = 'a-real-owner-password';
const PRODUCTION = {
  NODE_ENV: 'production',
  DATA_DIR: '',
  AUTH_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_123',
  RAZORPAY_KEY_SECRET: 'live-secret',
  RAZORPAY_WEBHOOK_SECRET: 'hook-secret',
  SMTP_URL: 'smtps://shop:secret@smtp.example.in:465',
};

/** Runs the script's logic on the test database, answering prompts from `answers`. */
function run(env: Record<string, string>, answers: string[] | null = null) {
  const asked: string[] = [];
  const deps: OwnerPasswordDeps = {
    env: { ...env, DATA_DIR: api.dataDir },
    ask: answers
      ? async (question) => {
          asked.push(question);
          return answers.shift() ?? '';
        }
      : null,
    open: async () => ({ db: api.db, kind: api.database.kind, close: async () => {} }),
  };
  return { asked, result: runOwnerPassword(deps) };
}

async function ownerRow(email = DEV_ADMIN_EMAIL) {
  const [row] = await api.db.select().from(admins).where(eq(admins.email, email));
  return row;
}

describe('npm run owner:password', () => {
  it('replaces the development password from ADMIN_PASSWORD and signs the owner out', async () => {
    const owner = await ownerRow();
    // On PostgreSQL a running shop keeps its sessions' liveness for a few seconds, listening
    // for endings as this one does: the script must tell it.
    const pool = (api.db as { $client?: unknown }).$client;
    const liveness =
      pool instanceof pg.Pool
        ? await createCatalogueCache({ topic: SESSIONS_TOPIC, postgres: pool })
        : null;
    onTestFinished(() => liveness?.close());
    const sessions = new SessionService(
      api.db,
      {
        authSecret: DEV_AUTH_SECRET,
        accessTokenTtlSeconds: 900,
        refreshTokenTtlDays: 30,
        ownerSessionHours: 12,
        ownerIdleMinutes: 30,
      },
      liveness,
    );
    const session = await sessions.start('owner', owner!.id);
    await expect(sessions.authenticate(session.accessToken, 'owner')).resolves.toMatchObject({
      sub: owner!.id,
    });
    await api.db.insert(signInFailures).values({ key: `owner:${DEV_ADMIN_EMAIL}`, failures: 9 });
    await expect(refuseDevelopmentOwnerPassword(api.db)).rejects.toThrow('npm run owner:password');

    const { result } = run({ ...PRODUCTION, ADMIN_PASSWORD: NEW_PASSWORD });
    expect(await result).toBe(
      `Changed the password of ${DEV_ADMIN_EMAIL}; its sessions are signed out.`,
    );
    const changed = await ownerRow();
    expect(await verifyPassword(NEW_PASSWORD, changed!.passwordHash)).toBe(true);
    expect(await ownersWithDevelopmentPassword(api.db)).toEqual([]);
    await expect(refuseDevelopmentOwnerPassword(api.db)).resolves.toBeUndefined();
    const rows = await api.db.select().from(refreshSessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revokedAt).toBeInstanceOf(Date);
    await expect(sessions.authenticate(session.accessToken, 'owner')).rejects.toThrow();
    expect(await api.db.select().from(signInFailures)).toEqual([]);
  });

  it('creates the ADMIN_EMAIL account when it is missing', async () => {
    const { result } = run({
      ...PRODUCTION,
      ADMIN_EMAIL: 'Owner@Shop.example.in',
      ADMIN_PASSWORD: NEW_PASSWORD,
    });
    expect(await result).toBe(
      'Created the owner account owner@shop.example.in with the new password.',
    );
    const created = await ownerRow('owner@shop.example.in');
    expect(await verifyPassword(NEW_PASSWORD, created!.passwordHash)).toBe(true);
  });

  it('asks twice when ADMIN_PASSWORD is not set', async () => {
    const { asked, result } = run(PRODUCTION, [NEW_PASSWORD, NEW_PASSWORD]);
    await result;
    expect(asked).toEqual(['New owner password: ', 'The same password again: ']);
    expect(await verifyPassword(NEW_PASSWORD, (await ownerRow())!.passwordHash)).toBe(true);
  });

  it('refuses, changing nothing: differing answers, short or development passwords, no terminal', async () => {
    const refusals: [Record<string, string>, string[] | null, string | RegExp][] = [
      [PRODUCTION, [NEW_PASSWORD, `${NEW_PASSWORD}!`], 'The two passwords differ'],
      [PRODUCTION, ['eleven-char', 'eleven-char'], 'use at least 12 characters in production'],
      [
        PRODUCTION,
        [DEV_ADMIN_PASSWORD, DEV_ADMIN_PASSWORD],
        'the development password is refused in production',
      ],
      [{ ...PRODUCTION, ADMIN_PASSWORD: 'eleven-char' }, null, /ADMIN_PASSWORD: use at least 12/],
      [{ ...PRODUCTION, ADMIN_PASSWORD: DEV_ADMIN_PASSWORD }, null, /ADMIN_PASSWORD/],
      [{}, ['seven-c', 'seven-c'], 'use at least 8 characters'],
      [PRODUCTION, null, 'Set ADMIN_PASSWORD, or run `npm run owner:password` in a terminal'],
      // The rest of a production environment is checked as a start checks it.
      [{ ...PRODUCTION, AUTH_SECRET: '', ADMIN_PASSWORD: NEW_PASSWORD }, null, /AUTH_SECRET/],
    ];
    for (const [env, answers, message] of refusals) {
      await expect(run(env, answers).result, String(message)).rejects.toThrow(message);
    }
    expect(await ownersWithDevelopmentPassword(api.db)).toEqual([DEV_ADMIN_EMAIL]);
  });

  it('takes eight characters outside production', async () => {
    await run({}, ['eight-ch', 'eight-ch']).result;
    expect(await verifyPassword('eight-ch', (await ownerRow())!.passwordHash)).toBe(true);
  });

  it('is the root package script, and refuses plainly without a terminal', () => {
    const child = spawnSync('npm', ['run', '--silent', 'owner:password'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      // No terminal on stdin, no ADMIN_PASSWORD: nothing to set the password from.
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...PRODUCTION, DATA_DIR: api.dataDir },
      timeout: 60_000,
    });
    expect(child.stderr).toContain(
      'Set ADMIN_PASSWORD, or run `npm run owner:password` in a terminal to be asked for the new password.',
    );
    expect(child.stderr).not.toContain('    at ');
    expect(child.status).toBe(1);
  });
});
