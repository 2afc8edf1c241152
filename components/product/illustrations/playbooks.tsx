import type { ReactNode } from "react";
import { CheckBadge, IllustrationFrame, TextLine, palette, type IllustrationProps } from "./shared";

const cardY = 64;
const cardW = 96;
const cardH = 150;
const cardX = [36, 142, 248, 354] as const;

function Card({ x, selected = false, icon }: { x: number; selected?: boolean; icon: ReactNode }) {
  const cx = x + cardW / 2;
  return (
    <g>
      <rect x={x} y={cardY} width={cardW} height={cardH} rx="14" fill={palette.card} stroke={selected ? palette.alarm : palette.edge} strokeWidth={selected ? 2 : 1} />
      <circle cx={cx} cy={cardY + 40} r="22" fill={selected ? palette.alarm : palette.raised} fillOpacity={selected ? 0.16 : 1} />
      {icon}
      <TextLine x={x + 16} y={cardY + 80} width={64} colour={palette.mid} />
      <TextLine x={x + 16} y={cardY + 96} width={52} colour={palette.dim} />
      <TextLine x={x + 16} y={cardY + 112} width={58} colour={palette.dim} />
      <TextLine x={x + 16} y={cardY + 128} width={36} colour={palette.dim} />
    </g>
  );
}

const iconY = cardY + 40;
const center = (x: number) => x + cardW / 2;

/** Prebuilt scenario cards (CEO fraud, tech support, HR), a blank custom card and the selected playbook's steps. */
export function PlaybooksIllustration(props: IllustrationProps) {
  const [ceo, support, hr, custom] = [center(cardX[0]), center(cardX[1]), center(cardX[2]), center(cardX[3])];
  const middle = cardY + cardH / 2;
  return (
    <IllustrationFrame {...props}>
      {/* CEO fraud: a tie */}
      <Card
        x={cardX[0]}
        selected
        icon={
          <g fill={palette.alarm}>
            <path d={`M${ceo - 6} ${iconY - 13}h12l-3 5h-6z`} />
            <path d={`M${ceo - 3} ${iconY - 7}h6l4 15-7 7-7-7z`} />
          </g>
        }
      />
      {/* Tech support: a headset */}
      <Card
        x={cardX[1]}
        icon={
          <g stroke={palette.light} strokeWidth="3" strokeLinecap="round" fill="none">
            <path d={`M${support - 11} ${iconY + 3}v-4a11 11 0 0 1 22 0v4`} />
            <rect x={support - 14} y={iconY} width="6" height="10" rx="2.5" fill={palette.light} stroke="none" />
            <rect x={support + 8} y={iconY} width="6" height="10" rx="2.5" fill={palette.light} stroke="none" />
            <path d={`M${support + 11} ${iconY + 10}q0 6-8 6h-3`} strokeWidth="2.5" />
          </g>
        }
      />
      {/* HR: an ID badge */}
      <Card
        x={cardX[2]}
        icon={
          <g>
            <rect x={hr - 11} y={iconY - 12} width="22" height="26" rx="4" fill={palette.light} />
            <rect x={hr - 4} y={iconY - 15} width="8" height="5" rx="2" fill={palette.mid} />
            <circle cx={hr} cy={iconY - 2} r="4" fill={palette.raised} />
            <rect x={hr - 6} y={iconY + 5} width="12" height="4" rx="2" fill={palette.raised} />
          </g>
        }
      />
      {/* Custom: a blank card waiting to be written */}
      <g>
        <rect x={cardX[3]} y={cardY} width={cardW} height={cardH} rx="14" fill={palette.panel} stroke={palette.mid} strokeDasharray="6 5" />
        <path d={`M${custom} ${middle - 18}v36M${custom - 18} ${middle}h36`} stroke={palette.soft} strokeWidth="3" strokeLinecap="round" />
      </g>

      {/* The selected playbook's steps */}
      <path d={`M${ceo} ${cardY + cardH}v22`} stroke={palette.alarm} strokeWidth="2" />
      <rect x="36" y="258" width="408" height="56" rx="16" fill={palette.card} stroke={palette.edge} />
      <circle cx="68" cy="286" r="16" fill={palette.alarm} />
      <path d="M63 278v16l13-8z" fill={palette.white} />
      <path d="M96 286H404" stroke={palette.edge} strokeWidth="3" strokeLinecap="round" />
      <path d="M96 286H246" stroke={palette.signal} strokeWidth="3" strokeLinecap="round" />
      <CheckBadge cx={146} cy={286} r={10} />
      <CheckBadge cx={246} cy={286} r={10} />
      <circle cx="336" cy="286" r="9" fill={palette.card} stroke={palette.alarm} strokeWidth="2.5" />
      <circle cx="412" cy="286" r="7" fill={palette.dim} />
    </IllustrationFrame>
  );
}
