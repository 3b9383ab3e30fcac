import { PREFIX, route } from './define.ts';
import * as s from '../schemas/auth.ts';
import * as pk from '../schemas/passkey.ts';
import * as rn from '../schemas/realname.ts';

const v1 = PREFIX.serviceV1;
const ah = 'account-health' as const;

/** Account calls of account-health §7 "Auth and account" that auth.ts does not carry, plus the account bits of "Other". */
export const accountRoutes = {
  customSendCode: route({ prefix: v1, path: '/toc/custom/sendMsgCode', area: 'auth', spec: ah, summary: "Send an SMS code to the account's own phone for a logged-in check (scene changePhone: verifying the old number)", body: s.CustomSendCodeReq, response: s.SendCodeRes }),
  customCheckCode: route({ prefix: v1, path: '/toc/custom/msgCheck', area: 'auth', spec: ah, summary: 'Check the code of a logged-in check; returns a single-use verify ticket', body: s.CustomCheckCodeReq, response: s.VerifyTicketRes }),
  wechatBindPhone: route({ prefix: v1, path: '/toc/wechatSdk/bindPhone', area: 'auth', spec: ah, summary: 'Bind a phone number to an account created by WeChat login' }),
  updatePhoneSendCode: route({ prefix: v1, path: '/toc/userInfo/update/sendMsgCode', area: 'account', spec: ah, summary: 'Send an SMS code to the new phone number (needs the ticket of the old number\'s check)', body: s.UpdatePhoneSendCodeReq, response: s.SendCodeRes }),
  updatePhone: route({ prefix: v1, path: '/toc/userInfo/update/updatePhone', area: 'account', spec: ah, summary: "Change the account's phone number: old number's ticket and new number's code; the other sessions end, the account's data and a record of the change are kept", body: s.UpdatePhoneReq, response: s.UpdatePhoneRes }),
  bindOpenId: route({ prefix: v1, path: '/toc/bindOpenId', area: 'auth', spec: ah, summary: 'Bind a WeChat openId to the account' }),
  wechatIdentityAuth: route({ prefix: v1, path: '/toc/wechatIdentityAuth', area: 'auth', spec: ah, summary: 'Verify identity through WeChat (third-party identity authentication)' }),
  unbind: route({ prefix: v1, path: '/toc/unbind', area: 'auth', spec: ah, summary: 'Unbind the third-party (WeChat) login from the account' }),
  realNameAuth: route({ prefix: v1, path: '/toc/sys/realNameAuth', area: 'realname', spec: ah, summary: "Real-name authentication (/user/auth/:id) of a member: name and identity number checked (GB 11643 checksum, birth date, region), verified by the configured provider, stored encrypted, answered masked", body: rn.RealNameAuthReq, response: rn.RealNameInfo }),
  realNameInfo: route({ prefix: v1, path: '/toc/sys/realNameInfo', method: 'GET', area: 'realname', spec: 'extension', summary: "A member's real-name state, masked", query: rn.RealNameInfoQuery, response: rn.RealNameInfo }),
  fingerprintCodeSend: route({ prefix: v1, path: '/toc/sms/fingerprintCodeSend', area: 'passkey', spec: ah, summary: "Send the SMS code that confirms enabling biometric (fingerprint or face) unlock to the account's own phone", body: pk.FingerprintCodeSendReq, response: s.SendCodeRes }),
  fingerprintCodeCheck: route({ prefix: v1, path: '/toc/sms/fingerprintCodeCheck', area: 'passkey', spec: ah, summary: 'Check the biometric-unlock SMS code; answers the WebAuthn registration options (single-use challenge, 5 minutes)', body: pk.FingerprintCodeCheckReq, response: pk.PasskeyOptionsRes }),
  passkeyRegister: route({ prefix: v1, path: '/toc/passkey/register', area: 'passkey', spec: 'extension', summary: "Store this device's passkey (platform authenticator) after fingerprintCodeCheck: biometric unlock on", body: pk.PasskeyRegisterReq, response: pk.PasskeyItem }),
  passkeyList: route({ prefix: v1, path: '/toc/passkey/list', method: 'GET', area: 'passkey', spec: 'extension', summary: "The account's passkeys (devices with biometric unlock)", response: pk.PasskeyListRes }),
  passkeyDelete: route({ prefix: v1, path: '/toc/passkey/delete', area: 'passkey', spec: 'extension', summary: 'Remove a passkey of the account (biometric unlock off on that device)', body: pk.PasskeyDeleteReq }),
  passkeyUnlockOptions: route({ prefix: v1, path: '/pb/passkey/unlockOptions', area: 'passkey', spec: 'extension', summary: 'WebAuthn assertion options for biometric unlock (single-use challenge, 5 minutes)', body: pk.PasskeyUnlockOptionsReq, response: pk.PasskeyOptionsRes }),
  passkeyUnlock: route({ prefix: v1, path: '/pb/passkey/unlock', area: 'passkey', spec: 'extension', summary: 'Biometric unlock: a verified passkey assertion answers a fresh session; a session sent in Authorization ends', body: pk.PasskeyUnlockReq, response: pk.PasskeyUnlockRes }),
  unbindSendCode: route({ prefix: v1, path: '/toc/unbind/sendCode', area: 'auth', spec: ah, summary: 'Send the SMS code that confirms unbinding the third-party login' }),
  activeTrace: route({ prefix: v1, path: '/toc/user/active/trace', area: 'system', spec: ah, summary: 'Record that the user is active (daily-active trace)' }),
  chatApply: route({ prefix: v1, path: '/pb/chatApply/apply', area: 'auth', spec: ah, summary: 'Apply (logged out) for access to the chat service' }),
  getApplyState: route({ prefix: v1, path: '/pb/chatApply/getApplyState', method: 'GET', area: 'auth', spec: ah, summary: 'State of a chat-access application' }),
  avatarToken: route({ prefix: v1, path: '/toc/avatar/token', method: 'GET', area: 'account', spec: ah, summary: 'Upload token for the account avatar' }),
  wxGzhOpenid: route({ prefix: v1, path: '/toc/wx/gzh/openid', area: 'account', spec: ah, summary: 'Bind or read the WeChat official-account (gzh) openid of the user' }),
  dataExport: route({ prefix: v1, path: '/toc/user/dataExport', method: 'GET', area: 'account', spec: 'extension', summary: "/user/profileDownload: all of the account's data as a ZIP (index.html summary, fhir-bundle.json FHIR R4 Bundle, data.json, files/); answers application/zip, or the envelope on an error" }),
} as const;
