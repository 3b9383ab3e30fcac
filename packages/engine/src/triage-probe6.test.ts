import { describe, it, expect } from 'vitest';
import { m, tri } from './triage-test-kit.ts';

/**
 * Probe6 round: self-written emergencies over ~50 conditions, phrased as anxious users type them.
 * The ones that were below emergency before this round are pinned with their rule: uncontrolled
 * bleeding on an anticoagulant, a persisting cough after being pulled out of water, a urinary stone
 * with fever and rigors, lithium and digoxin toxicity, a crushed chest with breathlessness, a
 * dialysis patient's "心跳乱" with weakness, collapse after summer work in the heat. Look-alikes stay
 * below emergency.
 */


describe('probe6: emergencies that were missed', () => {
  it.each([
    ['我爸一直吃华法林 今天流鼻血止不住 捏了半小时还在往外冒 毛巾都湿透了', 70, 'anticoagulant-bleeding-uncontrolled'],
    ['一直吃阿司匹林 牙龈出血止不住 身上好多乌青', 68, 'anticoagulant-bleeding-uncontrolled'],
    ['孩子刚才掉河里捞上来了 当时没事 现在一直咳 呼吸有点快', 6, 'near-drowning-symptoms'],
    ['我只有一个肾 现在有结石 腰疼 发烧39度还打寒战', 50, 'obstructive-pyelonephritis'],
    ['一直吃碳酸锂 这几天手抖得厉害 走路不稳 拉肚子', 35, 'lithium-toxicity'],
    ['我爸吃地高辛 这两天恶心 看东西发黄 心跳很慢', 75, 'digoxin-toxicity'],
    ['在工地被铁钉扎穿了脚 还有被钢筋砸了胸口 现在喘不上气', 40, 'chest-trauma-dyspnea'],
    ['我妈做完透析回来 全身没力气 手脚发麻 心跳乱', 65, 'hyperkalemia-dialysis-irregular'],
    ['夏天在工地干活 突然晕倒了 身上烫得很 不出汗', 45, 'heat-stroke'],
  ] as const)('%s → emergency', (text, age, rule) => {
    const r = tri(text, m(age));
    expect(r.level).toBe('emergency');
    expect(r.matched.map((x) => x.ruleId)).toContain(rule);
  });
});

describe('probe6: emergencies already caught (kept)', () => {
  it.each([
    ['家里着火了我妈跑出来 现在声音嘶哑 鼻毛都烧焦了 痰是黑的', 55],
    ['娃娃脸上被狗咬了一大口 血一直流 按不住', 4],
    ['切菜把手指头切掉了一截 掉下来了 怎么办', 35],
    ['骑车摔了 小腿骨头都戳出来了 看得到白的', 28],
    ['我爸从梯子上摔下来 背着地 现在两条腿没知觉动不了', 60],
    ['儿子15岁 半夜突然蛋蛋疼得厉害 还吐了', 15],
    ['那个硬了四个多小时下不去 很痛 怎么办', 30],
    ['孩子吞了好几颗磁铁珠子 现在肚子疼', 3],
    ['小孩偷喝了84消毒液 嘴巴里面都红了 一直哭', 2],
    ['刚才同房的时候突然头像炸开一样疼 从来没这么疼过', 45],
    ['我奶奶早上起来右眼突然啥都看不见了 不疼', 78],
    ['牙疼好几天 现在下巴底下肿得很硬 脖子也肿 舌头抬起来了 说话含糊', 40],
    ['喉咙疼得要命 口水咽不下去一直流 躺下就喘不上气 只能坐着', 35],
    ['我弟想不开 上吊被我们救下来了 脖子上有勒痕 声音哑了', 22],
    ['一直吃碳酸锂 最近走路不稳 说话也不太清楚', 40],
    ['吃着洋地黄 这两天看东西都是黄绿色的', 80],
    ['输尿管结石 今天发烧38.8 一阵一阵打寒战', 45],
  ] as const)('%s → emergency', (text, age) => {
    expect(tri(text, m(age)).level).toBe('emergency');
  });
});

describe('probe6: look-alikes stay below emergency', () => {
  it.each([
    ['流鼻血了 捏了十分钟就止住了', 30],
    ['吃华法林 刷牙牙龈出一点血 一会儿就好了', 65],
    ['吃阿司匹林 手划破了 按了一会儿就不流了', 60],
    ['肾结石 腰有点酸 没发烧', 45],
    ['吃碳酸锂 手有点抖', 35],
    ['吃地高辛 最近有点恶心', 70],
    ['胸口被篮球撞了一下 有点疼', 20],
    ['孩子在泳池呛了口水 现在玩得很好', 7],
    ['夏天在工地干活 有点累 出了好多汗', 40],
    ['被家里的狗轻轻咬了一下手 破了点皮 打过疫苗', 30],
    ['打羽毛球扭了脚 肿了 能走路', 25],
    ['怀孕两个月 早上吐 能吃一点东西', 27],
  ] as const)('%s → below emergency', (text, age) => {
    expect(tri(text, m(age)).level).not.toBe('emergency');
  });
});
