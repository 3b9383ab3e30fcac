/**
 * Test helper: builds a plausible value of a route's input schema (from its JSON Schema, as the
 * OpenAPI document sees it) and lists the leaves that can be swapped for a hostile value, so the
 * fuzz test reaches past validation on every route.
 */
import { z } from 'zod';

type Js = Record<string, unknown>;
export type Path = Array<string | number>;
export interface Leaf {
  path: Path;
  kind: 'string' | 'integer' | 'number';
}

const isObj = (v: unknown): v is Js => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Candidates tried in turn for a string with a pattern. */
const STRING_CANDIDATES = ['1', 'abc', '2024-01-01', '2024', '13800138000', '123456', 'q-abc123', 'ROLE_1000', 'M', '10:00', 'abcdefghijkl', '1.0.0', 'Y', 'h5', 'a1b2c3d4e5f6'];

export function jsonSchemaOf(s: z.ZodType): Js {
  return z.toJSONSchema(s, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Js;
}

function resolve(js: Js, root: Js): Js {
  const ref = js.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
    const defs = root.$defs;
    const d = isObj(defs) ? defs[ref.slice('#/$defs/'.length)] : undefined;
    return isObj(d) ? resolve(d, root) : {};
  }
  return js;
}

/** The branch of a union the sample takes: the first that is not null. */
function branch(js: Js, root: Js): Js {
  for (const k of ['anyOf', 'oneOf'] as const) {
    const opts = js[k];
    if (Array.isArray(opts)) {
      const pick = opts.map((o) => (isObj(o) ? resolve(o, root) : {})).find((o) => o.type !== 'null') ?? {};
      return branch(pick, root);
    }
  }
  const all = js.allOf;
  if (Array.isArray(all) && isObj(all[0])) return branch(resolve(all[0], root), root);
  return js;
}

/** Values for fields of these names (the caller's own member id: the checks before the queries pass). */
let knownValues: Record<string, unknown> = {};
export function setKnownValues(v: Record<string, unknown>): void {
  knownValues = v;
}

let seed = 0;
/** Each sample's free strings differ (a member name must not be taken by the previous case). */
export function reseed(): void {
  seed++;
}

function stringSample(js: Js): string {
  const min = typeof js.minLength === 'number' ? js.minLength : 0;
  const max = typeof js.maxLength === 'number' ? js.maxLength : 1000;
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (typeof js.pattern === 'string') {
    let re: RegExp;
    try {
      re = new RegExp(js.pattern, 'u');
    } catch {
      re = new RegExp(js.pattern);
    }
    const hit = STRING_CANDIDATES.find((c) => fits(c) && re.test(c));
    if (hit) return hit;
  }
  if (js.format === 'date') return '2024-01-01';
  const base = `测${seed.toString(36)}`;
  return fits(base) ? base : 'a'.repeat(Math.max(min, 1)).slice(0, max);
}

function numberSample(js: Js): number {
  const min = typeof js.minimum === 'number' ? js.minimum : typeof js.exclusiveMinimum === 'number' ? js.exclusiveMinimum + 1 : 1;
  const max = typeof js.maximum === 'number' ? js.maximum : typeof js.exclusiveMaximum === 'number' ? js.exclusiveMaximum - 1 : Number.MAX_SAFE_INTEGER;
  const v = Math.max(min, 1);
  return v <= max ? v : min;
}

/** A value of the schema, every optional property filled in. */
export function sampleOf(js0: Js, root: Js = js0, depth = 0, key = ''): unknown {
  const js = branch(resolve(js0, root), root);
  const known = knownValues[key];
  if (known !== undefined && (js.type === 'integer' || js.type === 'number' || js.type === 'string')) return known;
  if ('const' in js) return js.const;
  if (Array.isArray(js.enum)) return js.enum[0];
  if ('default' in js && depth > 0 && js.type !== 'object') return js.default;
  const type = Array.isArray(js.type) ? (js.type as unknown[]).find((x) => x !== 'null') : js.type;
  if (depth > 8) return null;
  switch (type) {
    case 'object': {
      const out: Js = {};
      const props = isObj(js.properties) ? js.properties : {};
      for (const [k, v] of Object.entries(props)) if (isObj(v)) out[k] = sampleOf(v, root, depth + 1, k);
      return out;
    }
    case 'array': {
      const n = typeof js.minItems === 'number' && js.minItems > 0 ? js.minItems : 1;
      const item = isObj(js.items) ? js.items : {};
      return Array.from({ length: n }, () => sampleOf(item, root, depth + 1));
    }
    case 'string':
      return stringSample(js);
    case 'integer':
    case 'number':
      return numberSample(js);
    case 'boolean':
      return true;
    default:
      return depth === 0 ? {} : '测试';
  }
}

/** The string and number leaves of the sample's shape, by path. */
export function leavesOf(js0: Js, root: Js = js0, path: Path = [], depth = 0): Leaf[] {
  const js = branch(resolve(js0, root), root);
  if (depth > 8 || 'const' in js) return [];
  const type = Array.isArray(js.type) ? (js.type as unknown[]).find((x) => x !== 'null') : js.type;
  if (type === 'object') {
    const props = isObj(js.properties) ? js.properties : {};
    return Object.entries(props).flatMap(([k, v]) => (isObj(v) ? leavesOf(v, root, [...path, k], depth + 1) : []));
  }
  if (type === 'array') return isObj(js.items) ? leavesOf(js.items, root, [...path, 0], depth + 1) : [];
  // Enums of strings: a hostile value is refused by the enum itself; still worth one try.
  if (type === 'string' || type === 'integer' || type === 'number') return [{ path, kind: type }];
  return [];
}

export function setAt(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy: unknown = structuredClone(value);
  let cur = copy as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) {
    const next = cur[k];
    if (typeof next !== 'object' || next === null) return copy;
    cur = next as Record<string | number, unknown>;
  }
  cur[path[path.length - 1] as string | number] = leaf;
  return copy;
}

/** Values the schemas used to accept and the database refuses (issue 15 item 6). */
export const HOSTILE: Record<Leaf['kind'], unknown[]> = {
  string: ['a\u0000b', 'x\uD800y', '\uDC00', '1990-02-31'],
  integer: [2147483648, 32768, -2147483649, 9007199254740991],
  number: [2147483648, 32768, 1e300],
};
