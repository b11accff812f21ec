import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('makhana-owner-dev');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(stored).not.toContain('makhana-owner-dev');
    await expect(verifyPassword('makhana-owner-dev', stored)).resolves.toBe(true);
    await expect(verifyPassword('makhana-owner-dew', stored)).resolves.toBe(false);
  });

  it('salts each hash and refuses malformed records', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false);
  });
});
