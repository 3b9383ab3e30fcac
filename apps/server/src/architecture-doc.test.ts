import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md lists every module and folder (issue 19 point 5): a folder added under
// these roots without its line in the document fails here.
const root = new URL('../../../', import.meta.url);
const doc = readFileSync(new URL('docs/ARCHITECTURE.md', root), 'utf8');
const folders = (dir: string): string[] =>
  readdirSync(new URL(`${dir}/`, root), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `${dir}/${e.name}`);
const listed = (path: string): boolean => new RegExp(`^\\| \`${path.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}\` \\| \\S`, 'mu').test(doc);

describe('docs/ARCHITECTURE.md lists every module and folder', () => {
  it.each(['apps/server/src/modules', 'apps/web/src/features'])('every folder under %s has its row', (dir) => {
    const all = folders(dir);
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((f) => !listed(f))).toEqual([]);
  });

  it('apps/server/src/ocr has its row', () => {
    expect(listed('apps/server/src/ocr')).toBe(true);
  });
});
