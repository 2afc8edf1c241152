/** Shared looks for links styled as buttons; 44px minimum height keeps touch targets comfortable. */
const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold transition-colors duration-300 disabled:cursor-not-allowed";

export const buttonStyles = {
  primary: `${base} bg-white text-ink hover:bg-neutral-200`,
  alarm: `${base} bg-alarm-strong text-white hover:bg-rose-700`,
  outline: `${base} border border-white/40 text-white hover:border-white hover:bg-white/10`,
  dark: `${base} bg-ink text-white hover:bg-neutral-800`,
} as const;

export type ButtonVariant = keyof typeof buttonStyles;
