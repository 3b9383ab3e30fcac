/**
 * Context rules for triage, as data: when an emergency rule fires on words that are there, but the
 * message shows they do not describe a person in danger now, the emergency is withdrawn and the
 * message is urgent instead (see a doctor today; the action says when to call 120 after all).
 *
 * Each rule names the mechanism, the emergency rules it may withdraw (never any other), a test on
 * the message, and its own positive examples (the emergency is withdrawn) and negative examples (it
 * stays). `triage-context.test.ts` runs every example through `triage()`; the examples are written
 * for these rules, not taken from any evaluation set.
 *
 * A context rule never withdraws an emergency when the message also says something fresh happens
 * now (刚才, 突然 after the care, 又, 还在抽 …): a new event in someone already known to be ill is
 * still an emergency.
 */
import type { RedFlagRule } from './red-flags.ts';

export interface ContextView {
  /** The normalised text. */
  readonly text: string;
  /** The week of pregnancy known for the person, or null. */
  readonly pregnancyWeek: number | null;
  /** The person is a child (under 14, or 孩子/宝宝 of unknown age). */
  readonly child: boolean;
}

export interface TriageContextRule {
  readonly id: string;
  /** The mechanism in a sentence, for a clinician reading the rule. */
  readonly mechanism: string;
  /** The emergency rules this context may withdraw ('*': any). */
  readonly withdraws: readonly string[] | '*';
  readonly applies: (v: ContextView) => boolean;
  /** Messages whose emergency this rule withdraws (each fires one of `withdraws` without the rule). */
  readonly positive: readonly string[];
  /** Messages that stay emergencies although they look alike. */
  readonly negative: readonly string[];
}

/** The person is already in a doctor's hands for this episode: admitted, treated, operated, diagnosed. */
const IN_CARE =
  /住院|住了[^,.;!?。！？；]{0,3}院|出院|抢救|ICU|监护室|重症室|手术(后|完|以后|之后)|术后|刚手术|做(了|过)[^,.;!?。！？；]{0,3}手术|开颅|治疗中|正在治疗|去(了|过)?医院[^,.;!?。！？；]{0,4}(后|以后|之后|看了|查了|检查|打了|输了|降)|急诊后|(医院|医生|大夫)[^,.;!?。！？；]{0,6}(诊断|确诊|说是|说我|查出|检查出)|(检查|查了|去医院)[^,.;!?。！？；]{0,4}说是|诊断(为|是|出)|确诊|后遗症|康复治疗|在康复|复查/gu;

/**
 * Something new happening now, after the care was given: 今天又, 刚才突然, 现在叫不醒. 现在 followed by
 * a lasting state (现在一直昏迷, 现在还是) is the course, not a new event.
 */
const FRESH_AFTER_CARE = /刚才|刚刚|突然|忽然|又|今天|今晚|今早|早上|下午|越来越|这会儿|此刻|叫不醒|喊不醒|现在(?!一直|还|已经|昏迷了?[\d一二两三四五六七八九十几半]+|恢复|好了|好多|没什么|治疗中|在治疗|在吃|吃|口服|服)/u;

/** The emergency words named as a disease the question is about (脑梗吃什么药, 中风后遗症, 是脑出血前兆吗). */
const DISEASE =
  '(中风|脑梗(?:死|塞)?|脑卒中|卒中|脑出血|脑溢血|脑血栓|心梗|心肌梗死|心肌梗塞|癫痫病?|羊癫疯|羊角风|宫外孕|异位妊娠|脑膜炎|心衰|心力衰竭|肺栓塞|主动脉夹层|胰腺炎|心肌炎|过敏性休克|食物中毒|一氧化碳中毒|煤气中毒|蛛网膜下腔出血|消化道出血|胃出血|脑震荡|颅内出血|哮喘|睾丸扭转|肠梗阻|阑尾炎)';
const TOPIC_AFTER = new RegExp(
  `${DISEASE}[^,.;!?。！？；]{0,6}?(后(?!背)|以后|之后|前兆|征兆|风险|的最佳|最佳|怎么治|如何治|治疗|吃什么药|用什么药|用药|能治|治好|治愈|根治|可以手术|能手术|手术吗|会死|会不会死|康复|后遗症|怎么预防|的原因)`,
  'u',
);
const TOPIC_BEFORE = new RegExp(
  `(治疗|预防|防止?|得了|患了|患上|患有|患|孕妇|老年人|\\d{1,2}月\\d{1,2}[日号]|\\d{4}年|年半?前|个?多?月前|发生了?[\\d一二两三四五六七八九十几]+次|[\\d一二两三四五六七八九十几]+次)[^,.;!?。！？；]{0,6}${DISEASE}`,
  'u',
);
/** Anything saying the danger is now: the person is fitting, unconscious, just fell ill. */
const NOW_DANGER = /刚才|刚刚|突然|忽然|正在|还在|还没停|没停|没醒|没清醒|不醒|昏迷|现在(?!口服|吃|服|在吃|恢复|已经|没有|没什么|能|可以|还能|我们|打算)|今天|今早|今晚|这会儿|此刻|好像|是不是|是中风了吗|了吗/u;

/** A seizure placed in a past night or day, with nothing saying it goes on or came back. */
const PAST_EPISODE = /昨晚|昨天|昨夜|前天|前晚|上周|上个?星期|前几天|那天|上次/u;
const STILL_NOW = /刚才|刚刚|现在|今天|今早|今晚|还在|没停|没醒|不醒|叫不醒|又|一直|反复|中间|接连|好几次|连着/u;

/** The child feeds otherwise (但是奶瓶里的就吃) or the question is about weaning (断奶, 换奶粉): a preference, not unable to feed. */
const FEEDING_PREFERENCE = /断奶|戒奶|换奶|转奶|不喝奶粉|不吃奶瓶|不用奶瓶|不肯用奶瓶|挑食|(但|可|不过)是?[^,.;!?。！？；]{0,12}(就|都|还)(吃|喝)/u;
const FEEDING_DANGER = /精神(差|不好)|没精神|蔫|嗜睡|叫不醒|发烧|高烧|呕吐|吐了|尿少|没尿|哭声(弱|小)|一口(都|也)不/u;

/** Poisoning asked about as a possibility (是不是食物中毒, 会不会过敏中毒) by an adult, with no toxic amount or poison named. */
const ASKED_POISONING = /(是不是|会不会|可能是|怀疑是|是否|算不算)[^,.;!?。！？；]{0,12}中毒/u;
const TOXIC_CUE = /一瓶|一盒|整瓶|整盒|好多片|很多片|几十|大量|一把|农药|百草枯|老鼠药|鼠药|敌敌畏|灭鼠|煤气|一氧化碳|烧炭|炭火|甲醇|假酒|蘑菇|菌子|河豚|亚硝酸|洗涤|消毒液|84|强酸|强碱|误服|误食|误喝|偷吃|翻出|昏|抽|呼吸(困难|慢)|嘴唇发紫|叫不醒/u;

/** The question is about recovery or diet after the event (吃什么好得快, 补气血, 忌口, 算医疗事故吗, 多久能好). */
const RECOVERY_QUESTION = /吃(什么|啥|啥子)[^,.;!?。！？；]{0,4}(好得快|恢复|补|好|不好|有利|愈合)|补(气)?血|忌口|饮食(上)?(要)?注意|(多久|多长时间)(能|才能|可以)?(好|恢复|愈合|长好)|算(不算)?医疗事故|能(不能)?(完全)?(恢复|长好|愈合)/u;
/** Bleeding or shock now: the recovery question does not make it safe. */
const BLEEDING_NOW = /刚才|刚刚|正在|还在(流|出|冒)|止不住|不停|一直(流|出)|越来越多|哗哗|浸透|湿透|头晕|心慌|晕倒|晕过去|发白|发冷|冷汗|没力气|喘/u;

/** A finger (or toe) cut with a knife or blade: 切到手指, 食指被削了一下, 切破手. */
const FINGER = '(?:手指头?|指头|指尖|指肚|食指|大?拇指|中指|无名指|小拇?指|脚趾|脚指头)';
const FINGER_CUT = new RegExp(`(?:切|割|划|削)(?:到|了|破|伤|开)[^,.;!?。！？；]{0,4}${FINGER}|${FINGER}[^,.;!?。！？；]{0,6}(?:切|割|划|削)(?:到|了|破|伤|开|一下)|(?:切|割|划)破了?手`, 'u');
/** What makes a cut finger an emergency after all: spurting, signs of blood loss, an amputation, a machine, bleeding for long, blood thinners. */
const CUT_DANGER = /喷|一股一股|往外涌|涌出|哗哗|湿透|浸透|头晕|眼前发黑|心慌|冷汗|晕|发白|没力气|喘|一截|一节|半截|断|掉了|下来了|机器|电锯|冲床|绞|很深|骨头|(半|一|两|几)个?多?(小时|钟头)|华法林|抗凝|利伐沙班|达比加群|阿哌沙班|氯吡格雷|血友病|手腕|手掌|胳膊|手臂/u;

/** An acute-event emergency (heart, stroke, breathing, allergy, fainting) read from a complaint of a past day or a recurring pattern. */
const ACUTE_EVENT_RULES = [
  'acs-chest-pain-features',
  'acs-chest-tightness-features',
  'acs-grip-or-radiation',
  'acs-chest-pain-age',
  'acs-chest-pain-history',
  'acs-not-relieved',
  'acs-epigastric-not-relieved',
  'stroke-speech',
  'stroke-arm',
  'stroke-arm-older',
  'stroke-face',
  'stroke-balance',
  'stroke-eyes-sudden',
  'sudden-dyspnea',
  'cyanosis',
  'syncope-high-risk',
  'pulmonary-embolism',
] as const;
/** A past day (昨天, 前几天, 上周) or a standing pattern (经常, 每次, 有一年了, 时不时). */
const PAST_DAY = /昨天|昨晚|昨夜|前天|前晚|前几天|前两天|上周|上个?星期|上个?月|那天|上次/u;
const RECURRING = /经常|总是|老是|每次|每回|反复|时不时|一年|几个月|好几年|多年|很多年/u;
/** Anything that makes it now: the complaint continues, is back, is worse, or came on today. */
const NOT_OVER = /现在|今天|今早|今晚|刚才|刚刚|这会儿|此刻|正在|还在|还是|仍|一直(?!都)|持续|越来越|加重|没好|不见好|至今|到现在|依然|又|这次|这回|突然加重|比以前|越发|夜里(憋|喘)醒/u;

/** Bleeding placed at the anus, nose or gums (痔疮出血, 大便带血, 流鼻血), not from the vagina. */
const BLEEDING_ELSEWHERE = /痔疮|肛门|肛裂|大便|便血|拉屎|解便|排便|鼻血|鼻子出血|流鼻|牙龈|刷牙/u;
const VAGINAL_WORDS = /阴道|下面|下身|见红|内裤|护垫|卫生巾|宫颈|子宫|流产|胎|羊水|肚子(疼|痛|发硬|硬)/u;
/** Old blood, a little of it (褐色的, 咖啡色, 一点点, 不多): spotting, seen today rather than by 120. */
const BROWN_SPOTTING = /(褐色|咖啡色|茶色|深棕|黑褐)[^,.;!?。！？；]{0,8}(分泌物|血|白带)?[^。！？!?]{0,10}(不多|不是很多|一点|少量|点点|一丝|一些)|(一点|少量|点点)[^,.;!?。！？；]{0,4}(褐色|咖啡色|茶色)/u;
const SPOTTING_DANGER = /鲜红|大量|(?<!不是|不)很多(?!吗)|好多|血块|止不住|浸透|湿透|疼得|剧痛|痛得厉害|疼得厉害|很疼|很痛|肚子(很|特别)?硬|一阵阵|规律|胎动(少|减少|变少)|不动|头晕|心慌|晕/u;

/** 见红 alone (the show of labour), with no other word for bleeding or for a bad pain. */
const SHOW_ONLY = /见红/u;
const MORE_THAN_SHOW = /血[^,.;!?。！？；]{0,4}(多|越来越)|出血|流血|大出血|血块|鲜红|很多|不少|不止|止不住|浸透|湿透|剧痛|疼得厉害|痛得厉害|很疼|很痛|肚子(很|特别)?硬|不动|胎动(少|减少|变少)|头晕|心慌|晕倒/u;
const TERM_WORDS = /足月|十个月|预产期|快生了|快要生|临产/u;

/** A clause position after which `re` (a global or sticky-free pattern) last matches, or -1. */
function lastEnd(re: RegExp, t: string): number {
  let end = -1;
  for (const m of t.matchAll(re)) end = m.index + m[0].length;
  return end;
}

export const TRIAGE_CONTEXT_RULES: readonly TriageContextRule[] = [
  {
    id: 'already-in-care',
    mechanism:
      'The person was admitted, operated, diagnosed or treated for this episode (住院, 出院, 抢救, 术后, 医生诊断为, 后遗症) and the message asks about its course, with nothing new happening now after the care.',
    withdraws: [
      'stroke-suspected',
      'stroke-face',
      'stroke-arm',
      'stroke-arm-older',
      'stroke-speech',
      'stroke-balance',
      'stroke-eyes-sudden',
      'acs-suspected',
      'seizure',
      'unconscious',
      'altered-consciousness',
      'fever-altered-consciousness',
      'major-trauma',
      'drowning',
      'near-drowning-symptoms',
      'hematemesis',
      'febrile-seizure',
      'seizure-fever-older',
      'child-lethargy',
    ],
    applies: ({ text }) => {
      const end = lastEnd(IN_CARE, text);
      return end >= 0 && !FRESH_AFTER_CARE.test(text.slice(end));
    },
    positive: [
      '我爸上个月脑梗住院，出院后说话还是有点慢，吃什么药恢复好',
      '我爸脑溢血做了开颅手术，醒过来以后一边手脚没劲，多久能恢复',
      '我妈脑出血抢救过来了，现在一直昏迷，还有希望醒吗',
      '嘴歪了去医院检查说是面瘫，面瘫怎么治疗',
      '孩子得了脑膜炎住院治好了，当时高烧抽筋昏迷，会不会有后遗症',
    ],
    negative: [
      '我爸脑梗出院一周，今天突然又说不出话了',
      '剖宫产出院在家第4天，刚才突然抽起来，把舌头都咬破了',
      '我老公术后吃止痛药，今天多吃了几片，现在叫不醒',
      '我爸好像中风了，嘴歪了说话不清楚',
    ],
  },
  {
    id: 'disease-as-topic',
    mechanism:
      'An emergency disease word (脑梗, 心梗, 癫痫, 宫外孕, 胰腺炎 …) names the disease the question is about (脑梗吃什么药, 中风后遗症, 是脑出血的前兆吗, 孕妇治疗中风, 前年得了癫痫) with nothing saying the person is in danger now.',
    withdraws: '*',
    applies: ({ text }) => (TOPIC_AFTER.test(text) || TOPIC_BEFORE.test(text)) && !NOW_DANGER.test(text),
    positive: ['我奶奶5月3日中风，右边胳膊不能动，吃什么药能恢复', '2012年3月患心梗，放了支架，现在口服阿司匹林', '我外公两年半前中风，一边手脚无力', '脑梗病人平时吃什么药好', '中风后手脚发麻怎么锻炼', '老人得了癫痫病，发作的时候抽搐，平时怎么用药', '孕妇中风了怎么治疗最好', '心梗以后能不能爬山', '每年吃点药能防中风吗'],
    negative: ['宫外孕破裂了，肚子疼得厉害，脸色发白', '中风两年了，今天早上突然右手抬不起来', '我爸刚才突然中风了', '癫痫病人抽了十几分钟还没停', '老公癫痫又发作了，这次抽了得有六七分钟了还在抽', '我爸嘴歪了 是中风了吗'],
  },
  {
    id: 'seizure-over',
    mechanism:
      'A seizure told as an episode of a past night or day (昨晚抽了一下, 前天抽搐过) that ended, with nothing saying it goes on, recurred or left the person unrousable: a doctor today (first-seizure work-up), not 120.',
    withdraws: ['seizure'],
    applies: ({ text }) => PAST_EPISODE.test(text) && !STILL_NOW.test(text),
    positive: ['我老公昨天夜里睡着睡着全身抽搐，吐白沫，是什么病', '前天晚上我妈抽搐了几分钟，这是怎么回事'],
    negative: ['昨天晚上开始抽搐，到现在还没停', '我老公昨晚抽了一次，今天又抽了', '前天抽搐以后一直叫不醒'],
  },
  {
    id: 'feeding-preference',
    mechanism:
      'A child who refuses one way of feeding but takes another (奶瓶里的就喝), or a weaning question (断奶, 换奶粉): a preference, not a child unable to feed — unless the child is also unwell (没精神, 呕吐, 尿少, 发烧).',
    withdraws: ['child-unable-to-feed'],
    applies: ({ text }) => FEEDING_PREFERENCE.test(text) && !FEEDING_DANGER.test(text),
    positive: ['宝宝这几天不吃奶，不过用勺子喂的米糊就吃', '孩子一岁了想断奶，他不喝奶粉怎么办'],
    negative: ['宝宝不吃奶，喂水也不喝，没精神', '孩子断奶后不喝奶粉，还发烧呕吐，尿很少'],
  },
  {
    id: 'poisoning-asked',
    mechanism:
      'An adult asks whether a complaint could be poisoning (是不是食物中毒, 会不会是药物过敏中毒) with no toxic amount, named poison, child, or sign of a poisoned person (昏, 抽, 呼吸困难): the word is the question, not the event.',
    withdraws: ['poisoning'],
    applies: ({ text, child }) => !child && ASKED_POISONING.test(text) && !TOXIC_CUE.test(text),
    positive: ['吃了凉菜以后拉肚子吐了两次，是不是食物中毒，怎么处理', '吃了感冒药后身上起疹子，会不会是药物中毒'],
    negative: ['孩子吃了奶奶的降压药 会不会中毒', '我老公喝了半瓶农药，是不是中毒了', '吃了野蘑菇后吐了，是不是中毒'],
  },
  {
    id: 'recovery-question',
    mechanism:
      'The question is about diet or recovery after an injury or a bleed that was dealt with (手指切断了吃什么好得快, 大出血后吃什么补血, 算不算医疗事故), with no sign of bleeding or shock now.',
    withdraws: ['amputation', 'severe-bleeding', 'postpartum-hemorrhage', 'postpartum-bleeding-uncontrolled', 'major-trauma', 'hematemesis', 'melena'],
    applies: ({ text }) => RECOVERY_QUESTION.test(text) && !BLEEDING_NOW.test(text),
    positive: ['上个月手指被切断了一截，吃什么好得快', '流产后大出血，过去一个月了，吃什么补血'],
    negative: ['手指切断了，血止不住，吃什么好得快', '流产后大出血，现在头晕心慌，吃什么补血'],
  },
  {
    id: 'finger-cut-pressable',
    mechanism:
      'A cut finger that keeps bleeding is stopped by firm direct pressure for 10–15 minutes with the hand raised (《急诊与灾难医学》第3版): first aid and the emergency room today if pressure fails, not 120 — unless the blood spurts, there are signs of blood loss, part of the finger is off, a machine did it, it has bled for long, or the person takes blood thinners.',
    withdraws: ['severe-bleeding'],
    applies: ({ text }) => FINGER_CUT.test(text) && !CUT_DANGER.test(text),
    positive: ['削土豆皮把大拇指削了 血一直止不住', '剪刀划到指尖 流血止不住怎么办'],
    negative: ['切菜切到手指，血往外喷', '手指被菜刀划了 血止不住 人有点头晕心慌', '切肉把手指切掉了一截 血止不住', '在吃华法林 切到手指 血止不住'],
  },
  {
    id: 'episode-past-or-recurring',
    mechanism:
      'Chest pain, stroke-like, breathing or fainting complaints told as an episode of a past day that is over (昨天胸口疼了一阵), or as a pattern of months (经常, 每次来月经, 有一年了) with nothing new, worse or ongoing now: a doctor soon, not 120.',
    withdraws: ACUTE_EVENT_RULES,
    applies: ({ text }) => (PAST_DAY.test(text) || RECURRING.test(text)) && !NOT_OVER.test(text),
    positive: ['前天干活时胸口疼，出了一身汗，歇了一会好了，是心脏的问题吗', '心口经常针扎一样疼，有时胸闷，左肩膀也疼，是怎么回事'],
    negative: ['胸口憋得慌喘不上气，左边胳膊发麻，一身汗，我平时抽烟很多', '昨天开始胸口疼，出冷汗，现在还疼', '经常胸闷，今天突然胸口剧痛，出冷汗', '经常心口疼，这几天越来越频繁，疼的时候出冷汗'],
  },
  {
    id: 'pregnancy-bleeding-elsewhere',
    mechanism:
      'In pregnancy, bleeding the message places at the anus, in the stool, the nose or the gums (痔疮出血, 大便带血, 流鼻血) is not bleeding from the womb: the pregnancy-bleeding emergency does not apply.',
    withdraws: ['pregnancy-bleeding'],
    applies: ({ text }) => BLEEDING_ELSEWHERE.test(text) && !VAGINAL_WORDS.test(text),
    positive: ['怀孕六个月了，痔疮犯了，上厕所出血，能用什么药', '怀孕五个月，痔疮脱出来了，很疼，出血'],
    negative: ['怀孕六个月，大便的时候下面流了好多血', '孕25周，下面出血了，还有点肚子疼'],
  },
  {
    id: 'pregnancy-brown-spotting',
    mechanism:
      'A little brown (old) blood in pregnancy (褐色分泌物，不多) with no fresh or heavy bleeding, clots, pain, hard belly, fewer movements or faintness: see the obstetrician today, not 120.',
    withdraws: ['pregnancy-bleeding'],
    applies: ({ text }) => BROWN_SPOTTING.test(text) && !SPOTTING_DANGER.test(text),
    positive: ['怀孕20周，内裤上有一点褐色的分泌物，要紧吗', '怀孕18周，阴道出了褐色的血，不是很多'],
    negative: ['怀孕20周，一点褐色分泌物，后来变成鲜红的了', '孕16周，褐色的血不多，但肚子疼得厉害'],
  },
  {
    id: 'term-show',
    mechanism:
      '见红 alone at term (37 weeks or more, 足月, 快生了) is the show of labour: go to the maternity ward today, not a 120 emergency — unless there is real bleeding, a hard or very painful belly, fewer movements or faintness.',
    withdraws: ['pregnancy-bleeding'],
    applies: ({ text, pregnancyWeek }) =>
      SHOW_ONLY.test(text) && !MORE_THAN_SHOW.test(text) && ((pregnancyWeek !== null && pregnancyWeek >= 37) || TERM_WORDS.test(text)),
    positive: ['怀孕38周，今天早上见红了', '怀孕足月了，见红了一点，要去医院吗', '孕39周见红，肚子偶尔发紧'],
    negative: ['怀孕38周见红，血越来越多', '孕30周 见红了', '怀孕39周，见红，肚子很硬很痛'],
  },
];

const SOURCE = '《急诊与灾难医学》第3版，人民卫生出版社，2018；《妇产科学》第9版，人民卫生出版社，2018；中国急性缺血性脑卒中诊治指南2018';

/** The specialty for the withdrawn emergency (the urgent rule keeps the person out of 急诊科 when no emergency is left). */
function departmentOf(ruleId: string): string {
  if (ruleId.startsWith('acs')) return '心血管内科';
  if (ruleId.startsWith('pregnancy')) return '产科';
  if (ruleId === 'major-trauma') return '神经外科';
  if (ruleId === 'hematemesis') return '消化内科';
  if (ruleId === 'child-lethargy' || ruleId === 'febrile-seizure') return '儿科';
  return '神经内科';
}

/** The urgent rule that replaces the emergencies withdrawn (the first of them names the specialty). */
export function contextUrgent(withdrawn: readonly string[]): RedFlagRule {
  return { ...CONTEXT_URGENT, department: departmentOf(withdrawn[0] ?? '') };
}

const CONTEXT_URGENT: RedFlagRule = Object.freeze({
  id: 'context-not-now',
  name: '提到的危急情况不是现在正在发生（已在医院诊治、问的是这个病本身，或足月见红）',
  level: 'urgent',
  require: [],
  action:
    '尽快（今天内）到相应专科或产科就诊，把情况告诉医生；如果现在出现胸痛、说话不清、口角歪斜、一侧手脚无力、抽搐不止、叫不醒、呼吸困难或大出血，立即拨打120。',
  department: '急诊科',
  source: SOURCE,
});

/** The context rules that withdraw `ruleId` for this message. */
export function contextWithdrawing(ruleId: string, v: ContextView): TriageContextRule | null {
  for (const r of TRIAGE_CONTEXT_RULES) if ((r.withdraws === '*' || r.withdraws.includes(ruleId)) && r.applies(v)) return r;
  return null;
}
