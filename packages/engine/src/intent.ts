import { ANSWER_INTENTS, type AnswerIntent, type ScenePath } from '@chatdr/contract';
import type { Extraction } from './extract.ts';

/** The standard Chinese health-query intents (the contract's, shared with the chat frames). */
export const INTENTS = ANSWER_INTENTS;
export type { AnswerIntent };

/** A three-level scene path (chat-core §3): the contract's. */
export type { ScenePath } from '@chatdr/contract';

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
/** Whether the question is about paperwork (补办疫苗本, 补开病假条, 异地就医备案), not a complaint. */
export function isAdminAsk(text: string): boolean {
  return ADMIN.test(text);
}
/** Whether the question asks for one of the app's own services (预约, 挂号, 绑定医保卡). */
export function isAppServiceAsk(text: string): boolean {
  return APP_SERVICE.test(text);
}

/** What a report item is (糖化血红蛋白是个啥指标, 这个数代表什么). */
const INDICATOR_ASK = /是个?(?:什么|啥)指标|指标[^，。,？?]{0,4}(?:什么意思|代表什么|说明什么|啥意思)|这个数(?:值|字)?[^，。,？?]{0,4}(?:代表|说明|什么意思|啥意思)/u;
/** Paperwork and procedures: 办慢特病, 开诊断证明, 异地就医备案, 准备啥材料. */
const ADMIN = /办(?:理)?[^，。,？?\s]{0,8}(?:慢特病|慢病|门慢|门特|特殊病|大病|残疾证|住院手续|出院手续|转诊|异地就医|备案|病历复印|健康证)|(?:病假条|诊断证明|出生证明|疫苗本|接种本|病历|发票)[^，。,？?]{0,8}(?:补开|补办|丢了|弄丢|找不到)|补开|补办|(?:准备|带|交|提供)(?:啥|什么|哪些)(?:材料|资料|证件|手续)|(?:异地就医|转诊)(?:怎么|如何)(?:办|备案)/u;
const COST = /多少钱|花(?:了)?多少(?!时间|天|年|个月|分钟|小时)|费用|花费|价格|价钱|贵不贵|贵吗|医保|报销|自费|收费|要花多少|(?:能|可以)?报(?:多少|几成|百分之)|(?:自己|个人)(?:得|要|还得|还要)?(?:掏|出|花)(?:多少|几)|掏多少|新农合|农合|合作医疗/u;
const CAUSE = /(?:为什么|为啥|为何|怎么)[^，。,？?]{0,8}(?:也|都|还)会(?:得|有|患|长)|原理|机制|怎么感染|怎么传染|如何感染|怎么得上|怎么会得|为什么会|为啥会|什么原因|啥原因|原因是|的原因|病因|怎么引起|什么引起|引起的吗|怎么得的|为什么得|诱因|^(?:为什么|为啥|为何)|(?:为什么|为啥)(?:我|老|总|经常|一)|是缺什么|缺什么吗|缺啥|怎么来的|咋来的|怎么得来的|(?:是|跟|和)遗传(?:的|有关|还是)|遗传还是|是不是.{0,8}(?:引起|导致|造成|害)的|(?:引起|导致|造成)的吗|(?:咋|怎么|如何|什么|啥)(?:造成|引起|导致|形成)的|(?:是|因为)[^，。,？?]{0,6}(?:冻|凉|吹|累|气|熬夜|饿|撑|晒|吓)(?:出来|坏|着)?的[^。？?]{0,6}(?:是不是|对吗|真的吗|对不对)/u;
const CONSEQUENCE = /对身体(?:有|会有)?(?:什么|啥|哪些)?(?:坏处|影响|危害|伤害)|伤身(?:体)?吗|有(?:什么|啥|哪些)坏处|会怎样|会怎么样|会咋样|会怎么着|会如何|会不会(?:死|癌变|变成|遗传|传染|影响|加重|恶化|复发|瘫)|严重吗|严不严重|有什么后果|后果|危害|并发症|能活多久|寿命|会致命|有生命危险|会不会.{0,10}(?:搞坏|坏掉|损伤|损害)|会不会(?:要)?.{0,4}(?:瞎|失明|截肢|残疾|瘫痪|偏瘫|尿毒症|透析|癌|变成|发展成)|(?:以后|将来|最后|久了|时间长了|长期|不管它?|不治|不吃药|拖着).{0,12}会(?:不会)?(?:变成|发展成|转成|得|瞎|死|瘫|加重|恶化|怎样|怎么样|癌变)|会(?:变成|发展成|转成|拖成)/u;
const CARE_SEEKING = /(?:医院|专科)[^，。,？?]{0,3}好还是|还是[^，。,？?]{0,8}医院(?:好|合适|靠谱)|(?:产检|建档|建卡)[^，。,？?]{0,6}(?:啥时候|什么时候|几周|去哪|哪里|在哪|哪家)|去哪(?:里|儿)?(?:建档|建卡|产检)|还是(?:得|要|该|应该)?(?:去|上)[^，。,？?\s]{0,6}(?:大医院|医院)|(?:县|市|省|区|大|小|社区|乡|镇|本地|当地|附近)[^，。,？?\s]{0,4}医院(?:看|治|做|查)?(?:行不|行吗|可以吗|能行吗|靠谱吗|能看吗|能治吗)|挂什么科|挂哪个科|看什么科|看哪个科|哪个科|什么科室|去哪(?:个|家)?医院|哪家医院|哪个医院|要不要去医院|需不需要去医院|用不用去医院|要去医院吗|需要就医|该去医院|(?:看|挂)[^\s，。,？?]{1,5}科(?:还是|吗|呢|好|合适)|应该(?:看|挂)[^\s，。,？?]{1,5}科|还是(?:忍|等到?|先观察|在家|明天|去医院|挂|看急诊)|(?:要不要|用不用|需不需要|该不该|得不得)(?:马上|现在|立即|立刻)?(?:去|上|看)(?:医院|急诊|医生)|(?:去|看|挂)急诊(?:吗|还是)|(?:什么|啥|哪个|哪一个|哪)科(?!学|普|技)|科还是[^，。,？?]{1,6}科|(?:找|看|挂)(?:哪个|哪位|什么|啥)(?:医生|大夫|专家)|去哪(?:里|儿)?(?:看|查|治)|去[^，。,？?\s]{1,6}还是[^，。,？?\s]{0,6}(?:医院|科|门诊)|专门的?(?:科|门诊|医院)|挂哪|什么时候(?:去)?(?:看|检查)|(?:能不能|可不可以|可以|能|用不用|要不要)(?:先)?(?:在家|等(?:到)?(?:明天|天亮|早上|下周|过两天)|忍(?:一忍|着|到)|观察|明天再|过两天再|先不去)|(?:要不要|用不用|需不需要|该不该|得不得|需要|还用|还要|要|用|应该|该)[^，。,？?\s]{0,4}(?:去|上|看|挂)[^，。,？?\s]{0,2}(?:医院|急诊|门诊)/u;
const TREATMENT = /怎么治|如何治|治疗方法|治疗方案|怎么办|咋办|吃什么药|用什么药|怎么缓解|如何缓解|怎么调理|能治吗|怎么处理|怎么降|如何降|手术|咋治|一定要切|要不要切|要切吗|吃多久|用多久|疗程|开刀|不想手术|有(?:没有|什么|啥)办法|吃哪些药|吃啥药|化掉|溶掉|消掉|打掉|排出来|保守治疗|根治/u;
const PRECAUTION = /注意什么|注意事项|要注意|需要注意|禁忌|忌口|讲究|隔离多久|要隔离|隔离几天|(?:能|可以)(?:不能)?(?:洗澡|洗头|喝酒|游泳|上学|上班|出门|同房|吹空调)|能不能吃|可以吃|能吃吗|不能吃|能喝吗|能不能喝|可以喝|饮食|运动|能不能运动|能不能做|能做.{0,8}吗|做之前|检查前|之前要/u;
const EFFECT = /作用|功效|治什么|干什么用|治疗什么|管什么|有什么用|适应症|有啥用|有没有用|有用吗|管用|(?:能|可以)(?:不能)?预防|真(?:的)?能.{0,8}吗|有(?:什么|啥)?好处/u;
/** What a food, supplement or organ is good for, asked without a named drug (红枣补血有没有用, 蛋白粉有什么作用, 阑尾有什么用). */
const EFFECT_GENERAL = /有什么用|有啥用|有没有用|有用吗|管不管用|什么作用|啥作用|作用是什么|有什么功效|功效|(?:能|可以)(?:不能)?预防|真(?:的)?能.{0,8}吗|有(?:什么|啥)?好处吗?|(?:补血|补肾|补钙|补气|明目|养胃|养肝|降(?:血)?(?:压|糖|脂))(?:到底)?(?:有用|有效|管用|吗)/u;
/** Asking what a term is (心肌桥是什么, 啥叫心肌桥, 房颤到底是个啥, 跟心律不齐是一回事吗), not what the asker has. */
const WHAT_IS = /(?:^|[\s，。,？?](?!原理|原因|道理|机制|作用|意思|区别))[^，。,？?\s我你他她孩宝这那]{2,10}(?:到底|究竟)?(?:是个?啥(?!原因|意思|情况|问题|毛病|病|引起|导致|造成)|是什么(?!病|情况|原因|问题|毛病|引起|导致|意思)|是怎么回事)|啥叫|什么叫|什么是|是(?:不是)?一回事|有(?:什么|啥)区别|啥区别/u;
/** A named disease asked about as a term (红斑狼疮是什么病啊): only with the disease named first. */
const DISEASE_WHAT = /^[^，。,？?\s我你他她孩宝]{2,10}(?:到底|究竟)?是(?:个|种)?(?:什么|啥)(?:样的)?病/u;
const DESCRIBE = /是什么|什么是|是啥|啥是|是怎样的病|什么病$|介绍一下|科普/u;
/** Asking how to treat, ahead of a drug named in passing (幽门螺杆菌阳性 要怎么治 吃哪些药). */
const TREATMENT_FIRST = /怎么治|如何治|咋治|治疗方案|吃哪些药|吃什么药|用什么药|有没有办法.{0,8}(?:化掉|溶掉|消掉|不开刀|不手术)|不想(?:做)?(?:开刀|手术)|能不能不(?:开刀|手术)/u;
/** A value read off a report (甘油三酯4.5 后面打了个上箭头 算严重吗): the report item, not its consequence. */
const REPORT_VALUE = /(?:体检|化验|报告|单子|箭头|↑|↓|指标|查出|复查|检查结果).{0,20}\d|\d.{0,20}(?:箭头|↑|↓)/u;
const REPORT_VALUE_ASK = /严重|高吗|低吗|算高|算低|高不高|低不低|正常吗|要紧|什么意思|啥意思|偏高|偏低|超标/u;
const AFTERCARE = /术后|手术后|做完|做了.{0,8}手术|出院后?|回家后?/u;
const WHAT_IF = /(?:如果|万一|假如|假设|要是以后|要是哪天).{0,20}(?:怎么处理|怎么办|该怎么|应该怎么|如何处理|怎么急救)/u;
/** A value then 这个数 asked about (尿酸480 这个数高不高, 转氨酶六十多 这个严重不). */
const VALUE_THEN_ASK = /(?:\d|[一二三四五六七八九十百]+多)[^，。,？?]{0,4}[\s，,]+这个?(?:数|数值|数字|值|指标)?(?:算)?(?:高不高|低不低|高吗|低吗|正常吗|正不正常|严重吗|严重不|严不严重|要紧吗|要紧不|有问题吗|超标了?吗)/u;
const READING_ASK = /\d+(?:\.\d+)?\s*(?:[a-zA-Zμ/]+\s*)?(?:是啥意思|是什么意思|什么意思|算高|算低|高吗|低吗|高不高|低不低|偏高吗|偏低吗|超标|要紧吗|要不要紧|严重吗|严不严重|正常吗|有问题吗|算(?:是)?[^\s，。,？?]{1,8}(?:吗|不|么))/u;
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

/** A clause that asks: a question particle or word, an A-不-A form, 还是. */
const ASKING = /[吗呢么嘛吧？?]|怎|什么|啥|咋|如何|为何|哪|多少|多久|(?<!好|这|前|十)几(?![天次回个年周]了|个月了)|能不能|可不可以|要不要|用不用|需不需要|该不该|是不是|会不会|有没有|对不对|行不行|好不好|还是|(?:不|没|没有)$|([^\s，。,？?])不\1|严重不|管用不|真的假的/u;
/** Clauses split at punctuation and spaces (spoken questions often use spaces as commas). */
const clausesOf = (text: string): string[] => text.split(/[\s，。,？?！!；;、…~～]+/u).filter((c) => c.length > 0);
/**
 * The asking part of a question: the clauses that carry a question word or particle (吗, 呢, 怎么,
 * 什么, 能不能, 要不要, 多少 …), in order. The description before them (symptoms, a diagnosis, who
 * it is about) says what the question is about, not what is asked. Empty when no clause asks (a
 * plain description: 睡一觉能好, 能吃能喝 不发烧).
 */
export function askingPart(text: string): string {
  const asking = clausesOf(text).filter((c) => ASKING.test(c));
  return asking.join('，');
}
/** Whether a clause only describes (孩子手心脚心起了小红疱, 嘴里也有) before the question. */
const describes = (text: string): boolean => clausesOf(text).some((c) => !ASKING.test(c));

/** Asking why (怎么会, 咋会, 是不是因为, 跟…有关吗, 吃出来的). */
const CAUSE_ASK = /为什么|为啥|为何|(?:^|，)(?:怎么|咋)(?:还|又|突然|老是?|总是?)(?!不|没)|(?<!不)(?:怎么|咋|凭什么)(?:就|老|总|突然|一下子)?会|是不是因为|是因为[^，。,？?]{0,10}(?:吗|吧|呢)|(?:跟|和|与)[^，。,？?]{1,12}有(?:没有)?关(?:系)?(?:吗|吧|呢|么|不)?$|(?:跟|和|与)[^，。,？?]{1,12}有没有关系|有关系吗|有关吗|(?:吃|喝|熬|累|气|冻|晒|憋|坐|站|看|玩|捂|吹|喝酒喝|抽烟抽)出来的|什么(?:导致|造成|引起)的|(?:导致|造成|引起)(?:的|这)(?:原因)?|原因(?:是|有)(?:什么|啥|哪些)/u;
/** Asking whether or how it can be cured (能治好吗, 吃几天能好, 怎么才能去掉, 有什么办法). */
const CURE_ASK = /(?:输|挂|打)几(?:天|瓶|针)|(?:要|得|需要)(?:吃|用|输|打)(?:几天|多久|多长时间)|能(?:不能)?(?:治好|治愈|根治|除根|断根|逆转|恢复正常|好(?:吗|不|么|得了|利索)|彻底好)|能好(?:吗|不|么|，|$)|(?:要|需要|得)(?:吃药|治疗|治|打针|输液)吗|(?:要不要|用不用|需不需要|该不该)(?:吃药|治疗|治|管|处理)|(?:用|吃|抹|擦|涂)(?:什么|啥|哪些)[^，。,？?]{0,4}(?:能|可以)(?:去掉|去除|消|治|好|缓解)|(?:多久|几天|多长时间)[^，。,？?]{0,8}(?:能|才能|可以|会)好|(?:多久|几天|多长时间)(?:能|才能|可以)?好|(?:怎么|怎样|如何|咋)(?:样)?(?:才能|才可以|能|可以|快速|尽快|赶紧)?(?:彻底)?(?:去掉|去除|消除|消掉|弄掉|祛除|止住?|退|消|好|通|根治|除根|断根|治好|治愈|恢复|缓解|改善|调理|控制|降下来|减轻|解决|处理|去火|排出)|有(?:没有)?(?:什么|啥|哪些)?(?:别的|其他|其它|好的?|快速|有效的?|好点的|靠谱的)?(?:[^，。,？?]{0,4}的)?(?:治疗|治|处理)?(?:办法|方法|法子|治法|疗法|偏方|招)|(?:治法|疗法|治疗办法|治疗方法)(?:吗|呢|有哪些)|需要(?:做)?手术吗|要不要(?:做)?手术|需不需要(?:做)?手术|(?:要|需要|得)(?:开刀|住院|做手术)吗/u;
/** Asking what happens next (会遗传吗, 对肝有什么影响, 时间长了会不会中风). */
const CONSEQUENCE_ASK = /会(?:不会)?遗传|会(?:不会)?(?:传|传染)给|会(?:自己)?好(?:吗|不|么)|会不会[^，。,？?]{0,4}(?:死|瘫|瞎|聋|残|癌|中风|心梗|脑梗|失明|不孕|流产|畸形|截肢|恶化|加重|复发)|遗不遗传|对(?:身体|[^\s，。,？?]{1,4})(?:有|会有|会|造成)?(?:什么|啥|哪些|多大)?(?:坏处|影响|危害|伤害|损害|损伤)|(?:以后|将来|最后|久了|时间长了?|长期下去|长此以往|不管它?|不治疗?|不吃药|拖着|一直不|严重了|加重了|恶化了|多了|发展下去|再这样下去|继续下去)[^？?]{0,12}(?:会不会|会[^，。,？?]{1,10}(?:吗|吧|么)|会怎|会咋|有什么后果)|能活(?:多久|几年|多长)|影响寿命/u;
/** Asking whether something may be done (能吃鸡蛋吗, 可以跑步吗, 一天能吃几个): a precaution. */
const PERMISSION_ASK = /(?:能不能|可不可以|能否)(?!治|根|好|恢复|逆转|预防|降|补|消|去掉|除|通过|不|帮)[\u4e00-\u9fff]|(?:能不能|可不可以|能|可以|敢)(?:再|正常|马上|继续|照常|经常|多)?(?:吃|喝|洗|刷|跑|游泳|运动|锻炼|健身|做|抽烟|吸烟|熬夜|坐飞机|坐车|开车|上班|上学|出门|同房|怀孕|喂奶|哺乳|化妆|染发|烫发|晒|泡|蒸|按摩|献血|打疫苗|接种|吹|剪|戴|穿|碰|沾水|见风|爬山|下地|走路|睡)[^，。,？?]{0,8}(?<!什)(?:吗|不|呢|么|嘛)|(?:一天|每天|一次|一周|一个月|一顿)(?:最多)?(?:能|可以)?(?:吃|喝|用)(?:几|多少)|(?:能|可以)吃(?:几|多少)/u;
/** A precaution heard and checked (坐月子不能洗头是真的吗, 不能洗头洗澡 … 这有道理吗). */
const PRECAUTION_CLAIM = /(?:不能|不可以|不要|别|忌)[^？?]{1,20}(?:是真的|有道理|对吗|科学吗|真的吗|有没有道理|靠谱吗)/u;
/** Comparing treatments (输液是不是比吃药好得快, 用激光还是冷冻好, 贴膏药有用吗还是要去推拿). */
const TREATMENT_COMPARE = /先[^，。,？?]{1,6}还是先|(?:推拿|针灸|按摩|理疗|手术|开刀|吃药|打针|输液|中药|西药|激光|微创|保守治疗)[^，。,？?]{0,2}还是|(?:用|做|选|吃|打|贴|抹)[^，。,？?]{1,6}还是[^，。,？?]{1,6}(?:好|合适|效果好|管用)|还是(?:要|得|该|应该)?(?:去)?(?:推拿|针灸|按摩|理疗|手术|开刀|吃药|打针|输液|吊瓶|中药|西药|膏药|贴膏药|激光|微创|保守治疗)|(?:输液|吊瓶|打针|吃药|手术|开刀|针灸|推拿|按摩|理疗|中药|西药|中医|西医|激光|微创|保守治疗|膏药)[^，。,？?]{0,4}比[^，。,？?]{0,8}(?:好|快|强|管用|有效|彻底)/u;
/** Guessing what one has (是不是半月板坏了, 会不会是白癜风, 我是得了尿路感染吗). */
/** Whether it is all right (正常吗, 要紧吗, 一起吃没事吧): about a lab item, a drug or oneself. */
const OK_ASK = /正常吗|正不正常|要紧吗|要不要紧|没事吧|有事吗|有没有事|没问题吧/u;
const DIAGNOSIS_GUESS = /(?:会不会|是不是|可能|难道|该不会)是(?!因为|由于|吃|喝|熬|累|就是|一回事)|是不是(?:得了|患了|有|长了)|(?:我|孩子|宝宝|他|她)(?:这|是)?(?:是|得了|患了)[^，。,？?]{1,10}(?:吗|吧)|是不是[^，。,？?]{1,8}(?:坏了|伤了|出问题|有问题|发炎|感染|缺)|这是(?:什么|啥)(?:东西|情况|问题|毛病)?|什么情况|咋了|怎么了|啥毛病|什么毛病|啥问题/u;
/** Asking how to treat, whatever symptom is described before (牙疼得厉害 怎么止疼, 滴什么眼药水好). */
const TREAT_ASK = /怎么办|咋办|(?:咋|怎么)(?:整|弄)(?!都|也|不)|怎么治|如何治|咋治|怎么缓解|如何缓解|(?:吃|用|抹|擦|涂|喷|滴)(?:点)?(?:什么|啥|哪些|哪种)[^，。,？?]{0,3}药|怎么处理|怎么调理|怎么降|如何降/u;
/** Asking what a word means (湿气重是不是就是身体不好). */
const DEFINE_ASK = /是不是就是|就是[^，。,？?]{0,6}的意思|是一回事|指的是(?:什么|啥)/u;
/** A lab item asked about (中性粒细胞百分比高说明什么, 潜血一个加号是啥意思). */
const LAB_ITEM = /两对半|乙肝五项|表面抗原|B超|彩超|CT|核磁|心电图|胃镜|肠镜|片子|检查结果|血常规|尿常规|便常规|肝功|肾功|血脂|化验|体检|报告|单子|抽血|验血|查血|指标|hcg|HCG|孕酮|雌二醇|性激素|甲功|TSH|促甲状腺|糖化|蛋白|酶|细胞|胆固醇|甘油三酯|尿酸|肌酐|抗体|抗原|百分比|计数|潜血|隐血|加号|[+＋]/u;
/** What a lab item or its flag means (说明什么, 是看什么的, 偏高…要紧吗). */
const LAB_MEANING = /说明(?:什么|啥)|什么意思|啥意思|代表(?:什么|啥)|是(?:看|查|测)(?:什么|啥)的|意味着|(?:偏高|偏低|升高|降低|高了|低了|[+＋]|加号)[^，。,？?]{0,4}(?:严重|要紧|正常|有事|有问题|说明)/u;
/** Whether a remedy works (按摩足底管用吗, 能让白头发变黑吗, 能杀幽门螺杆菌吗). */
const EFFECT_ASK = /是干(?:啥|什么|嘛)(?:用)?的|管用(?:吗|不|么)|有效(?:吗|不|么)|有(?:没有)?效果(?:吗)?|(?:能|可以)(?:不能)?(?:让|使|帮助|促进|改善|缓解|驱|防|助|杀|灭|抑制|消炎|解酒|护|安神|助眠)[^，。,？?]{0,12}(?:吗|是真的|真的假的|靠谱)/u;

/**
 * Classifies a question into one of the standard intents. Symptoms with "what is it" are a
 * diagnosis question; a named disease with the same words is a description question. The cue
 * families (why, cure, consequence, permission, effect, care-seeking …) are looked for in the
 * asking clauses ({@link askingPart}): a symptom or disease named in the description only decides
 * when no clause asks anything else.
 */
export function classifyIntent(text: string, ex: Extraction, hasReport = false): AnswerIntent {
  const pos = ex.symptoms.some((s) => !s.negated);
  const disease = ex.diseases.some((d) => !d.negated);
  const drug = ex.drugs.some((d) => !d.negated);
  if (hasReport) return '指标解读';
  // A number the user read off a report and asks about (尿酸480算高吗, 血糖7.2是什么意思).
  if (READING_ASK.test(text)) return '指标解读';
  if (REPORT_VALUE.test(text) && REPORT_VALUE_ASK.test(text)) return '指标解读';
  if (LAB_ITEM.test(text) && VALUE_THEN_ASK.test(text)) return '指标解读';
  const ask = askingPart(text);
  if (APP_SERVICE.test(text)) return '其他';
  if (INDICATOR_ASK.test(text)) return '指标解读';
  // A lab item with a meaning asked (中性粒细胞百分比高说明什么, 潜血一个加号是啥意思).
  if (LAB_ITEM.test(text) && LAB_MEANING.test(ask)) return '指标解读';
  if (LAB_ITEM.test(text) && /偏高|偏低|升高|降低|高了|低了|箭头|↑|↓|[+＋]|加号/u.test(text) && /严重|要紧|正常|有事|有问题/u.test(ask)) return '指标解读';
  // Paperwork (办门诊慢特病要准备啥材料, 异地就医怎么备案): a how-to, unless it asks an amount.
  if (ADMIN.test(text) && !/多少钱|报多少|花多少|掏多少|报几成/u.test(text)) return '其他';
  if (COST.test(text)) return '医疗费用';
  if (CARE_SEEKING.test(text)) return '就医建议';
  if (disease && SPREAD_PRECAUTION.test(text)) return '注意事项';
  if (disease && TRANSMISSION.test(text)) return '疾病表述';
  // A term asked about first (红斑狼疮是什么病啊 … 会不会传染): a description, whatever follows.
  if ((disease || !pos || ex.symptoms.every((x) => x.negated || ex.diseases.length > 0)) && (WHAT_IS.test(text) || (disease && DISEASE_WHAT.test(text))) && !/是不是得了|我.{0,6}是什么病/u.test(text)) return '疾病表述';
  if (DEFINE_ASK.test(ask)) return '疾病表述';
  if ((CAUSE.test(text) || CAUSE_ASK.test(ask)) && (!/怎么回事|咋回事/u.test(text) || /什么原因|啥原因|为什么|为啥/u.test(ask))) return '病因分析';
  // 老是流鼻血 到底是咋回事: a complaint that keeps coming back, asked how come — its cause.
  if (/(?:老是|总是|经常|反复|动不动就?|隔三差五)[^？?]{1,16}(?:到底|究竟)?(?:是)?(?:怎么回事|咋回事)/u.test(text)) return '病因分析';
  if (TREATMENT_CHOICE.test(text) || TREATMENT_COMPARE.test(ask)) return '治疗方案';
  if (PRECAUTION_CHECK.test(text)) return '注意事项';
  // Whether something may be done (能吃鸡蛋吗, 可以跑步吗, 不能洗头是真的吗): asked in the asking clause.
  if (PRECAUTION_CLAIM.test(text) && ask !== '') return '注意事项';
  if (PERMISSION_ASK.test(ask) && !/(?:什么|啥|哪些|哪种)药|手术/u.test(ask)) return '注意事项';
  // 做完胃镜多久能吃饭, 拔牙后多久能刷牙: when something may be done again after a procedure.
  if (/多久|多长时间|几天|几个小时/u.test(ask) && /(?:才)?(?:能|可以)(?:吃|喝|洗|刷|运动|上班|上学|同房|开车|坐飞机|游泳|下床|走路)/u.test(ask)) return '注意事项';
  if (!drug && EFFECT_CLAIM.test(text)) return '功效作用';
  // Preparing for what might happen (如果被蛇咬了该怎么处理, 提前问问): what to watch for and do.
  if (WHAT_IF.test(text)) return '注意事项';
  // Whether or how it can be cured (能治好吗, 吃几天能好, 有什么办法): a treatment question.
  if (CURE_ASK.test(ask)) return '治疗方案';
  if (CONSEQUENCE.test(text) || (ask !== '' && CONSEQUENCE_ASK.test(text))) return '后果表述';
  if (drug && EFFECT.test(text)) return '功效作用';
  if (!pos && (EFFECT_GENERAL.test(text) || EFFECT_ASK.test(ask))) return '功效作用';
  if (TREATMENT_FIRST.test(text) && (disease || drug || !pos)) return '治疗方案';
  if (drug && /吃多久|用多久|疗程|吃到什么时候/u.test(text)) return '治疗方案';
  if (drug && (PRECAUTION.test(text) || /能不能|可不可以|可以|副作用|不良反应|一次|剂量|多少/u.test(text))) return '注意事项';
  if (PRECAUTION.test(text) && !TREATMENT.test(text)) return '注意事项';
  // After an operation or discharge (做完手术回家要注意啥, 术后注意什么): care afterwards, not treatment.
  if (PRECAUTION.test(text) && AFTERCARE.test(text)) return '注意事项';
  if (TREATMENT.test(text) && (disease || !pos || /吃什么药|用什么药|怎么治/u.test(text))) return '治疗方案';
  // How to treat, asked about one's own symptoms (牙疼得厉害 怎么止疼, 头疼怎么办).
  if (TREAT_ASK.test(ask)) return '治疗方案';
  // Whether it is all right: a drug taken (一起吃没事吧), a lab item (这个数正常吗), or oneself.
  if (OK_ASK.test(ask)) {
    if (drug) return '注意事项';
    if (LAB_ITEM.test(text)) return '指标解读';
    return '病情诊断';
  }
  // A guess at what one has (是不是半月板坏了, 会不会是白癜风, 这是什么东西).
  if (DIAGNOSIS_GUESS.test(ask)) return '病情诊断';
  // A named disease guessed after a description (起了小红疱 嘴里也有 是不是手足口病).
  if (disease && describes(text) && /是不是|会不会是|可能是|是[^，。,？?]{1,10}(?:吗|吧)|是[^，。,？?]{1,10}(?:不|么)$/u.test(ask)) return '病情诊断';
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
