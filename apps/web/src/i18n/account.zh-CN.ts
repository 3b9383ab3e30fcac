/** Chinese strings of the data export (/user/profileDownload) and changing the phone (/user/account/changephone …). */
export const accountZhCN = {
  dataExport: {
    title: '下载我的数据',
    entry: '下载我的数据',
    lead: '依据《个人信息保护法》，您可以随时获取您在晓医保存的全部数据。',
    includes: '导出的压缩包包含：',
    items: ['本人与家庭成员资料、健康档案', '健康指标、报告解读、用药与复查提醒', '咨询记录、订单、意见反馈与消息', '您上传的图片与 PDF 文件'],
    formats: '其中 index.html 可直接用浏览器查看；fhir-bundle.json 采用国际医疗数据标准 HL7 FHIR R4，可导入支持该标准的医院或健康应用。',
    safety: '文件包含敏感健康信息，请妥善保存，不要发送给不信任的人。',
    button: '导出并下载',
    working: '正在打包…',
    done: '已开始下载',
    failed: '导出失败，请稍后重试',
  },
  changePhone: {
    title: '更换手机号',
    current: '当前绑定手机号',
    desc: '更换后请使用新手机号登录。账号中的家庭成员、健康档案、咨询记录等数据保持不变；其他设备上的登录将退出。',
    start: '更换手机号',
    step: '第{{n}}步，共3步',
    verifyTitle: '验证当前手机号',
    verifySub: '验证码将发送至 {{phone}}',
    newTitle: '输入新手机号',
    newSub: '新手机号需未注册晓医账号',
    codeTitle: '验证新手机号',
    codeSub: '验证码已发送至 {{phone}}',
    next: '下一步',
    submit: '确认更换',
    done: '手机号已更换',
    sent: '验证码已发送',
  },
};
export type AccountResource = typeof accountZhCN;
