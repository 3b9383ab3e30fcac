import type { Extraction } from './extract.ts';

/** The standard Chinese health-query intents. */
export const INTENTS = ['病情诊断', '病因分析', '治疗方案', '就医建议', '指标解读', '疾病表述', '后果表述', '注意事项', '功效作用', '医疗费用', '其他'] as const;
export type AnswerIntent = (typeof INTENTS)[number];

/** A three-level scene path (chat-core §3). */
export type ScenePath = readonly [string, string, string];

/** The spec's non-recommendation scenes (chat-core §9): answers in them carry no recommendations. */
export const NON_RECOMMENDATION_SCENES: readonly ScenePath[] = [
  ['其他', '意图模糊', '其他'],
  ['其他', '模型介绍', '产品介绍/对比/人设等'],
  ['其他', '纠错', '否定纠错'],
];

export function isNonRecommendationScene(path: ScenePath): boolean {
  return NON_RECOMMENDATION_SCENES.some((s) => s[0] === path[0] && s[1] === path[1] && s[2] === path[2]);
}

/** The app's own services (帮我预约, 能帮我挂号吗, 怎么绑定医保卡): a how-to, ahead of cost words like 医保. */
const APP_SERVICE = /(?:你们|这个?(?:软件|app|平台|小程序)|软件|app|平台|小程序)[^，。,？?]{0,8}(?:能|可以|能不能|可不可以|支持)(?:帮我|帮忙)?[^，。,？?]{0,4}(?:预约|挂号|绑定|充值|退款|注册|登录|添加|开发票)|怎么(?:绑定|添加|注册|登录|充值|退款|解绑)(?:医保卡|就诊卡|家庭成员|账号|手机号)?/iu;
/** Whether the question asks for one of the app's own services (预约, 挂号, 绑定医保卡). */
export function isAppServiceAsk(text: string): boolean {
  return APP_SERVICE.test(text);
}

/** What a report item is (糖化血红蛋白是个啥指标, 这个数代表什么). */
const INDICATOR_ASK = /是个?(?:什么|啥)指标|指标[^，。,？?]{0,4}(?:什么意思|代表什么|说明什么|啥意思)|这个数(?:值|字)?[^，。,？?]{0,4}(?:代表|说明|什么意思|啥意思)/u;
const COST = /多少钱|费用|花费|价格|价钱|贵不贵|贵吗|医保|报销|自费|收费|要花多少/u;
const CAUSE = /(?:为什么|为啥|为何|怎么)[^，。,？?]{0,8}(?:也|都|还)会(?:得|有|患|长)|原理|机制|怎么感染|怎么传染|如何感染|怎么得上|怎么会得|为什么会|为啥会|什么原因|啥原因|原因是|的原因|病因|怎么引起|什么引起|引起的吗|怎么得的|为什么得|诱因|^(?:为什么|为啥|为何)|(?:为什么|为啥)(?:我|老|总|经常|一)|是缺什么|缺什么吗|缺啥|怎么来的|咋来的|怎么得来的|(?:是|跟|和)遗传(?:的|有关|还是)|遗传还是|是不是.{0,8}(?:引起|导致|造成|害)的|(?:引起|导致|造成)的吗|(?:咋|怎么|如何|什么|啥)(?:造成|引起|导致|形成)的|(?:是|因为)[^，。,？?]{0,6}(?:冻|凉|吹|累|气|熬夜|饿|撑|晒|吓)(?:出来|坏|着)?的[^。？?]{0,6}(?:是不是|对吗|真的吗|对不对)/u;
const CONSEQUENCE = /对身体(?:有|会有)?(?:什么|啥|哪些)?(?:坏处|影响|危害|伤害)|伤身(?:体)?吗|有(?:什么|啥|哪些)坏处|会怎样|会怎么样|会咋样|会怎么着|会如何|会不会(?:死|癌变|变成|遗传|传染|影响|加重|恶化|复发|瘫)|严重吗|严不严重|有什么后果|后果|危害|并发症|能活多久|寿命|会致命|有生命危险|能治好吗|能不能治好|会好吗|会不会.{0,10}(?:搞坏|坏掉|损伤|损害)|会不会(?:要)?.{0,4}(?:瞎|失明|截肢|残疾|瘫痪|偏瘫|尿毒症|透析|癌|变成|发展成)|(?:以后|将来|最后|久了|时间长了|长期|不管它?|不治|不吃药|拖着).{0,12}会(?:不会)?(?:变成|发展成|转成|得|瞎|死|瘫|加重|恶化|怎样|怎么样|癌变)|会(?:变成|发展成|转成|拖成)/u;
const CARE_SEEKING = /挂什么科|挂哪个科|看什么科|看哪个科|哪个科|什么科室|去哪(?:个|家)?医院|哪家医院|哪个医院|要不要去医院|需不需要去医院|用不用去医院|要去医院吗|需要就医|该去医院|(?:看|挂)[^\s，。,？?]{1,5}科(?:还是|吗|呢|好|合适)|应该(?:看|挂)[^\s，。,？?]{1,5}科|还是(?:忍|等到?|先观察|在家|明天|去医院|挂|看急诊)|(?:要不要|用不用|需不需要|该不该|得不得)(?:马上|现在|立即|立刻)?(?:去|上|看)(?:医院|急诊|医生)|(?:去|看|挂)急诊(?:吗|还是)/u;
const TREATMENT = /怎么治|如何治|治疗方法|治疗方案|怎么办|咋办|吃什么药|用什么药|怎么缓解|如何缓解|怎么调理|能治吗|怎么处理|怎么降|如何降|手术|咋治|一定要切|要不要切|要切吗|吃多久|用多久|疗程|开刀|不想手术|有(?:没有|什么|啥)办法|吃哪些药|吃啥药|化掉|溶掉|消掉|打掉|排出来|保守治疗|根治/u;
const PRECAUTION = /注意什么|注意事项|要注意|需要注意|禁忌|忌口|讲究|隔离多久|要隔离|隔离几天|(?:能|可以)(?:不能)?(?:洗澡|洗头|喝酒|游泳|上学|上班|出门|同房|吹空调)|能不能吃|可以吃|能吃吗|不能吃|能喝吗|能不能喝|可以喝|饮食|运动|能不能运动|能不能做|能做.{0,8}吗|做之前|检查前|之前要/u;
const EFFECT = /作用|功效|治什么|干什么用|治疗什么|管什么|有什么用|适应症|有啥用|有没有用|有用吗|管用|(?:能|可以)(?:不能)?预防|真(?:的)?能.{0,8}吗|有(?:什么|啥)?好处/u;
/** What a food, supplement or organ is good for, asked without a named drug (红枣补血有没有用, 蛋白粉有什么作用, 阑尾有什么用). */
const EFFECT_GENERAL = /有什么用|有啥用|有没有用|有用吗|管不管用|什么作用|啥作用|作用是什么|有什么功效|功效|(?:能|可以)(?:不能)?预防|真(?:的)?能.{0,8}吗|有(?:什么|啥)?好处吗?|(?:补血|补肾|补钙|补气|明目|养胃|养肝|降(?:血)?(?:压|糖|脂))(?:到底)?(?:有用|有效|管用|吗)/u;
/** Asking what a term is (心肌桥是什么, 啥叫心肌桥, 房颤到底是个啥, 跟心律不齐是一回事吗), not what the asker has. */
const WHAT_IS = /(?:^|[\s，。,？?](?!原理|原因|道理|机制|作用|意思|区别))[^，。,？?\s我你他她孩宝这那]{2,10}(?:到底|究竟)?(?:是个?啥|是什么(?!病|情况|原因|问题|毛病|引起|导致|意思)|是怎么回事)|啥叫|什么叫|什么是|是(?:不是)?一回事|有(?:什么|啥)区别|啥区别/u;
/** A named disease asked about as a term (红斑狼疮是什么病啊): only with the disease named first. */
const DISEASE_WHAT = /^[^，。,？?\s我你他她孩宝]{2,10}(?:到底|究竟)?是(?:个|种)?(?:什么|啥)(?:样的)?病/u;
const DESCRIBE = /是什么|什么是|是啥|啥是|是怎样的病|什么病$|介绍一下|科普/u;
/** Asking how to treat, ahead of a drug named in passing (幽门螺杆菌阳性 要怎么治 吃哪些药). */
const TREATMENT_FIRST = /怎么治|如何治|咋治|治疗方案|吃哪些药|吃什么药|用什么药|有没有办法.{0,8}(?:化掉|溶掉|消掉|不开刀|不手术)|不想开刀|不想手术|能不能不(?:开刀|手术)/u;
/** A value read off a report (甘油三酯4.5 后面打了个上箭头 算严重吗): the report item, not its consequence. */
const REPORT_VALUE = /(?:体检|化验|报告|单子|箭头|↑|↓|指标|查出|复查|检查结果).{0,20}\d|\d.{0,20}(?:箭头|↑|↓)/u;
const REPORT_VALUE_ASK = /严重|高吗|低吗|算高|算低|高不高|低不低|正常吗|要紧|什么意思|啥意思|偏高|偏低|超标/u;
const AFTERCARE = /术后|手术后|做完|做了.{0,8}手术|出院后?|回家后?/u;
const WHAT_IF = /(?:如果|万一|假如|假设|要是以后|要是哪天).{0,20}(?:怎么处理|怎么办|该怎么|应该怎么|如何处理|怎么急救)/u;
const READING_ASK = /\d+(?:\.\d+)?\s*(?:[a-zA-Zμ/]+\s*)?(?:是啥意思|是什么意思|什么意思|算高|算低|高吗|低吗|高不高|低不低|偏高吗|偏低吗|超标)/u;
/** A health claim asked about (天天喝醋能软化血管是真的吗, 吃核桃能补脑吗, 拔火罐真能把湿气拔出来吗): an efficacy question. */
const EFFECT_CLAIM = /(?:能|可以)(?:不能)?(?:软化|补|降|排|拔|祛|去|清|养|美白|减肥|瘦|长高|增高|抗癌|防癌|通|护|提高|增强)[^，。,？?]{0,14}(?:吗|是真的|真的假的|靠谱|有科学依据)|(?:听说|据说|都说|网上说|老人说).{0,16}(?:能|可以).{0,12}(?:是真的吗|真的假的|真的吗|靠谱吗|有用吗)|真(?:的)?能[^，。,？?]{0,14}吗/u;
/** Whether a home remedy or first-aid habit is right (捂被子发汗这样对不对, 流鼻血是不是该仰着头): a precaution. */
const PRECAUTION_CHECK = /(?:这样|这么做|这么弄|这种做法|这个做法|这样做)(?:到底)?(?:对不对|对吗|行不行|可以吗|科学吗|好吗|有用吗|正确吗)|是不是(?:该|应该|要|得)(?!去医院|看医生|去看|挂|住院|手术|吃药)[^，。,？?]{0,8}(?:头|着|敷|捂|拍|揉|挤|按|躺|喝|泡)/u;
/** Which treatment to choose (针灸好还是推拿好, 还是得吃药): a treatment question. */
const TREATMENT_CHOICE = /(?:针灸|推拿|按摩|理疗|手术|吃药|打针|输液|中药|西药|中医|西医|保守治疗|微创|牵引|封闭|小针刀|艾灸|拔罐)[^，。,？?]{0,3}好还是|好还是[^，。,？?]{0,6}(?:针灸|推拿|按摩|理疗|手术|吃药|中药|西药)|(?:哪种|哪个)(?:治疗|疗法|方法)(?:好|效果好|更好)/u;
/** How a named infection spreads (艾滋病会不会通过蚊子咬传染): a description of the disease. */
const TRANSMISSION = /(?:会不会|能不能|会|能)(?:通过|经过|经)[^，。,？?]{0,10}(?:传染|传播|传上)|传播途径|传染途径/u;
/** A household precaution against spread (吃饭要分餐吗, 要不要用公筷). */
const SPREAD_PRECAUTION = /(?:要|需要|得|用)(?:不要|不)?(?:分餐|分开吃|用公筷|公筷|隔离|消毒|分开睡|分床)/u;
const DIAGNOSE = /怎么回事|咋回事|是什么病|什么病|得了什么|是不是得了|是不是|会不会是|正常吗|要紧吗/u;

/**
 * Classifies a question into one of the standard intents. Symptoms with "what is it" are a
 * diagnosis question; a named disease with the same words is a description question.
 */
export function classifyIntent(text: string, ex: Extraction, hasReport = false): AnswerIntent {
  const pos = ex.symptoms.some((s) => !s.negated);
  const disease = ex.diseases.some((d) => !d.negated);
  const drug = ex.drugs.some((d) => !d.negated);
  if (hasReport) return '指标解读';
  // A number the user read off a report and asks about (尿酸480算高吗, 血糖7.2是什么意思).
  if (READING_ASK.test(text)) return '指标解读';
  if (REPORT_VALUE.test(text) && REPORT_VALUE_ASK.test(text)) return '指标解读';
  if (APP_SERVICE.test(text)) return '其他';
  if (INDICATOR_ASK.test(text)) return '指标解读';
  if (COST.test(text)) return '医疗费用';
  if (CARE_SEEKING.test(text)) return '就医建议';
  if (disease && SPREAD_PRECAUTION.test(text)) return '注意事项';
  if (disease && TRANSMISSION.test(text)) return '疾病表述';
  // A term asked about first (红斑狼疮是什么病啊 … 会不会传染): a description, whatever follows.
  if ((disease || !pos || ex.symptoms.every((x) => x.negated || ex.diseases.length > 0)) && (WHAT_IS.test(text) || (disease && DISEASE_WHAT.test(text))) && !/是不是得了|我.{0,6}是什么病/u.test(text)) return '疾病表述';
  if (CAUSE.test(text) && !/怎么回事|咋回事/u.test(text)) return '病因分析';
  if (TREATMENT_CHOICE.test(text)) return '治疗方案';
  if (PRECAUTION_CHECK.test(text)) return '注意事项';
  if (!drug && EFFECT_CLAIM.test(text)) return '功效作用';
  if (CONSEQUENCE.test(text)) return '后果表述';
  if (drug && EFFECT.test(text)) return '功效作用';
  if (!pos && EFFECT_GENERAL.test(text)) return '功效作用';
  if (TREATMENT_FIRST.test(text) && (disease || drug || !pos)) return '治疗方案';
  if (drug && /吃多久|用多久|疗程|吃到什么时候/u.test(text)) return '治疗方案';
  if (drug && (PRECAUTION.test(text) || /能不能|可不可以|可以|副作用|不良反应|一次|剂量|多少/u.test(text))) return '注意事项';
  if (PRECAUTION.test(text) && !TREATMENT.test(text)) return '注意事项';
  // After an operation or discharge (做完手术回家要注意啥, 术后注意什么): care afterwards, not treatment.
  if (PRECAUTION.test(text) && AFTERCARE.test(text)) return '注意事项';
  // Preparing for what might happen (如果被蛇咬了该怎么处理, 提前问问): what to watch for and do.
  if (WHAT_IF.test(text)) return '注意事项';
  if (TREATMENT.test(text) && (disease || !pos || /吃什么药|用什么药|怎么治/u.test(text))) return '治疗方案';
  if (pos) return '病情诊断';
  if (disease && DESCRIBE.test(text)) return '疾病表述';
  if (disease && TREATMENT.test(text)) return '治疗方案';
  if (DIAGNOSE.test(text) && pos) return '病情诊断';
  if (disease) return '疾病表述';
  if (drug) return '功效作用';
  // Something the asker has, named by no vocabulary word (长了个硬疙瘩 这是啥病): still a diagnosis question.
  if (/是(?:什么|啥)病|什么病|怎么回事|咋回事/u.test(text)) return '病情诊断';
  if (/指标|化验|报告|偏高|偏低|阳性|阴性/u.test(text)) return '指标解读';
  return '其他';
}

const PRODUCT = /^(?:你是谁|你是什么|你叫什么|你是机器人吗|你是真人吗|你是医生吗|你是ai吗|你能做什么|你会什么|你有什么功能|介绍一下你自己|你和.{1,12}比|你是哪个公司)/iu;
/** Who answers: 是真人医生还是机器人, 回答问题的是不是AI. */
const PRODUCT_ANYWHERE = /(?:是|是不是)(?:真人|真的医生|真医生|机器人|ai|人工智能)(?:医生)?(?:在)?(?:回答|回复|答复|解答)|(?:真人|人工).{0,4}还是(?:机器人|ai|人工智能)|(?:机器人|ai|人工智能)还是(?:真人|人工|医生)|回答.{0,6}是不是(?:真人|机器人|ai)/iu;
const CORRECTION = /^(?:不对|错了|你说错了|说得不对|不是这样|不是的|你理解错了|答非所问|没说对)/u;
const VAGUE = /^(?:你好|您好|在吗|hi|hello|嗨|哈喽|谢谢|多谢|好的|嗯+|哦+|ok|收到|再见|拜拜)[!！。.?？~～]*$/iu;

export type MetaKind = 'product' | 'correction' | 'greeting';

/** Meta questions about the assistant itself, corrections and greetings (the non-recommendation scenes). */
export function metaKind(text: string): MetaKind | null {
  const t = text.trim();
  if (PRODUCT.test(t) || PRODUCT_ANYWHERE.test(t)) return 'product';
  if (CORRECTION.test(t)) return 'correction';
  if (VAGUE.test(t)) return 'greeting';
  return null;
}

/**
 * Inappropriate requests answered with socket code 3031 (chat-core §8): harming others, obtaining
 * drugs for abuse, forging medical documents, non-medical fetal sex determination (illegal in
 * China), and sexual content. Self-harm is not here: it is an emergency with hotlines.
 */
const INAPPROPRIATE: readonly RegExp[] = [
  /(?:怎么|如何|怎样|什么药|什么方法).{0,8}(?:毒死|害死|弄死|杀死|杀掉|迷晕|下毒|投毒)(?!自己)/u,
  /(?:给|让)(?:他|她|别人|老公|老婆|同事|室友).{0,6}(?:下药|下毒|吃安眠药.{0,4}(?:不知道|发现))/u,
  /(?:哪里|怎么|如何|在哪).{0,4}(?:买到?|搞到|弄到).{0,6}(?:冰毒|海洛因|大麻|摇头丸|K粉|氯胺酮|芬太尼|笑气|迷药|春药|听话水|安眠药不要处方)/u,
  /(?:怎么|如何).{0,4}(?:吸毒|制毒|提炼|合成).{0,4}(?:冰毒|毒品|海洛因)?/u,
  /(?:开|做|弄|伪造|造)(?:一?张|个|份)?假(?:病假条|诊断证明|病历|证明|体检报告|化验单)/u,
  /假(?:病假条|诊断证明|病历|体检报告)/u,
  /(?:鉴定|测|查|看|照).{0,6}(?:胎儿|肚子里|宝宝).{0,4}(?:性别|男孩还是女孩|是男是女)|(?:胎儿|宝宝)性别鉴定|b超.{0,6}(?:男孩女孩|是男是女|看性别)/iu,
  /(?:约炮|色情|裸照|黄片|性服务)/u,
];

export function isInappropriate(text: string): boolean {
  return INAPPROPRIATE.some((re) => re.test(text));
}
