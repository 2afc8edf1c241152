/** The header sits on dark heroes everywhere except the blog, whose light page needs black text. */
export type HeaderTone = "dark" | "light";

export const headerToneStyles: Record<HeaderTone, { text: string; book: string; access: string; icon: string }> = {
  dark: {
    text: "text-white",
    book: "border border-white/40 text-white hover:border-white hover:bg-white/10",
    access: "bg-white text-ink hover:bg-neutral-200",
    icon: "text-neutral-200 hover:text-white hover:bg-white/10",
  },
  light: {
    text: "text-ink",
    book: "border border-ink/30 text-ink hover:border-ink hover:bg-ink/5",
    access: "bg-ink text-white hover:bg-neutral-800",
    icon: "text-neutral-800 hover:text-ink hover:bg-ink/5",
  },
};
