import hospitalsJson from '../data/hospitals.json' with { type: 'json' };
import departmentsJson from '../data/departments.json' with { type: 'json' };
import { normalizeText } from './normalize.ts';

/** The kinds of hospital in `data/hospitals.json`. */
export type HospitalType = '综合医院' | '专科医院' | '中医医院' | '儿童医院' | '妇幼保健院';

const HOSPITAL_TYPES: readonly HospitalType[] = ['综合医院', '专科医院', '中医医院', '儿童医院', '妇幼保健院'];

/** One city of the directory. */
export interface HospitalCity {
  /** Full name with its suffix: 杭州市. */
  readonly city: string;
  /** Province (or municipality / autonomous region) it belongs to. */
  readonly province: string;
  /** Short names and nicknames: 杭州, 杭城. */
  readonly aliases: readonly string[];
}

/** One hospital (`data/hospitals.json`). */
export interface Hospital {
  readonly id: string;
  readonly name: string;
  readonly aliases: readonly string[];
  /** 三级甲等 … */
  readonly level: string;
  readonly type: HospitalType;
  readonly province: string;
  /** A `city` of HOSPITAL_CITIES. */
  readonly city: string;
  /** Absent when not known for sure (or the city has no districts, e.g. 东莞 uses 街道). */
  readonly district?: string;
  readonly address?: string;
  /** Department names of `data/departments.json` the hospital is known for. */
  readonly strongDepartments: readonly string[];
  readonly source: string;
}

export interface HospitalQuery {
  /** Used only when `city` is missing and the province is a municipality (北京市 …). */
  readonly province?: string | null;
  /** City name, alias or free text naming it (杭州, 杭州市, 我在杭州). No city → no results. */
  readonly city?: string | null;
  readonly district?: string | null;
  /** A department name or alias of `data/departments.json` (心内科 → 心血管内科). */
  readonly department?: string | null;
  readonly ageYears?: number | null;
  readonly pregnant?: boolean;
  /** The user wants traditional Chinese medicine. */
  readonly tcm?: boolean;
  /** Default 5. */
  readonly limit?: number;
}

export interface HospitalMatch {
  readonly hospital: Hospital;
  /** Why it is suggested, in Chinese (同区, 该院优势科室：心血管内科, 儿童专科医院 …). */
  readonly reasons: readonly string[];
  readonly score: number;
}

function toType(s: string): HospitalType {
  const t = HOSPITAL_TYPES.find((x) => x === s);
  if (t === undefined) throw new Error(`hospitals.json: unknown hospital type ${s}`);
  return t;
}

/** The cities of the directory, in data order (largest first). */
export const HOSPITAL_CITIES: readonly HospitalCity[] = Object.freeze(
  hospitalsJson.cities.map(
    (c): HospitalCity => Object.freeze({ city: c.city, province: c.province, aliases: Object.freeze([...c.aliases]) }),
  ),
);

/** All hospitals, grouped by city, best known first within a city. */
export const HOSPITALS: readonly Hospital[] = Object.freeze(
  hospitalsJson.hospitals.map(
    (h): Hospital =>
      Object.freeze({
        id: h.id,
        name: h.name,
        aliases: Object.freeze([...h.aliases]),
        level: h.level,
        type: toType(h.type),
        province: h.province,
        city: h.city,
        ...(h.district === undefined ? {} : { district: h.district }),
        ...(h.address === undefined ? {} : { address: h.address }),
        strongDepartments: Object.freeze([...h.strongDepartments]),
        source: h.source,
      }),
  ),
);

export const HOSPITALS_VERSION: string = hospitalsJson.version;

const HOSPITAL_BY_ID: ReadonlyMap<string, Hospital> = new Map(HOSPITALS.map((h) => [h.id, h]));

export function hospitalById(id: string): Hospital | undefined {
  return HOSPITAL_BY_ID.get(id);
}

/** Every key (normalised) → city; the full name, the name without 市, and the aliases. */
const CITY_BY_KEY: ReadonlyMap<string, HospitalCity> = (() => {
  const m = new Map<string, HospitalCity>();
  for (const c of HOSPITAL_CITIES) {
    const keys = [c.city, c.city.replace(/市$/, ''), ...c.aliases];
    for (const k of keys) {
      const n = normalizeText(k);
      if (n !== '' && !m.has(n)) m.set(n, c);
    }
  }
  return m;
})();

/** Keys safe to look for inside free text: two characters or more, longest first. */
const CITY_TEXT_KEYS: readonly string[] = [...CITY_BY_KEY.keys()].filter((k) => [...k].length >= 2).sort((a, b) => b.length - a.length);

/** Hospital names and aliases (3+ characters) → the hospital, longest first, to place a city from 华西医院 etc. */
const HOSPITAL_TEXT_KEYS: readonly (readonly [string, Hospital])[] = HOSPITALS.flatMap((h) =>
  [h.name, ...h.aliases].map((w) => [normalizeText(w), h] as const),
)
  .filter(([k]) => [...k].length >= 3)
  .sort((a, b) => b[0].length - a[0].length);

const STREET_AFTER = /^[东南西北中]?(路|街|大道|大街)/;

function cityInfo(text: string | null | undefined): HospitalCity | undefined {
  if (text === null || text === undefined) return undefined;
  const n = normalizeText(text);
  if (n === '') return undefined;
  const exact = CITY_BY_KEY.get(n);
  if (exact !== undefined) return exact;
  const name = resolveCity(text);
  return name === null ? undefined : CITY_BY_KEY.get(name);
}

/**
 * The city (full name, e.g. 杭州市) a text names: 杭州, 杭州市, 我在杭州, 沪 (a one-character alias
 * only when it is the whole text), or a hospital of the directory (华西医院 → 成都市). The earliest
 * mention wins, the longest key at the same position. null when none.
 */
export function resolveCity(text: string): string | null {
  const n = normalizeText(text);
  if (n === '') return null;
  const exact = CITY_BY_KEY.get(n);
  if (exact !== undefined) return exact.city;
  let best: { pos: number; len: number; city: string } | null = null;
  for (const k of CITY_TEXT_KEYS) {
    const c = CITY_BY_KEY.get(k);
    if (c === undefined) continue;
    for (let pos = n.indexOf(k); pos >= 0; pos = n.indexOf(k, pos + 1)) {
      // 北京路, 南京西路, 上海街: a street named after a city, not the city
      if (STREET_AFTER.test(n.slice(pos + k.length))) continue;
      if (best === null || pos < best.pos || (pos === best.pos && k.length > best.len)) best = { pos, len: k.length, city: c.city };
      break;
    }
  }
  if (best !== null) return best.city;
  for (const [k, h] of HOSPITAL_TEXT_KEYS) if (n.includes(k)) return h.city;
  return null;
}

/** The hospitals of a city (name, alias or free text), data order; empty when the city is unknown. */
export function hospitalsInCity(city: string): readonly Hospital[] {
  const c = cityInfo(city);
  return c === undefined ? [] : HOSPITALS.filter((h) => h.city === c.city);
}

interface DeptInfo {
  readonly name: string;
  readonly childVariant?: string;
}

const DEPT_BY_KEY: ReadonlyMap<string, DeptInfo> = (() => {
  const m = new Map<string, DeptInfo>();
  for (const d of departmentsJson) {
    const info: DeptInfo = d.childVariant === undefined ? { name: d.name } : { name: d.name, childVariant: d.childVariant };
    for (const k of [d.name, ...d.aliases]) {
      const n = normalizeText(k);
      if (!m.has(n)) m.set(n, info);
    }
  }
  return m;
})();

function districtKey(s: string): string {
  return normalizeText(s).replace(/(新区|区|县|市|街道|镇)$/, '');
}

const WOMEN_CHILD_DEPTS: ReadonlySet<string> = new Set(['产科', '妇科', '儿科', '新生儿科', '生殖医学科']);
const CHILD_DEPTS: ReadonlySet<string> = new Set(['儿科', '新生儿科']);

/**
 * Hospitals of the asked city, best first. Score: 三级甲等 +1; 同区 +3; the asked department among
 * the hospital's strong departments +4, +5 when listed first (for a child, its child variant 儿科
 * counts too); child (< 14) → 儿童医院 +6, 妇幼保健院 +3, strong 儿科 +2; pregnant → 妇幼保健院 +6, strong 产科 +3;
 * tcm → 中医医院 +6 (otherwise −1). Left out: children's hospitals for a known age ≥ 14,
 * specialty hospitals whose strong departments do not include the asked department, and 妇幼保健院
 * for an adult, not pregnant, asking for a department outside 妇产/儿科. Specialty and 妇幼
 * hospitals asked nothing relevant rank −3. Ties keep data order (best known first).
 */
export function findHospitals(q: HospitalQuery): HospitalMatch[] {
  let c = cityInfo(q.city);
  if (c === undefined && (q.city === null || q.city === undefined || q.city.trim() === '')) {
    const p = cityInfo(q.province);
    if (p !== undefined && p.city === p.province) c = p;
  }
  if (c === undefined) return [];
  const limit = q.limit ?? 5;
  if (limit <= 0) return [];

  const age = typeof q.ageYears === 'number' && Number.isFinite(q.ageYears) ? q.ageYears : null;
  const child = age !== null && age < 14;
  const pregnant = q.pregnant === true;
  const dept = q.department === null || q.department === undefined ? undefined : DEPT_BY_KEY.get(normalizeText(q.department));
  const tcm = q.tcm === true || dept?.name === '中医科';
  const wanted: string[] = [];
  if (dept !== undefined) {
    wanted.push(dept.name);
    if (child && dept.childVariant !== undefined) wanted.push(dept.childVariant);
  }
  const district = q.district === null || q.district === undefined || q.district.trim() === '' ? null : districtKey(q.district);
  const childAsked = child || (dept !== undefined && CHILD_DEPTS.has(dept.name));

  const out: { m: HospitalMatch; i: number }[] = [];
  HOSPITALS.forEach((h, i) => {
    if (h.city !== c.city) return;
    const reasons: string[] = [];
    let score = 0;
    const strongHit = wanted.filter((d) => h.strongDepartments.includes(d));

    if (h.type === '儿童医院') {
      if (age !== null && age >= 14) return;
      if (childAsked) {
        score += 6;
        reasons.push('儿童专科医院');
      } else score -= 3;
    } else if (h.type === '专科医院') {
      const relevant =
        strongHit.length > 0 ||
        (pregnant && h.strongDepartments.includes('产科')) ||
        (childAsked && h.strongDepartments.some((d) => CHILD_DEPTS.has(d)));
      if (dept !== undefined && !relevant) return;
      if (!relevant) score -= 3;
    } else if (h.type === '妇幼保健院') {
      const deptFits = dept !== undefined && WOMEN_CHILD_DEPTS.has(dept.name);
      if (dept !== undefined && !deptFits && !pregnant && !child) return;
      if (pregnant) {
        score += 6;
        reasons.push('妇幼保健院');
      } else if (child) {
        score += 3;
        reasons.push('妇幼保健院（儿童保健）');
      } else if (deptFits) {
        score += 3;
        reasons.push('妇幼保健院');
      } else score -= 3;
    } else if (h.type === '中医医院') {
      if (tcm) {
        score += 6;
        reasons.push('中医医院');
      } else score -= 1;
    }

    if (strongHit.length > 0) {
      // the department the hospital is best known for (listed first) weighs a little more
      score += strongHit.includes(h.strongDepartments[0] ?? '') ? 5 : 4;
      reasons.push(`该院优势科室：${strongHit.join('、')}`);
    }
    if (child && h.type !== '儿童医院' && !strongHit.includes('儿科') && h.strongDepartments.includes('儿科')) {
      score += 2;
      reasons.push('该院优势科室：儿科');
    }
    if (pregnant && h.type !== '妇幼保健院' && !strongHit.includes('产科') && h.strongDepartments.includes('产科')) {
      score += 3;
      reasons.push('该院优势科室：产科');
    }
    if (district !== null && h.district !== undefined && districtKey(h.district) === district) {
      score += 3;
      reasons.push('同区');
    }
    if (h.level === '三级甲等') {
      score += 1;
      reasons.push('三级甲等');
    }
    out.push({ m: { hospital: h, reasons, score }, i });
  });
  out.sort((a, b) => b.m.score - a.m.score || a.i - b.i);
  return out.slice(0, limit).map((x) => x.m);
}
