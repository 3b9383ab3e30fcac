// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Sheet } from './Sheet';
import { renderUi } from './test-utils';

describe('Sheet', () => {
  it('when visible it is a modal dialog named by its title, with its content', () => {
    renderUi(
      <Sheet visible onClose={() => {}} title="切换成员" desc="选择要咨询的人" closeLabel="关闭">
        <p>成员列表</p>
      </Sheet>,
    );
    const dialog = screen.getByRole('dialog', { name: '切换成员' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('选择要咨询的人');
    expect(dialog.textContent).toContain('成员列表');
  });

  it('the close button and Escape call onClose', () => {
    const onClose = vi.fn();
    renderUi(
      <Sheet visible onClose={onClose} title="添加" closeLabel="关闭">
        <input aria-label="名称" />
      </Sheet>,
    );
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: '名称' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing while hidden', () => {
    renderUi(
      <Sheet visible={false} onClose={() => {}} title="隐藏" closeLabel="关闭">
        x
      </Sheet>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
