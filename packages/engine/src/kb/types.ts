/** The kinds of thing the knowledge base names. */
export const ENTITY_TYPES = ['disease', 'symptom', 'drug', 'test', 'operation', 'body_part', 'department'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
