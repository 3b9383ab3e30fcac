import { describe, expect, it } from 'vitest';
import departmentJson from '../../data/model/department.json' with { type: 'json' };
import intentJson from '../../data/model/intent.json' with { type: 'json' };
import { DEPARTMENTS } from '../conditions.ts';
import { INTENTS } from '../intent.ts';
import { LinearModel } from './linear.ts';
import type { LinearModelData } from './linear.ts';
import { departmentModelOf, intentModelOf, predictDepartment, predictIntent } from './predict.ts';

describe('model prediction API', () => {
  it('loads both stored models in under 200 ms (CPU time: a shared CI machine stretches wall time)', () => {
    const t = process.cpuUsage();
    const a = LinearModel.fromData(intentJson as LinearModelData);
    const b = LinearModel.fromData(departmentJson as LinearModelData);
    const used = process.cpuUsage(t);
    expect((used.user + used.system) / 1000).toBeLessThan(200);
    expect(a.classes).toEqual(intentModelOf().classes);
    expect(b.classes).toEqual(departmentModelOf().classes);
  });

  it('predictIntent returns one of the 11 intents with its probability', () => {
    const r = predictIntent('阿莫西林有什么副作用');
    expect(INTENTS).toContain(r.intent);
    expect(r.p).toBeGreaterThan(0);
    expect(r.p).toBeLessThanOrEqual(1);
  });

  it('reads the obvious intents of plain questions', () => {
    expect(predictIntent('做个胃镜要多少钱').intent).toBe('医疗费用');
    expect(predictIntent('乙肝是什么原因引起的').intent).toBe('病因分析');
    expect(predictIntent('膝盖疼挂什么科').intent).toBe('就医建议');
  });

  it('accepts entity types from the caller', () => {
    const r = predictIntent('这个能吃吗', ['drug']);
    expect(INTENTS).toContain(r.intent);
  });

  it('predictDepartment returns a department the engine knows', () => {
    const names = new Set(DEPARTMENTS.map((d) => d.name));
    for (const q of ['牙龈出血 牙疼', '月经推迟半个月', '脸上长痘痘怎么办', '孩子发烧38度5']) {
      const r = predictDepartment(q);
      expect(names.has(r.department), `${q} → ${r.department}`).toBe(true);
      expect(r.p).toBeGreaterThan(0);
    }
    expect(predictDepartment('牙龈出血 牙疼').department).toBe('口腔科');
    expect(predictDepartment('脸上长痘痘怎么办').department).toBe('皮肤科');
  });

  it('is the same answer every time (pure)', () => {
    expect(predictDepartment('胃疼反酸')).toEqual(predictDepartment('胃疼反酸'));
  });
});
