import type { ReactNode } from "react";
import { Header } from "@/components/layout/header";
import { Footer } from "@/components/layout/footer";

/** The blog reads best as dark text on white, so its navigation text is black (per the spec). */
export default function BlogLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <div className="surface-light bg-white text-ink">
        <Header tone="light" />
        <main id="main" tabIndex={-1} className="outline-none">
          {children}
        </main>
      </div>
      <Footer />
    </>
  );
}
