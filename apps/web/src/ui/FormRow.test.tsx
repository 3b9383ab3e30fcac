// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { FormRow } from './FormRow';
import { Check, TextField } from './Field';
import { renderUi } from './test-utils';

describe('FormRow', () => {
  it('labels the control it renders', () => {
    renderUi(<FormRow label="出生日期">{(id) => <input id={id} readOnly value="1990-01-01" />}</FormRow>);
    expect((screen.getByLabelText('出生日期') as HTMLInputElement).value).toBe('1990-01-01');
  });

  it('shows an error as an alert', () => {
    renderUi(
      <FormRow label="身高" error="请输入 50–250 之间的数">
        {(id) => <input id={id} />}
      </FormRow>,
    );
    expect(screen.getByRole('alert').textContent).toBe('请输入 50–250 之间的数');
  });

  it('TextField (same row styles) is a labelled input that reports changes', () => {
    const onChange = vi.fn();
    renderUi(<TextField label="姓名" value="" onChange={onChange} />);
    fireEvent.change(screen.getByRole('textbox', { name: '姓名' }), { target: { value: '张三' } });
    expect(onChange).toHaveBeenCalledWith('张三');
  });

  it('Check is a named checkbox with its state', () => {
    const onChange = vi.fn();
    renderUi(
      <Check checked={false} onChange={onChange}>
        我已阅读并同意
      </Check>,
    );
    const box = screen.getByRole('checkbox', { name: '我已阅读并同意' });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
