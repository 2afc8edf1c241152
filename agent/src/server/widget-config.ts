/**
 * What ElevenLabs' own widget (`<elevenlabs-convai>`, convai-widget-core) fetches before it
 * shows anything: `GET /v1/convai/agents/{agent_id}/widget[?conversation_signature=]`, answered
 * with `{ agent_id, widget_config }` (docs/protocol.md §4.4). The widget asks ElevenLabs' API for it
 * (its address is built into the widget), so a page that runs the widget against this agent
 * fetches it from here and hands it to the widget's `override-config` attribute; see the
 * README, "ElevenLabs' widget".
 *
 * The settings are what this agent can do: voice or typed, a transcript, typed input, the
 * caller's opening as the first message (the widget shows its own copy of it in a typed
 * conversation), no terms dialog, and no end-of-call rating, which the widget would post to
 * ElevenLabs' API.
 */
/** A plain circle (SVG, inline), so the widget loads nothing from elsewhere. */
const callerAvatar = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><circle cx="18" cy="18" r="18" fill="#e11d48"/></svg>')}`;

export type AgentWidgetConfig = {
  readonly agent_id: string;
  readonly widget_config: Record<string, unknown>;
};

export function widgetConfigFor(agentId: string, firstMessage: string): AgentWidgetConfig {
  return {
    agent_id: agentId,
    widget_config: {
      variant: "full",
      placement: "bottom-right",
      // An image inline: the orb would fetch its texture from ElevenLabs' storage.
      avatar: { type: "image", url: callerAvatar },
      feedback_mode: "none",
      language: "en",
      mic_muting_enabled: true,
      transcript_enabled: true,
      text_input_enabled: true,
      default_expanded: false,
      always_expanded: false,
      dismissible: false,
      text_contents: {},
      language_presets: {},
      disable_banner: true,
      text_only: false,
      supports_text_only: true,
      first_message: firstMessage,
      use_rtc: false,
      terms_html: null,
      terms_text: null,
    },
  };
}
