import { describe, expect, it } from 'vitest';
import { answerDependsOnMember, resolveMember, resolveReportMember, type FamilyMemberRef } from './member-resolve.ts';

const self: FamilyMemberRef = { id: 1, name: '我', roleCode: 'ROLE_0000', roleName: '本人', sex: 'M', age: 36, isSelf: true };
const mom: FamilyMemberRef = { id: 2, name: '妈妈', roleCode: 'ROLE_1100', roleName: '妈妈', sex: 'F', age: 63, isSelf: false };
const son: FamilyMemberRef = { id: 3, name: '小明', roleCode: 'ROLE_3000', roleName: '儿子', sex: 'M', age: 6, isSelf: false };
const girl: FamilyMemberRef = { id: 4, name: '小红', roleCode: 'ROLE_3100', roleName: '女儿', sex: 'F', age: 3, isSelf: false };
const grandma: FamilyMemberRef = { id: 5, name: '外婆', roleCode: 'ROLE_4000', roleName: '外婆', sex: 'F', age: 85, isSelf: false };

describe('whom a question is about (resolveMember)', () => {
  it('the member the text names is used, whoever is selected, and the note says whose profile', () => {
    expect(resolveMember('我妈能吃阿莫西林吗', self.id, [self, mom])).toEqual({ kind: 'use', member: mom, note: '按妈妈的资料回答' });
    expect(resolveMember('我妈能吃阿莫西林吗', mom.id, [self, mom])).toMatchObject({ kind: 'use', member: mom });
  });
  it('女儿 / 儿子 pick by the kinship word\'s sex; a named member shows with the role', () => {
    expect(resolveMember('女儿发烧能吃布洛芬吗', self.id, [self, son, girl])).toMatchObject({ kind: 'use', member: girl, note: '按女儿（小红）的资料回答' });
    expect(resolveMember('儿子咳嗽怎么办', self.id, [self, son, girl])).toMatchObject({ kind: 'use', member: son });
  });
  it('an "other" member whose role name says who they are (外婆) is an elder', () => {
    expect(resolveMember('外婆最近老是头晕', self.id, [self, grandma])).toMatchObject({ kind: 'use', member: grandma });
  });
  it('several fitting members: asks first when the answer depends on it, else answers without a profile', () => {
    const r = resolveMember('孩子发烧布洛芬吃多少', self.id, [self, son, girl]);
    expect(r).toMatchObject({ kind: 'ask', who: 'child' });
    if (r.kind === 'ask') expect(r.candidates.map((m) => m.id)).toEqual([son.id, girl.id]);
    expect(resolveMember('孩子发烧两天了', self.id, [self, son, girl])).toMatchObject({ kind: 'ambiguous' });
    // The selected one of them is meant.
    expect(resolveMember('孩子发烧布洛芬吃多少', girl.id, [self, son, girl])).toMatchObject({ kind: 'use', member: girl });
  });
  it('a relative the family lacks: offers to add one with the spec role code', () => {
    expect(resolveMember('我老公失眠怎么办', self.id, [self])).toMatchObject({ kind: 'missing', who: 'spouse', roleCode: 'ROLE_2000', roleName: '丈夫' });
    expect(resolveMember('我爸血压高', self.id, [self, mom])).toMatchObject({ kind: 'missing', roleCode: 'ROLE_1000' });
  });
  it('no relative named, or someone outside the family: the selected member stays', () => {
    expect(resolveMember('头痛怎么办', mom.id, [self, mom])).toEqual({ kind: 'keep' });
    expect(resolveMember('我同事发烧了', self.id, [self, mom])).toEqual({ kind: 'keep' });
  });
  it('medication, dosing and pregnancy depend on whose profile; a symptom question does not', () => {
    expect(answerDependsOnMember('能吃阿莫西林吗', 1)).toBe(true);
    expect(answerDependsOnMember('怀孕了能做CT吗', 0)).toBe(true);
    expect(answerDependsOnMember('发烧两天了', 0)).toBe(false);
  });
});

describe('whom a report is read for (resolveReportMember)', () => {
  const woman63 = { name: '张秀兰', sex: 'F' as const, age: 63 };
  it('the selected member fits (a birthday\'s slack on the age): kept', () => {
    expect(resolveReportMember({ name: null, sex: 'F', age: 64 }, mom.id, [self, mom])).toEqual({ kind: 'keep' });
    expect(resolveReportMember({ name: null, sex: null, age: null }, self.id, [self, mom])).toEqual({ kind: 'keep' });
  });
  it('the report\'s woman of 63 with 本人 (a man of 36) selected: 妈妈 is used and the note says why', () => {
    expect(resolveReportMember(woman63, self.id, [self, mom])).toEqual({ kind: 'use', member: mom, note: '报告上是女，63岁，按妈妈的资料解读' });
  });
  it('the name on the report picks the member even when the sex and age alone would not', () => {
    const aunt: FamilyMemberRef = { ...grandma, id: 9, name: '张秀兰', roleName: '其他', age: null };
    expect(resolveReportMember(woman63, self.id, [self, aunt])).toMatchObject({ kind: 'use', member: aunt });
  });
  it('nobody fits: asks, offering the members the report does not contradict', () => {
    const r = resolveReportMember(woman63, self.id, [self, son, grandma]);
    expect(r.kind).toBe('ask');
    if (r.kind === 'ask') {
      expect(r.text).toContain('这份报告上是「女，63岁」，与当前选择的「本人（我）」（男，36岁）不一致');
      expect(r.candidates.map((m) => m.id)).toEqual([]);
    }
  });
});
