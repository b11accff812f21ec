import { describe, expect, it } from 'vitest';
import { emailUndoSchema } from './validation';

const TOKEN = `0f8fad5b-d9cb-469f-a165-70867728950e.${'A'.repeat(42)}_`;

describe('the undo link token', () => {
  it('takes an id and its signature', () => {
    expect(emailUndoSchema.parse({ token: TOKEN })).toEqual({ token: TOKEN });
  });

  it('refuses anything else with the words the page shows, long input before any pattern', () => {
    for (const token of [
      TOKEN.slice(0, -1),
      `${TOKEN}A`,
      TOKEN.replace('.', '-'),
      TOKEN.replace('_', '+'),
      'A'.repeat(100_000),
    ]) {
      const issues = emailUndoSchema.safeParse({ token }).error?.issues ?? [];
      expect(
        issues.map((issue) => issue.message),
        token.slice(0, 20),
      ).toEqual(['This link has expired or was already used.']);
    }
    expect(emailUndoSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Open the link from the e-mail we sent to your old address.',
    );
  });
});
