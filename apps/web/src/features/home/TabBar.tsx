import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartFill, HeartOutline, MessageFill, MessageOutline, UserCircleOutline } from 'antd-mobile-icons';
import styles from './home.module.css';
import { cx } from '../../ui/cx';

export const HOME_TABS = ['chat', 'health', 'mine'] as const;
export type HomeTab = (typeof HOME_TABS)[number];
/** The default tab is chat (chat-core §2). */
export const tabOf = (v: string | null): HomeTab => (HOME_TABS.includes(v as HomeTab) ? (v as HomeTab) : 'chat');

const ICONS: Record<HomeTab, [ReactNode, ReactNode]> = {
  chat: [<MessageOutline key="o" />, <MessageFill key="f" />],
  health: [<HeartOutline key="o" />, <HeartFill key="f" />],
  mine: [<UserCircleOutline key="o" />, <UserCircleOutline key="f" />],
};

/** The home shell's bottom tab bar: 问医生 · 健康 · 我的. */
export function TabBar({ value, onChange }: { value: HomeTab; onChange: (tab: HomeTab) => void }) {
  const { t } = useTranslation();
  const label: Record<HomeTab, string> = { chat: t('home.tabChat'), health: t('home.tabHealth'), mine: t('home.tabMine') };
  return (
    <nav className={styles.tabbar} aria-label={t('app.name')}>
      {HOME_TABS.map((tab) => {
        const active = tab === value;
        return (
          <button key={tab} type="button" className={cx(styles.tabbarItem, active && styles.isActive)} aria-current={active ? 'page' : undefined} onClick={() => onChange(tab)} data-testid={`tab-${tab}`}>
            <span className={styles.tabbarIcon} aria-hidden>
              {ICONS[tab][active ? 1 : 0]}
            </span>
            <span className={styles.tabbarLabel}>{label[tab]}</span>
          </button>
        );
      })}
    </nav>
  );
}
