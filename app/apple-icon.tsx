import { ImageResponse } from "next/og";

// A file at build time, so the static export has it too.
export const dynamic = "force-static";
export const size = { width: 180, height: 180 };
export const contentType = "image/png";

const bars = [
  { x: 34, y: 73, h: 34, color: "#fafafa" },
  { x: 62, y: 51, h: 78, color: "#fafafa" },
  { x: 81, y: 84, h: 45, color: "#f43f5e" },
  { x: 101, y: 51, h: 78, color: "#fafafa" },
  { x: 129, y: 73, h: 34, color: "#fafafa" },
];

export default function AppleIcon() {
  return new ImageResponse(
    (
      <div style={{ display: "flex", width: "100%", height: "100%", background: "#0a0a0a", position: "relative" }}>
        {bars.map((bar) => (
          <div key={bar.x} style={{ position: "absolute", left: bar.x, top: bar.y, width: 17, height: bar.h, borderRadius: 9, background: bar.color }} />
        ))}
      </div>
    ),
    size,
  );
}
