import { Avatar, IllustrationFrame, TextLine, palette, type IllustrationProps } from "./shared";

/** Risk per campaign over time, falling as training takes hold (chart y coordinates). */
const riskPoints = [
  [56, 78],
  [92, 92],
  [128, 86],
  [164, 112],
  [200, 120],
  [236, 138],
  [272, 146],
] as const;

const radius = 38;
const circumference = 2 * Math.PI * radius;
/** Share of call outcomes: reported (green), ended without harm (grey), fell for the pretext (red). */
const outcomes = [
  { share: 0.56, colour: palette.signal },
  { share: 0.26, colour: palette.mid },
  { share: 0.18, colour: palette.alarm },
] as const;

/** Each outcome as a dash on the ring, starting where the previous one ended (3px gap between). */
const segments = outcomes.map(({ share, colour }, index) => {
  const start = outcomes.slice(0, index).reduce((sum, outcome) => sum + outcome.share, 0) * circumference;
  const length = share * circumference;
  return { colour, dash: `${Math.max(length - 3, 0)} ${circumference}`, offset: -start };
});

/** Individual performance rows: score out of 1 and whether the person is currently at risk. */
const people = [
  { score: 0.86, tone: "signal" },
  { score: 0.34, tone: "alarm" },
  { score: 0.64, tone: "signal" },
] as const;

/** A dashboard: falling risk trend, outcome breakdown and individual performance rows. */
export function ReportingIllustration(props: IllustrationProps) {
  const line = riskPoints.map(([x, y]) => `${x},${y}`).join(" ");
  const area = `M56 164L${riskPoints.map(([x, y]) => `${x} ${y}`).join("L")}L272 164z`;
  return (
    <IllustrationFrame {...props}>
      {/* Risk over time */}
      <rect x="32" y="32" width="264" height="164" rx="16" fill={palette.card} stroke={palette.edge} />
      <TextLine x={48} y={46} width={72} colour={palette.mid} />
      {[84, 114, 144].map((y) => (
        <path key={y} d={`M48 ${y}H280`} stroke={palette.line} strokeDasharray="3 5" />
      ))}
      <path d="M48 164H280" stroke={palette.edge} />
      <path d={area} fill={palette.alarm} fillOpacity="0.12" />
      <polyline points={line} stroke={palette.alarm} strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" />
      {riskPoints.slice(0, -1).map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="3.5" fill={palette.card} stroke={palette.alarm} strokeWidth="2" />
      ))}
      <circle cx="272" cy="146" r="6" fill={palette.signal} stroke={palette.card} strokeWidth="2" />

      {/* Outcomes */}
      <rect x="312" y="32" width="136" height="164" rx="16" fill={palette.card} stroke={palette.edge} />
      <TextLine x={328} y={46} width={56} colour={palette.mid} />
      <g transform="rotate(-90 380 124)">
        {segments.map(({ colour, dash, offset }) => (
          <circle key={colour} cx="380" cy="124" r={radius} stroke={colour} strokeWidth="14" strokeDasharray={dash} strokeDashoffset={offset} />
        ))}
      </g>

      {/* Individual performance */}
      <rect x="32" y="212" width="416" height="116" rx="16" fill={palette.card} stroke={palette.edge} />
      {people.map(({ score, tone }, i) => {
        const y = 238 + i * 32;
        return (
          <g key={y}>
            <Avatar cx={58} cy={y} r={11} tone={tone} />
            <TextLine x={80} y={y - 3} width={[70, 58, 64][i] ?? 60} colour={palette.mid} />
            <rect x="172" y={y - 4} width="200" height="8" rx="4" fill={palette.raised} />
            <rect x="172" y={y - 4} width={200 * score} height="8" rx="4" fill={tone === "alarm" ? palette.alarm : palette.signal} />
            <TextLine x={392} y={y - 3} width={40} colour={palette.dim} />
          </g>
        );
      })}
    </IllustrationFrame>
  );
}
