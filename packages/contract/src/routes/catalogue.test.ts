/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { PREFIX, allRoutes, urlOf } from './index.ts';
import type { HttpMethod, RouteDef } from './index.ts';

/**
 * The route table against the spec: every call that chat-core.md §7 and account-health.md §7 list
 * must be exactly one entry of `allRoutes()`, with the method the spec gives it.
 *
 * The spec lives beside the repo (/work/shared/spec, the repo being /work/main).
 */
const SPEC_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/spec');

type Doc = 'chat-core' | 'account-health';
const DOCS: readonly Doc[] = ['chat-core', 'account-health'];

interface SpecCall {
  readonly doc: Doc;
  /** As the spec writes it, e.g. `edit`, `chatSession/getUUID`, `/toc/report/page`. */
  readonly written: string;
  /** Joined to the base the list started with, e.g. `/toc/userInfo/edit`. */
  readonly resolved: string;
  readonly method: HttpMethod;
}

/** Spec tokens that look like paths but are not calls of the route table. */
const NOT_CALLS = new Set<string>([
  '/api/chatDr-service-socket/socket.io', // the chat socket (socket.io, chat-core §7 "Socket"), not a REST call
]);

/** Base paths named in the preambles ("Base paths:", "Prefixes:", "base path /api/chatDr-*-service"): never calls. */
const isBasePath = (p: string): boolean => (Object.values(PREFIX) as string[]).includes(p) || p.includes('*');

/** Shorthands the parser cannot expand by itself: [as written, what it stands for]. */
const SHORTHANDS: readonly (readonly [string, string])[] = [
  // account-health: "/toc/sms/fingerprintCodeSend and Check" — "Check" is fingerprintCodeCheck
  ['fingerprintCodeSend and Check', 'fingerprintCodeSend and fingerprintCodeCheck'],
];

/** Routes whose path we designed because the spec gives none (their summary says so). */
const OURS = 'path ours';

function readSpec(doc: Doc): string {
  const file = resolve(SPEC_DIR, `${doc}.md`);
  if (!existsSync(file)) {
    throw new Error(`Spec file not found: ${file}. The catalogue test needs the spec documents in shared/spec beside the repo (/work/shared/spec).`);
  }
  return readFileSync(file, 'utf8');
}

/** The text of section 7, between the '## 7.' and '## 8.' headings. */
function section7(doc: Doc): string {
  const text = readSpec(doc);
  const start = text.search(/^## 7\./m);
  const end = text.search(/^## 8\./m);
  if (start < 0 || end <= start) throw new Error(`${doc}.md: no section between "## 7." and "## 8."`);
  return text.slice(start, end);
}

const METHOD = /^(GET|POST|DELETE)$/;
/** lowerCamel identifier, e.g. getHistoryRecordV2 — a call name standing first in a list. */
const IDENT = /^[a-z][a-z0-9]*[A-Z]\w*$/;
/** A bare word in a call list: `edit`, `QueryHospital`. */
const WORD = /^[A-Za-z]\w*$/;
const isPath = (w: string): boolean => w.includes('/') && /^[\w{}.*/?=-]+$/.test(w);
/** Drops surrounding punctuation and a query string (`delete?id`, `text?content=`). */
const clean = (w: string): string => w.replace(/^[('"`]+/, '').replace(/[.,;:)'"`]+$/, '').replace(/\?.*$/, '');

/**
 * Extracts the calls of one §7 section. Each line (bullet or paragraph) is a unit: its heading
 * ("**Reports**:", "Imaging:", "Indicators (health service, /v1/toc/health/indicator/):") is dropped
 * (a directory in the heading's parentheses becomes the base), field lists in braces and
 * parentheses are dropped, then each sentence is split into `;` groups (a method carries over the
 * `,`/`and` items of its group) and items. A sentence whose first item starts with a path or a
 * lowerCamel name is a call list, and its bare words are calls; other sentences are prose, and
 * only path-like tokens count. Relative items join the base of the list (the directory of its
 * first path), e.g. "/toc/userInfo/save, edit" gives /toc/userInfo/edit.
 */
function extractCalls(doc: Doc): { calls: SpecCall[]; skipped: Set<string> } {
  let text = section7(doc);
  for (const [short, full] of SHORTHANDS) text = text.replaceAll(short, full);
  const calls: SpecCall[] = [];
  const skipped = new Set<string>();

  for (const rawLine of text.split('\n')) {
    let line = rawLine.trim().replace(/^[-*]\s+/, '');
    if (!line || line.startsWith('#')) continue;
    let base = '';
    const head = /^(?:\*\*[^*]+\*\*|[A-Z][A-Za-z -]*?)(?:\s*\(([^)]*)\))?:\s*/.exec(line);
    if (head) {
      const dir = (head[1] ?? '').split(/[\s,]+/).find((w) => w.startsWith('/') && w.endsWith('/'));
      if (dir) base = dir;
      line = line.slice(head[0].length);
    }

    const emit = (token: string, method: HttpMethod): void => {
      if (token.endsWith('/')) return; // a directory named in prose ("/pb/ paths", "/pb/ variant")
      if (NOT_CALLS.has(token)) {
        skipped.add(token);
        return;
      }
      const resolved = token.startsWith('.../') ? base + token.slice(4) : token.startsWith('/') ? token : base + token;
      if (isBasePath(resolved)) return;
      if (resolved.includes('/') && (token.startsWith('/') || token.startsWith('.../') || !base)) {
        base = resolved.slice(0, resolved.lastIndexOf('/') + 1);
      }
      calls.push({ doc, written: token, resolved, method });
    };

    for (let sentence of line.split(/\.\s+(?=[A-Z])/)) {
      sentence = sentence.replace(/(^|[\s(])\{[^}]*\}/g, '$1'); // field lists {a, b}; `/{id}` stays
      // Paths inside parentheses still count, e.g. "(GET /v1/pb/version/checkUpdate with …)".
      for (const m of sentence.matchAll(/\(([^)]*)\)/g)) {
        const words = (m[1] ?? '').split(/\s+/).map(clean);
        words.forEach((w, i) => {
          if (w.startsWith('/') && isPath(w)) emit(w, METHOD.test(words[i - 1] ?? '') ? (words[i - 1] as HttpMethod) : 'POST');
        });
      }
      sentence = sentence.replace(/\([^)]*\)/g, ' ');

      let isList: boolean | undefined;
      for (const group of sentence.split(';')) {
        let method: HttpMethod = 'POST';
        for (const item of group.split(/,|\s+and\s+/)) {
          const words = item.trim().split(/\s+/).map(clean).filter(Boolean);
          if (METHOD.test(words[0] ?? '')) method = words.shift() as HttpMethod;
          const first = words[0];
          if (first === undefined) continue;
          isList ??= isPath(first) || IDENT.test(first);
          if (words.length === 1) {
            if (isPath(first) || (isList && WORD.test(first))) emit(first, method);
            continue;
          }
          if (isList && IDENT.test(first)) emit(first, method);
          for (const w of words) if (isPath(w)) emit(w, method);
        }
      }
    }
  }
  return { calls, skipped };
}

/** `a/b/c` written and resolved to `/x/a/b/c`: tries `x/a/b/c`, then `a/b/c` — never shorter than written. */
function suffixes(c: SpecCall): string[] {
  const segs = c.resolved.replace(/^\//, '').split('/');
  const min = c.written.replace(/^(\.\.\.)?\//, '').split('/').length;
  const out: string[] = [];
  for (let n = segs.length; n >= min; n--) out.push(segs.slice(segs.length - n).join('/'));
  return out;
}

/** Routes a spec call resolves to: those whose URL ends with its trailing segments; an exact path wins a tie. */
function match(c: SpecCall, table: readonly RouteDef[]): RouteDef[] {
  for (const s of suffixes(c)) {
    const found = table.filter((r) => {
      const url = urlOf(r);
      return url === `/${s}` || url.endsWith(`/${s}`);
    });
    if (found.length === 0) continue;
    if (found.length === 1) return found;
    const exact = found.filter((r) => r.path === `/${s}` || urlOf(r) === `/${s}`);
    return exact.length > 0 ? exact : found;
  }
  return [];
}

const describeRoute = (r: RouteDef): string => `${r.method} ${urlOf(r)}`;

describe('route table vs the spec call catalogue (§7 of both documents)', () => {
  const table = allRoutes();
  const extracted = Object.fromEntries(DOCS.map((d) => [d, extractCalls(d)])) as Record<Doc, ReturnType<typeof extractCalls>>;

  it('the parser finds the catalogue (guards against a parser that silently finds nothing)', () => {
    expect(extracted['chat-core'].calls.length).toBeGreaterThanOrEqual(60);
    expect(extracted['account-health'].calls.length).toBeGreaterThanOrEqual(150);
    for (const t of NOT_CALLS) expect([...extracted['chat-core'].skipped, ...extracted['account-health'].skipped], `NOT_CALLS entry no longer in the spec: ${t}`).toContain(t);
    const both = DOCS.map(readSpec).join('\n');
    for (const [short] of SHORTHANDS) expect(both, `SHORTHANDS entry no longer in the spec: ${short}`).toContain(short);
  });

  for (const doc of DOCS) {
    it(`every call of ${doc} §7 is exactly one route, with the spec's method`, () => {
      const problems: string[] = [];
      for (const c of extracted[doc].calls) {
        const found = match(c, table);
        const label = `${c.method} ${c.written} (→ ${c.resolved})`;
        if (found.length !== 1) {
          problems.push(`${label}: ${found.length === 0 ? 'no route' : `ambiguous: ${found.map(describeRoute).join(', ')}`}`);
          continue;
        }
        const r = found[0] as RouteDef;
        if (r.method !== c.method) problems.push(`${label}: route is ${describeRoute(r)}`);
        // A call may resolve to the other document's entry (listed once) only by its full written path.
        if (r.spec !== doc && !c.written.startsWith('/')) problems.push(`${label}: resolved to ${describeRoute(r)} of ${r.spec} by a partial path`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('every route of a spec document is one of its calls, or says it is our path', () => {
    const matchedBy = new Map<RouteDef, Set<Doc>>();
    for (const doc of DOCS) {
      for (const c of extracted[doc].calls) {
        for (const r of match(c, table)) matchedBy.set(r, (matchedBy.get(r) ?? new Set<Doc>()).add(doc));
      }
    }
    const stray = table
      .filter((r) => r.spec !== 'extension' && !r.summary.includes(OURS))
      .filter((r) => !matchedBy.get(r)?.has(r.spec as Doc))
      .map((r) => `${describeRoute(r)} (${r.spec})`);
    expect(stray).toEqual([]);
  });

  it('no two routes share method and full URL', () => {
    const seen = new Map<string, number>();
    for (const r of table) seen.set(describeRoute(r), (seen.get(describeRoute(r)) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([k]) => k)).toEqual([]);
  });

  it('a route is public iff its path contains /pb/', () => {
    expect(table.filter((r) => r.public !== r.path.includes('/pb/')).map(describeRoute)).toEqual([]);
  });

  it('paths are well formed', () => {
    const bad = table.filter((r) => !/^(\/[\w.-]+|\/\{\w+\})+$/.test(r.path)).map(describeRoute);
    expect(bad).toEqual([]);
  });

  it('the table holds the whole catalogue (at least 230 calls)', () => {
    expect(table.length).toBeGreaterThanOrEqual(230);
  });
});
