import type { ComponentType } from "react";
import type { FeatureId } from "@/content/product";
import type { IllustrationProps } from "./shared";
import { CampaignSchedulingIllustration } from "./campaign-scheduling";
import { VoiceCloningIllustration } from "./voice-cloning";
import { AiAgentsIllustration } from "./ai-agents";
import { PlaybooksIllustration } from "./playbooks";
import { AiCoachingIllustration } from "./ai-coaching";
import { ReportingIllustration } from "./reporting";

/**
 * One original illustration per feature; the Record type makes a missing one a compile error.
 * scripts/build/render-illustrations.tsx renders them to static files before every build; the page
 * shows those files as images (illustrationPath).
 */
export const featureIllustrations: Record<FeatureId, ComponentType<IllustrationProps>> = {
  "campaign-scheduling": CampaignSchedulingIllustration,
  "voice-cloning": VoiceCloningIllustration,
  "ai-agents": AiAgentsIllustration,
  playbooks: PlaybooksIllustration,
  "ai-coaching": AiCoachingIllustration,
  reporting: ReportingIllustration,
};

export type { IllustrationProps } from "./shared";
export { illustrationSize } from "./shared";

/** Where the rendered illustration of a feature is served from. */
export const illustrationPath = (id: FeatureId) => `/illustrations/${id}.svg`;
