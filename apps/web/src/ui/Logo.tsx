/** The chatdr mark: a medical cross inside a speech bubble. Decorative (the name is always written beside it). */
export function Logo({ size = 56 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--c-primary-bright)" />
          <stop offset="1" stopColor="var(--c-primary-deep)" />
        </linearGradient>
      </defs>
      <path d="M14 6h36a10 10 0 0 1 10 10v24a10 10 0 0 1-10 10H30l-11 8v-8h-5A10 10 0 0 1 4 40V16A10 10 0 0 1 14 6z" fill="url(#logo-g)" />
      <path d="M28 16h8v8h8v8h-8v8h-8v-8h-8v-8h8z" fill="var(--c-on-primary)" />
    </svg>
  );
}
