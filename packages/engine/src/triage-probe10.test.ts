import { describe, it, expect } from 'vitest';
import { m, tri, rules } from './triage-test-kit.ts';

/**
 * Probe10 round: 40 emergencies and 20 look-alikes written as phone messages before the engine saw them
 * (writers who explain the danger away — 应该是吃坏了吧, 是不是累的, 老毛病了, 睡一觉就好吧, 不想麻烦孩子 — a danger
 * detail in the middle of a long message, elders living alone, pregnant and postpartum women, infants under
 * three months, and drug emergencies: warfarin, insulin, lithium, digoxin, methotrexate, clozapine, opioids).
 * New mechanisms: postpartum fever with two of foul lochia, abdominal pain or rigors (`puerperal-sepsis`);
 * an opioid with two of hard to rouse, slow or shallow breathing, pinpoint pupils or blue lips
 * (`opioid-toxicity`); an elder not eating with a distended painful abdomen and no urine for a day
 * (`elder-distended-abdomen-anuria`); 发抖 with a fever is a rigor; 这两天不怎么吃 is poor intake; a hedged weak
 * cry (哭声有点小, 小一点) in a baby said to feed well (吃奶正常) is not a danger sign.
 */

describe('probe10: emergencies written before the round', () => {
  it.each([
    ['昨晚吃了路边摊 今天拉了七八次 后来拉出来都是血 头晕站不住 应该是吃坏了吧', m(45, 'M')],
    ['这几天总是累 爬两层楼就喘 今天早上胸口闷得厉害 出了一身冷汗 是不是累的', m(62, 'M')],
    ['老毛病了 心绞痛 今天疼了快一个小时 含了硝酸甘油也不管用', m(70, 'M')],
    ['头有点晕 刚才倒了杯水 手一下没力气 杯子掉了 嘴有点歪 睡一觉就好吧', m(68, 'F')],
    ['我妈一个人住 打电话她说话含糊不清 前言不搭后语 说左边身子麻 她说不想麻烦我们', m(76, 'F')],
    ['我爸一个人在老家 今天早上邻居发现他倒在地上 起不来 不知道躺了多久 人迷迷糊糊的', m(81, 'M')],
    ['奶奶独居 这两天没接电话 今天去看她 烧得很烫 叫她只会哼哼 不认人', m(85, 'F')],
    ['不想麻烦孩子 就问问 今天上午突然一边眼睛看不见了 过了几分钟又好了 现在右手有点麻', m(73, 'M')],
    ['最近工作忙 经常加班 今天开会的时候胸口像撕裂一样痛 一直痛到后背 血压很高 是不是累的', m(50, 'M')],
    ['怀孕三十五周 今天肚子一阵一阵硬 下面流了好多血 肚子一直痛不放松', m(31, 'F')],
    ['怀孕八个月 早上起来脸和手都肿了 头很痛 看东西有闪光 应该是没睡好吧', m(29, 'F')],
    ['生完孩子第三天 回家了 下面出血越来越多 一小时湿透两片卫生巾 头晕心慌', m(27, 'F')],
    ['剖腹产后两周 今天突然喘不上气 胸口痛 咳了点血', m(33, 'F')],
    ['产后十天 发烧三十九度多 下面分泌物很臭 肚子痛 人没力气 发抖', m(30, 'F')],
    ['怀孕三十周了 羊水好像破了 一直流水 宝宝今天好像不怎么动', m(28, 'F')],
    ['宝宝四十天 今天有点发烧 三十八度 吃奶还行 是不是穿多了', m(0, 'M')],
    ['宝宝两个月 今天一直睡 叫不醒 喂奶也不吃 嘴唇有点发青', m(0, 'F')],
    ['宝宝一个月 吐奶是绿色的 肚子鼓鼓的 一直哭', m(0, 'M')],
    ['宝宝刚满月 今天抽了一下 眼睛往上翻 手脚一抖一抖的 现在好像睡着了', m(0, 'F')],
    ['宝宝两个半月 呼吸很快 每次吸气肋骨下面都凹进去 鼻翼一扇一扇的', m(0, 'M')],
    ['我妈吃华法林好几年了 前天摔了一跤 头磕了一下 今天说头痛 一直想吐', m(74, 'F')],
    ['打胰岛素的 今天没怎么吃饭 下午人就开始说胡话 出汗 叫他反应慢', m(67, 'M')],
    ['我爸吃碳酸锂治双相的 这几天拉肚子吐 今天手抖得厉害 走路不稳 说话也不清楚', m(58, 'M')],
    ['我妈吃地高辛 这两天恶心 不想吃饭 看东西发黄 心跳很慢 四十多', m(79, 'F')],
    ['我爸吃甲氨蝶呤 本来一周一次 他搞错了天天吃 吃了一周 现在满嘴溃疡 发烧', m(69, 'M')],
    ['我哥吃氯氮平 这几天发高烧 嗓子痛 全身没力气', m(35, 'M')],
    ['我老公术后吃羟考酮止痛 今天多吃了几片 现在叫不太醒 呼吸很慢 一分钟几次', m(55, 'M')],
    ['我爸用芬太尼贴片 今天贴了两张 现在一直睡 呼吸很浅 嘴唇紫', m(77, 'M')],
    ['我儿子在外面吸了什么东西 现在叫不醒 瞳孔很小 呼吸很慢', m(19, 'M')],
    ['老毛病胃溃疡了 今天胃痛了一下午 突然痛得厉害 整个肚子硬邦邦的 不敢动', m(52, 'M')],
    ['我爸糖尿病 前几天说脚有点痛 我们想着没事 今天说话有点乱 下午还好好的 还跟我下了盘棋 现在脚黑了一块 发烧 人有点迷糊', m(72, 'M')],
    ['跟你说个事 我女儿最近情绪一直不好 今天说活着没意思 刚才发现她把我的降压药全吃了 一整瓶 她说没事', m(16, 'F')],
    ['我妈昨天说头疼 吃了止痛片 今天早上我打电话 她说话说不清楚 我以为是没睡醒 刚才再打就没人接了 她一个人住', m(79, 'F')],
    ['孩子昨天吃了几颗纽扣电池 今天没什么不舒服 应该拉出来了吧', m(3, 'M')],
    ['家里烧炭取暖 早上起来一家人都头痛 想吐 我妈站不起来 应该是感冒了吧', m(60, 'F')],
    ['我老公被蜜蜂蛰了几下 现在全身起包 嗓子发紧 说话声音都变了', m(42, 'M')],
    ['吃了降糖药 没吃饭去干活 现在手抖 出冷汗 心慌 眼前发黑 测血糖二点一', m(64, 'F')],
    ['我爸喝完酒睡觉 打呼噜 后来吐了 现在怎么推都不醒', m(55, 'M')],
    ['小孩玩的时候突然呛了一下 一直咳 现在脸憋得发紫 说不出话', m(2, 'F')],
    ['我外公八十多了 这两天不怎么吃 今天一天都没尿 肚子胀得鼓鼓的 很痛', m(84, 'M')],  ] as const)('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });
});

describe('probe10: close paraphrases', () => {
  it.each([
    ['剖腹产后一周 高烧三十九度 恶露有股臭味 小肚子痛', m(29, 'F'), 'puerperal-sepsis'],
    ['生完宝宝第五天 发烧 打寒战 下面流出来的东西很难闻', m(31, 'F'), 'puerperal-sepsis'],
    ['我妈癌痛吃吗啡 今天叫她不怎么答应 呼吸很浅', m(68, 'F'), 'opioid-toxicity'],
    ['他吃了美沙酮 现在瞳孔很小 叫不醒', m(40, 'M'), 'opioid-toxicity'],
    ['我外婆八十了 这几天不怎么吃饭 一整天没尿 肚子胀得鼓鼓的 还痛', m(80, 'F'), 'elder-distended-abdomen-anuria'],
    ['我爷爷这两天都没怎么吃 今天一天没尿 肚子胀得厉害 一直喊痛', m(86, 'M'), 'elder-distended-abdomen-anuria'],
  ] as const)('%s → %s', (text, member, id) => {
    expect(tri(text, member).level).toBe('emergency');
    expect(rules(text, member)).toContain(id);
  });

  it.each([
    // A weak cry said plainly or with another danger sign still counts.
    ['宝宝两个月 哭声很小 吃奶正常', m(0, 'F')],
    ['宝宝两个月 哭声有点小 吃奶正常 今天抽了一下', m(0, 'M')],
    ['宝宝五个月 哭声有点弱 吃奶吃得很少 浑身软软的', m(0, 'M')],
  ] as const)('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });
});

describe('probe10: look-alikes written before the round', () => {
  it.each([
    ['宝宝三个月 哭声有点小 鼻塞 吃奶正常', m(0, 'M')],
    ['宝宝两个月 鼻子有点堵 哭声小一点 吃奶挺好 尿也正常', m(0, 'F')],
    ['宝宝三个月 打喷嚏 流清鼻涕 哭声有点哑 精神好 奶吃得正常', m(0, 'M')],
    ['宝宝一个月 哭声不大 吃奶好 睡得也好 正常吗', m(0, 'F')],
    ['宝宝两个月 鼻塞 睡觉有点呼噜声 吃奶正常 不发烧', m(0, 'M')],
    ['吃了路边摊 拉了两次肚子 没有血 精神还行 应该是吃坏了吧', m(30, 'M')],
    ['最近加班多 有点累 肩膀酸 是不是累的', m(35, 'F')],
    ['我妈一个人住 最近膝盖痛 上下楼不方便 有什么药', m(75, 'F')],
    ['怀孕六个月 脚有点肿 血压正常 没有头痛', m(28, 'F')],
    ['生完孩子一个月 恶露还有一点点 颜色淡 不多', m(29, 'F')],
    ['我妈吃华法林 想问能不能吃菠菜', m(70, 'F')],
    ['打胰岛素 血糖空腹六点五 想问胰岛素怎么保存', m(50, 'M')],
    ['我爸吃碳酸锂 医生让定期查血药浓度 多久查一次', m(50, 'M')],
    ['我妈吃地高辛 心跳七十多 没什么不舒服 要不要复查', m(75, 'F')],
    ['吃甲氨蝶呤治类风湿 每周一次 叶酸怎么吃', m(45, 'F')],
    ['吃氯氮平 最近口水多 晚上流口水 怎么办', m(30, 'M')],
    ['吃了曲马多以后有点头晕 恶心 躺一下好多了', m(40, 'F')],
    ['老胃病了 吃完饭胃胀 打嗝 不痛', m(55, 'M')],
    ['被蚊子咬了一个包 有点痒', m(8, 'M')],
    ['宝宝四十天 吐奶 吐的是白色奶块 吐完还挺精神 体重长得好', m(0, 'F')],    ['宝宝一个半月 鼻子不通气 哭声有点小 吃奶还好', m(0, 'F')],
    ['产后一周 乳房胀痛 低烧三十七度五', m(30, 'F')],
    ['吃羟考酮止痛 白天有点犯困 呼吸正常', m(60, 'M')],
    ['生完孩子两周 恶露有点味 不发烧', m(28, 'F')],
    ['我爸七十岁 肚子有点胀 吃得少 尿正常', m(70, 'M')],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});
