import { MESSAGE_MSG } from '@chatdr/contract/message/schemas';

/**
 * Chinese strings of the message centre (/user/message), its settings (/user/notifys), feedback
 * (/user/feedback, /user/feedback/log) and complaints (/user/about/report, /user/about/log).
 */
export const messageZhCN = {
  message: {
    title: '消息中心',
    all: '全部',
    kinds: { remind: '提醒', suggestion: '反馈回复', complaint: '投诉回复', order: '订单', consult: '咨询', system: '系统通知' },
    empty: '暂无消息',
    emptyDesc: '用药提醒、反馈回复和服务通知都会出现在这里',
    readAll: '全部已读',
    readAllDone: '已全部标为已读',
    unread: '{{n}}条未读',
    settings: '通知设置',
    more: '加载更多',
  },
  notifys: {
    title: '消息通知设置',
    desc: '选择每类消息的提醒方式。消息始终保存在消息中心。',
    inApp: '应用内横幅',
    sms: '短信通知',
    saved: '保存成功',
  },
  feedback: {
    title: '意见反馈',
    reportTitle: '投诉',
    type: '问题类型',
    reportType: '投诉类型',
    content: '问题描述',
    contentPlaceholder: '请详细描述您遇到的问题或建议（至少5个字）',
    reportPlaceholder: '请描述投诉的具体情况，我们会尽快核实处理（至少5个字）',
    pictures: '图片（选填，最多{{n}}张）',
    addPicture: '添加图片',
    removePicture: '删除图片',
    uploading: '上传中…',
    contact: '联系方式（选填）',
    contactPlaceholder: '手机号或邮箱，方便我们联系您',
    submit: '提交',
    submitted: '提交成功，我们会尽快回复',
    log: '反馈记录',
    reportLog: '投诉记录',
    logTitle: '我的反馈',
    reportLogTitle: '我的投诉',
    logEmpty: '还没有反馈记录',
    reportLogEmpty: '还没有投诉记录',
    waiting: '待回复',
    replied: '已回复',
    reply: '官方回复',
    contentShort: MESSAGE_MSG.contentShort as string,
    tooMany: MESSAGE_MSG.tooManyPictures as string,
    loginForPictures: '登录后可上传图片',
  },
};
export type MessageResource = typeof messageZhCN;
