// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Button } from './Button';
import { renderUi } from './test-utils';

describe('Button', () => {
  it('renders a native button named by its text, type=button by default', () => {
    renderUi(<Button>保存</Button>);
    const b = screen.getByRole('button', { name: '保存' });
    expect(b.getAttribute('type')).toBe('button');
    expect(b.hasAttribute('disabled')).toBe(false);
  });

  it('primary, secondary and danger are different classes; small adds one', () => {
    renderUi(
      <>
        <Button>主要</Button>
        <Button variant="secondary">次要</Button>
        <Button variant="danger" small>
          删除
        </Button>
      </>,
    );
    const cls = (name: string) => screen.getByRole('button', { name }).className;
    expect(cls('主要')).not.toBe(cls('次要'));
    expect(cls('删除').split(' ').length).toBe(3);
  });

  it('clicks call onClick; disabled and loading do not, and loading is aria-busy', () => {
    const onClick = vi.fn();
    renderUi(
      <>
        <Button onClick={onClick}>确定</Button>
        <Button onClick={onClick} disabled>
          禁用
        </Button>
        <Button onClick={onClick} loading>
          提交中
        </Button>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    fireEvent.click(screen.getByRole('button', { name: '禁用' }));
    fireEvent.click(screen.getByRole('button', { name: '提交中' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: '提交中' }).getAttribute('aria-busy')).toBe('true');
  });

  it('submit type for forms', () => {
    renderUi(<Button type="submit">登录</Button>);
    expect(screen.getByRole('button', { name: '登录' }).getAttribute('type')).toBe('submit');
  });
});
