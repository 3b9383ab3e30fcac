import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Entity } from './schema.ts';
import type { EntityType } from './types.ts';

export { ENTITY_TYPES, type EntityType } from './types.ts';
export type { Entity, Affects } from './schema.ts';
export { canAffect, type Person } from './affects.ts';
export { departmentForIcd, ICD_DEPARTMENT_RANGES } from './icd-departments.ts';

/** The generated files of data/kb (scripts/build-kb.ts), in the order ties are broken when linking. */
export const KB_FILES = ['departments', 'symptoms', 'body-parts', 'tests', 'diseases', 'drugs', 'operations'] as const;

const require = createRequire(import.meta.url);

/**
 * Reads one generated file through the package's `./data/*` export, so the same code works from the
 * TypeScript sources and from the server's bundle (which keeps node_modules beside it). Plain
 * JSON.parse: ~0.1 s and ~25 MB for the whole KB, where a module import of 4 MB of JSON costs
 * seconds under a TypeScript loader.
 */
function readKbFile(name: string): Entity[] {
  return JSON.parse(readFileSync(require.resolve(`@chatdr/engine/data/kb/${name}.json`), 'utf8')) as Entity[];
}

let all: readonly Entity[] | null = null;
let byId: Map<string, Entity> | null = null;

/**
 * The knowledge base, loaded on first use. The files are validated against src/kb/schema.ts by the
 * build and by kb.test.ts, so they are trusted here.
 */
export function kb(): readonly Entity[] {
  all ??= Object.freeze(KB_FILES.flatMap((f) => readKbFile(f)));
  return all;
}

/** The entity with this id, or undefined. */
export function entity(id: string): Entity | undefined {
  byId ??= new Map(kb().map((e) => [e.id, e]));
  return byId.get(id);
}

/** The entities of one type, in file order. */
export function entitiesOfType(type: EntityType): Entity[] {
  return kb().filter((e) => e.type === type);
}

/** The citation of a source key of data/kb/curated/sources.json. */
export function kbSource(key: string): string | undefined {
  sources ??= JSON.parse(readFileSync(require.resolve('@chatdr/engine/data/kb/curated/sources.json'), 'utf8')) as Record<string, string>;
  return sources[key];
}
let sources: Record<string, string> | null = null;
