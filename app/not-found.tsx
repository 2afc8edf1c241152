import Link from "next/link";
import type { Metadata } from "next";
import { Header } from "@/components/layout/header";
import { Footer } from "@/components/layout/footer";
import { NotFoundLogger } from "@/components/errors/not-found-logger";
import { buttonStyles } from "@/components/ui/button-styles";

export const metadata: Metadata = {
  title: "Page not found",
  robots: { index: false, follow: true },
};

export default function NotFound() {
  return (
    <>
      <Header tone="dark" />
      <main id="main" tabIndex={-1} className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-5 py-24 text-center outline-none">
        <p className="text-8xl font-bold tracking-tight text-alarm" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">
          <span className="sr-only">404: </span>Oops! Page not found
        </h1>
        <p className="mt-4 max-w-md leading-7 text-neutral-300">The page you were looking for does not exist or has moved.</p>
        <Link href="/" className={`mt-8 ${buttonStyles.primary}`}>
          Return to Home
        </Link>
      </main>
      <Footer />
      <NotFoundLogger />
    </>
  );
}
