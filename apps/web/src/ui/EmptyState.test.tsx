// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { EmptyState, LoadFailed, Loading } from './States';
import { renderUi } from './test-utils';

describe('EmptyState, Loading, LoadFailed', () => {
  it('an empty state shows its title, description and action', () => {
    renderUi(<EmptyState title="还没有记录" desc="点右上角添加" action={<button type="button">添加</button>} testId="empty" />);
    expect(screen.getByText('还没有记录')).toBeTruthy();
    expect(screen.getByText('点右上角添加')).toBeTruthy();
    expect(screen.getByRole('button', { name: '添加' })).toBeTruthy();
  });

  it('the page variant adds a class (fills the body)', () => {
    renderUi(
      <>
        <EmptyState title="a" testId="a" />
        <EmptyState title="b" page testId="b" />
      </>,
    );
    expect(screen.getByTestId('b').className.split(' ').length).toBe(screen.getByTestId('a').className.split(' ').length + 1);
  });

  it('loading is a polite status with the loading label', () => {
    renderUi(<Loading />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('加载中…');
  });

  it('a failed load offers a retry button that calls back', () => {
    const onRetry = vi.fn();
    renderUi(<LoadFailed onRetry={onRetry} />);
    const retry = screen.getByRole('button', { name: '重新加载' });
    fireEvent.click(retry);
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.getByTestId('load-failed')).toBeTruthy();
  });
});
