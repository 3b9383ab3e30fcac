/**
 * The synthetic lab report the OCR fixtures are drawn from (a 15-row Chinese blood-routine and
 * liver-function report), and the truth the tests and the bench compare extracted rows with.
 * `make-fixtures.ts` renders it; nothing here needs a font or a native module.
 */

export interface FixtureRow {
  readonly name: string;
  readonly code: string;
  readonly value: string;
  /** The arrow printed beside the value (deliberately wrong on one row: never trusted). */
  readonly arrow: '' | '↑' | '↓';
  readonly unit: string;
  readonly range: string;
  /** What high/low must come out as, computed from value and range. */
  readonly expected: 'normal' | 'high' | 'low';
  /** The engine indicator id the row must map to. */
  readonly indicatorId: string;
}

export const FIXTURE_HEADER = {
  hospital: '江城市第一人民医院',
  title: '检验报告单',
  patientName: '张建国',
  sex: '男',
  age: '45岁',
  department: '消化内科',
  sample: '静脉血',
  collected: '2026-03-12 08:30',
  reported: '2026-03-12 10:15',
} as const;

export const FIXTURE_ROWS: readonly FixtureRow[] = [
  { name: '白细胞计数', code: 'WBC', value: '6.52', arrow: '', unit: '10^9/L', range: '3.5-9.5', expected: 'normal', indicatorId: 'wbc' },
  { name: '红细胞计数', code: 'RBC', value: '4.12', arrow: '↓', unit: '10^12/L', range: '4.3-5.8', expected: 'low', indicatorId: 'rbc' },
  { name: '血红蛋白', code: 'HGB', value: '118', arrow: '↓', unit: 'g/L', range: '130-175', expected: 'low', indicatorId: 'hgb' },
  { name: '红细胞压积', code: 'HCT', value: '37.2', arrow: '↓', unit: '%', range: '40-50', expected: 'low', indicatorId: 'hct' },
  { name: '平均红细胞体积', code: 'MCV', value: '90.3', arrow: '', unit: 'fL', range: '82-100', expected: 'normal', indicatorId: 'mcv' },
  { name: '平均红细胞血红蛋白含量', code: 'MCH', value: '28.6', arrow: '', unit: 'pg', range: '27-34', expected: 'normal', indicatorId: 'mch' },
  { name: '血小板计数', code: 'PLT', value: '256', arrow: '', unit: '10^9/L', range: '125-350', expected: 'normal', indicatorId: 'plt' },
  { name: '中性粒细胞百分比', code: 'NEUT%', value: '68.2', arrow: '', unit: '%', range: '40-75', expected: 'normal', indicatorId: 'neut-pct' },
  { name: '淋巴细胞百分比', code: 'LYMPH%', value: '22.5', arrow: '', unit: '%', range: '20-50', expected: 'normal', indicatorId: 'lymph-pct' },
  { name: '谷丙转氨酶', code: 'ALT', value: '56', arrow: '↑', unit: 'U/L', range: '9-50', expected: 'high', indicatorId: 'alt' },
  { name: '谷草转氨酶', code: 'AST', value: '38', arrow: '', unit: 'U/L', range: '15-40', expected: 'normal', indicatorId: 'ast' },
  // The printed arrow is wrong here on purpose: 15.8 is inside 3.4-20.5.
  { name: '总胆红素', code: 'TBIL', value: '15.8', arrow: '↑', unit: 'μmol/L', range: '3.4-20.5', expected: 'normal', indicatorId: 'tbil' },
  { name: '白蛋白', code: 'ALB', value: '42.1', arrow: '', unit: 'g/L', range: '40-55', expected: 'normal', indicatorId: 'alb' },
  { name: '谷氨酰转肽酶', code: 'GGT', value: '72', arrow: '↑', unit: 'U/L', range: '10-60', expected: 'high', indicatorId: 'ggt' },
  { name: '碱性磷酸酶', code: 'ALP', value: '85', arrow: '', unit: 'U/L', range: '45-125', expected: 'normal', indicatorId: 'alp' },
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const FIXTURE_PAGE = { width: 1240, height: 1754 } as const;
/** Column x positions of the table (序号, 项目名称, 代号, 结果, 单位, 参考范围). */
export const FIXTURE_COLUMNS = [70, 140, 520, 680, 840, 1010] as const;
export const FIXTURE_TABLE_TOP = 470;
export const FIXTURE_ROW_HEIGHT = 56;

/** The report as an SVG page (A4 at 150 dpi), text in a CJK sans-serif font. */
export function reportSvg(font = 'Noto Sans CJK SC'): string {
  const { width, height } = FIXTURE_PAGE;
  const h = FIXTURE_HEADER;
  const c = FIXTURE_COLUMNS;
  const t = (x: number, y: number, s: string, size = 26, weight = 'normal', anchor = 'start') =>
    `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" text-anchor="${anchor}">${esc(s)}</text>`;
  const parts: string[] = [];
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  parts.push(t(width / 2, 110, h.hospital, 44, 'bold', 'middle'));
  parts.push(t(width / 2, 175, h.title, 38, 'bold', 'middle'));
  parts.push(t(70, 260, `姓名：${h.patientName}`), t(440, 260, `性别：${h.sex}`), t(760, 260, `年龄：${h.age}`));
  parts.push(t(70, 310, `科室：${h.department}`), t(440, 310, `标本：${h.sample}`), t(760, 310, '临床诊断：肝功能异常'));
  parts.push(t(70, 360, `采样时间：${h.collected}`), t(640, 360, `报告时间：${h.reported}`));
  parts.push(`<line x1="60" y1="395" x2="${width - 60}" y2="395" stroke="#000" stroke-width="2"/>`);
  const headY = FIXTURE_TABLE_TOP - 30;
  ['序号', '项目名称', '代号', '结果', '单位', '参考范围'].forEach((s, i) => parts.push(t(c[i] ?? 0, headY, s, 26, 'bold')));
  parts.push(`<line x1="60" y1="${headY + 18}" x2="${width - 60}" y2="${headY + 18}" stroke="#000" stroke-width="1"/>`);
  FIXTURE_ROWS.forEach((r, i) => {
    const y = FIXTURE_TABLE_TOP + 36 + i * FIXTURE_ROW_HEIGHT;
    parts.push(t(c[0], y, String(i + 1)), t(c[1], y, r.name), t(c[2], y, r.code), t(c[3], y, `${r.value}${r.arrow ? ` ${r.arrow}` : ''}`), t(c[4], y, r.unit), t(c[5], y, r.range));
  });
  const endY = FIXTURE_TABLE_TOP + 36 + FIXTURE_ROWS.length * FIXTURE_ROW_HEIGHT;
  parts.push(`<line x1="60" y1="${endY}" x2="${width - 60}" y2="${endY}" stroke="#000" stroke-width="2"/>`);
  parts.push(t(70, endY + 50, '检验者：李明    审核者：王芳    本报告仅对所检标本负责', 24));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="${font}" fill="#111">${parts.join('')}</svg>`;
}

/** Text lines of the report for the text PDF: one table row per line, columns at fixed x. */
export function reportTextLines(): { x: number; y: number; text: string; size: number }[] {
  const h = FIXTURE_HEADER;
  const c = FIXTURE_COLUMNS;
  const out: { x: number; y: number; text: string; size: number }[] = [];
  out.push({ x: 420, y: 110, text: h.hospital, size: 44 }, { x: 530, y: 175, text: h.title, size: 38 });
  out.push({ x: 70, y: 260, text: `姓名：${h.patientName}`, size: 26 }, { x: 440, y: 260, text: `性别：${h.sex}`, size: 26 }, { x: 760, y: 260, text: `年龄：${h.age}`, size: 26 });
  out.push({ x: 70, y: 310, text: `科室：${h.department}`, size: 26 }, { x: 440, y: 310, text: `标本：${h.sample}`, size: 26 });
  out.push({ x: 70, y: 360, text: `采样时间：${h.collected}`, size: 26 }, { x: 640, y: 360, text: `报告时间：${h.reported}`, size: 26 });
  ['序号', '项目名称', '代号', '结果', '单位', '参考范围'].forEach((s, i) => out.push({ x: c[i] ?? 0, y: FIXTURE_TABLE_TOP - 30, text: s, size: 26 }));
  FIXTURE_ROWS.forEach((r, i) => {
    const y = FIXTURE_TABLE_TOP + 36 + i * FIXTURE_ROW_HEIGHT;
    const cells = [String(i + 1), r.name, r.code, `${r.value}${r.arrow ? ` ${r.arrow}` : ''}`, r.unit, r.range];
    cells.forEach((s, j) => out.push({ x: c[j] ?? 0, y, text: s, size: 26 }));
  });
  return out;
}

/** An extracted lab item, as far as scoring needs it. */
export interface ScoredItem {
  readonly name: string;
  readonly value: string;
  readonly refRange: string | null;
  readonly flag: string;
  readonly indicatorId: string | null;
}

/**
 * Fixture rows read right: an item with the row's name, value and reference range (and the
 * high/low computed from them, and the engine indicator) — OCR-SPEECH.md's "rows" measure.
 */
export function rowsCorrect(items: readonly ScoredItem[]): { correct: number; total: number; missed: string[] } {
  const missed: string[] = [];
  for (const r of FIXTURE_ROWS) {
    const ok = items.some((i) => i.name === r.name && i.value === r.value && i.refRange === r.range && i.flag === r.expected && i.indicatorId === r.indicatorId);
    if (!ok) missed.push(r.name);
  }
  return { correct: FIXTURE_ROWS.length - missed.length, total: FIXTURE_ROWS.length, missed };
}
