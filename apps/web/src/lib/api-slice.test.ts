import { describe, expect, it } from 'vitest';

/**
 * Every feature injects its endpoints into the one API slice; a second endpoint of the same name
 * would be dropped (RTK Query keeps the first it was given), so the screen that loaded second
 * would call the other feature's endpoint. Read as text, so no module need be loaded.
 */
const sources = import.meta.glob<string>('../features/**/api/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('the API slice', () => {
  it("has each endpoint name from one feature's module only", () => {
    const owners = new Map<string, string[]>();
    for (const [file, text] of Object.entries(sources)) {
      if (file.endsWith('.test.ts')) continue;
      for (const [, name] of text.matchAll(/^ {4}(\w+): build\.(?:query|mutation)/gm)) {
        owners.set(name!, [...(owners.get(name!) ?? []), file]);
      }
    }
    expect(owners.size).toBeGreaterThan(20);
    const shared = [...owners].filter(([, files]) => files.length > 1);
    expect(shared).toEqual([]);
  });
});
