import { describe, expect, it } from 'vitest';
import { departmentFor } from '../conditions.ts';
import { INTENTS } from '../intent.ts';
import { NO_DEPARTMENT_MIN_P, departmentWithModel, modelDepartmentWhenNone, modelIntentClassifier, weakRuleDepartment } from './combine.ts';
import { predictIntent } from './predict.ts';

describe('models inside the engine', () => {
  it('the frame classifier is the intent model', () => {
    const q = '甲状腺结节需要手术吗';
    expect(modelIntentClassifier(q, ['disease'])).toEqual(predictIntent(q));
    expect(INTENTS).toContain(modelIntentClassifier('头疼', []).intent);
  });

  it('keeps a rule department with evidence (a ranked condition)', () => {
    const q = '发烧咳嗽三天 黄痰 胸口疼';
    expect(weakRuleDepartment(departmentFor(q))).toBe(false);
    const r = departmentWithModel(q);
    expect(r.source).toBe('rules');
    expect(r.department).toBe(departmentFor(q).department);
  });

  it('may replace only the general-practice fallback, and says so', () => {
    for (const q of ['想问一下 我这个情况要紧吗', '最近总觉得不舒服']) {
      const rules = departmentFor(q);
      const r = departmentWithModel(q);
      if (r.source === 'model') {
        expect(weakRuleDepartment(rules)).toBe(true);
        expect(r.department).not.toBe('急诊科');
        expect(r.alternatives).toContain(rules.department);
      } else expect(r.department).toBe(rules.department);
    }
  });

  it('counts a department from a condition ranked below 可能性较大, or from the body site alone, as weak', () => {
    const weak = { department: '消化内科', reason: '描述最符合「慢性胃炎」（有一定可能），该病通常在消化内科诊治', alternatives: [] };
    const site = { department: '骨科', reason: '症状部位在膝，建议骨科就诊', alternatives: [] };
    const strong = { department: '呼吸内科', reason: '描述最符合「社区获得性肺炎」（可能性较大），该病通常在呼吸内科诊治', alternatives: [] };
    const emergency = { department: '心血管内科', reason: '描述最符合「急性冠脉综合征」（有一定可能），该病通常在心血管内科诊治；情况可能紧急，请立即拨打120或直接去急诊', alternatives: [] };
    expect(weakRuleDepartment(weak)).toBe(true);
    expect(weakRuleDepartment(site)).toBe(true);
    expect(weakRuleDepartment(strong)).toBe(false);
    expect(weakRuleDepartment(emergency)).toBe(false);
  });

  it('offers a department for an answer without one only when sure enough, never 急诊科', () => {
    const r = modelDepartmentWhenNone('脸上长痘痘 用什么洗面奶');
    expect(r?.department).toBe('皮肤科');
    expect(r?.p ?? 0).toBeGreaterThanOrEqual(NO_DEPARTMENT_MIN_P);
  });
});
