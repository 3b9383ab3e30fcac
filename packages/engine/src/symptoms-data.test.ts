import { describe, it, expect } from 'vitest';
import { CONDITIONS } from './conditions.ts';
import { RED_FLAG_RULES, SIGNALS } from './red-flags.ts';
import { normalizeText } from './normalize.ts';
import symptomsJson from '../data/symptoms.json' with { type: 'json' };
import { SYMPTOMS, SYMPTOM_PHRASES, symptomById } from './symptoms.ts';

const BODY_SITES = new Set([
  '全身', '神经', '精神', '头部', '面部', '颈部', '眼', '耳', '鼻', '咽喉', '口腔', '呼吸', '胸部', '胸背部', '腹部', '消化',
  '泌尿', '女性生殖', '男性生殖', '乳房', '腰部', '四肢', '下肢', '皮肤',
]);

/** A guideline or textbook with its year, or a drug label / 药典. */
const SOURCE = /(《[^》]+》|指南|共识|方案|说明书|药典).*(19|20)\d\d|说明书|药典/u;

describe('symptom data', () => {
  it('has at least 300 symptoms', () => {
    expect(SYMPTOMS.length).toBeGreaterThanOrEqual(300);
  });

  it('has unique kebab-case ids', () => {
    const ids = SYMPTOMS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/u);
  });

  it('maps every phrase (name or synonym, normalised) to one symptom only', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const s of SYMPTOMS) {
      for (const phrase of [s.name, ...s.synonyms]) {
        const key = normalizeText(phrase);
        expect(key, s.id).not.toBe('');
        const other = owner.get(key);
        if (other !== undefined) clashes.push(`${phrase}: ${other} / ${s.id}`);
        else owner.set(key, s.id);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('gives every symptom a yes/no question, a body site and a source', () => {
    for (const s of SYMPTOMS) {
      expect(s.name.trim(), s.id).not.toBe('');
      expect(s.ask, s.id).toMatch(/^\S.*？$/u);
      expect(s.ask.length, s.id).toBeGreaterThan(4);
      expect(BODY_SITES, `${s.id}: ${s.bodySite}`).toContain(s.bodySite);
      expect(s.source, s.id).toMatch(SOURCE);
      if (s.redFlag !== undefined) expect(s.redFlag.trim(), s.id).not.toBe('');
    }
  });

  it('gives every symptom colloquial synonyms and most symptoms a red flag', () => {
    for (const s of SYMPTOMS) {
      expect(s.synonyms.length, s.id).toBeGreaterThanOrEqual(1);
      expect(s.synonyms.length, s.id).toBeLessThanOrEqual(60);
    }
    const withRedFlag = SYMPTOMS.filter((s) => s.redFlag !== undefined).length;
    expect(withRedFlag / SYMPTOMS.length).toBeGreaterThan(0.8);
  });

  it('implies only existing, different symptoms', () => {
    for (const s of SYMPTOMS) {
      for (const id of s.implies) {
        expect(symptomById(id), `${s.id} → ${id}`).toBeDefined();
        expect(id).not.toBe(s.id);
      }
    }
  });

  it('asks the doctor questions users can answer (examples)', () => {
    expect(symptomById('fever')?.ask).toBe('有没有发烧？');
    expect(symptomById('melena')?.ask).toContain('柏油');
    expect(symptomById('headache')?.redFlag).toContain('急诊');
    expect(symptomById('heartburn')?.synonyms).toContain('反酸');
  });
});

describe('references to symptoms', () => {
  it('every condition symptom id exists and weights are in (0, 1]', () => {
    for (const c of CONDITIONS) {
      const ids = c.symptoms.map((s) => s.id);
      expect(new Set(ids).size, c.id).toBe(ids.length);
      for (const s of c.symptoms) {
        expect(symptomById(s.id), `${c.id} → ${s.id}`).toBeDefined();
        expect(s.weight, `${c.id} → ${s.id}`).toBeGreaterThan(0);
        expect(s.weight, `${c.id} → ${s.id}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('every red-flag item is a symptom or a signal', () => {
    const signals = new Set(SIGNALS.map((s) => s.id));
    for (const rule of RED_FLAG_RULES) {
      for (const group of rule.require) {
        for (const item of group) {
          const id = item.replace(/\+severe$/u, '');
          expect(symptomById(id) !== undefined || signals.has(id), `${rule.id} → ${item}`).toBe(true);
        }
      }
    }
  });

  it('links the new symptoms into the conditions they are key to', () => {
    const weight = (condition: string, symptom: string): number | undefined =>
      CONDITIONS.find((c) => c.id === condition)?.symptoms.find((s) => s.id === symptom)?.weight;
    expect(weight('bph', 'weak-stream')).toBeGreaterThanOrEqual(0.6);
    expect(weight('osa', 'snoring')).toBeGreaterThanOrEqual(0.6);
    expect(weight('menopause', 'hot-flashes')).toBeGreaterThanOrEqual(0.6);
    expect(weight('rheumatoid-arthritis', 'morning-stiffness')).toBeGreaterThanOrEqual(0.6);
    expect(weight('plantar-fasciitis', 'heel-pain')).toBeGreaterThanOrEqual(0.6);
    expect(weight('hiccup', 'hiccup')).toBeGreaterThanOrEqual(0.6);
    expect(weight('cheilitis', 'chapped-lips')).toBeGreaterThanOrEqual(0.6);
    expect(weight('heat-stroke', 'anhidrosis')).toBeGreaterThanOrEqual(0.5);
    expect(weight('bells-palsy', 'incomplete-eye-closure')).toBeGreaterThanOrEqual(0.6);
    expect(weight('autism', 'social-communication-deficit')).toBeGreaterThanOrEqual(0.6);
    expect(weight('cervical-cancer', 'postcoital-bleeding')).toBeGreaterThanOrEqual(0.6);
    const linked = new Set(CONDITIONS.flatMap((c) => c.symptoms.map((s) => s.id)));
    expect(linked.size).toBeGreaterThanOrEqual(200);
  });
});

describe('symptom-phrases.json (extra colloquial phrasings)', () => {
  it('adds phrases only to existing symptoms, each entry with a dated source', () => {
    expect(SYMPTOM_PHRASES.length).toBeGreaterThanOrEqual(20);
    for (const p of SYMPTOM_PHRASES) {
      expect(symptomById(p.id), p.id).toBeDefined();
      expect(p.source, p.id).toMatch(SOURCE);
      expect(p.synonyms.length, p.id).toBeGreaterThan(0);
      for (const w of p.synonyms) expect(normalizeText(w), `${p.id}: ${w}`).toBe(w);
    }
  });

  it('never repeats a phrase another symptom already owns (it would be dropped)', () => {
    const owner = new Map<string, string>();
    for (const s of symptomsJson) for (const w of [s.name, ...s.synonyms]) owner.set(w, s.id);
    const clashes: string[] = [];
    for (const p of SYMPTOM_PHRASES) {
      for (const w of p.synonyms) {
        const o = owner.get(w);
        if (o !== undefined && o !== p.id) clashes.push(`${w}: ${o} / ${p.id}`);
        else owner.set(w, p.id);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('merges the phrases into the symptoms the extractor reads', () => {
    expect(symptomById('confusion')?.synonyms).toContain('前言不搭后语');
    expect(symptomById('oliguria')?.synonyms).toContain('尿不湿是干的');
    expect(symptomById('ataxia')?.synonyms).toContain('走路往一边偏');
    const json = symptomsJson.find((s) => s.id === 'confusion');
    expect(symptomById('confusion')?.synonyms.slice(0, json?.synonyms.length)).toEqual(json?.synonyms);
  });
});
