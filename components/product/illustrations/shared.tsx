import type { ReactNode } from "react";

/** Site palette (app/globals.css) as literal colours: SVG presentation attributes can't read Tailwind classes. */
export const palette = {
  panel: "#141414",
  card: "#1c1c1c",
  raised: "#262626",
  line: "#2a2a2a",
  edge: "#3f3f3f",
  dim: "#525252",
  mid: "#737373",
  soft: "#a3a3a3",
  light: "#d4d4d4",
  white: "#fafafa",
  alarm: "#f43f5e",
  signal: "#22c55e",
} as const;

export const illustrationSize = { width: 480, height: 360 } as const;

export type IllustrationProps = {
  /** Text alternative: the feature's alt text (the page's <img> carries it too). */
  label: string;
};

/**
 * Outer frame shared by the feature illustrations: a standalone SVG document, rendered to a
 * file at build time (scripts/build/render-illustrations.tsx), titled with the feature's alt text.
 */
export function IllustrationFrame({ label, children }: IllustrationProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${illustrationSize.width} ${illustrationSize.height}`}
      width={illustrationSize.width}
      height={illustrationSize.height}
      fill="none"
    >
      <title>{label}</title>
      <rect x="0.5" y="0.5" width="479" height="359" rx="24" fill={palette.panel} stroke={palette.line} />
      {children}
    </svg>
  );
}

type Tone = "alarm" | "signal" | "idle";

const toneColour: Record<Tone, string> = { alarm: palette.alarm, signal: palette.signal, idle: palette.dim };

/** A head-and-shoulders avatar centred on (cx, cy); the ring shows a call state. */
export function Avatar({ cx, cy, r = 15, tone = "idle", dashed = false }: { cx: number; cy: number; r?: number; tone?: Tone; dashed?: boolean }) {
  const head = r * 0.34;
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill={palette.raised} stroke={toneColour[tone]} strokeWidth={2} strokeDasharray={dashed ? "4 3" : undefined} />
      <circle cx={cx} cy={cy - r * 0.2} r={head} fill={palette.soft} />
      <path
        d={`M${cx - r * 0.55} ${cy + r * 0.62} a${r * 0.55} ${r * 0.5} 0 0 1 ${r * 1.1} 0`}
        fill={palette.soft}
      />
    </g>
  );
}

/** A line of placeholder "text" (no words, so nothing to translate). */
export function TextLine({ x, y, width, colour = palette.dim, height = 6 }: { x: number; y: number; width: number; colour?: string; height?: number }) {
  return <rect x={x} y={y} width={width} height={height} rx={height / 2} fill={colour} />;
}

/** A check mark in a filled circle. */
export function CheckBadge({ cx, cy, r = 14, colour = palette.signal }: { cx: number; cy: number; r?: number; colour?: string }) {
  const s = r / 14;
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill={colour} />
      <path
        d={`M${cx - 6 * s} ${cy + 0.5 * s} l${4 * s} ${4 * s} l${8 * s} ${-9 * s}`}
        stroke={palette.panel}
        strokeWidth={2.6 * s}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  );
}

/** A telephone handset centred on (cx, cy). */
export function Handset({ cx, cy, scale = 1, colour = palette.white }: { cx: number; cy: number; scale?: number; colour?: string }) {
  return (
    <g transform={`translate(${cx} ${cy}) scale(${scale}) rotate(-20)`} fill={colour}>
      <path d="M-10 -2 Q0 -11 10 -2" stroke={colour} strokeWidth={3.5} strokeLinecap="round" fill="none" />
      <rect x={-14} y={-3} width={9} height={7} rx={2.5} />
      <rect x={5} y={-3} width={9} height={7} rx={2.5} />
    </g>
  );
}

/** Vertical waveform bars between x0 and x1, centred on cy. Heights are fractions of maxHeight. */
export function Waveform({
  x0,
  cy,
  heights,
  maxHeight,
  step,
  barWidth = 5,
  colour,
}: {
  x0: number;
  cy: number;
  heights: readonly number[];
  maxHeight: number;
  step: number;
  barWidth?: number;
  colour: string;
}) {
  return (
    <g fill={colour}>
      {heights.map((h, i) => {
        const height = Math.max(barWidth, h * maxHeight);
        return <rect key={i} x={x0 + i * step} y={cy - height / 2} width={barWidth} height={height} rx={barWidth / 2} />;
      })}
    </g>
  );
}

/** A speech-like envelope, reused so the original and cloned voice visibly match. */
export const voiceEnvelope = [
  0.2, 0.35, 0.55, 0.4, 0.7, 0.9, 0.6, 0.45, 0.8, 1, 0.75, 0.5, 0.3, 0.45, 0.65, 0.85, 0.6, 0.4, 0.55, 0.7, 0.5, 0.3,
  0.2, 0.35, 0.25, 0.15,
] as const;
