import { describe, expect, it } from 'vitest';
import { SELF_ROLE, type AccountInfo, type Member } from '@chatdr/contract';
import { familyOf } from './family';

const member = (over: Partial<Member>): Member => ({
  id: 2,
  userId: 1,
  name: '妈妈',
  age: 60,
  sex: 'F',
  roleName: '妈妈',
  roleCode: 'ROLE_1100',
  roleTag: null,
  isDefault: 0,
  birthDate: null,
  height: null,
  weight: null,
  ...over,
});

const account = (members: Member[]): AccountInfo => ({
  id: 1,
  userId: 1,
  name: '张三',
  sex: 'M',
  age: 35,
  headImage: null,
  roleName: '本人',
  roleCode: SELF_ROLE.roleCode,
  roleTag: SELF_ROLE.roleTag,
  isDefault: 1,
  members,
  packageList: [],
  phone: '138****0000',
  hasPassword: false,
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('family list', () => {
  it('puts the self member (本人) first, from the account when the list lacks it', () => {
    const f = familyOf(account([member({})]));
    expect(f.map((m) => m.name)).toEqual(['张三', '妈妈']);
    expect(f[0]?.roleCode).toBe(SELF_ROLE.roleCode);
  });

  it('does not list the self member twice', () => {
    const f = familyOf(account([member({}), member({ id: 1, name: '张三', roleCode: SELF_ROLE.roleCode, roleName: '本人' })]));
    expect(f.map((m) => m.name)).toEqual(['张三', '妈妈']);
  });
});
