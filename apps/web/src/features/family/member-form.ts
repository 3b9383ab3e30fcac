import { LIMITS, ROLES, SELF_ROLE, todayIso, type FamilyRoleCode, type MemberDetail, type MemberEditReq, type MemberSaveReq, type Sex } from '@chatdr/contract';

/**
 * The add/edit-member form of account-health §5 as pure state: picking a role, what may be
 * confirmed, and the first problem to tell the user about.
 */

export type FormRoleCode = FamilyRoleCode | typeof SELF_ROLE.roleCode;
export type Role = (typeof ROLES)[number];

export interface MemberDraft {
  roleCode: FormRoleCode | null;
  name: string;
  sex: Sex | null;
  birthDate: string | null;
  height: number | null;
  weight: number | null;
  isDefault: boolean;
}

export const emptyDraft = (): MemberDraft => ({ roleCode: null, name: '', sex: null, birthDate: null, height: null, weight: null, isDefault: false });

export const roleOf = (code: string | null | undefined): Role | undefined => ROLES.find((r) => r.roleCode === code);
export const isSelfRole = (code: string | null | undefined) => code === SELF_ROLE.roleCode;

/**
 * Sex is chosen by the user only for the free-sex role (ROLE_4000, tag USER_ROLE_OTHER) and for the
 * account holder (本人, whose sex is their own choice); every other role fixes it.
 */
export function sexSelectable(code: string | null | undefined): boolean {
  if (isSelfRole(code)) return true;
  const role = roleOf(code);
  return role !== undefined && role.sex === '';
}

/** A name that the form filled in from a role (so picking another role may replace it). */
const isRoleName = (name: string) => ROLES.some((r) => r.roleName === name);

interface ExistingMember {
  id: number;
  roleCode: string;
}

/**
 * Picks a role: the sex follows the role (kept for the free-sex role when it was already chosen
 * there), and the nickname defaults to the role name when no other member has that role, else it
 * is emptied — unless the user typed a nickname of their own, which is kept.
 */
export function pickRole(draft: MemberDraft, code: FamilyRoleCode, members: readonly ExistingMember[], editingId?: number): MemberDraft {
  const role = roleOf(code);
  if (!role) return draft;
  const taken = members.some((m) => m.roleCode === code && m.id !== editingId);
  const typed = draft.name.trim();
  const auto = typed === '' || isRoleName(typed);
  const sex: Sex | null = role.sex === '' ? (sexSelectable(draft.roleCode) ? draft.sex : null) : role.sex;
  return { ...draft, roleCode: code, sex, name: auto ? (taken ? '' : role.roleName) : draft.name };
}

/** Keeps at most LIMITS.nicknameMax characters (code points, so no emoji is cut in half). */
export const clampName = (v: string) => Array.from(v).slice(0, LIMITS.nicknameMax).join('');

/** 确定 is disabled while the nickname is empty. */
export const canConfirm = (d: MemberDraft) => d.name.trim().length > 0;

export type DraftField = 'role' | 'name' | 'sex' | 'birthDate' | 'height' | 'weight';
export type DraftIssue =
  /** 请先选择角色 */
  | { field: 'role'; kind: 'missing' }
  /** 请选择 + the field */
  | { field: 'sex' | 'birthDate' | 'height' | 'weight'; kind: 'missing' }
  | { field: 'name'; kind: 'missing' | 'tooLong' }
  | { field: 'birthDate' | 'height' | 'weight'; kind: 'range' };

export const HEIGHT_MIN = LIMITS.heightMinCm;
export const HEIGHT_MAX = LIMITS.heightMaxCm;

export const validBirthDate = (s: string, today = todayIso()) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) && s >= LIMITS.birthDateMin && s <= today;
export const validHeight = (h: number) => Number.isInteger(h) && h >= HEIGHT_MIN && h <= HEIGHT_MAX;
export const validWeight = (w: number) => w >= LIMITS.weightMinKg && w <= LIMITS.weightMaxKg && Math.abs(Math.round(w * 10) - w * 10) < 1e-6;

/** The first thing missing or wrong, in the order of the form; null when it can be saved. */
export function draftIssue(d: MemberDraft, today = todayIso()): DraftIssue | null {
  if (!d.roleCode) return { field: 'role', kind: 'missing' };
  if (!d.name.trim()) return { field: 'name', kind: 'missing' };
  if (Array.from(d.name.trim()).length > LIMITS.nicknameMax) return { field: 'name', kind: 'tooLong' };
  if (!d.sex) return { field: 'sex', kind: 'missing' };
  if (!d.birthDate) return { field: 'birthDate', kind: 'missing' };
  if (!validBirthDate(d.birthDate, today)) return { field: 'birthDate', kind: 'range' };
  if (d.height === null) return { field: 'height', kind: 'missing' };
  if (!validHeight(d.height)) return { field: 'height', kind: 'range' };
  if (d.weight === null) return { field: 'weight', kind: 'missing' };
  if (!validWeight(d.weight)) return { field: 'weight', kind: 'range' };
  return null;
}

/** The save request of a complete draft of a family member (call after draftIssue is null). */
export function toSaveReq(d: MemberDraft): MemberSaveReq {
  const role = roleOf(d.roleCode);
  if (!role || !d.sex || !d.birthDate || d.height === null || d.weight === null) throw new Error('incomplete member draft');
  return {
    roleCode: role.roleCode,
    name: d.name.trim(),
    sex: role.sex === '' ? d.sex : role.sex,
    birthDate: d.birthDate,
    height: d.height,
    weight: d.weight,
    isDefault: d.isDefault ? 1 : 0,
  };
}

/** A form draft of an existing member. */
export function draftOf(m: Pick<MemberDetail, 'roleCode' | 'name' | 'sex' | 'birthDate' | 'height' | 'weight' | 'isDefault' | 'isSelf'>): MemberDraft {
  const code = m.isSelf ? SELF_ROLE.roleCode : (roleOf(m.roleCode)?.roleCode ?? null);
  return { roleCode: code, name: m.name, sex: m.sex, birthDate: m.birthDate, height: m.height, weight: m.weight, isDefault: m.isDefault === 1 };
}

/** The edit request: only what changed (the self member keeps its role). */
export function toEditReq(d: MemberDraft, m: MemberDetail): MemberEditReq {
  const req: MemberEditReq = { id: m.id };
  const name = d.name.trim();
  if (name !== m.name) req.name = name;
  if (d.sex && d.sex !== m.sex && sexSelectable(d.roleCode)) req.sex = d.sex;
  if (d.birthDate && d.birthDate !== m.birthDate) req.birthDate = d.birthDate;
  if (d.height !== null && d.height !== m.height) req.height = d.height;
  if (d.weight !== null && d.weight !== m.weight) req.weight = d.weight;
  if ((d.isDefault ? 1 : 0) !== m.isDefault) req.isDefault = d.isDefault ? 1 : 0;
  if (!m.isSelf && d.roleCode && !isSelfRole(d.roleCode) && d.roleCode !== m.roleCode) {
    req.roleCode = d.roleCode;
    // A role with a fixed sex brings it along.
    const fixed = roleOf(d.roleCode)?.sex;
    if (fixed) req.sex = fixed;
  }
  return req;
}

/** Whether the nickname must go through the audit and the duplicate check again. */
export const nameChanged = (d: MemberDraft, m: Pick<MemberDetail, 'name' | 'roleCode'> | null) => !m || d.name.trim() !== m.name || (d.roleCode !== null && !isSelfRole(d.roleCode) && d.roleCode !== m.roleCode);

// ---- picker values ----

export const HEIGHT_OPTIONS: readonly number[] = Array.from({ length: HEIGHT_MAX - HEIGHT_MIN + 1 }, (_, i) => HEIGHT_MIN + i);
const WEIGHT_INT_MIN = Math.floor(LIMITS.weightMinKg);
const WEIGHT_INT_MAX = Math.floor(LIMITS.weightMaxKg);
export const WEIGHT_INTS: readonly number[] = Array.from({ length: WEIGHT_INT_MAX - WEIGHT_INT_MIN + 1 }, (_, i) => WEIGHT_INT_MIN + i);

/** Tenths allowed after a whole number of kilograms: 0.2 kg is the least, 750.0 kg the most. */
export function weightTenths(whole: number): number[] {
  const lo = whole === WEIGHT_INT_MIN ? Math.round((LIMITS.weightMinKg - WEIGHT_INT_MIN) * 10) : 0;
  const hi = whole === WEIGHT_INT_MAX ? Math.round((LIMITS.weightMaxKg - WEIGHT_INT_MAX) * 10) : 9;
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

export const weightParts = (w: number): [number, number] => {
  const tenths = Math.round(w * 10);
  return [Math.floor(tenths / 10), tenths % 10];
};

/** Whole kilograms and tenths back to a weight, clamped into the allowed tenths. */
export function weightFromParts(whole: number, tenth: number): number {
  const allowed = weightTenths(whole);
  const t = Math.min(Math.max(tenth, allowed[0] ?? 0), allowed[allowed.length - 1] ?? 9);
  return (whole * 10 + t) / 10;
}

/** YYYY-MM-DD of a local date. */
export const isoOf = (d: Date) => todayIso(d);
/** Local midnight of a YYYY-MM-DD. */
export function dateOf(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y ?? 1990, (m ?? 1) - 1, d ?? 1);
}

/** Weight for display: 60 → "60", 60.5 → "60.5". */
export const formatWeight = (w: number) => String(Math.round(w * 10) / 10);
