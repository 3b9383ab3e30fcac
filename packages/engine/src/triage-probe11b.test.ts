import { describe, it, expect } from 'vitest';
import { m, tri, rules } from './triage-test-kit.ts';

/**
 * Probe11b round: 210 phone-style emergencies and 40 look-alikes written blind. Mechanisms added:
 * - lay descriptions read as the sign (src/extract.ts): two parts of the face swelling together (angioedema, not a
 *   morning puff), a hoarse voice with words between, 说话有点乱 / 连自己家楼号都想不起来 (confusion), retractions
 *   (一吸一个坑), nasal flaring, 一句整话都说不出来 / 说不成句 (severe breathlessness), a noun of noise on breathing in
 *   and quoted sounds at the throat (stridor), 咝咝响 in the throat (wheeze), cyanosis around the mouth or 憋紫,
 *   the soft spot on top of the head bulging (fontanelle), 突然抽起来 (a fit), a jump voiced with 算了 (suicidal
 *   talk), one eye 被黑布蒙住 (amaurosis), sudden loss of a whole sentence (aphasia), drink leaking from one mouth
 *   corner (facial weakness), one hand that cannot write (clumsy hand), a simile between a lower-belly site and its
 *   pain, a day's urine in drops (oliguria), 软成一滩泥 (limp), both legs weaker day by day, choking on water
 *   (dysphagia), jaw pressure (radiating), a herbicide swallowed or drunk as tea (poisoning), singed brows or
 *   charred skin (burn); a fetus 在肚子里 and a bare week count make a pregnancy;
 * - signals: a closed car with the engine or air-con on (CO), an antispasmodic injection (mydriatic), a test strip
 *   or an embryo transfer (possible pregnancy), a bath or pool rescue (near-drowning), an inhaler that cannot hold
 *   it, pressure that fails on a nosebleed, a purple or hard hernia lump, mottled knees, an open fracture by
 *   exposed white or by a deformity with a wound, a fingertip severed, the whole belly untouchable, 翻个身的功夫
 *   (sudden), 一天比一天 (crescendo), singed nasal hair (inhalation), a grape choked on while laughing;
 * - rules: no intrauterine sac with pain (ectopic), post-abortion sepsis, crisis in known adrenal insufficiency,
 *   perforation after endoscopy or polypectomy, an abdominal blow with vomiting, haematuria, shoulder pain or
 *   pallor, a child's red swollen scrotum with crying, visual disturbance with epigastric pain or oedema after 20
 *   weeks (pre-eclampsia), a child who ate a wild mushroom, fever with rigors and oliguria plus a second sign
 *   (sepsis), a hard or purple hernia lump with no flatus;
 * - look-alikes: an at-rest cue denied (休息时从来没有), a thought denied in a list (没想过伤害自己或者不想活),
 *   手掌大 as a size and not the palm, a faint at a blood draw is not anaphylaxis, a sip of a household detergent.
 */

describe('probe11b: emergencies written before the round', () => {
  it.each([
    ['4岁儿子头一回吃花生酱面包，十来分钟就开始干咳，眼皮和脸一下子肿起来了，嗓子哑哑的，现在蔫蔫地趴着不想动', m(4, 'M')],
    ['昨晚在地下车库车里开着空调眯了一觉，醒来脑袋像被铁箍勒着疼，手脚软得下不了车，一阵阵恶心', m(28, 'M')],
    ['宝宝1岁，今天下午一直哭闹怎么哄都不行，换尿不湿时发现右边阴囊又红又肿，摸着硬邦邦的，一碰哭得更凶', m(1, 'M')],
    ['腿上三天前被生锈铁钉划了一道，现在整条小腿红肿发亮，红的地方还往上爬，发烧打摆子，心跳快得像打鼓，一整天就尿了一点点', m(50, 'M')],
    ['吃格列美脲的，中午没吃饭就去打了两个钟头球，现在心慌手抖，手机都拿不住，汗跟水浇的一样，眼前发花，脑子转不动，刚才连自己家楼号都想不起来', m(45, 'M', { diseases: [{ name: '2型糖尿病' }], medicines: [{ name: '格列美脲' }] })],
    ['左边眼珠子胀得要爆出来一样，隔着眼皮摸跟玻璃弹珠一样硬，看东西雾蒙蒙的，一直想吐', m(58, 'F')],
    ['我61岁，今天做胃镜前打了一针解痉的，回家两个多小时右眼剧痛，看东西一片模糊，眼白红了，还恶心', m(61, 'M', { medicines: [{ name: '山莨菪碱' }] })],
    ['洗澡没看住，娃在浴盆里滑下去了，捞起来时脸发青，拍了几下才哭出来，现在有点蔫，喘气也比平常快', m(1, 'F')],
    ['试纸测出有了，可是肚子一边像被人揪着疼，刚才上大号时候屁股那里往下坠得难受，腿有点发软', m(27, 'F', { pregnant: true, pregnancyWeek: 6 })],
    ['42岁，做试管移植后第4周，上次B超说宫腔里没看到孕囊，今天小肚子疼加重了，还有点头晕', m(42, 'F', { pregnant: true, pregnancyWeek: 6 })],
    ['我65岁，从小就有哮喘，半小时前牙疼吃了一片布洛芬，现在喘得厉害，喷药也压不住，坐着都费劲', m(65, 'F', { diseases: [{ name: '支气管哮喘' }], medicines: [{ name: '布洛芬' }] })],
    ['翻个身的功夫，右边小肚子像有人拧毛巾那样绞着疼，一阵比一阵狠，恶心想吐，冒冷汗', m(26, 'F')],
    ['怀孕8个月，脸肿得像发面馒头，一个礼拜胖了4斤，心口窝这块一直疼，眼睛前面有闪光', m(33, 'F', { pregnant: true, pregnancyWeek: 32 })],
    ['骑电驴摔了，胳膊弯成了个Z字，有个口子在往外冒血，里面白白的露出来一截', m(22, 'M')],
    ['8岁女儿从单杠上摔下来，手腕那块肿得变了形，皮破了一个小口子一直渗血', m(8, 'F')],
    ['娃8个月，发烧两天，今天吐得跟喷出来一样，脑门顶上那块软的地方鼓鼓的，叫他也懒得睁眼', m(0, 'M')],
    ['我72岁，老伴去年走了，自己身体也不中用，刚才在阳台上站了好久，想着跳下去算了', m(72, 'M')],
    ['为了腰疼吃了一个礼拜布洛芬，今天胃一下子剧痛，疼遍了整个肚子，碰都不让碰，浑身冒汗', m(55, 'M', { medicines: [{ name: '布洛芬' }] })],
    ['今天上午做肠镜切了两个息肉，回家后晚上肚子越来越胀越来越疼，开始发烧', m(52, 'F')],
    ['侄子在泳池玩被救生员拉上来，吐了几口水，到现在还咳个不停，有点迷糊老想睡。家里人说回家歇着就行，能不去医院吗', m(7, 'M')],
    ['剖宫产出院在家第4天，下午说头疼，刚才突然抽起来，把舌头都咬破了', m(35, 'F')],
    ['我老爸一张嘴就往外漏口水，喝水从右边嘴角淌出来，右手写字也写不成个了', m(69, 'M')],
    ['我爷爷把装在饮料瓶里的克芜踪当茶喝了一口，嘴里起泡了', m(75, 'M')],
    ['炒菜油锅着了火，溅了一脸，脸上火辣辣的，眉毛鼻毛都燎焦了，嗓子也有点哑', m(45, 'F')],
    ['孩子喘得肋骨下面一吸一个坑，鼻孔一张一合，一句整话都说不出来', m(6, 'F', { diseases: [{ name: '支气管哮喘' }] })],
    ['老公半个月前拉过肚子，这几天先是脚麻，现在腿软得上不了楼，今天手也没劲，说话有点接不上气。他说累着了，等周一挂号来得及吗', m(36, 'M')],
    ['感冒好了以后，两条腿像灌了铅，一天比一天软，今天从马桶上站不起来了，喝水还有点呛', m(45, 'F')],
    ['39周了，平常娃在肚子里踢得欢，今天从早上到现在几乎没感觉，吃了甜的拍了肚子也不怎么动', m(32, 'F', { pregnant: true, pregnancyWeek: 39 })],
    ['我47岁，补牙的时候一个小零件掉进嗓子里了，咳了几下没出来，现在一直呛咳，吸气带哨音', m(47, 'M')],
    ['我30岁，得了流感一个礼拜本来好点了，今天又烧到40度，咳铁锈色的痰，喘得说不成句', m(30, 'M')],
    ['吃别嘌醇治痛风才两个礼拜，现在浑身皮肤跟开水烫过一样，一擦就掉一层，嘴巴烂得吃不了饭', m(62, 'M', { diseases: [{ name: '痛风' }], medicines: [{ name: '别嘌醇' }] })],
    ['我有艾迪生病，吃着氢化可的松，这两天发烧拉肚子，药吃下去就吐了，现在一站起来眼前发黑，肚子也疼', m(34, 'F', { diseases: [{ name: '原发性肾上腺皮质功能减退症' }], medicines: [{ name: '氢化可的松' }] })],
    ['孩子吃着葡萄一笑就呛了，咳了半天脸都憋紫了，现在一咳嗽喉咙里“咝咝”响', m(4, 'M')],
    ['我62岁女的，有糖尿病，这几天老觉得胃上面和下巴那儿闷，一走路就加重，今天坐着也来了，出了一身汗', m(62, 'F', { diseases: [{ name: '2型糖尿病' }] })],
    ['家里煤气罐漏气炸了一下，我老婆脸、胳膊、胸口都焦黑起泡，声音也哑了', m(40, 'F')],
    ['我68岁女的，肚脐眼上那个包今天变得紫红，又硬又疼，一天没放屁也没拉', m(68, 'F')],
    ['鼻血哗哗地流，两个鼻孔都出，捏了20分钟也没用，嗓子里一直往下淌血，有点头晕', m(55, 'M', { diseases: [{ name: '高血压' }] })],
    ['孩子3岁，晚上突然咳嗽像小狗叫，声音哑了，现在坐着不动吸气时喉咙里也“呃呃”响，胸口一吸一个坑。奶奶说着凉了捂捂汗，能等明天吗', m(3, 'M')],
    ['娃半夜咳得跟鸭子叫似的，喘气带响，嘴巴周围有点青，烦躁不肯躺', m(2, 'F')],
    ['我40岁，嗓子疼了两天，今天说话像含着东西，口水咽不下去往外流，吸气有响声', m(40, 'M')],
    ['孩子从高低床上掉下来，肚子磕在床沿上，一会说肚子疼一会说肩膀疼，刚才吐了，尿有点发红', m(9, 'M')],
    ['我妈说早上左眼突然像被黑布蒙住了几分钟，后来又看得见了，下午又来了一次', m(65, 'F')],
    ['我50岁，有房颤没吃抗凝药，今天打电话时突然一句话都说不出来，大概五分钟后又好了', m(50, 'M', { diseases: [{ name: '心房颤动' }] })],
    ['孩子4岁在小区草地上摘了个白蘑菇吃了一口，现在还没什么不舒服', m(4, 'F')],
    ['我奶奶吃格列齐特，这两天吃得少，今天下午说心慌，一身冷汗，说话有点乱，测了手指血糖2.6。我姑说喝点糖水睡一觉就好，行吗', m(82, 'F', { diseases: [{ name: '2型糖尿病' }], medicines: [{ name: '格列齐特' }] })],
    ['孩子5岁手指被门夹了，指头前面一截断了掉在地上', m(5, 'M')],
    ['我奶奶咳嗽发烧，今天人软成一滩泥，手脚冰凉，嘴唇发灰，膝盖上一片片紫花', m(85, 'F')],
    ['我25岁，前几天做了药流，今天高烧，下面流的东西很臭，肚子疼，站起来就晕', m(25, 'F')],
  ] as const)('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });
});

describe('probe11b: look-alikes written before the round', () => {
  it.each([
    ['我爸冠心病五六年了，一直是快走或者爬三楼以上胸口会闷，停下来两三分钟就好，这几年都这样没变化，休息时从来没有', m(66, 'M', { diseases: [{ name: '冠心病' }], medicines: [{ name: '阿司匹林' }, { name: '阿托伐他汀' }] })],
    ['最近失恋了，心情很低落，老想哭，睡眠也不太好，但是从来没想过伤害自己或者不想活，还能正常上班', m(26, 'F')],
    ['烧水壶的开水洒在前臂上，起了一个手掌大的水泡，很疼，别的地方没烫着，已经冲了二十分钟凉水', m(34, 'M')],
    ['刚才误喝了一口装在矿泉水瓶里的洗洁精，马上吐出来漱了口，现在嘴里没破，也没恶心肚子疼', m(45, 'F')],
    ['刚才抽血的时候看见血一下子眼前发黑晕了几秒，躺下马上就醒了，现在没不舒服，以前打针也这样过', m(20, 'F')],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});

describe('probe11b: other wordings of the same mechanisms', () => {
  it.each([
    ['吃了芒果 嘴唇跟舌头都肿起来了 说话有点哑', m(30, 'F'), 'anaphylaxis-exposure-airway'],
    ['在车库里车里开着暖风午睡 醒了头痛得厉害 想吐', m(40, 'M'), 'co-poisoning'],
    ['宝宝10个月 右边阴囊突然肿了 发硬 哭闹不止', m(0, 'M'), 'child-acute-scrotum'],
    ['发烧打摆子两天 今天一天就尿了一次 心慌得厉害', m(60, 'M'), 'sepsis-rigors-oliguria'],
    ['打胰岛素的 今天没吃早饭 现在连自己家门牌号都说不上来', m(70, 'M'), 'hypoglycemia-severe'],
    ['右眼胀得难受 隔着眼皮按着硬得像石头 恶心', m(65, 'F'), 'acute-glaucoma-hard-eye'],
    ['做肠镜前打了一针解痉的 回来右眼胀痛 看东西模糊', m(60, 'F'), 'acute-glaucoma-hard-eye'],
    ['孩子在澡盆里滑下去了 捞起来以后一直咳', m(2, 'M'), 'near-drowning-symptoms'],
    ['试纸测出来有了 一边小肚子疼 屁股往下坠', m(28, 'F'), 'ectopic-severe'],
    ['验血怀孕了 B超说子宫里没看到孕囊 今天下腹疼', m(30, 'F'), 'ectopic-no-iup'],
    ['哮喘犯了 喷了药也压不住 喘得厉害', m(40, 'M'), 'asthma-not-relieved'],
    ['孩子喘得厉害 锁骨那儿一吸一个坑', m(5, 'M'), 'severe-dyspnea'],
    ['嗓子疼得咽不下口水 吸气时带哨音', m(35, 'M'), 'stridor'],
    ['宝宝5个月 发烧 头顶软软的地方鼓起来了', m(0, 'M'), 'bulging-fontanelle'],
    ['我爸吃饭时突然浑身抽起来 叫不应', m(60, 'M'), 'seizure'],
    ['活得太累了 真想从楼上跳下去算了', m(30, 'F'), 'suicidal-intent'],
    ['我妈吃饭时忽然一句话也说不出来了', m(70, 'F'), 'stroke-speech'],
    ['我爸喝汤从左边嘴角漏出来 左手拿筷子也拿不住', m(72, 'M'), 'stroke-face'],
    ['跳完绳突然左边小腹像被人拧着一样疼 冒冷汗 吐了', m(20, 'F'), 'ovarian-torsion-suspected'],
    ['爷爷发烧 今天整个人瘫软 腿上一块块紫花 手脚冰凉', m(88, 'M'), 'shock-signs-sepsis'],
    ['拉肚子好了以后两条腿越来越没劲 喝水老呛', m(40, 'M'), 'ascending-weakness-breathing'],
    ['我爸误喝了一口百草枯', m(60, 'M'), 'poisoning'],
    ['灶台着火燎到脸 鼻毛都烧焦了 声音有点哑', m(40, 'F'), 'burn-inhalation'],
    ['摔了一跤 小腿歪成一个角度 皮也破了在流血', m(30, 'M'), 'open-fracture'],
    ['被门夹了 脚趾头一截掉了', m(30, 'M'), 'amputation'],
    ['吃了几天止痛药 今天胃突然剧痛 整个肚子一碰都不让碰', m(50, 'M'), 'acute-abdomen-diffuse-peritonism'],
    ['鼻血 捏着鼻子十五分钟了还在流 头晕眼花', m(60, 'M'), 'epistaxis-uncontrolled-shock'],
    ['大腿根那个包今天发紫了 一天没放屁', m(70, 'M'), 'hernia-strangulation-signs'],
    ['上周做了人流 这两天发烧 下面分泌物有臭味 肚子疼', m(28, 'F'), 'post-abortion-sepsis'],
    ['我有肾上腺皮质功能减退 一直吃激素 今天吐了好几次 头晕', m(40, 'F'), 'adrenal-crisis-known'],
    ['昨天做肠镜切了息肉 今天肚子越来越疼 还发烧', m(55, 'M'), 'post-endoscopy-perforation'],
    ['骑车摔倒车把顶到肚子 现在左肩膀疼 吐了一次', m(12, 'M'), 'abdominal-trauma-signs'],
    ['怀孕30周 看东西模糊 胃上面一直疼', m(30, 'F'), 'pre-eclampsia-visual-epigastric'],
    ['孩子在山上捡了蘑菇尝了一口', m(5, 'M'), 'child-wild-mushroom'],
    ['吃卡马西平半个月 皮一碰就掉一层 嘴里都烂了', m(30, 'M'), 'sjs-peeling-mucosa'],
  ] as const)('%s → %s', (text, member, rule) => {
    expect(tri(text, member).level).toBe('emergency');
    expect(rules(text, member)).toContain(rule);
  });

  it.each([
    ['早上起来眼皮和脸都肿了', m(40, 'F')],
    ['喝了一口洗手液 马上吐出来了 没什么感觉', m(30, 'F')],
    ['有冠心病 爬楼才胸闷 休息时从来没有过', m(65, 'M')],
    ['孩子吃了超市买的蘑菇 没什么事', m(5, 'M')],
    ['昨晚唱歌唱多了 今天嗓子哑了', m(25, 'F')],
    ['抽血的时候看见血晕了一下 马上就好了', m(22, 'F')],
    ['手背烫了个硬币大的泡', m(30, 'M')],
    ['孩子摔了一跤 膝盖破了个口子 流了点血', m(6, 'M')],
    ['他突然被吓得一句话都说不出来', m(30, 'M')],
    ['我从来没想过自杀或者伤害自己 就是最近睡不好', m(30, 'F')],
    ['孩子在泳池玩得挺开心 被教练拉上来休息 没呛水 精神很好', m(8, 'M')],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});
