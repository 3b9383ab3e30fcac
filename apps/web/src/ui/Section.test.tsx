// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Section } from './Section';
import { renderUi } from './test-utils';

describe('Section', () => {
  it('is a region named by its heading', () => {
    renderUi(
      <Section title="基本信息" extra="3 项">
        <p>内容</p>
      </Section>,
    );
    const region = screen.getByRole('region', { name: '基本信息' });
    expect(region.textContent).toContain('内容');
    expect(screen.getByRole('heading', { level: 2, name: '基本信息' })).toBeTruthy();
    expect(screen.getByText('3 项')).toBeTruthy();
  });

  it('without a title it has no heading and no name', () => {
    renderUi(
      <Section testId="s">
        <p>只有内容</p>
      </Section>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByTestId('s').getAttribute('aria-labelledby')).toBeNull();
  });
});
