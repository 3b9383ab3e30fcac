import fs from 'node:fs';
import path from 'node:path';
import type { ProtocolCode, ProtocolRes } from '@chatdr/contract';
import { fail } from '../../http/errors.ts';
import { SERVER_ROOT } from '../../paths.ts';

const DIR = path.join(SERVER_ROOT, 'src/modules/system/protocols');

/** Parses an agreement file: `# title`, then `version:` and `updatedAt:` lines, then the text. */
export function parseProtocol(code: ProtocolCode, raw: string): ProtocolRes {
  const lines = raw.split('\n');
  const title = (lines[0] ?? '').replace(/^#\s*/, '').trim();
  const meta = (key: string) => lines.find((l) => l.startsWith(`${key}:`))?.slice(key.length + 1).trim() ?? '';
  // The header ends at the first blank line.
  const blank = lines.findIndex((l) => l.trim() === '');
  const content = lines.slice(blank < 0 ? lines.length : blank + 1).join('\n').trim();
  return { code, title, version: meta('version'), updatedAt: meta('updatedAt'), content };
}

/** Agreements shipped with the server, read once. */
export class ProtocolService {
  private readonly cache = new Map<ProtocolCode, ProtocolRes>();
  find(code: ProtocolCode, version: string): ProtocolRes {
    let p = this.cache.get(code);
    if (!p) {
      p = parseProtocol(code, fs.readFileSync(path.join(DIR, `${code}.md`), 'utf8'));
      this.cache.set(code, p);
    }
    if (version !== 'latest' && version !== p.version) throw fail('notFound', { msg: '该版本协议不存在' });
    return p;
  }
}
