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
};
export type AccountResource = typeof accountZhCN;
