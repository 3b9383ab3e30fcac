import { describe, expect, it } from 'vitest';
import { MSG } from '@chatdr/contract';
import { toggleSelection } from './selection';

describe('selection mode', () => {
  it('adds and removes', () => {
    expect(toggleSelection([], 1)).toEqual({ selected: [1], refused: false });
    expect(toggleSelection([1, 2], 1)).toEqual({ selected: [2], refused: false });
  });

  it(`refuses a 16th message (${MSG.selectLimit}) but still lets one be removed`, () => {
    const full = Array.from({ length: 15 }, (_, i) => i + 1);
    expect(toggleSelection(full, 99)).toEqual({ selected: full, refused: true });
    expect(toggleSelection(full, 15).selected).toHaveLength(14);
    expect(toggleSelection(full.slice(0, 14), 99)).toEqual({ selected: [...full.slice(0, 14), 99], refused: false });
  });
});
