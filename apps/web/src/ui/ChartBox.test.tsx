// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ChartBox } from './ChartBox';
import { renderUi } from './test-utils';

describe('ChartBox', () => {
  it('is an image named by its label, at the height asked for', () => {
    renderUi(
      <ChartBox label="近 7 天血压趋势" height={180} testId="chart">
        <svg />
      </ChartBox>,
    );
    const img = screen.getByRole('img', { name: '近 7 天血压趋势' });
    expect(img.style.height).toBe('180px');
  });

  it('with nothing to draw it shows the empty message instead of an unnamed picture', () => {
    renderUi(<ChartBox label="趋势" empty="暂无记录" testId="chart" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('chart').textContent).toBe('暂无记录');
  });
});
