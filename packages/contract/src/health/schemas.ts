import { z } from 'zod';
import { idParam, realNum, safeText } from '../schemas/common.ts';
import { heightCm, weightKg } from '../schemas/family.ts';

/**
 * Blood pressure, indicators and life guides (account-health §7 "Blood pressure", "Indicators",
 * `lifeGuide/*`). The spec names the calls only; field names here are ours (docs/HEALTH-RECORDS.md).
 * Times are epoch milliseconds; days and morning/evening are China time (UTC+8).
 */

export const BP_ARMS = ['left', 'right'] as const;
export const BP_POSITIONS = ['sitting', 'lying', 'standing'] as const;
export const BP_PERIODS = ['day', 'week', 'month'] as const;
export type BpPeriod = (typeof BP_PERIODS)[number];

/** Limits of a typed reading (a home meter's display range). */
export const BP_LIMITS = { systolicMin: 40, systolicMax: 300, diastolicMin: 20, diastolicMax: 200, pulseMin: 20, pulseMax: 300 } as const;

export const BP_MSG = {
  systolic: `收缩压需在${BP_LIMITS.systolicMin}-${BP_LIMITS.systolicMax}mmHg之间`,
  diastolic: `舒张压需在${BP_LIMITS.diastolicMin}-${BP_LIMITS.diastolicMax}mmHg之间`,
  pulse: `脉搏需在${BP_LIMITS.pulseMin}-${BP_LIMITS.pulseMax}次/分之间`,
  order: '舒张压需低于收缩压',
  future: '测量时间不能晚于现在',
} as const;

const epochMs = z.coerce.number().int().min(0).max(8.64e15);

export const BpMemberReq = z.object({ userInfoId: idParam });
export const BpSaveReq = z.object({
  userInfoId: idParam,
  systolic: z.coerce.number().int(BP_MSG.systolic).min(BP_LIMITS.systolicMin, BP_MSG.systolic).max(BP_LIMITS.systolicMax, BP_MSG.systolic),
  diastolic: z.coerce.number().int(BP_MSG.diastolic).min(BP_LIMITS.diastolicMin, BP_MSG.diastolic).max(BP_LIMITS.diastolicMax, BP_MSG.diastolic),
  pulse: z.coerce.number().int(BP_MSG.pulse).min(BP_LIMITS.pulseMin, BP_MSG.pulse).max(BP_LIMITS.pulseMax, BP_MSG.pulse).nullable().optional(),
  /** When it was measured; default now. */
  measureTime: epochMs.optional(),
  arm: z.enum(BP_ARMS).nullable().optional(),
  position: z.enum(BP_POSITIONS).nullable().optional(),
  remark: safeText().trim().max(100).nullable().optional(),
  /** How the numbers were entered: typed (default) or read from a photo of the meter and confirmed (ours). */
  source: z.enum(['manual', 'photo']).optional(),
}).refine((b) => b.diastolic < b.systolic, { message: BP_MSG.order, path: ['diastolic'] });
export const BpListReq = z.object({
  userInfoId: idParam,
  /** The window ending now (or at `endTime`): day 24 h, week 7 days, month 30 days. */
  period: z.enum(BP_PERIODS).optional(),
  startTime: epochMs.optional(),
  endTime: epochMs.optional(),
});
export const BpCancelReq = z.object({ id: idParam });

/** The classification of one reading (engine, 《中国高血压防治指南（2018年修订版）》). */
export const BpClassOut = z.object({
  /** hypotension, normal, high-normal, grade1, grade2, grade3, isolated-systolic; null under 18. */
  category: z.string().nullable(),
  name: z.string(),
  /** 0 正常 … 4 3级, 5 at or above 180/120. */
  level: z.number().int(),
  advice: z.string(),
  note: z.string().nullable(),
  /** Level 4 or 5: the engine's emergency advice applies (当天就医 / 拨打120). */
  emergency: z.boolean(),
  /** Above the member's target. */
  aboveTarget: z.boolean(),
});
export const BpReading = z.object({
  id: z.number().int(),
  userInfoId: z.number().int(),
  systolic: z.number(),
  diastolic: z.number(),
  pulse: z.number().nullable(),
  measureTime: z.number().int(),
  arm: z.enum(BP_ARMS).nullable(),
  position: z.enum(BP_POSITIONS).nullable(),
  remark: z.string().nullable(),
  /** manual, chat, photo. */
  source: z.string(),
  /** morning (04:00–11:59), evening (18:00–23:59) or other, China time. */
  slot: z.enum(['morning', 'evening', 'other']),
  classification: BpClassOut,
});
export const BpAverage = z.object({ count: z.number().int(), systolic: z.number().nullable(), diastolic: z.number().nullable(), pulse: z.number().nullable() });
export const BpListRes = z.object({
  list: z.array(BpReading),
  startTime: z.number().int(),
  endTime: z.number().int(),
  average: BpAverage,
  morning: BpAverage,
  evening: BpAverage,
  /** Readings above the member's target. */
  highCount: z.number().int(),
  /** The classification of the average. */
  averageClassification: BpClassOut.nullable(),
});
export const BpTarget = z.object({ systolic: z.number().int(), diastolic: z.number().int(), homeSystolic: z.number().int(), homeDiastolic: z.number().int(), text: z.string() });
export const BpBaseInfoRes = z.object({
  userInfoId: z.number().int(),
  latest: BpReading.nullable(),
  total: z.number().int(),
  target: BpTarget,
  /** The adult categories of the guideline, lowest first. */
  categories: z.array(z.object({ category: z.string(), name: z.string(), range: z.string() })),
  homeAdvice: z.array(z.string()),
  source: z.string(),
});

// --- Indicators ------------------------------------------------------------------------------

/** abnormal flag of a value against the member's range. */
export const INDICATOR_FLAGS = ['normal', 'high', 'low', 'positive', 'critical-high', 'critical-low', 'unknown'] as const;

export const IndMemberReq = z.object({ userInfoId: idParam });
/** `type`: `lab.<indicatorId>` for a lab indicator, or a vital (weight, height, glucose, temperature, heartRate, spo2, bloodPressure). */
const indType = safeText().trim().min(1, '请选择指标').max(80);
export const IndTypeReq = z.object({ userInfoId: idParam, type: indType });
export const IndTypePageReq = z.object({ userInfoId: idParam, type: indType, pageNum: z.coerce.number().int().min(1).max(10_000).optional(), pageSize: z.coerce.number().int().min(1).max(200).optional() });
export const IndTimeReq = z.object({ userInfoId: idParam, type: indType, startTime: epochMs.optional(), endTime: epochMs.optional() });
export const IndExplainReq = z.object({ type: safeText().trim().max(80).optional(), name: safeText().trim().max(40).optional() })
  .refine((b) => b.type !== undefined || b.name !== undefined, '请提供指标');
export const IndSaveReq = z.object({
  userInfoId: idParam,
  type: indType,
  value: realNum(),
  /** Diastolic, for bloodPressure. */
  value2: realNum().optional(),
  /** The unit the value was read in; default the indicator's own unit. */
  unit: safeText().trim().max(20).optional(),
  measureTime: epochMs.optional(),
});
export const IndEditReq = z.object({ id: idParam, value: realNum().optional(), value2: realNum().optional(), unit: safeText().trim().max(20).optional(), measureTime: epochMs.optional() });
export const IndDelReq = z.object({ id: idParam });
export const IndBmiReq = z.object({ id: idParam, height: heightCm.optional(), weight: weightKg.optional() }).refine((b) => b.height !== undefined || b.weight !== undefined, '请填写身高或体重');

export const IndValue = z.object({
  id: z.number().int(),
  userInfoId: z.number().int(),
  type: z.string(),
  /** In the indicator's own unit (converted from the unit it was read in when a conversion exists). */
  value: z.number(),
  value2: z.number().nullable(),
  unit: z.string(),
  /** As it was read (report, chat or typed). */
  rawValue: z.number(),
  rawUnit: z.string(),
  flag: z.enum(INDICATOR_FLAGS),
  /**
   * The member's sex is not filled in and the indicator's ranges differ by sex, with different
   * verdicts (e.g. uric acid 400 μmol/L: normal for a man, high for a woman): the verdict by each
   * sex's range (`flag` is then 'unknown'). Null otherwise.
   */
  flagBySex: z.object({ M: z.enum(INDICATOR_FLAGS), F: z.enum(INDICATOR_FLAGS) }).nullable().optional(),
  /** manual, chat, ocr, report. */
  source: z.string(),
  measureTime: z.number().int(),
});
/**
 * The member's reference range. With the sex not filled in and ranges that differ by sex: `text`
 * lists both (男 … · 女 …), `low`/`high` span both (the chart's band), and `bySex` is true.
 */
export const IndRange = z.object({ low: z.number().nullable(), high: z.number().nullable(), text: z.string(), bySex: z.boolean().optional() });
export const IndSummary = z.object({
  type: z.string(),
  name: z.string(),
  category: z.string(),
  unit: z.string(),
  range: IndRange.nullable(),
  count: z.number().int(),
  latest: IndValue,
  /** The latest value is out of range. */
  attention: z.boolean(),
});
export const IndAllRes = z.object({ list: z.array(IndSummary), attentionCnt: z.number().int() });
/** Every indicator a value can be recorded for (the engine's lab indicators and the vitals), by panel, with the member's latest. */
export const IndGroupedRes = z.array(z.object({ category: z.string(), items: z.array(z.object({ type: z.string(), name: z.string(), unit: z.string(), units: z.array(z.string()), summary: IndSummary.nullable() })) }));
export const IndListRes = z.object({ type: z.string(), name: z.string(), unit: z.string(), range: IndRange.nullable(), total: z.number().int(), list: z.array(IndValue) });
export const IndExplainRes = z.object({
  type: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  category: z.string(),
  unit: z.string(),
  units: z.array(z.string()),
  ranges: z.array(z.object({ sex: z.string().nullable(), ageMin: z.number().nullable(), ageMax: z.number().nullable(), text: z.string() })),
  meaningHigh: z.string(),
  meaningLow: z.string(),
  advice: z.string(),
  source: z.string(),
});
export const IndBmiRes = z.object({ userInfoId: z.number().int(), height: z.number().nullable(), weight: z.number().nullable(), bmi: z.number().nullable(), bmiResult: z.string().nullable() });
export const PrivacyStatusRes = z.object({ userInfoId: z.number().int().nullable(), status: z.number().int(), text: z.string() });

// --- Life guides (lifeGuide/*) and privacy ------------------------------------------------------

export const GuideReq = z.object({ userInfoId: idParam });
export const OptionalMemberReq = z.object({ userInfoId: idParam.optional() }).optional();
/** Why a rule applies: the health profile, a recent out-of-range value, or the BMI. */
export const GUIDE_VIA = ['profile', 'indicator', 'bmi'] as const;
export const FoodRule = z.object({
  id: z.string(),
  condition: z.string(),
  matchedBy: z.string(),
  via: z.enum(GUIDE_VIA),
  principles: z.array(z.string()),
  recommend: z.array(z.string()),
  limit: z.array(z.string()),
  source: z.string(),
});
export const FoodGuideRes = z.object({
  userInfoId: z.number().int(),
  /** What the guide was personalised from, e.g. 高血压（健康档案）, BMI 27.3（超重）. */
  basis: z.array(z.string()),
  /** The eight principles of 《中国居民膳食指南（2022）》 for everyone. */
  general: z.array(z.string()),
  rules: z.array(FoodRule),
  /** Foods to avoid: the member's recorded allergies. */
  avoid: z.array(z.string()),
  generatedAt: z.number().int(),
  source: z.string(),
});
export const ExerciseGuideRes = z.object({
  userInfoId: z.number().int(),
  basis: z.array(z.string()),
  group: z.string(),
  recommend: z.array(z.string()),
  /** Weekly moderate-equivalent minutes (vigorous × 2); null under 6. */
  weeklyMin: z.number().int().nullable(),
  weeklyMax: z.number().int().nullable(),
  strengthDays: z.number().int(),
  /** Advice of the guideline for people with chronic disease (when the profile has one). */
  chronic: z.array(z.string()),
  conditions: z.array(z.object({ id: z.string(), condition: z.string(), suggest: z.array(z.string()), caution: z.array(z.string()), source: z.string() })),
  /** Set when the latest blood pressure is in the range where exercise should wait. */
  bpCaution: z.string().nullable(),
  generatedAt: z.number().int(),
  source: z.string(),
});
export const FoodEvalReq = z.object({ userInfoId: idParam, food: safeText().trim().min(1, '请输入食物名称').max(20, '食物名称最多20个字') });
export const FOOD_VERDICTS = ['avoid', 'limit', 'recommend', 'no-rule'] as const;
export const FoodEvalRes = z.object({
  food: z.string(),
  verdict: z.enum(FOOD_VERDICTS),
  reasons: z.array(z.object({ condition: z.string(), text: z.string(), source: z.string() })),
  advice: z.string(),
});
const weekMinutes = z.coerce.number().int('请输入整数分钟').min(0, '分钟数不能为负').max(10_080, '一周最多10080分钟');
export const ExerciseEvalReq = z.object({ userInfoId: idParam, moderateMinutes: weekMinutes, vigorousMinutes: weekMinutes.optional(), strengthDays: z.coerce.number().int().min(0).max(7, '每周最多7天').optional() });
export const ExerciseEvalRes = z.object({
  verdict: z.enum(['below', 'meets', 'above', 'not-applicable']),
  equivalent: z.number().int(),
  weeklyMin: z.number().int().nullable(),
  weeklyMax: z.number().int().nullable(),
  strengthDays: z.number().int(),
  strengthOk: z.boolean(),
  text: z.string(),
  cautions: z.array(z.string()),
});
