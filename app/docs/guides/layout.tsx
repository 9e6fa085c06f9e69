import type { ReactNode } from "react";
import { listGuides } from "@/lib/docs/guides";
import { GuideNav } from "./guide-nav";

// The guides: their list beside the one being read (above it on a narrow screen).
export default async function GuidesLayout({ children }: { children: ReactNode }) {
  const guides = await listGuides();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 md:flex-row md:gap-10 md:py-10">
      <GuideNav guides={guides.map(({ slug, title }) => ({ slug, title }))} />
      <main id="content" className="min-w-0 flex-1">
        {children}
      </main>
    </div>
  );
}
