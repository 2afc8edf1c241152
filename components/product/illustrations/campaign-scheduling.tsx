import { Avatar, Handset, IllustrationFrame, TextLine, palette, type IllustrationProps } from "./shared";

type Tone = "alarm" | "signal" | "idle";

/** Call state of each employee in the 4 x 4 grid: answered (green), ringing (red), queued (grey). */
const grid: readonly (readonly Tone[])[] = [
  ["signal", "alarm", "signal", "idle"],
  ["alarm", "signal", "alarm", "signal"],
  ["signal", "idle", "signal", "alarm"],
  ["idle", "signal", "alarm", "signal"],
];

const colX = [300, 346, 392, 438] as const;
const rowY = [84, 148, 212, 276] as const;
const hub = { x: 226, y: 180 } as const;

/** Calendar with the campaign day marked, a dialler hub and a grid of employees being called at once. */
export function CampaignSchedulingIllustration(props: IllustrationProps) {
  return (
    <IllustrationFrame {...props}>
      {/* Calendar */}
      <rect x="32" y="80" width="148" height="152" rx="14" fill={palette.card} stroke={palette.edge} />
      <path d="M32 94a14 14 0 0 1 14-14h120a14 14 0 0 1 14 14v14H32z" fill={palette.raised} />
      <rect x="60" y="70" width="6" height="20" rx="3" fill={palette.soft} />
      <rect x="146" y="70" width="6" height="20" rx="3" fill={palette.soft} />
      <TextLine x={48} y={91} width={56} colour={palette.mid} />
      {[0, 1, 2, 3].map((row) =>
        [0, 1, 2, 3, 4].map((col) => {
          const active = row === 1 && col === 3;
          const repeat = row === 3 && col === 3;
          return (
            <rect
              key={`${row}-${col}`}
              x={46 + col * 25}
              y={122 + row * 25}
              width={19}
              height={19}
              rx={5}
              fill={active ? palette.alarm : palette.raised}
              stroke={repeat ? palette.alarm : undefined}
              strokeDasharray={repeat ? "3 2" : undefined}
            />
          );
        }),
      )}
      {/* Recurrence arrow under the calendar */}
      <g stroke={palette.soft} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M92 268a18 18 0 0 1 32-8" />
        <path d="M126 250v10h-10" />
        <path d="M124 276a18 18 0 0 1-32 8" />
        <path d="M90 294v-10h10" />
      </g>

      {/* Calendar to hub */}
      <path d={`M180 156C200 156 200 ${hub.y} ${hub.x - 24} ${hub.y}`} stroke={palette.alarm} strokeWidth="2.5" />

      {/* Hub to each row of employees */}
      {rowY.map((y) => (
        <path
          key={y}
          d={`M${hub.x + 24} ${hub.y}C${hub.x + 44} ${hub.y} ${colX[0] - 44} ${y} ${colX[0] - 18} ${y}`}
          stroke={palette.edge}
          strokeWidth="2"
        />
      ))}
      {rowY.map((y) => (
        <path key={`row-${y}`} d={`M${colX[0] + 17} ${y}H${colX[3] - 17}`} stroke={palette.line} strokeWidth="2" strokeDasharray="2 4" />
      ))}

      {/* Dialler hub */}
      <circle cx={hub.x} cy={hub.y} r="34" fill={palette.alarm} opacity="0.15" />
      <circle cx={hub.x} cy={hub.y} r="24" fill={palette.alarm} />
      <Handset cx={hub.x} cy={hub.y + 2} scale={0.95} />

      {/* Employees */}
      {grid.map((row, r) =>
        row.map((tone, c) => {
          const cx = colX[c] ?? 0;
          const cy = rowY[r] ?? 0;
          return (
            <g key={`${r}-${c}`}>
              {tone === "alarm" && (
                <circle cx={cx} cy={cy} r="21" stroke={palette.alarm} strokeOpacity="0.45" strokeWidth="1.5" />
              )}
              <Avatar cx={cx} cy={cy} tone={tone} />
            </g>
          );
        }),
      )}
    </IllustrationFrame>
  );
}
