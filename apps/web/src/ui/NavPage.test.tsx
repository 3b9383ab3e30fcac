// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { NavPage, PlainPage } from './NavPage';
import { renderUi } from './test-utils';

describe('NavPage', () => {
  it('has a level-1 heading with its title, a main area, and sets the document title', () => {
    renderUi(
      <NavPage title="设置">
        <p>内容</p>
      </NavPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '设置' })).toBeTruthy();
    expect(screen.getByRole('main').textContent).toBe('内容');
    expect(document.title).toBe('设置 · chatdr');
  });

  it('the back button is named 返回 and calls onBack', () => {
    const onBack = vi.fn();
    renderUi(
      <NavPage title="关于" onBack={onBack}>
        x
      </NavPage>,
    );
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('noBack hides the back button; footer and right slot render', () => {
    renderUi(
      <NavPage title="完善信息" noBack footer={<button type="button">下一步</button>} right={<button type="button">跳过</button>}>
        x
      </NavPage>,
    );
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
    expect(screen.getByRole('contentinfo').textContent).toBe('下一步');
    expect(screen.getByRole('button', { name: '跳过' })).toBeTruthy();
  });

  it('PlainPage renders its content without a bar', () => {
    renderUi(
      <PlainPage role="alert" testId="plain">
        出错了
      </PlainPage>,
    );
    expect(screen.getByRole('alert').textContent).toBe('出错了');
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
