import { Avatar, IllustrationFrame, TextLine, palette, type IllustrationProps } from "./shared";

const agent = { x: 70, y: 180 } as const;
const rows = [92, 180, 268] as const;
/** The branch the agent is following because of how the employee answered. */
const activeRow = 0;

/** An AI caller whose next line depends on the employee's answer: one branch live, the others untaken. */
export function AiAgentsIllustration(props: IllustrationProps) {
  return (
    <IllustrationFrame {...props}>
      {/* Branches from the agent to each possible answer */}
      {rows.map((y, i) => (
        <path
          key={`in-${y}`}
          d={`M${agent.x + 30} ${agent.y}C${agent.x + 62} ${agent.y} ${agent.x + 50} ${y} ${agent.x + 86} ${y}`}
          stroke={i === activeRow ? palette.alarm : palette.edge}
          strokeWidth={i === activeRow ? 2.5 : 2}
          strokeDasharray={i === activeRow ? undefined : "5 5"}
        />
      ))}

      {/* AI agent */}
      <circle cx={agent.x} cy={agent.y} r="40" fill={palette.alarm} opacity="0.12" />
      <circle cx={agent.x} cy={agent.y} r="30" fill={palette.alarm} />
      <g fill={palette.white}>
        {[-12, -4, 4, 12].map((dx, i) => {
          const h = [10, 22, 16, 8][i] ?? 10;
          return <rect key={dx} x={agent.x + dx - 2.5} y={agent.y - h / 2} width={5} height={h} rx={2.5} />;
        })}
      </g>

      {rows.map((y, i) => {
        const active = i === activeRow;
        return (
          <g key={y} opacity={active ? 1 : 0.55}>
            {/* Employee's answer */}
            <rect x="156" y={y - 26} width="146" height="52" rx="14" fill={palette.card} stroke={active ? palette.soft : palette.edge} />
            <Avatar cx={180} cy={y} r={13} tone="idle" />
            <TextLine x={202} y={y - 10} width={[84, 70, 78][i] ?? 70} colour={palette.mid} />
            <TextLine x={202} y={y + 4} width={[56, 64, 44][i] ?? 56} colour={palette.dim} />

            {/* Agent's adapted reply */}
            <path d={`M302 ${y}H330`} stroke={active ? palette.alarm : palette.edge} strokeWidth={active ? 2.5 : 2} strokeDasharray={active ? undefined : "5 5"} />
            <rect
              x="330"
              y={y - 26}
              width="118"
              height="52"
              rx="14"
              fill={active ? palette.alarm : palette.panel}
              fillOpacity={active ? 0.14 : 1}
              stroke={active ? palette.alarm : palette.edge}
              strokeDasharray={active ? undefined : "5 5"}
            />
            <TextLine x={346} y={y - 10} width={[78, 66, 72][i] ?? 70} colour={active ? palette.alarm : palette.dim} />
            <TextLine x={346} y={y + 4} width={[52, 44, 58][i] ?? 50} colour={active ? palette.light : palette.dim} />
          </g>
        );
      })}
    </IllustrationFrame>
  );
}
