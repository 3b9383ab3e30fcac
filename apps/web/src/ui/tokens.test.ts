import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_LEVELS, fontSizeOf } from '@chatdr/contract';

const SRC = path.resolve(import.meta.dirname, '..');
const TOKENS = 'ui/tokens.css';

/** A hex colour literal (#abc, #aabbcc, #aabbccdd), not an SVG url(#id) reference or an HTML entity. */
const HEX = /(?<![\w&]|url\()#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])/giu;

/**
 * Screens not yet moved onto the design system, with the hex colours they still write.
 * This list only shrinks: a file moved onto the tokens is taken out; a new file never comes in.
 */
const NOT_YET_MOVED: Record<string, number> = {};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.(css|tsx)$/u.test(e.name) ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

describe('design tokens', () => {
  it('no hex colour outside ui/tokens.css (beyond the screens not yet moved, which may only lose theirs)', () => {
    const found: Record<string, number> = {};
    for (const f of files(SRC)) {
      if (f === TOKENS) continue;
      const n = readFileSync(path.join(SRC, f), 'utf8').match(HEX)?.length ?? 0;
      if (n > 0) found[f] = n;
    }
    const over = Object.entries(found).filter(([f, n]) => n > (NOT_YET_MOVED[f] ?? 0));
    expect(over, 'hex colours outside tokens.css: use a var(--c-…) token (add one to ui/tokens.css)').toEqual([]);
    const stale = Object.entries(NOT_YET_MOVED).filter(([f, n]) => (found[f] ?? 0) < n);
    expect(stale, 'a screen lost hex colours: lower (or remove) its entry in NOT_YET_MOVED').toEqual([]);
  });

  it('the font-size levels are the contract’s (17 px at M, ±2 px a level)', () => {
    const css = readFileSync(path.join(SRC, TOKENS), 'utf8');
    for (const level of FONT_LEVELS) expect(css).toContain(`--font-level-${level.toLowerCase()}: ${fontSizeOf(level)}px;`);
  });

  it('antd-mobile’s theming variables follow the tokens', () => {
    const css = readFileSync(path.join(SRC, TOKENS), 'utf8');
    for (const v of ['primary', 'text', 'border', 'danger', 'background-body']) expect(css).toMatch(new RegExp(`--adm-color-${v}: var\\(--c-`, 'u'));
  });

  it('global.css holds resets and a few shared rules only (≤ 300 lines) and no tokens', () => {
    const css = readFileSync(path.join(SRC, 'styles/global.css'), 'utf8');
    expect(css.split('\n').length).toBeLessThanOrEqual(300);
    expect(css).not.toMatch(/^\s*--c-/mu);
  });
});
