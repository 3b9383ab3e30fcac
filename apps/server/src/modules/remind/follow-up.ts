import type { ReportItem } from '@chatdr/contract/report/schemas';

/**
 * Follow-up checks proposed from a report reading: which abnormal indicators call for which
 * recheck, and when. Intervals follow the usual Chinese guideline practice:
 * - lipids: recheck 3 months after lifestyle change or starting a statin (中国血脂管理指南 2023: 4–6 周 after a drug start, then 3–6 months);
 * - glucose / HbA1c: every 3 months until on target (中国2型糖尿病防治指南 2020);
 * - thyroid function: 6–8 weeks after a finding or a dose change (中国甲状腺疾病诊治指南);
 * - liver enzymes: 1 month; kidney function: confirm after 3 months (KDIGO: CKD needs > 3 months);
 * - uric acid 3 months; blood count 1 month; urine routine 2 weeks; electrolytes 1 week; inflammation 2 weeks.
 * Critical values are not planned: the reading already sends the member to a doctor at once.
 */
export interface FollowUpRule {
  key: string;
  item: string;
  interval: string;
  days: number;
  indicators: readonly string[];
  /** Indicator id prefixes (urine-*). */
  prefixes?: readonly string[];
}

export const FOLLOW_UP_RULES: readonly FollowUpRule[] = [
  { key: 'lipids', item: '血脂', interval: '3个月', days: 90, indicators: ['tc', 'tg', 'ldl-c', 'hdl-c', 'non-hdl-c', 'apob', 'lpa'] },
  { key: 'glucose', item: '血糖及糖化血红蛋白', interval: '3个月', days: 90, indicators: ['glu', 'pg-2h', 'hba1c', 'ga'] },
  { key: 'thyroid', item: '甲状腺功能', interval: '6–8周', days: 42, indicators: ['tsh', 'ft3', 'ft4', 'tt3', 'tt4'] },
  { key: 'liver', item: '肝功能', interval: '1个月', days: 30, indicators: ['alt', 'ast', 'ggt', 'alp', 'tbil', 'dbil', 'ibil'] },
  { key: 'kidney', item: '肾功能', interval: '3个月', days: 90, indicators: ['creatinine', 'urea', 'egfr', 'cystatin-c', 'uacr', 'b2mg'] },
  { key: 'uric-acid', item: '尿酸', interval: '3个月', days: 90, indicators: ['uric-acid'] },
  { key: 'blood-count', item: '血常规', interval: '1个月', days: 30, indicators: ['hgb', 'rbc', 'wbc', 'plt', 'neut-abs', 'mcv'] },
  { key: 'urine', item: '尿常规', interval: '2周', days: 14, indicators: [], prefixes: ['urine-'] },
  { key: 'electrolytes', item: '电解质', interval: '1周', days: 7, indicators: ['k', 'na', 'ca'] },
  { key: 'inflammation', item: '炎症指标', interval: '2周', days: 14, indicators: ['crp', 'hs-crp', 'esr'] },
];

const FLAG_WORD: Record<string, string> = { high: '偏高', low: '偏低', positive: '阳性' };

/** A unit after a value: a power of ten reads ×10^12/L (4.12×10^12/L, not 4.1210^12/L). */
const unitText = (u: string | null): string => (!u ? '' : /^\d/.test(u) ? `×${u}` : u);

export interface FollowUp {
  rule: FollowUpRule;
  reason: string;
}

/** The rechecks a reading calls for: one per rule with at least one abnormal (non-critical) item. */
export function followUpsOf(items: readonly ReportItem[]): FollowUp[] {
  const out: FollowUp[] = [];
  for (const rule of FOLLOW_UP_RULES) {
    const hits = items.filter((i) => i.indicatorId && FLAG_WORD[i.flag] && (rule.indicators.includes(i.indicatorId) || rule.prefixes?.some((p) => i.indicatorId?.startsWith(p))));
    if (!hits.length) continue;
    const reason = hits
      .slice(0, 3)
      .map((i) => `${i.name} ${i.value}${unitText(i.unit)} ${FLAG_WORD[i.flag] ?? ''}`.trim())
      .join('，');
    out.push({ rule, reason: `${reason}，建议${rule.interval}后复查${rule.item}` });
  }
  return out;
}
