// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { List, ListItem } from './ListItem';
import { renderUi } from './test-utils';

describe('ListItem', () => {
  it('with `to` it is a link named by its title and description', () => {
    renderUi(<ListItem title="账号与安全" desc="手机号、密码" to="/user/account" />);
    const link = screen.getByRole('link', { name: /账号与安全/ });
    expect(link.getAttribute('href')).toBe('/user/account');
    expect(link.textContent).toContain('手机号、密码');
  });

  it('with onClick it is a button that calls it', () => {
    const onClick = vi.fn();
    renderUi(<ListItem title="退出登录" danger onClick={onClick} />);
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('plain rows are neither links nor buttons, and show their extra', () => {
    renderUi(<ListItem title="版本" extra="1.0.0" testId="row" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('row').textContent).toBe('版本1.0.0');
  });

  it('a List is a region named by its title holding the rows', () => {
    renderUi(
      <List title="通用">
        <ListItem title="字体大小" to="/user/fontsize" />
        <ListItem title="关于" to="/user/about" />
      </List>,
    );
    const region = screen.getByRole('region', { name: '通用' });
    expect(region.querySelectorAll('a')).toHaveLength(2);
  });
});

describe('ListItem as a choice', () => {
  it('with `checked` it is a radio with its state', () => {
    renderUi(
      <div role="radiogroup" aria-label="语言">
        <ListItem title="简体中文" checked onClick={() => {}} arrow={false} />
        <ListItem title="English" lang="en" checked={false} onClick={() => {}} arrow={false} />
      </div>,
    );
    expect(screen.getByRole('radio', { name: '简体中文' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'English' }).getAttribute('aria-checked')).toBe('false');
  });
});
