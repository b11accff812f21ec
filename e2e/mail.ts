import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** The journeys' shop's data folder; a second shop (second-shop.ts) has its own. */
const journeysDataDir = () => process.env.E2E_DATA_DIR ?? '';

/** Mails the shop wrote to its outbox for one recipient, oldest first. */
export async function mailsTo(email: string, dataDir = journeysDataDir()): Promise<string[]> {
  const outbox = join(dataDir, 'outbox');
  const names = (await readdir(outbox).catch(() => [] as string[]))
    .filter((n) => n.endsWith('.eml'))
    .sort();
  const mails = await Promise.all(names.map((name) => readFile(join(outbox, name), 'utf8')));
  return mails.filter((mail) =>
    new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(mail),
  );
}

/** The newest sign-in code mailed to `email`, read the way a shopper reads it. */
export async function latestCode(
  email: string,
  after = 0,
  dataDir = journeysDataDir(),
): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        // The newest mail that carries a code: another mail (an order's confirmation, sent once
        // its invoice's PDF is drawn) may arrive after it.
        const mails = (await mailsTo(email, dataDir)).slice(after).reverse();
        for (const mail of mails) {
          code = mail.replace(/=\r?\n/g, '').match(/^\s{2,}(\d{6})\s*$/m)?.[1] ?? '';
          if (code) break;
        }
        return code;
      },
      { message: `a sign-in code mailed to ${email}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}
