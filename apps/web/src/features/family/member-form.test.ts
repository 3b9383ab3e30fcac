import { describe, expect, it } from 'vitest';
import { LIMITS, MemberEditReq, MemberSaveReq, type MemberDetail } from '@chatdr/contract';
import {
  HEIGHT_OPTIONS,
  WEIGHT_INTS,
  canConfirm,
  clampName,
  draftIssue,
  draftOf,
  emptyDraft,
  nameChanged,
  pickRole,
  sexSelectable,
  toEditReq,
  toSaveReq,
  weightFromParts,
  weightParts,
  weightTenths,
  type MemberDraft,
} from './member-form';

const TODAY = '2026-05-20';
const complete = (over: Partial<MemberDraft> = {}): MemberDraft => ({ roleCode: 'ROLE_1100', name: '妈妈', sex: 'F', birthDate: '1965-03-08', height: 160, weight: 58.5, isDefault: false, ...over });

const detail = (over: Partial<MemberDetail> = {}): MemberDetail => ({
  id: 7,
  userId: 1,
  name: '妈妈',
  age: 61,
  sex: 'F',
  roleName: '妈妈',
  roleCode: 'ROLE_1100',
  roleTag: null,
  isDefault: 0,
  birthDate: '1965-03-08',
  height: 160,
  weight: 58.5,
  isSelf: false,
  smoking: null,
  drinking: null,
  specialPeriod: null,
  pregnancyWeek: null,
  menstrual: null,
  bmi: 22.9,
  bmiResult: '正常',
  ...over,
});

describe('add member: picking a role (account-health §5)', () => {
  it('sets the sex from the role and defaults the nickname to the role name', () => {
    const d = pickRole(emptyDraft(), 'ROLE_1100', []);
    expect(d).toMatchObject({ roleCode: 'ROLE_1100', sex: 'F', name: '妈妈' });
    expect(pickRole(emptyDraft(), 'ROLE_1000', []).sex).toBe('M');
  });

  it('leaves the nickname empty when a member of that role exists', () => {
    expect(pickRole(emptyDraft(), 'ROLE_1100', [{ id: 3, roleCode: 'ROLE_1100' }]).name).toBe('');
    // …but not when that member is the one being edited.
    expect(pickRole(emptyDraft(), 'ROLE_1100', [{ id: 3, roleCode: 'ROLE_1100' }], 3).name).toBe('妈妈');
  });

  it('replaces a role-name default when another role is picked, but keeps a typed nickname', () => {
    const mum = pickRole(emptyDraft(), 'ROLE_1100', []);
    expect(pickRole(mum, 'ROLE_1000', []).name).toBe('爸爸');
    expect(pickRole({ ...mum, name: '老妈' }, 'ROLE_1000', []).name).toBe('老妈');
  });

  it('makes sex selectable only for the free-sex role (ROLE_4000) and the account holder', () => {
    expect(sexSelectable('ROLE_4000')).toBe(true);
    expect(sexSelectable('ROLE_0000')).toBe(true);
    expect(sexSelectable('ROLE_1100')).toBe(false);
    expect(sexSelectable('boy')).toBe(false);
    expect(sexSelectable(null)).toBe(false);
    const other = pickRole(emptyDraft(), 'ROLE_4000', []);
    expect(other.sex).toBeNull();
    expect(pickRole({ ...other, sex: 'F' }, 'ROLE_4000', []).sex).toBe('F');
    // Coming from a fixed role, the free role asks again.
    expect(pickRole(pickRole(emptyDraft(), 'ROLE_1000', []), 'ROLE_4000', []).sex).toBeNull();
  });
});

describe('add member: what may be confirmed', () => {
  it('disables confirm while the nickname is empty', () => {
    expect(canConfirm(emptyDraft())).toBe(false);
    expect(canConfirm({ ...emptyDraft(), name: '   ' })).toBe(false);
    expect(canConfirm({ ...emptyDraft(), name: '妈' })).toBe(true);
  });

  it('keeps nicknames to 10 characters', () => {
    expect(LIMITS.nicknameMax).toBe(10);
    expect(clampName('一二三四五六七八九十十一')).toBe('一二三四五六七八九十');
    expect(clampName('😀'.repeat(12))).toBe('😀'.repeat(10));
  });

  it('names the first missing field in form order (请先选择角色, then 请选择 …)', () => {
    expect(draftIssue({ ...emptyDraft(), name: 'x' }, TODAY)).toEqual({ field: 'role', kind: 'missing' });
    expect(draftIssue(complete({ name: ' ' }), TODAY)).toEqual({ field: 'name', kind: 'missing' });
    expect(draftIssue(complete({ roleCode: 'ROLE_4000', sex: null }), TODAY)).toEqual({ field: 'sex', kind: 'missing' });
    expect(draftIssue(complete({ birthDate: null, height: null }), TODAY)).toEqual({ field: 'birthDate', kind: 'missing' });
    expect(draftIssue(complete({ height: null }), TODAY)).toEqual({ field: 'height', kind: 'missing' });
    expect(draftIssue(complete({ weight: null }), TODAY)).toEqual({ field: 'weight', kind: 'missing' });
    expect(draftIssue(complete(), TODAY)).toBeNull();
  });

  it('checks the ranges: birth 1900-01-01…today, height 20–275 whole cm, weight 0.2–750 by 0.1', () => {
    expect(draftIssue(complete({ birthDate: '1899-12-31' }), TODAY)?.field).toBe('birthDate');
    expect(draftIssue(complete({ birthDate: '2026-05-21' }), TODAY)?.field).toBe('birthDate');
    expect(draftIssue(complete({ birthDate: TODAY }), TODAY)).toBeNull();
    expect(draftIssue(complete({ height: 19 }), TODAY)).toEqual({ field: 'height', kind: 'range' });
    expect(draftIssue(complete({ height: 170.5 }), TODAY)).toEqual({ field: 'height', kind: 'range' });
    expect(draftIssue(complete({ height: 275 }), TODAY)).toBeNull();
    expect(draftIssue(complete({ weight: 0.1 }), TODAY)).toEqual({ field: 'weight', kind: 'range' });
    expect(draftIssue(complete({ weight: 60.25 }), TODAY)).toEqual({ field: 'weight', kind: 'range' });
    expect(draftIssue(complete({ weight: 750 }), TODAY)).toBeNull();
  });

  it('builds a save request the contract accepts', () => {
    const req = toSaveReq(complete({ isDefault: true }));
    expect(req).toEqual({ roleCode: 'ROLE_1100', name: '妈妈', sex: 'F', birthDate: '1965-03-08', height: 160, weight: 58.5, isDefault: 1 });
    expect(MemberSaveReq.safeParse(req).success).toBe(true);
    expect(toSaveReq(complete({ roleCode: 'ROLE_4000', sex: 'M', name: '舅舅' })).sex).toBe('M');
    expect(() => toSaveReq(complete({ height: null }))).toThrow();
  });
});

describe('edit member', () => {
  it('starts from the member and sends only what changed', () => {
    const m = detail();
    const d = draftOf(m);
    expect(d).toEqual(complete());
    expect(toEditReq(d, m)).toEqual({ id: 7 });
    const req = toEditReq({ ...d, weight: 57, isDefault: true }, m);
    expect(req).toEqual({ id: 7, weight: 57, isDefault: 1 });
    expect(MemberEditReq.safeParse(req).success).toBe(true);
  });

  it('a role change brings the role’s sex; the account holder keeps the self role', () => {
    const m = detail();
    expect(toEditReq({ ...draftOf(m), roleCode: 'ROLE_2100' }, m)).toEqual({ id: 7, roleCode: 'ROLE_2100', sex: 'F' });
    const self = detail({ id: 1, isSelf: true, roleCode: 'ROLE_0000', roleName: '本人', sex: null });
    const d = draftOf(self);
    expect(d.roleCode).toBe('ROLE_0000');
    expect(toEditReq({ ...d, sex: 'M' }, self)).toEqual({ id: 1, sex: 'M' });
  });

  it('audits and checks the nickname again only when it (or the role) changed', () => {
    const m = detail();
    expect(nameChanged(draftOf(m), m)).toBe(false);
    expect(nameChanged({ ...draftOf(m), name: '老妈' }, m)).toBe(true);
    expect(nameChanged({ ...draftOf(m), roleCode: 'ROLE_2100' }, m)).toBe(true);
    expect(nameChanged(complete(), null)).toBe(true);
  });
});

describe('picker values', () => {
  it('offers 20–275 cm', () => {
    expect(HEIGHT_OPTIONS[0]).toBe(20);
    expect(HEIGHT_OPTIONS.at(-1)).toBe(275);
    expect(HEIGHT_OPTIONS).toHaveLength(256);
    expect(HEIGHT_OPTIONS).toContain(LIMITS.heightDefaultCm);
  });

  it('offers 0.2–750.0 kg in tenths', () => {
    expect(WEIGHT_INTS[0]).toBe(0);
    expect(WEIGHT_INTS.at(-1)).toBe(750);
    expect(weightTenths(0)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(weightTenths(60)).toHaveLength(10);
    expect(weightTenths(750)).toEqual([0]);
    expect(weightParts(LIMITS.weightDefaultKg)).toEqual([60, 0]);
    expect(weightParts(58.5)).toEqual([58, 5]);
    expect(weightParts(0.3)).toEqual([0, 3]);
    expect(weightFromParts(58, 5)).toBe(58.5);
    expect(weightFromParts(0, 0)).toBe(0.2);
    expect(weightFromParts(750, 9)).toBe(750);
  });
});
