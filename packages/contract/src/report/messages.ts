// The report module's user-facing messages, with no zod schemas: errors.ts (and the web's first
// screen through it) imports these without pulling in schemas.ts.
import { MSG } from '../messages.ts';

export const REPORT_MSG = {
  /** account-health §8 / chat-core §8: a report the assistant cannot interpret. */
  notInterpretable: MSG.reportNotInterpretable,
  noWechat: '暂不支持从微信打开文件',
  nameEmpty: '请输入名称',
  noItems: '没有可保存的识别结果',
  noMediaOrDialog: '请提供 inputMediaIds 或 dialInId',
  upCodeExpired: '上传码已失效，请重新获取',
} as const;
