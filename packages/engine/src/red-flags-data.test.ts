import { describe, it, expect } from 'vitest';
import symptomsJson from '../data/symptoms.json' with { type: 'json' };
import redFlagsJson from '../data/red-flags.json' with { type: 'json' };
import { HISTORY_GROUPS, RED_FLAG_RULES, SIGNALS } from './red-flags.ts';
import { SYMPTOMS } from './symptoms.ts';
import { normalizeText } from './normalize.ts';
import { CONDITIONS } from './conditions.ts';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/u;
const YEAR = /(19|20)\d{2}/u;
const dupes = (xs: readonly string[]): string[] => xs.filter((x, i) => xs.indexOf(x) !== i);

describe('symptoms.json', () => {
  it('has at least 120 symptoms', () => {
    expect(SYMPTOMS.length).toBeGreaterThanOrEqual(120);
  });

  it('holds only the known fields', () => {
    const allowed = ['id', 'name', 'synonyms', 'bodySite', 'severe', 'implies', 'negatable', 'ask', 'redFlag', 'source'];
    for (const s of symptomsJson) {
      expect(Object.keys(s).filter((k) => !allowed.includes(k)), s.id).toEqual([]);
    }
  });

  it('gives every symptom a kebab-case id, a name, a body site and a dated source', () => {
    for (const s of SYMPTOMS) {
      expect(s.id).toMatch(KEBAB);
      expect(s.name.trim(), s.id).not.toBe('');
      expect(s.bodySite.trim(), s.id).not.toBe('');
      expect(s.source, s.id).toMatch(YEAR);
    }
  });

  it('has unique ids', () => {
    expect(dupes(SYMPTOMS.map((s) => s.id))).toEqual([]);
  });

  it('never gives two symptoms the same name or synonym', () => {
    const keys = SYMPTOMS.flatMap((s) => [...new Set([s.name, ...s.synonyms].map(normalizeText))].map((k) => `${k}`));
    expect(dupes(keys)).toEqual([]);
  });

  it('has synonyms that differ from the name and are simplified Chinese', () => {
    for (const s of SYMPTOMS) {
      for (const syn of s.synonyms) {
        expect(syn.trim(), s.id).not.toBe('');
        expect(normalizeText(syn), s.id).not.toBe(normalizeText(s.name));
        expect(normalizeText(syn), `${s.id}: ${syn}`).toBe(syn.toLowerCase());
      }
    }
  });

  it('implies only existing symptoms', () => {
    const ids = new Set(SYMPTOMS.map((s) => s.id));
    for (const s of SYMPTOMS) for (const i of s.implies) expect(ids.has(i), `${s.id} → ${i}`).toBe(true);
  });

  it('covers the common colloquial words', () => {
    const byKey = new Map(SYMPTOMS.flatMap((s) => [s.name, ...s.synonyms].map((k) => [k, s.id] as const)));
    expect(byKey.get('拉肚子')).toBe('diarrhea');
    expect(byKey.get('心口疼')).toBe('chest-pain');
    expect(byKey.get('胸口疼')).toBe('chest-pain');
    expect(byKey.get('嗓子疼')).toBe('sore-throat');
    expect(byKey.get('喉咙痛')).toBe('sore-throat');
    expect(byKey.get('发烧')).toBe('fever');
    expect(byKey.get('体温高')).toBe('fever');
    expect(byKey.get('头昏')).toBe('dizziness');
    expect(byKey.get('喘不上气')).toBe('dyspnea');
    expect(byKey.get('肚子疼')).toBe('abdominal-pain');
    expect(byKey.get('柏油样便')).toBe('melena');
    expect(byKey.get('吐血')).toBe('hematemesis');
  });
});

describe('red-flags.json', () => {
  const symptomIds = new Set(SYMPTOMS.map((s) => s.id));
  const signalIds = new Set(SIGNALS.map((s) => s.id));
  const historyIds = new Set(HISTORY_GROUPS.map((h) => h.id));

  it('has at least 40 rules, most of them emergencies', () => {
    expect(RED_FLAG_RULES.length).toBeGreaterThanOrEqual(40);
    expect(RED_FLAG_RULES.filter((r) => r.level === 'emergency').length).toBeGreaterThanOrEqual(40);
  });

  it('has unique ids across rules, signals, histories and symptoms', () => {
    expect(dupes(RED_FLAG_RULES.map((r) => r.id))).toEqual([]);
    expect(dupes(SIGNALS.map((s) => s.id))).toEqual([]);
    expect(dupes(HISTORY_GROUPS.map((h) => h.id))).toEqual([]);
    expect([...signalIds].filter((id) => symptomIds.has(id))).toEqual([]);
    for (const id of [...RED_FLAG_RULES.map((r) => r.id), ...signalIds, ...historyIds]) expect(id).toMatch(KEBAB);
  });

  it('holds only the known rule fields', () => {
    const allowed = ['id', 'name', 'level', 'require', 'age', 'child', 'sex', 'pregnant', 'pregnancyWeek', 'vitals', 'durationDays', 'history', 'acute', 'unless', 'atLeast', 'conditions', 'action', 'firstAid', 'department', 'source'];
    for (const r of redFlagsJson.rules) expect(Object.keys(r).filter((k) => !allowed.includes(k)), r.id).toEqual([]);
  });

  it('links rules only to existing conditions, each once', () => {
    const conditionIds = new Set(CONDITIONS.map((c) => c.id));
    for (const r of RED_FLAG_RULES) {
      const linked = r.conditions ?? [];
      expect(new Set(linked).size, r.id).toBe(linked.length);
      for (const id of linked) expect(conditionIds.has(id), `${r.id}: ${id}`).toBe(true);
    }
    // The breadth sweep's emergencies name their condition through these links.
    expect(RED_FLAG_RULES.find((r) => r.id === 'crush-injury')?.conditions).toEqual(['crush-syndrome']);
  });

  it('references only existing symptoms, signals and history groups', () => {
    for (const r of RED_FLAG_RULES) {
      for (const group of r.require) {
        expect(group.length, r.id).toBeGreaterThan(0);
        for (const item of group) {
          const id = item.replace(/\+severe$/u, '');
          expect(symptomIds.has(id) || signalIds.has(id), `${r.id}: ${item}`).toBe(true);
        }
      }
      for (const h of r.history ?? []) expect(historyIds.has(h), `${r.id}: ${h}`).toBe(true);
    }
  });

  it('gives every rule a condition, a name, an action, a department and a dated source', () => {
    for (const r of RED_FLAG_RULES) {
      expect(r.require.length > 0 || (r.vitals?.length ?? 0) > 0, r.id).toBe(true);
      expect(r.name.trim(), r.id).not.toBe('');
      expect(r.action.length, r.id).toBeGreaterThan(10);
      expect(r.department.trim(), r.id).not.toBe('');
      expect(r.source, r.id).toMatch(YEAR);
    }
  });

  it('starts every emergency action with calling 120', () => {
    for (const r of RED_FLAG_RULES.filter((x) => x.level === 'emergency')) expect(r.action, r.id).toMatch(/^立即拨打120/u);
  });

  it('has sane age bounds and vital thresholds', () => {
    for (const r of RED_FLAG_RULES) {
      const a = r.age;
      if (a) {
        expect(Object.values(a).every((v) => typeof v === 'number' && v >= 0), r.id).toBe(true);
        if (a.minMonths !== undefined && a.maxMonths !== undefined) expect(a.minMonths, r.id).toBeLessThanOrEqual(a.maxMonths);
      }
      for (const v of r.vitals ?? []) expect(Number.isFinite(v.value), r.id).toBe(true);
    }
  });

  it('compiles every signal and history pattern', () => {
    expect(SIGNALS.every((s) => s.patterns.length > 0)).toBe(true);
    expect(HISTORY_GROUPS.length).toBeGreaterThan(0);
  });

  it('covers every required emergency category', () => {
    const ids = new Set(RED_FLAG_RULES.filter((r) => r.level === 'emergency').map((r) => r.id));
    for (const id of [
      'acs-chest-pain-features', 'stroke-face', 'stroke-arm', 'stroke-speech', 'stroke-eyes', 'thunderclap-headache',
      'anaphylaxis-skin-airway', 'anaphylaxis-drug', 'meningism', 'suicidal-intent', 'self-harm', 'hematemesis', 'melena',
      'massive-hematochezia', 'pregnancy-bleeding', 'absent-fetal-movement', 'pre-eclampsia-symptoms', 'fluid-leakage',
      'ectopic-bleeding', 'infant-fever', 'child-lethargy', 'child-unable-to-feed', 'febrile-seizure', 'severe-dyspnea',
      'cyanosis', 'seizure-prolonged', 'unconscious', 'syncope-high-risk', 'major-trauma', 'severe-burn', 'poisoning',
      'hypoglycemia-severe', 'dka-breath', 'testicular-torsion', 'acute-abdomen-rigid', 'hypertensive-emergency',
      'heat-stroke', 'pulmonary-embolism', 'aortic-dissection', 'choking', 'cardiac-arrest',
    ]) {
      expect(ids.has(id), id).toBe(true);
    }
  });

  it('covers the context rules that make common symptoms dangerous', () => {
    const byId = new Map(RED_FLAG_RULES.map((r) => [r.id, r]));
    for (const id of [
      'acs-not-relieved', 'acs-rest', 'acs-atypical-diabetes', 'aortic-dissection-bp-difference', 'stroke-posterior', 'suicide-note',
      'suicide-farewell-behaviour', 'mushroom-poisoning', 'trauma-internal-bleeding', 'near-drowning-symptoms', 'shock-mottled-skin',
      'young-infant-danger-signs',
    ]) {
      const r = byId.get(id);
      expect(r?.level, id).toBe('emergency');
      expect(r?.action, id).toMatch(/^立即拨打120/u);
      expect(r?.source, id).toMatch(YEAR);
    }
    // Rest angina does not fire for a brief twinge that passed at once.
    expect(byId.get('acs-rest')?.unless).toContain('brief-episode');
    // Reproducible chest-wall tenderness is not the age-based ACS rule.
    expect(byId.get('acs-chest-pain-age')?.unless).toContain('chest-wall-tenderness');
  });

  it('matches the context signals on their own wording only', () => {
    const sig = (id: string) => SIGNALS.find((s) => s.id === id);
    const hit = (id: string, text: string): boolean => {
      const s = sig(id);
      if (!s) return false;
      const t = normalizeText(text);
      return s.patterns.some((re) => new RegExp(re.source, 'u').test(t)) && !(s.unless?.test(t) ?? false);
    };
    expect(hit('co-exposure', '屋里生着蜂窝煤炉子')).toBe(true);
    expect(hit('co-exposure', '帮邻居扛煤气罐上楼')).toBe(false);
    expect(hit('wild-mushroom', '在树林里摘了一篮菌子')).toBe(true);
    expect(hit('wild-mushroom', '超市买的香菇')).toBe(false);
    expect(hit('near-drowning', '在澡盆里呛了水')).toBe(true);
    expect(hit('near-drowning', '喝水太急呛到了')).toBe(false);
    expect(hit('mottled-skin', '两条腿上的皮肤发花')).toBe(true);
    expect(hit('mottled-skin', '背上长了花斑癣')).toBe(false);
    expect(hit('not-relieved', '闷了半个多小时还没减轻')).toBe(true);
    expect(hit('suicide-note', '语文作文写了一封告别信')).toBe(false);
    expect(hit('arm-bp-difference', '两边胳膊血压差了二十')).toBe(true);
  });
});
