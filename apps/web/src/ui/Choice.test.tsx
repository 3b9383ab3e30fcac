// @vitest-environment jsdom
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ChoiceField, ChoiceGroup, Stepper } from './Choice';
import { renderUi } from './test-utils';

const SEX = [
  { value: 'm', label: '男' },
  { value: 'f', label: '女' },
] as const;

function Sex({ disabled, onDisabledTap }: { disabled?: boolean; onDisabledTap?: () => void }) {
  const [v, setV] = useState<'m' | 'f' | null>(null);
  return <ChoiceGroup label="性别" options={SEX} value={v} onChange={setV} disabled={disabled} onDisabledTap={onDisabledTap} testId="sex" />;
}

describe('ChoiceGroup', () => {
  it('is a radio group named by its label; a tap chooses one option', () => {
    renderUi(<Sex />);
    const group = screen.getByRole('radiogroup', { name: '性别' });
    expect(group).toBeTruthy();
    const male = screen.getByRole('radio', { name: '男' });
    expect(male.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(male);
    expect(male.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('sex-f').getAttribute('aria-checked')).toBe('false');
  });

  it('disabled: a tap does not choose and says why', () => {
    const why = vi.fn();
    renderUi(<Sex disabled onDisabledTap={why} />);
    expect(screen.getByRole('radiogroup').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: '女' }));
    expect(why).toHaveBeenCalledOnce();
    expect(screen.getByRole('radio', { name: '女' }).getAttribute('aria-checked')).toBe('false');
  });

  it('each layout has its own look; hideLabel keeps the group’s name', () => {
    const layouts = [undefined, 'inline', 'compact', 'even'] as const;
    renderUi(
      <>
        {layouts.map((l) => (
          <ChoiceGroup key={l ?? 'default'} label={`组${l ?? ''}`} hideLabel={l === 'even'} options={SEX} value={null} onChange={() => undefined} layout={l} testId={`g-${l ?? 'default'}`} />
        ))}
      </>,
    );
    const classes = layouts.map((l) => screen.getByTestId(`g-${l ?? 'default'}`).className);
    expect(new Set(classes).size).toBe(4);
    expect(screen.getByRole('radiogroup', { name: '组even' }).textContent).not.toContain('组even');
  });
});

describe('ChoiceField', () => {
  it('labels its control', () => {
    renderUi(
      <ChoiceField label="过敏反应" htmlFor="r">
        <input id="r" />
      </ChoiceField>,
    );
    expect(screen.getByLabelText('过敏反应').tagName).toBe('INPUT');
  });
});

describe('Stepper', () => {
  it('starts from start, steps within min..max, buttons named by the label', () => {
    const onChange = vi.fn();
    const { rerender } = renderUi(<Stepper label="身高" value={null} min={1} max={3} start={2} format={(n) => `${n} cm`} onChange={onChange} lessLabel="减少" moreLabel="增加" placeholder="未填" testId="st" />);
    fireEvent.click(screen.getByRole('button', { name: '增加 身高' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    rerender(<Stepper label="身高" value={3} min={1} max={3} start={2} format={(n) => `${n} cm`} onChange={onChange} lessLabel="减少" moreLabel="增加" placeholder="未填" testId="st" />);
    expect(screen.getByText('3 cm')).toBeTruthy();
    expect((screen.getByRole('button', { name: '增加 身高' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '减少 身高' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });
});
