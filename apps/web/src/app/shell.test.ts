import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zhCN } from '../i18n/zh-CN';

// index.html paints the chat home before the JavaScript runs; its texts must stay the app's own.
const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

const lookup = (key: string): unknown => key.split('.').reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), zhCN);

describe('first-screen shell (index.html)', () => {
  it('is inside the root React replaces, marked as the shell', () => {
    expect(html).toMatch(/<div id="root"><div class="home" data-shell/);
  });

  it('writes every text as the zh-CN resources do', () => {
    const texts = [...html.matchAll(/data-i18n="([\w.]+)">([^<]*)</g)];
    expect(texts.length).toBeGreaterThanOrEqual(12);
    for (const [, key, text] of texts) expect({ key, text }).toEqual({ key, text: lookup(key ?? '') });
  });

  it('loads nothing itself: no inline script (the CSP allows none)', () => {
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});
