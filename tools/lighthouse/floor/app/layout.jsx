// The framework's floor for the Lighthouse gate (scripts/quality/lighthouse-floor.ts): the least an
// App Router page ships. JSX rather than TSX so that Next.js sets up no TypeScript here and the
// site's tsconfig leaves it alone.
export const metadata = { title: "Floor", description: "A bare Next.js page." };

export default function Layout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
