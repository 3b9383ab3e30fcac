/**
 * English for content the server and the engine send in Chinese: the follow-up chips and
 * quick replies of an answer, the default recommended questions, and the care tips (by their
 * `key`). Chinese needs none of it: the content already is Chinese.
 */

/** Chips, exactly as the engine or server words them. */
export const chipsEn: Record<string, string> = {
  有: 'Yes',
  没有: 'No',
  不确定: 'Not sure',
  头痛发烧两天: 'Headache and fever for two days',
  肚子疼拉肚子: 'Stomach ache and diarrhoea',
  咳嗽一周了: 'Coughing for a week',
  '这些症状出现多久了？': 'How long have these symptoms lasted?',
  '有没有药物过敏史？': 'Any history of drug allergies?',
  '目前是因为什么症状需要用药？': 'What symptoms is the medicine for?',
  '有没有正在服用的其他药物？': 'Are you taking any other medicines?',
  '目前有哪些不舒服的症状？': 'What symptoms do you have now?',
  '现在在用什么药？': 'What medicines are you using now?',
  帮我做一次症状自查: 'Help me with a symptom self-check',
  帮我看看化验单: 'Help me read a lab report',
  '布洛芬和对乙酰氨基酚有什么区别？': 'What is the difference between ibuprofen and paracetamol?',
  我在北京: "I'm in Beijing",
  我在上海: "I'm in Shanghai",
  我在广州: "I'm in Guangzhou",
  '需要复查吗？': 'Do I need a follow-up test?',
  '要挂什么科？': 'Which department should I see?',
  '医保报销需要准备什么材料？': 'What do I need for a medical-insurance claim?',
  '怕冷，手脚凉，大便稀': 'Feel cold, cold hands and feet, loose stools',
  '口干口苦，舌苔黄腻': 'Dry, bitter mouth, thick yellow tongue coating',
  '饮食上怎么调理？': 'How should I adjust my diet?',
  '附近有好的中医院吗？': 'Is there a good TCM hospital nearby?',
  '高血压饮食要注意什么？': 'What should I watch in my diet with high blood pressure?',
  '糖尿病能吃水果吗？': 'Can people with diabetes eat fruit?',
  '血压高饮食要注意什么？': 'What should I eat with high blood pressure?',
  '需要吃降压药吗？': 'Do I need blood-pressure medicine?',
  '这些异常需要复查吗？': 'Do these abnormal results need a re-test?',
  '饮食上要注意什么？': 'What should I watch in my diet?',
  '附近有哪些医院可以看？': 'Which hospitals nearby can I go to?',
  '要看哪个科？': 'Which department should I see?',
  '孩子看病去哪家医院？': 'Which hospital is good for a child?',
  '每天吃多少合适？': 'How much a day is right?',
  '等救护车时还能做些什么？': 'What can I do while waiting for the ambulance?',
  '送医前有哪些事不能做？': 'What must I not do before getting to hospital?',
  '最近有哪些不舒服的症状？': 'What symptoms have you had lately?',
  '这种情况需要去医院吗？': 'Does this need a hospital visit?',
  '平时生活中需要注意什么？': 'What should I watch in daily life?',
};

/** Chips with a name inside (a symptom, condition or drug): the name stays as the engine wrote it. */
export const chipPatternsEn: ReadonlyArray<readonly [RegExp, string]> = [
  [/^有没有(.+)？$/u, 'Any {{x}}?'],
  [/^(.+)有哪些表现？$/u, 'What are the signs of {{x}}?'],
  [/^(.+)需要做什么检查？$/u, 'What tests does {{x}} need?'],
  [/^(.+)平时要注意什么？$/u, 'What to watch day to day with {{x}}?'],
  [/^(.+)饮食上要注意什么？$/u, 'What to watch in the diet with {{x}}?'],
  [/^(.+)能吃水果吗？$/u, 'Can I eat fruit with {{x}}?'],
];

/** Care tips by key: title and text, with the tip's params. */
export const careEn: Record<string, { title: string; text: string }> = {
  profile: { title: 'Complete the health file', text: 'The file is {{percent}}% complete. Add past illnesses, allergies and long-term medicines so the answers fit {{name}} better.' },
  bp: { title: 'Keep measuring blood pressure', text: 'Measure morning and evening and write it down; the home target is usually below 135/85 mmHg. No more than 5 g of salt a day.' },
  glucose: { title: 'Watch blood sugar', text: 'Check fasting and after-meal blood sugar as your doctor advises, and HbA1c regularly; control staple-food portions and exercise regularly.' },
  heart: { title: 'Watch for chest pain', text: 'If chest pain or tightness lasts over 15 minutes, or comes with sweating or shortness of breath, call 120 at once.' },
  overweight: { title: 'Manage weight', text: 'BMI {{bmi}} (overweight). Aim for at least 150 minutes of moderate exercise a week, less oily and sugary food, and lose weight gradually.' },
  obese: { title: 'Manage weight', text: 'BMI {{bmi}} (obese). Aim for at least 150 minutes of moderate exercise a week, less oily and sugary food, and lose weight gradually.' },
  underweight: { title: 'Mind your nutrition', text: 'BMI {{bmi}} (underweight). Get enough protein and energy; see a doctor if the cause is unclear.' },
  allergy: { title: 'Mention allergies before any medicine', text: 'Allergies on file: {{list}}. Tell the doctor or pharmacist when you see them or buy medicine.' },
  polypharmacy: { title: 'Several medicines: have them checked', text: 'On {{count}} long-term medicines: ask a doctor or pharmacist regularly to check for interactions.' },
  smoking: { title: 'Stop smoking', text: 'Smoking is a main risk factor for heart and brain disease and lung cancer. It is never too late to stop; a smoking-cessation clinic can help.' },
  pregnancy: { title: 'Careful with medicines in pregnancy', text: 'Week {{week}} of pregnancy: ask your obstetrician before any medicine (including Chinese patent medicines and supplements), and keep your check-ups.' },
  pregnancyNoWeek: { title: 'Careful with medicines in pregnancy', text: 'Pregnant: ask your obstetrician before any medicine (including Chinese patent medicines and supplements), and keep your check-ups.' },
  lactation: { title: 'Medicines while breastfeeding', text: "Before any medicine, check its effect on the baby; ask a doctor or pharmacist if unsure." },
  checkup: { title: 'Regular check-ups', text: 'Over 50: a yearly check-up including blood pressure, blood sugar and lipids, and cancer screening as your doctor advises.' },
};
