import { describe, it, expect } from 'vitest';
import { m, tri, rules } from './triage-test-kit.ts';

/**
 * Probe9 round: 50 emergencies and 20 look-alikes written as phone messages before the engine saw them
 * (calm writers asking whether they can wait, the decisive detail as a number or a count, a known chronic
 * condition with one new danger sign, carers of elders and infants, the danger last, typos and English
 * mixed in). New mechanisms: a known heart failure with waking breathless at night or having to sit up
 * to breathe (`hf-nocturnal-orthopnea`); an infant under one with a weak cry and two of poor feeding,
 * floppiness or feeling cold (`infant-weak-cry-sick`); 吐了三回血 (vomited blood counted in times);
 * 一天只尿了一次 (near-anuria, so severe dehydration); 血钾六点八 (critical potassium in Chinese numerals);
 * 耳朵里流出清水 (ear discharge, with a head injury a basal skull fracture sign); 兄口 as the chest; chest
 * pain in English.
 */

describe('probe9: emergencies written before the round', () => {
  it.each([
    ['我爸肝硬化好几年了 今天拉了两次黑色的大便 像柏油一样 人有点没精神 能不能明天再去医院', m(63, 'M')],
    ['我妈透析的 这周漏了一次 今天心慌 手脚发麻 没力气 要不要紧', m(66, 'F')],
    ['老公心衰好几年 这几天一晚上憋醒好几次 得坐起来才能喘气 先观察行吗', m(70, 'M')],
    ['儿子有癫痫 今天抽了半个小时还没停', m(15, 'M')],
    ['哮喘发作了 喷了好几次药都不管用 现在说不出整句话', m(25, 'F')],
    ['糖尿病十年 这两天吐 肚子痛 家里人说我呼气有烂苹果味', m(35, 'M')],
    ['我爸房颤 没吃抗凝药 刚才右边手脚没劲', m(72, 'M')],
    ['我妈头晕 量了血压七十多/四十几 手脚冰凉', m(75, 'F')],
    ['老人家心跳三十几 头晕 差点晕倒 要不要紧', m(80, 'M')],
    ['吐了三回血 鲜红的 一回小半碗', m(50, 'M')],
    ['孩子把他奶奶的安眠药吃了十几片 现在睡着叫不醒', m(5, 'M')],
    ['失恋了 吃了十几片安眠药 现在有点困 明天再去行吗', m(22, 'F')],
    ['宝宝腹泻三天 今天一天只尿了一次 哭没有眼泪 嘴巴干', m(1, 'M')],
    ['胸口压着痛 出冷汗 二十多分钟了 没缓解 我能先睡一觉明天再看吗', m(58, 'M')],
    ['兄口疼 像石头压着 出汗 左胳膊也麻', m(60, 'M')],
    ['呼xi困难 嘴唇发紫', m(68, 'M')],
    ['我老公chest pain 半小时了 满头大汗', m(52, 'M')],
    ['突然剧烈头痛 像被锤子砸了一下 这辈子最痛的一次 吐了 要不要紧', m(45, 'F')],
    ['我外婆早上起来嘴巴歪了 说话不清楚 口水往外流 先观察一下行吗', m(78, 'F')],
    ['孩子发烧 身上起了一些红点点 压了不褪色 精神不好', m(3, 'M')],
    ['宝宝五十天 发烧三十八度二', m(0, 'M')],
    ['我怀孕七个月 这两天头痛 眼睛看东西模糊 血压一百六十几/一百一', m(30, 'F')],
    ['怀孕两个月 下面出血不多 但是一侧肚子剧痛 肩膀也痛 头晕', m(28, 'F')],
    ['前天做了膝盖置换 今天一条腿肿了 突然胸痛喘不上气', m(67, 'F')],
    ['坐了十几个小时飞机 下来小腿肿痛 今天突然气短 咳嗽带血丝', m(45, 'F')],
    ['我爸平时挺好的 下午在院子里干活 回来说头晕 后来就说话颠三倒四 体温四十一度 不出汗', m(70, 'M')],
    ['刚才吃花生 嘴巴麻 现在嗓子发紧 喘不上来气', m(10, 'M')],
    ['打了头孢 十分钟后浑身起疹子 头晕 血压八十/五十', m(40, 'F')],
    ['老人家摔了一跤 头磕到了 当时没事 现在越来越想睡 吐了两次', m(82, 'M')],
    ['我妈吃华法林 今天尿是红的 牙龈一直出血 大便是黑的', m(70, 'F')],
    ['血糖一点八 出冷汗 手抖 人有点迷糊', m(60, 'M')],
    ['测了血糖三十几 一直口渴 尿多 人没精神', m(55, 'M')],
    ['小孩被开水烫了 胸口肚子一大片 起泡了', m(2, 'M')],
    ['我老公喝酒以后吐了好多次 后来吐出来是鲜血', m(45, 'M')],
    ['肚子痛了一晚上 从肚脐跑到右下边 现在整个肚子硬得像木板 一碰就痛', m(30, 'M')],
    ['我爸七十多了 肚子胀 一天多没放屁没拉屎 吐出来黄绿色的东西', m(75, 'M')],
    ['透析病人 查出来血钾六点八 医生让住院 我能不能明天再去', m(60, 'M')],
    ['我一型糖尿病 胰岛素断了两天 今天恶心吐 喘气又深又快', m(20, 'F')],
    ['慢阻肺多年 这两天喘得厉害 人老想睡 叫了半天才醒 嘴唇紫', m(74, 'M')],
    ['宝宝三个月 今天吃奶吃得很少 软软的 不怎么哭 摸着凉凉的', m(0, 'F')],
    ['孩子一岁半 拉肚子 今天囟门凹下去了 哭没眼泪 一整天尿了一次', m(1, 'M')],
    ['我妈高血压 今天量了二百二/一百三 头痛得厉害 看东西模糊', m(65, 'F')],
    ['冠心病放过支架 这两天一走路就胸闷 今天坐着不动也闷 含了三片硝酸甘油没用', m(66, 'M')],
    ['心梗做了支架 自己把氯吡格雷停了一礼拜 今天又胸痛了', m(60, 'M')],
    ['我奶奶九十岁 这两天不吃东西 今天叫她不怎么应 发烧', m(90, 'F')],
    ['我哥喝了半瓶敌敌畏 现在还能说话 要不要紧', m(40, 'M')],
    ['娃儿掉进水塘里 捞起来的时候没气了 现在有气了 在咳', m(6, 'M')],
    ['手被割了 血是一股一股往外喷的 按不住', m(35, 'M')],
    ['孩子头撞了 现在耳朵里流出清水一样的东西', m(8, 'M')],
    ['my dad突然说不出话 右手拿不住东西', m(68, 'M')],
  ] as const)('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });
});

describe('probe9: close paraphrases', () => {
  it.each([
    ['我爸心力衰竭 最近躺不平 夜里要坐起来才能喘气', m(76, 'M'), 'hf-nocturnal-orthopnea'],
    ['我妈有心衰 昨晚半夜憋醒两回', m(80, 'F'), 'hf-nocturnal-orthopnea'],
    ['宝宝五个月 哭声很弱 吃奶比平时少 浑身软绵绵的', m(0, 'M'), 'infant-weak-cry-sick'],
    ['化验单上血钾七点二 要不要紧', m(65, 'M'), 'critical-electrolyte'],
    ['孩子拉肚子 一整天就尿了一次 眼窝凹下去了', m(2, 'F'), 'dehydration-severe-signs'],
    ['从楼梯上摔下来磕到头 耳朵里往外渗血水', m(40, 'M'), 'head-injury-danger'],
    ['今天呕了两次鲜血', m(55, 'M'), 'hematemesis'],
  ] as const)('%s → %s', (text, member, id) => {
    expect(tri(text, member).level).toBe('emergency');
    expect(rules(text, member)).toContain(id);
  });

  it.each([
    ['兄口痛得厉害 一身冷汗', m(62, 'M')],
    ['my wife chest pain 二十分钟了 出冷汗', m(55, 'F')],
  ] as const)('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });
});

describe('probe9: look-alikes written before the round', () => {
  it.each([
    ['肝硬化 想问平时饮食要注意什么 大便颜色正常', m(60, 'M')],
    ['透析病人 想问能不能吃香蕉', m(60, 'F')],
    ['心衰 最近睡觉挺好 没有憋醒 想问能不能出去旅游', m(70, 'M')],
    ['孩子癫痫两年没发作了 医生说可以减药 要不要紧', m(10, 'M')],
    ['哮喘 最近控制得挺好 想问吸入剂能不能长期用', m(25, 'F')],
    ['糖尿病 血糖空腹七点多 能不能明天再去复查', m(55, 'M')],
    ['房颤吃利伐沙班 刷牙牙龈有点出血 要不要紧', m(70, 'M')],
    ['血压一百三十多/八十几 要不要紧', m(50, 'M')],
    ['心跳五十几 平时跑步 没有不舒服', m(30, 'M')],
    ['孩子吃了一片维生素C 没事吧', m(4, 'M')],
    ['宝宝昨天拉了三回 精神很好 吃奶正常 尿也多', m(1, 'M')],
    ['感冒咳嗽 痰里有一点血丝 不发烧 先观察行吗', m(30, 'M')],
    ['胸口有点闷 叹口气就好了 一紧张就这样 几年了', m(30, 'F')],
    ['头痛 熬夜后 太阳穴胀 睡一觉就好', m(28, 'F')],
    ['我外婆嘴巴有点干 晚上起夜两次 要不要紧', m(78, 'F')],
    ['吃了两片布洛芬 头痛好了', m(35, 'M')],
    ['孩子发烧三十八度五 精神挺好 还在玩 能不能先观察', m(3, 'M')],
    ['怀孕七个月 量血压一百一十五/七十 想问正常吗', m(30, 'F')],
    ['手指被纸割了个小口子 出了点血 已经止住了', m(25, 'F')],
    ['兄口有点痒 起了几个小红疹', m(30, 'M')],
    ['耳朵进水了 流出来一点水', m(20, 'M')],
    ['孩子耳朵里流出黄水 有点臭 不发烧', m(6, 'M')],
    ['血钾六点零 要不要紧', m(60, 'M')],
    ['宝宝八个月 大便软软的 哭声挺大 吃奶正常', m(0, 'M')],
    ['我一天只尿了一次 喝水少 要不要紧', m(30, 'F')],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});
