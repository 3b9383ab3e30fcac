import type * as H from '@chatdr/contract';
import {
  EXERCISE_CHRONIC,
  EXERCISE_SOURCE,
  dietAdvice,
  dietRuleById,
  evaluateExerciseWeek,
  exerciseAgeRule,
  exerciseConditionRules,
  normalizeText,
  type DietRule,
} from '@chatdr/engine';
import type { z } from 'zod';
import type { AuthContext } from '../../http/context.ts';
import type { FamilyService } from '../family/family.service.ts';
import type { HealthService } from './health.service.ts';

type Out<T extends z.ZodType> = z.output<T>;
type FoodRule = Out<typeof H.FoodRule>;

/** 《中国居民膳食指南（2022）》: the eight principles for everyone aged 2 and over. */
export const DIET_GUIDE_2022: readonly string[] = [
  '食物多样，合理搭配：每天12种以上、每周25种以上食物，谷类为主',
  '吃动平衡，健康体重：每周至少5天中等强度身体活动，累计150分钟以上',
  '多吃蔬果、奶类、全谷、大豆：每天蔬菜不少于300 g，水果200～350 g，奶300 ml以上',
  '适量吃鱼、禽、蛋、瘦肉：平均每天120～200 g，每周至少2次水产品',
  '少盐少油，控糖限酒：食盐<5 g、烹调油25～30 g、添加糖<50 g（最好<25 g），成年人一天酒精不超过15 g',
  '规律进餐，足量饮水：成年男性每天1700 ml、女性1500 ml',
  '会烹会选，会看标签',
  '公筷分餐，杜绝浪费',
];
export const DIET_GUIDE_SOURCE = '《中国居民膳食指南（2022）》（中国营养学会，2022）';

/** Out-of-range lab values that call for a diet rule, with what is shown as the reason. */
const INDICATOR_RULES: ReadonlyArray<{ types: readonly string[]; rule: string; label: string }> = [
  { types: ['lab.uric-acid'], rule: 'diet-gout', label: '尿酸偏高' },
  { types: ['lab.ldl-c', 'lab.tc', 'lab.tg', 'lab.non-hdl-c'], rule: 'diet-dyslipidemia', label: '血脂偏高' },
  { types: ['lab.glu', 'lab.hba1c', 'glucose'], rule: 'diet-diabetes', label: '血糖偏高' },
];

const isHigh = (flag: string) => flag === 'high' || flag === 'critical-high';

/** Diet and exercise guides of a member from the engine's rules, personalised by profile, BMI, age, indicators and allergies. */
export class GuideService {
  constructor(private readonly family: FamilyService, private readonly health: HealthService, private readonly now: () => number) {}

  private async facts(auth: AuthContext, userInfoId: number) {
    const ctx = await this.family.memberContext(auth, userInfoId);
    const all = await this.health.searchDetailAll(auth, ctx.userInfoId);
    const high = all.list.filter((s) => isHigh(s.latest.flag));
    return { ctx, high };
  }

  async foodGuide(auth: AuthContext, userInfoId: number): Promise<Out<typeof H.FoodGuideRes>> {
    const { ctx, high } = await this.facts(auth, userInfoId);
    const diseases = ctx.diseases.filter((d) => d.ongoing).map((d) => d.name);
    const rules: FoodRule[] = dietAdvice({ text: '', diseases, pregnant: ctx.pregnant, lactating: ctx.lactating, ageYears: ctx.age }, 6).map((a) => ruleOut(a.rule, a.matchedBy, 'profile'));
    const basis = rules.map((r) => `${r.matchedBy}（健康档案）`);
    const add = (rule: DietRule | undefined, matchedBy: string, via: FoodRule['via']) => {
      if (!rule || rules.some((r) => r.id === rule.id)) return;
      rules.push(ruleOut(rule, matchedBy, via));
      basis.push(matchedBy);
    };
    for (const r of INDICATOR_RULES) {
      const hit = high.find((s) => r.types.includes(s.type));
      if (hit) add(dietRuleById(r.rule), `${r.label}（${hit.name} ${round(hit.latest.value)} ${hit.latest.unit}）`, 'indicator');
    }
    if (ctx.bmi !== null && (ctx.age ?? 18) >= 18 && ctx.bmi >= 24) add(dietRuleById('diet-obesity'), `BMI ${ctx.bmi}（${ctx.bmiClass ?? ''}）`, 'bmi');
    const avoid = ctx.allergies.filter((a) => a.type !== 'drug').map((a) => a.name);
    if (avoid.length) basis.push(`过敏：${avoid.join('、')}`);
    return { userInfoId: ctx.userInfoId, basis, general: (ctx.age ?? 18) >= 2 ? [...DIET_GUIDE_2022] : [], rules, avoid, generatedAt: this.now(), source: DIET_GUIDE_SOURCE };
  }

  async exerciseGuide(auth: AuthContext, userInfoId: number): Promise<Out<typeof H.ExerciseGuideRes>> {
    const ctx = await this.family.memberContext(auth, userInfoId);
    const age = exerciseAgeRule(ctx.age);
    const names = [...ctx.diseases.filter((d) => d.ongoing).map((d) => d.name), ...(ctx.pregnant ? ['孕期'] : []), ...(ctx.bmi !== null && ctx.bmi >= 24 && (ctx.age ?? 18) >= 18 ? ['超重'] : [])];
    const conditions = exerciseConditionRules(names).map((r) => ({ id: r.id, condition: r.condition, suggest: [...r.suggest], caution: [...r.caution], source: r.source }));
    const bp = await this.health.bpBaseInfo(auth, ctx.userInfoId);
    const latest = bp.latest;
    const bpCaution = latest && (latest.systolic >= 180 || latest.diastolic >= 110)
      ? `最近一次血压${latest.systolic}/${latest.diastolic} mmHg（${latest.classification.name}）：血压≥180/110 mmHg时暂缓运动，请先就医控制血压。`
      : null;
    const chronicNow = ctx.diseases.some((d) => d.ongoing);
    return {
      userInfoId: ctx.userInfoId,
      basis: [`${age.group}${ctx.age === null ? '（未填写出生日期，按成年人）' : ''}`, ...conditions.map((c) => c.condition)],
      group: age.group,
      recommend: [...age.recommend],
      weeklyMin: age.weeklyModerateMin,
      weeklyMax: age.weeklyModerateMax,
      strengthDays: age.strengthDays,
      chronic: chronicNow ? [...EXERCISE_CHRONIC] : [],
      conditions,
      bpCaution,
      generatedAt: this.now(),
      source: EXERCISE_SOURCE,
    };
  }

  /** "Can I eat X": the member's allergies first, then the limits and recommendations of the rules that apply to them. */
  async foodEvaluation(auth: AuthContext, b: z.output<typeof H.FoodEvalReq>): Promise<Out<typeof H.FoodEvalRes>> {
    const guide = await this.foodGuide(auth, b.userInfoId);
    const food = normalizeText(b.food);
    const allergy = guide.avoid.find((a) => food.includes(normalizeText(a)) || normalizeText(a).includes(food));
    if (allergy) return { food: b.food, verdict: 'avoid', reasons: [{ condition: '过敏史', text: `已记录对${allergy}过敏`, source: '健康档案' }], advice: `健康档案记录了对${allergy}过敏，请不要食用含${allergy}的食物；误食后出现皮疹、喉头发紧、呼吸困难时立即就医。` };
    const limits = guide.rules.flatMap((r) => r.limit.filter((x) => mentions(x, food)).map((text) => ({ condition: r.condition, text, source: r.source })));
    if (limits.length) return { food: b.food, verdict: 'limit', reasons: limits, advice: `结合${[...new Set(limits.map((l) => l.condition))].join('、')}，${b.food}需要限制或避免：${limits.map((l) => l.text).join('；')}。` };
    const recs = guide.rules.flatMap((r) => r.recommend.filter((x) => mentions(x, food)).map((text) => ({ condition: r.condition, text, source: r.source })));
    if (recs.length) return { food: b.food, verdict: 'recommend', reasons: recs, advice: `${b.food}属于${[...new Set(recs.map((l) => l.condition))].join('、')}饮食推荐的食物（${recs.map((l) => l.text).join('；')}），注意总量适中。` };
    return {
      food: b.food,
      verdict: 'no-rule',
      reasons: [],
      advice: guide.rules.length
        ? `${guide.rules.map((r) => r.condition).join('、')}的饮食建议里没有专门提到${b.food}，可以适量食用，并遵循少盐少油、控糖限酒的原则；如对具体食物有疑问，可以问晓医或营养科医生。`
        : `健康档案里没有需要特别忌口的情况，${b.food}可以适量食用，遵循《中国居民膳食指南（2022）》食物多样、少盐少油的原则即可。`,
    };
  }

  async exerciseEvaluation(auth: AuthContext, b: z.output<typeof H.ExerciseEvalReq>): Promise<Out<typeof H.ExerciseEvalRes>> {
    const guide = await this.exerciseGuide(auth, b.userInfoId);
    const member = await this.family.memberContext(auth, b.userInfoId);
    const r = evaluateExerciseWeek({ moderateMinutes: b.moderateMinutes, vigorousMinutes: b.vigorousMinutes ?? 0, strengthDays: b.strengthDays ?? 0 }, member.age);
    const target = r.rule.weeklyModerateMin === null ? '' : `${r.rule.group}建议每周${r.rule.weeklyModerateMin}${r.rule.weeklyModerateMax ? `～${r.rule.weeklyModerateMax}` : ''}分钟中等强度活动（高强度1分钟按2分钟计）`;
    const text =
      r.verdict === 'not-applicable'
        ? `${r.rule.group}按每天的活动时间计：${r.rule.recommend[0] ?? ''}。`
        : r.verdict === 'below'
          ? `本周折合中等强度${r.equivalent}分钟，低于建议。${target}，可以从每天快走10分钟开始逐步增加。`
          : r.verdict === 'above'
            ? `本周折合中等强度${r.equivalent}分钟，超过建议上限，通常能带来更多健康益处；注意循序渐进、避免运动损伤。`
            : `本周折合中等强度${r.equivalent}分钟，达到建议。${target}。`;
    const strength = r.rule.strengthDays > 0 && !r.strengthOk ? `另外建议每周至少${r.rule.strengthDays}天肌肉力量练习（本周${b.strengthDays ?? 0}天）。` : '';
    return {
      verdict: r.verdict,
      equivalent: r.equivalent,
      weeklyMin: r.rule.weeklyModerateMin,
      weeklyMax: r.rule.weeklyModerateMax,
      strengthDays: b.strengthDays ?? 0,
      strengthOk: r.strengthOk,
      text: text + strength,
      cautions: [...(guide.bpCaution ? [guide.bpCaution] : []), ...guide.conditions.flatMap((c) => c.caution)],
    };
  }
}

function ruleOut(rule: DietRule, matchedBy: string, via: FoodRule['via']): FoodRule {
  return { id: rule.id, condition: rule.condition, matchedBy, via, principles: [...rule.principles], recommend: [...rule.recommend], limit: [...rule.limit], source: rule.source };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Whether a rule's line names the food: the line contains it, or it contains one of the line's items (咸菜 in 咸菜、腊肉…). */
function mentions(line: string, food: string): boolean {
  const l = normalizeText(line);
  if (food.length >= 1 && l.includes(food)) return true;
  const items = l.split(/[、，,；;：:（）()和及或等\s]+/).filter((x) => x.length >= 2);
  return items.some((x) => food.includes(x));
}
