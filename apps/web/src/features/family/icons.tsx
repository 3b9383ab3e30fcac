import type { ReactNode } from 'react';
import { ExclamationShieldOutline, HeartOutline, SmileOutline, TeamOutline } from 'antd-mobile-icons';
import type { PickType } from './records';

/** A capsule (medicines). */
export function PillIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
        <rect x="3.2" y="8.2" width="17.6" height="7.6" rx="3.8" transform="rotate(-40 12 12)" />
        <path d="M9.6 9.2l5 5.4" />
      </g>
    </svg>
  );
}

/** A bandage (surgeries). */
export function BandageIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
        <rect x="2.6" y="8" width="18.8" height="8" rx="4" transform="rotate(45 12 12)" />
        <rect x="9.4" y="9.4" width="5.2" height="5.2" rx="1" transform="rotate(45 12 12)" />
      </g>
    </svg>
  );
}

/** A baby's face (maternity history). */
export function BabyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round">
        <circle cx="12" cy="13" r="8" />
        <path d="M12 5c-1.6-1.8.4-3.4 1.8-2" />
        <path d="M9.2 15.6c1.6 1.4 4 1.4 5.6 0" />
      </g>
      <circle cx="9.2" cy="11.6" r="1.1" fill="currentColor" />
      <circle cx="14.8" cy="11.6" r="1.1" fill="currentColor" />
    </svg>
  );
}

/** A flower (women's health). */
export function FlowerIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.7">
        <circle cx="12" cy="7" r="3.2" />
        <circle cx="7.2" cy="11" r="3.2" />
        <circle cx="16.8" cy="11" r="3.2" />
        <circle cx="9" cy="16" r="3.2" />
        <circle cx="15" cy="16" r="3.2" />
      </g>
      <circle cx="12" cy="12" r="2" fill="currentColor" />
    </svg>
  );
}

export const RECORD_ICONS: Record<PickType | 'lifestyle' | 'women' | 'maternity', ReactNode> = {
  disease: <HeartOutline />,
  allergy: <ExclamationShieldOutline />,
  medicine: <PillIcon />,
  surgery: <BandageIcon />,
  familyHistory: <TeamOutline />,
  lifestyle: <SmileOutline />,
  women: <FlowerIcon />,
  maternity: <BabyIcon />,
};
