import { describe, expect, it } from 'vitest';
import { INDIA_STATES, stateNamed, stateOfCode } from './india-states';

describe("India's states and union territories", () => {
  it('lists all 36, each name and code once', () => {
    expect(INDIA_STATES).toHaveLength(36);
    expect(new Set(INDIA_STATES.map((state) => state.name)).size).toBe(36);
    expect(new Set(INDIA_STATES.map((state) => state.code)).size).toBe(36);
  });

  it('names the place of a code, an older code too, and nothing for an unknown one', () => {
    expect(stateOfCode('BR')).toBe('Bihar');
    expect(stateOfCode(' dl ')).toBe('Delhi');
    expect(stateOfCode('OR')).toBe('Odisha');
    expect(stateOfCode('TS')).toBe('Telangana');
    expect(stateOfCode('XX')).toBeNull();
    expect(stateOfCode('')).toBeNull();
  });

  it('reads a state as people write it', () => {
    expect(stateNamed('bihar')).toBe('Bihar');
    expect(stateNamed('  Tamil   nadu ')).toBe('Tamil Nadu');
    expect(stateNamed('Jammu & Kashmir')).toBe('Jammu and Kashmir');
    expect(stateNamed('Bihar state')).toBeNull();
  });
});
