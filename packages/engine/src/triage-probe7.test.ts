import { describe, it, expect } from 'vitest';
import { m, tri, rules } from './triage-test-kit.ts';

/**
 * Probe7 round: 70 emergencies and 30 look-alikes written as phone messages (dialect, family members,
 * spaces for punctuation) before the engine saw them. New mechanisms: ascending weakness said as 腿软 →
 * 胳膊抬不起来 and getting worse (GBS in progression), 做完化疗一个礼拜 (neutropenic fever), steroids stopped
 * then vomiting or a low BP (adrenal crisis), a handful or a tablet count of a named medicine (overdose),
 * methotrexate taken every day (dosing error; with ulcers, fever or bleeding: toxicity), clozapine or an
 * antithyroid drug with fever and a sore throat (agranulocytosis), 烧了六七天 (fever said with 烧),
 * Kawasaki features after five days of fever (with cold limbs or listlessness: shock), 电打了一下 (electric
 * shock without 被), and 电视里说 / 新闻里讲 as a hypothetical.
 */

describe('probe7: emergencies written before the round', () => {
  it.each([
    ['俺爹刚才干活 胸口像压了块大石头 满头大汗 左胳膊也麻', m(63, 'M')],
    ['我老公背上突然撕裂一样疼 从前面窜到后背 疼得直打滚', m(55, 'M')],
    ['我妈心口闷得慌 喘不上气 嘴唇有点发紫 一直出冷汗', m(70, 'F')],
    ['老伴吃了倍他乐克 心率测了才40 人晕乎乎的站不住', m(74, 'M')],
    ['心跳突然特别快 数了一下一分钟180多 眼前发黑', m(35, 'F')],
    ['我爸说话突然不清楚了 嘴角往一边歪 右手拿不住筷子', m(68, 'M')],
    ['奶奶早上起来左边身子动不了 叫她也只是哼哼', m(81, 'F')],
    ['突然头疼得要炸开 这辈子没这么疼过 吐了两回', m(45, 'F')],
    ['孩子发烧抽了 翻白眼 手脚一直抖 叫不醒 已经快十分钟了', m(3, 'M')],
    ['闺女发高烧 脖子硬得低不下头 身上起了好多紫红点点 按了不退', m(6, 'F')],
    ['腰疼好几天了 今天两条腿突然没劲 尿也尿不出来', m(58, 'M')],
    ['前几天拉肚子 这两天腿软 今天胳膊也抬不起来了 越来越重', m(40, 'M')],
    ['吃了个芒果 嗓子发紧 嘴唇肿起来了 喘气呼呼响', m(28, 'F')],
    ['被马蜂蜇了几下 浑身起疙瘩 头晕站不住 心慌', m(50, 'M')],
    ['打完头孢没几分钟 人就喘不上气 脸都白了', m(33, 'F')],
    ['孩子吃花生呛着了 一直咳 脸憋得发紫 说不出话', m(2, 'M')],
    ['老妈慢阻肺 今天喘得厉害 夹个手指头的测了血氧86', m(72, 'F')],
    ['哮喘犯了 喷了好几次药都不管用 话都说不成句', m(19, 'F')],
    ['坐了十几个钟头的车 下车后突然胸口疼 喘不过气 还咳了点血', m(42, 'F')],
    ['我爸吐了好多血 一大口一大口的 人有点迷糊', m(60, 'M')],
    ['拉的大便跟柏油一样黑 今天拉了三回 站起来就头晕眼前黑', m(52, 'M')],
    ['怀孕七个多月 肚子突然硬得跟石头一样 一直疼 下面见血了', m(30, 'F')],
    ['刚生完孩子第二天 下面血哗哗的流 一会儿湿透好几片垫子', m(29, 'F')],
    ['我爷爷发烧 人糊涂了 手脚冰凉 一整天没怎么尿', m(84, 'M')],
    ['做完化疗一个礼拜 发烧39度 冷得直哆嗦', m(56, 'F')],
    ['孩子是糖尿病 这两天一直吐 肚子疼 喘气又深又快 有股烂苹果味', m(12, 'M')],
    ['老伴打了胰岛素没吃饭 现在浑身冒汗 叫他也不怎么应', m(70, 'M')],
    ['透析的病人 这次漏了一回 化验说血钾7点多 手脚发麻', m(61, 'M')],
    ['一直吃激素 前几天自己停了 现在又吐又拉 血压80多 人软得起不来', m(47, 'F')],
    ['我妈跟人吵架 把一瓶安眠药全吃了 现在叫不太醒', m(52, 'F')],
    ['家里烧炭取暖 早上起来一家人都头疼恶心 老人叫不醒', m(75, 'F')],
    ['昨天晚上吃了山上采的野蘑菇 今天上吐下泻 人没精神', m(45, 'M')],
    ['老头喝了农药 嘴里一股大蒜味 口吐白沫', m(66, 'M')],
    ['孩子把奶奶的降压药吃了好几片 现在蔫蔫的', m(2, 'F')],
    ['吃了一把扑热息痛 大概20多片 现在没啥感觉', m(17, 'F')],
    ['我爸一直吃锂盐 这两天手抖得厉害 走路不稳 又吐又拉', m(48, 'M')],
    ['吃了甲氨蝶呤 本来一周一次 这礼拜天天都吃了 嘴里全是溃疡', m(63, 'F')],
    ['电动车撞了 头磕地上了 当时晕过去一会 现在一直吐 越来越迷糊', m(38, 'M')],
    ['老人吃华法林 早上摔了一跤磕到头 现在头疼想睡觉', m(79, 'F')],
    ['工地上钢管砸了腿 骨头戳出来了 血流不止', m(44, 'M')],
    ['切菜把手指头整个切掉了一截', m(36, 'F')],
    ['孩子被开水烫了 前胸后背都起泡了 一大片', m(4, 'M')],
    ['腿被墙压了两三个钟头才挖出来 现在尿是酱油色', m(50, 'M')],
    ['干活时铁屑溅到眼睛里 眼睛流血 看不清了', m(32, 'M')],
    ['眼睛溅了管道疏通剂 火辣辣的 睁不开', m(40, 'F')],
    ['从三楼掉下来 后背疼 腿没知觉', m(25, 'M')],
    ['被人捅了一刀 在肚子上 血一直往外冒', m(30, 'M')],
    ['肚子胀得跟鼓一样 好几天不放屁不拉屎 一直吐 吐出来有屎味', m(70, 'F')],
    ['肚子突然疼得像刀割 整个肚子硬邦邦的 一碰就疼 以前有胃溃疡', m(50, 'M')],
    ['儿子半夜蛋蛋突然疼 一边肿起来 疼得吐了', m(14, 'M')],
    ['月经推迟了快两个礼拜 今天肚子一侧剧痛 肛门往下坠 头晕', m(27, 'F')],
    ['怀孕8个月 这两天头疼眼花 脚肿得厉害 刚才抽了一下', m(31, 'F')],
    ['羊水破了 摸到下面有条像绳子一样的东西掉出来了', m(28, 'F')],
    ['生完孩子一个礼拜 一条腿肿了 今天突然喘不上气', m(33, 'F')],
    ['宝宝才20天 发烧38度 不怎么吃奶', m(0, 'M')],
    ['孩子一阵一阵哭闹 两腿蜷着 拉出来像果酱一样的红大便', m(1, 'M')],
    ['孩子突然发高烧 嗓子疼得口水都咽不下去 往外流 坐着往前趴着喘', m(4, 'F')],
    ['孩子烧了六七天 眼睛红 嘴唇干裂 手脚脱皮 今天手脚冰凉 人发蔫', m(3, 'M')],
    ['孩子拉肚子两天 一天拉十几次 哭没眼泪 半天没尿了 眼窝凹下去', m(1, 'F')],
    ['我妈一只眼睛突然疼得厉害 看灯有彩虹圈 头疼还吐', m(65, 'F')],
    ['眼前突然像拉了一块黑帘子 一只眼睛看不见了', m(60, 'M')],
    ['活着真没意思 药我都攒好了 今天晚上就吃', m(24, 'F')],
    ['我儿子说不想活了 刚才站在楼顶边上', m(16, 'M')],
    ['在大棚里干活 中暑了 人说胡话 身上滚烫 不出汗', m(58, 'M')],
    ['孩子掉河里了 捞上来没气了', m(7, 'M')],
    ['装修的时候电打了一下 手上有个黑洞 心跳乱跳', m(35, 'M')],
    ['老人冬天在外面冻了一夜 身上冰凉 说话含糊 叫也不太醒', m(80, 'M')],
    ['下地被蛇咬了脚 肿得很快 都肿到大腿了 牙龈出血', m(55, 'M')],
    ['吃氯氮平的 发高烧 嗓子疼得厉害', m(34, 'M')],
  ] as const)('%s → emergency', (text, member) => {
    const r = tri(text, member);
    expect(r.level).toBe('emergency');
    expect(r.actions[0]).toMatch(/^立即拨打120/u);
  });

  it('classic appendicitis with rebound and an unmeasured fever stays urgent (blind sets label it so)', () => {
    const text = '肚子疼了一天 开始在肚脐周围 现在跑到右下边 按着疼松手更疼 发烧';
    expect(tri(text, m(22)).level).toBe('urgent');
    expect(rules(text, m(22))).toContain('peritonism-local');
  });
});

describe('probe7: look-alikes written before the round', () => {
  it.each([
    ['前年犯过一次心梗 放了支架 现在好好的 想问问平时吃啥好', m(62, 'M')],
    ['胸口偶尔刺一下 一两秒就好 按着也疼 没别的不舒服', m(30, 'F')],
    ['我爸去年中风过 现在能自己走路了 想做做康复', m(70, 'M')],
    ['头有点胀疼 昨晚没睡好 睡一觉就好点了', m(35, 'F')],
    ['孩子小时候高烧抽过一次 现在5岁了 要不要紧', m(5, 'M')],
    ['脖子有点僵 睡落枕了 转头疼', m(40, 'M')],
    ['吃海鲜嘴边起了几个小疙瘩 有点痒 不喘 不肿', m(26, 'F')],
    ['被蚊子咬了一个大包 痒得很', m(8, 'F')],
    ['爬楼梯有点喘 歇一会就好了 血氧98', m(50, 'F')],
    ['刷牙牙龈出了点血', m(33, 'M')],
    ['大便有点黑 昨天吃了猪血 没有别的不舒服', m(45, 'M')],
    ['怀孕5个月 偶尔肚子发紧一下 一会就好了 没见红', m(29, 'F')],
    ['测血糖空腹7点2 算不算糖尿病', m(55, 'M')],
    ['电视里说有人吃安眠药自杀 安眠药吃多少会有危险', m(40, 'F')],
    ['吃了点剩菜 拉了两次肚子 现在好了', m(30, 'M')],
    ['孩子误吞了一颗维生素C片 活蹦乱跳的', m(4, 'M')],
    ['走路崴了脚 有点肿 还能走', m(28, 'F')],
    ['切菜切到手指 一个小口子 已经不流血了', m(40, 'F')],
    ['手被热水溅了一下 红了一小块 没起泡', m(32, 'F')],
    ['肚子有点胀 放屁多 吃多了', m(36, 'M')],
    ['孩子说肚子疼 拉完屎就好了 又去玩了', m(6, 'M')],
    ['月经推迟了一周 测了没怀孕 肚子不疼', m(25, 'F')],
    ['宝宝3个月 打完疫苗低烧37点6 吃奶正常', m(0, 'F')],
    ['孩子拉肚子一天三次 精神好 尿也正常', m(2, 'M')],
    ['眼睛有点干涩 看手机久了', m(30, 'F')],
    ['最近工作压力大 心情有点低落 不过没有想不开', m(28, 'M')],
    ['夏天在外面晒了一下午 有点头晕 喝了水休息就好了', m(35, 'M')],
    ['我一直吃华法林 下个月要拔牙 需要停药吗', m(66, 'F')],
    ['吃锂盐好几年了 想问多久查一次血药浓度', m(38, 'F')],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });

  it('a neighbour poisoned by gas may be happening now: it stays an emergency', () => {
    expect(tri('我邻居家煤气中毒了 我家要不要装报警器', m(45, 'F')).level).toBe('emergency');
  });
});

describe('probe7: the new mechanisms on paraphrases', () => {
  it.each([
    ['先是两条腿发软 后来手也没劲了 一天比一天重 越来越重', m(35), 'ascending-weakness-progressing'],
    ['化疗完十来天 今天发烧38度5', m(60, 'F'), 'neutropenic-fever'],
    ['我妈吃了好几年强的松 上礼拜断了 这两天一直吐 头晕得站不住', m(66, 'F'), 'adrenal-crisis-steroid-stop'],
    ['泼尼松自己停了 血压85/50', m(50, 'F'), 'adrenal-crisis-steroid-stop-hypotension'],
    ['老爸把甲氨蝶呤当成每天吃了 现在发烧 牙龈出血', m(70), 'mtx-daily-toxicity'],
    ['吃甲巯咪唑两个月 这两天发烧 嗓子疼', m(30, 'F'), 'agranulocytosis-drug-fever'],
    ['儿子烧了五天了 眼睛通红 嘴唇干裂出血 手指头脱皮 今天软绵绵的 手脚冰凉', m(2), 'kawasaki-shock'],
    ['插座电了一下手 手发麻 心慌', m(30), 'electric-shock'],
  ] as const)('%s → emergency (%s)', (text, member, id) => {
    const r = tri(text, member);
    expect(r.level).toBe('emergency');
    expect(r.matched.map((x) => x.ruleId)).toContain(id);
  });

  it.each([
    ['闺女吞了一大把安眠药', m(20, 'F')],
    ['一下子吃了三十多片布洛芬', m(16)],
  ] as const)('%s → emergency (overdose)', (text, member) => {
    expect(rules(text, member)).toContain('poisoning');
  });

  it.each([
    ['我妈把甲氨蝶呤理解错了 天天吃 吃了五天了', m(60, 'F'), 'mtx-daily-error'],
    ['孩子烧了6天 眼睛红 嘴唇干裂 手脚脱皮', m(3), 'kawasaki-suspected'],
  ] as const)('%s → urgent (%s)', (text, member, id) => {
    const r = tri(text, member);
    expect(r.level).toBe('urgent');
    expect(r.matched.map((x) => x.ruleId)).toContain(id);
  });

  it.each([
    ['甲氨蝶呤一周吃一次 能不能天天吃', m(45, 'F')],
    ['医生开的甲氨蝶呤 我怕记不住 干脆每天吃一片行吗', m(50, 'F')],
    ['医生让激素慢慢减量 现在一天半片', m(40, 'F')],
    ['做完化疗半年了 最近感冒有点发烧', m(55, 'F')],
    ['布洛芬一盒20片 一次吃几片', m(30)],
    ['这个药一天吃3片 吃了20多天了', m(60)],
    ['清明节上坟烧了三天纸 嗓子有点干', m(50)],
    ['新闻里讲有人被电打了 家里插座怎么防', m(40)],
    ['手麻得像过电一样', m(40)],
    ['吃了一把瓜子 嗓子有点干', m(30)],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });

  it('烧了 with days is fever, and not in a fire', () => {
    expect(tri('孩子烧了三天了 吃了退烧药又烧起来', m(4)).extraction.symptoms.some((s) => s.id === 'fever' && !s.negated)).toBe(true);
    expect(tri('炉子烧了一天 屋里有烟味', m(40)).extraction.symptoms.some((s) => s.id === 'fever')).toBe(false);
  });
});
