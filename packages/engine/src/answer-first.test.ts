import type { MemberContext } from '@chatdr/contract';
import { describe, expect, it } from 'vitest';
import { collectAnswer, drugFollowUps, followUpsFor, glucoseLine, injuryFirst, withoutOtherSex, withReadingFirst } from './answer.ts';
import { adultDoseForChild, answerLines, answerViolations, unflaggedDrugs } from './answer-quality.ts';
import { consistentFirstAid, leadFor } from './compose.ts';
import { conditionById, type RankedCondition } from './conditions.ts';
import { extract } from './extract.ts';
import { TRANSCRIPT_CASES } from './transcript-cases.ts';

// Issue 17, by mechanism: the first sentence answers what was asked (a reading's meaning, an injury's
// first aid, 能喝酒吗, a medicine already taken), each fact once, chips that never contradict the
// verdict, and the build-failing check over the transcripts a clinician reads.

function person(over: Partial<MemberContext>): MemberContext {
  return {
    userInfoId: 1, name: '成员', roleName: '本人', age: null, ageMonths: null, sex: null, heightCm: null, weightKg: null, bmi: null, bmiClass: null,
    diseases: [], allergies: [], medicines: [], surgeries: [], familyHistory: [], pregnant: false, pregnancyWeek: null, lactating: false, smoking: null, drinking: null,
    ...over,
  };
}
const disease = (name: string) => ({ name, code: null, ongoing: true });
const med = (name: string) => ({ name, code: null, dose: null, unit: null, frequency: null });
const text = async (question: string, member: MemberContext | null = null): Promise<string> => answerLines(await collectAnswer({ question, member })).join('\n');
const first = async (question: string, member: MemberContext | null = null): Promise<string> => (await text(question, member)).split('\n')[0] ?? '';
const r = (id: string, likelihood: RankedCondition['likelihood']): RankedCondition => {
  const c = conditionById(id);
  if (!c) throw new Error(id);
  return { id, name: c.name, department: c.department, score: 0.5, likelihood, urgency: c.urgency, matched: [] };
};

describe('values first: a reading in the question is interpreted in the first sentence', () => {
  it('a blood pressure: its grade (3级 at a diastolic ≥110 per the 2018 guideline) and when to go, before the symptoms', async () => {
    expect(await first('高压172低压118，心慌，夜里睡不着')).toMatch(/^血压172\/118 mmHg属于高血压3级（重度），舒张压达到110及以上即为3级。.*当天就医/u);
    expect(await first('早上量血压166/96，有点头晕')).toMatch(/^血压166\/96 mmHg属于高血压2级/u);
    // Negative: no reading, no reading sentence.
    expect(await first('最近老是头晕，晚上睡不着')).not.toMatch(/^血压/u);
  }, 30_000);

  it('a systolic-only reading right before a diastolic-only one is one reading', () => {
    expect(extract('高血压170-低压115睡不好').bp).toEqual({ systolic: 170, diastolic: 115 });
    expect(extract('高压150，低压也有100').bp).toEqual({ systolic: 150, diastolic: 100 });
    // Negative: far apart they stay apart (the higher one is kept).
    expect(extract('去年高压150，今年体检舒张压只有七十多，医生说没事').bp?.diastolic ?? null).not.toBe(150);
  });

  it('a hypertensive reading puts 高血压 first as 可能性较大; below 140/90 the ranking is unchanged', () => {
    const ranked = [r('insomnia-disorder', '可能性较大'), r('hypertension', '有一定可能')];
    expect(withReadingFirst(ranked, extract('血压176/124 睡不着'))[0]).toMatchObject({ id: 'hypertension', likelihood: '可能性较大' });
    expect(withReadingFirst(ranked, extract('血压128/82 睡不着'))[0]?.id).toBe('insomnia-disorder');
  });

  it('a glucose: against diagnostic cut points, a diabetic\'s targets, and the dangerous ends', () => {
    const g = (q: string, m: MemberContext | null = null) => glucoseLine(extract(q), m);
    expect(g('空腹血糖5.4')).toMatch(/正常范围/u);
    expect(g('空腹血糖6.4')).toMatch(/空腹血糖受损/u);
    expect(g('空腹血糖7.6')).toMatch(/诊断切点（≥7.0）.*一次结果不能确诊/u);
    expect(g('饭后两小时血糖9.2')).toMatch(/糖耐量受损/u);
    expect(g('空腹血糖8.9', person({ diseases: [disease('2型糖尿病')] }))).toMatch(/高于糖尿病的一般控制目标（空腹4.4～7.0/u);
    expect(g('空腹血糖6.2', person({ diseases: [disease('2型糖尿病')] }))).toMatch(/控制目标内/u);
    expect(g('血糖2.9 出冷汗')).toMatch(/低血糖.*15～20克/u);
    expect(g('血糖21.5')).toMatch(/≥16.7.*当天/u);
    expect(g('最近口渴')).toBeNull();
  });

  it('in an answer: a reading with no complaint is answered by the reading, with no differential list under it', async () => {
    const t = await text('今天空腹血糖10.6，严重吗', person({ age: 60, diseases: [disease('2型糖尿病')] }));
    expect(t.split('\n')[0]).toMatch(/^空腹血糖10.6 mmol\/L高于糖尿病的一般控制目标/u);
    expect(t).not.toMatch(/需要考虑的情况|查明原因/u);
  });
});

describe('an injury is answered with its first aid first', () => {
  it('ICD-10 S/T conditions (cut, burn): what to do now, then when to see a doctor; others keep the diagnosis lead', async () => {
    expect(injuryFirst([r('laceration', '可能性较大')])?.lines[0]).toMatch(/^看起来是皮肤裂伤，先这样处理：用干净纱布或毛巾直接按压/u);
    expect(injuryFirst([r('burn', '可能性较大')])?.lines[0]).toMatch(/流动冷水/u);
    expect(injuryFirst([r('laceration', '有一定可能')])).toBeNull();
    expect(injuryFirst([r('hypertension', '可能性较大')])).toBeNull();
    expect(await first('菜刀划破了手背，出血了')).toMatch(/^看起来是皮肤裂伤，先这样处理/u);
  });
});

describe('emergency first aid: each call and each medicine once; a medicine is stopped only when one was taken', () => {
  it('the second rule\'s 立即拨打120 and 肾上腺素 are not repeated; 停用可疑药物 only after a medicine', () => {
    const acts = ['立即拨打120：让患者坐起；停用可疑药物并带上药盒；有肾上腺素笔时可在大腿外侧注射。', '立即拨打120，立即脱离可疑过敏原；如有肾上腺素自动注射笔，立即在大腿前外侧肌内注射。'];
    const food = consistentFirstAid(acts, '吃虾后嘴唇肿', '吃虾后嘴唇肿').join('');
    expect(food.match(/立即拨打120/gu)).toHaveLength(1);
    expect(food.match(/肾上腺素/gu)).toHaveLength(1);
    expect(food).not.toContain('停用可疑药物');
    expect(consistentFirstAid(acts, '吃了降压药后嘴唇肿', '吃了降压药后嘴唇肿').join('')).toContain('停用可疑药物');
  });
});

describe('medication answers: the question asked answered first, each fact once, chips that follow the verdict', () => {
  it('能喝酒吗 about a drug: the first sentence says no and for how long; the alcohol warning is not repeated', async () => {
    const t = await text('在吃甲硝唑，周末同学聚会能喝啤酒吗', person({ age: 30, sex: 'F' }));
    expect(t.split('\n')[0]).toMatch(/^【用药结论】服用甲硝唑期间不能喝酒：用药期间及停药后3天内禁酒/u);
    expect(t.match(/双硫仑/gu)).toHaveLength(1);
    // Negative: without the alcohol question the verdict is about the drug.
    expect(await first('甲硝唑一次吃几片', person({ age: 30, sex: 'F' }))).toMatch(/^【用药结论】甲硝唑：可以/u);
  });

  it('an allergy verdict says the allergy once: not again in the profile line or the warning', async () => {
    const t = await text('扁桃体发炎能吃阿莫西林吗', person({ age: 50, sex: 'M', allergies: [{ name: '青霉素类', code: null, type: 'drug' }] }));
    expect(t.split('\n')[0]).toMatch(/^【用药结论】阿莫西林：禁用（档案记录对青霉素类过敏）.*大环内酯类/u);
    expect(t.match(/对青霉素类过敏/gu)).toHaveLength(1);
    expect(t).toMatch(/禁用（档案记录对青霉素类过敏）/u);
    expect(t).not.toMatch(/用药核对：上文提到的青霉素/u);
  });

  it('a medicine the person already takes, asked whether to change it: who decides, not a duplicate warning', async () => {
    const t = await text('降糖药二甲双胍吃了一年了，最近想换别的药', person({ age: 58, diseases: [disease('2型糖尿病')], medicines: [med('二甲双胍')] }));
    expect(t.split('\n')[0]).toMatch(/^【用药结论】二甲双胍是你正在用的药：要不要换药.*内分泌科/u);
    expect(t).not.toMatch(/同一种药|勿重复/u);
    // Negative: a new drug that is the same as one taken is still a duplicate.
    expect(await text('头疼能吃泰诺林吗', person({ age: 40, medicines: [med('对乙酰氨基酚')] }))).toMatch(/同一种药/u);
  });

  it('a disease is named as what the drug treats only when its facts list it (睡不着 is not treated by a painkiller)', async () => {
    expect(await text('腰疼得睡不着，能吃布洛芬吗', person({ age: 40, sex: 'M' }))).not.toMatch(/失眠.{0,4}的用药调整/u);
  });

  it('chips: after a no, the next step (never the reason for taking it); the profile\'s medicines and allergies are not asked again', () => {
    const ex = extract('能吃布洛芬吗');
    const no = { drugId: 'ibuprofen', drugName: '布洛芬', level: 'not-recommended' as const, label: '不建议', reasons: ['正在用华法林'], alternative: null, text: '' };
    const chipsNo = drugFollowUps(no, ex, person({ medicines: [med('华法林')] }), false);
    expect(chipsNo.join('')).not.toMatch(/因为什么症状|正在服用的其他药物/u);
    const ok = { ...no, level: 'ok' as const, label: '可以', reasons: [] };
    expect(drugFollowUps(ok, ex, person({ medicines: [med('华法林')], allergies: [{ name: '花粉', code: null, type: 'other' }] }), false).join('')).not.toMatch(/其他药物|过敏史/u);
    expect(drugFollowUps(ok, ex, null, false)).toContain('目前是因为什么症状需要用药？');
  });

  it('a ruled-out drug offered as one of two is dropped from the choice; named alone for pain it becomes the alternative', async () => {
    const t = await text('牙疼吃点什么药', person({ age: 70, medicines: [med('华法林')] }));
    expect(t).not.toMatch(/对乙酰氨基酚或布洛芬|可服布洛芬/u);
    expect(t.split('\n')[0]).toMatch(/布洛芬不建议（正在用华法林）/u);
    // Negative: without the anticoagulant both stay.
    expect(await text('牙疼吃点什么药', person({ age: 40 }))).toMatch(/对乙酰氨基酚或布洛芬/u);
  });
});

describe('first aid and lists fit the person', () => {
  it('a first-aid medicine this person must not take is not instructed: "don\'t, the 120 doctor decides"', async () => {
    const onWarfarin = await first('胸口闷痛二十多分钟了，一直冒冷汗，左胳膊也发麻', person({ age: 70, sex: 'M', medicines: [med('华法林')] }));
    expect(onWarfarin).toMatch(/不要自行嚼服阿司匹林（正在用华法林），请告诉120调度医生/u);
    expect(onWarfarin).not.toMatch(/可嚼服阿司匹林/u);
    expect(await first('胸口闷痛二十多分钟了，一直冒冷汗，左胳膊也发麻', person({ age: 70, sex: 'M' }))).toMatch(/可嚼服阿司匹林/u);
  });
  it('a list of causes leaves out the other sex\'s organs; unknown sex keeps all', () => {
    const t = '夜尿多也可能由前列腺增生、糖尿病、慢性肾病引起。';
    expect(withoutOtherSex(t, 'F')).toBe('夜尿多也可能由糖尿病、慢性肾病引起。');
    expect(withoutOtherSex(t, 'M')).toBe(t);
    expect(withoutOtherSex(t, null)).toBe(t);
    expect(withoutOtherSex('腹痛可见于阑尾炎、卵巢囊肿、肠梗阻。', 'M')).toBe('腹痛可见于阑尾炎、肠梗阻。');
  });
});

describe('differentials and follow-ups say nothing twice', () => {
  it('a second name the first contains is not a second possibility', () => {
    expect(leadFor('牙痛', [r('dental-caries-pulpitis', '可能性较大'), { ...r('dental-caries-pulpitis', '有一定可能'), id: 'x', name: '龋齿' }], 'routine', '口腔科')).not.toMatch(/也要考虑龋齿/u);
  });
  it('no chip asks a symptom the message already says, or one impossible for the sex', () => {
    const ex = extract('尿频尿急，尿的时候疼');
    const chips = followUpsFor([r('uti', '可能性较大'), r('overactive-bladder', '有一定可能')], ex, { age: 30, sex: 'M', pregnant: null });
    expect(chips.join('')).not.toMatch(/尿急|尿频|尿痛/u);
  });
});

describe('the build-failing check: new detectors, and every transcript a clinician reads', () => {
  it('an adult dose for a child, and a ruled-out drug named without a flag, are caught (clean text passes)', () => {
    expect(adultDoseForChild(['成人用法：一次0.2 g'], { age: 6, sex: null, pregnant: null })).toHaveLength(1);
    expect(adultDoseForChild(['成人用法：一次0.2 g'], { age: 30, sex: null, pregnant: null })).toEqual([]);
    const warf = person({ age: 70, medicines: [med('华法林')] });
    expect(unflaggedDrugs(['膝盖疼可服布洛芬止痛。'], warf, '膝盖疼')).toHaveLength(1);
    expect(unflaggedDrugs(['膝盖疼可服布洛芬止痛。', '⚠️ 用药核对：上文提到的布洛芬：不建议自行使用（正在用华法林）。'], warf, '膝盖疼')).toEqual([]);
    expect(unflaggedDrugs(['膝盖疼不要吃布洛芬。'], warf, '膝盖疼')).toEqual([]);
  });

  it(`every one of the ${TRANSCRIPT_CASES.length} transcripts passes the check`, async () => {
    expect(TRANSCRIPT_CASES.length).toBeGreaterThanOrEqual(40);
    const bad: string[] = [];
    for (const c of TRANSCRIPT_CASES) {
      const m = c.input.member ?? null;
      const es = await collectAnswer(c.input);
      const p = { age: m?.ageMonths != null ? m.ageMonths / 12 : (m?.age ?? null), sex: m?.sex ?? null, pregnant: m?.pregnant === true ? true : null };
      for (const v of answerViolations(es, p, c.input.question, m)) bad.push(`${c.title}: ${v}`);
    }
    expect(bad).toEqual([]);
  }, 60_000);
});
