import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from './index';
import { careText, chipLabel } from './content';

/** Issue 18 point 11: in English, chips and care tips are English too. */
describe('server and engine content in English', () => {
  afterEach(() => void i18n.changeLanguage('zh-CN'));

  it('Chinese shows the content as it came', () => {
    void i18n.changeLanguage('zh-CN');
    expect(chipLabel('有没有皮疹？')).toBe('有没有皮疹？');
    expect(careText({ title: '戒烟', text: '吸烟是…', key: 'smoking' })).toEqual({ title: '戒烟', text: '吸烟是…' });
  });

  it('English: exact chips, chips with a name, care tips with their params', async () => {
    await loadLanguage('en');
    void i18n.changeLanguage('en');
    expect(chipLabel('没有')).toBe('No');
    expect(chipLabel('等救护车时还能做些什么？')).toBe('What can I do while waiting for the ambulance?');
    expect(chipLabel('有没有皮疹？')).toBe('Any 皮疹?');
    expect(chipLabel('一个没见过的问题')).toBe('一个没见过的问题');
    expect(careText({ title: '完善健康档案', text: '…', key: 'profile', params: { percent: 40, name: 'Mum' } }).text).toBe(
      'The file is 40% complete. Add past illnesses, allergies and long-term medicines so the answers fit Mum better.',
    );
    expect(careText({ title: '管理体重', text: '…', key: 'overweight', params: { bmi: 26.1 } }).title).toBe('Manage weight');
    expect(careText({ title: '未知', text: '未知', key: 'nope' })).toEqual({ title: '未知', text: '未知' });
  });
});
