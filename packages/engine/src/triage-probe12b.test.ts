import { describe, it, expect } from 'vitest';
import { m, kid, tri, rules } from './triage-test-kit.ts';

/**
 * Probe12b round: 75 long-tail phone-style emergencies and 25 look-alikes written blind (42/75 caught
 * before the round, 0/25 look-alikes over-triaged). Mechanisms added (data/red-flags.json, with conditions in
 * data/conditions.json gated by data/exposure-conditions.json so they are named only with their context):
 * - a recent procedure plus its complication signs: eye surgery or an intraocular injection with a painful,
 *   reddening eye losing vision (endophthalmitis); thyroid or neck surgery with breathlessness, throat
 *   tightness or a neck swelling that keeps growing (haematoma / laryngospasm), and with perioral or finger
 *   numbness or carpal spasm (hypocalcaemia, urgent); a vascular access (造影, 支架, 消融 …) in the last days
 *   with back or belly pain and pallor, a low reading or a faint (retroperitoneal bleed); egg retrieval or
 *   ovarian stimulation with breathlessness or scant urine (severe OHSS); bariatric surgery with colic and
 *   vomiting (internal hernia). Months or years since the procedure (三年了) keep them quiet;
 * - a drug or known condition plus its crisis signs: a benzodiazepine stopped with a fit, hallucination
 *   (insects crawling) or confusion (withdrawal; tremor and insomnia alone urgent); a diuretic with vomiting
 *   or diarrhoea, weakness and an irregular beat (hypokalaemia); sudden paralysis of the legs with two
 *   thyrotoxic features or known hyperthyroidism (periodic paralysis); favism or a naphthalene / broad-bean
 *   trigger with dark or cola urine and pallor or listlessness (acute haemolysis); a blood cancer just started
 *   on chemotherapy or venetoclax with scant urine and an arrhythmia or cramps (tumour lysis); known TTP with
 *   purpura and a neurological sign or dark urine (relapse); known hypothyroidism with clouded consciousness
 *   and cold, slow pulse or low temperature (myxoedema); deep fast breathing with vomiting or belly pain
 *   (ketoacidosis of any cause; 不敢喘大气 is splinting, not Kussmaul); bloody diarrhoea followed by scant
 *   urine with pallor, purpura or oedema (HUS); after 20 weeks of pregnancy, vomiting or upper-belly pain with
 *   jaundice, unstoppable bleeding or slowed responses (AFLP / HELLP); twin pregnancies (怀双胞胎34周) count
 *   as pregnancies;
 * - signs in lay words: a feverish child's limb that will not be moved, with swelling at a joint or crying
 *   (under three, refusal alone: pseudoparalysis — septic arthritis); swelling behind the ear pushing it
 *   outward after otitis with fever (mastoiditis); a button
 *   battery or magnet in a nostril or ear; a hair, thread, band or ring wound round a digit or the penis
 *   with swelling or discolouring (tourniquet); a foreskin pulled back and not returned with a swollen purple
 *   glans (paraphimosis); a deep or heavily bleeding bite to the face or neck; a blow to the eye with blood
 *   in it or blurred vision (hyphema); a known liver tumour with sudden pain and shock signs (rupture); a
 *   high-pressure gun injecting paint or grease; haemophilia with a head knock, headache, belly, hip or
 *   groin pain (serious bleed); a psychiatric patient not eating or drinking, motionless, mute or holding
 *   a posture (catatonia); any neurological, joint, chest or skin sign after diving (decompression illness).
 */

describe('probe12b: emergencies missed before the round', () => {
  it.each([
    ['宝宝8个月，发烧两天，今天换尿布一动右腿就哭得撕心裂肺，腿一直弯着不肯动，大腿根有点肿', m(0, 'F')],
    ['我妈上周做了白内障手术，昨天开始眼睛疼，越来越红，今天看东西一片模糊，连手指都看不清。她说复查还有一周，等等再说', m(72, 'F')],
    ['儿子5岁，中耳炎一周，今天耳朵后面肿起来发红，耳朵被顶得往外翘，高烧不退', m(5, 'M')],
    ['我外婆甲减很多年，药吃吃停停。今年冬天特别怕冷，这几天整天睡，叫醒也迷糊，体温量着35度，脸肿肿的，脉很慢', m(84, 'F')],
    ['我24岁男生，晚上吃了很多米饭还喝了奶茶，半夜醒来两条腿完全动不了，手也没劲。最近老是心慌出汗，体重掉了十几斤', m(24, 'M')],
    ['我妈吃着呋塞米，最近又拉肚子，今天浑身软得头都抬不起来，说心跳乱跳', m(70, 'F')],
    ['我前天甲状腺全切出院，今天嘴唇周围和手指发麻，手抽筋抽成鸡爪样，刚才喉咙发紧有点喘不上气', m(45, 'F')],
    ['我爸连着喝了一周的酒几乎不吃饭，今天吐了一天，肚子疼，喘气很急很深', m(55, 'M')],
    ['孩子5岁，前几天拉肚子带血，拉肚子好了，但今天脸色特别白，眼皮肿，一天没怎么尿，腿上有出血点', m(5, 'F')],
    ['儿子3岁，知道有蚕豆病，昨天奶奶炒了蚕豆给他吃了，今天尿是酱油色的，脸又黄又白，没精神，有点喘', m(3, 'M')],
    ['宝宝两岁，前天在衣柜里翻出卫生球啃了一些，今天脸色蜡黄，尿像浓茶，没力气老想睡，没查过G6PD', m(2, 'F')],
    ['孩子4岁，刚才说把一个小纽扣电池塞进鼻孔了，现在鼻子流黑水，说疼，我用手抠不出来，要紧不', m(4, 'M')],
    ['宝宝4个月，今天一直哭哄不好，刚才换衣服发现一个脚趾头肿得紫红，仔细看有根头发缠在上面勒进肉里了', m(0, 'M')],
    ['孩子6岁脸被邻居家大狗咬了，脸颊一个口子挺深，能看到里面，流了好多血，用毛巾压着呢，能先去社区打个疫苗吗', m(6, 'F')],
    ['怀孕35周，这一周一直恶心吐，没胃口，特别口渴，今天眼睛发黄，右上腹疼', m(27, 'F')],
    ['怀双胞胎34周，最近吐，肚子不舒服，今天家里人说我反应有点慢，刷牙牙龈出血止不住', m(30, 'F')],
    ['做试管取卵后第五天，肚子越来越胀，像怀孕五六个月，喘不上气，一天尿很少，三天体重涨了4斤', m(31, 'F')],
    ['我妈甲状腺手术昨天出院，今晚脖子越来越肿，刀口下面鼓起来硬硬的，她说喘不上气', m(55, 'F')],
    ['儿子12岁被羽毛球打到眼睛，现在黑眼珠下半部分有一层红红的像血，眼睛疼，看不清，还想吐', m(12, 'M')],
    ['儿子5岁，我给他洗澡把包皮往后翻了翻没翻回去，现在龟头肿得像个紫色的球，疼得一直哭', m(5, 'M')],
    ['我爸住养老院插着尿管，护工说帮他洗的时候包皮翻上去没翻下来，今天发现龟头又肿又紫', m(85, 'M')],
    ['我爸肝上有个大瘤子，刚才翻身时右上腹像被刀扎了一下，现在右肩膀也疼，头晕心慌', m(68, 'M')],
    ['我两年前做了胃旁路减重手术，瘦了40斤。今天吃完饭后一阵阵绞痛，左上腹，想吐吐不出', m(34, 'F')],
    ['我在厂里用高压喷漆枪，不小心喷到左手食指，就一个小针眼，当时不怎么疼，现在一个小时手指越来越肿越来越疼，贴个创可贴行吗', m(33, 'M')],
    ['我爸昨天从大腿根穿刺做了心脏造影放了支架，今天出院回家后说腰背疼，头晕，脸色发白，血压90/50', m(70, 'M')],
    ['我慢淋刚开始吃维奈克拉，第二天，尿很少，颜色很深，腿没劲，心跳不齐', m(70, 'F')],
    ['我以前得过TTP，这两天又乏力，尿像浓茶，今天右手麻了一阵，身上又有出血点了', m(48, 'F')],
    ['我血友病，今天右边大腿根特别疼，腿伸不直，大腿前面发麻，头有点晕', m(22, 'M')],
    ['我哥精神分裂，这三天一动不动坐着，不吃不喝不说话，胳膊给他摆个姿势他就一直那样，今天还发烧了', m(30, 'M')],
    ['我妈抑郁症，这几天完全不吃不喝不说话，叫她也不理，眼睛直直盯着一个地方，尿也不解', m(55, 'F')],
    ['我吃了好几年氯硝西泮，上周自己一下子停了。这几天睡不着，手抖心慌，今天觉得有虫子在身上爬，刚才全身抽了一次', m(45, 'F')],
    ['今天潜水三次，最后一次上升比较快，上岸两小时后关节疼，腰以下发麻，有点尿不出来', m(32, 'M')],
    ['潜水回来当天晚上就坐飞机，在飞机上开始头晕，胸口疼，身上起了一块块花斑', m(28, 'F')],
  ] as const)('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });
});

describe('probe12b: look-alikes stay below emergency', () => {
  it.each([
    ['坐船前吃了一片晕海宁，现在有点困，嘴有点干，别的没什么', m(40, 'F')],
    ['我吃碳酸锂两年了，病情稳定，手一直有点轻微抖，没拉肚子没吐，走路也稳，想问多久查一次血锂', m(36, 'M')],
    ['刚开始吃二甲双胍一周，有点腹胀，大便稀一点，一天两次，吃饭还行，不吐', m(50, 'M')],
    ['吃达格列净一个月，外阴痒，白带像豆腐渣，没发烧，不恶心不吐', m(52, 'F')],
    ['甲亢在吃甲巯咪唑，这几天有点心慌，心率90多，不发烧不拉肚子，手脚有劲，精神挺好', m(31, 'F')],
    ['怀孕24周，晚上睡觉小腿抽筋，疼一会儿就好，白天正常，胎动正常', m(29, 'F')],
    ['怀孕20周，起身快了小肚子两边一抽一抽疼几秒就好，没出血没流水，胎动正常', m(27, 'F')],
    ['第一胎34周，这几天肚子偶尔发紧发硬，不规律，一小时一两次，休息就好，没流血没流水，胎动正常', m(28, 'F')],
    ['取卵后第二天，肚子有点胀，轻微隐痛，吃喝正常，尿量正常，不喘', m(32, 'F')],
    ['生完宝宝5天，动不动就想哭，有点焦虑，但能照顾宝宝，睡得着，没有伤害自己或孩子的念头', m(27, 'F')],
    ['剖宫产后一周，两只脚脚踝有点肿，按下去有坑，两条腿一样粗，不喘不胸闷，晚上能平躺睡', m(30, 'F')],
    ['今天潜水下降时耳朵疼，现在耳朵闷闷的有点疼，听声音稍微小一点，不头晕，其他地方不疼不麻', m(26, 'M')],
    ['刚从泰国回来三天，有点拉肚子，一天三四次，不发烧，能吃能喝，没有血便', m(33, 'F')],
    ['我从非洲回来两周了，现在身体好好的不发烧，同事说要去查疟疾，需要急着去吗', m(38, 'M')],
    ['爬山回来发现腿上有个蜱虫，已经用镊子整个夹出来了，不发烧，就是那里有个小红点', m(30, 'M')],
    ['家里养的猫咬了我手一下，破皮出了一点点血，猫没打过疫苗，今天需要去打针吗', m(24, 'F')],
    ['被邻居家打过疫苗的狗爪子蹭了一下，皮肤没破没出血，需要打狂犬疫苗吗', m(35, 'F')],
    ['吃卡培他滨一个疗程，手掌脚掌发红有点脱皮，走路有点疼，不发烧', m(58, 'M')],
    ['我重症肌无力吃溴吡斯的明，下午眼皮有点耷拉，晚上比早上重，跟平常一样，吞咽说话喘气都正常', m(46, 'F')],
    ['大便后纸上有鲜红的血，量很少，肛门有个小肉球，不疼，不头晕，以前也这样过', m(42, 'M')],
    ['早上刷牙发现左边嘴角漏水，左眼闭不紧，额头也皱不起来，手脚都正常，说话也清楚', m(38, 'M')],
    ['考试前一紧张呼吸很快，手指和嘴唇发麻，手有点僵，以前也有过，慢慢呼吸几分钟就好了，现在已经好了', m(17, 'F')],
    ['甲状腺手术一周，声音有点哑，喝水不呛，脖子不肿，喘气正常，手和嘴不麻', m(44, 'F')],
    ['右边腰上起了一串小水疱，火辣辣地疼，三天了，不发烧，脸上眼睛周围没有', m(60, 'M')],
    ['胸口左边前几天搬东西后开始疼，按一个点就疼得厉害，深呼吸和转身时疼，不喘不出汗，走路爬楼都正常', m(25, 'M')],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});

describe('probe12b mechanisms: new wordings fire the intended rule', () => {
  it.each([
    ['我爸上个月做了玻璃体注射，这两天眼睛越来越疼，眼睛红，看东西越来越模糊', m(70, 'M'), 'post-eye-surgery-endophthalmitis'],
    ['我昨天做了甲状腺次全切，刚才脖子刀口那里越来越肿，说话憋气，喘不上来', m(40, 'F'), 'post-neck-surgery-airway'],
    ['我妈今天下午从手腕做了冠脉造影，晚上说肚子疼，冒冷汗，脸色煞白', m(66, 'F'), 'post-vascular-procedure-bleeding'],
    ['促排卵打了十天针，这两天肚子胀得像鼓，喘不上气，尿很少', m(29, 'F'), 'ohss-severe'],
    ['做了袖状胃三年，今天肚子一阵一阵绞痛，一直吐', m(36, 'F'), 'bariatric-obstruction'],
    ['我老公吃阿普唑仑好几年，前天自己断了，今天突然抽搐了一次', m(50, 'M'), 'benzo-withdrawal-severe'],
    ['我爸吃着氢氯噻嗪，这两天吐得厉害，今天浑身没劲，心跳乱', m(72, 'M'), 'diuretic-hypokalemia'],
    ['甲亢两年没好好吃药，今天早上起来两条腿突然动不了', m(28, 'M'), 'thyrotoxic-periodic-paralysis'],
    ['孩子有蚕豆病，前天吃了蚕豆，今天尿是酱油色的，脸色发白', kid(4), 'g6pd-hemolysis'],
    ['刚开始化疗第三天，白血病，今天尿特别少，抽筋，心跳不齐', m(60, 'M'), 'tumor-lysis-suspected'],
    ['我有甲减，停药半年了，这两天叫她老是迷迷糊糊，脉搏很慢，特别怕冷', m(79, 'F'), 'myxedema-crisis'],
    ['喝了三天酒，今天吐了好几次，呼吸又深又快', m(45, 'M'), 'ketoacidosis-breathing'],
    ['儿子1岁，发烧，左胳膊一碰就哭，不让动，肘那里肿', kid(1), 'child-fever-limb-pseudoparalysis'],
    ['孩子中耳炎，今天耳朵后边红肿，发烧39度', kid(3), 'mastoiditis-suspected'],
    ['女儿把纽扣电池塞耳朵里了', kid(3), 'button-battery-nose-ear'],
    ['孩子小鸡鸡上缠了一根头发，肿起来了', kid(1), 'strangulated-digit'],
    ['戒指卡在手指上摘不下来，手指肿紫了', m(30, 'F'), 'strangulated-digit'],
    ['潜水上来后胳膊发麻，胸口闷，喘不上气', m(30, 'M'), 'decompression-sickness'],
    ['我哥抑郁症，一周了不吃不喝，一动不动躺着，叫他也不理', m(35, 'M'), 'catatonia'],
    ['我血友病，早上磕到头了，现在头疼', m(20, 'M'), 'hemophilia-serious-bleed'],
    ['被狗咬到脖子，伤口很深，血止不住', m(40, 'M'), 'animal-bite-face-severe'],
    ['我肝癌，刚才肚子突然剧痛，头晕，脸色发白', m(60, 'M'), 'liver-tumor-rupture'],
    ['我们厂黄油枪射到手掌了，就一个小孔', m(40, 'M'), 'high-pressure-injection'],
    ['包皮撸上去下不来了，龟头肿得发亮', m(20, 'M'), 'paraphimosis'],
    ['孩子包皮翻上去卡住了，龟头紫了', kid(6), 'paraphimosis'],
    ['做完近视手术第三天，眼睛又红又疼，看不清', m(25, 'F'), 'post-eye-surgery-endophthalmitis'],
    ['宝宝发烧，右腿一碰就哭，不肯动', kid(1), 'infant-fever-pseudoparalysis'],
    ['潜完水上船后，膝盖和肩膀疼得厉害', m(35, 'M'), 'decompression-sickness'],
    ['孩子把电池塞鼻子里了，好像是手表里的那种圆电池', kid(4), 'button-battery-nose-ear'],
    ['精神分裂的弟弟三天没吃没喝，一动不动站在窗边', m(25, 'M'), 'catatonia'],
    ['孩子被狗咬了脸，嘴唇撕开一个大口子', kid(5), 'animal-bite-face-severe'],
    ['我爸吃着双克，腹泻三天，今天瘫在床上起不来，心跳不规律', m(70, 'M'), 'diuretic-hypokalemia'],
    ['怀孕36周，恶心呕吐一周，今天皮肤发黄', m(30, 'F'), 'late-pregnancy-liver-crisis'],
    ['昨天从大腿根穿刺做了检查，今天腰疼头晕，脸色发白', m(60, 'M'), 'post-vascular-procedure-bleeding'],
    ['孩子拉了三天血便，现在一天就尿了一次，眼皮和脚都肿了', kid(3), 'hus-suspected'],
    ['淋巴瘤第一次化疗后第二天，尿特别少，腿抽筋', m(50, 'M'), 'tumor-lysis-suspected'],
    ['以前得过TTP，今天又有出血点，说话有点不清楚', m(40, 'F'), 'ttp-relapse'],
    ['停了半个月的安定，现在浑身发抖，看到墙上有人影', m(60, 'M'), 'benzo-withdrawal-severe'],
    ['奶奶桥本甲减，冬天不肯吃药，这两天昏昏沉沉叫不醒，手脚冰凉', m(82, 'F'), 'myxedema-crisis'],
    ['儿子吃了樟脑丸，现在小便颜色像可乐，脸很黄', kid(3), 'g6pd-hemolysis'],
    ['血友病孩子，今天屁股和大腿根很疼，腿伸不直', kid(10), 'hemophilia-serious-bleed'],
  ] as const)('%s → %s', (text, member, rule) => {
    expect(tri(text, member).level).toBe('emergency');
    expect(rules(text, member)).toContain(rule);
  });

  it('post-thyroidectomy numbness alone is urgent (hypocalcaemia), not an emergency', () => {
    expect(tri('甲状腺手术后第二天，嘴巴周围麻麻的，手指也有点发麻', m(38, 'F')).level).toBe('urgent');
    expect(rules('甲状腺手术后第二天，嘴巴周围麻麻的，手指也有点发麻', m(38, 'F'))).toContain('post-neck-surgery-tetany');
  });
});

describe('probe12b mechanisms: the context or the sign alone stays below emergency', () => {
  it.each([
    ['宝宝2岁，前两天吃了点蚕豆，今天挺好的，就是想问蚕豆病要不要查', kid(2)],
    ['孩子刚查出蚕豆病，平时要注意什么', kid(3)],
    ['我吃了好几年氯硝西泮，想停药，怎么停比较好', m(45, 'F')],
    ['我甲减，最近有点怕冷，容易困，是不是药量不够', m(50, 'F')],
    ['我血友病，膝盖有点肿疼', m(20, 'M')],
    ['孩子中耳炎，耳朵疼，发烧38度5', kid(4)],
    ['孩子发烧，耳朵后面摸到个小疙瘩，不疼', kid(3)],
    ['做过胃旁路手术，最近吃完饭有点胀，想吐', m(40, 'F')],
    ['潜水回来耳朵有点闷', m(30, 'M')],
    ['老妈白内障手术后眼睛有点干涩，看东西比以前清楚', m(68, 'F')],
    ['我三年前放了支架，今天头晕，脸色发白', m(65, 'M')],
    ['做试管打促排针第五天，肚子有点胀，尿量正常', m(32, 'F')],
    ['我妈抑郁症，最近吃得少，不爱说话', m(60, 'F')],
    ['怀孕30周，最近皮肤痒，眼睛有点发黄', m(30, 'F')],
    ['孩子脚趾头缠着线，红了一点，已经剪掉了，现在不肿', kid(2)],
    ['女儿头发缠在一起打结了，梳不开，头皮有点红肿', kid(5)],
    ['被狗咬到脸了，就破了一点皮，没怎么出血', m(30, 'M')],
    ['肝上有个血管瘤，体检发现的，有点担心，偶尔头晕', m(40, 'F')],
    ['吃速尿，拉了两天肚子，有点没劲', m(70, 'F')],
    ['16岁 胃溃疡好几年了 刚才肚子疼 不敢喘大气', m(16, 'M')],
    ['孩子8岁，感冒后发烧，小腿疼不敢动，不肯走路', kid(8)],
    ['今天做了胸腔穿刺，回来有点头晕，脸色发白', m(60, 'M')],
    ['肝上有个血管瘤，今天突然头晕心慌', m(45, 'F')],
    ['甲状腺手术后三年了，最近有点累', m(50, 'F')],
    ['儿子6岁 包皮翻不下来 尿尿的时候前面鼓个包', kid(6)],
    ['孩子发烧咳嗽，呼吸很急很粗，吐了两次', kid(3)],
    ['甲亢，最近心慌手抖，瘦了十斤，两条腿没力气', m(30, 'F')],
    ['我妈吃着呋塞米，这两天心慌，有点没劲，腿肿', m(75, 'F')],
    ['我妈情绪很安定，停了降压药一周', m(60, 'F')],
    ['羽毛球打到眼睛了，有点红，看东西还清楚', m(20, 'M')],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});
