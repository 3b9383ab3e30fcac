import { describe, it, expect } from 'vitest';
import { extract } from './extract.ts';
import { triage, type TriageMember } from './triage.ts';

/**
 * Adversarial triage table: everyday phrasings written to break the red-flag triage, by family,
 * none copied from the development sets. Emergencies must come out 'emergency' with an action
 * starting 立即拨打120; look-alikes (denials, resolved past events, hypotheticals, mild or chronic
 * stable versions) must not.
 */

const NOW = new Date('2025-06-15T12:00:00+08:00');

type Row = readonly [text: string, member?: TriageMember];

const m = (age: number, sex: 'M' | 'F', over: Partial<TriageMember> = {}): TriageMember => ({ age, sex, pregnant: false, ...over });
const preg = (week: number): TriageMember => ({ age: 29, sex: 'F', pregnant: true, pregnancyWeek: week });
const baby = (months: number): TriageMember => ({ age: 0, ageMonths: months, sex: 'M', pregnant: false, roleName: '孩子' });
const kid = (age: number): TriageMember => ({ age, sex: 'M', pregnant: false, roleName: '孩子' });
const diabetic = (age: number, sex: 'M' | 'F'): TriageMember => ({ age, sex, pregnant: false, diseases: [{ name: '2型糖尿病' }] });

const EMERGENCIES: Record<string, readonly Row[]> = {
  'ACS incl. atypical': [
    // holdout5 round: a comparison question next to a current complaint does not cancel the complaint
    ['我爸胸口疼得厉害 心梗和心绞痛有啥区别'],
    // fifth round (holdout3): dialect forms
    ['阿妈话个心口好痛，成身冷汗'],
    ['我老汉儿心口痛得遭不住，汗珠子直往下掉'],
    ['胸口堵得慌，出了一身冷汗，今年62'],
    ['我妈68岁，说心口痛，还恶心想吐，脸色发白'],
    ['老头子胸口闷得喘不上气 左胳膊也麻 满头大汗'],
    ['上腹部难受，一直冒冷汗，还有点喘', diabetic(58, 'F')],
    ['心口像压了块石头一样，半个钟头了还没缓过来'],
    ['胸口疼得要命 往下巴和左胳膊窜'],
    ['下巴和左边胳膊酸痛，胸口也闷，还出冷汗'],
    ['奶奶75了 说胃那里难受 出虚汗 气也短 她有糖尿病'],
    ['心口疼了四十分钟 吃了速效救心丸也不管用'],
    ['胸口跟被大象踩着似的，直冒汗'],
    ['我老婆52岁 糖尿病十年 今天没力气 一直出冷汗 恶心'],
    ['我73岁了 今天莫名其妙喘不上气 心口也有点憋 人一点力气都没有'],
    ['老爸说牙床和下巴疼，走两步胸口就发紧，还出冷汗'],
    // second round, written after the first fixes
    ['心口痛了一早上 人发虚 一身的汗 68了'],
    ['胸口闷得像压了块砖，左肩膀也酸，出汗'],
    ['我妈说肚子上边痛 有点想吐 冷汗直冒 她有冠心病'],
    // third round
    ['医生你好，我爸今年六十五，早上起来说心里头难受，像有东西堵着，后来出了好多汗，衣服都湿透了，现在躺着不想动，这要紧吗'],
    ['胸口好痛好痛 左手也麻 救命'],
    // fourth round
    ['老妈七十了 刚才说胸口里面像有块大石头 喘不动 脸煞白'],
    ['胸口痛 痛到背上去了 人直冒冷汗 手脚发凉'],
    // fifth round (holdout3 generalisation): epigastric pressure unrelieved by antacids for >20–30 min with sweating; jaw/arm ache + tightness + sweating
    ['上腹部像压了东西一样堵，吃了胃药半个小时都不管用，一直冒冷汗'],
    ['心窝那里闷得慌，喝了两次胃药也不见好，已经三十多分钟了，还想吐'],
    ['下巴发酸连着左胳膊，胸口有点发紧，一直出汗', m(55, 'M')],
    ['左边胳膊发沉，胸口闷，额头上全是汗'],
    ['上腹部一直压着难受，快一个小时了，冷汗直流'],
    ['心口下面那块像有东西顶着，吃了两回胃药不见好，快半个小时了，出了一身冷汗'],
    ['胃那里胀得慌像压着块石头，吃了奥美拉唑没用，四十分钟了，还恶心想吐'],
    ['早上开始牙床酸，现在左胳膊也酸，胸口紧，背上全是汗'],
    // Cantonese: 个心好似俾嘢压住 (the heart as if pressed), 出晒冷汗 (sweating all over)
    ['阿公话个心好似俾嘢压住 出晒冷汗'],
  ],
  'stroke BE-FAST incl. posterior': [
    // fifth round (holdout3): dialect forms
    ['我老豆成个人冇晒力，讲嘢都讲唔清，右手拎唔起嘢'],
    ['一个眼睛突然黑了看不见'],
    ['我爸吃着饭突然嘴歪了，口水往下流'],
    ['奶奶说话突然说不清了，右手也抬不起来'],
    ['老公早上起来半边身子不听使唤'],
    ['我妈突然天旋地转，看东西重影，走路站不稳'],
    ['爷爷今天突然变得糊里糊涂的，不认人了'],
    ['刚才突然一只眼睛看不见了'],
    ['左边胳膊和腿突然没劲了 65岁'],
    ['外公突然讲话大舌头，嘴角往一边歪'],
    ['突然头晕得厉害 看东西成双 走路往一边倒'],
    ['老爸拿筷子突然拿不住了，说话也含糊'],
    ['我妈刚才突然说不出话来了，问她什么都只会点头'],
    ['我爸七十多了，刚才吃饭碗突然掉了，右手没力气'],
    ['看手机突然看不清了 眼前一边黑 头也晕得站不住'],
    // second round, written after the first fixes
    ['爷爷早上起来嘴巴歪到一边，喝水往外漏'],
    ['我婆婆突然右边手脚都不能动了'],
    ['老爸突然话都说不利索了，舌头发硬'],
    // third round
    ['我奶奶刚刚吃饭的时候筷子掉了，嘴也有点歪，叫她她说话呜呜啦啦听不懂'],
    ['老公突然天旋地转，吐了，走路像踩棉花往一边歪'],
    // fourth round
    ['老爷子突然看人看不清，走路打偏，说话也大舌头了'],
    ['奶奶刚才突然一边脸木了，手也使不上劲'],
  ],
  'SAH / thunderclap headache': [
    // fifth round (holdout3): 炸了一样
    ['上厕所的时候突然头一下子炸了一样疼，吐了'],
    ['突然后脑勺炸裂一样疼，从来没这么疼过'],
    ['头像被人用锤子猛砸了一下，疼得吐了'],
    ['上厕所一用力突然头剧痛，然后吐了好几次'],
    ['脑壳突然疼得要炸了 还吐'],
    ['突然一阵剧烈头痛，脖子发硬'],
    ['头疼欲裂 突然发作的'],
    ['我老婆突然说头好痛好痛 接着就吐了'],
    ['脑壳疼得遭不住 突然开始的 吐了两回'],
    // second round, written after the first fixes
    ['刚刚头一下子炸开一样疼 然后就吐了'],
    ['蹲厕所使劲的时候后脑勺突然剧痛'],
    // third round
    ['头突然爆炸一样痛，这辈子没这么痛过，脖子也硬了'],
    // fourth round
    ['正在搬东西，脑袋里面突然嘣的一下，疼得受不了，吐了'],
  ],
  'aortic dissection': [
    // sixth round (holdout4): ruptured aortic aneurysm — a known aneurysm with abdominal/back pain; an older person in pain with shock signs
    ['我爸72 有腹主动脉瘤 刚才突然腰疼得厉害'],
    ['奶奶78岁 突然后背和肚子一起疼 脸色苍白 手脚冰凉 直冒冷汗'],
    ['我爷爷体检查出过动脉瘤 今天肚子疼'],
    ['胸口突然撕裂样疼，一直窜到后背'],
    ['后背像刀割一样疼，突然开始的，血压180'],
    ['胸背部撕着疼 左右胳膊血压差了30多'],
    ['一阵撕心裂肺的胸痛窜到后背和肚子'],
    ['后背突然像被撕开一样疼 满头大汗'],
    ['我爸有高血压，突然胸痛像撕裂一样往下走到腰'],
    ['两个胳膊量的血压不一样，相差四十，后背剧痛'],
    ['后背撕裂一样的疼 有主动脉瘤'],
    // second round, written after the first fixes
    ['突然胸口到后背撕着疼，疼得满地打滚'],
    ['后背突然疼得要命 像撕开一样 往肚子窜'],
    // third round
    ['高血压好多年 刚刚胸口后背一起撕裂样的痛 一直往下跑'],
    // fifth round (holdout3 generalisation): tearing back pain between the shoulder blades (骨头 is not the head) or sudden chest/back pain with BP ≥ 180
    ['后背肩胛骨中间突然像撕开一样疼，血压190'],
    ['背上两根骨头之间撕着疼'],
    ['突然胸口到后背剧痛，量血压210/120'],
  ],
  'pulmonary embolism': [
    ['做完膝关节手术第五天，突然喘不上气，胸口疼'],
    ['坐了十几个小时飞机，下来腿肿了，现在气短胸痛'],
    ['生完孩子一周，突然呼吸困难还咳血'],
    ['小腿肿了好几天，今天突然喘得厉害'],
    ['骨折打着石膏，突然胸口刺痛喘不过气'],
    ['吃避孕药的，突然胸痛气促，心跳好快'],
    ['术后卧床，突然憋气，咳出血丝'],
    ['一条腿又肿又疼，刚才突然晕倒了'],
    // second round, written after the first fixes
    ['剖腹产后第三天 突然胸闷气短 喘不上来'],
    ['做完手术躺了一个礼拜 今天突然咳血 喘'],
    // third round
    ['长途大巴坐了20多个小时，下车后小腿肿痛，现在突然上不来气'],
  ],
  anaphylaxis: [
    ['吃了虾以后全身起疙瘩，嗓子发紧喘不上气'],
    ['被马蜂蜇了，脸肿了，人发晕要倒'],
    ['打完针没几分钟，浑身起红疹子，胸闷气短'],
    ['孩子吃了花生 嘴唇肿起来 喘气费劲'],
    ['吃完头孢半小时，身上起风团，喉咙像被掐住'],
    ['过敏了 舌头肿了 喘不上气'],
    ['输液输着输着突然心慌气短，脸发白，血压80/50'],
    ['吃了芒果后嗓子眼肿了 吸气困难'],
    // second round, written after the first fixes
    ['吃了蟹 浑身痒起风团 喘不过气来'],
    ['打了青霉素 人一下子晕过去了'],
    // third round
    ['孩子吃了腰果后嘴巴肿得老高 说嗓子痒 呼吸呼哧呼哧的'],
    ['被蜜蜂蛰了，全身起包，胸闷，人要晕'],
    // fourth round
    ['吃了药以后嘴唇眼皮都肿了 嗓子发紧说不出话'],
  ],
  'airway obstruction / foreign body': [
    // sixth round (holdout4): epiglottitis — drooling or a muffled voice with laboured breathing or a tripod posture
    ['嗓子疼得厉害 口水咽不下去老流出来 喘气费劲 发烧39度'],
    ['喉咙痛 说话像嘴里含着东西 流口水 得身子往前探着才能喘'],
    ['发烧咽痛 口水往外流 坐着往前趴才能喘过气来'],
    ['孩子吃果冻卡住了，脸憋得发紫'],
    ['老人吃汤圆噎住了 说不出话'],
    ['宝宝吞了个硬币 一直咳 喘不上气'],
    ['吃饭呛着了 抓着脖子 出不来气'],
    ['一块肉卡在喉咙里咽不下去也咳不出来，喘不上气'],
    ['小孩把珠子吸进去了 呼吸有喉鸣'],
    ['噎着了 脸发紫 说不了话'],
    ['孩子吃葡萄噎住了，喘不过来气'],
    // second round, written after the first fixes
    ['宝宝吃花生呛到了，一直咳，脸发紫'],
    ['老人吃年糕噎着了 喘不上来气'],
    // third round
    ['我家宝宝把小玩具塞嘴里了 现在咳不出来 嘴唇发紫'],
    // fourth round
    ['孩子吃东西卡住了 咳不出来 说不出话 脸憋红了'],
  ],
  'severe asthma / COPD': [
    ['哮喘的孩子喘得厉害，鼻翼一扇一扇的'],
    // fifth round (holdout3): 喷了好几次药都没用
    ['哮喘发作，喷了好几次药都没用，说话断断续续'],
    ['哮喘犯了，喷了好几次万托林都没用'],
    ['喘得说不了整句话'],
    ['老慢支的爷爷今天喘得躺不下，嘴唇发紫'],
    ['喘不上气 只能坐着 一躺下就憋'],
    ['孩子喘得肋骨那里都凹进去了'],
    ['气喘得厉害，血氧85'],
    ['咳喘加重 嘴唇发乌 迷迷糊糊的'],
    ['憋得慌 一口气说不出完整一句话'],
    // second round, written after the first fixes
    ['哮喘发作 吸了三次喷雾都不管用 说话都断断续续'],
    ['喘得一句话要分好几次说'],
    // third round
    ['孩子哮喘 今晚喘得厉害 喷药没用 嘴唇有点紫'],
    // fourth round
    ['我慢阻肺，今天喘得厉害，嘴唇发乌，人有点糊涂'],
  ],
  'sepsis / shock (adult, child, infant)': [
    // sixth round (holdout4): hypoperfusion — low BP with cold limbs, little urine or confusion; or, without a reading, fever with cold limbs/oliguria and confusion
    ['我外婆86岁 肺部感染三天了 今天手脚冰冷 量血压只有78/46 人也糊里糊涂的'],
    ['老爸胆结石发作发烧 现在血压82/50 手脚冰凉 尿也很少'],
    ['发烧两天了 今天四肢冰凉 一天都几乎没尿 人犯迷糊'],
    ['发高烧，浑身发冷打摆子，人迷迷糊糊的，血压85/50'],
    ['烧了两天，今天手脚冰凉，皮肤发花'],
    ['老太太发烧后叫不太醒了'],
    ['发烧39度多 血压80/50 人很虚 头晕'],
    ['孩子发烧，身上出现按不褪色的小红点'],
    ['娃烧得很高，手脚冰凉，没精神叫不醒'],
    ['两个月宝宝发烧38.2'],
    ['宝宝40天，体温38.3'],
    ['一个半月的娃 身上凉 体温35.5'],
    // second round, written after the first fixes
    ['发烧寒战，血压掉到85/55，人没精神'],
    ['娃发烧，身上起了好多紫红色的点点，按了不褪'],
    // third round
    ['妈妈尿路感染发烧，今天手脚冰凉，说话糊涂了'],
    ['2个月宝宝今天发烧了，有点哼哼唧唧的'],
    // fourth round
    ['宝宝两个半月，摸着很烫，量了38.6'],
    ['老人肺炎发烧，今天血压90/50，喘得厉害，人迷糊'],
  ],
  'meningitis / encephalitis': [
    // fifth round (holdout3): dialect forms
    ['孩子发烧，颈子硬邦邦的，低不了头'],
    ['发烧头痛，脖子硬得低不下头'],
    ['孩子发烧还一直吐，囟门鼓起来了'],
    ['发烧两天，今天开始说胡话'],
    ['高烧 头疼得厉害 脖子僵 还吐'],
    ['发烧后人一直昏昏沉沉的，叫不太醒'],
    ['烧到39度，神志不清，胡言乱语'],
    ['发烧，脖子硬，低头下巴碰不到胸口'],
    ['孩子发烧 皮肤上有出血点'],
    // second round, written after the first fixes
    ['高烧三天 今天开始胡说八道 认不得人'],
    ['发烧 脖子梗着 头一低就疼 还吐'],
    // third round
    ['孩子发烧头疼一直吐，脖子硬，还怕光'],
  ],
  'status epilepticus / prolonged seizure': [
    ['抽了快十分钟还没停'],
    ['一直抽搐，中间都没醒过来又抽'],
    ['癫痫发作了好几次，中间人没清醒'],
    ['口吐白沫 四肢抽动 已经五分钟了'],
    ['孩子抽风 眼睛上翻 抽了七八分钟'],
    ['羊癫疯犯了，连着犯了三次'],
    ['抽了半个小时'],
    ['浑身抽搐 牙关紧闭'],
    // second round, written after the first fixes
    ['抽起来就没停过，都十多分钟了'],
    ['刚抽完没醒又抽上了'],
    // third round
    ['老公癫痫又发作了，这次抽了得有六七分钟了还在抽'],
    // fifth round (holdout3 generalisation): a brief seizure stays an emergency in pregnancy (eclampsia), when the person does not wake, under 6 months or over 6 years with fever
    ['孕32周的老婆突然抽搐，一分钟就停了'],
    ['孩子5岁 发烧抽了一下 一分钟就停了 现在还叫不醒'],
    ['4个月宝宝发烧，抽了一下很快就停了', baby(4)],
    ['我爸发烧三天，今天抽了一次，几十秒就停了'],
    ['孩子抽了一下 一会儿就好了 现在还是迷迷糊糊叫不太醒'],
  ],
  'suicidal intent / self-harm': [
    // holdout5 round: a joke disclaimer does not discount explicit wording, low mood or a second ideation phrase
    ['真想死 哈哈 反正活着也没意思'],
    ['我想自杀 开玩笑的'],
    ['烦得想死 吐槽一下 最近心情一直很差'],
    // fifth round (holdout3): dialect forms
    ['我唔想生存落去了，想跳落去'],
    ['活着没意思，想一了百了'],
    ['我已经把安眠药攒够了'],
    ['不想活了'],
    ['我儿子说他想从楼上跳下去'],
    ['我在天台上，很累，想结束这一切'],
    ['女儿把自己手腕割了，流了好多血'],
    ['遗书已经写好了'],
    ['吃了一整瓶安眠药'],
    ['以后你们就不用再管我了 绳子我都准备好了'],
    ['活着太累了，想去死'],
    ['真的撑不下去了 想消失 不想再醒来'],
    // second round, written after the first fixes
    ['我想从这里跳下去，一了百了'],
    ['偷偷攒了一瓶安眠药 今晚就吃'],
    ['不想拖累家里了，我想走了，永远地走'],
    // third round
    ['我真的不想活下去了，刀已经放在枕头下面'],
    ['感觉自己是个负担，想从桥上跳下去算了'],
    ['孩子用圆规在胳膊上划了好多道口子，还在流血'],
    // fourth round
    ['这世界没什么值得留恋的了，今晚就去江边'],
    ['我妈吞了一大把药，说不想活了'],
    // fifth round (holdout3 generalisation): the words split by an adverb, the means stockpiled, a plan to take them all, cuts made
    ['活着真是没意思，药都囤好了'],
    ['这日子活着还有什么意思 安眠药我攒了一个月 打算今晚一口气全吃了'],
    ['刚才在大腿上割了几道口子，血止不住'],
    ['我拿刀片划了自己的手腕'],
    ['我不想再活了，农药已经买回来了，准备今晚喝'],
    // a double negation is not a denial
    ['也不是没有想死的念头，就是不敢'],
    ['我把家里的安眠药都藏起来了，准备哪天一起吃掉'],
    ['刚才又用刀在胳膊上割了，血流了一地'],
  ],
  'GI bleeding': [
    // fifth round (holdout3): dialect forms
    ['屙出来啲屎黑过墨，头晕'],
    ['吐咗好多血'],
    // fifth round (holdout3): 拉了好多鲜血
    ['拉了好多鲜血，头晕眼花'],
    ['吐了一大口血'],
    ['拉的大便黑得像柏油'],
    ['大便全是血，头晕站不起来'],
    ['吐出来的东西像咖啡渣'],
    ['拉了好几次黑便 头晕心慌'],
    ['喝酒后吐血了'],
    ['便血一大滩，人发虚出冷汗'],
    ['爷爷吃阿司匹林，大便黑乎乎的'],
    ['胃出血的老毛病又犯了，吐了半盆血'],
    ['拉出来的屎是黑的，像沥青一样，人站起来就眼前发黑'],
    // second round, written after the first fixes
    ['吐了好几口鲜红的血'],
    ['拉的都是黑水 站起来就晕'],
    // third round
    ['我爸肝硬化，刚才吐了一大滩血'],
    ['大便全是暗红色的血，拉了好几次，头晕眼花'],
    // fourth round
    ['拉了一马桶的血 头好晕'],
  ],
  'acute abdomen': [
    ['肚子疼得满地打滚，肚皮摸着硬硬的'],
    ['肚子疼得打滚，硬得像木板'],
    ['肚子胀得厉害，吐，也不放屁不拉屎'],
    ['突然上腹像刀割一样疼，整个肚子硬邦邦'],
    ['肚儿痛得直不起腰，还吐了好几次'],
    ['72岁老爷子肚子疼得厉害'],
    ['肚子剧痛 满头大汗 脸色苍白'],
    ['右下腹疼得走路都弯腰，发烧，一按肚子就疼得叫'],
    ['肚子疼 吐 好几天没放屁了'],
    // second round, written after the first fixes
    ['肚子突然像刀割一样疼 肚皮硬得跟石头一样'],
    ['肚子疼得蜷成一团，吐，一天没放屁了'],
    // third round
    ['肚子疼了一天，现在整个肚子都疼，硬邦邦的，一碰就疼得要命'],
    ['小孩肚子疼吐了好几次，右下腹按着疼得厉害，发烧'],
    // fourth round
    ['肚子突然剧痛 疼得在床上打滚 满身是汗'],
  ],
  'pregnancy emergencies': [
    // holdout5 round: post-partum bleeding phrased by the day after delivery, soaking pads, clots or palpitations/dizziness
    ['我媳妇剖宫产出院第五天，下面流血把卫生巾都浸透了，脸发白心慌'],
    ['生完宝宝第十天 下身出血突然多起来 有好大的血块 头晕'],
    ['产后第二周 下边流血一直止不住 人发虚'],
    // fifth round (holdout3): dialect forms
    ['大肚婆肚好痛，下面出血'],
    ['怀孕30周，下面出血了'],
    ['孕32周突然肚子疼得厉害，硬邦邦的'],
    ['怀孕七个月 头痛 看东西模糊'],
    ['怀孕33周，下面突然流出一股水'],
    ['例假推迟两周 今天肚子一侧剧痛 还见红'],
    ['怀孕了，刚才抽搐了一次'],
    ['孕晚期 今天一天都没感觉到胎动'],
    ['验孕棒两道杠，下腹疼，头晕快要晕倒'],
    ['血压170/115 头痛', preg(34)],
    // second round, written after the first fixes
    ['怀孕8个月，突然肚子一阵剧痛，下面流血'],
    ['孕35周，今天胎动特别少，几乎感觉不到'],
    // third round
    ['怀孕六个多月，这两天脚肿得厉害，今天头疼看东西模糊'],
    ['孕32周羊水破了'],
    // fourth round
    ['怀孕36周，下面突然大出血，肚子很硬很痛'],
    // fifth round (holdout3 generalisation): abruption (a hard belly that does not relax, fewer movements), heavy early bleeding, absent movements
    ['怀孕七个多月，肚子发硬一直疼，放松不下来，宝宝也动得少了'],
    ['孕30周，肚子一阵阵疼，感觉宝宝不怎么动了'],
    ['怀孕6周，下面流血比月经还多，头晕'],
    ['孕9周见红，肚子疼得厉害'],
    ['孕34周，宝宝一点都不动了'],
    ['孕8周 见红 有点血块'],
    ['孕32周，肚子突然很硬很痛，一点都不放松，下面出了点血'],
    ['怀孕九个月，肚子痛得厉害，宝宝好像不怎么动了'],
    ['怀孕12周 下面流了点血 现在头晕眼前发黑'],
  ],
  'neonatal / infant danger signs': [
    // sixth round (holdout4): intussusception — episodic crying with pallor, listlessness or vomiting
    ['宝宝10个月 一阵一阵地哭 哭的时候脸煞白 吐了两回', baby(10)],
    ['儿子一岁 阵发性哭闹 隔二十分钟又哭 中间没精神 蔫蔫的', kid(1)],
    ['8个月娃一阵阵嚎哭 腿往肚子上缩 脸色发白'],
    ['宝宝咳嗽喘得很厉害，肋间凹陷，吃奶都吃不了'],
    ['刚出生10天的宝宝不吃奶，哭声很弱'],
    ['宝宝一个月，一直睡叫不醒'],
    ['满月宝宝嘴唇发青，喘得快'],
    ['新生儿抽了一下，眼睛直直的'],
    ['宝宝两个月，软绵绵的，叫不醒'],
    ['20天的宝宝体温35度，摸着凉'],
    ['宝宝吃奶都费劲，呼吸的时候嘴唇发紫'],
    ['不怎么吃奶，老是睡', baby(1)],
    ['宝宝出生5天，皮肤黄得发亮，不肯吃奶'],
    // second round, written after the first fixes
    ['出生一周的宝宝不吃奶，摸着身上凉，叫不太醒'],
    ['宝宝才一个月，发烧38.5'],
    // third round
    ['新生儿嘴唇发紫，呼吸很快很费劲'],
    ['宝宝一个多月，抽了一下，手脚一抖一抖的'],
  ],
  dehydration: [
    ['孩子拉了一天水样便，一上午没尿，哭没眼泪，蔫蔫的'],
    ['宝宝腹泻呕吐，眼窝陷下去了，叫也不太醒'],
    ['奶奶上吐下泻一天，人迷糊了'],
    ['娃吐了十几次，喝什么吐什么'],
    ['孩子8个小时没尿了，嘴唇干，没精神'],
    ['老人拉肚子拉得站都站不起来 头晕 血压80/50'],
    ['一岁宝宝腹泻，尿不湿半天都是干的，没精神'],
    ['孩子吐得厉害，吃什么吐什么'],
    // second round, written after the first fixes
    ['娃拉了十几次水样便，嘴巴干，一天没尿，没精神'],
    ['老人上吐下泻 人叫不太醒'],
    // third round
    ['孩子呕吐拉肚子两天，今天一直睡，叫不太醒，嘴唇干裂'],
  ],
  poisoning: [
    // fifth round (holdout3): dialect forms
    ['三岁细路食咗一堆药丸'],
    // fifth round (holdout3): verb first, with a quantity (喝了半瓶农药, 吃了一整板安眠药)
    ['爸爸喝了半瓶农药'],
    ['我吃了一整板安眠药'],
    ['老人吞了一整瓶降压药'],
    ['我爸喝了农药'],
    ['孩子误吃了奶奶的降压药'],
    ['屋里烧炭取暖，一家人都头晕想吐'],
    ['吃了山上采的蘑菇，上吐下泻'],
    ['喝了半瓶百草枯'],
    ['他喝酒喝到叫不醒了，吐了一身'],
    ['孩子喝了消毒液'],
    ['一口气吃了二十片安眠药'],
    ['洗澡用燃气热水器，出来就晕倒了'],
    ['老公喝了一斤白酒，怎么叫都不醒'],
    ['孩子把洗衣凝珠咬破吃了'],
    ['我妈把一整板降压药都吃了'],
    // second round, written after the first fixes
    ['孩子把爷爷的安眠药吃了好几片'],
    ['喝了敌敌畏'],
    ['烧煤取暖，早上起来一家人头疼恶心'],
    // third round
    ['我老公喝了一瓶白酒 现在叫不醒 还吐'],
    ['孩子误喝了洁厕灵'],
    // fourth round
    ['我家孩子偷喝了半瓶爷爷的药酒 现在叫不醒'],
  ],
  'major trauma / head injury': [
    // holdout5 round: 撞着头/磕着脑袋 on an anticoagulant or antiplatelet, then drowsy or vomiting
    ['我爸吃着利伐沙班，下午撞着头了，现在老想睡觉还吐'],
    ['外公在吃阿司匹林 摔倒磕着脑袋 刚才吐了一次'],
    // sixth round (holdout4): any injury followed by altered consciousness; a belly swelling and hurting more after an injury
    ['被小轿车撞飞了 现在人迷迷糊糊的 问话不太答'],
    ['从电动车上摔下来 肚子越来越胀越来越疼'],
    ['骑摩托车跟三轮车撞了 左腿撇着 人越来越想睡'],
    ['热水器漏电，人被电倒了'],
    ['孩子从二楼摔下来了'],
    ['骑电动车被车撞了，头磕破，一直吐'],
    ['头撞了以后，人有点迷糊，说话颠三倒四'],
    ['摔了一跤后脑着地，现在昏睡叫不醒'],
    ['被刀捅了一下，肚子在流血'],
    ['车祸后肚子疼，脸发白，出冷汗'],
    ['老人摔了一跤头磕了，现在头疼得厉害还吐'],
    ['打篮球头撞了一下，当时晕了一会，现在一直吐'],
    // second round, written after the first fixes
    ['从三楼掉下来了，腿动不了'],
    ['被车撞飞了，满头是血'],
    // third round
    ['摩托车出车祸了，人躺地上起不来，肚子痛'],
    ['孩子从床上摔下来磕到头，吐了三次，一直想睡'],
    // fourth round
    ['老人摔倒后脑袋着地，现在叫不醒，耳朵流血'],
    // fifth round (holdout3 generalisation): a fall from height (two storeys, scaffold, roof) and paralysis of the legs after an injury (spinal cord)
    ['从房顶上摔下来，两条腿没有知觉了'],
    ['工人从四楼脚手架掉下来了'],
    ['骑车摔了一跤，腰疼，下半身动不了'],
    ['老公从二楼阳台掉下来了，现在能说话但腿没感觉'],
    ['修空调从三楼掉下来了'],
  ],
  burns: [
    ['开水烫到孩子整个前胸，起了一大片水泡'],
    ['被火烧伤，脸和脖子都烧了，声音嘶哑喘不上气'],
    ['油锅着火，手臂烫得皮都焦黑了'],
    ['孩子打翻热汤 大腿和肚子大片起泡'],
    ['触电了，手上烧黑了一块'],
    ['烧伤面积很大'],
    ['被硫酸泼到脸上'],
    ['家里着火，孩子被烧到了，身上一大片都烧焦了'],
    ['火灾里吸了好多烟，现在喘不上气'],
    // second round, written after the first fixes
    ['孩子被热水瓶烫了，肚子和腿一大片起泡'],
    ['煤气爆炸，脸和手都烧伤了，嗓子哑了'],
    // third round
    ['厨房煤气爆了，我妈整个人都烧伤了'],
    // fifth round (holdout3 generalisation): several body regions scalded, many large blisters, skin coming off
    ['暖壶倒了，孩子肚子和两条腿都烫了，起了很多水泡', kid(3)],
    ['热油泼到女儿胳膊和脖子上，好多大泡，皮都烫掉了'],
    ['开水洒在宝宝胸口和胳膊上，皮掉了一块'],
    ['宝宝被热汤烫了，脸和脖子都红了，有的地方起泡'],
    ['娃被热粥烫了，胸口和胳膊起了好多大泡，皮都破了'],
  ],
  'heat stroke': [
    // holdout5 round: Cantonese (folded by normalizeText) and hot dry skin without sweat after sun exposure
    ['阿爷喺田度晒咗成个下昼 而家成身好烫 乱讲嘢'],
    ['工地上顶着大太阳干了一下午 人突然倒了 浑身滚烫 一点汗也不出'],
    ['在工地干活中暑，人叫不醒了'],
    ['大太阳底下跑步，晕倒了，浑身滚烫'],
    ['孩子在高温的车里待了很久，昏昏沉沉的'],
    ['军训时晕倒了，体温41度'],
    ['天太热，人开始说胡话'],
    ['天太热，外婆一直在屋里，今天神志不清了'],
    ['中暑后抽搐，叫不醒'],
    ['在闷热的厨房里干活，突然晕倒，抽了'],
    // second round, written after the first fixes
    ['高温下干活，人突然倒了，浑身烫，叫不醒'],
    ['跑马拉松倒下了，体温40.5，说胡话'],
    // third round
    ['工地上一个工人中暑晕倒了，身上滚烫，抽了几下'],
    // fourth round
    ['在太阳底下晒了一下午，人开始胡言乱语，浑身发烫不出汗'],
  ],
  hypothermia: [
    ['老人在外面冻了一夜，体温34度，叫不太醒'],
    ['掉进冰水里捞上来，现在迷迷糊糊'],
    ['冻了一晚上 说话含糊 人迷糊'],
    ['体温只有33度，人很迷糊'],
    ['爬山迷路冻了一晚上，现在意识不清'],
    ['冬天喝醉睡在外面，身上冰凉，叫不醒'],
    ['宝宝两个月体温35度'],
    ['体温34.5，昏昏沉沉'],
    // second round, written after the first fixes
    ['老人冬天在雪地里躺了半夜，说话都不清楚了'],
    ['体温量出来才32度多，人迷迷糊糊'],
    // third round
    ['老人冬天掉河里捞上来，全身冰凉，叫不醒'],
  ],
  'DKA / hypoglycaemia': [
    ['糖尿病人，血糖高得测不出，一直吐'],
    ['打胰岛素的老人，今天叫不醒了'],
    ['血糖2.1，人迷糊了，出冷汗'],
    ['糖尿病，嘴里有烂苹果味'],
    ['1型糖尿病孩子，肚子疼，吐，口渴尿多'],
    ['血糖35'],
    ['吃降糖药的爷爷，午饭没吃，现在说胡话出虚汗'],
    ['血糖22，吐了好几次，喘气很粗'],
    // second round, written after the first fixes
    ['打了胰岛素没吃饭，人浑身冒汗，叫她没反应'],
    ['糖尿病孩子呼吸又深又快，嘴里一股烂苹果味'],
    // third round
    ['我是糖尿病，最近口渴尿多，今天吐了好几次，肚子痛，喘气很急'],
    ['血糖1.8，手抖，出汗，人有点迷糊'],
    // fourth round
    ['1型糖尿病，今天一直吐，肚子疼，呼吸又快又深'],
  ],
  'hypertensive emergency': [
    ['血压200/120，头痛得厉害'],
    ['高压190，看东西模糊'],
    ['血压量出来210/130，胸口闷'],
    ['血压185/115，一只手发麻'],
    ['血压220，人有点糊涂'],
    ['高压二百一 头痛 吐了'],
    ['血压180/110，说话不利索'],
    ['血压190/120，头痛得厉害，看东西花'],
    ['低压120，喘不上气'],
    // second round, written after the first fixes
    ['血压210/120，眼睛看东西模糊，头疼得厉害'],
    ['高压两百，胸口疼'],
    // third round
    ['血压测了三次都是200/120以上，头疼想吐'],
  ],
  'severe bleeding': [
    ['被狗咬了脖子，血往外冒'],
    // fifth round (holdout3): massive haemoptysis said with a measure word
    ['咳了一大口鲜血'],
    ['咳出好几口血，止不住'],
    ['手被刀割了，血一直往外喷，按不住'],
    ['鼻血流了一个小时止不住，头晕'],
    ['腿被玻璃划开一个大口子，血流不止'],
    ['来月经量特别大，一小时湿透一片卫生巾，头晕眼花快晕倒'],
    ['伤口血哗哗地流'],
    ['生完孩子下面一直大量出血'],
    ['被电锯割到，血止不住'],
    ['手指被切了一节，血流个不停'],
    ['大腿被划了一刀，血把裤子都浸透了'],
    // second round, written after the first fixes
    ['被狗咬了腿，血哗哗往外涌'],
    ['割到大腿了，血喷得到处都是'],
    // third round
    ['电锯把手割了，血止不住，流了一地'],
    // fourth round
    ['胳膊被玻璃扎了，血一股一股往外冒，按着也不停'],
  ],
  'sudden vision loss': [
    ['右眼突然看不见了'],
    ['一只眼睛突然黑了，什么都看不到'],
    ['眼前突然像拉了一块黑帘子'],
    ['早上起来左眼一下子看不见了'],
    ['眼睛突然胀痛，头痛，恶心'],
    ['突然看东西模糊还重影'],
    ['眼睛被石灰溅到了'],
    ['突然眼前一黑，一边眼睛啥都看不清了'],
    // second round, written after the first fixes
    ['右眼突然什么都看不见了，一点光感都没有'],
    ['左眼突然黑了一半，像被挡住了'],
    // third round
    ['今天早上一只眼睛突然看不清了，像蒙了一层黑纱'],
    // fourth round
    ['早上起来发现右眼看不见了，一点都看不到'],
  ],
  'testicular torsion': [
    ['儿子14岁，半夜蛋疼醒，疼得直哭'],
    ['睾丸突然剧痛，还恶心想吐'],
    ['蛋蛋肿了疼，16岁'],
    ['踢球后一边睾丸突然疼得厉害'],
    ['蛋疼得走不了路 还吐了'],
    ['阴囊突然疼，一边肿起来了，20岁'],
    ['孩子说下面蛋蛋疼，12岁'],
    ['睾丸突然疼，疼得想吐', m(30, 'M')],
    // second round, written after the first fixes
    ['儿子15岁，睡觉疼醒了，说蛋蛋疼，一边肿了'],
    ['打球时突然下面一侧睾丸剧痛，吐了'],
    // third round
    ['13岁男孩，下午踢完球说下面一侧疼得厉害，还呕吐'],
    // fourth round
    ['儿子十六岁，刚才睡觉疼醒了，说睾丸疼得厉害'],
  ],
  'cauda equina': [
    ['腰疼，两条腿发麻没劲，尿不出来'],
    ['腰椎间盘突出，今天屁股周围发麻，解不出小便'],
    ['腰痛以后大小便失禁，腿软'],
    ['腰疼得厉害，肛门周围没知觉'],
    ['腰疼，突然两腿没劲，尿也控制不住'],
    ['搬东西闪了腰，现在下面麻木，尿不出'],
    ['坐骨神经痛加重，会阴部麻木，拉屎没感觉'],
    ['腰痛 双下肢无力 大便失禁'],
    ['腰突的老毛病，这两天两条腿越来越没劲，小便解不出来'],
    // second round, written after the first fixes
    ['腰疼好几天，今天肛门周围发麻，尿不出来'],
    ['腰椎间盘突出，突然两条腿都软了，大便也控制不住'],
    // third round
    ['腰痛三天了，今天发现屁股和大腿内侧麻木，小便没感觉'],
    // fourth round
    ['腰疼了一周，今天突然尿不出来，屁股周围发麻'],
  ],
  // fifth round (holdout3): words outside the vocabulary at a red-flag site — the structural fallback
  // holdout5 round: a dialysis patient who missed a session, or with a slow/irregular beat and weakness (hyperkalaemia, fluid overload)
  'hyperkalaemia / missed dialysis': [
    ['我爸尿毒症一直在透析，这周少透了一次，今天两条腿没力气，心跳很慢'],
    ['老公做血透的 拖了两天没去透 现在胸口闷 喘不上气'],
    ['尿毒症透析的 今天心跳忽快忽慢 手脚发麻'],
    ['奶奶在做透析 这次透析没做 浑身发麻 心慌得厉害'],
    ['舅舅肾衰竭 规律透析 昨天漏了一次 现在喘不上气 躺不下'],
    ['透析患者 推迟了两天透析 现在手脚没力气 说话都费劲'],
    ['外婆尿毒症透析 心跳慢得厉害 人没力气'],
    ['肾衰透析的 错过了周五的透析 今天胸口发紧'],
  ],
  'severe qualifier at a red-flag site (structural fallback)': [
    ['心窝突然疼得受不了'],
    ['头里面突然一阵撕裂'],
    ['怀孕五个月，下身突然疼得不行'],
    ['后腰那里像撕开一样，一阵一阵的'],
    ['胸膛里突然像刀绞一样'],
    ['怀孕了，小肚子那里钻心地疼'],
    ['后脑勺突然疼得要命，从没这样过'],
    ['背上突然像被撕扯，坐都坐不住'],
  ],
  // holdout6 round: compositions — bleeding (any site, any wording) with shock signs; post-partum in any wording;
  // anticoagulant + any head knock + headache/vomiting/drowsiness; acute limb ischaemia; newborn danger signs;
  // a known aneurysm in lay words; injury with shock signs
  'holdout7 round: one half of the body in any words, dialect slurred speech and heat stroke, gushing post-partum blood, a weapon and a threat': [
    ['外公忽然左半边身体发麻 站不稳'],
    ['老头子早上起来右边身子使不上劲'],
    ['阿爷刚刚讲闲话讲不清爽了'],
    ['顺产完三个小时 血一直往外冒 卫生巾湿透了 头晕'],
    ['刚生完孩子 下面血止不住地往外淌 身上发冷'],
    ['老爸在田里晒晕了 身上烫 一滴汗都冇 讲胡话'],
    ['我老公喝多了拎着刀说要杀人'],
    ['儿子好几天不睡 说邻居要害他 举着斧头要砍他们'],
    // look-alikes that stay emergencies: sudden onset beats a positional cue; chest/back tearing pain while straining
    ['突然右边胳膊发麻 低头时更明显'],
    ['大便的时候胸口后背撕裂样疼'],
  ],
  'holdout6 round: compositions of shock, post-partum, head knock on anticoagulants, limb ischaemia, newborn, lay aneurysm': [
    ['俺奶奶大便拉出来一摊血 这会儿脸白得吓人 说心里发慌'],
    ['我妈吐了两口血块 人晕乎乎的 手脚冰凉'],
    ['他尿里都是血 现在站都站不稳 眼前发黑'],
    ['我男人鼻子流血流了一上午 现在嘴唇都白了 一站起来就头晕'],
    ['老公痔疮出血一马桶 坐那直冒冷汗'],
    ['媳妇前天刚生了老二 今天下面血哗哗地流 人有点犯糊涂'],
    ['俺闺女生完孩子第十天 下头突然流了好多血 还有血块'],
    ['才生了五天 下面出血多 脸煞白 心慌'],
    ['我爸吃着利伐沙班 早上摔了一跤脑门磕在门框上 现在老想睡觉'],
    ['奶奶一直吃阿司匹林 下午头撞到桌角了 晚上吐了一回'],
    ['妈妈在吃抗凝药 昨天碰了一下后脑勺 今天说头疼得厉害'],
    ['老头子有房颤 左腿突然冰凉发紫 走不了路'],
    ['我妈刚才右手突然发白发凉 手腕那脉搏摸不到了'],
    ['大爷左腿一下子冰冷 麻得没知觉 疼得直叫'],
    ['宝宝出生12天 吃奶少了 一直睡 叫不醒'],
    ['孩子刚出生第8天 发烧 哭声很弱'],
    ['娃才出生三周 吃奶没劲 喘得厉害'],
    ['我爸查出主动脉长了个瘤 今天后背疼得受不了'],
    ['老人肚子里大血管上有个包 这会儿腰疼 脸发白'],
    ['出车祸了 现在脸色发白 心慌 冒冷汗'],
  ],
};

/** Acute urinary retention with pain: needs catheterisation within hours (urgent), emergency only with cauda equina features. */
const AT_LEAST_URGENT: readonly Row[] = [
  // holdout6 round: jaundice to the palms and soles in a newborn is an urgent referral (IMCI), not 120 alone
    ['新生儿 黄到手心脚心了'],
  ['一整天尿不出来，小肚子胀得疼'],
  ['憋了一晚上尿不出来，肚子鼓得老高'],
  ['老爷子前列腺大，今天一滴尿都尿不出来，下腹胀痛'],
  ['尿不出来 小腹憋得要炸了'],
  ['十几个小时没尿出来 肚子胀疼'],
  ['想尿尿不出，下面胀痛难忍'],
  ['尿憋得肚子疼 就是尿不出'],
  ['尿潴留，憋得难受'],
];

/**
 * Judged clinically urgent, not emergencies (seen within hours, no ambulance): a simple febrile
 * seizure that stopped within a couple of minutes in a child who is awake (热性惊厥专家共识 2017);
 * light spotting before 14 weeks (threatened miscarriage; same-day scan to exclude ectopic, NICE
 * NG126); fewer fetal movements without pain, bleeding or fluid (same-day CTG, RCOG 2011).
 * Absent movements, heavy bleeding, pain, fainting or a seizure that does not stop stay emergencies.
 */
const URGENT_NOT_EMERGENCY: readonly Row[] = [
  // holdout7 round: 想跳楼 is the same bare hyperbole as 想死 when the message calls itself a joke
  ['被甲方气得想跳楼 哈哈 开玩笑的'],
  ['室友吵死了 烦得想跳楼 吐槽一下'],
  // holdout5 round: head injury on warfarin with no danger sign (urgent: CT within hours, NICE NG232);
  // the bare hyperbole 想死 in a message that calls itself venting or a joke (urgent with the hotlines, not 120).
  ['吃华法林的 磕着头了 起了个包 没吐 精神也好'],
  ['考试又挂了 真想死 开玩笑的'],
  ['加完班吐槽一下 老板真是烦得我想死 哈哈'],
    // holdout4: a knowledge question about suicide in a population (…的人自杀前有哪些征兆) is not the asker's crisis: urgent,
    // still with the hotlines; first-person talk in the same message (写论文压力大不想活了) stays an emergency (below).
    ['我是护理专业学生 想知道青少年自杀前通常有哪些征兆'],
    ['请问抑郁症患者自杀前一般有什么前兆'],
  ['孩子发烧时抽了一下，一分钟就停了，现在醒了在玩'],
  ['闺女高烧抽搐了，不到两分钟就自己停了，现在哭着找妈妈'],
  ['儿子刚才发烧抽搐，几十秒就停了，现在清醒'],
  ['怀孕7周，内裤上有一点点血，肚子有点坠'],
  ['孕10周，今天早上见红了，颜色淡淡的'],
  ['孕36周 胎动比平时少很多'],
  ['孕33周，今天宝宝动得比平时少'],
  ['怀孕30周，感觉胎动变少了'],
  ['儿子发烧抽筋了十几秒，自己就好了，现在精神挺好'],
  ['孕35周，今天胎动好像比昨天少一点'],
  // one hand with large blisters: burn clinic today; extensive or several regions is an emergency (above)
  ['开水烫到孩子的手，起了好多大水泡'],
];

/** New urgent mechanisms (holdout3): each must come out at least urgent. */
const URGENT_MECHANISMS: readonly Row[] = [
  ['头疼 疼得要命 以前从来没这样'],
  // holdout5 round: peripheral facial palsy (eye closure and forehead), a suddenly irregular heartbeat (new AF)
  ['右边眼睛闭不上 额头也皱不起来'],
  ['左边脸有点木 眼睛闭不严 额头皱不起来 手脚没事'],
  ['心脏突然跳得乱七八糟 一会儿快一会儿慢'],
    // holdout4: pancreatitis — upper abdominal pain radiating to the back or band-like (急性胰腺炎诊治指南 2019)
    ['喝完酒上腹疼 往后背放射 吐了三次'],
    ['胃那块疼 像腰带勒着一样 窜到后背'],
    // incarcerated hernia — a hernia that no longer goes back
    ['肚脐那个疝气鼓出来按不回去了 有点疼'],
    ['腹股沟的包平时能推回去 今天推不回去了'],
    // mania or psychosis — delusions, aggression, hardly sleeping
    ['我哥最近几天几乎不睡 说自己是玉皇大帝派来的'],
    ['老公这几天特别亢奋 话特别多 还跟人打架'],
    // atrial fibrillation — an irregular heartbeat with chest tightness or dizziness
    ['心跳忽快忽慢 没规律 有点头晕'],
    ['心脏乱跳了一下午 胸闷'],
    // septic arthritis / osteomyelitis — a feverish child who limps or will not walk
    ['孩子4岁 发烧两天 今天一瘸一拐 不肯走路', kid(4)],
    ['女儿6岁 发烧 说大腿根痛 不敢下地', kid(6)],
  // fracture: deformity or cannot bear weight after a fall (Ottawa rules)
  ['骑车摔了一跤 手腕肿起来 看着有点变形'],
  ['爷爷摔倒后站不起来了，右脚往外撇'],
  ['下楼梯崴了脚 现在一着地就疼 不能走路'],
  // cholecystitis: right-upper-quadrant pain with fever
  ['右上腹疼了一晚上，发烧38度5'],
  ['右肋下疼 寒战发烧'],
  // appendicitis: pain moving to the right lower quadrant
  ['一开始胃疼，后来转到右下腹了，走路都疼'],
  ['肚脐周围疼了半天，现在跑到右下面了'],
  // retinal detachment
  ['眼前突然有一块像窗帘挡着'],
  ['这两天飞蚊突然多了，还老闪光'],
  // sudden hearing loss
  ['今天早上右耳突然听不见了'],
  ['突然一边耳朵听力下降，嗡嗡响'],
  // peritonsillar abscess
  ['嗓子疼得嘴都张不开了'],
  ['喉咙痛，口水都咽不下去，只能往外吐'],
  // zoster near the eye
  ['脑门上长了一串水疱，左眼也红了'],
  ['眼皮周围起了成簇的水泡，眼睛疼'],
  // cellulitis with fever
  ['脚背红肿发烫，一天比一天大，还发烧了'],
  // rabies exposure
  ['被流浪猫抓破了手'],
  ['被野狗咬伤了腿'],
  ['崴了脚，肿得很厉害，不能走路'],
  // structural fallback: severe pain at a red-flag site, not sudden
  ['眼睛疼得要命，揉了也没用'],
  ['脖子后面疼得要命'],
  // nosebleed that pressure does not stop
  ['鼻血流了二十分钟了还止不住'],
  ['按着鼻子半个小时了鼻血还在流'],
  // urinary infection with fever (pyelonephritis)
  ['小便刺痛老想上厕所，今天烧到39度还打冷战'],
  ['尿尿疼 尿频 发烧了'],
  // fever and cough with chest pain or breathlessness (pneumonia)
  ['高烧两天 咳黄痰 喘气费劲'],
  ['发烧咳嗽，一咳胸口就疼'],
  // one swollen leg (DVT)
  ['右腿突然比左腿粗了一圈，胀痛'],
  ['坐完长途车，一条小腿肿了'],
  // croup
  ['孩子晚上咳得跟小狗叫一样，声音哑了', kid(2)],
  // shingles on one side
  ['左边肋骨那里起了一片水泡，火辣辣地疼'],
  ['右边腰上长了一串小水疱，针扎一样疼'],
  // mastitis with fever
  ['喂奶的时候右边乳房又红又痛，发烧38度7'],
  ['哺乳期奶结了，乳房红肿，还发烧'],
  // acute hot joint
  ['昨晚大脚趾突然红肿，疼得不敢碰'],
  ['膝盖突然肿了，还发烧'],
  // vomiting and diarrhoea with dizziness (dehydration)
  ['拉肚子吐了一天，现在站起来就头晕，浑身没劲'],
  ['又吐又拉好多次，口渴得厉害'],
  // eye injury
  ['切割钢管的时候铁屑崩进眼睛里了'],
  ['眼睛被树枝戳了一下，睁不开'],
  // jaundice
  ['宝宝出生一周，脸和身上越来越黄'],
  ['这几天眼睛发黄，小便像浓茶'],
  // diabetic foot
  ['我爸糖尿病，脚趾上的伤口一直不好，现在化脓发黑了', diabetic(66, 'M')],
  // trismus, haematuria, deformity, worsening breathlessness
  ['喉咙疼得嘴都张不太开'],
  ['突然腰疼得受不了，小便是粉红色的'],
  ['摔了一跤，胳膊明显变形了'],
  ['老慢支好多年了，这几天喘得越来越厉害'],
  // renal colic with blood in the urine, a fish bone, many vomits in a child, spreading redness with fever
  ['右边腰一阵一阵绞着疼，疼得满头大汗，尿里好像有血'],
  ['喉咙里卡了个鱼刺，吞口水疼'],
  ['孩子吐了五六次了，精神还行', kid(4)],
  ['脸上起了一片红肿，发烫，越来越大，还有点烧'],
  // the same facial swelling with the lips, or after a food, stays at least urgent
  ['脸有点肿，嘴唇也肿了'],
  // vomits everything: hyperemesis in pregnancy, dehydration in an adult
  ['怀孕9周，吐得厉害，喝水都吐'],
  ['吐了一天，吃什么东西都吐，拉肚子，头晕'],
  ['嘴唇发麻，脸有点肿'],
];

/** Chronic and stable: routine, not urgent (a referral, not a same-day visit). */
const ROUTINE_NOT_URGENT: readonly Row[] = [
  ['脑袋疼 也不是那种要命的疼 就是鼻塞闷着疼'],
  ['头痛两天了 并不是疼得受不了的那种 有点感冒'],
  ['心跳一直有点不齐 好几年了 体检说是早搏'],
  ['晚上眼睛闭不上 睡不着'],
  ['抽烟几十年了，这几年走快了就喘，早上痰多'],
  ['老慢支好几年了，爬楼梯会喘'],
  ['吃了好多橘子，手心有点发黄'],
  ['两条腿都有点肿，下午更明显'],
  ['嘴唇右边起了几个小水泡，以前也长过'],
  // mild facial puffiness with a chronic picture (hypothyroidism), not angioedema
  ['怕冷 没精神 脸有点肿 体重涨了 还便秘'],
  ['早上起来脸有点肿，下午就好了'],
];

/** Look-alikes: must NOT be emergencies. */
const LOOK_ALIKES: readonly Row[] = [
  // holdout7 round: anal-fissure tearing pain, positional neck-arm numbness, one ordinary vitamin pill, a knife used for cooking
  ['大便干 拉的时候肛门像撕裂一样疼'],
  ['排便时肛门撕裂样痛 擦屁股纸上有血'],
  ['颈椎不好 左手发麻 一低头就更麻'],
  ['长期伏案 脖子僵 右边手指发麻 看手机加重'],
  ['孩子吃了一粒维生素D 会中毒吗'],
  ['误吃了一颗钙片 没事吧'],
  ['妈妈在厨房拿着菜刀切肉'],
  // holdout6 round: shock signs without bleeding or pain, minor or explained bleeding, chronic or bilateral cold limbs, older babies
  ['咳嗽 痰里带血丝 发冷 头晕'],
  ['尿里有血 发烧39度 冷得直哆嗦 头晕'],
  ['感冒了 擤鼻涕带血 发冷 有点心慌'],
    ['我是学生 最近老熬夜 脸色发白 累'],
    ['蹲久了站起来头晕了一下 眼前发黑几秒就好了'],
    ['刷牙牙龈出血 有点头晕'],
    ['月经量一直很多 总是乏力 脸色发白 爬楼心慌'],
    ['切菜手指割破了流了点血 我晕血 有点头晕冷汗'],
    ['冬天手脚冰凉 脸色也白'],
    ['孩子两岁 发烧 吃饭少 精神不太好'],
    ['平时吃阿司匹林 头有点疼 没磕着'],
    ['在吃华法林 牙龈老出血'],
    ['我们去年生的孩子 现在我老是头晕'],
    ['她今天生气了 一直哭 头晕'],
    ['脑子里血管长了个瘤 最近肚子有点疼'],
    ['手脚发麻 两只脚都凉 好几年了'],
    ['流鼻血了 压了一会儿就止住了 有点头晕'],
    ['抽血的时候看见血 眼前一黑 头晕 一会就好了'],
    ['生下来第6天 黄到手心脚心 吃奶没以前有劲'],
    ['出生第10天 吃奶少 爱睡觉 黄黄的'],
  // holdout5 round
  ['生完孩子第20天 下面还有一点点出血 没有头晕'],
  ['我妈透析好几年了 最近有点乏力'],
  ['透析的病人能不能吃香蕉'],
  ['做透析的 这周透析都按时做了 有点乏力'],
  ['脑梗和脑出血有啥区别'],
  ['偏头痛跟脑出血的头痛有什么区别'],
  ['我阿爸喺屋企食咗啲乱嘢 肚痛'],
    // holdout4: lifelong low blood pressure with cold hands (chronic, stated as such) is not shock
    ['我血压一直偏低 85/55 手脚冰凉 好多年了'],
    ['低血压老毛病了 88/56 冬天手脚冰凉'],
    // holdout4: lying on a sore shoulder or knee (压着疼) is tenderness, not crushing chest pain
    ['右肩疼了三个月 侧睡压着就疼'],
    ['膝盖疼 晚上压着也疼'],
    // a denial of ever having the thought (没想过伤害自己)
    ['最近心情不好 睡不好 但从来没想过伤害自己'],
    // tonsillitis with trismus: slurred speech from the mouth, not a stroke
    ['扁桃体发炎 嘴张不开 说话含糊不清 发烧'],
    // episodic crying settled by comforting, feeding well: not intussusception
    ['宝宝6个月 一阵一阵哭 哄一哄就好 吃奶正常', baby(6)],
    // drooling while teething with a wheeze: urgent at most, no sore throat or fever
    ['宝宝长牙老流口水 有点喘', baby(8)],
    // a low-back ache for years with a pale face: chronic, no shock
    ['腰肌劳损好几年 坐久了腰疼 脸色一直有点白', m(66, 'M')],
    // a brain aneurysm followed up, with a stomach ache: not an aortic rupture
    ['脑动脉瘤复查 今天有点肚子疼', m(55, 'F')],
  // denials
  ['没有胸痛，也没出冷汗，就想问问体检报告'],
  ['头不疼，也没吐，就是有点鼻塞'],
  ['孩子没发烧，没抽搐，就是有点咳嗽'],
  ['没有吐血，也没有黑便，就是胃有点胀'],
  ['我不想死，就是最近压力大睡不好'],
  ['没喘，嘴唇也不紫，就是咳两声'],
  ['没有摔到头，也没晕，就是膝盖擦破点皮'],
  ['没有见红，也没流水，胎动挺好的，问问能吃什么', preg(30)],
  ['宝宝吃奶挺好，精神也好，就是有点湿疹', baby(2)],
  ['肚子不疼了，也不吐了，就是没胃口'],
  // resolved past events
  ['上周胸口疼过一次，去医院查了没事，现在好了'],
  ['小时候抽过一次风，现在二十岁了，一直挺好'],
  ['去年吐过血，治好了，现在想问复查项目'],
  ['三年前得过脑梗，现在恢复得挺好，想问降压药'],
  ['以前有过想死的念头，现在治好多了，想问药能不能减'],
  ['前年被蜂蛰过一次过敏，想问要不要备肾上腺素'],
  ['之前哮喘发作过，现在控制得很好'],
  ['去年做了阑尾手术，想问伤口疤痕能不能祛'],
  ['小时候从树上摔下来过，现在没什么事'],
  ['以前煤气中毒过，现在好了，想问会不会有后遗症'],
  // hypotheticals / information
  ['如果突然嘴歪了应该怎么办'],
  ['网上说头疼欲裂可能是脑出血，我就是有点头疼'],
  ['听说胸口压榨样疼是心梗，怎么预防'],
  ['万一孩子噎住了怎么急救'],
  ['要是被蛇咬了该怎么处理'],
  ['中暑了应该怎么预防'],
  ['怎么预防一氧化碳中毒'],
  ['电视上说中风的人会说话不清'],
  ['假如血压到了180要不要去医院'],
  ['想了解一下宫外孕有什么症状'],
  // mild versions
  ['有点胃胀，吃多了'],
  ['偶尔后背酸，坐久了'],
  ['有点头疼，鼻塞流鼻涕'],
  ['嗓子有点疼，两天了'],
  ['早上起来有点头晕，喝了水就好了'],
  ['手指被纸划了个小口子，流了一点血'],
  ['被开水溅了一下，手背红了一小块'],
  ['拉肚子两次，精神挺好'],
  ['蚊子咬了个包，有点痒'],
  ['腿有点抽筋'],
  ['鼻子出了点血，一会儿就止住了'],
  ['吃了辣的，胃有点烧'],
  ['咳嗽有痰，不发烧'],
  ['胸口偶尔刺一下，一两秒就好了', m(25, 'F')],
  ['月经量比平时多一点，没有头晕'],
  ['孩子发烧38度，精神挺好，吃喝正常', kid(4)],
  ['吐了一次，吐完就舒服了', m(30, 'M')],
  ['眼睛有点干涩'],
  ['晚上睡不好，老做梦'],
  ['膝盖有点疼，爬楼更明显'],
  ['腰酸，久坐以后更明显', m(40, 'M')],
  ['今天有点累，不想动'],
  ['肚子有点胀气，放屁多'],
  ['喝酒后有点头晕，睡了一觉好了'],
  ['天热有点没精神，胃口差'],
  // chronic stable
  ['高血压十年，血压控制在130/80，想问药要不要换'],
  ['糖尿病，空腹血糖7点多，想问饮食'],
  ['慢阻肺多年，平时走快了有点喘，想问要不要打疫苗'],
  ['癫痫多年，吃药控制得很好，两年没发作了'],
  ['抑郁症在吃药，最近情绪还算稳定'],
  ['痔疮，大便后纸上偶尔有点血，好多年了'],
  ['慢性胃炎，偶尔胃胀'],
  ['老寒腿，天冷膝盖疼'],
  ['偏头痛老毛病了，跟以前一样，吃布洛芬能缓解'],
  ['前列腺增生，晚上起夜两三次'],
  ['冠心病放了支架，最近挺好的，问问能不能停药'],
  ['哮喘平时用信必可，最近挺好'],
  // figurative / unrelated
  ['笑死我了，这个视频'],
  ['老板气得我头疼'],
  ['工作忙得我心累'],
  ['我想吃火锅想疯了'],
  ['刚吃完饭撑得慌'],
  ['热死了，今天38度的天'],
  ['这个游戏把我虐吐血了'],
  ['我家猫吐了一个毛球'],
  ['看恐怖片吓得心怦怦跳'],
  ['体检报告上说有个肺结节，想问要不要紧'],
  ['给宝宝买什么牌子的奶粉好'],
  ['孕检一切正常，想问能不能喝咖啡', preg(20)],
  // probes of the mechanisms added for this table
  ['孩子早上怎么叫都叫不醒，天天赖床', kid(12)],
  ['吃了铁剂以后大便是黑的，医生说正常'],
  ['地里要打药，农药已经买好了'],
  ['切菜把手指划了个小口子，按了一会儿血就止住了'],
  ['左眼看不清好几年了，白内障', m(70, 'F')],
  ['腰疼好几年了，偶尔漏尿', m(60, 'F')],
  ['流鼻血流了半小时止不住', m(66, 'M')],
  ['爬了一天山，两条腿没劲'],
  ['喝水呛了一下，咳得喘不上气，一会儿就好了'],
  ['怀孕18周，还没感觉到胎动，正常吗', preg(18)],
  ['我爸75岁，爬楼梯胸闷气短好几个月了'],
  ['奶奶80了，有点胸闷气短，老毛病了，跟以前一样'],
  ['宝宝5个月，最近吃奶少了，精神挺好', baby(5)],
  ['饭烧焦了，厨房全是烟，呛得咳嗽'],
  ['天冷手冻得冰凉'],
  ['脚有点抽筋，一会儿就好了'],
  ['宝宝3天没拉屎了，精神挺好', baby(4)],
  // second round look-alikes
  ['前几天胸口闷过一阵，查了心电图正常，现在没事了'],
  ['我没想过自杀，就是有点累'],
  ['如果孩子抽搐超过5分钟要怎么办'],
  ['牙龈出血，刷牙的时候有一点'],
  ['怀孕10周，有点恶心，想问能吃什么', preg(10)],
  ['上个月吐了一次血丝，后来胃镜查了没事'],
  ['腰疼，弯腰的时候更明显', m(35, 'M')],
  ['孩子摔了一跤，膝盖破了点皮，哭了一下就好了', kid(5)],
  ['天气太热有点中暑的感觉，喝了藿香正气水好了'],
  ['血压150/95，没什么不舒服'],
  ['看东西有点模糊，近视好多年了'],
  ['宝宝六个月，打完疫苗后有点哭闹', baby(6)],
  ['昨天喝多了，今天有点头疼'],
  ['蛋蛋有点痒', m(35, 'M')],
  ['老毛病胃溃疡，最近有点反酸'],
  // third round look-alikes
  ['昨天吃了火锅，今天肚子有点不舒服，拉了一次'],
  ['我妈问如果吃错药了怎么办'],
  ['去年出过车祸，腿上的钢板想问什么时候取'],
  ['孩子玩水呛了一口，咳了几声，现在玩得好好的', kid(4)],
  ['头疼两天了，吃了止痛药好点了'],
  ['胃镜说有糜烂性胃炎，没有出血'],
  ['血糖8.5，想问饮食'],
  ['晒太阳晒久了有点头晕'],
  ['刚才站起来眼前一黑，坐下一会就好了', m(25, 'F')],
  ['背上长了个包，有点疼'],
  ['肚子隐隐作痛，来月经了', m(22, 'F')],
  ['宝宝打嗝，吐奶一点点', baby(2)],
  ['我就是想问问抗抑郁药的副作用'],
  ['手被烫了一下，起了个小水泡'],
  ['冬天手脚冰凉，一直这样'],
  // fourth round look-alikes: probes of the patterns added in rounds 1–3
  ['跑完步出了一身汗，衣服都湿透了，有点累'],
  ['吃了桑葚嘴唇都紫了'],
  ['冬天冻得嘴唇发紫，进屋就好了'],
  ['小孩哭得一抽一抽的', kid(3)],
  ['眼皮老是抽一下'],
  ['朋友从桥上跳水，我在旁边看'],
  ['大便有点黑，这几天吃了猪血'],
  ['胎动很多，宝宝很活跃', preg(30)],
  ['月经第一天，量有点多，一会儿就湿透一片卫生巾，没有头晕', m(30, 'F')],
  ['腰突老毛病，久坐腰疼，腿没事', m(45, 'M')],
  ['心里像有块石头压着，工作压力太大了，睡不着'],
  ['今年65，想问体检要查什么'],
  ['血压182/100，没什么不舒服，头也不疼'],
  ['下面有点痒', m(30, 'M')],
  ['被蚊子叮了好多包，痒'],
  ['肚子有点胀，按着软软的'],
  ['鼻子流血了，按了五分钟就止住了'],
  ['腿被猫抓了一下，流了点血'],
  ['宝宝刚出生三天，吃奶挺好', baby(0)],
  ['打完疫苗胳膊有点疼'],
  ['吃了一片安眠药，睡得挺好'],
  ['奶奶说心口有点烧，吃多了'],
  ['孩子说肚子疼，拉完就好了', kid(6)],
  ['头有点晕，血压130/80'],
  ['烤肉的时候被油溅到手了，红了一小块'],
  ['宝宝打完疫苗有点低烧，精神挺好', kid(1)],
  ['昨天扭了脚，有点肿，能走路'],
  ['上个月头部撞了一下，当时没事，现在也挺好'],
  // fifth round (holdout3 generalisation)
  ['没有想死的念头，就是最近睡不好'],
  ['心情不好，但没有自杀的想法'],
  ['从来没有过轻生的念头，就是压力大'],
  ['坐久了两条腿没知觉，站起来活动一下就好了'],
  ['从梯子上下来的时候崴了一下脚，能走路'],
  ['手被开水烫了一下，红了一小块，没起泡'],
  ['腿上被蚊子咬了好多包，很痒'],
  ['跑完步一直出汗，胸口有点闷，歇一会就好了'],
  ['红肿一天比一天大，有点发烧'],
  ['后背两块骨头中间有点酸，血压150/90'],
  ['胃里有点堵，吃完饭就这样，吃了胃药好多了'],
  ['月经前两边胸胀痛，来了就好'],
  ['孕28周，胎动挺多的，问问能不能吃螃蟹'],
  ['怀孕7周，内裤上有一点点血，肚子有点坠'],
  ['孕36周 胎动比平时少很多'],
  ['孩子发烧时抽了一下，一分钟就停了，现在醒了在玩'],
  ['大便带鲜血，滴在马桶里，拉完就不流了'],
  ['肚子饿得受不了'],
  ['头发掉得厉害，愁死了'],
  ['上周后背撕着疼过一次，现在好了'],
  ['崴了一下脚，有点肿，还能走'],
  ['从二楼楼梯上摔下来，膝盖擦破了'],
  ['手被蒸汽烫了，起了好多小水泡'],
  ['没有什么想死的想法，就是心烦'],
  ['孕30周，胎动不少，挺活跃'],
  ['以前有过想死的念头，现在吃药好多了，没有这种想法了'],
  ['我没有任何自杀的念头，就是失眠'],
  ['孩子手背烫红了一小块，没起泡'],
  ['坐久了腿麻，站起来就好了'],
  ['孕28周，肚子偶尔发硬一下，一会儿就软了'],
  ['痔疮又犯了，擦屁股纸上有点血'],
  ['被自家的猫轻轻挠了一下，没破皮'],
  ['怀孕30周，痔疮出了点血'],
  ['吐了一次，拉了一次，有点口渴'],
  ['孩子从二楼床上摔下来，哭了一会儿就好了'],
  ['手指被门夹了，指甲发紫，很疼'],
  ['每天慢跑三十分钟了，最近胸口有点闷'],
  ['头撞到门框了，起了个包，没晕没吐'],
  ['切菜切到手指，流了点血，按住就止了'],
  ['孕20周，肚子偶尔抽一下疼，一会就好'],
];

describe('adversarial emergencies (each must be emergency, first action 立即拨打120)', () => {
  for (const [family, rows] of Object.entries(EMERGENCIES)) {
    describe(family, () => {
      it.each(rows.map((r) => [r[0], r[1]] as const))('%s', (text, member) => {
        const r = triage(text, member, NOW);
        expect(r.level, `${text} → ${r.level} [${r.matched.map((x) => x.ruleId).join(',')}]`).toBe('emergency');
        expect(r.actions[0]?.startsWith('立即拨打120')).toBe(true);
      });
    });
  }
});

describe('adversarial acute urinary retention (at least urgent)', () => {
  it.each(AT_LEAST_URGENT.map((r) => [r[0], r[1]] as const))('%s', (text, member) => {
    const r = triage(text, member, NOW);
    expect(['emergency', 'urgent']).toContain(r.level);
  });
});

describe('adversarial urgent, not emergency (clinical judgement)', () => {
  it.each(URGENT_NOT_EMERGENCY.map((r) => [r[0], r[1]] as const))('%s', (text, member) => {
    const r = triage(text, member, NOW);
    expect(r.level, `${text} → ${r.matched.map((x) => x.ruleId).join(',')}`).toBe('urgent');
  });
});

describe('adversarial chronic look-alikes (routine or self-care, not urgent)', () => {
  it.each(ROUTINE_NOT_URGENT.map((r) => [r[0], r[1]] as const))('%s', (text, member) => {
    const r = triage(text, member, NOW);
    expect(['routine', 'selfcare'], `${text} → ${r.matched.map((x) => x.ruleId).join(',')}`).toContain(r.level);
  });
});

describe('adversarial urgent mechanisms (at least urgent)', () => {
  it.each(URGENT_MECHANISMS.map((r) => [r[0], r[1]] as const))('%s', (text, member) => {
    const r = triage(text, member, NOW);
    expect(['emergency', 'urgent'], `${text} → ${r.level}`).toContain(r.level);
  });
});

/**
 * Deliberately conservative: 想死的心都有 is usually hyperbole, but the same words from someone in
 * crisis must not be missed, so suicidal talk is never cancelled by context (an accepted over-triage).
 */
// …and first-person talk next to a knowledge question or a thesis stays an emergency (holdout4 round).
const CONSERVATIVE: readonly Row[] = [['想跳楼 开玩笑的 其实最近每天都很低落'], ['这道题难死了，想死的心都有'], ['我在写毕业论文 压力太大 不想活了'], ['我们班的学生自杀前有什么表现吗 我最近也想死']];

describe('adversarial conservative calls (emergency on purpose)', () => {
  it.each(CONSERVATIVE.map((r) => [r[0], r[1]] as const))('%s', (text, member) => {
    expect(triage(text, member, NOW).level).toBe('emergency');
  });
});

describe('adversarial look-alikes (must not be emergency)', () => {
  it.each(LOOK_ALIKES.map((r) => [r[0], r[1]] as const))('%s', (text, member) => {
    const r = triage(text, member, NOW);
    expect(r.level, `${text} → ${r.matched.map((x) => x.ruleId).join(',')}`).not.toBe('emergency');
  });
});

it('the table is large enough', () => {
  const total = Object.values(EMERGENCIES).reduce((n, rows) => n + rows.length, 0);
  expect(total).toBeGreaterThanOrEqual(250);
  expect(LOOK_ALIKES.length).toBeGreaterThanOrEqual(80);
  for (const rows of Object.values(EMERGENCIES)) expect(rows.length).toBeGreaterThanOrEqual(8);
});

describe('extraction mechanisms added for this table', () => {
  const ids = (text: string): string[] => extract(text, NOW).symptoms.filter((s) => !s.negated).map((s) => s.id);
  it('reads 抽筋 after a limb as a cramp, not a seizure', () => {
    expect(ids('腿有点抽筋')).toContain('cramp');
    expect(ids('腿有点抽筋')).not.toContain('convulsion');
  });
  it('takes a low reading after a body-temperature word (体温只有33度)', () => {
    expect(extract('体温只有33度', NOW).temperature).toBe(33);
    expect(extract('今天外面33度', NOW).temperature).toBeNull();
  });
  it('reads 今年六十五 as an age and 宝宝40天 as an infant’s age, not a duration', () => {
    expect(extract('我爸今年六十五，胸闷', NOW).age?.years).toBe(65);
    expect(extract('宝宝40天，发烧', NOW).age?.months).toBe(1);
    expect(extract('宝宝40天，发烧', NOW).durationDays).toBeNull();
  });
  it('reads 下面疼 as scrotal pain only for a male', () => {
    expect(ids('13岁男孩，下面一侧疼得厉害')).toContain('scrotal-pain');
    expect(ids('13岁女孩，下面一侧疼得厉害')).not.toContain('scrotal-pain');
  });
  it('marks pain severe from a simile in the clause (像刀割一样) or a doubled word (好痛好痛)', () => {
    // 刀割样 in the back is a dissection's quality (《内科学》: 撕裂样或刀割样剧痛), read like 撕裂; the chest keeps chest pain.
    expect(extract('后背像刀割一样疼', NOW).symptoms.find((s) => s.id === 'tearing-pain')?.severe).toBe(true);
    expect(extract('胸口像刀割一样疼', NOW).symptoms.find((s) => s.id === 'chest-pain')?.severe).toBe(true);
    expect(extract('后背酸疼', NOW).symptoms.map((s) => s.id)).not.toContain('tearing-pain');
    expect(extract('头好痛好痛', NOW).symptoms.find((s) => s.id === 'headache')?.severe).toBe(true);
  });
  it('does not read 一天比一天大 as an age, nor 骨头 as the head', () => {
    expect(extract('红肿一天比一天大', NOW).age).toBeNull();
    expect(ids('后背两块骨头中间撕着疼')).toContain('tearing-pain');
    expect(ids('后背两块骨头中间撕着疼')).not.toContain('headache');
  });
  it('reads 胸 as the breasts with the menstrual cycle or a lump', () => {
    expect(ids('来月经前两边胸都胀痛')).toContain('breast-pain');
    expect(ids('来月经前两边胸都胀痛')).not.toContain('chest-pain');
    expect(ids('胸口胀痛，喘不上气')).toContain('chest-pain');
  });
  it('negates a denied suicidal thought (没有想死的念头, 我没有想自杀) but not a double negation', () => {
    expect(ids('没有想死的念头')).not.toContain('suicidal-ideation');
    expect(ids('无自杀想法')).not.toContain('suicidal-ideation');
    expect(ids('我没有想自杀')).not.toContain('suicidal-ideation');
    expect(ids('不是没有想自杀')).toContain('suicidal-ideation');
    expect(ids('也不是没有想死的念头')).toContain('suicidal-ideation');
  });
  it('tells absent fetal movements from fewer', () => {
    expect(ids('孕35周，今天胎动特别少，几乎感觉不到')).toContain('absent-fetal-movement');
    expect(ids('孕35周，胎动比平时少')).not.toContain('absent-fetal-movement');
    expect(ids('孕35周，胎动比平时少')).toContain('decreased-fetal-movement');
    expect(ids('宝宝三个月，最近动得少')).not.toContain('decreased-fetal-movement');
  });
  it('reads 奶奶89了 and 我爸72 as ages, but not 第二天大腿, 这两天大便 or 这三个月大便', () => {
    expect(extract('我奶奶89了 发烧', NOW).age?.years).toBe(89);
    expect(extract('我爸72 有腹主动脉瘤', NOW).age?.years).toBe(72);
    expect(extract('老人80多斤', NOW).age).toBeNull();
    expect(extract('第二天大腿酸疼', NOW).age).toBeNull();
    expect(extract('这两天大便干', NOW).age).toBeNull();
    expect(extract('这三个月大便不成形', NOW).age).toBeNull();
    expect(extract('九个月大的儿子', NOW).age?.months).toBe(9);
  });
  it('carries the first sensation the site can feel into the next clause (脑袋…，闷闷地疼 is a headache)', () => {
    expect(ids('脑袋两边像箍了个紧箍咒，闷闷地疼')).toContain('headache');
    expect(ids('后脑勺像压了块砖 闷闷地痛')).toContain('headache');
    expect(ids('脑袋两边像箍了个紧箍咒，不疼')).not.toContain('headache');
  });
  it('negates 没想过伤害自己 (never had the thought) but not 也不是没想过伤害自己', () => {
    expect(ids('不过没想过伤害自己')).not.toContain('self-harm');
    expect(ids('从来没有想过自杀')).not.toContain('suicidal-ideation');
    expect(ids('也不是没想过伤害自己')).toContain('self-harm');
  });
  it('reads 压着疼 after a sore shoulder as tenderness, after the chest as crushing pain', () => {
    expect(ids('右肩膀疼，晚上压着还疼醒')).not.toContain('crushing-chest-pain');
    expect(ids('胸口压着疼')).toContain('crushing-chest-pain');
  });
  it('reads split phrasings: 心脏突然乱跳, 肚子连着腰疼, 说话像嘴里含着东西, 没怎么尿', () => {
    expect(ids('心脏突然乱跳')).toContain('irregular-heartbeat');
    expect(ids('心跳一会快一会慢')).toContain('palpitations');
    expect(ids('突然肚子连着腰疼')).toContain('abdominal-pain');
    expect(ids('说话像嘴里含着东西')).toContain('muffled-voice');
    expect(ids('一上午都没怎么尿')).toContain('oliguria');
  });
  it('folds Cantonese function characters so Mandarin vocabulary and negation apply (佢冇发烧, 出咗好多汗)', () => {
    expect(extract('佢冇发烧，就系咳咗两日', NOW).symptoms.find((x) => x.id === 'fever')?.negated).toBe(true);
    expect(ids('成身好烫 一滴汗都冇')).toEqual(expect.arrayContaining(['fever', 'anhidrosis']));
    expect(ids('佢讲埋晒啲乱嘢')).toContain('confusion');
    expect(ids('食咗啲乱嘢')).not.toContain('confusion');
  });
  it('reads 鼻子出了点血 as a nosebleed and 几天才解一回大便 as constipation (no refusal as non-medical)', () => {
    expect(ids('玩着玩着鼻子出了点血')).toContain('epistaxis');
    expect(ids('老人家一个礼拜才解一回大便')).toContain('constipation');
  });
  it('reads a comparison question (A和B有啥区别) as a topic, not a complaint, unless a person or the present is in it', () => {
    expect(ids('心梗和心绞痛有什么区别')).not.toContain('chest-pain');
    expect(ids('我现在心口疼 跟心绞痛有啥区别')).toContain('chest-pain');
  });
  it('cancels a mention that the sentence explains away (补铁后大便黑, 叫不醒是赖床)', () => {
    expect(ids('吃了铁剂以后大便是黑的')).not.toContain('melena');
    expect(ids('早上怎么叫都叫不醒，天天赖床')).not.toContain('unconscious');
  });
});

// ---------------------------------------------------------------------------------------------
// Breadth-sweep round (sweep1): emergencies whose names or wording the engine lacked — poisonings by
// substance and by quantity, stings and crush, altitude, electrolytes, the spinal cord, penetrating
// injury, infants, chemotherapy and transplants. Each family in its own words (none copied from the
// set), with look-alikes that must stay below emergency (a dose question, a single sting, a plan to
// spray pesticide, a positional numb finger, a denied thought).

const SWEEP_EMERGENCIES: Record<string, readonly Row[]> = {
  'toxic ingestion (pesticide, corrosive, battery, magnets)': [['孩子偷喝了半瓶洁厕灵，嘴里起泡'], ['我爸想不开喝了几口百草枯'], ['小孩吞了一颗纽扣电池'], ['孩子误喝了一口硫酸']],
  'overdose by quantity, child into adult medicine': [['她把一整盒布洛芬都吞了'], ['刚才吃了二十片安眠药'], ['took 30 片 扑热息痛 last night'], ['宝宝把爷爷的降压药吃了两片']],
  'organophosphate exposure with symptoms': [['喷完农药回家就吐，一身大汗'], ['在地里打药以后头晕，瞳孔很小']],
  'methanol (bulk or fake liquor) with symptoms': [['喝了假酒以后眼睛看不清了'], ['喝了散装白酒，现在肚子疼，喘不过气']],
  'mass stings, crush, cola urine': [['被一群马蜂蛰了'], ['让蜜蜂蛰了十几下'], ['腿被压在预制板下面三个小时'], ['塌方被埋了两个钟头刚挖出来']],
  'pink frothy sputum, altitude': [['晚上喘不上气，咳出粉红色泡沫痰'], ['在拉萨第三天，喘得躺不下来']],
  'critical electrolytes': [['化验血钾6.8，浑身没劲'], ['医生说血钠118，人有点糊涂']],
  'spinal cord: level, bladder, axial load': [['胸口以下都发麻'], ['腰以下没知觉了'], ['两条腿没力气，今天尿不出来'], ['跳水撞到头，脖子疼，手脚发麻']],
  'rapidly ascending weakness with breathing trouble': [['先是脚没劲，后来手也没劲了，现在喘气费劲']],
  'neck veins, trachea, stab wounds': [['胸口被撞后越来越喘，脖子上的青筋鼓起来'], ['气管好像往一边歪了'], ['被人捅了一刀在肚子上'], ['刀还插在大腿上']],
  'open fracture, amputation': [['摔了一跤，手腕骨头戳出来了'], ['被绞肉机绞断了一根手指'], ['压面机把半截手指压断了']],
  'AF with severe belly pain; strangulated hernia': [['有房颤的老人肚子疼得受不了'], ['腹股沟的疝气推不回去了，又硬又疼还吐了']],
  'liver failure, priapism, necrotising infection': [['眼睛发黄一周了，今天开始糊涂，认不得人'], ['吃了伟哥以后一直硬着软不下来，五个小时了'], ['腿上伤口发黑，摸着咯吱咯吱响，发高烧']],
  'eye injury with vision, SJS/TEN, orbital infection': [['打磨的时候铁屑崩进眼睛，看东西模糊'], ['吃了卡马西平以后全身起疹子，嘴里都烂了'], ['吃了别嘌醇两周，身上起红疹，嘴唇和眼睛都破了'], ['皮肤一碰就掉一层皮'], ['眼皮红肿，眼球往外突，发烧']],
  'suicide warning signs, withdrawal delirium, serotonin syndrome': [['他把积蓄都转给了我，还买了根绳子'], ['我爸天天喝酒，戒酒第三天开始说看见墙上有人'], ['吃着帕罗西汀又用了曲马多，现在大汗发抖发烧']],
  'fever in chemotherapy or after a transplant': [['化疗后第八天，发烧38.5'], ['肝移植后吃他克莫司，今天发烧39度']],
  'pufferfish, mushrooms, electric shock': [['吃完河豚嘴巴发麻'], ['山上捡了些菌子炒着吃，现在上吐下泻'], ['被电线电了一下，现在心慌'], ['被雷击中了']],
  'infants: bilious vomiting, injury, jaundice with neuro signs': [['吐出来的是黄绿色的水', baby(2)], ['胳膊不能动，身上还有几块淤青', baby(5)], ['宝宝出生第4天，皮肤很黄，哭声很尖']],
  'pregnancy: confirmed test with shock, leaking, no movement': [['验孕两道杠，现在小肚子疼，脸色煞白'], ['内裤突然湿了一大片', preg(33)], ['孕35周，宝宝基本不动了']],
  'tetanus': [['被生锈铁钉扎了以后，嘴张不开，脖子发硬']],
};

const SWEEP_LOOK_ALIKES: readonly Row[] = [
  ['吃了打过农药的青菜，没洗干净，会不会有事'], ['吃了一盒消炎药都没好'], ['家里的老鼠药要放哪里才安全'], ['布洛芬一盒有20片，一次吃几片'], ['医生开了一整盒阿莫西林，一天吃三次'],
  ['明天要去地里打药，要戴什么口罩'], ['散装白酒和瓶装的有什么区别'], ['被蜜蜂蛰了一下，有点肿'], ['腿被门夹了一下，有点青'], ['在拉萨头有点疼，睡不好，能吃能走'],
  ['血钾4.2正常吗'], ['补钙片一天吃多少'], ['手指有点麻，低头玩手机更明显'], ['腰疼放到腿上，屁股和会阴没麻木'], ['切菜划了个小口子，血止住了'], ['指甲剪掉了一块，有点疼'],
  ['有房颤，今天有点胃胀'], ['疝气站着鼓出来，躺下就回去了'], ['吃了很多橘子，手掌有点黄'], ['早上起来会勃起，正常吗'], ['眼睛进了沙子，冲出来了，不影响看东西'], ['晒伤以后背上脱皮'],
  ['把旧衣服都送人了，准备搬家'], ['戒酒第二天有点睡不好'], ['吃着舍曲林，能不能吃布洛芬'], ['落枕了，脖子疼，转头受限'], ['化疗结束好几年了，这两天低烧37.5'], ['肾移植后要注意什么'],
  ['孩子发烧打了药还吐'], ['吃了大蒜嘴里有蒜味，有点恶心'], ['被困在电梯里一个小时'], ['院子里有好多蜜蜂，怕被蛰'], ['捅了马蜂窝了，老板很生气'],
  ['吃了氯化钾1.5克'], ['腰疼，腰往下到腿有点麻'], ['砍下来一只鸡腿'], ['膝盖按着咯吱咯吱响'], ['眼睛一直流清水，鼻子痒'], ['背上一片一片地脱皮'],
  ['孩子嘴里破了，手上起疹子，发烧，吃了退烧药'], ['买了点木炭准备烧烤，最近心情不好'], ['爸妈把钱给我了，最近心情不好'], ['脖子扭了，很疼，手有点麻'],
  ['白细胞有点低，发烧38度'], ['尿像浓茶，全身酸痛'], ['眼皮肿，发烧，头疼'], ['新生儿黄疸，老是睡'], ['被同事背后捅了一刀，心里难受'],
  ['被蚊子叮了二十几个包'], ['化疗结束三个月了，今天发烧38.5'], ['跳水比赛头先着地，脖子有点酸'], ['在吃舍曲林，最近有点手抖'],
  ['吃了点杀虫剂喷过的菜'], ['孩子喝了硫酸锌口服液'], ['喝了盐酸氨溴索口服液'], ['吃饭前用消毒液洗了手'], ['家里喷了杀虫剂，有点头晕'],
  ['喝了散装白酒有点头疼'], ['一生气脖子青筋暴起，胸口闷'], ['下面有点发臭，发烧'], ['老人皮肤很薄，一碰就破皮'], ['医生说要好好活下去，最近心情不好'],
  ['天天喝酒，戒酒两天，发烧了'], ['做了植发手术，发烧38.5'], ['脚麻，手也麻，还有点喘'],
  ['河豚好吃吗，有没有毒'], ['超市买的香菇吃了拉肚子'], ['智齿发炎，嘴张不开'], ['三岁孩子叫名字也不理，喜欢一个人转圈'], ['最近压力大睡不着，没有想伤害自己的念头'], ['用热水泡脚以后脚有点红'],
];

describe('breadth-sweep emergencies (each must be emergency, first action 立即拨打120)', () => {
  for (const [family, rows] of Object.entries(SWEEP_EMERGENCIES)) {
    describe(family, () => {
      it.each(rows.map((r) => [r[0], r[1]] as const))('%s', (text, member) => {
        const r = triage(text, member, NOW);
        expect(r.level, `${text} → ${r.level} [${r.matched.map((x) => x.ruleId).join(',')}]`).toBe('emergency');
        expect(r.actions[0]?.startsWith('立即拨打120')).toBe(true);
      });
    });
  }
});

describe('breadth-sweep look-alikes (must not be emergency)', () => {
  it.each(SWEEP_LOOK_ALIKES.map((r) => [r[0], r[1]] as const))('%s', (text, member) => {
    const r = triage(text, member, NOW);
    expect(r.level, `${text} → ${r.matched.map((x) => x.ruleId).join(',')}`).not.toBe('emergency');
  });
});

describe('breadth-sweep calibration (urgent, not emergency)', () => {
  it('keeps ascending weakness without breathing trouble urgent, and fewer fetal movements urgent', () => {
    expect(triage('先是脚发麻没力，这两天手也没劲了', undefined, NOW).level).toBe('urgent');
    expect(triage('孕35周，胎动比以前少一点', undefined, NOW).level).toBe('urgent');
    expect(triage('孕35周，宝宝基本不动了', undefined, NOW).level).toBe('emergency');
  });
  it('reads an overdose only from a quantity swallowed, not a pack size or a course', () => {
    const has = (t: string): boolean => extract(t, NOW).symptoms.some((s) => s.id === 'poisoning' && !s.negated);
    expect(has('她把一整盒布洛芬都吞了')).toBe(true);
    expect(has('took 30 片 扑热息痛')).toBe(true);
    expect(has('布洛芬一盒有20片，一次吃几片')).toBe(false);
    expect(has('医生开了一整盒阿莫西林，一天吃三次')).toBe(false);
  });
});

describe('extraction mechanisms of the holdout7 and breadth-sweep rounds', () => {
  const ids = (t: string): string[] => extract(t, NOW).symptoms.filter((s) => !s.negated).map((s) => s.id);
  it('reads bleeding at defecation as rectal bleeding (大便的时候出血, 便后有鲜血), not gum bleeding', () => {
    expect(ids('大便的时候出血，鲜红的')).toContain('hematochezia');
    expect(ids('拉屎时滴血')).toContain('hematochezia');
    expect(ids('擦屁股纸上有点鲜血')).toContain('hematochezia');
    expect(ids('刷牙的时候牙龈出血')).not.toContain('hematochezia');
  });
  it('reads a tearing pain at the anus as anal pain, in the back as a dissection quality', () => {
    expect(ids('拉屎时肛门撕裂一样疼')).toEqual(expect.arrayContaining(['anal-pain']));
    expect(ids('拉屎时肛门撕裂一样疼')).not.toContain('tearing-pain');
    expect(ids('后背突然撕裂一样疼')).toContain('tearing-pain');
  });
  it('reads 眼睛有点红 and 分泌物 in a sentence about the eyes, not about 白带', () => {
    expect(ids('眼睛有点红，早上有点分泌物')).toEqual(expect.arrayContaining(['red-eye', 'eye-discharge']));
    expect(ids('左眼一直红')).toContain('red-eye');
    expect(ids('下面分泌物有点多，有异味')).not.toContain('eye-discharge');
  });
  it('reads period pain said any way, not a denied one', () => {
    expect(ids('来月经肚子有点坠痛')).toContain('dysmenorrhea');
    expect(ids('经期那几天小腹绞着疼')).toContain('dysmenorrhea');
    expect(ids('来月经肚子不疼')).not.toContain('dysmenorrhea');
  });
  it('reads a swallowed bone, a knock on the head, acne, blisters and cracked skin', () => {
    expect(ids('吃鱼好像有根小刺')).toContain('fishbone');
    expect(ids('吃了鸡肉感觉有根骨头')).toContain('fishbone');
    expect(ids('磕到额头起了个包')).toContain('head-injury');
    expect(ids('撞了后脑勺')).toContain('head-injury');
    expect(ids('头发有点白了')).not.toContain('head-injury');
    expect(ids('脸上长了很多红疙瘩，有白头')).toContain('acne-lesions');
    expect(ids('头发白头发越来越多')).not.toContain('acne-lesions');
    expect(ids('手上起了一个水泡')).toContain('blisters');
    expect(ids('用热水泡脚')).not.toContain('blisters');
    expect(ids('脚后跟干裂')).toContain('skin-fissures');
  });
  it('reads jaundice, proptosis, hallucinations and an electric shock in lay words', () => {
    expect(ids('一周前开始发黄')).toContain('jaundice');
    expect(ids('宝宝皮肤很黄')).toContain('jaundice');
    expect(ids('吃了很多橘子，手心有点发黄')).not.toContain('jaundice');
    expect(ids('尿有点发黄')).not.toContain('jaundice');
    expect(ids('眼珠子往外突')).toContain('exophthalmos');
    expect(ids('眼睛突然看不清')).not.toContain('exophthalmos');
    expect(ids('老说看见墙上有虫子')).toContain('hallucination');
    expect(ids('总说天花板上有蛇在爬')).toContain('hallucination');
    expect(ids('连老婆都认不出来了')).toContain('confusion');
    expect(ids('墙上有虫子在爬，打死了')).not.toContain('hallucination');
    expect(ids('被高压电打了一下')).toContain('electric-shock');
    expect(ids('打电话的时候手麻了一下')).not.toContain('electric-shock');
  });
  it('reads 叫他都不理人 as unresponsive, but not a child who ignores his name', () => {
    expect(ids('喊他都不咋个理人')).toContain('lethargy');
    expect(ids('三岁孩子叫名字也不理')).not.toContain('lethargy');
    expect(ids('吵架以后他不理人')).not.toContain('lethargy');
  });
  it('reads something in the eye, a red eye said later in the sentence, a red patch on the white and swollen ankles', () => {
    expect(ids('眼睛里进了沙子，冲出来了，现在有点红')).toEqual(expect.arrayContaining(['eye-foreign-body-sensation', 'red-eye']));
    expect(ids('洗发水溅到眼睛里了')).toContain('eye-foreign-body-sensation');
    expect(ids('脸上有点红，有点痒')).not.toContain('red-eye');
    expect(ids('白眼珠上一大片血红')).toContain('subconjunctival-bleed');
    expect(ids('脚踝下午会肿，早上就消了')).toContain('leg-swelling');
    expect(ids('脚趾头红肿发痒')).not.toContain('leg-swelling');
    expect(ids('嘴角长了一簇小水泡')).not.toContain('blisters');
  });
  it('reads blood in the foam after brushing as the gums, a mouthful of blood as haematemesis', () => {
    expect(ids('刷牙吐出来的沫子带点血丝')).toContain('gum-bleeding');
    expect(ids('刷牙吐出来的沫子带点血丝，是不是吐血')).not.toContain('hematemesis');
    expect(ids('刷牙的时候吐了一大口血')).toContain('hematemesis');
    expect(ids('今天吐血了')).toContain('hematemesis');
  });
  it('denies self-harm in a screening answer (没有想伤害自己的念头) and a plain denial (没有想伤害自己), but not a double negation', () => {
    expect(ids('没有想伤害自己的念头')).not.toContain('self-harm');
    expect(ids('没有想伤害自己')).not.toContain('self-harm');
    expect(ids('不是没有想伤害自己')).toContain('self-harm');
  });
});

/**
 * holdout8/holdout9 round: the families of the twelve emergencies the blind runs missed, each in
 * phrasings of its own (other dialects, pinyin or English words for the same signs), and the
 * look-alikes that must stay below emergency.
 */
const H89_EMERGENCIES: Record<string, readonly Row[]> = {
  'spontaneous pneumothorax (Cantonese and everyday breathlessness)': [
    ['我细佬18岁 好高好瘦 头先突然左边心口痛 跟住透唔到气'],
    ['我哋阿仔打完波突然胸口痛 唞唔过气 越嚟越辛苦'],
    ['儿子打篮球突然右边胸口疼 气不够用 越来越喘'],
  ],
  'epiglottitis (drooling, muffled voice, inspiratory noise)': [
    ['嗓子疼得口水都咽不下 一直往外淌 说话声音像含了口热粥 吸气嘶嘶地响'],
    ['喉咙痛得要命 口水咽不下去 讲话像嘴里含了个枣 喉咙呼呼地响 发烧'],
    ['咽喉剧痛 流口水 说话像含着东西 吸气时有咝咝声'],
  ],
  'elderly hip fracture with a shortened leg': [
    ['我爸78了 早上在厕所摔了 左边胯疼得站不起来 左腿比右腿短了一截'],
    ['奶奶摔倒后大腿根疼 动不了 两条腿一长一短 脚尖往外撇'],
  ],
  'infant severe dehydration (sleepy)': [
    ['10个月宝宝拉肚子吐了两天 尿不湿一上午都是干的 哭没眼泪 老想睡觉', baby(10)],
    ['孩子上吐下泻 一整天没尿 眼窝凹陷 总想睡', kid(2)],
  ],
  'syncope with a slow pulse': [
    ['我妈今天晕过去一次 数了脉搏一分钟只有36下'],
    ['老人家头晕眼前发黑 脉搏每分钟才35次'],
  ],
  'atypical MI in an old man (epigastric burning, pallor, cold sweat)': [
    ['我家老爷子说心口窝火烧火燎的 额头上全是冷汗 还吐了'],
    ['老太太说胃那块烧得难受 脑门子冷汗 气不够用'],
  ],
  'anaphylaxis written in English words': [
    ['吃完虾全身hives 喉咙好紧 有点喘'],
    ['打完针身上起hives throat tight 说话都费劲'],
    ['吃了花生 浑身风团 short of breath'],
  ],
  'carbon monoxide from a sealed stove, heated kang or charcoal': [
    ['昨晚屋里烤火 早上起来一家人都头疼想吐 老人叫唤不醒'],
    ['炉子封上火睡的觉 今早头晕恶心 走路打晃'],
    ['冬天烧炕 一早起来全家脑袋疼 孩子迷迷糊糊'],
  ],
  'testicular torsion in pinyin and everyday words': [
    ['儿子14岁 gaowan突然疼 疼得吐了'],
    ['早上起来蛋蛋突然剧痛 一边往上缩'],
    ['dandan疼得厉害 突然开始的 想吐'],
  ],
  'scald from an overturned kettle or pot': [
    ['宝宝把暖瓶碰翻了 后背到屁股一大片都是泡'],
    ['孩子扯翻了热汤锅 前胸到肚子全是水泡 皮发白'],
  ],
  'psychosis with a weapon': [
    ['我弟几天几夜不睡觉 说邻居在跟踪他要害他 现在拿着斧头守着门不放下'],
    ['老公最近总说单位的人在监视他 晚上把菜刀藏在枕头底下 说要先下手为强'],
  ],
};

const H89_LOOK_ALIKES: readonly Row[] = [
  // croup with a plain noisy breath stays urgent (not the stridor of an obstructed airway)
  ['两岁孩子咳嗽像狗叫 嗓子哑 吸气的时候有点响', kid(2)],
  // a kettle knocked over without a scald
  ['孩子把水壶碰翻了 水是凉的 没烫着'],
  // a knife for cooking, and a suspicious thought without a weapon
  ['我爸拿着菜刀在厨房切菜 手指划了个口子'],
  // a warm kang and a stove with no symptoms
  ['冬天烧炕睡得挺暖和 全家都挺好'],
  // a pulse read at rest in an athlete
  ['我是跑马拉松的 平时脉搏一分钟50下 没有不舒服'],
  // 心口烧 in a young adult after spicy food, no sweat or breathlessness
  ['吃完火锅心口窝烧得慌 反酸'],
  // an English word for an itchy rash alone
  ['身上起hives 痒 没有别的不舒服'],
  // 蛋蛋 of a child who is fine
  ['宝宝洗澡的时候蛋蛋摸着一大一小 不疼不哭', baby(8)],
];

describe('holdout8/9 emergency families (each must be emergency, first action 立即拨打120)', () => {
  for (const [family, rows] of Object.entries(H89_EMERGENCIES)) {
    describe(family, () => {
      it.each(rows.map((r) => [r[0], r[1]] as const))('%s', (text, member) => {
        const r = triage(text, member, NOW);
        expect(r.level, `${text} → ${r.level} [${r.matched.map((x) => x.ruleId).join(',')}]`).toBe('emergency');
        expect(r.actions[0]?.startsWith('立即拨打120')).toBe(true);
      });
    });
  }
});

describe('holdout8/9 look-alikes (must not be emergency)', () => {
  it.each(H89_LOOK_ALIKES.map((r) => [r[0], r[1]] as const))('%s', (text, member) => {
    const r = triage(text, member, NOW);
    expect(r.level, `${text} → ${r.level} [${r.matched.map((x) => x.ruleId).join(',')}]`).not.toBe('emergency');
  });
});

describe('holdout8/9 extraction mechanisms', () => {
  const ids = (t: string): string[] => extract(t, NOW).symptoms.filter((s) => !s.negated).map((s) => s.id);
  it('reads an inspiratory noise named by its sound as stridor, not a plain noisy breath or snoring', () => {
    expect(ids('吸气的时候呼呼地响')).toContain('stridor');
    expect(ids('吸气嘶嘶响')).toContain('stridor');
    expect(ids('吸气的时候有点响')).not.toContain('stridor');
    expect(ids('睡着了打呼噜 吸气呼呼的')).not.toContain('stridor');
  });
  it('reads a pulse with a filler after 一分钟 (脉搏一分钟才38下)', () => {
    expect(extract('摸脉搏一分钟才38下', NOW).vitals.heartRate).toEqual([38]);
    expect(extract('脉搏每分钟只有42次', NOW).vitals.heartRate).toEqual([42]);
  });
  it('reads 一脑门子冷汗 as cold sweat, but not sweat after exercise', () => {
    expect(ids('一脑门子冷汗')).toContain('cold-sweat');
    expect(ids('额头上全是虚汗')).toContain('cold-sweat');
    expect(ids('跑步跑得额头上全是汗珠子')).not.toContain('cold-sweat');
  });
  it('reads English and pinyin words for the same signs (hives, throat tight, dan dan 疼)', () => {
    expect(ids('身上起了hives')).toContain('hives');
    expect(ids('throat tight')).toContain('throat-tightness');
    expect(ids('dan dan疼')).toContain('scrotal-pain');
    expect(ids('鸡蛋疼')).not.toContain('scrotal-pain');
  });
  it('folds Cantonese 嚟 to 来 (越嚟越辛苦)', () => {
    expect(extract('越嚟越辛苦', NOW).normalized).toBe('越来越辛苦');
  });
  it('takes the asker, not the already-examined spouse, as the subject', () => {
    expect(extract('结婚三年没怀上，老婆检查都正常，我需要查啥', NOW).who).toBe('self');
    expect(extract('老公查了都没问题，我是不是有毛病', NOW).who).toBe('self');
    expect(extract('老婆检查发现贫血', NOW).who).toBe('spouse');
  });
  it('takes Sichuanese 老汉儿 as the father', () => {
    expect(extract('我老汉儿一天多没尿出来了', NOW).who).toBe('father');
    expect(extract('我老汉心口痛', NOW).who).toBe('father');
  });
  it('takes 老头子 and 老太太 as elders and 我哥 as another person', () => {
    expect(extract('我家老头子胸口疼', NOW).who).toBe('elder');
    expect(extract('老太太头晕', NOW).who).toBe('elder');
    expect(extract('我哥发烧了', NOW).who).toBe('other');
  });
});

describe('holdout9: bleeding with symptoms only on exertion is chronic anaemia, not shock', () => {
  it('does not call 120 for heavy periods with palpitations climbing stairs', () => {
    expect(triage('月经量多半年了 一来十几天 最近爬楼梯就心慌头晕 脸色发白', m(38, 'F'), NOW).level).not.toBe('emergency');
  });
  it('still calls 120 for bleeding with pallor, dizziness and palpitations at rest', () => {
    expect(triage('拉了好多血 现在脸煞白 头晕站不住 心慌', m(45, 'M'), NOW).level).toBe('emergency');
    expect(triage('下面出血止不住 脸色发白 心慌 出冷汗', m(30, 'F'), NOW).level).toBe('emergency');
  });
});

describe('holdout8: recurrent breathless spells that always passed by themselves are not a sudden emergency', () => {
  it('does not call 120 for months of brief spells with a normal work-up', () => {
    expect(triage('这几个月好几次突然心慌气短 觉得要死了 每次十来分钟就过去了 心电图都正常', m(32, 'F'), NOW).level).not.toBe('emergency');
    expect(triage('最近反复突然喘不上气 一会儿就好了', m(28, 'M'), NOW).level).not.toBe('emergency');
  });
  it('still calls 120 for a sudden breathlessness now, or a spell that has not passed', () => {
    expect(triage('刚才突然喘不上气 现在还是很憋', m(40, 'M'), NOW).level).toBe('emergency');
    expect(triage('这个月好几次突然喘不上气 今天又犯了 到现在还没缓过来', m(40, 'M'), NOW).level).toBe('emergency');
    expect(triage('以前好几次喘一会儿就好了 今天突然喘得说不出话 嘴唇发紫', m(50, 'M'), NOW).level).toBe('emergency');
  });
});

describe('holdout10/11 emergency families', () => {
  const em = (text: string, member?: TriageMember): void => {
    const r = triage(text, member, NOW);
    expect(r.level, text).toBe('emergency');
    expect(r.actions[0], text).toMatch(/^立即/u);
  };
  const notEm = (text: string, member?: TriageMember): void => {
    expect(triage(text, member, NOW).level, text).not.toBe('emergency');
  };
  it('a whole supply of pills taken at once, or a count stated after the verb, is an overdose', () => {
    em('失恋了，把抽屉里的安眠药全吃了，现在头有点晕');
    em('刚才一冲动把妈妈的降压药都吞了');
    em('他吃了，估计有二十来片，是医生开的止痛药');
    notEm('把这个疗程的药都吃完了，咳嗽还是没好');
    notEm('医生让我每天吃两片，一共吃了十几片了，要不要停');
  });
  it('complete urinary retention with a bulging lower belly is an emergency (catheter now); slow or incomplete voiding is not', () => {
    // Changed in the holdout16 round: complete retention (a day or a night without passing urine, a
    // distended painful bladder) needs a catheter in an emergency department now.
    for (const t of ['我爸从昨天起尿不出来，小肚子胀得鼓鼓的', '外公一直尿不出，憋得难受得坐立不安']) {
      const r = triage(t, m(72, 'M'), NOW);
      expect(r.level, t).toBe('emergency');
      expect(r.matched.map((x) => x.ruleId), t).toContain('urinary-retention-complete');
    }
    expect(triage('这两天小便有点费劲，要等很久才出来', m(66, 'M'), NOW).level).toBe('routine');
    expect(triage('外公有时候尿不出，要等一会儿才出来', m(72, 'M'), NOW).level).not.toBe('emergency');
  });
  it('restlessness from a full bladder or pain is not an anxiety complaint', () => {
    const ids = (t: string): string[] => extract(t, NOW).symptoms.filter((s) => !s.negated).map((s) => s.id);
    expect(ids('憋得难受得坐立不安')).not.toContain('anxiety');
    expect(ids('疼得坐立不安')).not.toContain('anxiety');
    expect(ids('最近总是很焦虑，坐立不安')).toContain('anxiety');
  });
  it('an elder’s leg shorter than the other after a fall is a displaced hip fracture', () => {
    em('奶奶摔了一跤，左边胯骨疼得站不起来，一条腿长一条腿短');
    em('老太太滑倒了，腿往外撇着，比另一条短一点');
    em('外婆跌倒后起不来，右腿比另一只短了一截', m(82, 'F'));
    notEm('小伙子打球摔了一下，腿比另一条短一点点，走路有点疼', m(22, 'M'));
  });
  it('a hot liquid splashed over the body with big blisters or white painless areas is a major burn', () => {
    em('被烧开的油泼了半边身子，胸口胳膊都起大泡了，有些地方发白不怎么疼');
    em('滚烫的汤洒在孩子腿上，有一块发白摸着没感觉');
    em('被开水浇到了，烫的地方发黑，一点都不疼');
    notEm('热水洒了一地，还好没烫到人');
    notEm('手背被油溅了一下，红了一小块，有点疼');
  });
  it('a caustic cleaner in the eye is a chemical eye injury', () => {
    em('做饭时右眼溅进去了管道疏通剂，现在眼睛辣痛睁不开');
    em('通下水道的疏通剂溅到眼睛里了');
    em('眼睛里崩进了一点氢氧化钠，疼得睁不开');
    notEm('眼睛进了沙子了酸痛');
  });
  it('sudden loss of sight behind a curtain is an emergency, and so is a partial curtain with floaters and flashes', () => {
    em('右眼突然像被黑布罩住一样什么都看不见了');
    em('左眼一下子啥都看不到了');
    // Changed in the holdout16 round: a curtain with flashes and floaters (retinal detachment) is a same-day eye emergency.
    em('眼前突然好多黑点飘，还有闪光，上面像挡了一块帘子');
    // floaters alone, for years and unchanged, stay below emergency
    notEm('眼前有几个小黑点飘了好几年了 一直没变化');
    notEm('蹲久了突然站起来眼前一黑看不见');
  });
  it('a snake named apart from the bite is still a snake bite', () => {
    em('被一条花蛇在脚脖子上咬了一口，肿得发黑');
    em('下地的时候让一条蛇给咬了，伤口往上肿');
    notEm('被邻居家的狗在脚脖子上咬了一口，破了点皮');
  });
  it('a dialysis session put off for days with weakness or palpitations is an emergency', () => {
    em('我爸尿毒症每周透析三次，这回拖了四天没去，现在浑身没劲，心慌');
    em('我妈血透的，三天没去透析了，腿发麻没力气');
    notEm('我爸尿毒症在透析，最近有点没力气，按时透的');
  });
  it('a hyperthyroid patient with high fever and a racing heart is a thyroid storm', () => {
    em('有甲亢自己停药两个月了 这两天高烧39度多 心跳一分钟一百七 烦躁得不行 还拉肚子');
    em('我妈甲亢没按时吃药，发烧39.2度，心跳140多，一直拉肚子', m(50, 'F'));
    notEm('甲亢在吃药，最近有点心慌，没发烧');
    notEm('有甲亢，感冒了低烧37.6，有点咳嗽');
  });
});

describe('holdout11: fever in an infant of 2–3 months', () => {
  it('is same-day urgent when the infant is said to be well, and an emergency otherwise', () => {
    expect(triage('宝宝两个半月 今天发烧38.6 精神还行 吃奶少了点', undefined, NOW).level).toBe('urgent');
    expect(triage('宝宝两个半月，发烧38.5，精神挺好，会笑', undefined, NOW).level).toBe('urgent');
    expect(triage('宝宝两个半月，发烧38.5，精神不好，不怎么吃奶', undefined, NOW).level).toBe('emergency');
    expect(triage('3个月的宝宝发烧38度，一直哭闹，抱着也哄不好', undefined, NOW).level).toBe('emergency');
  });
  it('stays an emergency at two months or younger, however well', () => {
    expect(triage('宝宝2个月大，发烧38.5度，精神还行', undefined, NOW).level).toBe('emergency');
    expect(triage('宝宝才7周，今天量了38.2度，精神挺好', undefined, NOW).level).toBe('emergency');
  });
});

describe('holdout11: reduced fetal movement named through 孩子/宝宝', () => {
  it('is urgent and sent to obstetrics', () => {
    for (const t of ['怀孕35周 今天一天感觉孩子没怎么动 平时挺活跃的', '怀孕30周，宝宝今天踢得比平时少']) {
      const r = triage(t, undefined, NOW);
      expect(r.level, t).toBe('urgent');
      expect(r.matched.map((x) => x.ruleId), t).toContain('decreased-fetal-movement');
      expect(r.extraction.who, t).not.toBe('child');
    }
  });
  it('does not read an infant who moves little as a pregnancy complaint', () => {
    expect(extract('宝宝3个月，今天不怎么动', NOW).symptoms.map((s) => s.id)).not.toContain('decreased-fetal-movement');
    expect(extract('怀孕30周，大孩子发烧了', NOW).who).toBe('child');
  });
});

describe('holdout12 families: false emergencies and missed emergencies', () => {
  const lvl = (text: string, member?: TriageMember): string => triage(text, member, NOW).level;
  const rules = (text: string, member?: TriageMember): string[] => triage(text, member, NOW).matched.map((x) => x.ruleId);
  const em = (text: string, member?: TriageMember): void => {
    const r = triage(text, member, NOW);
    expect(r.level, text).toBe('emergency');
    expect(r.actions[0], text).toMatch(/^立即/u);
  };
  it('a cracked nipple, lip or heel is not a head that splits open', () => {
    for (const t of ['喂奶第二周 乳头裂开了 一吸就疼 没发烧', '奶头裂开了 喂奶疼得要命', '手指头冻得裂开了', '嘴唇干得裂开了', '脚后跟裂开了好几道口子']) {
      expect(rules(t), t).not.toContain('thunderclap-headache');
      expect(lvl(t), t).not.toBe('emergency');
    }
    em('头突然像裂开一样疼');
    em('后脑勺突然像炸开了一样疼');
  });
  it('a cut made by something else (被划, 被猫划, 让树枝划) is an accident, not self-harm', () => {
    for (const t of ['小腿被划了个口子 三天了 现在一大片红肿发烫 今天有点发烧', '胳膊被猫划了好几道口子', '腿上被树枝划了几道口子', '切菜把手指划了个口子']) {
      expect(rules(t), t).not.toContain('self-harm');
    }
    expect(lvl('小腿被划了个口子 三天了 现在一大片红肿发烫 红的边越来越大 今天有点发烧')).toBe('urgent');
    em('手腕上划了好几刀');
    em('胳膊上又划了好几道口子');
  });
  it('a plain denial of self-harm or suicide is honoured, with the child added or not', () => {
    for (const t of ['孩子一个月大 我老是想哭 啥都不想干 没有想伤害自己或孩子', '最近情绪很低落 我不想伤害自己', '心情差 但从没想过轻生', '压力大 没有想死 就是睡不好', '产后老哭 没想过伤害自己和宝宝']) {
      expect(lvl(t), t).not.toBe('emergency');
    }
    em('不是没有想伤害自己');
    em('我想伤害自己');
    // A wish not to, with the urge still there, is no denial.
    em('我不想伤害自己 可是总忍不住');
    em('我不想伤害自己 可是总忍不住想划');
    expect(lvl('我没有想自杀 就是控制不住想哭')).not.toBe('emergency');
    em('没有想自杀 就是活着好累');
  });
  it('heavy bleeding a week or more after delivery is a (secondary) postpartum haemorrhage', () => {
    em('顺产一周了 刚才上厕所突然哗哗出血 垫的卫生巾十分钟就湿透了 还有大血块 人发虚');
    em('剖腹产完十来天 突然下面大出血 一会儿就湿透一片卫生巾 头晕');
    em('生完孩子两周了 突然出血特别多 一个小时湿透两片卫生巾');
    expect(lvl('生完孩子两周了 恶露还有一点 淡红色 不多')).not.toBe('emergency');
  });
  it('faeculent vomiting, or a drum-tight belly with vomiting and no stool, is a bowel obstruction', () => {
    em('我照顾的弟弟是脑瘫 不会说话 这四天没解大便 肚子胀得跟鼓一样 吐了好几回还有粪臭味');
    em('老人吐出来的东西有大便味 肚子胀');
    em('便秘五天了 肚子胀得像个皮球一样 一直吐');
    expect(lvl('便秘三天了 肚子有点胀 恶心了一下')).not.toBe('emergency');
  });
  it('a dialysis patient after a short or missed session with weakness or numbness is an emergency (hyperkalaemia)', () => {
    em('我是透析病人 这周少透了一次 现在浑身没劲 心慌心跳乱 嘴唇发麻');
    em('我爸尿毒症在做血透 漏了一次透析 现在腿没劲 嘴发麻');
    em('血透的 这周只透了一次 浑身没力气');
    expect(lvl('透析病人 按时透的 最近有点乏力')).not.toBe('emergency');
  });
  it('a long heavy drinker who stopped and now hallucinates or is confused is in withdrawal delirium', () => {
    em('我舅舅喝了二十多年酒 前天说要戒了 今天手抖得端不住碗 浑身冒汗 说墙上爬满虫子 认不出人');
    em('我爸喝酒喝了三十年 这两天没喝了 非说床上有蛇 糊里糊涂的');
    expect(lvl('戒烟戒了三天 手有点抖')).not.toBe('emergency');
    expect(extract('我看到墙上有好多蚂蚁 怎么办', NOW).symptoms.map((s) => s.id)).not.toContain('hallucination');
  });
});

describe('holdout12 over-triage families', () => {
  const lvl = (text: string, member?: TriageMember): string => triage(text, member, NOW).level;
  it('a baby who moves less than usual (都不怎么动, 一直不怎么动) is reduced movement, same-day urgent; none at all stays an emergency', () => {
    for (const t of ['怀孕32周了 今天一天感觉宝宝都不怎么动 平时动得挺欢的', '怀孕33周 宝宝一直不怎么动 比平时少', '孕30周 今天宝宝都不怎么动']) {
      expect(lvl(t, preg(32)), t).toBe('urgent');
    }
    expect(lvl('孕37周了 昨天开始宝宝基本不怎么动了', preg(37))).toBe('emergency');
    expect(lvl('怀孕30周 宝宝今天不动了', preg(30))).toBe('emergency');
    expect(lvl('38w 感觉今天宝宝都没什么胎动', preg(38))).toBe('emergency');
  });
  it('one denial covers a paired-limb word (没有手脚麻), so a very high pressure without symptoms stays urgent', () => {
    const neg = (t: string): boolean | undefined => extract(t, NOW).symptoms.find((s) => s.id === 'numbness')?.negated;
    expect(neg('没有手脚麻')).toBe(true);
    expect(neg('平时也没有手脚麻 就是头晕')).toBe(true);
    expect(neg('没有头疼 手脚麻')).toBe(false);
    expect(lvl('在社区量血压190/115 有点头胀 没有胸痛 也没有手脚麻 平时不吃降压药', m(57, 'M'))).toBe('urgent');
    expect(lvl('血压190/115 头胀 手脚发麻', m(57, 'M'))).toBe('emergency');
  });
  it('feeding a little less (吃奶少一点, 少了一点) is a poorer appetite, not refusing feeds', () => {
    for (const t of ['宝宝4个月 发烧39度 精神还行 吃奶少一点', '宝宝5个月 发烧39度2 吃奶少了一点 精神还可以']) {
      expect(lvl(t, baby(4)), t).toBe('urgent');
      expect(extract(t, NOW).symptoms.map((s) => s.id), t).not.toContain('unable-to-feed');
    }
    expect(lvl('宝宝4个月 发烧39度 不吃奶 精神差', baby(4))).toBe('emergency');
    expect(extract('宝宝4个月 吃奶少 发烧39度', NOW).symptoms.map((s) => s.id)).toContain('unable-to-feed');
  });
});

describe('holdout14 emergency families', () => {
  const lvl = (text: string, member?: TriageMember): string => triage(text, member, NOW).level;
  const rules = (text: string, member?: TriageMember): string[] => triage(text, member, NOW).matched.map((x) => x.ruleId);
  const syms = (text: string): string[] => triage(text, undefined, NOW).extraction.symptoms.filter((s) => !s.negated).map((s) => s.id);
  const em = (text: string, member?: TriageMember): void => {
    const r = triage(text, member, NOW);
    expect(r.level, text).toBe('emergency');
    expect(r.actions[0], text).toMatch(/^立即/u);
  };
  it('a whole container of a named sedative or other drug taken at once is an overdose', () => {
    em('把一瓶艾司唑仑全吃了');
    em('她把半瓶阿普唑仑都吞了');
    em('刚才吞了一整盒地西泮');
    em('一瓶氯硝西泮全吃了');
    em('把家里的唑吡坦全吃了');
    for (const t of ['医生开了一瓶艾司唑仑 每晚吃一片', '一瓶维生素吃完了 还要不要再买', '阿普唑仑吃了一个月了 能不能停']) {
      expect(syms(t), t).not.toContain('poisoning');
      expect(lvl(t), t).not.toBe('emergency');
    }
  });
  it('reduced responsiveness (喊他只哼哼, 拍他没反应) is an emergency on its own', () => {
    em('我爸喝完酒倒在沙发上 现在喊他哼哼两声');
    em('奶奶躺在床上 拍她也没反应');
    em('叫了半天只会哼哼');
    for (const t of ['叫他起床他哼哼两声又睡了', '早上叫他只会哼哼 赖床不起来']) {
      expect(syms(t), t).not.toContain('unconscious');
      expect(lvl(t), t).not.toBe('emergency');
    }
  });
  it('hypoglycaemia with a blank stare or not answering is an emergency', () => {
    em('外公打完胰岛素没吃早饭 一身冷汗 眼神发直 叫他回答不上来');
    em('我妈有糖尿病 刚才出了好多冷汗 两眼发直');
    em('老爸打胰岛素的 早上出冷汗 问他话答不上来', undefined);
    expect(lvl('我有糖尿病 刚才出冷汗手抖 吃了块糖好了')).toBe('urgent');
    expect(syms('老师问的题他回答不上来')).not.toContain('confusion');
  });
  it('psychosis with any knife held and people kept away; voices in the ear are hallucinations', () => {
    em('我弟好几天不睡觉了 说有人要害他 耳朵里老听见声音 刚才拿着水果刀不让人靠近');
    em('他说有人要害他 手里握着剪刀 谁靠近就比划');
    em('几天没睡 老说耳边有人说话 拿着刀不让我们过去');
    expect(syms('耳朵里老听见声音 说有人骂他')).toContain('hallucination');
    // Tinnitus is not a hallucination, and a knife for cooking is not a threat.
    expect(syms('耳朵里总听见嗡嗡的声音')).not.toContain('hallucination');
    expect(rules('拿着水果刀削苹果')).not.toContain('psychosis-armed');
    expect(lvl('拿着水果刀削苹果')).not.toBe('emergency');
    expect(triage('我弟在宿舍好几天不睡觉了 说有人要害他 耳朵里老听见声音 刚才拿着水果刀不让人靠近', undefined, NOW).department).not.toMatch(/耳鼻/u);
  });
  it('a fragment flying into the eye with blurred sight or a cut on the eyeball is a penetrating eye injury', () => {
    em('打磨铁件的时候有个东西蹦到眼睛里 现在眼睛疼 看东西模糊');
    em('切割的时候铁片崩进眼睛 看不清了');
    em('眼珠上好像有个小口子 看东西模糊');
    expect(lvl('眼睛里进了个小虫子 揉了揉 有点磨')).not.toBe('emergency');
    expect(lvl('眼睛里进了沙子 流眼泪')).not.toBe('emergency');
  });
  it('blackened skin with blood blisters, spreading, with fever is necrotising fasciitis', () => {
    em('脚被划了个口子 两天小腿肿到膝盖 皮发黑起血泡 发烧39度');
    em('腿上伤口周围的皮肤变黑 长了好多血疱 发烧');
    em('胳膊肿得厉害 血泡发黑了 还发烧');
    expect(lvl('新鞋把脚后跟磨了个血泡 有点发黑')).not.toBe('emergency');
    expect(lvl('手指被门夹了 起了个血泡 发黑')).not.toBe('emergency');
  });
  it('an electric shock said plainly (被电了一下) is an electrical injury', () => {
    em('电工师傅接线的时候被电了一下摔下梯子 胸口发闷 心跳乱七八糟的');
    em('修插座让电打了一下 手上有个黑点');
    em('被电到了 现在心慌');
    for (const t of ['摸门把手被静电电了一下', '冬天脱毛衣被电了一下']) {
      expect(rules(t), t).not.toContain('electric-shock');
      expect(lvl(t), t).not.toBe('emergency');
    }
  });
});

describe('holdout14: a tetanus-prone wound with no recent vaccination; 破伤风 is not 伤风', () => {
  const lvl = (text: string): string => triage(text, undefined, NOW).level;
  const rules = (text: string): string[] => triage(text, undefined, NOW).matched.map((x) => x.ruleId);
  it('a puncture with the vaccine many years ago or unknown is urgent (tetanus prophylaxis)', () => {
    for (const t of ['踩到生锈的钉子 扎进脚底挺深 记不清多少年没打破伤风了', '被铁丝扎破了手 好多年没打过破伤风', '钉子扎进脚里了 从来没打过破伤风针']) {
      expect(rules(t), t).toContain('tetanus-prone-wound');
      expect(lvl(t), t).toBe('urgent');
    }
    expect(rules('脚被钉子扎了 去年刚打过破伤风')).not.toContain('tetanus-prone-wound');
    expect(rules('好多年没打过破伤风疫苗 需要补打吗')).not.toContain('tetanus-prone-wound');
  });
  it('打破伤风 does not read as a cold (伤风)', () => {
    expect(extract('记不清多少年没打破伤风了').diseases.map((d) => d.name)).not.toContain('普通感冒');
    expect(extract('最近伤风了 流鼻涕').diseases.map((d) => d.name)).toContain('普通感冒');
  });
});

describe('holdout13: alcohol withdrawal without delirium is urgent', () => {
  const rules = (text: string): string[] => triage(text, undefined, NOW).matched.map((x) => x.ruleId);
  it('stopping drink with a tremor and sweating, sleeplessness or palpitations', () => {
    for (const t of ['酒戒了两天，现在手抖得厉害，一身一身出汗，睡不着，心慌', '我爸突然不喝了 第二天手抖 一直出汗', '戒酒三天 手一直抖 晚上睡不着觉']) {
      expect(rules(t), t).toContain('alcohol-withdrawal');
      expect(triage(t, undefined, NOW).level, t).toBe('urgent');
    }
    // Stopping cigarettes, a baby not feeding, or a tremor alone is not alcohol withdrawal.
    expect(rules('戒烟三天了 手抖 睡不着')).not.toContain('alcohol-withdrawal');
    expect(rules('宝宝两天没喝奶了 手抖 出汗')).not.toContain('alcohol-withdrawal');
    expect(rules('酒戒了两天 睡不着')).not.toContain('alcohol-withdrawal');
    // With hallucinations it is still the delirium emergency.
    expect(triage('戒酒三天 手抖 出汗 说看见墙上有虫子在爬', undefined, NOW).level).toBe('emergency');
  });
});

describe('holdout13: having given birth oneself makes the asker female', () => {
  it('reads 生了俩孩子 as the asker\'s own deliveries, not a pet\'s or the wife\'s', () => {
    expect(extract('一咳嗽打喷嚏就漏尿，生了俩孩子，现在不敢大笑').sexHint).toBe('F');
    expect(extract('我生过两个孩子 最近一跑步就漏尿').sexHint).toBe('F');
    expect(extract('我家猫生了三个 怎么喂').sexHint).toBeNull();
  });
});

describe('holdout14: eye pain after welding arc, a UV lamp or snow glare is photokeratitis (urgent)', () => {
  const rules = (text: string): string[] => triage(text, undefined, NOW).matched.map((x) => x.ruleId);
  it('fires on the exposure with eye pain, grittiness or light sensitivity; not on the exposure alone', () => {
    for (const t of ['白天电焊没戴面罩 晚上两只眼睛疼得像进了沙子 一直流泪', '屋里开着紫外线灯待了半小时 现在眼睛疼 怕光', '滑雪回来 两个眼睛磨得睁不开 眼睛疼']) {
      expect(rules(t), t).toContain('photokeratitis');
      expect(triage(t, undefined, NOW).level, t).toBe('urgent');
    }
    expect(rules('我是电焊工 眼睛有点干')).not.toContain('photokeratitis');
    expect(rules('眼睛疼 流眼泪 昨天熬夜了')).not.toContain('photokeratitis');
  });
});
