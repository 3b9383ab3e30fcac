import { z } from 'zod';

import { ENTITY_TYPES } from './types.ts';

export { ENTITY_TYPES, type EntityType } from './types.ts';

/**
 * Who an entity can concern. Absent fields mean no restriction. Ages are in years (0.08 ≈ 28 days).
 * `pregnancy: 'only'` — only in pregnancy or the puerperium (妊娠剧吐, 产后出血); `sex` — only that sex.
 */
export const AffectsSchema = z
  .object({
    ageMin: z.number().min(0).max(120).optional(),
    ageMax: z.number().min(0).max(120).optional(),
    sex: z.enum(['M', 'F']).optional(),
    pregnancy: z.literal('only').optional(),
  })
  .strict()
  .refine((a) => a.ageMin === undefined || a.ageMax === undefined || a.ageMin < a.ageMax, { message: 'ageMin must be below ageMax' })
  .refine((a) => a.pregnancy === undefined || a.sex !== 'M', { message: 'a pregnancy-only entity cannot be male-only' });
export type Affects = z.infer<typeof AffectsSchema>;

/** A stable id: `<type prefix>:<source-local key>` (disease:hypertension, disease:icd:J45.900, drug:nmpa:…). */
const ID = /^(?:disease|symptom|drug|test|operation|body|dept):[\p{L}\p{N}._-]+(?::[\p{L}\p{N}._-]+)?$/u;

export const EntitySchema = z
  .object({
    id: z.string().regex(ID),
    type: z.enum(ENTITY_TYPES),
    name: z.string().min(1).max(40),
    /** Other names people write, lay words first where known; never equal to the name. */
    synonyms: z.array(z.string().min(1).max(40)).optional(),
    /** Codes in standard systems: `ICD10:J45.900`, `ICD9CM3:47.0901`, `NMPA:86978593000069`. */
    codes: z.array(z.string().regex(/^(?:ICD10|ICD9CM3|NMPA):[A-Z0-9.x+*†]+$/u)).optional(),
    /** A department name of data/departments.json. */
    department: z.string().min(2).optional(),
    affects: AffectsSchema.optional(),
    /** A key of data/kb/sources.json. */
    source: z.string().min(1),
    /** For an entity that mirrors an older table: that table's id (conditions.json, drugs.json, lab-indicators.json …). */
    ref: z.string().optional(),
  })
  .strict()
  .refine((e) => !(e.synonyms ?? []).includes(e.name), { message: 'a synonym repeats the name' });
export type Entity = z.infer<typeof EntitySchema>;

export const SourcesSchema = z.record(z.string(), z.string().min(5));
