import { beforeAll, describe, expect, it } from 'vitest';
import departmentsJson from '../../data/departments.json' with { type: 'json' };
import { affectsFromIcd, affectsFromName, canAffect, mergeAffects } from './affects.ts';
import { departmentForIcd } from './icd-departments.ts';
import { entitiesOfType, entity, kb, kbSource } from './index.ts';
import { EntitySchema } from './schema.ts';

// The segmenter and the KB load once per worker (~1–3 s on a busy machine): not inside a test's 5 s.
beforeAll(() => { kb(); }, 60_000);

const DEPTS = new Set(departmentsJson.map((d) => d.name));

describe('knowledge base: every entry passes the schema', () => {
  it('validates all entries, with unique ids, known departments and cited sources', () => {
    const ids = new Set<string>();
    const bad: string[] = [];
    for (const e of kb()) {
      if (!EntitySchema.safeParse(e).success) bad.push(e.id);
      if (ids.has(e.id)) bad.push(`dup ${e.id}`);
      ids.add(e.id);
      if (e.department && !DEPTS.has(e.department)) bad.push(`dept ${e.id}`);
      if (!kbSource(e.source)) bad.push(`source ${e.id}`);
    }
    expect(bad).toEqual([]);
    expect(ids.size).toBeGreaterThan(20000);
  });

  it('is broad: thousands of diseases and operations, over a thousand drugs, the common exams', () => {
    expect(entitiesOfType('disease').length).toBeGreaterThan(5000);
    expect(entitiesOfType('operation').length).toBeGreaterThan(3000);
    expect(entitiesOfType('drug').length).toBeGreaterThan(1000);
    const testNames = new Set(entitiesOfType('test').flatMap((e) => [e.name, ...(e.synonyms ?? [])]));
    for (const n of ['B超', 'CT', '核磁', '胃镜', '肠镜', '心电图', '甲功', '肝功', '肾功', '血常规', '尿常规', 'HPV', 'TCT']) expect(testNames).toContain(n);
  });

  it('rejects entries that break the schema', () => {
    const ok = { id: 'disease:x-y', type: 'disease', name: '某病', source: 'engine-diseases' };
    expect(EntitySchema.safeParse(ok).success).toBe(true);
    expect(EntitySchema.safeParse({ ...ok, id: 'thing:x' }).success).toBe(false);
    expect(EntitySchema.safeParse({ ...ok, synonyms: ['某病'] }).success).toBe(false);
    expect(EntitySchema.safeParse({ ...ok, affects: { ageMin: 10, ageMax: 5 } }).success).toBe(false);
    expect(EntitySchema.safeParse({ ...ok, affects: { sex: 'M', pregnancy: 'only' } }).success).toBe(false);
    expect(EntitySchema.safeParse({ ...ok, codes: ['ICD10 J45'] }).success).toBe(false);
    expect(EntitySchema.safeParse({ ...ok, colour: 'red' }).success).toBe(false);
  });

  it('keeps the curated diseases with their lay synonyms and who they affect', () => {
    const afib = entity('disease:atrial-fibrillation');
    expect(afib?.synonyms).toContain('房颤');
    expect(entity('disease:hyperemesis-gravidarum')?.affects).toMatchObject({ sex: 'F', pregnancy: 'only' });
    expect(entity('disease:growing-pains')?.affects?.ageMax).toBeLessThanOrEqual(18);
  });
});

describe('ICD chapter/block → department', () => {
  it('maps by the most specific range', () => {
    expect(departmentForIcd('J45.900')).toBe('呼吸内科');
    expect(departmentForIcd('J32.0')).toBe('耳鼻咽喉科');
    expect(departmentForIcd('K02.1')).toBe('口腔科');
    expect(departmentForIcd('K64.9')).toBe('肛肠科');
    expect(departmentForIcd('I63.9')).toBe('神经内科');
    expect(departmentForIcd('B35.4')).toBe('皮肤科');
    expect(departmentForIcd('O21.0')).toBe('产科');
    expect(departmentForIcd('T16')).toBe('耳鼻咽喉科');
  });
  it('has none for external causes and health-service factors', () => {
    expect(departmentForIcd('Z00.0')).toBeUndefined();
    expect(departmentForIcd('not a code')).toBeUndefined();
  });
});

describe('who an entity can affect', () => {
  it('reads hard limits from the ICD chapter and the name', () => {
    expect(affectsFromIcd('O10.0')).toMatchObject({ pregnancy: 'only', sex: 'F' });
    expect(affectsFromIcd('N40')).toEqual({ sex: 'M' });
    expect(affectsFromIcd('P59.9')).toEqual({ ageMax: 1 });
    expect(affectsFromIcd('J45')).toEqual({});
    expect(affectsFromName('新生儿肺炎').ageMax).toBeLessThan(1);
    expect(affectsFromName('卵巢囊肿').sex).toBe('F');
    expect(affectsFromName('胃炎')).toEqual({});
  });
  it('excludes only on a known contradiction', () => {
    const infant = { age: 0.3, sex: 'F' as const, pregnant: false };
    expect(canAffect({ sex: 'F', pregnancy: 'only' }, infant)).toBe(false);
    expect(canAffect({ ageMin: 14 }, infant)).toBe(false);
    expect(canAffect({ ageMin: 1, ageMax: 14 }, { age: 40, sex: 'M', pregnant: null })).toBe(false);
    expect(canAffect({ sex: 'M' }, { age: null, sex: null, pregnant: null })).toBe(true);
    expect(canAffect({ pregnancy: 'only', sex: 'F' }, { age: 28, sex: 'F', pregnant: null })).toBe(true);
    expect(canAffect(undefined, infant)).toBe(true);
  });
  it('merges to the narrower limit', () => {
    expect(mergeAffects({ ageMax: 14 }, { ageMax: 3 })).toEqual({ ageMax: 3 });
    expect(mergeAffects({ sex: 'F' }, {})).toEqual({ sex: 'F' });
  });
});
