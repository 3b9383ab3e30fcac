import { describe, expect, it } from 'vitest';
import { AuditService } from './audit.service.ts';
import { WORDS } from './words.ts';

const audit = new AuditService();

describe('sensitive-word filter', () => {
  it('blocks abusive nicknames and their variants', () => {
    for (const name of ['傻逼', '大傻逼', '傻*逼', '傻 逼', '傻.b', 'ＳＢ', 'SB', '煞笔', '草泥马', '他媽的', 'nmsl', 'f u c k', '婊子']) expect(audit.nicknameAllowed(name), name).toBe(false);
  });
  it('blocks names that pose as the service or authorities, and explicit or drug names', () => {
    for (const name of ['晓医客服', '官方小助手', '管理员', '网警', '冰毒哥', '约炮达人']) expect(audit.nicknameAllowed(name), name).toBe(false);
  });
  it('lets ordinary family nicknames through', () => {
    for (const name of ['妈妈', '爸爸', '老婆大人', '宝贝女儿', '小明', '张阿姨', 'Mia', 'Bob', 'Sbeth', '外婆', '大宝', '二宝', '老爸']) expect(audit.nicknameAllowed(name), name).toBe(true);
  });
  it('matches Latin words only as whole words', () => {
    expect(audit.nicknameAllowed('asbestos')).toBe(true);
    expect(audit.nicknameAllowed('sb123')).toBe(true);
    expect(audit.nicknameAllowed('hi sb')).toBe(false);
  });
  it('never blocks a health question about the body, self-harm or drugs (the engine triages those)', () => {
    for (const q of ['阴道出血怎么办', '最近总想死，怎么办', '吃了安眠药想自杀', '吸了大麻会怎样', '性交后出血正常吗', '祖传秘方能治高血压吗']) expect(audit.auditText(q).pass, q).toBe(true);
  });
  it('blocks abuse, pornography, violence, gambling and fraud in chat', () => {
    for (const q of ['你就是个傻逼', '哪里能买枪', '推荐个赌场', '约炮吗', '我想办假证']) expect(audit.auditText(q).pass, q).toBe(false);
  });
  it('keeps a list of real size with no empty or duplicated entries', () => {
    const all = Object.values(WORDS).flat();
    expect(all.length).toBeGreaterThan(300);
    expect(all.every((w) => w.trim().length > 0)).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });
});
