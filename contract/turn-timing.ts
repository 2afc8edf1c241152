/**
 * How long a call waits on a silent visitor, read alike by the local agent (agent/src/server/
 * timings.ts), the double of the service (testkit/fakes/elevenlabs-service) and the production
 * callers' config (elevenlabs/, written by scripts/agents as `conversation_config.turn`).
 * Seconds, as ElevenLabs' agent settings count them (BaseTurnConfig in @elevenlabs/elevenlabs-js).
 */

/**
 * After the caller's line has played, the visitor's silence lasts this long before the caller
 * speaks again in its own words. ElevenLabs' default `turn_timeout` (its CLI's agent template;
 * the service accepts 1 to 30).
 */
export const TURN_TIMEOUT_SECONDS = 7;

/**
 * Since the visitor last spoke (or typed), this long ends the call: the caller's closing line,
 * the debrief, then the close with `closes.silence`. ElevenLabs' `silence_end_call_timeout`
 * defaults to -1 (never); a training call nobody is on should not run to its time limit, so the
 * production callers are given this value too: about three re-prompts.
 */
export const SILENCE_END_CALL_TIMEOUT_SECONDS = 30;

/** `conversation_config.turn` as the production callers are pushed with it (no `initial_wait_time`: the callers always speak first). */
export const productionTurnConfig = {
  turn_timeout: TURN_TIMEOUT_SECONDS,
  silence_end_call_timeout: SILENCE_END_CALL_TIMEOUT_SECONDS,
} as const;
