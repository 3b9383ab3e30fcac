import type { MemberContext } from '@chatdr/contract';
import { describe, expect, it } from 'vitest';
import { collectAnswer, fewSigns } from './answer.ts';
import { answerLines } from './answer-quality.ts';

// Issue 17, by mechanism: an urgent first-aid rule speaks first (a cut finger: press, not 120); the
// emergency names the few warning signs that matter and the condition its rules suspect first; a
// pregnant woman's blood count is read for pregnancy; a cost question's card names the department
// that does the procedure; 安宫牛黄丸 is judged by what it is asked for.

function person(over: Partial<MemberContext>): MemberContext {
  return {
    userInfoId: 1, name: '成员', roleName: '本人', age: null, ageMonths: null, sex: null, heightCm: null, weightKg: null, bmi: null, bmiClass: null,
    diseases: [], allergies: [], medicines: [], surgeries: [], familyHistory: [], pregnant: false, pregnancyWeek: null, lactating: false, smoking: null, drinking: null,
    ...over,
  };
}
const adult = person({ age: 35, sex: 'F' });
const run = async (question: string, member: MemberContext | null = adult, report?: Array<{ name: string; value: string; unit: string }>) => {
  const es = await collectAnswer({ question, member, ...(report ? { report } : {}) });
  const level = es.find((e) => e.type === 'triage')?.level;
  const rec = es.find((e) => e.type === 'recommend');
  const src = es.find((e) => e.type === 'sources');
  return { sources: src?.type === 'sources' ? src.items.map((x) => x.name) : [], level, lines: answerLines(es), text: answerLines(es).join('\n'), department: rec?.type === 'recommend' ? rec.department : undefined };
};

describe('a cut finger that keeps bleeding: press first, the emergency room if pressure fails', () => {
  it('opens with direct pressure, urgent not 120, and lists no unrelated bleeding causes', async () => {
    for (const q of ['削土豆皮把大拇指削了 血一直止不住', '剪刀划到指尖 流血止不住怎么办']) {
      const a = await run(q);
      expect(a.level, q).toBe('urgent');
      expect(a.lines[0], q).toMatch(/^先止血：.*直接用力按压.*10～15分钟/u);
      expect(a.text, q).not.toMatch(/子宫内膜癌|断指|产科/u);
      expect(JSON.stringify(a.sources), q).not.toMatch(/产后出血|子宫内膜癌/u);
      // The first aid is said once (not the laceration's own 按压…10分钟以上 again).
      expect(a.text.match(/先止血/gu)?.length, q).toBe(1);
      expect(a.text, q).not.toMatch(/止血10分钟以上/u);
    }
  }, 60_000);

  it('stays an emergency when blood spurts, with signs of blood loss, an amputation or a hand cut by a machine', async () => {
    for (const q of ['切菜切到手指，血往外喷', '手指被菜刀划了 血止不住 人有点头晕心慌', '切肉把手指切掉了一截 血止不住', '手被机器切到，血喷出来止不住']) {
      expect((await run(q)).level, q).toBe('emergency');
    }
  }, 60_000);
});

describe('an emergency names the few warning signs that matter and its suspected condition first', () => {
  it('drops the same sign said again for an age or a history, at most three', () => {
    expect(fewSigns(['口角歪斜', '60岁以上突发口角歪斜', '有心血管危险因素者突发口角歪斜', '单侧肢体无力或麻木', '突发一侧肢体无力或麻木', '言语不清'])).toEqual(['口角歪斜', '单侧肢体无力或麻木', '言语不清']);
    expect(fewSigns(['急性胸痛伴大汗或放射痛或气促', '40岁以上急性胸痛'])).toEqual(['急性胸痛伴大汗或放射痛或气促']);
    // Negative: different signs are kept.
    expect(fewSigns(['压榨样胸痛', '呼吸困难'])).toEqual(['压榨样胸痛', '呼吸困难']);
  });

  it('keeps every suspected condition of the rules that fired before plain signs, in their order', () => {
    expect(fewSigns(['突发意识模糊', '糖尿病患者意识改变或抽搐（疑似严重低血糖）', '意识或精神状态改变', '皮肤湿冷、脉搏细速（疑似休克）'])).toEqual([
      '突发意识模糊',
      '糖尿病患者意识改变或抽搐（疑似严重低血糖）',
      '皮肤湿冷、脉搏细速（疑似休克）',
    ]);
    // Negative: with no suspected condition named, the first three distinct signs as before.
    expect(fewSigns(['突发意识模糊', '言语不清', '呕吐', '抽搐'])).toEqual(['突发意识模糊', '言语不清', '呕吐']);
  });

  it('anaphylaxis before angioedema, an acute abdomen before gastroenteritis', async () => {
    const allergy = await run('吃了花生以后脸和嘴唇都肿了，喘不上气，浑身起疙瘩');
    expect(allergy.level).toBe('emergency');
    expect(allergy.text).toMatch(/1\. 严重过敏反应/u);
    const belly = await run('肚子疼得厉害，摸着硬邦邦的像木板，一动就疼', person({ age: 50, sex: 'M' }));
    expect(belly.text).toMatch(/1\. (急性腹膜炎|消化性溃疡穿孔)/u);
    expect(belly.text).not.toMatch(/1\. 急性胃肠炎/u);
  }, 60_000);
});

describe('a pregnant woman\'s blood count is read for pregnancy', () => {
  const report = [
    { name: '血红蛋白', value: '96', unit: 'g/L' },
    { name: '平均红细胞体积', value: '74', unit: 'fL' },
    { name: '平均红细胞血红蛋白量', value: '24', unit: 'pg' },
    { name: '白细胞计数', value: '11.2', unit: '×10^9/L' },
  ];
  it('anaemia of pregnancy to the obstetrician, a white count ≤15 physiological, no leukaemia', async () => {
    const a = await run('帮我看看这个化验单', person({ age: 30, sex: 'F', pregnant: true, pregnancyWeek: 26 }), report);
    expect(a.text).toMatch(/妊娠期贫血/u);
    expect(a.text).toMatch(/产科/u);
    expect(a.text).not.toMatch(/白血病|血液内科/u);
    expect(a.text).toMatch(/白细胞计数 11\.2.*孕期白细胞生理性升高/u);
    expect(a.department).toBe('产科');
  }, 30_000);
  it('negative: a woman who is not pregnant still gets the white count flagged', async () => {
    const a = await run('帮我看看这个化验单', person({ age: 30, sex: 'F' }), report);
    expect(a.text).not.toMatch(/妊娠期贫血|孕期白细胞/u);
  }, 30_000);
});

describe('a cost question names the department of the procedure, never a guessed one', () => {
  it('肠镜 → 消化内科; a stay in hospital → no department', async () => {
    expect((await run('做肠镜要花多少钱')).department).toBe('消化内科');
    expect((await run('住院一天大概多少钱')).department).toBeUndefined();
  }, 30_000);
});

describe('安宫牛黄丸 is judged by what it is asked for (药典2020: 含朱砂、雄黄)', () => {
  it('not to prevent a stroke, not in a suspected stroke at home, not for after-effects; no dose after the no', async () => {
    for (const q of ['安宫牛黄丸每年吃一颗能防中风吗', '我奶奶脑梗后遗症，手脚不利索，给她吃安宫牛黄丸有用吗']) {
      const a = await run(q);
      expect(a.lines[0], q).toMatch(/^【用药结论】安宫牛黄丸：不建议/u);
      expect(a.text, q).toMatch(/汞|朱砂/u);
      expect(a.text, q).not.toMatch(/成人用法/u);
    }
    const stroke = await run('老伴突然说话不清楚半边身子不能动了，先喂他一颗安宫牛黄丸行吗', person({ age: 70, sex: 'M' }));
    expect(stroke.level).toBe('emergency');
    expect(stroke.lines[0]).toMatch(/^立即拨打120/u);
    expect(stroke.text).toMatch(/不是所有中风都适合吃/u);
  }, 60_000);
  it('a dose question gets 慎用 with the short-course warning', async () => {
    const a = await run('安宫牛黄丸怎么吃');
    expect(a.lines[0]).toMatch(/慎用/u);
    expect(a.text).toMatch(/1～3天/u);
  }, 30_000);
});

describe('a question about a named disease is answered in the first sentence, then what the disease is', () => {
  it('后果, 病因 and 一定要手术吗 lead with the answer, the ICD/department sentence after it', async () => {
    expect((await run('糖尿病不控制会有什么后果', null)).lines[0]).toMatch(/^2型糖尿病如果不治疗或控制不好：/u);
    const gout = await run('为什么会得痛风', null);
    expect(gout.lines[0]).toMatch(/^痛风的常见原因：/u);
    // Drugs named as causes (氢氯噻嗪, 阿司匹林) are not advice: no 用药核对 under them.
    expect(gout.text).not.toMatch(/用药核对/u);
    const nodule = await run('甲状腺结节必须切除吗', null);
    expect(nodule.lines[0]).toMatch(/^甲状腺结节不一定都要手术：.*不需要手术/u);
    expect(nodule.lines[1]).toMatch(/ICD-10/u);
    // Negative: 是什么 has no answer of its own to put first: the disease is described.
    expect((await run('什么是痛风', null)).lines[0]).toMatch(/^痛风（ICD-10/u);
  }, 60_000);
});

describe('能否服用X asked with complaints or a reading: the verdict on X right after the reading', () => {
  it('安宫牛黄丸 for a high reading: 不建议 (it does not lower blood pressure), before the differential', async () => {
    const a = await run('高压168低压112，头晕心慌，可以吃安宫牛黄丸吗', null);
    const i = a.lines.findIndex((l) => l.startsWith('【用药结论】安宫牛黄丸：不建议'));
    expect(i).toBeGreaterThanOrEqual(0);
    expect(i).toBeLessThanOrEqual(1);
  }, 30_000);
  it('negative: a symptom question that names no drug gets no verdict line', async () => {
    expect((await run('高压168低压112，头晕心慌', null)).text).not.toMatch(/【用药结论】/u);
  }, 30_000);
});
