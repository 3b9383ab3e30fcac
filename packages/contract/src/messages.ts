/**
 * The spec's user-facing strings, verbatim (chat-core §4/§5/§8, account-health §2/§5/§8).
 * Both sides import them; nothing retypes them.
 */
export const MSG = {
  // chat-core §8
  busy: '当前咨询的人数过多，请稍后重试',
  badInputFormat: '输入格式不正确，请重新输入',
  voiceNotRecognised: '语音未识别',
  genericError: '出现了一些错误，请稍后重试',
  emptyAnswer: '很抱歉，我无法理解你的问题。',
  cancelled: '您取消了本次提问。',
  ttsFailedPrefix: '合成失败',
  noWebSocket: '浏览器不支持WebSocket',
  noWebAudio: '该浏览器不支持webAudioApi相关接口',
  locationFailed: '获取定位失败',
  notLoggedIn: '未登录',
  ocrSaveFailed: '存储信息失败',
  copied: '复制成功',
  saved: '保存成功',
  fileMissing: '文件不存在',
  downloadFailed: '下载失败，请稍后重试',
  downloading: '正在下载...',
  // chat-core §4/§5
  waitPrevious: '请等待上一次对话结束',
  sensitiveText: '文本含有敏感信息',
  tooManyFiles: '最多支持5份同时解读，已自动过滤多余的文件',
  fileTooLarge: '文件大小不能超20M',
  fileCountReached: '文件数量已达上线',
  selectLimit: '最多选择15条',
  noImageData: '未获取到imageData',
  fetchInfoFailed: '获取信息失败',
  // account-health §2/§8
  serverCrowded: '当前人数过多，请稍后重试',
  emptyResponse: 'request fail：无数据',
  loginFailed: '登录失败,请重试',
  reloading: '刷新页面...',
  pressAgainToExit: '再按一次退出程序',
  reportNotInterpretable: '抱歉，晓医还在学习中，暂时无法解读此文件',
  // account-health §5
  chooseRoleFirst: '请先选择角色',
  nicknamePlaceholder: '请输入昵称',
  auditing: '校验中',
  nicknameBlocked: '该昵称不可用，请更换昵称',
  nicknameTaken: '昵称已存在，请重填',
  pleaseChoose: '请选择',
  defaultConsultantHint: '设置后将不再询问为谁咨询',
  // chat-core §4 (role logic)
  notCombinedTitle: '不结合档案',
  confirm: '确定',
} as const;
export type MsgKey = keyof typeof MSG;

/** Our messages for input the database could not store (not spec strings). */
export const INPUT_MSG = {
  badText: '内容含有无法识别的字符',
  badDate: '日期不存在',
  outOfRange: '数值超出范围',
} as const;
