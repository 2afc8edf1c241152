import { Avatar, CheckBadge, IllustrationFrame, TextLine, Waveform, palette, voiceEnvelope, type IllustrationProps } from "./shared";

const waveStep = 11;

/** A tie on the avatar's shirt front: marks the speaker as an executive. */
function Tie({ cx, cy }: { cx: number; cy: number }) {
  return (
    <g fill={palette.alarm}>
      <path d={`M${cx - 3.5} ${cy + 7}h7l-1.5 4h-4z`} />
      <path d={`M${cx - 2} ${cy + 12}h4l3 9-5 4.5-5-4.5z`} />
    </g>
  );
}
const waveX = 138;

/** An executive's voice on top, its clone below with the same envelope, joined by a consent check. */
export function VoiceCloningIllustration(props: IllustrationProps) {
  return (
    <IllustrationFrame {...props}>
      {/* Original speaker */}
      <rect x="32" y="40" width="416" height="112" rx="18" fill={palette.card} stroke={palette.edge} />
      <Avatar cx={84} cy={96} r={28} tone="idle" />
      <Tie cx={84} cy={96} />
      <Waveform x0={waveX} cy={96} heights={voiceEnvelope} maxHeight={64} step={waveStep} colour={palette.light} />

      {/* Cloning step */}
      <path d="M240 152v52" stroke={palette.alarm} strokeWidth="2.5" strokeDasharray="5 5" />
      <path d="M230 192l10 12 10-12" stroke={palette.alarm} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />

      {/* Consent: a signed authorisation */}
      <rect x="58" y="162" width="116" height="36" rx="10" fill={palette.raised} />
      <CheckBadge cx={78} cy={180} r={11} />
      <TextLine x={96} y={171} width={62} colour={palette.mid} />
      <path d="M96 190c6-6 10 4 16-2s9 3 15-1 8 2 14-1" stroke={palette.soft} strokeWidth="2" strokeLinecap="round" />

      {/* Prebuilt voice library */}
      <g>
        <rect x="296" y="162" width="126" height="36" rx="10" fill={palette.raised} />
        {[318, 344, 370, 396].map((cx, i) => (
          <circle key={cx} cx={cx} cy={180} r={9} fill={i === 1 ? palette.alarm : palette.dim} stroke={palette.panel} strokeWidth="2" />
        ))}
      </g>

      {/* Clone */}
      <rect x="32" y="208" width="416" height="112" rx="18" fill={palette.card} stroke={palette.alarm} strokeOpacity="0.6" />
      <Avatar cx={84} cy={264} r={28} tone="alarm" dashed />
      <Tie cx={84} cy={264} />
      <Waveform x0={waveX} cy={264} heights={voiceEnvelope} maxHeight={64} step={waveStep} colour={palette.alarm} />
    </IllustrationFrame>
  );
}
