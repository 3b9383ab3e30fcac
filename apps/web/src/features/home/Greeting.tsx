import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './home.module.css';
import { dayPartOf } from '@chatdr/contract';

/** One of the two short greetings, with the part of the day by hour (chat-core §1). */
export function Greeting() {
  const { t } = useTranslation();
  const [hour] = useState(() => new Date().getHours());
  const [variant] = useState(() => (Math.random() < 0.5 ? 1 : 2));
  const part = t(`home.dayPart.${dayPartOf(hour)}`);
  return (
    <h1 className={styles.heroGreeting} data-testid="greeting" data-day-part={dayPartOf(hour)}>
      {t(variant === 1 ? 'home.greeting1' : 'home.greeting2', { part })}
    </h1>
  );
}
