import { describe, it, expect } from 'vitest';
import { NOW, m, kid, tri, rules } from './triage-test-kit.ts';
import { extract } from './extract.ts';

/**
 * Holdout18 round: a chemical (lime, cement, bleach, toilet cleaner …) in the eye, a major scald
 * (large area, deep signs, special sites, a child with many or palm-size blisters), and a nursing
 * mother's fever with breast signs (mastitis, urgent), whose "生完孩子一个月" is neither the baby's
 * age nor how long the fever has lasted. Every phrasing here is new (none is in an eval set); the
 * look-alikes must stay below emergency.
 */


describe('holdout18: a chemical in the eye', () => {
  it.each([
    ['刷墙的时候墙灰掉进眼睛里了 睁不开 一直流泪'],
    ['儿子拿生石灰玩 扬到眼睛里 眼睛通红'],
    ['洁厕灵不小心喷到眼睛 火辣辣的'],
    ['修电动车电瓶液溅到眼里了'],
    ['疏通下水道的时候那个管道疏通剂崩进眼睛'],
    ['眼睛里迷了水泥灰 磨得慌'],
  ] as const)('%s → emergency with flushing first', (text) => {
    const r = tri(text);
    expect(r.level).toBe('emergency');
    expect(rules(text)).toContain('eye-chemical');
    expect(r.actions.join('')).toMatch(/清水.*15–20分钟/u);
  });
  it('sand, dust or an old person rubbing the eyes stays below emergency', () => {
    expect(tri('骑车的时候沙子迷了眼睛 有点磨 流了点眼泪').level).not.toBe('emergency');
    expect(tri('扫地灰尘进眼睛了 揉了揉有点红').level).not.toBe('emergency');
    expect(tri('我爸84岁了 老揉眼睛 眼睛红', m(84)).level).not.toBe('emergency');
    expect(tri('最近眼睛酸 进了风就流泪').level).not.toBe('emergency');
  });
});

describe('holdout18: a major scald', () => {
  it.each([
    ['两岁宝宝扯桌布 煮开的一锅粥翻下来 浇到肚子和大腿上 起了一片片水泡', kid(2)],
    ['孩子被热汤烫了 胳膊上的水泡比巴掌还大', kid(5)],
    ['我老公炸东西热油泼到脸上了 起了大水泡', m(40)],
    ['开水浇到半边身子 皮都掉了', m(35)],
    ['暖瓶倒了烫到腿 有的地方皮肤发白 摸着也不怎么疼', m(50, 'F')],
  ] as const)('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });
  it('the scald action says cool water and no toothpaste', () => {
    const r = tri('孩子被热汤烫了 胳膊上的水泡比巴掌还大', kid(5));
    expect(r.actions.join('')).toMatch(/凉水[\s\S]*15–20分钟/u);
    expect(r.actions.join('')).toMatch(/牙膏/u);
  });
  it('a small finger burn with a small blister stays below emergency', () => {
    expect(tri('做饭手指头被锅沿烫了一下 起了个小水泡', m(30, 'F')).level).not.toBe('emergency');
    expect(tri('孩子手指碰了下热水杯 烫红了 起了个小泡', kid(6)).level).not.toBe('emergency');
    expect(tri('脸上晒得发红 有点脱皮', m(25)).level).not.toBe('emergency');
  });
});

describe('holdout18: a nursing mother, not the newborn', () => {
  it('生完孩子一个月 is neither an age nor the length of the fever', () => {
    expect(extract('生完孩子一个月 发烧38.8', NOW).age).toBeNull();
    expect(extract('刚生了宝宝十天 发烧38.5', NOW).age).toBeNull();
    expect(extract('孩子一个月 发烧38.2', NOW).age?.months).toBe(1);
  });
  it.each([
    ['生完宝宝二十天 右边奶子又红又肿 摸着烫 烧到39度'],
    ['产后一个多月 喂奶疼得厉害 胸部有个硬块 发烧38.6 发冷'],
  ] as const)('%s → urgent mastitis (乳腺外科), no neonatal rule', (text) => {
    const r = tri(text, m(29, 'F'));
    expect(r.level).toBe('urgent');
    expect(rules(text, m(29, 'F'))).toContain('mastitis-fever');
    expect(rules(text, m(29, 'F'))).not.toContain('infant-fever');
  });
  it('a one-month-old baby with fever is still an emergency', () => {
    expect(tri('孩子一个月 发烧38.2').level).toBe('emergency');
    expect(tri('宝宝出生二十天 发烧38度').level).toBe('emergency');
  });
});

describe('holdout18: reduced fetal movements without a subject, spreading skin redness with fever', () => {
  it('a pregnant woman counting few movements is urgent before term, emergency at term', () => {
    expect(rules('怀孕30周 这一下午觉得动得比平时少 数了一个钟头只动了两下', m(28, 'F'))).toContain('decreased-fetal-movement');
    expect(tri('怀孕39周 今天感觉动得明显少了', m(30, 'F')).level).toBe('emergency');
  });
  it('moving less (exercise, a weak hand) is not fetal movement', () => {
    expect(rules('最近运动得少了 感觉动得比以前少 胖了', m(30, 'F'))).not.toContain('decreased-fetal-movement');
  });
  it('redness that spreads and feels hot, with fever, is urgent (cellulitis)', () => {
    expect(rules('脚背上被划了一下 现在红肿的范围越来越大 摸着发烫 今天低烧', m(45))).toContain('cellulitis-fever');
    expect(rules('孩子出疹子 红了一片 发烧38.5', kid(3))).not.toContain('cellulitis-fever');
  });
});
