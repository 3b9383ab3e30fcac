/**
 * Understanding an uploaded document from its text rows: what kind of document it is, the lab
 * table (name, code, value, unit, reference range, high/low from value vs range — never from the
 * printed arrow, which OCR misreads), the patient and report header, and for a medicine box the
 * drug. Pure: rows in, ocrBaseEntity out.
 */
import { FOLDER_TYPES, REPORT_TYPES, type FolderType, type OcrBaseEntity, type OcrLabItem } from '@chatdr/contract/media/index';
import { findIndicator, LAB_INDICATORS, lookup, parsePrintedRange, parseValue, type LabIndicator } from '@chatdr/engine';

/** A printed row: its cells' texts (left to right) and its text height in pixels (0 when unknown). */
export interface TextRow {
  cells: string[];
  height: number;
}

const CJK = /[\u3400-\u9fff]/u;
const CJK_RUN = /[\u3400-\u9fff]/u;
const NUM = String.raw`\d+(?:\.\d+)?`;

/** Width-normalised, with the punctuation OCR and PDFs vary on made uniform. */
export function cleanText(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[–—−－~～]/gu, '-')
    .replace(/[：]/gu, ':')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Tokens of a row: cells split on spaces, CJK fragments OCR split apart joined again. */
export function tokensOf(row: TextRow): string[] {
  const raw = row.cells.flatMap((c) => cleanText(c).split(' ')).filter((t) => t !== '');
  const out: string[] = [];
  for (const t of raw) {
    const prev = out[out.length - 1];
    // "白 细胞 计数" → "白细胞计数"; label tokens ("姓名:张三") are never glued.
    if (prev !== undefined && CJK_RUN.test(prev.slice(-1)) && CJK_RUN.test(t.charAt(0)) && !prev.includes(':') && !t.includes(':')) {
      out[out.length - 1] = prev + t;
    } else out.push(t);
  }
  return out;
}

/** The unit table: the usual printed units and every unit of the indicator lexicon. */
const KNOWN_UNITS = [
  ...new Set([
    '10^9/L', '10^12/L', 'g/L', 'g/dL', 'mg/L', 'mg/dL', 'fL', 'pg', '%', 'U/L', 'IU/L', 'U/mL', 'IU/mL', 'mIU/mL', 'μmol/L', 'mmol/L', 'nmol/L', 'pmol/L', 'ng/mL', 'pg/mL', 'μg/L', 'mIU/L', 'μIU/mL', 'mm/h', 's', 'L/L', 'kU/L', 'mU/L', 'ng/L', 'mL/min',
    ...LAB_INDICATORS.map((i) => i.unit).filter((u) => u !== ''),
  ]),
];
const UNIT_BY_KEY = new Map(KNOWN_UNITS.map((u) => [unitKey(u), u]));
function unitKey(u: string): string {
  return u.toLowerCase().replace(/[\s×x*^]/gu, '').replace(/^u(?=[a-z])/u, 'μ');
}
/**
 * OCR's letter slips in a unit: the capital I read as l, 1 or | (mlU/L → mIU/L, 1U/mL → IU/mL),
 * O read as 0. Only a spelling the unit table holds is accepted, so a real unit is never changed.
 */
function unitSlip(s: string): string | null {
  const key = unitKey(s);
  const slips: Array<[RegExp, string]> = [[/[l1|!]/gu, 'i'], [/0/gu, 'o']];
  for (const [re, to] of slips) {
    const positions = [...key.matchAll(re)].map((m) => m.index);
    for (const at of positions) {
      const fixed = UNIT_BY_KEY.get(key.slice(0, at) + to + key.slice(at + 1));
      if (fixed) return fixed;
    }
  }
  return null;
}
/** A printed unit in its usual spelling ('Pg' → 'pg', 'umol/L' → 'μmol/L', OCR's 'mlU/L' → 'mIU/L'); a truncated one completed from the indicator's unit ('f' → 'fL'). */
function canonicalUnit(raw: string, indicatorUnit: string | null): string | null {
  const s = raw.trim();
  if (s === '') return indicatorUnit && indicatorUnit !== '' ? null : null;
  const known = UNIT_BY_KEY.get(unitKey(s));
  if (known) return known;
  const slipped = unitSlip(s);
  if (slipped) return slipped;
  if (indicatorUnit) {
    const ik = unitKey(indicatorUnit);
    if (ik.startsWith(unitKey(s)) && s.length >= 1) return UNIT_BY_KEY.get(ik) ?? indicatorUnit;
  }
  return s;
}

const VALUE_START = /^(?:[<>≤≥]?\d|阴性|阳性|弱阳性|\+|\(\+|\(-\))/u;
const RANGE_TAIL = new RegExp(String.raw`((?:${NUM})\s*-{1,2}\s*(?:${NUM})|[<>≤≥]=?\s*${NUM}|阴性(?:\(-\))?)$`, 'u');
const CODE = /^[A-Za-z][A-Za-z0-9%#-]{0,11}$/u;

/** A token that is a whole reference range: '3.5-9.5', '<5.2', '(3.5-9.5)', '阴性'. */
const RANGE_TOKEN = new RegExp(String.raw`^[(\[]?(?:${NUM}-{1,2}${NUM}|[<>≤≥]=?${NUM}|阴性(?:\(-\))?)[)\]]?$`, 'u');

/**
 * Splits a printed row into item segments: reports printed in two columns put two items on one
 * row ("白细胞计数 WBC 6.52 10^9/L 3.5-9.5 谷丙转氨酶 ALT 56 U/L 9-50"); a range followed by a
 * name starts a new item.
 */
export function segmentsOf(tokens: readonly string[]): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  tokens.forEach((t, k) => {
    cur.push(t);
    const next = tokens[k + 1] ?? '';
    const startsItem = CJK.test(next.replace(/^\d{1,3}/u, '').charAt(0)) || /^\d{1,3}$/u.test(next);
    if (RANGE_TOKEN.test(t) && cur.length >= 3 && k < tokens.length - 2 && startsItem) {
      out.push(cur);
      cur = [];
    }
  });
  if (cur.length > 0) out.push(cur);
  return out;
}

/** Reads every lab item of a printed row (one, or two for two-column reports). */
export function parseLabRows(row: TextRow): OcrLabItem[] {
  return segmentsOf(tokensOf(row))
    .map((seg) => parseLabTokens(seg))
    .filter((i): i is OcrLabItem => i !== null);
}

/** Reads one row as a lab item, or null when it is not one (headers, labels, prose). */
export function parseLabRow(row: TextRow): OcrLabItem | null {
  return parseLabTokens(tokensOf(row));
}

function parseLabTokens(tokens: readonly string[]): OcrLabItem | null {
  let i = 0;
  // A leading row number: "1", or glued to the name: "1白细胞计数".
  if (/^\d{1,3}$/u.test(tokens[0] ?? '') && tokens.length > 1) i = 1;
  let nameTok = tokens[i];
  if (nameTok === undefined) return null;
  nameTok = nameTok.replace(/^\d{1,3}(?=[\u3400-\u9fff*★☆#])/u, '').replace(/^[*★☆#]+/u, '');
  if (!CJK.test(nameTok) && !CODE.test(nameTok)) return null;
  if (/[:]/u.test(nameTok)) return null;
  // The name may carry its code: "白细胞计数WBC", "谷丙转氨酶(ALT)".
  let code: string | null = null;
  const glued = /^([^A-Za-z(]*[\u3400-\u9fff][^A-Za-z(]*?)\(?([A-Za-z][A-Za-z0-9%#-]{0,11})\)?$/u.exec(nameTok);
  let name = nameTok;
  if (glued && glued[1] && glued[2]) {
    name = glued[1];
    code = glued[2];
  }
  i++;
  if (code === null && CODE.test(tokens[i] ?? '') && !VALUE_START.test(tokens[i] ?? '')) {
    code = tokens[i] ?? null;
    i++;
  }
  const valueTok = tokens[i];
  if (valueTok === undefined || !VALUE_START.test(valueTok)) return null;
  // The value without arrows or marks ("4.12↓", "118←", "37.2√", "56H").
  const numeric = new RegExp(`^([<>≤≥]?${NUM})`, 'u').exec(valueTok);
  const value = numeric?.[1] ?? valueTok.replace(/[↑↓←→√↗↘HLhl*]+$/u, '');
  if (parseValue(value) === null) return null;
  i++;
  const rest = tokens.slice(i).filter((t) => !/^[↑↓←→√HLhl*]+$/u.test(t));
  const tailText = rest.join(' ').replace(/[)\]]\s*$/u, '').replace(/[([](?=[^([]*$)/u, '');
  const rangeMatch = RANGE_TAIL.exec(tailText);
  const refRange = rangeMatch?.[1]?.replace(/\s+/gu, '').replace(/-{2,}/gu, '-') ?? null;
  const unitRaw = (rangeMatch ? tailText.slice(0, rangeMatch.index) : tailText).trim();
  const exact = findIndicator(name) ?? (code ? findIndicator(code) : null);
  // A character OCR dropped from the name (谷丙转氨 → 谷丙转氨酶): the lexicon's name is shown.
  const near = exact ? null : nameWithDroppedChar(name);
  const indicator = exact ?? near;
  if (near) name = near.name;
  if (!refRange && !indicator) return null;
  // A name that is mostly digits or a date is not an item.
  if (/\d{4}-\d{1,2}-\d{1,2}/u.test(value)) return null;
  const range = refRange ? parsePrintedRange(refRange) : null;
  const parsed = parseValue(value);
  let flag: OcrLabItem['flag'] = 'unknown';
  if (parsed?.kind === 'qualitative') flag = parsed.positive ? 'positive' : 'normal';
  else if (parsed?.kind === 'number' && range && range.qualitative === undefined) {
    if (range.low !== undefined && parsed.value < range.low) flag = 'low';
    else if (range.high !== undefined && parsed.value > range.high) flag = 'high';
    else flag = 'normal';
  }
  return {
    name,
    code,
    value,
    unit: canonicalUnit(unitRaw, indicator?.unit ?? null),
    refRange,
    low: range?.low ?? null,
    high: range?.high ?? null,
    flag,
    indicatorId: indicator?.id ?? null,
    indicatorName: indicator?.name ?? null,
  };
}

/** Lexicon names and aliases by length, for the dropped-character match. */
const NAMES_BY_LENGTH = (() => {
  const out = new Map<number, Array<{ name: string; indicator: LabIndicator }>>();
  for (const ind of LAB_INDICATORS) {
    for (const n of [ind.name, ...ind.aliases]) {
      if (!CJK.test(n)) continue;
      const list = out.get(n.length) ?? [];
      list.push({ name: n, indicator: ind });
      out.set(n.length, list);
    }
  }
  return out;
})();

/**
 * The indicator whose name (or alias) is the printed name with one character more — the one OCR
 * dropped (白细胞计 → 白细胞计数, 谷丙转氨 → 谷丙转氨酶). Only CJK names of 3 characters or more, and
 * only when a single indicator fits: an ambiguous slip is left as printed.
 */
export function nameWithDroppedChar(printed: string): LabIndicator | null {
  const p = printed.trim();
  if (p.length < 3 || !CJK.test(p) || /[A-Za-z0-9]/u.test(p)) return null;
  const found = new Set<LabIndicator>();
  for (const c of NAMES_BY_LENGTH.get(p.length + 1) ?? []) {
    for (let k = 0; k < c.name.length; k++) {
      if (c.name.slice(0, k) + c.name.slice(k + 1) === p) {
        found.add(c.indicator);
        break;
      }
    }
  }
  return found.size === 1 ? ([...found][0] ?? null) : null;
}

// ---------------------------------------------------------------------------------------------
// Header fields

const DATE = String.raw`(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?\s*(\d{1,2}:\d{2})?`;
function dateAfter(text: string, labels: string): string | null {
  const m = new RegExp(`(?:${labels})(?:时间|日期)\\s*:?\\s*${DATE}`, 'u').exec(text);
  if (!m) return null;
  const d = `${m[1]}-${(m[2] ?? '').padStart(2, '0')}-${(m[3] ?? '').padStart(2, '0')}`;
  return m[4] ? `${d} ${m[4].padStart(5, '0')}` : d;
}
const field = (text: string, re: RegExp): string | null => re.exec(text)?.[1] ?? null;

export interface Header {
  title: string | null;
  hospital: string | null;
  department: string | null;
  patientName: string | null;
  sex: 'M' | 'F' | null;
  age: number | null;
  sampleType: string | null;
  collectedAt: string | null;
  reportedAt: string | null;
}

export function parseHeader(printed: readonly string[]): Header {
  const lines = printed.map(cleanText);
  const text = lines.join('\n');
  const sex = field(text, /性\s*别\s*:?\s*(男|女)/u);
  const age = field(text, /年\s*龄\s*:?\s*(\d{1,3})\s*(?:岁|Y|y)?/u);
  const hospitalLine = lines.find((l) => /(医院|卫生院|保健院|医疗中心|体检中心|诊所|卫生服务中心)/u.test(l) && !/:/u.test(l));
  const hospital = hospitalLine ? /([\u3400-\u9fff（）()]{2,30}?(?:医院|卫生院|保健院|医疗中心|体检中心|诊所|卫生服务中心))/u.exec(hospitalLine.replace(/\s/gu, ''))?.[1] ?? null : null;
  const titleLine = lines.find((l) => /(报告单|报告|病历|记录|说明书)$/u.test(l.replace(/\s/gu, '')) && !/:/u.test(l) && l.replace(/\s/gu, '').length <= 20);
  return {
    title: titleLine ? titleLine.replace(/\s/gu, '') : null,
    hospital,
    department: field(text, /科\s*[室别]\s*:\s*([\u3400-\u9fff]{2,10})/u),
    patientName: field(text, /姓\s*名\s*:?\s*([\u3400-\u9fff·]{2,5}?)(?=\s|性|$|年|科|床|住|门)/mu),
    sex: sex === '男' ? 'M' : sex === '女' ? 'F' : null,
    age: age !== null ? Number(age) : null,
    sampleType: field(text, /标\s*本(?:类型|种类)?\s*:\s*([\u3400-\u9fff]{1,6}?)(?=\s|$|临|送|采)/mu),
    collectedAt: dateAfter(text, '采样|采集|送检|收样|检查'),
    reportedAt: dateAfter(text, '报告|审核|发布|打印'),
  };
}

// ---------------------------------------------------------------------------------------------
// Medicine box

const SALTS = /^(盐酸|硫酸|磷酸|马来酸|枸橼酸|富马酸|琥珀酸|甲磺酸|苯磺酸|醋酸|氢溴酸|酒石酸|阿司匹林)?/u;
const FORMS = /(缓释片|控释片|肠溶片|分散片|咀嚼片|泡腾片|薄膜衣片|缓释胶囊|肠溶胶囊|软胶囊|胶囊|颗粒|干混悬剂|混悬液|口服液|口服溶液|注射液|滴眼液|软膏|乳膏|凝胶|喷雾剂|气雾剂|糖浆|丸|散|片)$/u;

/** Forms of a printed drug name to try in the lexicon: as printed, without salt, without dosage form. */
function drugCandidates(name: string): string[] {
  const base = name.replace(/\s/gu, '');
  const noForm = base.replace(FORMS, '');
  const noSalt = base.replace(SALTS, '');
  const both = noForm.replace(SALTS, '');
  return [...new Set([base, noForm, noSalt, both].filter((s) => s.length >= 2))];
}

export function findDrug(rows: readonly TextRow[]): OcrBaseEntity['drug'] {
  // Bigger text first: the brand and generic names are printed largest on a box.
  const ordered = [...rows].sort((a, b) => b.height - a.height);
  for (const row of ordered) {
    for (const tok of tokensOf(row)) {
      for (const run of tok.match(/[\u3400-\u9fff]{2,20}/gu) ?? []) {
        for (const cand of drugCandidates(run)) {
          const entry = lookup(cand, 'drug');
          if (entry) {
            const all = rows.map((r) => r.cells.join(' ')).join('\n');
            const spec = new RegExp(String.raw`(${NUM}\s*(?:mg|g|ml|mL|μg|ug|IU|万单位)\s*[×xX*]\s*\d+\s*(?:片|粒|袋|支|丸|瓶)(?:\s*[×xX*]\s*\d+\s*板)?)`, 'u').exec(cleanText(all))?.[1] ?? null;
            return { name: run, drugId: entry.id, drugName: entry.name, spec: spec ? spec.replace(/\s/gu, '') : null };
          }
        }
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The document

export interface UnderstandInput {
  rows: readonly TextRow[];
  source: OcrBaseEntity['source'];
  pages: number;
}

function classify(text: string, items: number, drug: OcrBaseEntity['drug']): FolderType {
  const t = text.replace(/\s/gu, '');
  if (/体检报告|健康体检|体检中心|总检|体检结论|体检编号/u.test(t)) return 'checkup';
  if (items >= 3) return 'report';
  if (drug && /(国药准字|用法用量|规格|说明书|处方药|OTC|批准文号|片|胶囊|颗粒)/u.test(t)) return 'medicine';
  if (/(主诉|现病史|既往史|入院记录|出院记录|病程记录|门诊病历|病历|诊断证明)/u.test(t)) return 'medical';
  if (/(检验报告|化验|报告单|检查报告|影像|超声|CT|MRI|彩超)/u.test(t) || items > 0) return 'report';
  if (drug) return 'medicine';
  return 'other';
}

/** The ocrBaseEntity of a document read as rows. */
export function understand(input: UnderstandInput): OcrBaseEntity {
  const lines = input.rows.map((r) => tokensOf(r).join(' ')).filter((l) => l !== '');
  const items: OcrLabItem[] = [];
  for (const row of input.rows) {
    items.push(...parseLabRows(row));
  }
  const header = parseHeader(lines);
  const text = lines.join('\n');
  const drug = items.length >= 3 ? null : findDrug(input.rows);
  const folderType = classify(text, items.length, drug);
  const reportType = folderType === 'checkup' ? REPORT_TYPES.healthReport : folderType === 'other' ? REPORT_TYPES.unknown : REPORT_TYPES.medicalInfo;
  return {
    reportType,
    folderType,
    folderTypeName: FOLDER_TYPES[folderType],
    ...header,
    items,
    drug: folderType === 'medicine' ? drug : null,
    text,
    source: input.source,
    pages: input.pages,
  };
}

/** The ocrBaseEntity of a skin or body-part photo (not read). */
export function photoEntity(kind: 'skin' | 'bodyPart'): OcrBaseEntity {
  return {
    reportType: kind === 'skin' ? REPORT_TYPES.skin : REPORT_TYPES.bodyPart,
    folderType: kind,
    folderTypeName: FOLDER_TYPES[kind],
    title: null, hospital: null, department: null, patientName: null, sex: null, age: null, sampleType: null, collectedAt: null, reportedAt: null,
    items: [],
    drug: null,
    text: '',
    source: 'none',
    pages: 1,
  };
}
