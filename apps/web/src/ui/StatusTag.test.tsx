// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { StatusTag } from './StatusTag';
import { renderUi } from './test-utils';

describe('StatusTag', () => {
  it('says its status in words and exposes the tone', () => {
    renderUi(
      <>
        <StatusTag testId="a">正常</StatusTag>
        <StatusTag tone="warn" testId="b">
          偏高
        </StatusTag>
        <StatusTag tone="muted" testId="c">
          已停用
        </StatusTag>
      </>,
    );
    expect(screen.getByText('偏高').dataset.tone).toBe('warn');
    expect(screen.getByTestId('a').dataset.tone).toBe('ok');
    const classes = ['a', 'b', 'c'].map((id) => screen.getByTestId(id).className);
    expect(new Set(classes).size).toBe(3);
  });
});
