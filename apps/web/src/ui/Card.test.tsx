// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Card } from './Card';
import { renderUi } from './test-utils';

describe('Card', () => {
  it('renders its content, as a div by default or the element asked for', () => {
    renderUi(
      <>
        <Card testId="c1">内容</Card>
        <Card as="section" aria-label="体重" testId="c2">
          65 kg
        </Card>
      </>,
    );
    expect(screen.getByTestId('c1').tagName).toBe('DIV');
    expect(screen.getByText('内容')).toBeTruthy();
    expect(screen.getByRole('region', { name: '体重' }).tagName).toBe('SECTION');
  });

  it('the padding variants are different classes', () => {
    renderUi(
      <>
        <Card testId="a">a</Card>
        <Card pad="form" testId="b">
          b
        </Card>
        <Card pad="flush" testId="c">
          c
        </Card>
      </>,
    );
    const classes = ['a', 'b', 'c'].map((id) => screen.getByTestId(id).className);
    expect(new Set(classes).size).toBe(3);
  });
});
