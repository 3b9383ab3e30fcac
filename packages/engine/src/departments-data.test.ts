import { describe, it, expect } from 'vitest';
import { CONDITIONS, DEPARTMENTS, departmentByName, conditionById, rankConditions } from './conditions.ts';
import { extract } from './extract.ts';
import { symptomById } from './symptoms.ts';

const YEAR = /(19|20)\d{2}/;
const ICD10 = /^[A-Z]\d{2}(\.\d{1,2})?$/;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('data/departments.json', () => {
  it('has at least 40 departments with unique ids, names and aliases', () => {
    expect(DEPARTMENTS.length).toBeGreaterThanOrEqual(40);
    const ids = DEPARTMENTS.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    const words = DEPARTMENTS.flatMap((d) => [d.name, ...d.aliases]);
    const dup = words.filter((w, i) => words.indexOf(w) !== i);
    expect(dup, `shared names/aliases: ${dup.join(', ')}`).toEqual([]);
  });

  it('every entry has a kebab id, a scope, a source with a year, and a known child variant', () => {
    for (const d of DEPARTMENTS) {
      expect(d.id, d.id).toMatch(KEBAB);
      expect(d.scope.length, d.id).toBeGreaterThan(4);
      expect(d.source, d.id).toMatch(YEAR);
      if (d.childVariant !== undefined) expect(departmentByName(d.childVariant), d.id).toBeDefined();
    }
  });

  it('has the departments the brief names', () => {
    for (const name of ['心血管内科', '呼吸内科', '消化内科', '神经内科', '儿科', '产科', '妇科', '眼科', '耳鼻咽喉科', '口腔科', '皮肤科', '急诊科', '全科医学科', '精神心理科', '睡眠医学科', '变态反应科']) {
      expect(departmentByName(name), name).toBeDefined();
    }
    expect(departmentByName('心内科')?.name).toBe('心血管内科');
  });
});

describe('data/conditions.json', () => {
  it('has at least 120 conditions with unique ids and names', () => {
    expect(CONDITIONS.length).toBeGreaterThanOrEqual(120);
    const ids = CONDITIONS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const names = CONDITIONS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(conditionById('acute-appendicitis')?.department).toBe('普通外科');
  });

  it('every condition is well-formed', () => {
    const errors: string[] = [];
    for (const c of CONDITIONS) {
      if (!KEBAB.test(c.id)) errors.push(`${c.id}: id`);
      if (!ICD10.test(c.icd10)) errors.push(`${c.id}: icd10 ${c.icd10}`);
      if (departmentByName(c.department)?.name !== c.department) errors.push(`${c.id}: department ${c.department}`);
      if (c.symptoms.length === 0) errors.push(`${c.id}: no symptoms`);
      const sids = c.symptoms.map((s) => s.id);
      if (new Set(sids).size !== sids.length) errors.push(`${c.id}: duplicate symptom`);
      for (const s of c.symptoms) {
        if (symptomById(s.id) === undefined) errors.push(`${c.id}: unknown symptom ${s.id}`);
        if (!(s.weight > 0 && s.weight <= 1)) errors.push(`${c.id}: weight ${s.weight}`);
      }
      if (!YEAR.test(c.source)) errors.push(`${c.id}: source without year`);
      if (c.selfCare.length < 4 || c.seekCare.length < 4) errors.push(`${c.id}: advice`);
      if (c.ageGroups !== undefined && c.ageGroups.length === 0) errors.push(`${c.id}: empty ageGroups`);
      if (c.pregnancyRelated && c.sex !== 'F') errors.push(`${c.id}: pregnancy condition not F`);
      if (c.urgency === 'emergency' && !/120|急诊|立即/.test(c.seekCare)) errors.push(`${c.id}: emergency without 120/急诊`);
    }
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('has the common primary-care conditions', () => {
    // The name or the name before its （…） part (尿路感染（膀胱炎）).
    const names = new Set(CONDITIONS.flatMap((c) => [c.name, c.name.replace(/（[^）]*）/gu, '')]));
    for (const n of ['普通感冒', '流行性感冒', '急性咽炎', '急性扁桃体炎', '急性阑尾炎', '尿路感染', '偏头痛', '高血压', '急性心肌梗死', '2型糖尿病', '痛风', '湿疹', '荨麻疹', '带状疱疹', '手足口病', '幼儿急疹', '异位妊娠', '先兆流产']) {
      expect(names.has(n), n).toBe(true);
    }
  });

  it('sex-specific conditions are marked', () => {
    for (const id of ['dysmenorrhea', 'ectopic-pregnancy', 'vvc', 'pid']) expect(conditionById(id)?.sex, id).toBe('F');
    for (const id of ['bph', 'testicular-torsion']) expect(conditionById(id)?.sex, id).toBe('M');
  });
});

describe('conditions for common complaints that had none', () => {
  const top3 = (q: string, member?: { age: number | null; sex: 'M' | 'F' | null; pregnant?: boolean }): string[] =>
    rankConditions(extract(q), member, 3).map((r) => r.name);

  it('ranks each added condition first for a typical complaint', () => {
    const cases: Array<[string, string, { age: number | null; sex: 'M' | 'F' | null; pregnant?: boolean }?]> = [
      ['打嗝一直停不下来怎么办', '呃逆'],
      ['宝宝两岁了叫他名字没反应，不看人，也不会说话', '孤独症谱系障碍', { age: 2, sex: 'M' }],
      ['牙上有个洞，吃甜的冷的就疼', '龋齿'],
      ['嘴唇老是起皮干裂', '唇炎'],
      ['脖子落枕了转不了头', '落枕'],
      ['老人摔了一跤，髋部疼得不能走路', '股骨颈骨折', { age: 80, sex: 'F' }],
      ['小孩头上撞了个包，没呕吐', '头皮血肿', { age: 5, sex: 'M' }],
      ['孩子个子比同龄人矮很多', '矮小症', { age: 9, sex: 'F' }],
      ['耳朵流脓好几年了，听力越来越差', '慢性化脓性中耳炎'],
      ['我老婆怀孕7个月，突然抽搐', '子痫'],
    ];
    for (const [q, name, member] of cases) expect(top3(q, member)[0], q).toBe(name);
  });

  it('keeps the added conditions in the top three where they belong', () => {
    expect(top3('吃了野生菌以后肚子疼拉肚子')).toContain('毒蘑菇中毒');
    expect(top3('抽烟二十年，走路快了就气短，老咳痰', { age: 60, sex: 'M' })).toContain('慢性阻塞性肺疾病');
    expect(top3('月经量多，经期十几天才干净', { age: 35, sex: 'F' })).toContain('异常子宫出血');
  });

  it('does not rank a cue-only chronic condition for an unrelated complaint', () => {
    for (const q of ['最近总觉得没力气', '胃有点胀，不太舒服', '脸色发白，没力气']) {
      const names = top3(q);
      for (const n of ['慢性乙型肝炎', '丙型肝炎', '幽门螺杆菌感染', '淋巴瘤', '胃癌']) expect(names, q).not.toContain(n);
    }
  });
});
