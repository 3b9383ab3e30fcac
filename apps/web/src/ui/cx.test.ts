import { describe, expect, it } from 'vitest';
import { cx, modifier } from './cx';

describe('cx', () => {
  it('joins class names, skipping falsy ones', () => {
    expect(cx('a', false, null, undefined, '', 'b')).toBe('a b');
  });
});

describe('modifier', () => {
  const styles = { tag: 't', tagOk: 't-ok', rowHighNormal: 'r-hn', itemS2: 'i-2' };
  it('finds the modifier class by key, camel-casing dashed keys', () => {
    expect(modifier(styles, 'tag', 'ok')).toBe('t-ok');
    expect(modifier(styles, 'row', 'high-normal')).toBe('r-hn');
    expect(modifier(styles, 'itemS', '2')).toBe('i-2');
  });
  it('is undefined for no key or an unknown one', () => {
    expect(modifier(styles, 'tag', null)).toBeUndefined();
    expect(modifier(styles, 'tag', 'nope')).toBeUndefined();
  });
});
