/**
 * The limits the site's widget and the local agent both enforce. The production agents on
 * ElevenLabs take their maximum duration from here (elevenlabs/, written by scripts/agents).
 */

/** The call's time limit by default: the agent ends the call there (AGENT_MAX_CALL_SECONDS), the widget counts down to it (NEXT_PUBLIC_CALL_LIMIT_SECONDS). */
export const DEFAULT_CALL_LIMIT_SECONDS = 180;

/** The longest typed reply the widget lets a visitor send: longer than anyone says in one turn, and it keeps a pasted essay off the wire. */
export const TYPED_REPLY_MAX_CHARS = 500;

/** The longest typed message the agent answers: above the widget's cap, because other clients (ElevenLabs' own widget) have none. */
export const AGENT_TYPED_MESSAGE_MAX_CHARS = 1_000;
