import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the free-shipping promise', () => {
  it('is worded from the one threshold on every page, never with a figure typed in', () => {
    const mentions: string[] = [];
    for (const file of sourceFiles(SOURCE)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (!/free shipping/i.test(line)) return;
        // The promise and its threshold within the same few lines.
        const around = lines.slice(Math.max(0, index - 2), index + 3).join('\n');
        mentions.push(`${relative(SOURCE, file)}:${index + 1}`);
        expect(around, `${relative(SOURCE, file)}:${index + 1}`).toMatch(
          /FREE_SHIPPING_ABOVE_RUPEES|freeShippingGap/,
        );
        expect(around, `${relative(SOURCE, file)}:${index + 1}`).not.toMatch(/₹\s?\d|Rs\.?\s?\d/);
      });
    }
    // The home hero, the banner, the product page, the cart, the sign-in pages and the policies.
    expect(mentions.length).toBeGreaterThanOrEqual(5);
  });
});
