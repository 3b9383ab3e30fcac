import type { MemberContext, RecordCheckWarning, RecordInput } from '@chatdr/contract';
import { lookup, medicationAdvice, type DrugEntry, type MedicationWarning } from '@chatdr/engine';

/** Warning kinds that concern the person (not a generic note such as alcohol or the usual dose). */
const PERSONAL: ReadonlySet<MedicationWarning['kind']> = new Set(['allergy', 'contraindication', 'pregnancy', 'lactation', 'interaction', 'age', 'duplicate']);

function warningsFor(drug: DrugEntry, member: MemberContext): MedicationWarning[] {
  const advice = medicationAdvice(drug, {
    question: '',
    member,
    pregnant: member.pregnant,
    pregnancyWeek: member.pregnancyWeek,
    ageYears: member.age,
    weightKg: member.weightKg,
    alcohol: false,
  });
  return advice.warnings.filter((w) => PERSONAL.has(w.kind) && w.severity !== 'minor');
}

const drugOf = (name: string): DrugEntry | undefined => lookup(name.trim(), 'drug');
const withoutMedicine = (m: MemberContext, name: string): MemberContext => ({ ...m, medicines: m.medicines.filter((x) => x.name.trim() !== name.trim()) });

/**
 * Checks records about to be added to a member's profile against the rest of that profile, with
 * the engine's drug facts: a new medicine against the allergies (class included: 青霉素类 covers
 * 阿莫西林), conditions, pregnancy, age and the other medicines (interactions); a new allergy or
 * condition against the medicines already on file. Nothing is stored; the form shows the warnings.
 */
export function checkRecords(member: MemberContext, inputs: readonly RecordInput[]): RecordCheckWarning[] {
  const out: RecordCheckWarning[] = [];
  const push = (w: RecordCheckWarning) => {
    if (!out.some((x) => x.text === w.text)) out.push(w);
  };
  for (const i of inputs) {
    const name = i.name.trim();
    if (i.type === 'medicine') {
      const drug = drugOf(name);
      if (!drug) continue;
      for (const w of warningsFor(drug, withoutMedicine(member, name))) push({ type: i.type, name, kind: w.kind, severity: w.severity === 'major' ? 'major' : 'moderate', text: w.text });
    } else if (i.type === 'allergy' || i.type === 'disease') {
      const next: MemberContext = i.type === 'allergy'
        ? { ...member, allergies: [...member.allergies, { name, code: i.code ?? null, type: null }] }
        : { ...member, diseases: [...member.diseases, { name, code: i.code ?? null, ongoing: true }] };
      for (const med of member.medicines) {
        const drug = drugOf(med.name);
        if (!drug) continue;
        const before = new Set(warningsFor(drug, withoutMedicine(member, med.name)).map((w) => w.text));
        for (const w of warningsFor(drug, withoutMedicine(next, med.name))) {
          if (before.has(w.text)) continue;
          push({ type: i.type, name, kind: w.kind, severity: w.severity === 'major' ? 'major' : 'moderate', text: `正在服用的${med.name}：${w.text}` });
        }
      }
    }
  }
  return out;
}
