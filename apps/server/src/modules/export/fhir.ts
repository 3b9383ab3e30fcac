import type { AccountData, ExportIndicator, ExportMember } from './export.store.ts';

/**
 * The account's data as a FHIR R4 (4.0.1) Bundle of type collection: each family member a
 * Patient (the account holder's own profile first), the others also a RelatedPerson of the holder;
 * diseases → Condition, allergies → AllergyIntolerance, medicine records and reminder plans →
 * MedicationStatement, indicators → Observation (LOINC, UCUM), report readings → DiagnosticReport,
 * uploaded files → DocumentReference pointing at the file inside the archive.
 */
export type Resource = { resourceType: string; id: string } & Record<string, unknown>;
export interface Bundle {
  resourceType: 'Bundle';
  id: string;
  type: 'collection';
  timestamp: string;
  entry: Array<{ fullUrl: string; resource: Resource }>;
}

/** v3 RoleCode of a family role (http://terminology.hl7.org/CodeSystem/v3-RoleCode). */
const RELATION: Record<string, { code: string; display: string }> = {
  ROLE_1000: { code: 'FTH', display: 'father' },
  ROLE_1100: { code: 'MTH', display: 'mother' },
  ROLE_2000: { code: 'HUSB', display: 'husband' },
  ROLE_2100: { code: 'WIFE', display: 'wife' },
  ROLE_3000: { code: 'SONC', display: 'son' },
  ROLE_3100: { code: 'DAUC', display: 'daughter' },
  boy: { code: 'SONC', display: 'son' },
  girl: { code: 'DAUC', display: 'daughter' },
};
const FAMILY_MEMBER = { code: 'FAMMEMB', display: 'family member' };

/** LOINC codes and UCUM units of the indicator types. */
const VITAL: Record<string, { loinc: string; display: string; ucum: string }> = {
  weight: { loinc: '29463-7', display: 'Body weight', ucum: 'kg' },
  height: { loinc: '8302-2', display: 'Body height', ucum: 'cm' },
  glucose: { loinc: '2339-0', display: 'Glucose [Mass/volume] in Blood', ucum: 'mmol/L' },
  temperature: { loinc: '8310-5', display: 'Body temperature', ucum: 'Cel' },
  heartRate: { loinc: '8867-4', display: 'Heart rate', ucum: '/min' },
  spo2: { loinc: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry', ucum: '%' },
};
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';

const pid = (memberId: number) => `member-${memberId}`;
const ref = (memberId: number) => ({ reference: `Patient/${pid(memberId)}` });
const text = (s: string) => ({ text: s });
const iso = (d: Date) => d.toISOString();
/** FHIR decimals are JSON numbers; reals are kept to 2 places. */
const dec = (n: number) => Math.round(n * 100) / 100;

function patient(m: ExportMember, phone: string | null): Resource {
  return {
    resourceType: 'Patient',
    id: pid(m.id),
    active: true,
    name: [{ text: m.name }],
    ...(m.sex === 'M' ? { gender: 'male' } : m.sex === 'F' ? { gender: 'female' } : { gender: 'unknown' }),
    ...(m.birthDate ? { birthDate: m.birthDate } : {}),
    ...(phone ? { telecom: [{ system: 'phone', value: phone, use: 'mobile' }] } : {}),
  };
}

function observation(i: ExportIndicator): Resource {
  const base = { resourceType: 'Observation', id: `indicator-${i.id}`, status: 'final', subject: ref(i.memberId), effectiveDateTime: iso(i.measuredAt) };
  if (i.type === 'bloodPressure') {
    return {
      ...base,
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }] }],
      code: { coding: [{ system: LOINC, code: '85354-9', display: 'Blood pressure panel with all children optional' }], text: '血压' },
      component: [
        { code: { coding: [{ system: LOINC, code: '8480-6', display: 'Systolic blood pressure' }] }, valueQuantity: { value: dec(i.value), unit: 'mmHg', system: UCUM, code: 'mm[Hg]' } },
        ...(i.value2 !== null ? [{ code: { coding: [{ system: LOINC, code: '8462-4', display: 'Diastolic blood pressure' }] }, valueQuantity: { value: dec(i.value2), unit: 'mmHg', system: UCUM, code: 'mm[Hg]' } }] : []),
        ...(i.pulse !== null ? [{ code: { coding: [{ system: LOINC, code: '8867-4', display: 'Heart rate' }] }, valueQuantity: { value: dec(i.pulse), unit: '/min', system: UCUM, code: '/min' } }] : []),
      ],
    };
  }
  const v = VITAL[i.type];
  if (v) {
    return {
      ...base,
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }] }],
      code: { coding: [{ system: LOINC, code: v.loinc, display: v.display }] },
      valueQuantity: { value: dec(i.value), unit: i.unit || v.ucum, system: UCUM, code: v.ucum },
    };
  }
  // A lab item read from a report ('lab.<name>'): its own name and unit, no code we can vouch for.
  return {
    ...base,
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] }],
    code: text(i.type.startsWith('lab.') ? i.type.slice(4) : i.type),
    valueQuantity: { value: dec(i.value), ...(i.unit ? { unit: i.unit } : {}) },
  };
}

/** The file name a media row has inside the archive. */
export const archivePath = (m: { id: string; fileName: string }) => `files/${m.id}-${m.fileName.replace(/[^\p{L}\p{N}._-]/gu, '_')}`;

export function toFhirBundle(d: AccountData, now: Date): Bundle {
  const self = d.members.find((m) => m.isSelf) ?? d.members[0];
  const out: Resource[] = [];
  for (const m of d.members) out.push(patient(m, m === self ? d.user.phone : null));
  if (self) {
    for (const m of d.members) {
      if (m === self) continue;
      const rel = RELATION[m.roleCode] ?? FAMILY_MEMBER;
      out.push({
        resourceType: 'RelatedPerson',
        id: `related-${m.id}`,
        active: true,
        patient: ref(self.id),
        relationship: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode', code: rel.code, display: rel.display }], text: m.roleName }],
        name: [{ text: m.name }],
        ...(m.sex === 'M' ? { gender: 'male' } : m.sex === 'F' ? { gender: 'female' } : {}),
        ...(m.birthDate ? { birthDate: m.birthDate } : {}),
      });
    }
  }
  for (const r of d.records) {
    if (r.type === 'disease') {
      out.push({ resourceType: 'Condition', id: `record-${r.id}`, subject: ref(r.memberId), code: text(r.name), category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'problem-list-item' }] }], recordedDate: iso(r.createdAt) });
    } else if (r.type === 'allergy') {
      out.push({ resourceType: 'AllergyIntolerance', id: `record-${r.id}`, patient: ref(r.memberId), code: text(r.name), recordedDate: iso(r.createdAt) });
    } else if (r.type === 'medicine') {
      out.push({ resourceType: 'MedicationStatement', id: `record-${r.id}`, status: 'unknown', subject: ref(r.memberId), medicationCodeableConcept: text(r.name), dateAsserted: iso(r.createdAt) });
    }
  }
  for (const p of d.plans) {
    const ended = p.endDate !== null && p.endDate < now.toISOString().slice(0, 10);
    out.push({
      resourceType: 'MedicationStatement',
      id: `plan-${p.id}`,
      status: ended ? 'completed' : 'active',
      subject: ref(p.memberId),
      medicationCodeableConcept: text(p.medicineName),
      effectivePeriod: { start: p.startDate, ...(p.endDate ? { end: p.endDate } : {}) },
      dateAsserted: iso(p.createdAt),
      dosage: [{ text: `${dec(p.dose)} ${p.doseUnit} · ${p.times.join(', ')}`, timing: { repeat: { timeOfDay: p.times.map((t) => `${t}:00`), ...(p.cycleType === 'interval' && p.intervalDays ? { frequency: 1, period: p.intervalDays, periodUnit: 'd' } : { frequency: p.times.length, period: 1, periodUnit: 'd' }) } } }],
      ...(p.note ? { note: [{ text: p.note }] } : {}),
    });
  }
  for (const i of d.indicators) out.push(observation(i));
  const mediaById = new Map(d.media.map((m) => [m.id, m]));
  for (const r of d.reports) {
    const file = mediaById.get(r.inputMediaId);
    const summary = typeof r.result?.summary === 'string' ? r.result.summary : null;
    out.push({
      resourceType: 'DiagnosticReport',
      id: `report-${r.id.replace(/[^A-Za-z0-9.-]/g, '-').slice(0, 56)}`,
      status: r.status === 4 ? 'final' : r.status === 98 ? 'cancelled' : 'partial',
      code: text(r.name),
      subject: ref(r.memberId),
      issued: iso(r.finishedAt ?? r.createdAt),
      ...(summary ? { conclusion: summary } : {}),
      ...(file ? { presentedForm: [{ contentType: file.mime, url: archivePath(file), title: file.fileName }] } : {}),
    });
  }
  for (const f of d.media) {
    out.push({
      resourceType: 'DocumentReference',
      id: `file-${f.id.replace(/[^A-Za-z0-9.-]/g, '-').slice(0, 58)}`,
      status: 'current',
      ...(self ? { subject: ref(self.id) } : {}),
      date: iso(f.createdAt),
      description: f.kind === 'feedback' ? '意见反馈图片' : f.fileType === 'pdf' ? 'PDF 文件' : '图片',
      content: [{ attachment: { contentType: f.mime, url: archivePath(f), title: f.fileName, size: f.size, creation: iso(f.createdAt) } }],
    });
  }
  return {
    resourceType: 'Bundle',
    id: `export-${d.user.id}-${now.getTime()}`,
    type: 'collection',
    timestamp: iso(now),
    entry: out.map((resource) => ({ fullUrl: `urn:chatdr:${resource.resourceType}/${resource.id}`, resource })),
  };
}
