/**
 * Regenerates data/kb/*.json, the knowledge base the NLU links mentions to, from:
 *   - the open vocabularies in shared/data/kb (ICD-10 国家临床版2.0, ICD-9-CM-3, NMPA imported drugs),
 *   - the engine's own curated tables (diseases, conditions, symptoms, drugs, labs, surgeries, departments),
 *   - the hand-written lists in data/kb/curated (exams, body parts, source citations).
 * Every entry is validated with the schema of src/kb/schema.ts; the build fails on the first error.
 *
 *   node --import tsx packages/engine/scripts/build-kb.ts [path/to/shared/data/kb]
 *
 * The product never reads shared/ at run time: only the generated files are committed and loaded.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EntitySchema, SourcesSchema, type Affects, type Entity, type EntityType } from '../src/kb/schema.ts';
import { departmentForIcd } from '../src/kb/icd-departments.ts';
import { affectsFromName, affectsFromIcd, mergeAffects } from '../src/kb/affects.ts';

const ENGINE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = resolve(process.argv[2] ?? join(ENGINE, '../../../shared/data/kb'));
const OUT = join(ENGINE, 'data/kb');

// ---------------------------------------------------------------------------------------------
// Input

function parseCsv(text: string): Array<Record<string, string>> {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field); field = '';
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length > 0) { row.push(field); rows.push(row); }
  const [header = [], ...body] = rows;
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

const csv = (file: string): Array<Record<string, string>> => parseCsv(readFileSync(join(SHARED, file), 'utf8'));
const json = <T>(file: string): T => JSON.parse(readFileSync(join(ENGINE, file), 'utf8')) as T;

interface OldDisease { id: string; name: string; synonyms: string[]; icd10: string; department: string; source: string }
interface OldCondition { id: string; name: string; icd10: string; department: string; ageGroups?: string[]; sex?: 'M' | 'F'; maxAge?: number; pregnancyRelated?: boolean }
interface OldSymptom { id: string; name: string; synonyms: string[] }
interface OldPhrases { id: string; synonyms: string[] }
interface OldDrug { id: string; name: string; synonyms: string[] }
interface OldLab { id: string; name: string; aliases: string[]; category: string }
interface OldSurgery { id: string; name: string; synonyms: string[] }
interface OldDepartment { id: string; name: string; aliases: string[] }
interface Curated { key: string; name: string; synonyms: string[]; department?: string; affects?: Affects; ref?: string }

// ---------------------------------------------------------------------------------------------
// Assembly

/** Entities by id, and an index of every name and synonym to the id that owns it (per type). */
const byId = new Map<string, Entity>();
const nameOwner = new Map<string, string>();
const ownerKey = (type: EntityType, name: string): string => `${type}\u0000${name}`;

function add(e: Entity): void {
  if (byId.has(e.id)) throw new Error(`duplicate id ${e.id}`);
  byId.set(e.id, e);
  for (const n of [e.name, ...(e.synonyms ?? [])]) if (!nameOwner.has(ownerKey(e.type, n))) nameOwner.set(ownerKey(e.type, n), e.id);
}

function owner(type: EntityType, names: readonly string[]): Entity | undefined {
  for (const n of names) {
    const id = nameOwner.get(ownerKey(type, n));
    if (id) return byId.get(id);
  }
  return undefined;
}

/** Adds names and codes to an existing entity (a merge), keeping the name first. */
function enrich(e: Entity, names: readonly string[], codes: readonly string[] = []): void {
  const syn = new Set(e.synonyms ?? []);
  for (const n of names) if (n !== e.name && n.length <= 40) syn.add(n);
  const cs = new Set([...(e.codes ?? []), ...codes]);
  const next: Entity = { ...e, ...(syn.size ? { synonyms: [...syn] } : {}), ...(cs.size ? { codes: [...cs] } : {}) };
  byId.set(e.id, next);
  for (const n of names) if (!nameOwner.has(ownerKey(e.type, n))) nameOwner.set(ownerKey(e.type, n), e.id);
}

const uniq = (xs: readonly string[], not: string): string[] => [...new Set(xs.map((x) => x.trim()).filter((x) => x && x !== not && x.length <= 40))];
const opt = <K extends string, V>(k: K, v: V | undefined | null): Partial<Record<K, V>> =>
  v === undefined || v === null || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) ? {} : ({ [k]: v } as Record<K, V>);

// --- departments ------------------------------------------------------------------------------
const departments = json<OldDepartment[]>('data/departments.json');
const DEPT_NAMES = new Set(departments.map((d) => d.name));
for (const d of departments) add({ id: `dept:${d.id}`, type: 'department', name: d.name, ...opt('synonyms', uniq(d.aliases, d.name)), source: 'departments', ref: d.id });

// --- symptoms ---------------------------------------------------------------------------------
const phrases = new Map(json<OldPhrases[]>('data/symptom-phrases.json').map((p) => [p.id, p.synonyms]));
for (const s of json<OldSymptom[]>('data/symptoms.json')) {
  const names = uniq([...s.synonyms, ...(phrases.get(s.id) ?? [])], s.name);
  add({ id: `symptom:${s.id}`, type: 'symptom', name: s.name, ...opt('synonyms', names), ...opt('affects', affectsFromName(s.name)), source: 'engine-symptoms', ref: s.id });
}

// --- body parts, exams ------------------------------------------------------------------------
for (const b of json<Curated[]>('data/kb/curated/body-parts.json')) {
  add({ id: `body:${b.key}`, type: 'body_part', name: b.name, ...opt('synonyms', uniq(b.synonyms, b.name)), ...opt('affects', b.affects), source: 'anatomy-9' });
}
for (const x of json<Curated[]>('data/kb/curated/exams.json')) {
  add({ id: `test:${x.key}`, type: 'test', name: x.name, ...opt('synonyms', uniq(x.synonyms, x.name)), ...opt('affects', x.affects), source: 'diagnostics-9', ...opt('ref', x.ref) });
}
for (const l of json<OldLab[]>('data/lab-indicators.json')) {
  const names = uniq(l.aliases, l.name);
  const dup = owner('test', [l.name]);
  if (dup) { enrich(dup, names); continue; }
  add({ id: `test:${l.id}`, type: 'test', name: l.name, ...opt('synonyms', names), source: 'engine-labs', ref: l.id });
}

// --- diseases: the engine's curated ones first, then ICD-10 -----------------------------------
/**
 * A condition's age groups (data/conditions.json: who usually gets it) as hard limits, kept lenient
 * because they describe who usually has it, not who can: a condition of adults only is impossible
 * before 10 (an infant's 抑郁症), one of children only impossible from 18 (an adult's 生长痛), one
 * of infants only impossible from 3. An adult condition stays possible for an elder, and maxAge
 * ("rare from") is not a limit.
 */
function conditionAffects(c: OldCondition): Affects {
  const a: { ageMin?: number; ageMax?: number; sex?: 'M' | 'F'; pregnancy?: 'only' } = {};
  const g = new Set(c.ageGroups ?? []);
  if (g.size > 0) {
    if (!g.has('infant') && !g.has('child')) a.ageMin = 10;
    if (!g.has('adult') && !g.has('elder')) a.ageMax = g.has('child') ? 18 : 3;
  }
  if (c.sex) a.sex = c.sex;
  if (c.pregnancyRelated) { a.pregnancy = 'only'; a.sex = 'F'; }
  return a;
}

const icdCode = (c: string): string => `ICD10:${c.replace(/\s+/gu, '')}`;
const oldDiseases = json<OldDisease[]>('data/diseases.json');
const conditions = json<OldCondition[]>('data/conditions.json');
const conditionById = new Map(conditions.map((c) => [c.id, c]));
for (const d of oldDiseases) {
  const c = conditionById.get(d.id);
  add({
    id: `disease:${d.id}`, type: 'disease', name: d.name, ...opt('synonyms', uniq(d.synonyms, d.name)), codes: [icdCode(d.icd10)],
    ...(DEPT_NAMES.has(d.department) ? { department: d.department } : {}),
    ...opt('affects', mergeAffects(c ? conditionAffects(c) : {}, affectsFromName(d.name))), source: 'engine-diseases', ref: d.id,
  });
}
for (const c of conditions) {
  if (byId.has(`disease:${c.id}`)) continue;
  const dup = owner('disease', [c.name]);
  if (dup) { enrich(dup, [], [icdCode(c.icd10)]); continue; }
  add({
    id: `disease:${c.id}`, type: 'disease', name: c.name, codes: [icdCode(c.icd10)], ...(DEPT_NAMES.has(c.department) ? { department: c.department } : {}),
    ...opt('affects', mergeAffects(conditionAffects(c), affectsFromName(c.name))), source: 'engine-conditions', ref: c.id,
  });
}

/**
 * Names too generic or administrative to be a disease someone names (其他…, 未特指…, 个人史), and
 * the O codes that record a stage of pregnancy (孕36周, 宫内孕), which are not diseases.
 */
const NOT_A_NAME = /[，,、（()）；;：:/\s]|由于|伴有|不伴|其他|未特指|未分类|不可归类|个人史|家族史|后遗症的|所致的|状态$|^[A-Za-z]|^(?:孕|妊娠)\d|^(?:宫内孕|早孕|中孕|晚孕|足月|过期妊娠|孕\d+周)$/u;
const symptomNames = new Set([...byId.values()].filter((e) => e.type === 'symptom').flatMap((e) => [e.name, ...(e.synonyms ?? [])]));
const thuocl = new Set(csv('thuocl_medical.csv').map((r) => r['word'] ?? ''));

interface IcdRow { code: string; name: string; c3: string; c3name: string }
const clinical: IcdRow[] = csv('icd10_cn_clinical_v2_diagnoses.csv').map((r) => ({ code: r['code'] ?? '', name: r['name'] ?? '', c3: r['category3'] ?? '', c3name: r['category3_name'] ?? '' }));
const categories = new Map<string, string>();
for (const r of csv('icd10_cn_hierarchy.csv')) if (r['level'] === 'category') categories.set(r['code'] ?? '', r['name'] ?? '');
for (const r of clinical) if (r.c3 && r.c3name && !categories.has(r.c3)) categories.set(r.c3, r.c3name);

function addIcd(raw: string, name: string, category: boolean): void {
  const code = /^[A-Z]\d\d(?:\.[0-9x]+)?/u.exec(raw)?.[0] ?? ''; // drop dagger/asterisk pairs and morphology codes
  if (!/^[A-U]/u.test(code) || code.startsWith('U')) return; // V–Z: external causes and health-service factors, not diseases
  if (NOT_A_NAME.test(name) || name.length < 2 || name.length > (category ? 16 : 10)) return;
  const c3 = code.slice(0, 3);
  if (c3 >= 'R00' && c3 <= 'R99' && symptomNames.has(name)) return; // a symptom, already a symptom entity
  const dup = owner('disease', [name]);
  if (dup) { enrich(dup, [], [icdCode(code)]); return; }
  const dept = departmentForIcd(code);
  add({
    id: `disease:icd:${code}`, type: 'disease', name, codes: [icdCode(code)], ...(dept ? { department: dept } : {}),
    ...opt('affects', mergeAffects(affectsFromIcd(code), affectsFromName(name))), source: 'icd10-cn-clinical-2.0',
  });
}
for (const [code, name] of [...categories].sort(([a], [b]) => a.localeCompare(b))) addIcd(code, name, true);
// Named diseases beyond the categories: short names (≤ 6 characters) and any name in THUOCL's medical word list.
for (const r of clinical) if (r.name.length <= 6 || thuocl.has(r.name)) addIcd(r.code, r.name, false);

// --- drugs --------------------------------------------------------------------------------------
for (const d of json<OldDrug[]>('data/drugs.json')) {
  add({ id: `drug:${d.id}`, type: 'drug', name: d.name, ...opt('synonyms', uniq(d.synonyms, d.name)), source: 'engine-drugs', ref: d.id });
}
const FORM = /(?:注射用|吸入用)|(?:肠溶|缓释|控释|分散|口崩|咀嚼|泡腾|舌下|口腔崩解|薄膜衣)?(?:片|软胶囊|硬胶囊|胶囊|颗粒|干混悬剂|混悬液|口服滴剂|口服溶液|口服液|溶液|注射液|滴眼液|眼膏|滴耳液|滴鼻液|鼻喷雾剂|喷雾剂|气雾剂|吸入剂|吸入粉雾剂|粉雾剂|乳膏|软膏|凝胶|贴片|贴剂|栓|丸|散|糖浆|酊|洗剂|搽剂|冲剂|乳剂|粉针剂|注射剂|滴剂)$/gu;
const SALT = /^(?:盐酸|枸橼酸|甲磺酸|马来酸|硫酸|琥珀酸|酒石酸|富马酸|苯磺酸|双羟萘酸|醋酸|磷酸|氢溴酸|乳酸|葡萄糖酸|门冬氨酸|苹果酸|对甲苯磺酸|草酸|重酒石酸)/u;
const baseOf = (product: string): string => product.replace(/[（(][^）)]*[）)]/gu, '').replace(FORM, '').replace(FORM, '').trim();
const nmpaGroups = new Map<string, { products: Set<string>; codes: Set<string> }>();
for (const r of csv('nmpa_imported_drugs.csv')) {
  const product = (r['product_name'] ?? '').trim();
  const code = (r['drug_code_86'] ?? '').trim();
  if (!product) continue;
  const base = baseOf(product) || product;
  const g = nmpaGroups.get(base) ?? { products: new Set<string>(), codes: new Set<string>() };
  g.products.add(product);
  if (/^\d+$/u.test(code)) g.codes.add(`NMPA:${code}`);
  nmpaGroups.set(base, g);
}
for (const [base, g] of nmpaGroups) {
  const plain = base.replace(SALT, '');
  const names = uniq([base, ...(plain.length >= 2 ? [plain] : []), ...g.products], '');
  const dup = owner('drug', names);
  const codes = [...g.codes].slice(0, 3);
  if (dup) { enrich(dup, names, codes); continue; }
  if (base.length < 2 || base.length > 40) continue;
  const key = (codes[0] ?? '').replace('NMPA:', '') || String(byId.size);
  const id = byId.has(`drug:nmpa:${key}`) ? `drug:nmpa:${key}x${byId.size}` : `drug:nmpa:${key}`;
  add({ id, type: 'drug', name: base, ...opt('synonyms', uniq(names, base)), ...opt('codes', codes), ...opt('affects', affectsFromName(base)), source: 'nmpa-imported' });
}

// --- operations ---------------------------------------------------------------------------------
for (const s of json<OldSurgery[]>('data/surgeries.json')) {
  add({ id: `operation:${s.id}`, type: 'operation', name: s.name, ...opt('synonyms', uniq(s.synonyms, s.name)), source: 'engine-surgeries', ref: s.id });
}
for (const r of csv('icd9cm3_chsdrg_procedures.csv')) {
  const name = (r['name'] ?? '').trim();
  const code = (r['code'] ?? '').trim();
  if (!/^[0-9.x]+$/u.test(code) || NOT_A_NAME.test(name) || name.length < 3 || name.length > 12) continue;
  const dup = owner('operation', [name]);
  if (dup) { enrich(dup, [], [`ICD9CM3:${code}`]); continue; }
  add({ id: `operation:icd9:${code}`, type: 'operation', name, codes: [`ICD9CM3:${code}`], ...opt('affects', affectsFromName(name)), source: 'icd9cm3-chsdrg' });
}

// ---------------------------------------------------------------------------------------------
// Validate and write

const sources = SourcesSchema.parse(json<unknown>('data/kb/curated/sources.json'));
const all = [...byId.values()];
for (const e of all) {
  const r = EntitySchema.safeParse(e);
  if (!r.success) throw new Error(`${e.id}: ${r.error.message}`);
  if (!(e.source in sources)) throw new Error(`${e.id}: unknown source ${e.source}`);
  if (e.department && !DEPT_NAMES.has(e.department)) throw new Error(`${e.id}: unknown department ${e.department}`);
}
const FILES: Record<EntityType, string> = {
  disease: 'diseases.json', symptom: 'symptoms.json', drug: 'drugs.json', test: 'tests.json', operation: 'operations.json', body_part: 'body-parts.json', department: 'departments.json',
};
const counts: Record<string, number> = {};
for (const [type, file] of Object.entries(FILES) as Array<[EntityType, string]>) {
  const list = all.filter((e) => e.type === type);
  counts[type] = list.length;
  // One entity a line: compact to load, readable in a diff.
  writeFileSync(join(OUT, file), `[\n${list.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`);
}
console.log(JSON.stringify(counts));
