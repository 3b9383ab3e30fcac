import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './role-avatar.module.css';

/** Avatar keys, as getImgUploadInfo names them: one per role, the self role by sex. */
export const AVATAR_KEYS = ['father', 'mother', 'husband', 'wife', 'son', 'daughter', 'boy', 'girl', 'other', 'self-male', 'self-female', 'self'] as const;
export type AvatarKey = (typeof AVATAR_KEYS)[number];

/**
 * A family member's avatar, drawn (no images): one small illustration per role, the account holder
 * by sex. Decorative: the name is always written next to it.
 */

const SKIN = 'var(--c-avatar-skin)';
const SKIN_SHADE = 'var(--c-avatar-skin-shade)';
const INK = 'var(--c-avatar-ink)';

interface Look {
  bg: string;
  shirt: string;
  hair: string;
  style: 'short' | 'quiff' | 'fringe' | 'long' | 'bun' | 'ponytail' | 'tuft' | 'pigtails' | 'plain';
  child?: boolean;
  glasses?: boolean;
}

const LOOKS: Record<AvatarKey, Look> = {
  father: { bg: 'var(--c-avatar-father-bg)', shirt: 'var(--c-avatar-father-shirt)', hair: 'var(--c-avatar-father-hair)', style: 'short', glasses: true },
  mother: { bg: 'var(--c-avatar-mother-bg)', shirt: 'var(--c-avatar-mother-shirt)', hair: 'var(--c-avatar-mother-hair)', style: 'bun', glasses: true },
  husband: { bg: 'var(--c-avatar-husband-bg)', shirt: 'var(--c-avatar-husband-shirt)', hair: 'var(--c-avatar-husband-hair)', style: 'quiff' },
  wife: { bg: 'var(--c-avatar-wife-bg)', shirt: 'var(--c-avatar-wife-shirt)', hair: 'var(--c-avatar-wife-hair)', style: 'long' },
  son: { bg: 'var(--c-avatar-son-bg)', shirt: 'var(--c-avatar-son-shirt)', hair: 'var(--c-avatar-son-hair)', style: 'fringe' },
  daughter: { bg: 'var(--c-avatar-daughter-bg)', shirt: 'var(--c-avatar-daughter-shirt)', hair: 'var(--c-avatar-daughter-hair)', style: 'ponytail' },
  boy: { bg: 'var(--c-avatar-boy-bg)', shirt: 'var(--c-avatar-boy-shirt)', hair: 'var(--c-avatar-boy-hair)', style: 'tuft', child: true },
  girl: { bg: 'var(--c-avatar-girl-bg)', shirt: 'var(--c-avatar-girl-shirt)', hair: 'var(--c-avatar-girl-hair)', style: 'pigtails', child: true },
  other: { bg: 'var(--c-avatar-other-bg)', shirt: 'var(--c-avatar-other-shirt)', hair: 'var(--c-avatar-other-hair)', style: 'plain' },
  'self-male': { bg: 'var(--c-avatar-self-male-bg)', shirt: 'var(--c-avatar-self-male-shirt)', hair: 'var(--c-avatar-self-male-hair)', style: 'short' },
  'self-female': { bg: 'var(--c-avatar-self-female-bg)', shirt: 'var(--c-avatar-self-female-shirt)', hair: 'var(--c-avatar-self-female-hair)', style: 'long' },
  self: { bg: 'var(--c-avatar-self-bg)', shirt: 'var(--c-avatar-self-shirt)', hair: 'var(--c-avatar-self-hair)', style: 'plain' },
};

function Figure({ look }: { look: Look }) {
  if (look.style === 'plain') {
    return (
      <g fill={look.shirt}>
        <circle cx="32" cy="27" r="10.5" />
        <path d="M12 64c0-12.5 8.6-19 20-19s20 6.5 20 19z" />
      </g>
    );
  }
  const c = look.child;
  const face = c ? { cx: 32, cy: 31, rx: 12, ry: 12 } : { cx: 32, cy: 29, rx: 10.8, ry: 12 };
  const top = face.cy - face.ry;
  const behind: ReactNode[] = [];
  const front: ReactNode[] = [];
  const h = look.hair;
  switch (look.style) {
    case 'short':
      front.push(<path key="h" d={`M${face.cx - 11.2} ${face.cy - 1}c-.6-9 4.6-14.2 11.2-14.2s11.8 5.2 11.2 14.2c-1.2-3.6-3-5.6-5.2-6.6-3.8 1.6-9.8 1.8-14.6.2-1.6 1.4-2.2 3.6-2.6 6.4z`} fill={h} />);
      break;
    case 'quiff':
      front.push(<path key="h" d={`M20.6 28.5c-.8-9.4 4.4-14.6 11.4-14.8 4.2-2.6 9.8-.8 11.2 3.2 1.2 2.8 1 7.2.6 11.6-1.4-3.8-3.4-6-6-7-4 1.8-10 2-13.4.4-2 1.4-3.2 3.8-3.8 6.6z`} fill={h} />);
      break;
    case 'fringe':
      front.push(<path key="h" d={`M20.6 29c-.8-9.6 4.4-14.8 11.4-14.8s12.2 5.2 11.4 14.8c-.6-2.2-1.4-4-2.6-5.2-1.8 1.6-4.6 2.2-7 1.2-2.6 1.4-6 1.6-8.8.4-2 1-3.4 2-4.4 3.6z`} fill={h} />);
      break;
    case 'long':
      behind.push(<path key="b" d="M18.6 31c-.8-11 5-16.4 13.4-16.4S46.2 20 45.4 31l1.4 13.6c-3.6 1.8-7.4 1.8-10.2 0H27.4c-2.8 1.8-6.6 1.8-10.2 0z" fill={h} />);
      front.push(<path key="f" d="M21 28.6c.2-7.4 4.6-12.2 11-12.2s10.8 4.8 11 12.2c-4.6-1.4-8.4-4.2-10.6-7.8-2.4 3.8-6.2 6.4-11.4 7.8z" fill={h} />);
      break;
    case 'bun':
      behind.push(<circle key="bun" cx="32" cy="13.4" r="5.4" fill={h} />);
      behind.push(<path key="b" d="M19.4 31c-.6-10.4 5-15.4 12.6-15.4S45.2 20.6 44.6 31c0 3.6-1 5.8-2.4 7.2H21.8c-1.4-1.4-2.4-3.6-2.4-7.2z" fill={h} />);
      front.push(<path key="f" d="M21.2 28.4c.4-7.2 4.8-11.6 10.8-11.6s10.4 4.4 10.8 11.6c-3-1.8-6.6-3.2-10.8-3.2s-7.8 1.4-10.8 3.2z" fill={h} />);
      break;
    case 'ponytail':
      behind.push(<path key="p" d="M41 17.6c5.6-1.2 9 3.2 8.4 9.4-.4 4.4-2.4 8-5 10.6 1-4.6.6-9.4-3.4-12.2z" fill={h} />);
      front.push(<path key="f" d="M20.8 29.6c-1-9.8 4.4-15.2 11.2-15.2s12.2 5.4 11.2 15.2c-1.4-4.2-3.6-7-6.6-8.2-3.4 2.2-9 2.8-13.4 1-1.4 1.8-2 4.2-2.4 7.2z" fill={h} />);
      break;
    case 'tuft':
      front.push(<path key="h" d={`M20 ${top + 12}c-.4-8.6 5-13 12-13s12.4 4.4 12 13c-1.6-3.2-4-5-7-5.6-3.6 1.2-8.6 1.4-12.4.2-2.2 1.2-3.6 3-4.6 5.4z`} fill={h} />);
      front.push(<path key="t" d={`M31 ${top + 0.6}c.6-3.2 3.2-4.8 6-4.2-2 .8-3 2.4-3.2 4.6z`} fill={h} />);
      break;
    case 'pigtails':
      behind.push(<circle key="l" cx="18.2" cy="27" r="4.6" fill={h} />);
      behind.push(<circle key="r" cx="45.8" cy="27" r="4.6" fill={h} />);
      front.push(<path key="f" d={`M20 ${top + 12.4}c-.2-8.6 5-13.2 12-13.2s12.2 4.6 12 13.2c-3.8-1.2-7.4-3.6-9.6-6.8-2.6 3.4-7.2 5.8-14.4 6.8z`} fill={h} />);
      break;
  }
  const shoulders = c ? 'M15 64c0-9.6 6.8-14.6 17-14.6s17 5 17 14.6z' : 'M10.5 64c0-12.2 8.8-18.6 21.5-18.6S53.5 51.8 53.5 64z';
  const neckY = face.cy + face.ry - 2.4;
  const eyeY = face.cy + 1;
  return (
    <>
      {behind}
      <rect x="28.2" y={neckY} width="7.6" height={c ? 5 : 7} rx="2" fill={SKIN_SHADE} />
      <path d={shoulders} fill={look.shirt} />
      <path d={c ? 'M27.6 49.6 32 54l4.4-4.4' : 'M27 45.6 32 51l5-5.4'} fill="none" stroke="var(--c-on-primary)" strokeOpacity=".55" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx={face.cx - face.rx} cy={eyeY + 0.6} r="2.3" fill={SKIN_SHADE} />
      <circle cx={face.cx + face.rx} cy={eyeY + 0.6} r="2.3" fill={SKIN_SHADE} />
      <ellipse cx={face.cx} cy={face.cy} rx={face.rx} ry={face.ry} fill={SKIN} />
      <circle cx="27.6" cy={eyeY} r="1.3" fill={INK} />
      <circle cx="36.4" cy={eyeY} r="1.3" fill={INK} />
      <circle cx="25.4" cy={eyeY + 4} r="1.9" fill="var(--c-avatar-cheek)" opacity=".45" />
      <circle cx="38.6" cy={eyeY + 4} r="1.9" fill="var(--c-avatar-cheek)" opacity=".45" />
      <path d={`M29.2 ${eyeY + 4.8}q2.8 2.4 5.6 0`} fill="none" stroke={INK} strokeWidth="1.3" strokeLinecap="round" />
      {look.glasses ? (
        <g fill="none" stroke="var(--c-avatar-glasses)" strokeWidth="1.2">
          <circle cx="27.6" cy={eyeY} r="3.4" />
          <circle cx="36.4" cy={eyeY} r="3.4" />
          <path d={`M31 ${eyeY}h2`} />
        </g>
      ) : null}
      {front}
    </>
  );
}

export function RoleAvatar({ avatar, size = 44, className, ring }: { avatar: AvatarKey; size?: number; className?: string; ring?: boolean }) {
  const look = LOOKS[avatar];
  return (
    <svg className={cx(styles.roleAvatar, ring && styles.roleAvatarRing, className)} width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false" data-avatar={avatar}>
      <defs>
        <clipPath id={`ra-clip-${avatar}`}>
          <circle cx="32" cy="32" r="32" />
        </clipPath>
      </defs>
      <circle cx="32" cy="32" r="32" fill={look.bg} />
      <g clipPath={`url(#ra-clip-${avatar})`}>
        <Figure look={look} />
      </g>
    </svg>
  );
}
