import { DOSE_UNIT_LABEL, MEAL_LABEL, PUSH_TYPE_USER_REMIND, type MealTiming, type Notice, type RemindRecord } from '@chatdr/contract/remind/schemas';
import type { DoseUnit } from '@chatdr/contract';
import type { PlanRow, RecordRow } from './remind.store.ts';

const num = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100));

/** '1片 · 饭后' */
export function doseText(p: Pick<PlanRow, 'dose' | 'doseUnit' | 'meal'>): string {
  const unit = DOSE_UNIT_LABEL[p.doseUnit as DoseUnit] ?? p.doseUnit;
  const meal = MEAL_LABEL[p.meal as MealTiming] ?? '';
  return [p.doseUnit === 'none' ? '' : `${num(p.dose)}${unit}`, meal].filter(Boolean).join(' · ') || '按时服用';
}

export function recordOut(r: RecordRow): RemindRecord {
  return {
    id: r.id,
    planId: r.planId,
    userInfoId: r.memberId,
    type: r.type === 2 ? 2 : 1,
    name: r.name,
    detail: r.detail,
    remindDate: r.localDate,
    remindTime: r.localTime,
    dueAt: r.dueAt.toISOString(),
    status: r.status,
    readFlag: r.readFlag,
    actedAt: r.actedAt?.toISOString() ?? null,
  };
}

export function noticeOf(r: RecordRow): Notice {
  return {
    id: r.id,
    pushType: PUSH_TYPE_USER_REMIND,
    title: r.title ?? '',
    content: r.content ?? '',
    extra: { type: r.type, userId: r.memberId, recordId: r.id },
    readFlag: r.readFlag,
    createTime: (r.notifiedAt ?? r.createdAt).toISOString(),
  };
}
