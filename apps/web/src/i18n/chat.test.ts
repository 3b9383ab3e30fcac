import { describe, expect, it } from 'vitest';
import { CHAT_MSG, MSG, SKILLS } from '@chatdr/contract';
import { i18n, loadLanguage } from './index';
import { chatEn } from './chat.en';
import { chatZhCN } from './chat.zh-CN';
import './chat';
import './family';
import './media';

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ''): string[] => Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('chat strings', () => {
  it('English has every key of Chinese and no empty string', () => {
    const en = new Set(keys(chatEn as unknown as Tree));
    expect(keys(chatZhCN as unknown as Tree).filter((k) => !en.has(k))).toEqual([]);
    const values = (t: Tree): string[] => Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
    expect(values(chatEn as unknown as Tree).filter((v) => !v.trim())).toEqual([]);
  });

  it('takes the spec strings and skill names from contract', () => {
    expect(chatZhCN.chat.copied).toBe(MSG.copied);
    expect(chatZhCN.chat.status.cancelled).toBe('您取消了本次提问。');
    expect(chatZhCN.chat.sharePage.missing).toBe(CHAT_MSG.shareMissing);
    expect(SKILLS.map((s) => chatZhCN.chat.skill[s.code])).toEqual(SKILLS.map((s) => s.name));
    expect(Object.keys(chatEn.chat.skill).sort()).toEqual(SKILLS.map((s) => s.code).sort());
  });

  it('is added to i18n by the bundle module', () => {
    expect(i18n.t('chat.select.count', { lng: 'zh-CN', count: 3 })).toBe('已选 3/15');
    expect(i18n.t('chat.skill.zzzc', { lng: 'zh-CN' })).toBe('症状自查');
  });
});

describe('chat screens use only keys that exist', () => {
  it('every literal t(…) key of the chat and home files resolves in both languages', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '..');
    const files = [
      ...fs.readdirSync(path.join(root, 'features/chat')).filter((f) => f.endsWith('.tsx')).map((f) => path.join(root, 'features/chat', f)),
      path.join(root, 'features/home/ChatTab.tsx'),
      path.join(root, 'features/home/ChatInputBar.tsx'),
    ];
    const used = new Set<string>();
    for (const f of files) for (const m of fs.readFileSync(f, 'utf8').matchAll(/\bt\('([\w.]+)'/g)) used.add(m[1]!);
    expect(used.size).toBeGreaterThan(50);
    await loadLanguage('en'); // English is its own chunk, loaded on demand
    const missing = [...used].filter((k) => !i18n.exists(k, { lng: 'zh-CN' }) || !i18n.exists(k, { lng: 'en', fallbackLng: false }));
    expect(missing).toEqual([]);
  });
});
