import { CheckBadge, IllustrationFrame, TextLine, Waveform, palette, type IllustrationProps } from "./shared";

const micWave = [0.3, 0.55, 0.8, 0.5, 1, 0.7, 0.4, 0.6, 0.35] as const;

/** A browser tab where an employee talks to an AI coach: the coach's reply, a check, and a live microphone. */
export function AiCoachingIllustration(props: IllustrationProps) {
  return (
    <IllustrationFrame {...props}>
      {/* Browser window */}
      <rect x="36" y="36" width="408" height="288" rx="16" fill={palette.card} stroke={palette.edge} />
      <path d="M36 52a16 16 0 0 1 16-16h376a16 16 0 0 1 16 16v16H36z" fill={palette.raised} />
      {[56, 72, 88].map((cx) => (
        <circle key={cx} cx={cx} cy={52} r={4.5} fill={palette.dim} />
      ))}
      <rect x="114" y="44" width="250" height="16" rx="8" fill={palette.card} />
      <circle cx="126" cy="52" r="3.5" fill={palette.signal} />

      {/* AI coach, speaking */}
      <circle cx="104" cy="140" r="44" stroke={palette.signal} strokeOpacity="0.25" strokeWidth="2" />
      <circle cx="104" cy="140" r="34" fill={palette.raised} stroke={palette.signal} strokeWidth="2.5" />
      <g fill={palette.signal}>
        <rect x="89" y="131" width="5" height="18" rx="2.5" />
        <rect x="98" y="124" width="5" height="32" rx="2.5" />
        <rect x="107" y="128" width="5" height="24" rx="2.5" />
        <rect x="116" y="134" width="5" height="12" rx="2.5" />
      </g>

      {/* Coach's feedback */}
      <path d="M164 96h244a12 12 0 0 1 12 12v40a12 12 0 0 1-12 12H176l-16 10 4-14z" fill={palette.raised} />
      <CheckBadge cx={190} cy={128} r={12} />
      <TextLine x={212} y={114} width={150} colour={palette.light} />
      <TextLine x={212} y={128} width={176} colour={palette.mid} />
      <TextLine x={212} y={142} width={118} colour={palette.mid} />

      {/* Employee's answer */}
      <path d="M228 180h172a12 12 0 0 1 12 12v18a12 12 0 0 1-12 12H240a12 12 0 0 1-12-12z" fill={palette.panel} stroke={palette.edge} />
      <TextLine x={246} y={193} width={132} colour={palette.soft} />
      <TextLine x={246} y={207} width={92} colour={palette.dim} />

      {/* Microphone and live waveform */}
      <path d="M60 248H420" stroke={palette.line} />
      <Waveform x0={96} cy={284} heights={micWave} maxHeight={30} step={11} colour={palette.mid} />
      <Waveform x0={286} cy={284} heights={[...micWave].reverse()} maxHeight={30} step={11} colour={palette.mid} />
      <circle cx="240" cy="284" r="30" fill={palette.alarm} opacity="0.18" />
      <circle cx="240" cy="284" r="22" fill={palette.alarm} />
      <rect x="234" y="270" width="12" height="18" rx="6" fill={palette.white} />
      <path d="M228 283a12 12 0 0 0 24 0M240 295v5" stroke={palette.white} strokeWidth="2.5" strokeLinecap="round" />
    </IllustrationFrame>
  );
}
