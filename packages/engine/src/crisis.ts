/**
 * The answer to suicidal talk, self-harm and farewell signs (issue 17: crisis answers speak to the
 * person in front of them). Safety first, in plain warm words: the immediate step (120/110 when
 * there is danger now), the hotlines, one trusted person (a parent or teacher for a minor), then
 * the department — and never a list of diagnoses. A bystander (我儿子/朋友说想死) is told how to
 * stay with the person and what to say.
 *
 * Hotlines: 全国心理援助热线 12356 (国家卫生健康委, 2025); 北京心理危机研究与干预中心 010-82951332;
 * 希望24热线 400-161-9995 (24 h). Approach per WHO 《Preventing suicide: a resource for … 》and
 * 《中国精神障碍防治指南》: asking directly about suicidal thoughts does not raise the risk.
 */

/** Red-flag rules of the crisis family: their answer is this one. */
export const CRISIS_RULES: ReadonlySet<string> = new Set(['suicidal-intent', 'self-harm', 'suicide-note', 'suicide-farewell-behaviour', 'suicide-warning-signs']);

export const HOTLINES = '全国心理援助热线 12356；北京心理危机研究与干预中心 010-82951332；希望24热线 400-161-9995（24小时）';

/** Words of a schoolchild's life: the asker is a minor even without a stated age. */
const SCHOOL = /初中|高中|初一|初二|初三|高一|高二|高三|小学|班主任|同学|上学|学校|作业|考试没考好|中考|高考|爸妈|我妈|我爸|父母/u;
/** Already acted, or about to: the emergency call comes first. */
const ACTING = /吃了|吞了|喝了|割了|划了|跳|已经|正在|现在就|今晚|马上|准备好|攒|买了|写好了|流了很多血|站在|阳台|楼顶|天台|河边/u;

export interface CrisisPerson {
  /** The message is about someone else (孩子, 朋友, 我哥…), not the asker. */
  readonly bystander: boolean;
  /** The person at risk is under 18. */
  readonly minor: boolean;
}

export function crisisPerson(text: string, who: string | null, age: number | null): CrisisPerson {
  // 我15岁… / 我是初三学生… speaks of the asker, whatever age word the extractor read as a child.
  const aboutMe = /^(?:我|本人)(?!家|的|们|儿|女|妈|爸|老|哥|姐|弟|妹|朋友|同学|同事|孩子|宝宝|对象|男朋友|女朋友)/u.test(text.trim());
  const bystander = who !== null && who !== 'self' && !aboutMe;
  const minor = (age !== null && age < 18) || (!bystander && SCHOOL.test(text));
  return { bystander, minor };
}

export function crisisLines(text: string, p: CrisisPerson): string[] {
  const acting = ACTING.test(text);
  if (p.bystander) {
    return [
      `谢谢你留意到${p.minor ? '孩子' : '他/她'}的状态并来问——这一步很重要。`,
      acting
        ? '如果已经吃了药、受了伤，或者正处在危险的地方，请马上拨打120（有危险也可拨打110），现在就陪在旁边，不要离开。'
        : '请今天就陪在身边，不要让他/她一个人待着；把药物、刀具、绳索等可能伤到自己的东西收起来。如果已经受伤、吃了药或马上要行动，立即拨打120或110。',
      `可以温和、直接地问一句“你是不是想过伤害自己？”——这样问不会增加风险，反而让对方觉得被理解；认真听，不评判、不说教。`,
      `你们可以一起打心理援助热线：${HOTLINES}。`,
      `之后尽快${p.minor ? '带孩子' : '陪他/她'}到医院精神心理科（心理门诊）就诊，持续的情绪低落是可以治疗的。你自己也需要支持，有什么情况可以随时再来说。`,
    ];
  }
  return [
    '听到你这么说，我很担心你。你愿意说出来，这很重要——这样的痛苦是可以被帮助的，你不用一个人扛着。',
    acting
      ? '如果你已经吃了药、伤了自己，或者现在就打算这么做，请马上拨打120（或110），或者直接去最近的医院急诊。'
      : '如果你现在就有伤害自己的打算，或者已经伤了自己，请马上拨打120（或110），或者直接去最近的医院急诊。',
    `现在就可以打电话，和专业的人聊一聊：${HOTLINES}。`,
    p.minor
      ? '请今天就告诉爸爸妈妈、老师或者你信任的大人你现在的感受，让他们陪着你——这不是给人添麻烦，他们会想知道。'
      : '请告诉一个你信任的人（家人或朋友），让他今天陪着你；把药物、刀具这类东西交给他保管。',
    '等情绪稍微平稳一些，可以到医院精神心理科（心理门诊）看看——长期的情绪低落、睡不好，是可以治疗的。',
    '如果你愿意，也可以跟我说说最近发生了什么。',
  ];
}
