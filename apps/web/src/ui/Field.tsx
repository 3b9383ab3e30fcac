import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { cx } from './cx';
import styles from './FormRow.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Keep the label for screen readers only (the placeholder says the same). */
  hideLabel?: boolean;
  prefix?: ReactNode;
  suffix?: ReactNode;
  testId?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled native input (native so that tests and assistive tech reach the real element). */
export function TextField({ label, value, onChange, hideLabel, prefix, suffix, testId, className, id, ref, ...rest }: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={cx(styles.row, className)}>
      <label htmlFor={inputId} className={cx(styles.label, hideLabel && 'sr-only')}>
        {label}
      </label>
      <div className={styles.control}>
        {prefix ? <span className={styles.affix}>{prefix}</span> : null}
        <input ref={ref} id={inputId} className={styles.input} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} {...rest} />
        {suffix ? <span className={styles.affix}>{suffix}</span> : null}
      </div>
    </div>
  );
}

/** 11-digit mainland mobile number. */
export function PhoneField({ label, onChange, ...props }: Omit<InputProps, 'label'> & { label?: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label ?? t('common.phone')}
      placeholder={t('common.phonePlaceholder')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={11}
      prefix={<span className={styles.cc}>+86</span>}
      {...props}
      onChange={(v) => onChange(v.replace(/\D/g, '').slice(0, 11))}
    />
  );
}

/** Password with a show/hide toggle. */
export function PasswordField(props: InputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      type={shown ? 'text' : 'password'}
      autoComplete="current-password"
      maxLength={20}
      {...props}
      suffix={
        <button type="button" className="icon-btn" aria-label={shown ? t('common.hidePassword') : t('common.showPassword')} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          {shown ? <EyeOutline aria-hidden /> : <EyeInvisibleOutline aria-hidden />}
        </button>
      }
    />
  );
}

interface CodeFieldProps extends Omit<InputProps, 'label'> {
  label?: string;
  /** Seconds until another code may be sent (0: allowed). */
  left: number;
  /** A code was sent already (the button says 重新获取 instead of 获取验证码). */
  sent: boolean;
  sending: boolean;
  onSend: () => void;
  sendTestId?: string;
}

/** 6-digit SMS code with its send button and resend countdown. */
export function CodeField({ left, sent, sending, onSend, sendTestId, label, onChange, ...props }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label ?? t('common.code')}
      placeholder={t('common.codePlaceholder')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...props}
      onChange={(v) => onChange(v.replace(/\D/g, '').slice(0, 6))}
      suffix={
        <button type="button" className={styles.codeBtn} disabled={left > 0 || sending} onClick={onSend} data-testid={sendTestId} aria-live="polite">
          {left > 0 ? t('common.resendIn', { s: left }) : sent ? t('common.resend') : t('common.sendCode')}
        </button>
      }
    />
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
};

export function TextAreaField({ label, value, onChange, testId, className, maxLength, ...rest }: TextAreaProps) {
  const id = useId();
  return (
    <div className={cx(styles.row, styles.area, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea id={id} className={styles.textarea} value={value} maxLength={maxLength} onChange={(e) => onChange(e.target.value)} data-testid={testId} {...rest} />
      {maxLength ? (
        <span className={styles.count} aria-hidden>
          {value.length}/{maxLength}
        </span>
      ) : null}
    </div>
  );
}

interface CheckProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  testId?: string;
  className?: string;
}

/** A native checkbox styled as a round check (agreements, confirmations). */
export function Check({ checked, onChange, children, testId, className }: CheckProps) {
  return (
    <label className={cx(styles.check, className)}>
      <input type="checkbox" className={styles.checkBox} checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>{children}</span>
    </label>
  );
}
