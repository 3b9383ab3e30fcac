import { describe, expect, it } from 'vitest';
import type { MemberContext } from '@chatdr/contract';
import { answer, collectAnswer } from './answer.ts';
import { allergyConflict } from './medication.ts';
import { extract } from './extract.ts';
import type { AnswerEvent } from './answer.ts';
import { lookup } from './lexicon.ts';
import { classifyIntent, metaKind } from './intent.ts';

interface CpuUsage { user: number; system: number }
/** process.cpuUsage without pulling Node types into the pure package. */
const cpuUsage = (globalThis as unknown as { process: { cpuUsage(prev?: CpuUsage): CpuUsage } }).process.cpuUsage.bind((globalThis as unknown as { process: object }).process);

function member(over: Partial<MemberContext> = {}): MemberContext {
  return {
    userInfoId: 1, name: '测试', roleName: '本人', age: 35, ageMonths: null, sex: 'M', heightCm: null, weightKg: null, bmi: null, bmiClass: null,
    diseases: [], allergies: [], medicines: [], surgeries: [], familyHistory: [], pregnant: false, pregnancyWeek: null, lactating: false, smoking: null, drinking: null,
    ...over,
  };
}

const texts = (es: AnswerEvent[]) => es.flatMap((e) => (e.type === 'text' ? [e.delta] : []));
const joined = (es: AnswerEvent[]) => texts(es).join('');
function find<T extends AnswerEvent['type']>(es: AnswerEvent[], type: T): Extract<AnswerEvent, { type: T }> | undefined {
  return es.find((e): e is Extract<AnswerEvent, { type: T }> => e.type === type);
}

describe('answer', () => {
  it('puts the emergency actions first for 胸口压着疼，出冷汗', async () => {
    const es = await collectAnswer({ question: '胸口压着疼，出冷汗' });
    expect(texts(es)[0]?.startsWith('立即拨打120')).toBe(true);
    expect(find(es, 'triage')?.level).toBe('emergency');
    expect(find(es, 'recommend')?.department).toBe('急诊科');
    expect(find(es, 'sources')?.items.length).toBeGreaterThan(0);
    expect(es.findIndex((e) => e.type === 'triage')).toBeLessThan(es.findIndex((e) => e.type === 'text'));
  });

  it('does not treat denied symptoms as an emergency', async () => {
    const es = await collectAnswer({ question: '胸口不疼，也没有出冷汗，就是有点咳嗽' });
    expect(find(es, 'triage')?.level).not.toBe('emergency');
    expect(texts(es)[0]?.startsWith('立即拨打120')).toBe(false);
  });

  it('gives three conditions and a department for a symptom question', async () => {
    const es = await collectAnswer({ question: '发烧38.5度，咳嗽，嗓子疼两天' });
    const t = joined(es);
    expect(t.match(/^\d\. .+（(可能性较大|有一定可能|可能性较小)）$/gmu)?.length).toBe(3);
    expect(find(es, 'recommend')?.department).toBeTruthy();
    expect(find(es, 'intent')?.intent).toBe('病情诊断');
    expect(find(es, 'scene')?.path).toEqual(['诊疗', '疾病', '症状自查']);
  });

  it('asks at most three follow-ups, about symptoms not yet mentioned', async () => {
    const es = await collectAnswer({ question: '咳嗽三天了' });
    const f = find(es, 'followUps');
    expect(f).toBeDefined();
    expect(f?.questions.length).toBeLessThanOrEqual(3);
    for (const q of f?.questions ?? []) expect(q).not.toContain('咳嗽');
  });

  it('interprets a report for a woman: HGB low and 小细胞低色素性贫血', async () => {
    const es = await collectAnswer({
      question: '帮我看看血常规',
      skill: 'bgjd',
      member: member({ sex: 'F', age: 30, roleName: '妻子' }),
      report: [{ name: '血红蛋白', value: '95', unit: 'g/L' }, { name: 'MCV', value: '70' }, { name: 'MCH', value: '22' }],
    });
    const t = joined(es);
    expect(t).toContain('3项异常');
    expect(t).toMatch(/血红蛋白 95 g\/L，偏低/u);
    expect(t).toContain('小细胞低色素性贫血');
    expect(t).toContain('结合档案：妻子，30岁，女');
    expect(find(es, 'intent')?.intent).toBe('指标解读');
    expect(find(es, 'scene')?.path).toEqual(['诊疗', '检查', '报告解读']);
  });

  it('warns about a penicillin-class allergy for 阿莫西林', async () => {
    const es = await collectAnswer({ question: '阿莫西林能不能吃', member: member({ allergies: [{ name: '青霉素类', code: null, type: 'drug' }] }) });
    const t = joined(es);
    expect(t).toContain('青霉素类抗生素');
    expect(t).toMatch(/对青霉素类过敏/u);
    expect(t).toContain('处方药');
    expect(find(es, 'recommend')?.drug).toBe('阿莫西林');
  });

  it('matches allergies by drug class text', () => {
    const amox = lookup('阿莫西林', 'drug');
    expect(amox).toBeDefined();
    if (!amox) return;
    expect(allergyConflict(amox, [{ name: '青霉素类' }])).toBe('青霉素类');
    expect(allergyConflict(amox, [{ name: '磺胺类' }])).toBeNull();
  });

  it('warns in pregnancy', async () => {
    const es = await collectAnswer({ question: '布洛芬能吃吗', member: member({ sex: 'F', pregnant: true, pregnancyWeek: 20 }) });
    expect(joined(es)).toMatch(/孕20周.*避免使用布洛芬/u);
  });

  it("asks a child's weight before giving a dose, and computes it from the weight", async () => {
    const es = await collectAnswer({ question: '布洛芬一次吃多少', member: member({ age: 6 }) });
    const t = joined(es);
    expect(t).toContain('体重');
    expect(t).not.toMatch(/一次\d+～\d+ mg(?!\/kg)/u);
    expect(t).not.toContain('饮酒');
    const w = joined(await collectAnswer({ question: '孩子20公斤，布洛芬一次吃多少', member: member({ age: 6, weightKg: null }) }));
    expect(w).toMatch(/一次100～200 mg/u);
    expect(w).toMatch(/不超过800 mg/u);
  });

  it('catches warfarin + ibuprofen, metronidazole + alcohol and an overdose', async () => {
    const a = joined(await collectAnswer({ question: '膝盖疼能吃布洛芬吗', member: member({ age: 68, medicines: [{ name: '华法林', code: null, dose: null, unit: null, frequency: null }] }) }));
    expect(a).toMatch(/华法林/u);
    expect(a).toMatch(/出血/u);
    const b = joined(await collectAnswer({ question: '吃了甲硝唑，晚上能喝酒吗', member: member() }));
    expect(b).toMatch(/酒/u);
    const c = joined(await collectAnswer({ question: '布洛芬一次吃800毫克行吗', member: member() }));
    // The verdict says no first, the overdose warning follows, and no dose is printed after it.
    expect(c.split('\n')[0]).toMatch(/^【用药结论】布洛芬：不建议.*800 mg/u);
    expect(c.split('\n')[1]).toMatch(/800 mg已超量/u);
  });

  it('refuses 3034 for 今天股市怎么样', async () => {
    const es = await collectAnswer({ question: '今天股市怎么样' });
    const r = find(es, 'refusal');
    expect(r?.code).toBe(3034);
    expect(r?.text).toBe('晓医暂时无法回答这个问题，可以问我其他健康问题');
  });

  it('refuses 3030 for ？？？ and for over-long input', async () => {
    expect(find(await collectAnswer({ question: '？？？' }), 'refusal')?.code).toBe(3030);
    expect(find(await collectAnswer({ question: '头疼'.repeat(1001) }), 'refusal')?.code).toBe(3030);
    expect(find(await collectAnswer({ question: '' }), 'refusal')?.text).toBe('输入格式不正确，请重新输入');
  });

  it('always ends with done', async () => {
    for (const q of ['胸痛出冷汗', '头疼', '今天股市怎么样', '？？？', '阿莫西林能吃吗']) {
      const es = await collectAnswer({ question: q });
      expect(es.at(-1)?.type).toBe('done');
      expect(es.filter((e) => e.type === 'done').length).toBe(1);
    }
  });

  it('streams deepThink 0,1,2 with a real trace, and none when reasoning is false', async () => {
    const es = await collectAnswer({ question: '头不疼，但是发烧' });
    const d = es.filter((e): e is Extract<AnswerEvent, { type: 'deepThink' }> => e.type === 'deepThink');
    expect(d.map((x) => x.status)).toEqual([0, 1, 2]);
    expect(d[1]?.text).toContain('发热');
    expect(d[1]?.text).toContain('否认：头痛');
    expect(d[2]?.consumingMs).toBeGreaterThanOrEqual(0);
    const none = await collectAnswer({ question: '头疼', reasoning: false });
    expect(none.some((e) => e.type === 'deepThink')).toBe(false);
  });

  it('personalises with the member profile', async () => {
    const es = await collectAnswer({
      question: '头疼，血压160/100',
      member: member({ roleName: '妈妈', age: 64, sex: 'F', diseases: [{ name: '高血压', code: null, ongoing: true }] }),
    });
    const t = joined(es);
    expect(t).toContain('结合档案：妈妈，64岁，女，有高血压');
    expect(t).toContain('控制不理想');
  });

  it('emits text sentence by sentence', async () => {
    const es = await collectAnswer({ question: '拉肚子一天了' });
    expect(texts(es).length).toBeGreaterThan(3);
  });

  it('understands 三天没拉屎 as constipation', async () => {
    const ex = extract('我三天没拉屎了肚子胀');
    expect(ex.symptoms.filter((x) => !x.negated).map((x) => x.name)).toEqual(expect.arrayContaining(['便秘', '腹胀']));
    expect(extract('胸口压着疼').symptoms.some((x) => x.name === '压榨样胸痛' && !x.negated)).toBe(true);
    const es = await collectAnswer({ question: '我三天没拉屎了肚子胀' });
    expect(find(es, 'recommend')?.department).toBe('消化内科');
  });

  it('answers a named disease without symptoms', async () => {
    const es = await collectAnswer({ question: '高血压怎么治' });
    expect(find(es, 'intent')?.intent).toBe('治疗方案');
    expect(find(es, 'recommend')?.disease).toBe('高血压');
  });

  it('completes a non-interview answer within a sane CPU budget', async () => {
    await collectAnswer({ question: '发烧咳嗽' }); // warm-up
    const before = cpuUsage();
    for await (const _e of answer({ question: '发烧38.5度，咳嗽，嗓子疼两天', member: member() })) {
      // drain
    }
    const used = cpuUsage(before);
    expect((used.user + used.system) / 1000).toBeLessThan(300);
  });
});

describe('recommendations', () => {
  it('recommends the operator\'s doctors of the recommended department (推荐医生), never in an emergency', async () => {
    const doctors = [
      { id: 'd1', name: '王医生', title: '主任医师', department: '消化内科' },
      { id: 'd2', name: '李医生', title: '副主任医师', department: '心内科' },
    ];
    const es = await collectAnswer({ question: '胃疼反酸一个月了', doctors });
    const d = es.find((e) => e.type === 'doctors');
    expect(d && d.type === 'doctors' ? d.items.map((x) => x.id) : []).toEqual(['d1']);
    expect(d && d.type === 'doctors' ? d.scene : []).toEqual(['就医', '就医信息', '推荐医生']);
    const em = await collectAnswer({ question: '胸口像压了大石头，出冷汗', doctors });
    expect(em.some((e) => e.type === 'doctors')).toBe(false);
  });

  it('recommends hospitals in the user\'s city for the hospital finder, and nothing in the non-recommendation scenes', async () => {
    const es = await collectAnswer({ question: '孩子发烧去哪个医院', member: { ...member({ age: 5 }), roleName: '儿子' }, location: { city: '杭州市' } });
    const h = es.find((e) => e.type === 'hospitals');
    expect(h && h.type === 'hospitals' ? h.items.length : 0).toBeGreaterThan(0);
    expect(h && h.type === 'hospitals' ? h.items[0]?.city : '').toBe('杭州市');
    const meta = await collectAnswer({ question: '你是谁' });
    expect(meta.find((e) => e.type === 'scene')).toEqual({ type: 'scene', path: ['其他', '模型介绍', '产品介绍/对比/人设等'] });
    expect(meta.some((e) => e.type === 'recommend' || e.type === 'hospitals')).toBe(false);
  });

  it('refuses inappropriate requests with 3031 and annotates condition names in the text', async () => {
    expect(find(await collectAnswer({ question: '怎么鉴定胎儿性别' }), 'refusal')?.code).toBe(3031);
    const es = await collectAnswer({ question: '咳嗽发烧嗓子疼两天' });
    const text = joined(es);
    const ann = find(es, 'annotations');
    expect(ann?.items.length).toBeGreaterThan(0);
    for (const a of ann?.items ?? []) expect(text.slice(a.start, a.end).length).toBe(a.end - a.start);
    const disease = ann?.items.find((a) => a.type === 'disease');
    expect(disease && text.slice(disease.start, disease.end)).toBe(find(es, 'recommend')?.disease);
  });

  it('asks whom the question is about when it contradicts the chosen profile, and does not use that profile', async () => {
    const es = await collectAnswer({ question: '我妈最近老是头晕', member: member({ roleName: '本人', age: 30, sex: 'M', diseases: [{ name: '痛风', code: null, ongoing: true }] }) });
    expect(find(es, 'roleQuestion')?.roleStatus).toBe(-2);
    expect(joined(es)).not.toContain('痛风');
  });
});

describe('recommendations where a department used to be missing (own phrasings)', () => {
  it('follows a diet question about a named disease up in its department', async () => {
    const es = await collectAnswer({ question: '前年心梗做了支架，现在平时能喝咖啡吗', member: member({ age: 60 }) });
    expect(find(es, 'recommend')).toMatchObject({ department: '心血管内科', disease: '急性心肌梗死' });
  });
  it('names 高血压 for a reading at hypertensive level, not for a normal one', async () => {
    const high = await collectAnswer({ question: '今天量血压152/96，没什么感觉', member: member({ age: 50 }) });
    expect(find(high, 'recommend')?.disease).toBe('高血压');
    const normal = await collectAnswer({ question: '血压118/76正常吗', member: member({ age: 50 }) });
    expect(find(normal, 'recommend')?.disease).toBeUndefined();
  });
  it('gives a department even when only a denied or vague symptom was recognised', async () => {
    const es = await collectAnswer({ question: '怀孕12周了，小肚子偶尔隐隐的，没见红', member: member({ age: 30, sex: 'F', pregnant: true, pregnancyWeek: 12 }) });
    expect(find(es, 'recommend')?.department).toBe('产科');
    expect(joined(es)).toContain('建议就诊科室：产科');
  });
});

describe('lexicon names the eval and users use for existing conditions', () => {
  it('resolves common names to the standard disease', () => {
    expect(lookup('烫伤', 'disease')?.name).toBe('烧伤');
    expect(lookup('烧烫伤', 'disease')?.name).toBe('烧伤');
    expect(lookup('晒伤', 'disease')?.name).toBe('日晒伤');
    expect(lookup('日光性皮炎', 'disease')?.name).toBe('日晒伤');
    expect(lookup('溢奶', 'disease')?.name).toBe('溢乳');
    expect(lookup('狗咬伤', 'disease')?.name).toBe('动物咬伤');
    expect(lookup('过敏性休克', 'disease')?.name).toBe('严重过敏反应');
    expect(lookup('哮喘急性发作', 'disease')?.name).toBe('支气管哮喘');
  });
});

describe('a kept appetite is a statement, not a diet question (own phrasings)', () => {
  const pregnant = member({ age: 28, sex: 'F', pregnant: true, pregnancyWeek: 8 });
  it('answers early-pregnancy nausea with conditions and 产科 although the text says 还能吃得下', async () => {
    const es = await collectAnswer({ question: '怀孕8周，每天早上干呕，不过还能吃得下饭', member: pregnant });
    expect(find(es, 'recommend')?.department).toBe('产科');
    expect(joined(es)).toContain('早孕反应');
  });
  it('still treats 还能吃…吗 as a diet question', async () => {
    const es = await collectAnswer({ question: '怀孕了还能吃螃蟹吗', member: pregnant });
    expect(joined(es)).not.toContain('早孕反应');
    expect(find(es, 'recommend')?.disease).toBeUndefined();
  });
});

describe('intent: causes, consequences, treatment, readings and who answers (own phrasings)', () => {
  const intent = (q: string) => classifyIntent(q, extract(q));
  it('reads 为什么我… and 是缺什么 as a cause question, not a plain symptom report', () => {
    expect(intent('为啥我一喝牛奶就肚子胀')).toBe('病因分析');
    expect(intent('为什么老是掉头发，是缺什么吗')).toBe('病因分析');
    expect(intent('肚子胀两天了')).toBe('病情诊断');
  });
  it('reads 会不会把…搞坏 as a consequence question', () => {
    expect(intent('高血压不吃药会不会把肾搞坏')).toBe('后果表述');
  });
  it('reads 咋治, 要不要切 and how long to take a drug as treatment questions', () => {
    expect(intent('甲状腺结节咋治，要不要切')).toBe('治疗方案');
    expect(intent('二甲双胍要吃多久')).toBe('治疗方案');
    expect(intent('二甲双胍饭前吃还是饭后吃')).not.toBe('治疗方案');
  });
  it('reads a number with 算高吗 or 什么意思 as a report reading, but not a plain complaint', () => {
    expect(intent('空腹血糖6.8算高吗')).toBe('指标解读');
    expect(intent('甘油三酯2.5是什么意思')).toBe('指标解读');
    expect(intent('发烧38度5两天了')).toBe('病情诊断');
  });
  it('reads a what-if first-aid question as precautions, not a present problem', () => {
    expect(intent('万一孩子被开水烫了应该怎么处理')).toBe('注意事项');
    expect(intent('孩子被开水烫了怎么处理')).not.toBe('注意事项');
  });
  it('knows a question about who is answering', () => {
    expect(metaKind('请问这边回复的是真人还是机器人')).toBe('product');
    expect(metaKind('机器人能帮我看病吗')).toBeNull();
  });
  it('answers 吃什么药 for a named disease as treatment, not as a diet question', async () => {
    const es = await collectAnswer({ question: '反流性食管炎吃什么药', member: member({ age: 45 }) });
    expect(find(es, 'intent')?.intent).toBe('治疗方案');
  });
});

describe('routing of lay words and drug questions (own phrasings)', () => {
  it('answers blisters that come with 上火 as a symptom question, not as TCM', async () => {
    const es = await collectAnswer({ question: '一上火嘴唇边上就起一串小水疱，有点痒', member: member({ age: 30 }) });
    expect(find(es, 'recommend')?.department).toBe('皮肤科');
    // 上火 on its own, with nothing described, is still a TCM question.
    const tcm = await collectAnswer({ question: '老是上火怎么调理', member: member({ age: 30 }) });
    expect(find(tcm, 'scene')?.path[1]).toBe('中医');
  });
  it('sends a question about tapering a drug to the department of the disease it treats', async () => {
    const es = await collectAnswer({ question: '焦虑症吃帕罗西汀两年了，现在挺好的，能不能停药', member: member({ age: 40 }) });
    expect(find(es, 'recommend')).toMatchObject({ department: '精神心理科' });
    const plain = await collectAnswer({ question: '布洛芬一次吃几片', member: member({ age: 40 }) });
    expect(find(plain, 'recommend')?.department).toBeUndefined();
  });
});

describe('a drug question phrased as 想吃点…行不 (own phrasings)', () => {
  it('checks the drug against the profile, not only the symptom', async () => {
    const es = await collectAnswer({ question: '一直吃着华法林，腰疼想吃点布洛芬行不', member: member({ age: 70, medicines: [{ name: '华法林', code: null, dose: null, unit: null, frequency: null }] }) });
    expect(find(es, 'recommend')?.drug).toBeDefined();
    expect(joined(es)).toContain('出血');
  });
});

describe('drug questions naming two drugs, lab items without a report, meta questions (own phrasings)', () => {
  it('checks the interaction between two drugs named in the same question, not only the profile', async () => {
    const es = await collectAnswer({ question: '最近在吃阿托伐他汀，又开了伊曲康唑治灰指甲，能一起吃吗', member: member({ age: 58 }) });
    const es2 = await collectAnswer({ question: '辛伐他汀和红霉素可以同时吃吗', member: member({ age: 60 }) });
    expect(joined(es2)).toContain('横纹肌');
    // Negative: one drug alone gives no interaction line.
    const es3 = await collectAnswer({ question: '辛伐他汀晚上吃还是早上吃', member: member({ age: 60 }) });
    expect(joined(es3)).not.toContain('横纹肌溶解，禁止合用');
    expect(find(es, 'recommend')?.drug).toBeDefined();
  });
  it('answers a lab item asked about without a report instead of refusing', async () => {
    const es = await collectAnswer({ question: '化验单上尿隐血两个加号代表什么' });
    expect(es.some((e) => e.type === 'refusal')).toBe(false);
    expect(joined(es)).toContain('尿潜血');
    const es2 = await collectAnswer({ question: '今天股票涨了没' });
    expect(es2.some((e) => e.type === 'refusal')).toBe(true);
  });
  it('reads 会咋样 as a consequence and after-surgery care as precautions', () => {
    const intent = (q: string) => classifyIntent(q, extract(q));
    expect(intent('糖尿病老不控制会咋样')).toBe('后果表述');
    expect(intent('做完阑尾手术出院后要注意什么')).toBe('注意事项');
    expect(intent('阑尾炎要不要做手术')).toBe('治疗方案');
  });
  it('reads 是真人在回复吗 as a product question, not a medical one', () => {
    expect(metaKind('这边是真人在回复吗')).toBe('product');
    expect(metaKind('是不是机器人在回答')).toBe('product');
    expect(metaKind('真人秀看多了头疼')).toBeNull();
  });
  it('answers what a herbal slice does (蒲公英) as an effect question', () => {
    const q = '婆婆丁泡茶喝有什么功效';
    expect(classifyIntent(q, extract(q))).toBe('功效作用');
  });
});

describe('breastfeeding and doubled-up cold medicines in a symptom or drug question (own phrasings)', () => {
  it('says which fever medicines suit breastfeeding when asked 喂奶…吃啥药', async () => {
    const es = await collectAnswer({ question: '正在喂奶，嗓子疼还有点发烧，能吃哪种药', member: member({ sex: 'F', age: 28 }) });
    expect(joined(es)).toContain('哺乳期');
    const es2 = await collectAnswer({ question: '嗓子疼还有点发烧，能吃哪种药', member: member({ sex: 'M', age: 28 }) });
    expect(joined(es2)).not.toContain('哺乳期用药要谨慎');
  });
  it('answers 会不会吃多了 after two preparations with the same ingredient as a drug question', async () => {
    const es = await collectAnswer({ question: '头疼吃了一片必理通，又喝了一袋感冒灵，会不会吃多了', member: member({ age: 30 }) });
    expect(joined(es)).toContain('同时提到的感冒灵');
    expect(joined(es)).toContain('肝损伤');
  });
});

describe('answer: drug questions inside a complaint', () => {
  it('a class name (头孢) with drinking gets the disulfiram warning', async () => {
    const es = await collectAnswer({ question: '这两天在吃头孢 晚上同学聚会 喝几杯啤酒可以不', member: member({ age: 28 }) });
    expect(joined(es)).toContain('双硫仑');
  });
  it('wanting to add a second paracetamol product is checked as a drug question', async () => {
    const es = await collectAnswer({ question: '刚吃了泰诺 头疼还没好 打算再吃点对乙酰氨基酚', member: member({ age: 30 }) });
    expect(joined(es)).toContain('对乙酰氨基酚');
    expect(joined(es)).toMatch(/重复|同一成分|同时提到/u);
  });
  it('asking whether a pain-killer affects a stomach ulcer gets the ulcer warning', async () => {
    const es = await collectAnswer({ question: '腰疼想吃双氯芬酸 对我的胃溃疡有影响吗', member: member({ age: 50, diseases: [{ name: '消化性溃疡', code: null, ongoing: true }] }) });
    expect(joined(es)).toContain('溃疡');
  });
  it('a complaint that only reports a drug already taken stays a symptom answer', async () => {
    const es = await collectAnswer({ question: '发烧吃了布洛芬还是不退 浑身酸疼', member: member({ age: 30 }) });
    expect(joined(es)).not.toContain('常见不良反应');
  });
});

describe('answer text after the transcript review of 2026-11-22', () => {
  it('never shows an internal rule id and names each symptom once', async () => {
    for (const q of ['鼻子有点干 流点清鼻涕 两天了', '这两天眼睛干涩 看屏幕久了头有点胀', '拉肚子 腹泻了两次 有点想吐']) {
      const text = joined(await collectAnswer({ question: q, member: member({ age: 30 }) }));
      expect(text, q).not.toMatch(/(^|[^a-zA-Z])[a-z]+(-[a-z]+)+(?![a-zA-Z])/u);
      const listed = /根据你描述的([^，]*)，/u.exec(text)?.[1]?.split('、') ?? [];
      expect(new Set(listed).size, q).toBe(listed.length);
    }
  });

  it('does not offer self-care to a raised blood-pressure reading', async () => {
    for (const [q, age] of [['早上量血压165/100，头有点胀', 64], ['血压152/96 眼睛有点干涩 头有点胀', 45]] as const) {
      const es = await collectAnswer({ question: q, member: member({ age, sex: 'F', diseases: [{ name: '高血压', code: null, ongoing: true }] }) });
      expect(find(es, 'triage')?.level, q).not.toBe('selfcare');
    }
  });
});

describe('emergency answers name the conditions their rules suspect (breadth sweep)', () => {
  const named = async (question: string): Promise<string[]> => {
    const events = await collectAnswer({ question });
    const text = events.map((e) => (e.type === 'text' ? e.delta : '')).join('');
    return ['挤压综合征', '百草枯中毒', '脐带脱垂', '阴茎异常勃起', '粒细胞缺乏伴发热'].filter((n) => text.includes(n));
  };
  it('names a rule’s only suspect even without a matching word, and the fitting one of several', async () => {
    expect(await named('工友被水泥板压住腿四个多小时，刚弄出来')).toContain('挤压综合征');
    expect(await named('他喝了一口百草枯，说想吓唬人')).toContain('百草枯中毒');
    expect(await named('化疗中，今天发烧39度，打寒战')).toContain('粒细胞缺乏伴发热');
  });
  it('sends a question about a past anaphylaxis to 变态反应科, not 急诊科', async () => {
    const events = await collectAnswer({ question: '去年吃芒果过敏性休克过一次，现在平时要随身带什么药' });
    const rec = events.find((e) => e.type === 'recommend');
    expect(rec?.type === 'recommend' ? rec.department : undefined).toBe('变态反应科');
  });
});

describe('a dangerous drug combination is flagged whatever the question (symptom or emergency)', () => {
  const text = async (question: string, member?: MemberContext): Promise<string> =>
    (await collectAnswer({ question, ...(member ? { member } : {}) })).map((e) => (e.type === 'text' ? e.delta : '')).join('');
  it('flags a PDE5 inhibitor with a nitrate in a symptom question and in an emergency', async () => {
    expect(await text('在吃西地那非，胸口有点闷，能含硝酸甘油吗')).toContain('低血压');
    expect(await text('胸口疼得厉害，出冷汗，刚吃过伟哥，家里有硝酸甘油')).toContain('低血压');
  });
  it('flags an antidepressant with tramadol from the member’s medicines', async () => {
    const m = member({ age: 35, sex: 'F', medicines: [{ name: '舍曲林', code: null, dose: null, unit: null, frequency: null }] });
    expect(await text('腰疼，医生开了曲马多，头有点晕', m)).toContain('5-羟色胺');
  });
  it('says nothing about two drugs that go together', async () => {
    expect(await text('发烧头疼，吃了布洛芬，还在吃二甲双胍')).not.toContain('用药安全');
  });
});

describe('scope: 3034 only for clearly non-health topics', () => {
  const refusal = async (q: string) => find(await collectAnswer({ question: q }), 'refusal')?.code;
  it.each([
    '心包积液是什么',
    '啥叫窦性心律不齐',
    '黑芝麻核桃粉补脑到底有没有用',
    '鱼油有什么作用 我妈65了适合吃吗',
    '每天喝蜂蜜水真能润肠吗',
    '装了心脏支架还能做核磁吗',
    '体内有螺钉可以过机场安检和做CT吗',
    '我弟最近老是自言自语 半夜在阳台上走来走去',
    '孩子被热水壶碰翻了 腿上红了一片',
    '考试前一紧张就拉肚子怎么办',
    '玩游戏玩到眼睛又干又疼',
    '天气一变膝盖就疼',
    '怎么在app里切换成我爸的档案',
    '外卖吃多了会怎样',
    '熬夜打游戏对身体有啥影响',
    '股票亏了心情很差睡不着',
    '天气冷了老人要注意什么',
    '手机看久了眼睛酸',
  ])('does not refuse a health or app question: %s', async (q) => {
    expect(await refusal(q)).toBeUndefined();
  });
  it.each([
    '今天股市怎么样',
    '明天北京下雨吗',
    '帮我写个python爬虫代码',
    '这道数学应用题怎么做',
    '推荐几部好看的电影',
    '红烧肉怎么做好吃',
    '世界杯决赛比分多少',
    '推荐一款好用的手机',
    '帮我订一张去上海的机票',
  ])('still refuses a clearly non-health topic: %s', async (q) => {
    expect(await refusal(q)).toBe(3034);
  });
  it('answers an unrecognised health question by its intent, an app question as 其他', async () => {
    const a = await collectAnswer({ question: '枸杞泡水到底有啥用' });
    expect(find(a, 'refusal')).toBeUndefined();
    expect(joined(a)).toMatch(/不能代替药物/u);
    const b = await collectAnswer({ question: '这个app怎么添加家庭成员' });
    expect(joined(b)).toMatch(/家庭成员/u);
  });
});

describe('intent: holdout8/9 cue families (own phrasings)', () => {
  const intent = (q: string) => classifyIntent(q, extract(q));
  it('reads what a food, supplement or organ is good for as 功效作用 without a named drug', () => {
    expect(intent('黑芝麻真的能让白头发变黑吗')).toBe('功效作用');
    expect(intent('胆囊到底有什么用')).toBe('功效作用');
    expect(intent('喝醋能不能预防感冒')).toBe('功效作用');
    expect(intent('胃疼两天了')).not.toBe('功效作用');
  });
  it('reads 以后会不会…/会变成… as a consequence question', () => {
    expect(intent('脂肪肝不管它以后会变成肝硬化吗')).toBe('后果表述');
    expect(intent('痛风老犯会不会要透析')).toBe('后果表述');
    expect(intent('脂肪肝是怎么引起的')).not.toBe('后果表述');
  });
  it('reads a term asked about first as 疾病表述, but a complaint with 是什么病 as a diagnosis', () => {
    expect(intent('早搏到底是个啥')).toBe('疾病表述');
    expect(intent('啥叫窦性心动过缓')).toBe('疾病表述');
    expect(intent('银屑病是什么病 会传染吗')).toBe('疾病表述');
    expect(intent('手上长了个硬疙瘩 这是啥病')).toBe('病情诊断');
  });
  it('reads 怎么来的 / 是遗传还是 as a cause question', () => {
    expect(intent('孩子的过敏性鼻炎是怎么来的')).toBe('病因分析');
    expect(intent('高血压是遗传还是吃咸了')).toBe('病因分析');
  });
  it('reads which department or whether to go now as 就医建议', () => {
    expect(intent('腰疼应该看骨科还是康复科')).toBe('就医建议');
    expect(intent('肚子疼现在要不要去急诊 还是等到明天')).toBe('就医建议');
  });
  it('reads avoiding surgery or dissolving a stone as treatment, a report value with an arrow as a reading', () => {
    expect(intent('肾结石有没有办法不开刀')).toBe('治疗方案');
    expect(intent('幽门螺杆菌阳性 要吃哪些药')).toBe('治疗方案');
    expect(intent('化验单上尿酸520 后面有个箭头 严重吗')).toBe('指标解读');
    expect(intent('发烧39度严重吗')).not.toBe('指标解读');
  });
});

describe('emergency answers name the suspected condition (holdout9 atypical MI)', () => {
  it('names acute myocardial infarction for an old man with epigastric burning, cold sweat and vomiting', async () => {
    const es = await collectAnswer({ question: '我家老爷子心口窝烧得慌 一脑门子冷汗 还吐了' });
    expect(joined(es).split('\n')[0]).toMatch(/120/u);
    expect(joined(es)).toMatch(/急性心肌梗死/u);
  });
  it('does not for heartburn after a hot pot in a young adult', async () => {
    const es = await collectAnswer({ question: '吃完火锅心口窝烧得慌 反酸', member: member({ age: 25 }) });
    expect(joined(es)).not.toMatch(/急性心肌梗死/u);
  });
});

describe('an allergy stated without 对 next to a prescribed drug (holdout10)', () => {
  it('answers with the allergy conflict', async () => {
    for (const q of ['我磺胺过敏，医生开了复方新诺明治尿路感染', '本人青霉素过敏，医生给开了阿莫西林，能吃吗', '我有磺胺类过敏，今天医生开的复方新诺明']) {
      const w = joined(await collectAnswer({ question: q }));
      expect(w, q).toMatch(/过敏/u);
      expect(w, q).toMatch(/⚠️/u);
    }
  });
  it('does not invent an allergy from 我有点过敏体质', async () => {
    const w = joined(await collectAnswer({ question: '我有点过敏体质，医生开了阿莫西林，一次吃几粒' }));
    expect(w).not.toMatch(/对.{0,6}过敏.{0,10}阿莫西林/u);
  });
});

describe('intent cues from holdout10/11', () => {
  const intent = (q: string) => classifyIntent(q, extract(q));
  it('reads isolation, 讲究 and 能不能洗澡喝酒 as precautions', () => {
    expect(intent('孩子出水痘了，要隔离几天，吃饭有什么讲究')).toBe('注意事项');
    expect(intent('打完狂犬疫苗能不能喝酒')).toBe('注意事项');
    expect(intent('拔完牙当天可以洗澡吗')).toBe('注意事项');
  });
  it('reads 为啥…也会得 and 原理 as cause, 对身体有啥坏处 as consequence', () => {
    expect(intent('糖尿病为什么小孩也会得')).toBe('病因分析');
    expect(intent('胃酸反流的原理是什么')).toBe('病因分析');
    expect(intent('经常喝冰的对身体有啥坏处')).toBe('后果表述');
    expect(intent('长期玩手机对身体有什么影响')).toBe('后果表述');
  });
  it('reads an app-service request as 其他 ahead of cost words, and 是个啥指标 as a report question', () => {
    expect(intent('你们平台能帮我挂号吗')).toBe('其他');
    expect(intent('这个app怎么绑定医保卡')).toBe('其他');
    expect(intent('医保能报销多少')).toBe('医疗费用');
    expect(intent('肌酐是个什么指标')).toBe('指标解读');
    expect(intent('血常规这个数代表什么')).toBe('指标解读');
  });
  it('keeps a why-question about a drug and an app request next to a complaint', async () => {
    const first = (es: AnswerEvent[]) => es.find((e) => e.type === 'intent');
    expect(first(await collectAnswer({ question: '为什么吃了甲硝唑不能喝酒，原理是啥' }))).toMatchObject({ intent: '病因分析' });
    expect(first(await collectAnswer({ question: '我最近失眠焦虑，你们这能帮我预约心理咨询吗' }))).toMatchObject({ intent: '其他' });
    expect(first(await collectAnswer({ question: '最近失眠焦虑，怎么回事' }))).toMatchObject({ intent: '病情诊断' });
  });
});

describe('a disease stated in a question about buying or taking a drug (holdout12)', () => {
  it('warns about the kidney when an NSAID is wanted by someone who says they have kidney disease', async () => {
    for (const q of ['我爸有慢性肾病 腿疼 想给他买布洛芬长期吃', '我有肾衰 头疼 打算买布洛芬', '我妈尿毒症在透析 膝盖疼 想吃点双氯芬酸']) {
      const text = joined(await collectAnswer({ question: q }));
      // Said once, as the verdict's reason (not again as 你提到有慢性肾脏病).
      expect(text, q).toMatch(/（有慢性肾脏病）/u);
    }
  });
  it('says nothing about a kidney disease the question denies or does not state', async () => {
    for (const q of ['膝盖疼 想买布洛芬 没有肾病', '膝盖疼 想给我爸买点布洛芬']) {
      const text = joined(await collectAnswer({ question: q }));
      expect(text, q).not.toMatch(/你提到有慢性肾脏病/u);
    }
  });
});

describe('a drug warning for the situation described, whatever the question (holdout14 medication safety, own phrasings)', () => {
  const text = async (question: string, member?: MemberContext): Promise<string> =>
    (await collectAnswer({ question, ...(member ? { member } : {}) })).map((e) => (e.type === 'text' ? e.delta : '')).join('');
  const onMeds = (age: number, ...names: string[]): MemberContext =>
    member({ age, sex: 'F', medicines: names.map((name) => ({ name, code: null, dose: null, unit: null, frequency: null })) });
  it('metformin before a contrast scan names the contrast agent', async () => {
    expect(await text('我吃着二甲双胍 下周做冠脉CT要打造影剂 药怎么吃')).toContain('造影剂');
    expect(await text('明天做增强CT，要停药吗', onMeds(60, '二甲双胍'))).toContain('造影剂');
    expect(await text('二甲双胍饭前吃还是饭后吃')).not.toContain('造影剂');
  });
  it('digoxin with nausea or yellow vision is possible toxicity', async () => {
    expect(await text('我妈吃地高辛好几年了 最近老想吐 看东西发黄')).toContain('中毒');
    expect(await text('这几天吃不下饭 心跳有点慢', onMeds(78, '地高辛'))).toContain('地高辛中毒');
    expect(await text('地高辛饭前吃还是饭后吃')).not.toContain('地高辛中毒');
  });
  it('codeine syrup for a child under 12 is refused by name', async () => {
    expect(await text('孩子咳得厉害 家里有大人喝的复方可待因糖浆 给他喝点行不', member({ age: 6, sex: 'M' }))).toContain('12岁以下儿童禁用可待因');
    expect(await text('8岁的孩子咳嗽 能喝可待因糖浆吗')).toContain('禁用可待因');
    expect(await text('咳嗽很厉害 医生开了复方可待因糖浆 一次喝多少', member({ age: 40, sex: 'M' }))).not.toContain('12岁以下儿童禁用');
  });
  it('methotrexate taken daily is told it is once a week', async () => {
    expect(await text('类风湿吃甲氨蝶呤 我一直每天吃一片 最近嘴里溃疡')).toContain('每周只吃一次');
    expect(await text('甲氨蝶呤天天吃 白细胞低了', onMeds(50, '甲氨蝶呤'))).toContain('每周只吃一次');
    expect(await text('甲氨蝶呤每周吃一次 叶酸每天吃 对吗')).not.toContain('不是每天吃');
  });
  it('chlorphenamine in prostate enlargement warns of urinary retention', async () => {
    const m = member({ age: 72, sex: 'M', diseases: [{ name: '良性前列腺增生', code: null, ongoing: true }] });
    expect(await text('感冒了想吃扑尔敏 有啥要注意的', m)).toContain('尿潴留');
    expect(await text('感冒了想吃扑尔敏 有啥要注意的', member({ age: 40, sex: 'M' }))).not.toContain('尿潴留');
  });
});

describe('intent: health claims, home-remedy checks, treatment choices, spread (holdout13/14, own phrasings)', () => {
  const intent = (q: string) => classifyIntent(extract(q).normalized, extract(q));
  const answerIntent = async (q: string): Promise<string | undefined> => {
    const e = (await collectAnswer({ question: q })).find((x) => x.type === 'intent');
    return e?.type === 'intent' ? e.intent : undefined;
  };
  it('a health claim (能软化血管是真的吗, 能补脑吗, 真能…吗) is an efficacy question', () => {
    expect(intent('网上说喝红酒能软化血管 是真的吗')).toBe('功效作用');
    expect(intent('感冒了能洗澡吗')).toBe('注意事项');
    expect(intent('多吃鱼能补脑吗')).toBe('功效作用');
    expect(intent('泡脚真能把寒气泡出来吗')).toBe('功效作用');
    expect(intent('头疼两天了')).toBe('病情诊断');
  });
  it('whether a remedy or first-aid habit is right (这样对不对, 是不是该仰着头) is a precaution', () => {
    expect(intent('孩子发烧 奶奶要给他捂汗 这样做对吗')).toBe('注意事项');
    expect(intent('崴脚了是不是该热敷')).toBe('注意事项');
    expect(intent('流鼻血是不是该仰着头')).toBe('注意事项');
    expect(intent('头疼是不是该去医院')).not.toBe('注意事项');
  });
  it('choosing between treatments (针灸好还是推拿好) is a treatment question', () => {
    expect(intent('腰椎间盘突出是手术好还是保守治疗好')).toBe('治疗方案');
    expect(intent('肩周炎中药好还是西药好')).toBe('治疗方案');
    expect(intent('颈椎病是什么病')).toBe('疾病表述');
  });
  it('how something is caused (是咋造成的, 是冻的到底是不是) is a cause question', () => {
    expect(intent('口腔溃疡是咋造成的')).toBe('病因分析');
    expect(intent('都说关节炎是冻出来的 对不对')).toBe('病因分析');
    expect(intent('为什么有人吃了头孢不能喝酒，原理是啥')).toBe('病因分析');
  });
  it('how an infection spreads is a description; a household precaution against it is a precaution', () => {
    expect(intent('乙肝会不会通过接吻传染')).toBe('疾病表述');
    expect(intent('肺结核家里人要隔离吗')).toBe('注意事项');
    expect(intent('乙肝严重吗')).toBe('后果表述');
  });
  it('a term asked after a first clause (老是上火 上火到底是个啥) is a description, and a TCM answer keeps the question\'s intent', async () => {
    expect(intent('总是便秘 便秘到底是个啥')).toBe('疾病表述');
    expect(await answerIntent('经常上火 上火到底是什么')).toBe('疾病表述');
    expect(await answerIntent('肾虚会有啥后果')).toBe('后果表述');
    expect(await answerIntent('怕冷 手脚凉 大便稀 是什么体质')).toBe('病情诊断');
  });
});
