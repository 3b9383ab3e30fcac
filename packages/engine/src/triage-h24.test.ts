import { describe, it, expect } from 'vitest';
import { m, kid, tri } from './triage-test-kit.ts';

/**
 * Holdout24 round: saddle numbness with retention even after years of back trouble (cauda equina),
 * coughed blood by the 大半杯, fever during chemotherapy said 在做…化疗/刚打完第三次, a child who got at a
 * grandparent's pills with the pills named far from the child, 一板多 tablets swallowed, a stove burning
 * in the room (烧的炉子) with a household all unwell — and a carer who gave a normal dose is not a
 * poisoning. Every phrasing is new.
 */

describe('holdout24: emergencies', () => {
  it.each([
    ['腰椎间盘突出十来年了 今天屁股一圈都木了 尿也尿不出来', m(55)],
    ['老肺结核了 刚才咳了一大半杯的血', m(62)],
    ['我在做肺癌化疗 前天刚打完第二次 现在发烧38.2', m(60)],
    ['孩子4岁 在外婆家柜子里翻出一瓶降糖药 格列齐特 不知道吃了几片', kid(4)],
    ['儿子16 跟女朋友分手 吞了一板多安眠药', m(16)],
    ['老家屋里烧着炉子睡的觉 早上起来全家都头晕想吐', m(40)],
  ] as const)('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });
});

describe('holdout24: look-alikes', () => {
  it.each([
    ['孩子3岁 发烧39度 刚才给他吃了一片小儿退烧药 多久能退', kid(3)],
    ['宝宝两岁 拉肚子 给他喂了一袋蒙脱石散', kid(2)],
    ['腰突好几年了 久坐后腰酸 腿有点麻', m(45)],
    ['化疗结束两年了 复查都正常 想问能不能吃海参', m(55, 'F')],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});
